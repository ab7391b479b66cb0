"""A behaviour-complete in-memory stand-in for the fleet API."""
