"""Trips from recorded points: how the mock splits, measures, filters and simplifies tracks.

A tracker's points (``World.track_points``, UTC) are split into trips over its whole history,
so that a trip keeps its ID whatever period is asked for:

* A gap of more than :data:`MAX_GAP` without points ends a trip.
* A point the device flagged ``parking`` is never part of a trip, and ends the one before it.
* A stop (points standing still, speed 0) lasting at least :data:`MIN_PARKING`, measured from
  its first point to the point that moves off, is a parking: its first point is the arrival
  that ends the trip before it, the others are parking points. Shorter stops (traffic lights,
  jams) stay inside the trip.
* A trip of one point is a single report.

A trip's ID is the UNIX time (seconds) of its first point. ``filter`` drops regular trips
shorter than :data:`MIN_TRACK_LENGTH_KM` or with fewer than :data:`MIN_TRACK_POINTS` points.
Lengths are great-circle (haversine) distances between consecutive points. Point lists are
simplified with Ramer-Douglas-Peucker (gpxpy's), with the smallest tolerance that brings them
within the point limit; the ends are always kept.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Sequence
from typing import Final

import attrs
from gpxpy.geo import Location, haversine_distance, simplify_polyline

from fleetapi.models.common import Bounds, LatLng
from fleetapi_mock.state.records import TrackPointRecord

__all__ = [
    "CLUSTER_RADIUS_M",
    "DEFAULT_POINT_LIMIT",
    "MAX_GAP",
    "MIN_PARKING",
    "MIN_TRACK_LENGTH_KM",
    "MIN_TRACK_POINTS",
    "Trip",
    "bounds_of",
    "clusters_of",
    "length_km",
    "simplify",
    "split_trips",
    "track_id_of",
]

MAX_GAP: Final = dt.timedelta(minutes=15)
"""A longer time without points ends a trip."""
MIN_PARKING: Final = dt.timedelta(minutes=5)
"""A stop at least this long is a parking; a shorter one stays in the trip."""
MIN_TRACK_LENGTH_KM: Final = 0.1
"""``filter`` drops regular trips shorter than this."""
MIN_TRACK_POINTS: Final = 3
"""``filter`` drops regular trips with fewer points."""
CLUSTER_RADIUS_M: Final = 100.0
"""Single reports within this distance of a cluster's first point join that cluster."""
DEFAULT_POINT_LIMIT: Final = 1000
"""The point limit of a point list when the request gives none."""


def track_id_of(point: TrackPointRecord) -> int:
    """The ID of the trip that starts with ``point``: its UNIX time in seconds."""
    return int(point.get_time.replace(tzinfo=dt.timezone.utc).timestamp())


@attrs.frozen
class Trip:
    """One trip of a tracker's whole history: its points, in time order."""

    points: tuple[TrackPointRecord, ...]

    @property
    def id(self) -> int:
        """The trip's ID (see :func:`track_id_of`)."""
        return track_id_of(self.points[0])

    @property
    def single(self) -> bool:
        """Whether the trip is a single report (one point)."""
        return len(self.points) == 1

    def within(self, start: dt.datetime, end: dt.datetime) -> list[TrackPointRecord]:
        """The trip's points from ``start`` to ``end`` (both included, UTC)."""
        return [p for p in self.points if start <= p.get_time <= end]


def split_trips(points: Sequence[TrackPointRecord]) -> list[Trip]:
    """Split one tracker's points (in time order) into trips, as the module describes."""
    trips: list[Trip] = []
    current: list[TrackPointRecord] = []

    def close() -> None:
        if current:
            trips.append(Trip(tuple(current)))
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
        if point.speed > 0:
            current.append(point)
            i += 1
            continue
        j = i + 1
        while j < count and points[j].speed == 0 and not points[j].parking and joined(j):
            j += 1
        moved_off = points[j].get_time if j < count and joined(j) else points[j - 1].get_time
        if moved_off - point.get_time >= MIN_PARKING:
            if current:
                current.append(point)
            close()
        else:
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


def simplify(points: Sequence[TrackPointRecord], limit: int) -> list[TrackPointRecord]:
    """At most about ``limit`` of ``points``, keeping the shape (Ramer-Douglas-Peucker).

    The tolerance is the smallest (to a meter) that brings the count within ``limit``; the
    first and last points always stay. Deterministic: the same points give the same result.
    """
    if len(points) <= max(limit, 2):
        return list(points)
    locations = [Location(p.lat, p.lng) for p in points]
    index = {id(location): i for i, location in enumerate(locations)}
    box = bounds_of(points)
    low, high = 0.0, 2 * haversine_distance(box.nw.lat, box.nw.lng, box.se.lat, box.se.lng) + 1
    best: list[Location] = [locations[0], locations[-1]]
    try:
        while high - low > 1.0:
            middle = (low + high) / 2
            kept = simplify_polyline(locations, middle)
            if len(kept) <= limit:
                best, high = kept, middle
            else:
                low = middle
    except RecursionError:
        step = (len(points) - 1) / (max(limit, 2) - 1)
        return [points[round(k * step)] for k in range(max(limit, 2))]
    return [points[index[id(location)]] for location in best]


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
