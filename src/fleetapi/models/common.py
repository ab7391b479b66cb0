"""Objects used across areas: locations, bounds, points."""

from __future__ import annotations

from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "AVATAR_TYPES",
    "Bounds",
    "LatLng",
    "Location",
    "MapFileFormat",
    "PlaceLabel",
    "TaskStatus",
    "TaskType",
    "ZoneLabel",
]

MapFileFormat = Literal["kml", "kmz"]
"""The file formats of map data (a track, zones): KML, or KMZ (the document zipped)."""

TaskStatus = Literal["unassigned", "assigned", "done", "failed", "delayed", "arrived", "faulty"]
"""Active states: ``unassigned``, ``assigned``, ``arrived``; the others are end states."""

TaskType = Literal["task", "route", "checkpoint"]
"""The kinds ``task/list`` lists: plain tasks, routes and route checkpoints."""

AVATAR_TYPES: Final = ("image/jpeg", "image/pjpeg", "image/png", "image/gif", "image/webp")
"""The image types an avatar (a tag's, a tracker's) may be (234 for others)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LatLng:
    """A bare coordinate pair."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    """Latitude in degrees (north positive)."""
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    """Longitude in degrees (east positive)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Bounds:
    """A rectangle given by its north-west and south-east corners."""

    nw: LatLng
    se: LatLng


@attrs.frozen(kw_only=True, weakref_slot=False)
class Location:
    """A point with an optional address and a radius (zones) or precision (check-ins)."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    address: str | Unset = UNSET
    radius: int | Unset = UNSET
    """Zone radius in meters (tasks, departments, garages, lookups)."""
    precision: int | Unset = UNSET
    """Precision in meters (check-in locations)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceLabel:
    """A place's ID and label (what ``place/search_location`` answers)."""

    id: int
    label: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneLabel:
    """A zone's ID and label (what ``zone/search_location`` answers)."""

    id: int
    label: str
