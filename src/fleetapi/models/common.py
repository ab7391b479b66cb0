"""Objects used across areas: locations, bounds, points."""

from __future__ import annotations

from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "AVATAR_TYPES",
    "CLOCK_PATTERN",
    "MAX_DESCRIPTION",
    "MAX_LABEL",
    "Bounds",
    "LatLng",
    "LegalType",
    "Location",
    "MapFileFormat",
    "PlaceLabel",
    "RouteProvider",
    "TaskLocation",
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

LegalType = Literal["legal_entity", "individual", "sole_trader"]
"""The legal form of an account's holder (a user's, a sub-user's)."""

RouteProvider = Literal["progorod", "google", "osrm"]
"""The service that plans routes: a user's setting, or a ``route/get`` call's choice."""

MAX_LABEL: Final = 200
"""The longest label of a task, a route or a checkpoint (and their schedules), in characters."""

MAX_DESCRIPTION: Final = 1024
"""The longest description (and address) of a task, a route or a checkpoint (and their
schedules), in characters."""

CLOCK_PATTERN: Final = r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$"
"""A time of day, ``HH:MM`` or ``HH:MM:SS`` (reports' hours, schedules' times)."""

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
class TaskLocation:
    """The zone of a task to create or update: a circle with an optional address."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    radius: int = attrs.field(metadata=rules(minimum=1, maximum=300000))
    """Meters, 1 to 300000."""
    address: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=MAX_DESCRIPTION))
    """Associates the task with an address."""

    def to_location(self) -> Location:
        """The same zone as a plain :class:`~fleetapi.models.common.Location`."""
        return Location(lat=self.lat, lng=self.lng, radius=self.radius, address=self.address)


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
