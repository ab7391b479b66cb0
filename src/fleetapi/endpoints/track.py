"""Asset tracks: trips and points of a vehicle or employee (``asset/track/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.track import (
    AssetTrackListParams,
    AssetTrackReadParams,
    TrackListResult,
    TrackPoints,
)

ASSET_TRACK_LIST = Endpoint(
    path="asset/track/list",
    params=AssetTrackListParams,
    result=Result.body(TrackListResult),
    summary="List an asset's tracks over a period, per tracker, with totals.",
    resource="asset_tracks",
    method="list",
    errors=(201, 211),
    safe=True,
    cli=("track", "list"),
    notes=(
        "Totals carry `trips_duration`; the SDK also accepts `trip_duration`, the other "
        "spelling of the service's documentation. `merged` tracks come only with `split` "
        "false, `cluster` tracks only with `split` true."
    ),
)
ASSET_TRACK_READ = Endpoint(
    path="asset/track/read",
    params=AssetTrackReadParams,
    result=Result.field("list", list[TrackPoints]),
    summary="Read an asset's track points over a period, per tracker.",
    resource="asset_tracks",
    method="read",
    errors=(201, 211),
    safe=True,
    cli=("track", "read"),
)

ENDPOINTS = (ASSET_TRACK_LIST, ASSET_TRACK_READ)
