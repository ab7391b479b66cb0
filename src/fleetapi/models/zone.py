"""Zones (geofences): ``zone/*`` and ``zone/point/*``, as the service documents them.

A zone is one of three kinds told apart by its ``type`` key: ``circle`` (a center and a
radius), ``polygon`` (points) and ``sausage`` (a polyline with a radius around it). Rules
watch zones, geo links bound their maps by them, and ``zone/search_location`` finds the zones
that contain a point.
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal

import attrs

from fleetapi._rules import HEX_COLOR_PATTERN, rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.common import Bounds, LatLng, MapFileFormat
from fleetapi.models.common import ZoneLabel as ZoneLabel
from fleetapi.models.vehicle import BatchError, LocatedBatchSource

__all__ = [
    "DEFAULT_ZONE_COLOR",
    "ZONE_BATCH_DEFAULT_FIELDS",
    "ZONE_BATCH_FIELDS",
    "ZONE_POINT_LIMITS",
    "ZONE_UPLOAD_RADIUS",
    "CheckedZone",
    "CircleZone",
    "ImportedZone",
    "NewCircleZone",
    "NewPolygonZone",
    "NewSausageZone",
    "NewZone",
    "PolygonZone",
    "SausageZone",
    "Zone",
    "ZoneBatchConvertParams",
    "ZoneBatchResult",
    "ZoneCreateParams",
    "ZoneDeleteParams",
    "ZoneDownloadParams",
    "ZoneFileFormat",
    "ZoneListParams",
    "ZonePoint",
    "ZonePointListParams",
    "ZonePointUpdateParams",
    "ZoneReadParams",
    "ZoneSearchLocationParams",
    "ZoneType",
    "ZoneUpdateParams",
    "ZoneUploadParams",
]

ZoneType = Literal["circle", "polygon", "sausage"]
"""The kinds of zone: a circle, a polygon, or a sausage (a corridor along a line)."""

DEFAULT_ZONE_COLOR: Final = "27A9E3"
"""The color of a zone created without one."""

ZONE_POINT_LIMITS: Final = {"polygon": (3, 500), "sausage": (2, 1024)}
"""The fewest and most points of a polygon and of a sausage (fewer: code 284, more: 202)."""

_LABEL = rules(not_blank=True, max_length=255)
_COLOR = rules(pattern=HEX_COLOR_PATTERN)
_RADIUS = rules(minimum=1)


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZonePoint:
    """A point of a polygon or a sausage."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    """Latitude in degrees (north positive)."""
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    """Longitude in degrees (east positive)."""
    node: bool = True
    """Whether the point is a node of a route (a sausage's turn), not a point between nodes."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class _NewZoneFields:
    """What every kind of zone has, but its ID."""

    label: str = attrs.field(metadata=_LABEL)
    address: str = attrs.field(default="", metadata=rules(max_length=255))
    color: str = attrs.field(default=DEFAULT_ZONE_COLOR, metadata=_COLOR)
    """A hex color without ``#`` (``27A9E3``)."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewCircleZone(_NewZoneFields):
    """A circle to create: a center and a radius (``{"type": "circle", ...}``)."""

    TAG: ClassVar[str] = "circle"

    center: LatLng
    radius: int = attrs.field(metadata=_RADIUS)
    """Meters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewPolygonZone(_NewZoneFields):
    """A polygon to create (``{"type": "polygon", ...}``)."""

    TAG: ClassVar[str] = "polygon"

    points: list[ZonePoint] | Unset = UNSET
    """The vertices, in order (answered only when asked ``with_points``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewSausageZone(_NewZoneFields):
    """A corridor to create: a polyline and the radius around it (``{"type": "sausage"}``)."""

    TAG: ClassVar[str] = "sausage"

    points: list[ZonePoint] | Unset = UNSET
    """The polyline, in order (answered only when asked ``with_points``)."""
    radius: int = attrs.field(metadata=_RADIUS)
    """Meters either side of the polyline."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CircleZone(NewCircleZone):
    """A circular zone (geofence)."""

    id: int
    bounds: Bounds | Unset = UNSET
    """The smallest north-west to south-east rectangle around the circle."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PolygonZone(NewPolygonZone):
    """A polygon zone (geofence) given by its vertices."""

    id: int
    bounds: Bounds | Unset = UNSET
    """The smallest north-west to south-east rectangle around the vertices."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SausageZone(NewSausageZone):
    """A corridor zone (geofence): a polyline and the radius around it."""

    id: int
    bounds: Bounds | Unset = UNSET
    """The smallest north-west to south-east rectangle around the corridor."""


NewZone = NewCircleZone | NewPolygonZone | NewSausageZone
"""A zone to create, told apart by its ``type`` key (an ``id`` or ``bounds`` given is ignored)."""

tagged_union(NewZone, tag="type")

Zone = CircleZone | PolygonZone | SausageZone
"""A zone (geofence), told apart on the wire by its ``type`` key."""

tagged_union(Zone, tag="type")


@attrs.frozen(kw_only=True, weakref_slot=False)
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


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneReadParams:
    """Parameters of ``zone/read``."""

    zone_id: int
    """The zone to read."""
    with_points: bool = False
    """Answer the points of a polygon or a sausage too."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneCreateParams:
    """Parameters of ``zone/create``."""

    zone: NewZone
    """The new zone: a circle, a polygon or a sausage, told apart by ``type``."""
    points: list[ZonePoint] | Unset = UNSET
    """The points of a polygon or a sausage (else those of ``zone``); none for a circle."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneUpdateParams:
    """Parameters of ``zone/update``: the whole zone, named by its ``id``."""

    zone: Zone
    """The zone with its ID, its type unchanged; a polygon's or sausage's points, if given,
    replace the stored ones."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneDeleteParams:
    """Parameters of ``zone/delete``: one zone or several."""

    zone_id: int | Unset = UNSET
    """The zone to delete."""
    zone_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """The zones to delete, all or none."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneSearchLocationParams:
    """Parameters of ``zone/search_location``."""

    location: LatLng
    """The point whose zones are wanted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZonePointListParams:
    """Parameters of ``zone/point/list``."""

    zone_id: int
    """A polygon or a sausage."""
    count: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=2))
    """Simplify the points to this many (those that shape the zone most)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZonePointUpdateParams:
    """Parameters of ``zone/point/update``."""

    zone_id: int
    """A polygon or a sausage."""
    points: list[ZonePoint]
    """The new points, in order."""


ZONE_BATCH_FIELDS: Final = frozenset({"label", "address", "lat", "lng", "radius", "tags"})
"""The columns a ``zone/batch_convert`` batch may hold: ``label``, ``address`` (geocoded into
``center`` when ``lat`` and ``lng`` are not given), ``lat``, ``lng``, ``radius`` (meters) and
``tags`` (tag names, comma-separated); ``undefined`` skips a column."""

ZONE_BATCH_DEFAULT_FIELDS: Final = ("label", "address", "lat", "lng", "radius", "tags")
"""The columns of a batch without ``fields``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneBatchConvertParams(LocatedBatchSource):
    """Parameters of ``zone/batch_convert``: ``batch`` text or a preloaded ``file_id``."""

    fields: list[str] | Unset = UNSET
    """The columns, in order, from :data:`ZONE_BATCH_FIELDS` (default
    :data:`ZONE_BATCH_DEFAULT_FIELDS`; for a file with a header, its column names)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedZone(NewCircleZone):
    """One converted row of ``zone/batch_convert``: a circle zone to create, with its errors."""

    type: Literal["circle"] = "circle"
    id: int | None = None
    """Not created yet: null."""
    bounds: Bounds | Unset = UNSET
    """The smallest north-west to south-east rectangle around the circle."""
    errors: list[BatchError] | Unset = UNSET
    """Present when the row has problems."""


@attrs.frozen(kw_only=True, slots=False)
class ZoneBatchResult:
    """The result of ``zone/batch_convert``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[CheckedZone]
    limit_exceeded: bool
    """True when the batch was cut by a limit."""


ZoneFileFormat = MapFileFormat
"""The file formats of ``zone/download``."""

ZONE_UPLOAD_RADIUS: Final = (20, 150)
"""The least radius of a circle or sausage read from a file, and the default (meters)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneUploadParams:
    """The form fields of ``zone/upload``, beside the KML file part named ``file``."""

    default_radius: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=ZONE_UPLOAD_RADIUS[0])
    )
    """Meters around a circle's point or a sausage's line when the file gives no ``radius``:
    at least 20, 150 when left out."""
    dry_run: bool = True
    """True: answer the zones the file holds, creating none; false: create them and answer
    their IDs."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportedZone:
    """A zone read from a file by ``zone/upload`` with ``dry_run``: not created yet."""

    id: int | None = None
    """Not created: null."""
    type: ZoneType
    """``circle`` (a point), ``sausage`` (a line) or ``polygon``."""
    label: str
    """The placemark's name, or its document's or folder's with a number."""
    address: str = ""
    color: str = DEFAULT_ZONE_COLOR
    """A hex color without ``#``."""
    center: LatLng | Unset = UNSET
    """A circle's center."""
    radius: int | Unset = UNSET
    """Meters (a circle or a sausage)."""
    points: list[ZonePoint] | Unset = UNSET
    """A polygon's vertices or a sausage's line, in order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneDownloadParams:
    """Parameters of ``zone/download``."""

    format: ZoneFileFormat | Unset = UNSET
    """``kml`` (the default) or ``kmz`` (the same document, zipped)."""
    zone_ids: list[int] | Unset | None = UNSET
    """The zones to download; all the caller sees when left out or null."""
