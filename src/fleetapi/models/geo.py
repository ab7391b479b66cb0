"""Zones (geofences), places (points of interest) and tags.

The spec refers to these objects but does not show them; the shapes follow the service's
documentation (``NOTES.md``). Geo links list zones and places, tasks and vehicles carry tag IDs.
A zone is one of three kinds told apart by its ``type`` key: ``circle`` (a center and a radius),
``polygon`` (points) and ``sausage`` (a polyline with a radius around it).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.common import LatLng, Location

__all__ = [
    "CircleZone",
    "Place",
    "PolygonZone",
    "SausageZone",
    "Tag",
    "Zone",
    "ZoneLabel",
    "ZoneListParams",
    "ZoneReadParams",
    "ZoneSearchLocationParams",
]


@attrs.frozen(kw_only=True)
class Tag:
    """A tag that entities (tasks, vehicles, zones, places...) carry by ID."""

    id: int
    name: str
    color: str
    """A hex color without ``#`` (``e57373``)."""


@attrs.frozen(kw_only=True)
class Place:
    """A place (point of interest) with a radius around it."""

    id: int
    label: str
    location: Location
    """``lat``, ``lng``, ``address`` and ``radius`` (meters)."""
    description: str | None = None
    external_id: str | None = None
    """An arbitrary reference to an external system."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""


@attrs.frozen(kw_only=True)
class _ZoneFields:
    """What every kind of zone has."""

    id: int
    label: str
    address: str = ""
    color: str = ""
    """A hex color without ``#``."""
    tags: list[int] = attrs.Factory(list)


@attrs.frozen(kw_only=True)
class CircleZone(_ZoneFields):
    """A circular zone: a center and a radius (``{"type": "circle", ...}``)."""

    TAG: ClassVar[str] = "circle"

    center: LatLng
    radius: int
    """Meters."""


@attrs.frozen(kw_only=True)
class PolygonZone(_ZoneFields):
    """A polygon zone given by its vertices (``{"type": "polygon", ...}``)."""

    TAG: ClassVar[str] = "polygon"

    points: list[LatLng] | Unset = UNSET
    """The vertices, in order (``zone/list`` answers them when asked ``with_points``)."""


@attrs.frozen(kw_only=True)
class SausageZone(_ZoneFields):
    """A corridor: a polyline and the radius around it (``{"type": "sausage", ...}``)."""

    TAG: ClassVar[str] = "sausage"

    points: list[LatLng] | Unset = UNSET
    """The polyline, in order (``zone/list`` answers it when asked ``with_points``)."""
    radius: int
    """Meters either side of the polyline."""


Zone = CircleZone | PolygonZone | SausageZone
"""A zone (geofence), told apart on the wire by its ``type`` key."""

tagged_union(Zone, tag="type")


@attrs.frozen(kw_only=True)
class ZoneListParams:
    """Parameters of ``zone/list``."""

    filter: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """Only zones whose label or address holds this text (any case)."""
    tag_ids: list[int] | Unset = UNSET
    """Only zones carrying every one of these tags."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many zones (a page)."""
    with_points: bool = False
    """Answer the points of polygons and sausages too."""


@attrs.frozen(kw_only=True)
class ZoneReadParams:
    """Parameters of ``zone/read``."""

    zone_id: int
    """The zone to read."""
    with_points: bool = False
    """Answer the points of a polygon or a sausage too."""


@attrs.frozen(kw_only=True)
class ZoneSearchLocationParams:
    """Parameters of ``zone/search_location``."""

    location: LatLng
    """The point whose zones are wanted."""


@attrs.frozen(kw_only=True)
class ZoneLabel:
    """A zone's ID and label (what ``zone/search_location`` answers)."""

    id: int
    label: str
