"""Forward and reverse geocoding."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
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
        "The mock answers from its world's gazetteer: `geocoder` and `lang` change nothing there."
    ),
    decisions=(
        Decision(
            "Geocoder `q`",
            "An address or place as text, or a location (`{lat, lng}`, or two decimal numbers "
            'as text: a reverse lookup). A reverse lookup (`"37.825014,-122.372020"`) answers '
            "one result; coordinates out of range answer 7 naming `q`.",
        ),
        Decision(
            "Forward matching",
            "Case- and accent-insensitive (`ß` matches `ss`, `ü` matches `u`); every word of "
            "`q` must occur in the address or its details. Ranking: the exact address, then "
            "addresses starting with the query's words, then entries holding every word, then "
            "words starting with them, then the rest; ties keep the gazetteer's order. At most "
            "10 results.",
        ),
        Decision("`bounds`", "Results inside the box go first; nothing is filtered out."),
        Decision(
            "No match",
            "An empty `locations` list (210 is for coordinates nothing is near).",
        ),
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
        "Code 210 (from the service notes) when no address is known for the point (the mock: "
        "no gazetteer entry within 1 km)."
    ),
    decisions=(
        Decision(
            "`goal` of `search_location`",
            "Required, as in the spec; it changes nothing in the mock. `ui_user_action` is for "
            "lookups a person asked for, `ui` for the others.",
        ),
    ),
)

ENDPOINTS = (GEOCODER_SEARCH_ADDRESS, GEOCODER_SEARCH_LOCATION)
