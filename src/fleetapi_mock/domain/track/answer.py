"""The answers of the track calls, for an asset's trackers and for one tracker alike.

A :class:`Source` is one tracker over the requested period: its points are served from the part
of the period that its tariff still stores (``storage_period`` back from now, flagged by
``limit_exceeded``) and that has happened (up to now). :func:`track_infos` makes the wire tracks
of a list call from the trips :mod:`fleetapi_mock.domain.track` splits (regular tracks, single
reports, ``merged`` and ``cluster`` tracks); :func:`track_points` the points of a read call.
A tracker that a vehicle rides carries ``norm_fuel_consumed`` from the vehicle's
``norm_avg_fuel_consumption``.
"""

from __future__ import annotations

import datetime as dt
import functools
import operator
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng
from fleetapi.models.search import Period
from fleetapi.models.track import (
    ClusterTrack,
    MergedTrack,
    PointInfo,
    RegularTrack,
    SingleReportTrack,
    TrackInfo,
    TrackListOptions,
    TrackReadOptions,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track import (
    DEFAULT_POINT_LIMIT,
    MIN_TRACK_LENGTH_KM,
    MIN_TRACK_POINTS,
    Trip,
    Trips,
    bounds_of,
    clusters_of,
    splitting_of,
    time_span,
    trips_of,
)
from fleetapi_mock.domain.track.simplify import Part, simplify
from fleetapi_mock.state.records import TrackerRecord, TrackPointRecord

__all__ = [
    "Source",
    "interval_of",
    "point_info",
    "sources",
    "track_infos",
    "track_points",
]


@attrs.frozen
class Source:
    """One tracker over the requested period."""

    tracker: TrackerRecord
    interval: tuple[dt.datetime, dt.datetime]
    """When the asset was attached to the tracker, within the requested period."""
    served: tuple[dt.datetime, dt.datetime] | None
    """The part of the interval with stored, past points (``None`` when empty)."""
    limit_exceeded: bool

    def trips(self, ctx: Context, *, include_gsm_lbs: bool = True) -> Trips:
        """The trips of the tracker's whole history as its trip detection settings split them
        now (kept on its track)."""
        track = ctx.world.track_points.track(self.tracker.id)
        splitting = splitting_of(ctx.world.tracker_settings, self.tracker.id)
        return trips_of(track, include_gsm_lbs=include_gsm_lbs, splitting=splitting)

    def served_trips(self, trips: Trips) -> list[tuple[Trip, Sequence[TrackPointRecord]]]:
        """The trips with points in the served part of the interval, and those points."""
        if self.served is None:
            return []
        return [(trip, trip.within(*self.served)) for trip in trips.between(*self.served)]

    @property
    def served_time(self) -> dt.timedelta:
        """How long the served part lasts."""
        return dt.timedelta(0) if self.served is None else self.served[1] - self.served[0]


def sources(
    ctx: Context, trackers: Sequence[TrackerRecord], start: dt.datetime, end: dt.datetime
) -> list[Source]:
    """Each tracker over the period (world time): from its creation date on, served from what
    its tariff still stores and what has happened."""
    now = ctx.now()
    found = []
    for tracker in trackers:
        attached = dt.datetime.combine(tracker.creation_date, dt.time())
        interval = (max(start, attached), end)
        if interval[0] >= interval[1]:
            continue
        tariff = ctx.world.tariffs.get(tracker.tariff_id)
        try:
            kept_since = now - tariff.storage_period if tariff else dt.datetime.min
        except OverflowError:
            kept_since = dt.datetime.min
        served_start, served_end = max(interval[0], kept_since), min(interval[1], now)
        found.append(
            Source(
                tracker=tracker,
                interval=interval,
                served=(served_start, served_end) if served_start <= served_end else None,
                limit_exceeded=start < kept_since,
            )
        )
    return found


def interval_of(ctx: Context, source: Source) -> Period:
    """The source's interval in the caller's time zone."""
    return Period(from_=ctx.user_time(source.interval[0]), to=ctx.user_time(source.interval[1]))


def norm_consumption(ctx: Context, tracker_id: int) -> float | None:
    """Liters per 100 km of the vehicle linked to the tracker, when it has one."""
    vehicles = ctx.world.vehicles
    vehicle = next(
        (vehicles[k] for k in sorted(vehicles) if vehicles[k].tracker_id == tracker_id), None
    )
    return None if vehicle is None else vehicle.norm_avg_fuel_consumption


# --- Wire objects -----------------------------------------------------------------------------


@attrs.frozen
class _Options:
    omit_addresses: bool
    count_events: bool
    with_points: bool
    point_limit: int
    fuel_norm: float | None


def _address(point: TrackPointRecord, options: _Options) -> str:
    return "" if options.omit_addresses else point.address


def point_info(
    ctx: Context, point: TrackPointRecord, *, parking: bool = False, omit_addresses: bool = False
) -> PointInfo:
    """The wire form of a recorded point, its time in the caller's time zone."""
    return PointInfo(
        lat=point.lat,
        lng=point.lng,
        alt=point.alt,
        satellites=point.satellites,
        mileage=point.mileage,
        get_time=ctx.user_time(point.get_time),
        address="" if omit_addresses else point.address,
        heading=point.heading,
        speed=point.speed,
        precision=UNSET if point.precision is None else point.precision,
        gsm_lbs=point.gsm_lbs,
        parking=parking,
        buffered=point.buffered,
    )


def _points_list(ctx: Context, parts: Sequence[Part], options: _Options) -> list[PointInfo] | Unset:
    if not options.with_points:
        return UNSET
    return [
        point_info(ctx, p, omit_addresses=options.omit_addresses)
        for kept in simplify(parts, options.point_limit)
        for p in kept
    ]


def _duration(points: Sequence[TrackPointRecord]) -> dt.timedelta:
    return points[-1].get_time - points[0].get_time


def _avg_speed(length: float, time: dt.timedelta, points: Iterable[TrackPointRecord]) -> int:
    hours = time.total_seconds() / 3600
    if hours > 0:
        return round(length / hours)
    speeds = [p.speed for p in points]
    return round(sum(speeds) / len(speeds))


def _fuel(length: float, options: _Options) -> float | Unset:
    return UNSET if options.fuel_norm is None else round(length * options.fuel_norm / 100, 3)


def _run_part(trip: Trip, run: Sequence[TrackPointRecord]) -> Part:
    """``run`` (the trip's points of a period) as a part to simplify."""
    return trip.part_within(run[0].get_time, run[-1].get_time)


def _trip_fields(
    ctx: Context,
    runs: Sequence[tuple[Trip, Sequence[TrackPointRecord]]],
    time: dt.timedelta,
    options: _Options,
) -> dict[str, Any]:
    """The fields a regular and a merged track share, from the runs of trips they cover."""
    summary = functools.reduce(operator.add, (trip.summary_of(run) for trip, run in runs))
    first, last = runs[0][1][0], runs[-1][1][-1]
    length = round(summary.length, 3)
    count = sum(len(run) for _, run in runs)
    return {
        "start_date": ctx.user_time(first.get_time),
        "start_address": _address(first, options),
        "end_date": ctx.user_time(last.get_time),
        "end_address": _address(last, options),
        "max_speed": summary.max_speed,
        "length": length,
        "points": count,
        "avg_speed": _avg_speed(length, time, (p for _, run in runs for p in run)),
        "event_count": summary.events if options.count_events else UNSET,
        "norm_fuel_consumed": _fuel(length, options),
        "gsm_lbs": summary.gsm_lbs,
        "points_list": _points_list(ctx, [_run_part(trip, run) for trip, run in runs], options),
        "bounds": summary.bounds,
    }


def _regular(
    ctx: Context, trip: Trip, points: Sequence[TrackPointRecord], options: _Options
) -> RegularTrack:
    fields = _trip_fields(ctx, [(trip, points)], _duration(points), options)
    return RegularTrack(id=trip.id, **fields)


def _single(ctx: Context, trip: Trip, point: TrackPointRecord, options: _Options) -> TrackInfo:
    return SingleReportTrack(
        id=trip.id,
        start_date=ctx.user_time(point.get_time),
        start_address=_address(point, options),
        avg_speed=point.speed,
        gsm_lbs=point.gsm_lbs,
        precision=UNSET if point.precision is None else point.precision,
        points_list=_points_list(ctx, [Part([point])], options),
    )


def _cluster(ctx: Context, points: Sequence[TrackPointRecord], options: _Options) -> ClusterTrack:
    precisions = [p.precision for p in points if p.precision is not None]
    return ClusterTrack(
        start_date=ctx.user_time(points[0].get_time),
        start_address=_address(points[0], options),
        end_date=ctx.user_time(points[-1].get_time),
        points=[LatLng(lat=p.lat, lng=p.lng) for p in points],
        gsm_lbs=all(p.gsm_lbs for p in points),
        precision=max(precisions) if precisions else UNSET,
        bounds=bounds_of(points),
    )


def _merged(
    ctx: Context, parts: Sequence[tuple[Trip, Sequence[TrackPointRecord]]], options: _Options
) -> tuple[MergedTrack, dt.timedelta]:
    time = sum((_duration(part) for _, part in parts), dt.timedelta(0))
    return MergedTrack(**_trip_fields(ctx, parts, time, options)), time


def point_limit_of(value: int | Unset) -> int:
    """The point limit asked for, or the default one."""
    return DEFAULT_POINT_LIMIT if isinstance(value, Unset) else value


def _too_short(trip: Trip, points: Sequence[TrackPointRecord]) -> bool:
    if trip.single:
        return False
    return len(points) < MIN_TRACK_POINTS or trip.summary_of(points).length < MIN_TRACK_LENGTH_KM


def track_infos(
    ctx: Context, source: Source, params: TrackListOptions
) -> tuple[list[TrackInfo], dt.timedelta]:
    """The wire tracks of ``source`` in time order, and the time spent on trips."""
    options = _Options(
        omit_addresses=params.omit_addresses is True,
        count_events=params.count_events is True,
        with_points=params.with_points is True,
        point_limit=point_limit_of(params.point_limit),
        fuel_norm=norm_consumption(ctx, source.tracker.id),
    )
    trips = source.trips(ctx, include_gsm_lbs=params.include_gsm_lbs is not False)
    parts: list[tuple[Trip, Sequence[TrackPointRecord]]] = []
    for trip, points in source.served_trips(trips):
        if points and not (params.filter is not False and _too_short(trip, points)):
            parts.append((trip, points))
    tracks: list[tuple[dt.datetime, TrackInfo]] = []
    trips_time = dt.timedelta(0)
    if params.split is False:
        if parts:
            merged, trips_time = _merged(ctx, parts, options)
            tracks.append((parts[0][1][0].get_time, merged))
    else:
        singles: list[tuple[Trip, TrackPointRecord]] = []
        for trip, points in parts:
            if trip.single:
                singles.append((trip, points[0]))
                continue
            tracks.append((points[0].get_time, _regular(ctx, trip, points, options)))
            trips_time += _duration(points)
        if params.cluster_single_reports is True:
            by_point = {id(point): trip for trip, point in singles}
            for group in clusters_of([point for _, point in singles]):
                if len(group) == 1:
                    trip = by_point[id(group[0])]
                    tracks.append((group[0].get_time, _single(ctx, trip, group[0], options)))
                else:
                    tracks.append((group[0].get_time, _cluster(ctx, group, options)))
        else:
            tracks.extend(
                (point.get_time, _single(ctx, trip, point, options)) for trip, point in singles
            )
    tracks.sort(key=lambda item: item[0])
    return [track for _, track in tracks], trips_time


def track_points(ctx: Context, source: Source, params: TrackReadOptions) -> list[PointInfo]:
    """The points of ``source`` a read call answers (see ``asset/track/read``): with
    ``filter`` off, the points between trips come too, flagged ``parking``."""
    parts: list[tuple[Part, bool]] = []
    if source.served is None:
        pass
    elif not isinstance(params.track_id, Unset):
        trip = source.trips(ctx).by_id(params.track_id)
        if trip is not None:
            parts.append((trip.part_within(*source.served), False))
    else:
        trips = source.trips(ctx, include_gsm_lbs=params.include_gsm_lbs is not False)
        if params.filter is False:
            parts = _with_stretches(trips, *source.served)
        else:
            parts = [
                (trip.part_within(*source.served), False)
                for trip in trips.between(*source.served)
                if not trip.lbs_only
            ]
    parts = [(part, parking) for part, parking in parts if part.points]
    if params.simplify is False:
        kept: list[Sequence[TrackPointRecord]] = [part.points for part, _ in parts]
    else:
        kept = [*simplify([part for part, _ in parts], point_limit_of(params.point_limit))]
    return [
        point_info(ctx, p, parking=parking)
        for (_, parking), points in zip(parts, kept, strict=True)
        for p in points
    ]


def _with_stretches(trips: Trips, start: dt.datetime, end: dt.datetime) -> list[tuple[Part, bool]]:
    """Every point from ``start`` to ``end`` as parts: the trips', and the stretches between
    them (flagged ``True``: parking points)."""
    points = trips.points
    low, high = time_span(points, start, end)
    parts: list[tuple[Part, bool]] = []
    cursor = low
    for trip in trips.between(start, end):
        first, last = max(trip.start, low), min(trip.end, high)
        if cursor < first:
            parts.append((Part(points[cursor:first]), True))
        parts.append((trip.part(first - trip.start, last - trip.start), False))
        cursor = last
    if cursor < high:
        parts.append((Part(points[cursor:high]), True))
    return parts
