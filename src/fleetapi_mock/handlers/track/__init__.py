"""Asset tracks: the trips of an employee or a vehicle.

An asset (an employee or a vehicle of the caller's account) resolves to the tracker it is
bound to; the answer has one element per tracker. The world keeps no history of bindings, so
an asset counts as attached to its tracker from the tracker's creation date on: that is the
element's ``interval`` (clipped to the requested period). The tracks and points are those of
:mod:`fleetapi_mock.domain.track.answer`, shared with the calls of one tracker.
"""

from __future__ import annotations

import datetime as dt

from fleetapi._errors import EntityNotFoundError
from fleetapi._types import UNSET
from fleetapi.endpoints.track import ASSET_TRACK_LIST, ASSET_TRACK_READ
from fleetapi.models.track import (
    AssetRef,
    AssetTrackListParams,
    AssetTrackReadParams,
    MergedTrack,
    RegularTrack,
    TrackList,
    TrackListResult,
    TrackPoints,
    TrackTotals,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track.answer import interval_of, sources, track_infos, track_points
from fleetapi_mock.domain.vehicle import visible_vehicles
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord

# --- The asset -------------------------------------------------------------------------------


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
    start, end = ctx.period(params.from_, params.to)
    elements: list[TrackList] = []
    count, length, trips_time, parking_time = 0, 0.0, dt.timedelta(0), dt.timedelta(0)
    fuel: list[float] = []
    for source in sources(ctx, _asset_trackers(ctx, params.asset), start, end):
        tracks, tracker_trips = track_infos(ctx, source, params)
        for track in tracks:
            if isinstance(track, (RegularTrack, MergedTrack)):
                length += track.length
                if isinstance(track.norm_fuel_consumed, float):
                    fuel.append(track.norm_fuel_consumed)
        count += len(tracks)
        trips_time += tracker_trips
        parking_time += source.served_time - tracker_trips
        elements.append(
            TrackList(
                tracker_id=source.tracker.id,
                limit_exceeded=source.limit_exceeded,
                interval=interval_of(ctx, source),
                tracks=tracks,
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
    start, end = ctx.period(params.from_, params.to)
    return [
        TrackPoints(
            tracker_id=source.tracker.id,
            limit_exceeded=source.limit_exceeded,
            interval=interval_of(ctx, source),
            track_points=track_points(ctx, source, params),
        )
        for source in sources(ctx, _asset_trackers(ctx, params.asset), start, end)
    ]
