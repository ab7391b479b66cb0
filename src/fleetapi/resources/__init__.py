"""Typed resource classes of the clients (generated; see scripts/generate.py)."""
