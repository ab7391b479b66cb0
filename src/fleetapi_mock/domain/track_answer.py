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
from collections.abc import Sequence
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
    bounds_of,
    clusters_of,
    length_km,
    simplify,
    split_trips,
)
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

    def points(self, ctx: Context, *, include_gsm_lbs: bool = True) -> list[TrackPointRecord]:
        """Every recorded point of the tracker, in time order."""
        points = ctx.world.points_of(self.tracker.id)
        return points if include_gsm_lbs else [p for p in points if not p.gsm_lbs]

    def within(self, points: Sequence[TrackPointRecord]) -> list[TrackPointRecord]:
        """The points of the served part of the interval."""
        if self.served is None:
            return []
        start, end = self.served
        return [p for p in points if start <= p.get_time <= end]

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


def _points_list(
    ctx: Context, points: Sequence[TrackPointRecord], options: _Options
) -> list[PointInfo] | Unset:
    if not options.with_points:
        return UNSET
    return [
        point_info(ctx, p, omit_addresses=options.omit_addresses)
        for p in simplify(points, options.point_limit)
    ]


def _duration(points: Sequence[TrackPointRecord]) -> dt.timedelta:
    return points[-1].get_time - points[0].get_time


def _avg_speed(length: float, time: dt.timedelta, points: Sequence[TrackPointRecord]) -> int:
    hours = time.total_seconds() / 3600
    if hours > 0:
        return round(length / hours)
    return round(sum(p.speed for p in points) / len(points))


def _fuel(length: float, options: _Options) -> float | Unset:
    return UNSET if options.fuel_norm is None else round(length * options.fuel_norm / 100, 3)


def _events(points: Sequence[TrackPointRecord], options: _Options) -> int | Unset:
    return sum(1 for p in points if p.event) if options.count_events else UNSET


def _trip_fields(
    ctx: Context,
    points: Sequence[TrackPointRecord],
    length: float,
    time: dt.timedelta,
    options: _Options,
) -> dict[str, Any]:
    """The fields a regular and a merged track share, from their points."""
    return {
        "start_date": ctx.user_time(points[0].get_time),
        "start_address": _address(points[0], options),
        "end_date": ctx.user_time(points[-1].get_time),
        "end_address": _address(points[-1], options),
        "max_speed": max(p.speed for p in points),
        "length": length,
        "points": len(points),
        "avg_speed": _avg_speed(length, time, points),
        "event_count": _events(points, options),
        "norm_fuel_consumed": _fuel(length, options),
        "gsm_lbs": all(p.gsm_lbs for p in points),
        "points_list": _points_list(ctx, points, options),
        "bounds": bounds_of(points),
    }


def _regular(
    ctx: Context, trip: Trip, points: Sequence[TrackPointRecord], options: _Options
) -> RegularTrack:
    length = round(length_km(points), 3)
    return RegularTrack(id=trip.id, **_trip_fields(ctx, points, length, _duration(points), options))


def _single(ctx: Context, trip: Trip, point: TrackPointRecord, options: _Options) -> TrackInfo:
    return SingleReportTrack(
        id=trip.id,
        start_date=ctx.user_time(point.get_time),
        start_address=_address(point, options),
        avg_speed=point.speed,
        gsm_lbs=point.gsm_lbs,
        precision=UNSET if point.precision is None else point.precision,
        points_list=_points_list(ctx, [point], options),
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
    ctx: Context, parts: Sequence[tuple[Trip, list[TrackPointRecord]]], options: _Options
) -> tuple[MergedTrack, dt.timedelta]:
    points = [p for _, part in parts for p in part]
    length = round(sum(length_km(part) for _, part in parts), 3)
    time = sum((_duration(part) for _, part in parts), dt.timedelta(0))
    return MergedTrack(**_trip_fields(ctx, points, length, time, options)), time


def point_limit_of(value: int | Unset) -> int:
    """The point limit asked for, or the default one."""
    return DEFAULT_POINT_LIMIT if isinstance(value, Unset) else value


def _too_short(trip: Trip, points: Sequence[TrackPointRecord]) -> bool:
    if trip.single:
        return False
    return len(points) < MIN_TRACK_POINTS or length_km(points) < MIN_TRACK_LENGTH_KM


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
    history = source.points(ctx, include_gsm_lbs=params.include_gsm_lbs is not False)
    parts: list[tuple[Trip, list[TrackPointRecord]]] = []
    for trip in split_trips(history):
        points = source.within(trip.points)
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
    """The points of ``source`` a read call answers (see ``asset/track/read``)."""
    chosen: list[tuple[TrackPointRecord, bool]]
    if not isinstance(params.track_id, Unset):
        trips = split_trips(source.points(ctx))
        trip = next((t for t in trips if t.id == params.track_id), None)
        chosen = [(p, False) for p in source.within(trip.points)] if trip else []
    else:
        history = source.points(ctx, include_gsm_lbs=params.include_gsm_lbs is not False)
        on_trips: dict[int, bool] = {}
        for trip in split_trips(history):
            lbs_only = all(p.gsm_lbs for p in trip.points)
            on_trips.update((id(p), lbs_only) for p in trip.points)
        if params.filter is False:
            chosen = [(p, id(p) not in on_trips) for p in source.within(history)]
        else:
            chosen = [
                (p, False)
                for p in source.within(history)
                if id(p) in on_trips and not on_trips[id(p)]
            ]
    if params.simplify is not False:
        flags = {id(p): parking for p, parking in chosen}
        kept = simplify([p for p, _ in chosen], point_limit_of(params.point_limit))
        chosen = [(p, flags[id(p)]) for p in kept]
    return [point_info(ctx, p, parking=parking) for p, parking in chosen]
