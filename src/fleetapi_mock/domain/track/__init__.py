"""Trips from recorded points: how the mock splits, measures, filters and simplifies tracks.

A tracker's points (its :class:`~fleetapi_mock.state.tracks.Track`, UTC) are split into trips
over its whole history, so that a trip keeps its ID whatever period is asked for:

* A gap of more than :data:`MAX_GAP` without points ends a trip.
* A point the device flagged ``parking`` is never part of a trip, and ends the one before it.
* A stop (idle points: slower than the tracker's idle speed, :data:`IDLE_SPEED` km/h unless
  its trip detection settings say otherwise, or with the ignition off when they are ignition
  aware) lasting at least its minimal parking (:data:`MIN_PARKING` by default), measured from
  its first point to the point that moves off, is a parking: its first point is the arrival
  that ends the trip before it, the others are parking points. Shorter stops (traffic lights,
  jams) stay inside the trip.
* A trip of one point is a single report.

How a tracker stands idle is its :class:`Splitting` (:func:`splitting_of`): its trip
detection settings, else :data:`DEFAULT_SPLITTING`.

A trip's ID is the UNIX time (seconds) of its first point. ``filter`` drops regular trips
shorter than :data:`MIN_TRACK_LENGTH_KM` or with fewer than :data:`MIN_TRACK_POINTS` points.
Lengths are great-circle (haversine) distances between consecutive points.

The trips of a track are kept on it (:func:`trips_of`) and split again only from the trip
before the first point that arrived since; each trip works out its summary and its points'
drop-out tolerances (:mod:`fleetapi_mock.domain.track.simplify`) once.
"""

from __future__ import annotations

import array
import bisect
import datetime as dt
import functools
import itertools
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Final

import attrs
from gpxpy.geo import haversine_distance

from fleetapi.models.common import Bounds, LatLng
from fleetapi_mock.domain.track.simplify import Part, drop_out_tolerances, ranking
from fleetapi_mock.state.records import TrackerSettingsRecord, TrackPointRecord
from fleetapi_mock.state.table import Table
from fleetapi_mock.state.tracks import Track

__all__ = [
    "CLUSTER_RADIUS_M",
    "DEFAULT_POINT_LIMIT",
    "DEFAULT_SPLITTING",
    "IDLE_SPEED",
    "MAX_GAP",
    "MIN_PARKING",
    "MIN_TRACK_LENGTH_KM",
    "MIN_TRACK_POINTS",
    "Splitting",
    "Summary",
    "Trip",
    "Trips",
    "bounds_of",
    "clusters_of",
    "length_km",
    "split_trips",
    "splitting_of",
    "summarize",
    "time_span",
    "track_id_of",
    "trips_of",
]

MAX_GAP: Final = dt.timedelta(minutes=15)
"""A longer time without points ends a trip."""
MIN_PARKING: Final = dt.timedelta(minutes=5)
"""A stop at least this long is a parking, a shorter one stays in the trip (unless the
tracker's trip detection settings say otherwise)."""
IDLE_SPEED: Final = 3
"""km/h: a slower point is idle (unless the tracker's trip detection settings say
otherwise)."""
MIN_TRACK_LENGTH_KM: Final = 0.1
"""``filter`` drops regular trips shorter than this."""
MIN_TRACK_POINTS: Final = 3
"""``filter`` drops regular trips with fewer points."""
CLUSTER_RADIUS_M: Final = 100.0
"""Single reports within this distance of a cluster's first point join that cluster."""
DEFAULT_POINT_LIMIT: Final = 1000
"""The point limit of a point list when the request gives none."""


_time = attrgetter("get_time")
_EPOCH: Final = dt.datetime(1970, 1, 1)


@attrs.frozen
class Splitting:
    """When a tracker stands idle: how its points split into trips."""

    min_parking: dt.timedelta = MIN_PARKING
    """An idle stop at least this long is a parking."""
    idle_speed: int = IDLE_SPEED
    """km/h: a slower point is idle (0: none is)."""
    ignition_aware: bool = False
    """Whether a point reporting its ignition off is idle whatever its speed."""

    def idle(self, point: TrackPointRecord) -> bool:
        """Whether ``point`` stands idle."""
        return point.speed < self.idle_speed or (self.ignition_aware and point.ignition is False)


DEFAULT_SPLITTING: Final = Splitting()
"""How a tracker without trip detection settings stands idle."""


def splitting_of(settings: Table[int, TrackerSettingsRecord], tracker_id: int) -> Splitting:
    """How the tracker ``tracker_id`` stands idle, by its trip detection settings (the world's
    ``tracker_settings``), else :data:`DEFAULT_SPLITTING`."""
    record = settings.get(tracker_id)
    detection = None if record is None else record.trip_detection
    if detection is None:
        return DEFAULT_SPLITTING
    return Splitting(
        min_parking=dt.timedelta(minutes=detection.min_idle_duration_minutes),
        idle_speed=detection.idle_speed_threshold,
        ignition_aware=detection.ignition_aware,
    )


@attrs.frozen
class Summary:
    """What a track's fields sum up over its points."""

    length: float
    """km (haversine between consecutive points), not rounded."""
    max_speed: int
    north: float
    south: float
    west: float
    east: float
    gsm_lbs: bool
    """Whether every point was located by GSM LBS."""
    events: int
    """Points that carry an event."""

    @property
    def bounds(self) -> Bounds:
        """The bounding box."""
        return Bounds(
            nw=LatLng(lat=self.north, lng=self.west), se=LatLng(lat=self.south, lng=self.east)
        )

    def __add__(self, other: Summary) -> Summary:
        return Summary(
            length=self.length + other.length,
            max_speed=max(self.max_speed, other.max_speed),
            north=max(self.north, other.north),
            south=min(self.south, other.south),
            west=min(self.west, other.west),
            east=max(self.east, other.east),
            gsm_lbs=self.gsm_lbs and other.gsm_lbs,
            events=self.events + other.events,
        )


def summarize(points: Sequence[TrackPointRecord]) -> Summary:
    """The summary of some points (at least one), in time order."""
    lats = [p.lat for p in points]
    lngs = [p.lng for p in points]
    return Summary(
        length=length_km(points),
        max_speed=max(p.speed for p in points),
        north=max(lats),
        south=min(lats),
        west=min(lngs),
        east=max(lngs),
        gsm_lbs=all(p.gsm_lbs for p in points),
        events=sum(1 for p in points if p.event),
    )


def track_id_of(point: TrackPointRecord) -> int:
    """The ID of the trip that starts with ``point``: its UNIX time in seconds."""
    return int(point.get_time.replace(tzinfo=dt.timezone.utc).timestamp())


@attrs.frozen
class Trip:
    """One trip of a tracker's whole history: its points, in time order."""

    points: tuple[TrackPointRecord, ...]
    start: int = 0
    """The index of its first point in the points it was split from."""

    @property
    def id(self) -> int:
        """The trip's ID (see :func:`track_id_of`)."""
        return track_id_of(self.points[0])

    @property
    def single(self) -> bool:
        """Whether the trip is a single report (one point)."""
        return len(self.points) == 1

    @property
    def end(self) -> int:
        """The index just after its last point in the points it was split from."""
        return self.start + len(self.points)

    @functools.cached_property
    def lbs_only(self) -> bool:
        """Whether every point was located by GSM LBS."""
        return all(p.gsm_lbs for p in self.points)

    @functools.cached_property
    def summary(self) -> Summary:
        """What a track's fields sum up over the trip's points, computed once."""
        return summarize(self.points)

    def summary_of(self, points: Sequence[TrackPointRecord]) -> Summary:
        """The summary of ``points``, a run of the trip's (kept when it is the whole trip)."""
        return self.summary if points is self.points else summarize(points)

    @functools.cached_property
    def tolerances(self) -> Sequence[float]:
        """Each point's drop-out tolerance (:func:`drop_out_tolerances`), computed once (kept
        as an array: 8 bytes a point)."""
        return array.array("d", drop_out_tolerances(self.points))

    def within(self, start: dt.datetime, end: dt.datetime) -> Sequence[TrackPointRecord]:
        """The trip's points from ``start`` to ``end`` (both included, UTC)."""
        first, last = time_span(self.points, start, end)
        return self.points if (first, last) == (0, len(self.points)) else self.points[first:last]

    @functools.cached_property
    def ranking(self) -> Sequence[int]:
        """The indexes of the trip's inner points, highest drop-out tolerance first (the
        earlier of equal ones first), computed once (kept as an array)."""
        return array.array("q", ranking(self.tolerances))

    def part(self, first: int, last: int) -> Part:
        """The trip's points ``first`` to ``last`` (a slice) as a part to simplify."""
        if (first, last) == (0, len(self.points)):
            return Part(self.points, lambda: self.tolerances, lambda: self.ranking)
        inner = range(first + 1, last - 1)
        return Part(
            self.points[first:last],
            lambda: self.tolerances[first:last],
            lambda: (i - first for i in self.ranking if i in inner),
        )

    def part_within(self, start: dt.datetime, end: dt.datetime) -> Part:
        """The trip's points from ``start`` to ``end`` as a part to simplify."""
        return self.part(*time_span(self.points, start, end))


def time_span(
    points: Sequence[TrackPointRecord], start: dt.datetime, end: dt.datetime
) -> tuple[int, int]:
    """The slice bounds of the points (in time order) from ``start`` to ``end``, both
    included, found by bisection."""
    first = bisect.bisect_left(points, start, key=_time)
    return first, bisect.bisect_right(points, end, lo=first, key=_time)


class Trips:
    """The trips of one track, kept on it and split again from where points arrived.

    A trip's first point starts the splitting afresh (nothing before it is looked at to split
    what follows, and nothing after it to split what comes before), so when points arrive
    from index ``i`` on, the trips that start before the last one starting before ``i`` stay
    as they are.
    """

    def __init__(
        self, track: Track, *, include_gsm_lbs: bool, splitting: Splitting = DEFAULT_SPLITTING
    ) -> None:
        self._track = track
        self._all = include_gsm_lbs
        self._splitting = splitting
        self._points: Sequence[TrackPointRecord] = ()
        self._trips: list[Trip] = []
        self._starts: list[int] = []
        self._dirty: int | None = 0

    def changed_from(self, index: int) -> None:
        """Points arrived at ``index`` of the track (a
        :class:`~fleetapi_mock.state.tracks.Derived`)."""
        if not self._all:
            index = 0  # the LBS-free points are numbered apart: split them again
        self._dirty = index if self._dirty is None else min(self._dirty, index)

    @property
    def points(self) -> Sequence[TrackPointRecord]:
        """The points the trips were split from (the track's, or those not located by LBS)."""
        self._update()
        return self._points

    @property
    def trips(self) -> list[Trip]:
        """The trips, in time order."""
        self._update()
        return self._trips

    def _update(self) -> None:
        if self._dirty is None:
            return
        if self._all:
            self._points = self._track.points
        else:
            self._points = [p for p in self._track.points if not p.gsm_lbs]
        keep = bisect.bisect_left(self._starts, self._dirty) - 1  # the last trip before
        if keep < 0:
            keep = begin = 0
        else:
            begin = self._starts[keep]
        fresh = split_trips(self._points[begin:], offset=begin, splitting=self._splitting)
        self._trips[keep:] = fresh
        self._starts[keep:] = [trip.start for trip in fresh]
        self._dirty = None

    def between(self, start: dt.datetime, end: dt.datetime) -> list[Trip]:
        """The trips with points from ``start`` to ``end`` (both included)."""
        trips = self.trips
        first = bisect.bisect_left(trips, start, key=lambda t: t.points[-1].get_time)
        last = bisect.bisect_right(trips, end, lo=first, key=lambda t: t.points[0].get_time)
        return trips[first:last]

    def by_id(self, track_id: int) -> Trip | None:
        """The trip of that ID, if any."""
        trips = self.trips
        try:
            start = _EPOCH + dt.timedelta(seconds=track_id)
        except OverflowError:  # no trip starts that far from the epoch
            return None
        index = bisect.bisect_left(trips, start, key=lambda t: t.points[0].get_time)
        for trip in trips[index : index + 2]:
            if trip.id == track_id:
                return trip
        return None


def trips_of(
    track: Track, *, include_gsm_lbs: bool = True, splitting: Splitting = DEFAULT_SPLITTING
) -> Trips:
    """The trips of ``track`` (without the points located by GSM LBS, when told) as
    ``splitting`` splits them, kept on the track and updated when points arrive (those of
    another splitting, of settings since changed, are forgotten)."""
    key = (Trips, include_gsm_lbs, splitting)
    found = track.derived.get(key)
    if not isinstance(found, Trips):
        for other in [k for k in track.derived if isinstance(k, tuple) and k[:2] == key[:2]]:
            del track.derived[other]
        found = Trips(track, include_gsm_lbs=include_gsm_lbs, splitting=splitting)
        track.derived[key] = found
    return found


def split_trips(
    points: Sequence[TrackPointRecord],
    *,
    offset: int = 0,
    splitting: Splitting = DEFAULT_SPLITTING,
) -> list[Trip]:
    """Split one tracker's points (in time order) into trips, as the module describes and
    ``splitting`` says; ``offset`` is the index of ``points[0]`` in the whole track."""
    trips: list[Trip] = []
    current: list[TrackPointRecord] = []
    first = 0
    idle = splitting.idle

    def close() -> None:
        if current:
            trips.append(Trip(tuple(current), offset + first))
            current.clear()

    def joined(index: int) -> bool:
        """Whether point ``index`` follows the one before it without a gap."""
        return points[index].get_time - points[index - 1].get_time <= MAX_GAP

    i, count = 0, len(points)
    while i < count:
        point = points[i]
        if i and not joined(i):
            close()
        if point.parking:
            close()
            i += 1
            continue
        if not idle(point):
            if not current:
                first = i
            current.append(point)
            i += 1
            continue
        j = i + 1
        while j < count and idle(points[j]) and not points[j].parking and joined(j):
            j += 1
        moved_off = points[j].get_time if j < count and joined(j) else points[j - 1].get_time
        if moved_off - point.get_time >= splitting.min_parking:
            if current:
                current.append(point)
            close()
        else:
            if not current:
                first = i
            current.extend(points[i:j])
        i = j
    close()
    return trips


def length_km(points: Sequence[TrackPointRecord]) -> float:
    """The length of a point sequence in km (haversine between consecutive points)."""
    meters = sum(
        haversine_distance(a.lat, a.lng, b.lat, b.lng) for a, b in itertools.pairwise(points)
    )
    return meters / 1000


def bounds_of(points: Iterable[TrackPointRecord]) -> Bounds:
    """The bounding box of some points (at least one)."""
    lats, lngs = zip(*((p.lat, p.lng) for p in points), strict=True)
    return Bounds(nw=LatLng(lat=max(lats), lng=min(lngs)), se=LatLng(lat=min(lats), lng=max(lngs)))


def clusters_of(singles: Sequence[TrackPointRecord]) -> list[list[TrackPointRecord]]:
    """Group single reports' points (in time order) by coordinates.

    Each point joins the first group whose first point lies within :data:`CLUSTER_RADIUS_M`,
    or starts a group. Groups come in the order of their first point.
    """
    groups: list[list[TrackPointRecord]] = []
    for point in singles:
        for group in groups:
            head = group[0]
            if haversine_distance(head.lat, head.lng, point.lat, point.lng) <= CLUSTER_RADIUS_M:
                group.append(point)
                break
        else:
            groups.append([point])
    return groups
