"""The world's gazetteer: forward search and the nearest address (shared by the geocoder,
task batches and anything that names a point).

A forward search matches text case- and accent-insensitively: every word of the query must
occur in the entry's address or details. Results rank an exact address first, then addresses
that start with the query's words, then entries holding every query word as a word, then as
the start of a word, then the rest; entries inside ``bounds`` go before those outside, and
the gazetteer's order breaks ties; at most :data:`MAX_RESULTS`. The nearest address is the
nearest entry within :data:`REVERSE_RADIUS_M` meters.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from gpxpy.geo import haversine_distance

from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Bounds
from fleetapi.models.geocoder import (
    GeocodedLocation,
)
from fleetapi_mock.state.world import World

__all__ = ["MAX_RESULTS", "REVERSE_RADIUS_M", "nearest_address", "search"]


MAX_RESULTS = 10
"""A forward search answers at most this many locations."""


REVERSE_RADIUS_M = 1000.0
"""A reverse lookup finds the nearest gazetteer entry within this many meters."""


_WORD = re.compile(r"\w+")


@functools.lru_cache(maxsize=8192)
def _fold(text: str) -> str:
    """Text for matching: case-folded (``ß`` is ``ss``), accents dropped (remembered: the
    gazetteer's entries are folded again for every search)."""
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


def _rank(words: list[str], entry: GeocodedLocation) -> int | None:
    """How well ``entry`` matches the query's ``words`` (folded; lower is better), or ``None``
    when it does not."""
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
    words = _WORD.findall(_fold(query))
    for index, entry in enumerate(world.gazetteer):
        rank = _rank(words, entry)
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
