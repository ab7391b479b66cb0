"""Addresses and places found by an offline gazetteer.

The world's ``gazetteer`` (a list of the API's geocoded locations, with their details) stands
in for every geocoding provider: the ``geocoder`` a request prefers and the ``lang`` it asks
for change nothing, and the answers are deterministic.

- A forward search matches text case- and accent-insensitively: every word of the query must
  occur in the entry's address or details. Results rank an exact address first, then addresses
  that start with the query's words, then entries holding every query word as a word, then as
  the start of a word, then the rest; entries inside ``bounds`` go before those outside, and
  the gazetteer's order breaks ties; at most :data:`MAX_RESULTS`.
- A query of two decimal numbers (``"52.5163,13.3777"``) or a ``{lat, lng}`` object is a
  reverse lookup answering one result, like ``search_location``: the nearest entry within
  :data:`REVERSE_RADIUS_M` meters, else 210.

The gazetteer itself (search and nearest address) is :mod:`fleetapi_mock.domain.gazetteer`.
"""

from __future__ import annotations

import re

import attrs

from fleetapi._errors import GeocodingFailedError, InvalidParametersError
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.geocoder import GEOCODER_SEARCH_ADDRESS, GEOCODER_SEARCH_LOCATION
from fleetapi.models.common import LatLng
from fleetapi.models.geocoder import (
    GeocodedAddress,
    GeocodedLocation,
    GeocoderSearchAddressParams,
    GeocoderSearchLocationParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.gazetteer import REVERSE_RADIUS_M, nearest_address, search
from fleetapi_mock.handlers import handles

_COORDINATES = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$")


def _answer(entry: GeocodedLocation, with_details: bool | Unset) -> GeocodedLocation:
    return entry if with_details is True else attrs.evolve(entry, details=UNSET)


def _point(q: str | LatLng) -> LatLng | None:
    """The point of a reverse-lookup query, or ``None`` for an address query."""
    if isinstance(q, LatLng):
        return q
    match = _COORDINATES.match(q)
    if match is None:
        return None
    lat, lng = float(match.group(1)), float(match.group(2))
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        raise InvalidParametersError(
            errors=[{"parameter": "q", "error": "coordinates out of range"}]
        )
    return LatLng(lat=lat, lng=lng)


def _reverse(ctx: Context, point: LatLng) -> GeocodedLocation:
    entry = nearest_address(ctx.world, point.lat, point.lng)
    if entry is None:
        raise GeocodingFailedError(
            f"no address within {REVERSE_RADIUS_M:g} m of {point.lat},{point.lng}"
        )
    return entry


@handles(GEOCODER_SEARCH_ADDRESS)
def search_address(ctx: Context, params: GeocoderSearchAddressParams) -> list[GeocodedLocation]:
    """Forward search over the gazetteer, or a reverse lookup for coordinates.

    The search is case- and accent-insensitive, best first, matches within ``bounds`` first, at
    most 10 results. Coordinates (``"lat,lng"`` or an object) are a reverse lookup answering
    one result, or 210 when nothing is near. See [Decisions](decisions.md#geocoder).
    """
    point = _point(params.q)
    if point is not None:
        return [_answer(_reverse(ctx, point), params.with_details)]
    assert isinstance(params.q, str)
    return [_answer(e, params.with_details) for e in search(ctx.world, params.q, params.bounds)]


@handles(GEOCODER_SEARCH_LOCATION)
def search_location(ctx: Context, params: GeocoderSearchLocationParams) -> GeocodedAddress:
    """The address of the nearest gazetteer entry (210 when none is within the radius).

    The radius is 1 km; ``details`` are answered when asked.
    ``fleetapi_mock.domain.gazetteer.nearest_address(world, lat, lng)`` gives other handlers
    the same answer.
    """
    entry = _reverse(ctx, params.location)
    details = entry.details if params.with_details is True else UNSET
    return GeocodedAddress(value=entry.address, details=details)
