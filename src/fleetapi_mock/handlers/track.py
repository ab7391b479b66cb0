"""Asset tracks: ``asset/track/list`` and ``asset/track/read``.

An asset (an employee or a vehicle of the caller's account) resolves to the tracker it is
bound to; the answer has one element per tracker. The world keeps no history of bindings, so
an asset counts as attached to its tracker from the tracker's creation date on: that is the
element's ``interval`` (clipped to the requested period). Points are served from the part of
the interval that the tracker's tariff still stores (``storage_period`` back from now, flagged
by ``limit_exceeded``) and that has happened (up to now). Trips are made by
:mod:`fleetapi_mock.domain.track`; those of a tracker that a vehicle rides carry
``norm_fuel_consumed`` from the vehicle's ``norm_avg_fuel_consumption``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import attrs

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.track import ASSET_TRACK_LIST, ASSET_TRACK_READ
from fleetapi.models.common import LatLng
from fleetapi.models.search import Period
from fleetapi.models.track import (
    AssetRef,
    AssetTrackListParams,
    AssetTrackReadParams,
    ClusterTrack,
    MergedTrack,
    PointInfo,
    RegularTrack,
    SingleReportTrack,
    TrackInfo,
    TrackList,
    TrackListResult,
    TrackPoints,
    TrackTotals,
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
from fleetapi_mock.domain.vehicle import visible_vehicles
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord, TrackPointRecord

# --- The period and the asset -----------------------------------------------------------------


def _invalid(parameter: str, error: str) -> InvalidParametersError:
    return InvalidParametersError(errors=[{"parameter": parameter, "error": error}])


def _period(ctx: Context, start: dt.datetime, end: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    """The requested period in world time (see :meth:`Context.request_period`)."""
    first, last = ctx.request_period(start, end)
    assert first is not None
    assert last is not None
    return first, last


def _asset_trackers(ctx: Context, asset: AssetRef) -> list[TrackerRecord]:
    """The trackers an asset resolves to; 201 when the caller has no such asset."""
    if asset.type == "employee":
        tracker_id = ctx.owned_one(ctx.world.employees, asset.id, "employee").tracker_id
    else:
        vehicle = next((v for v in visible_vehicles(ctx) if v.id == asset.id), None)
        if vehicle is None:
            raise EntityNotFoundError(f"no vehicle {asset.id}")
        tracker_id = vehicle.tracker_id
    if tracker_id is None:
        return []
    tracker = ctx.visible_tracker(tracker_id)
    if tracker is None:
        raise EntityNotFoundError(f"no {asset.type} {asset.id}")
    return [] if tracker.blocked else [tracker]


@attrs.frozen
class _Source:
    """One tracker of the asset over the period."""

    tracker: TrackerRecord
    interval: tuple[dt.datetime, dt.datetime]
    """When the asset was attached to the tracker, within the requested period."""
    served: tuple[dt.datetime, dt.datetime] | None
    """The part of the interval with stored, past points (``None`` when empty)."""
    limit_exceeded: bool

    def points(self, ctx: Context, *, include_gsm_lbs: bool = True) -> list[TrackPointRecord]:
        """Every recorded point of the tracker, in time order."""
        return [
            p
            for p in ctx.world.track_points
            if p.tracker_id == self.tracker.id and (include_gsm_lbs or not p.gsm_lbs)
        ]

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


def _sources(ctx: Context, asset: AssetRef, start: dt.datetime, end: dt.datetime) -> list[_Source]:
    now = ctx.now()
    sources = []
    for tracker in _asset_trackers(ctx, asset):
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
        sources.append(
            _Source(
                tracker=tracker,
                interval=interval,
                served=(served_start, served_end) if served_start <= served_end else None,
                limit_exceeded=start < kept_since,
            )
        )
    return sources


def _interval(ctx: Context, source: _Source) -> Period:
    return Period(from_=ctx.user_time(source.interval[0]), to=ctx.user_time(source.interval[1]))


def _norm_consumption(ctx: Context, tracker_id: int) -> float | None:
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


def _point_limit(value: int | Unset) -> int:
    return DEFAULT_POINT_LIMIT if isinstance(value, Unset) else value


def _too_short(trip: Trip, points: Sequence[TrackPointRecord]) -> bool:
    if trip.single:
        return False
    return len(points) < MIN_TRACK_POINTS or length_km(points) < MIN_TRACK_LENGTH_KM


# --- Handlers ---------------------------------------------------------------------------------


@handles(ASSET_TRACK_LIST)
def asset_track_list(ctx: Context, params: AssetTrackListParams) -> TrackListResult:
    """The asset's trips over the period, per tracker, with totals.

    The asset is an employee or a vehicle, through its tracker. Trips are split at parkings and
    gaps, with single reports, ``merged`` tracks (``split`` false) and ``cluster`` tracks, every
    option of the call, and the fuel the riding vehicle's norm gives. 7 unless ``to`` is after
    ``from``; 211 for a period longer than the dealer's ``report.max_time_span`` (P90D by
    default); 201 for an asset the caller does not have. See
    [Decisions](decisions.md#asset-tracks).
    """
    start, end = _period(ctx, params.from_, params.to)
    sources = _sources(ctx, params.asset, start, end)
    elements: list[TrackList] = []
    count, length, trips_time, parking_time = 0, 0.0, dt.timedelta(0), dt.timedelta(0)
    fuel: list[float] = []
    for source in sources:
        norm = _norm_consumption(ctx, source.tracker.id)
        options = _Options(
            omit_addresses=params.omit_addresses is True,
            count_events=params.count_events is True,
            with_points=params.with_points is True,
            point_limit=_point_limit(params.point_limit),
            fuel_norm=norm,
        )
        history = source.points(ctx, include_gsm_lbs=params.include_gsm_lbs is not False)
        parts: list[tuple[Trip, list[TrackPointRecord]]] = []
        for trip in split_trips(history):
            points = source.within(trip.points)
            if points and not (params.filter is not False and _too_short(trip, points)):
                parts.append((trip, points))
        tracks: list[tuple[dt.datetime, TrackInfo]] = []
        tracker_trips = dt.timedelta(0)
        if params.split is False:
            if parts:
                merged, tracker_trips = _merged(ctx, parts, options)
                tracks.append((parts[0][1][0].get_time, merged))
        else:
            singles: list[tuple[Trip, TrackPointRecord]] = []
            for trip, points in parts:
                if trip.single:
                    singles.append((trip, points[0]))
                    continue
                tracks.append((points[0].get_time, _regular(ctx, trip, points, options)))
                tracker_trips += _duration(points)
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
        wire = [track for _, track in tracks]
        for track in wire:
            if isinstance(track, (RegularTrack, MergedTrack)):
                length += track.length
                if isinstance(track.norm_fuel_consumed, float):
                    fuel.append(track.norm_fuel_consumed)
        count += len(wire)
        trips_time += tracker_trips
        parking_time += source.served_time - tracker_trips
        elements.append(
            TrackList(
                tracker_id=source.tracker.id,
                limit_exceeded=source.limit_exceeded,
                interval=_interval(ctx, source),
                tracks=wire,
            )
        )
    return TrackListResult(
        list=elements,
        total=TrackTotals(
            count=count,
            length=round(length, 3),
            trips_duration=trips_time,
            parking_duration=parking_time,
            norm_fuel_consumed=round(sum(fuel), 3) if fuel else UNSET,
        ),
    )


@handles(ASSET_TRACK_READ)
def asset_track_read(ctx: Context, params: AssetTrackReadParams) -> list[TrackPoints]:
    """The asset's points over the period, per tracker, or the points of one track.

    With ``track_id``: that trip's points within the period (none when the asset has no such
    trip), GSM LBS points included. Otherwise every point of the period (without GSM LBS
    points when ``include_gsm_lbs`` is false): with ``filter`` (the default) only trip points,
    tracks made only of GSM LBS points left out; without it parking points too, flagged
    ``parking``. ``simplify`` (default true) brings the list within ``point_limit`` (1000 when
    omitted). Errors as ``asset/track/list``.
    """
    start, end = _period(ctx, params.from_, params.to)
    limit = _point_limit(params.point_limit)
    answer: list[TrackPoints] = []
    for source in _sources(ctx, params.asset, start, end):
        chosen: list[tuple[TrackPointRecord, bool]]
        if params.track_id is not UNSET:
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
            kept = simplify([p for p, _ in chosen], limit)
            chosen = [(p, flags[id(p)]) for p in kept]
        answer.append(
            TrackPoints(
                tracker_id=source.tracker.id,
                limit_exceeded=source.limit_exceeded,
                interval=_interval(ctx, source),
                track_points=[point_info(ctx, p, parking=parking) for p, parking in chosen],
            )
        )
    return answer
