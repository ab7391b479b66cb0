"""Tracks: trips and points of a vehicle or employee (``asset/track/*``, from the
specification) and of one tracker (``track/*``, from the service's documentation)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.track import (
    AssetTrackListParams,
    AssetTrackReadParams,
    TrackDownloadParams,
    TrackerTrackList,
    TrackerTrackListParams,
    TrackerTrackPoints,
    TrackerTrackReadParams,
    TrackListResult,
    TrackPoints,
)

ASSET_TRACK_LIST = Endpoint(
    path="asset/track/list",
    params=AssetTrackListParams,
    result=Result.body(TrackListResult),
    summary="List an asset's tracks over a period, per tracker, with totals.",
    errors=(201, 211),
    safe=True,
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
    errors=(201, 211),
    safe=True,
)

KML_FILE_TYPE = "application/vnd.google-earth.kml+xml"
KMZ_FILE_TYPE = "application/vnd.google-earth.kmz"

TRACK_DOWNLOAD = Endpoint(
    path="track/download",
    params=TrackDownloadParams,
    result=Result.file(KML_FILE_TYPE, KMZ_FILE_TYPE),
    summary="Download one tracker's points over a period as a KML or KMZ file.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    notes=(
        "The points `track/read` answers with the same options (or those of `track_ids`), as "
        "a KML document: one placemark per point with its time, speed and heading; `split` "
        "puts each track in a folder with its start and end markers. `kmz` zips it as "
        "`doc.kml`. The file is `track-<tracker ID>.kml` (or `.kmz`). A period beyond the "
        "tariff's storage period answers the points still stored. 201 for a tracker the "
        "caller cannot see, 208 for a blocked one."
    ),
)

TRACK_LIST = Endpoint(
    path="track/list",
    params=TrackerTrackListParams,
    result=Result.body(TrackerTrackList),
    summary="List one tracker's tracks over a period.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    notes=(
        "The tracks of `asset/track/list` for one tracker, without the per-tracker `interval` "
        "and the totals: the same trips, options and limits. 208 for a blocked tracker."
    ),
)
TRACK_READ = Endpoint(
    path="track/read",
    params=TrackerTrackReadParams,
    result=Result.body(TrackerTrackPoints),
    summary="Read one tracker's track points over a period, or one track's.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    notes="The points of `asset/track/read` for one tracker. 208 for a blocked tracker.",
)

ENDPOINTS = (ASSET_TRACK_LIST, ASSET_TRACK_READ, TRACK_LIST, TRACK_READ, TRACK_DOWNLOAD)
