"""Forward and reverse geocoding."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.geocoder import (
    GeocodedAddress,
    GeocodedLocation,
    GeocoderSearchAddressParams,
    GeocoderSearchLocationParams,
)

GEOCODER_SEARCH_ADDRESS = Endpoint(
    path="geocoder/search_address",
    params=GeocoderSearchAddressParams,
    result=Result.field("locations", list[GeocodedLocation]),
    summary="Find the locations matching an address, a place or coordinates, best first.",
    errors=(210,),
    safe=True,
    notes=(
        "`q` is an address or place as text, or a location: a `{lat, lng}` object or two decimal "
        'numbers as text (`"37.825014,-122.372020"`), which is a reverse lookup returning one '
        "result. "
        "No match gives an empty `locations` list; code 210 (no location matched, from the "
        "service notes) answers a coordinate query the geocoder cannot place. Coordinates out "
        "of range answer 7 naming `q`. The mock answers from its world's gazetteer: "
        "`geocoder` and `lang` change nothing there."
    ),
)
GEOCODER_SEARCH_LOCATION = Endpoint(
    path="geocoder/search_location",
    params=GeocoderSearchLocationParams,
    result=Result.body(GeocodedAddress),
    summary="Find the address of a point (reverse geocoding).",
    errors=(210,),
    safe=True,
    notes=(
        "`goal` is required, as in the spec: `ui_user_action` for lookups a person asked for, "
        "`ui` otherwise. Code 210 (from the service notes) when no address is known for the "
        "point (the mock: no gazetteer entry within 1 km)."
    ),
)

ENDPOINTS = (GEOCODER_SEARCH_ADDRESS, GEOCODER_SEARCH_LOCATION)
