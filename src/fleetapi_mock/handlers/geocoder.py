"""``geocoder/search_address`` and ``geocoder/search_location``: an offline gazetteer.

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

Other handlers may use :func:`nearest_address` to name a point.
"""

from __future__ import annotations

import re
import unicodedata

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._errors import GeocodingFailedError, InvalidParametersError
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.geocoder import GEOCODER_SEARCH_ADDRESS, GEOCODER_SEARCH_LOCATION
from fleetapi.models.common import Bounds, LatLng
from fleetapi.models.geocoder import (
    GeocodedAddress,
    GeocodedLocation,
    GeocoderSearchAddressParams,
    GeocoderSearchLocationParams,
)
from fleetapi_mock.handlers import Context, handles
from fleetapi_mock.world import World

__all__ = ["MAX_RESULTS", "REVERSE_RADIUS_M", "nearest_address", "search"]

MAX_RESULTS = 10
"""A forward search answers at most this many locations."""

REVERSE_RADIUS_M = 1000.0
"""A reverse lookup finds the nearest gazetteer entry within this many meters."""

_COORDINATES = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$")
_WORD = re.compile(r"\w+")


def _fold(text: str) -> str:
    """Text for matching: case-folded (``ß`` is ``ss``), accents dropped."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _searchable(entry: GeocodedLocation) -> str:
    parts = [entry.address]
    details = entry.details
    if not isinstance(details, Unset):
        for value in (
            details.country,
            details.province,
            details.locality,
            details.street,
            details.house,
            details.postcode,
        ):
            if isinstance(value, str):
                parts.append(value)
    return _fold(" ".join(parts))


def _rank(query: str, entry: GeocodedLocation) -> int | None:
    """How well ``entry`` matches ``query`` (lower is better), or ``None`` when it does not."""
    words = _WORD.findall(_fold(query))
    text = _searchable(entry)
    if not words or not all(w in text for w in words):
        return None
    address = " ".join(_WORD.findall(_fold(entry.address)))
    wanted = " ".join(words)
    if address == wanted:
        return 0
    if address.startswith(wanted + " "):
        return 1
    known = _WORD.findall(text)
    if all(w in known for w in words):
        return 2
    return 3 if all(any(k.startswith(w) for k in known) for w in words) else 4


def _inside(bounds: Bounds, lat: float, lng: float) -> bool:
    south, north = sorted((bounds.se.lat, bounds.nw.lat))
    west, east = bounds.nw.lng, bounds.se.lng
    in_lng = west <= lng <= east if west <= east else (lng >= west or lng <= east)
    return south <= lat <= north and in_lng


def search(world: World, query: str, bounds: Bounds | Unset = UNSET) -> list[GeocodedLocation]:
    """The gazetteer entries matching ``query``, best first (see the module's rules)."""
    ranked: list[tuple[bool, int, int, GeocodedLocation]] = []
    for index, entry in enumerate(world.gazetteer):
        rank = _rank(query, entry)
        if rank is None:
            continue
        outside = isinstance(bounds, Bounds) and not _inside(bounds, entry.lat, entry.lng)
        ranked.append((outside, rank, index, entry))
    ranked.sort(key=lambda item: item[:3])
    return [entry for *_, entry in ranked[:MAX_RESULTS]]


def nearest_address(
    world: World, lat: float, lng: float, radius: float = REVERSE_RADIUS_M
) -> GeocodedLocation | None:
    """The gazetteer entry nearest to ``(lat, lng)`` within ``radius`` meters, if any."""
    best: tuple[float, GeocodedLocation] | None = None
    for entry in world.gazetteer:
        distance = haversine_distance(lat, lng, entry.lat, entry.lng)
        if distance <= radius and (best is None or distance < best[0]):
            best = (distance, entry)
    return best[1] if best else None


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
    """Forward search over the gazetteer, or a reverse lookup for coordinates (210 when
    nothing is near)."""
    point = _point(params.q)
    if point is not None:
        return [_answer(_reverse(ctx, point), params.with_details)]
    assert isinstance(params.q, str)
    return [_answer(e, params.with_details) for e in search(ctx.world, params.q, params.bounds)]


@handles(GEOCODER_SEARCH_LOCATION)
def search_location(ctx: Context, params: GeocoderSearchLocationParams) -> GeocodedAddress:
    """The address of the nearest gazetteer entry (210 when none is within the radius)."""
    entry = _reverse(ctx, params.location)
    details = entry.details if params.with_details is True else UNSET
    return GeocodedAddress(value=entry.address, details=details)
