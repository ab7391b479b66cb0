"""Asset tracks: the trips and points of a vehicle or employee (``asset/track/list``, ``read``).

An asset resolves to the trackers attached to it over the requested period; results come per
tracker. Each track of ``asset/track/list`` is a :data:`TrackInfo`, told apart by its ``type``:
``regular`` and ``single_report`` tracks, one ``merged`` track when ``split`` is false, and
``cluster`` tracks (single reports grouped by coordinates) when ``split`` is true. The client
reads a kind it does not know as :class:`UnknownTrack`; the strict converter refuses it.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, is_set, tagged_union
from fleetapi.models.common import Bounds, LatLng, MapFileFormat
from fleetapi.models.search import Period

__all__ = [
    "AssetRef",
    "AssetTrackListParams",
    "AssetTrackReadParams",
    "AssetType",
    "ClusterTrack",
    "MergedTrack",
    "PointInfo",
    "RegularTrack",
    "SingleReportTrack",
    "TrackDownloadParams",
    "TrackFileFormat",
    "TrackInfo",
    "TrackList",
    "TrackListOptions",
    "TrackListResult",
    "TrackPoints",
    "TrackReadOptions",
    "TrackTotals",
    "TrackVisitListParams",
    "TrackVisits",
    "TrackerTrackList",
    "TrackerTrackListParams",
    "TrackerTrackPoints",
    "TrackerTrackReadParams",
    "UnknownTrack",
]

AssetType = Literal["vehicle", "employee"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetRef:
    """A reference to an asset: a vehicle or an employee."""

    id: int
    type: AssetType


@attrs.frozen(kw_only=True, weakref_slot=False)
class PointInfo:
    """One track point."""

    lat: float
    lng: float
    alt: int
    """Meters."""
    satellites: int
    mileage: float
    get_time: dt.datetime
    """GPS time, user's time zone."""
    address: str
    """Empty unless recorded (a trip's start or end, or an event)."""
    heading: int
    """Degrees 0 to 360, 0 is north."""
    speed: int
    """km/h."""
    precision: int | Unset = UNSET
    """Meters."""
    gsm_lbs: bool | Unset = UNSET
    """Located by GSM LBS."""
    parking: bool | Unset = UNSET
    """Not part of a trip."""
    buffered: bool | Unset = UNSET
    """Stored in the device's memory and sent later."""


# --- The kinds of track_info ------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class _Trip:
    """The fields a trip and a merged period share."""

    start_date: dt.datetime
    start_address: str
    end_date: dt.datetime
    end_address: str
    max_speed: int
    """km/h."""
    length: float
    """km."""
    points: int
    """How many points the trip has."""
    avg_speed: int
    """km/h."""
    event_count: int | Unset = UNSET
    """Only with ``count_events``."""
    norm_fuel_consumed: float | Unset = UNSET
    """Liters; absent without a linked vehicle with a normal consumption."""
    gsm_lbs: bool | Unset = UNSET
    points_list: list[PointInfo] | Unset = UNSET
    """Only with ``with_points``."""
    bounds: Bounds


@attrs.frozen(kw_only=True, weakref_slot=False)
class RegularTrack(_Trip):
    """A trip."""

    TAG: ClassVar[str] = "regular"

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class SingleReportTrack:
    """A single report: a trip of one point."""

    TAG: ClassVar[str] = "single_report"

    id: int
    start_date: dt.datetime
    start_address: str
    avg_speed: int
    """km/h."""
    gsm_lbs: bool | Unset = UNSET
    precision: int | Unset = UNSET
    """Meters; depends on the device model."""
    points_list: list[PointInfo] | Unset = UNSET
    """Only with ``with_points``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MergedTrack(_Trip):
    """All tracks of the period merged into one (``split`` false)."""

    TAG: ClassVar[str] = "merged"


@attrs.frozen(kw_only=True, weakref_slot=False)
class ClusterTrack:
    """Single reports grouped by coordinates (``split`` true, ``cluster_single_reports``)."""

    TAG: ClassVar[str] = "cluster"

    start_date: dt.datetime
    start_address: str
    end_date: dt.datetime
    points: list[LatLng]
    """The points of the cluster."""
    gsm_lbs: bool
    """The cluster holds only GSM LBS points."""
    precision: int | Unset = UNSET
    bounds: Bounds


@attrs.frozen(kw_only=True, weakref_slot=False)
class UnknownTrack:
    """A track of a kind this SDK does not know (the client's fallback): the shared fields only.

    The service may add kinds; the client then keeps what every kind has. Written back, it
    carries ``type`` ``unknown``.
    """

    TAG: ClassVar[str] = "unknown"

    start_date: dt.datetime | None = None
    start_address: str | None = None
    end_date: dt.datetime | None = None


TrackInfo = RegularTrack | SingleReportTrack | MergedTrack | ClusterTrack | UnknownTrack
"""One track of ``asset/track/list``, told apart on the wire by its ``type`` key."""

tagged_union(TrackInfo, tag="type", default=UnknownTrack)


# --- Results ----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackList:
    """The tracks of one tracker of the asset."""

    tracker_id: int
    limit_exceeded: bool
    """The period exceeds the storage period of the tracker's tariff."""
    interval: Period
    """When the asset was attached to the tracker."""
    tracks: list[TrackInfo]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackTotals:
    """Totals over every track of ``asset/track/list``.

    The service's documentation spells the trips' duration both ``trips_duration`` (the
    specification's name) and ``trip_duration``. The SDK sends ``trips_duration`` and accepts
    either: when only ``trip_duration`` arrives, construction copies it into ``trips_duration``.
    """

    count: int
    length: float
    """Sum of the track lengths, km."""
    trips_duration: dt.timedelta | Unset = UNSET
    """Time spent on trips (read this one)."""
    trip_duration: dt.timedelta | Unset = attrs.field(default=UNSET, repr=False)
    """The other spelling, as received; ``trips_duration`` holds its value too."""
    parking_duration: dt.timedelta
    """The whole period less the trips, gaps before the first and after the last included."""
    norm_fuel_consumed: float | Unset = UNSET
    """Liters."""

    def __attrs_post_init__(self) -> None:
        if not is_set(self.trips_duration) and is_set(self.trip_duration):
            object.__setattr__(self, "trips_duration", self.trip_duration)


@attrs.frozen(kw_only=True, slots=False)
class TrackListResult:
    """The result of ``asset/track/list``: one element per tracker, and the totals.

    Declared with ``slots=False``: a slotted class would shadow the builtin ``list`` in its own
    annotations.
    """

    list: list[TrackList]
    total: TrackTotals


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackPoints:
    """The points of one tracker of the asset (``asset/track/read``)."""

    tracker_id: int
    limit_exceeded: bool
    interval: Period
    track_points: list[PointInfo]


# --- Parameters -------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackListOptions:
    """The period and options of the track list calls (``asset/track/list``, ``track/list``)."""

    from_: dt.datetime
    """The answer starts with the next trip point after this time."""
    to: dt.datetime
    """Later than ``from``."""
    filter: bool | Unset = UNSET
    """Drop tracks too short by length and point count (default true)."""
    split: bool | Unset = UNSET
    """False merges every track of the period into one (default true)."""
    include_gsm_lbs: bool | Unset = UNSET
    """Default true."""
    cluster_single_reports: bool | Unset = UNSET
    """Group single-point trips by coordinates (default false)."""
    count_events: bool | Unset = UNSET
    """Add ``event_count`` (default false)."""
    omit_addresses: bool | Unset = UNSET
    """Leave address fields empty (default false)."""
    with_points: bool | Unset = UNSET
    """Include ``points_list`` (default false)."""
    point_limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=2, maximum=3000))
    """2 to 3000, a soft limit; omitted: the server simplifies as it sees fit."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetTrackListParams(TrackListOptions):
    """Parameters of ``asset/track/list``."""

    asset: AssetRef
    """The employee or vehicle whose tracks to list."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackReadOptions:
    """The period and options of the track read calls (``asset/track/read``, ``track/read``)."""

    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """The end of the period, after from."""
    track_id: int | Unset = UNSET
    """Only this track's points."""
    include_gsm_lbs: bool | Unset = UNSET
    """Default true; applies only without ``track_id``."""
    simplify: bool | Unset = UNSET
    """Default true."""
    point_limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=2, maximum=3000))
    """2 to 3000, a soft limit; applies when ``simplify`` is true."""
    filter: bool | Unset = UNSET
    """True filters LBS tracks only; false includes parking points."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetTrackReadParams(TrackReadOptions):
    """Parameters of ``asset/track/read``."""

    asset: AssetRef
    """The employee or vehicle whose points to read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerTrackListParams(TrackListOptions):
    """Parameters of ``track/list``: one tracker's tracks."""

    tracker_id: int
    """The tracker."""


@attrs.frozen(kw_only=True, slots=False)
class TrackerTrackList:
    """The answer of ``track/list``."""

    limit_exceeded: bool
    """True when the period reaches back past what the tracker's tariff stores."""
    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[TrackInfo]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerTrackReadParams(TrackReadOptions):
    """Parameters of ``track/read``: one tracker's points."""

    tracker_id: int
    """The tracker."""


TrackFileFormat = MapFileFormat
"""The file formats of ``track/download``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackDownloadParams:
    """Parameters of ``track/download``: one tracker's points as a KML or KMZ file."""

    tracker_id: int
    """The tracker."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""
    track_ids: list[int] | Unset = UNSET
    """Only these tracks' points (default: every valid point of the period)."""
    include_gsm_lbs: bool | Unset = UNSET
    """Default true; applies only without ``track_ids``."""
    simplify: bool | Unset = UNSET
    """Default true."""
    point_limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=2, maximum=3000))
    """2 to 3000, a soft limit; applies when ``simplify`` is true."""
    filter: bool | Unset = UNSET
    """True filters LBS tracks only."""
    format: TrackFileFormat | Unset = UNSET
    """Default ``kml``; ``kmz`` is the KML zipped."""
    split: bool | Unset = UNSET
    """True puts each track in a folder with its start and end markers (default false)."""


@attrs.frozen(kw_only=True, slots=False)
class TrackerTrackPoints:
    """The answer of ``track/read``."""

    limit_exceeded: bool
    """True when the period reaches back past what the tracker's tariff stores."""
    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[PointInfo]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackVisitListParams:
    """Parameters of ``track/visit/list``."""

    tracker_id: int
    """The tracker."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""
    include_zones: bool = True
    """False leaves the zones out."""
    include_places: bool = True
    """False leaves the places out."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackVisits:
    """The zones and places holding at least one of a tracker's points of a period."""

    zones: list[int]
    """Zone IDs, ascending."""
    places: list[int]
    """Place IDs, ascending."""
