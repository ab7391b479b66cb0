"""Tracks: trips and points of a vehicle or employee (``asset/track/*``, from the
specification) and of one tracker (``track/*``, from the service's documentation)."""

from __future__ import annotations

from fleetapi._endpoint import MAP_MEDIA_TYPES, Decision, Endpoint, NoParams, Result
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
    TrackVisitListParams,
    TrackVisits,
)
from fleetapi.models.waybill import WaybillDownloadParams, WaybillSettings

ASSET_TRACK_LIST = Endpoint(
    path="asset/track/list",
    params=AssetTrackListParams,
    result=Result.body(TrackListResult),
    summary="List an asset's tracks over a period, per tracker, with totals.",
    errors=(201, 211),
    safe=True,
    decisions=(
        Decision(
            "Single reports",
            "A trip of one point. Its `avg_speed` is the point's speed.",
        ),
        Decision(
            "`filter` (list)",
            "On by default: drops regular trips shorter than 0.1 km or with fewer than 3 points "
            "(within the period). Single reports are never dropped.",
        ),
        Decision(
            "`split` false",
            "One `merged` track per tracker from the kept trips and single reports: points and "
            "lengths add up, the dates are those of the first and last points, `avg_speed` is "
            "the length over the trips' own durations.",
        ),
        Decision(
            "`cluster_single_reports`",
            "Only with `split`: single reports within 100 m of the first point of a group join "
            "it; a group of two or more is a `cluster` (its `precision` the largest of its "
            "points'), a group of one stays a single report.",
        ),
        Decision(
            "`count_events`",
            "Events come from the points: a recorded point may carry an `event` (the kind the "
            "device reported, e.g. `speeding`); `event_count` is the number of such points in "
            "the track.",
        ),
        Decision(
            "Lengths and speeds",
            "Haversine distances between consecutive points, km rounded to meters; `max_speed` "
            "the largest point speed; `avg_speed` the length over the time from the first to the "
            "last point (the points' mean speed when that time is zero).",
        ),
        Decision(
            "`norm_fuel_consumed`",
            "The track's length times the `norm_avg_fuel_consumption` (liters per 100 km) of the "
            "vehicle riding the tracker, whatever the asset asked for (a vehicle or its driver); "
            "left out without such a vehicle or norm. Merged tracks and totals add it up.",
        ),
        Decision(
            "Point lists and `point_limit`",
            "Simplified by Ramer-Douglas-Peucker drop-out tolerance, each trip's computed once "
            "and kept with the trip: a list within the limit comes back whole; otherwise every "
            "trip in it (or stretch of parking points between trips, with `filter` off) keeps "
            "its first and last point, and the rest of the limit goes to the points of the "
            "highest tolerance, so the answer has exactly `point_limit` points. When the trips' "
            "ends alone pass the limit, that many of them are kept, simplified as one line. "
            "Deterministic. Without `point_limit` the limit is 1000, so short lists come back "
            "whole. `points` always counts every point.",
        ),
        Decision(
            "Totals",
            "`count` the tracks listed (a cluster counts one), `length` the sum of regular and "
            "merged lengths, `trips_duration` the sum of the trips' durations (`trip_duration` "
            "is never sent), `parking_duration` the rest of the served period (gaps before the "
            "first and after the last trip included); the served period ends at the world's now "
            "and starts no earlier than the storage period allows. `norm_fuel_consumed` only "
            "when a track has it.",
        ),
        Decision(
            "Unknown track kinds",
            "The client reads them as `UnknownTrack` (the shared start/end fields); the mock "
            "refuses them.",
        ),
        Decision(
            "`trips_duration` or `trip_duration`",
            "The SDK accepts both and sends only `trips_duration`; the mock emits "
            "`trips_duration`. `trip_duration` is the other spelling of the service's "
            "documentation.",
        ),
    ),
)
ASSET_TRACK_READ = Endpoint(
    path="asset/track/read",
    params=AssetTrackReadParams,
    result=Result.field("list", list[TrackPoints]),
    summary="Read an asset's track points over a period, per tracker.",
    errors=(201, 211),
    safe=True,
    decisions=(
        Decision(
            "`asset/track/read` `filter`",
            "On by default: only points of trips, tracks made only of GSM LBS points left out. "
            "Off: every point of the period, parking points flagged `parking: true`.",
        ),
        Decision(
            "`asset/track/read` `track_id`",
            "That trip's points within the period, GSM LBS points included whatever "
            "`include_gsm_lbs` says; a track ID the asset does not have answers no points (not "
            "an error).",
        ),
        Decision(
            "`asset/track/read` `simplify`",
            "On by default, to `point_limit` (1000 when omitted) as for track lists; off returns "
            "every point.",
        ),
    ),
)

KML_FILE_TYPE = MAP_MEDIA_TYPES["kml"]
KMZ_FILE_TYPE = MAP_MEDIA_TYPES["kmz"]

TRACK_DOWNLOAD = Endpoint(
    path="track/download",
    params=TrackDownloadParams,
    result=Result.file(KML_FILE_TYPE, KMZ_FILE_TYPE),
    summary="Download one tracker's points over a period as a KML or KMZ file.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`track/download` content",
            "The points `track/read` answers with the same options (`track_ids` read track by "
            "track), as a KML 2.2 document named `track-<label> <from>`: one placemark per point "
            "(`point #N`, its time as the description and, with the user's offset, as the time "
            "stamp, its speed and heading as extended data, its coordinates); `split` puts each "
            "track in a folder (`track #N`) with a `start` and an `end` marker. `kmz` zips the "
            "same document as `doc.kml`. The file is named `track-<tracker ID>.kml` (or `.kmz`).",
        ),
        Decision(
            "A period beyond the storage period",
            "The file holds the points still stored (the JSON answer the documentation shows for "
            "this case would not be the file the call promises): the track calls' "
            "`limit_exceeded` says when points were cut.",
        ),
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
    decisions=(
        Decision(
            "One tracker's tracks (`track/list`, `track/read`)",
            "The tracks and points the asset calls answer for that tracker (one implementation), "
            "without the per-tracker `interval` and the totals. A blocked tracker is 208 (the "
            "asset calls leave it out), one the caller may not see 201; a period that ends "
            "before the tracker was created has no tracks.",
        ),
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
    notes="The points of `asset/track/read` for one tracker.",
)

TRACK_VISIT_LIST = Endpoint(
    path="track/visit/list",
    params=TrackVisitListParams,
    result=Result.field("value", TrackVisits),
    summary="List the zones and places that hold a tracker's points over a period.",
    errors=(204, 208, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Which points and objects `track/visit/list` counts",
            "Every point the tracker recorded in the period, parked or buffered alike, and "
            "the zones and places the caller sees (a place by its radius, a zone's edge "
            "included); each ID once, ascending. A tracker the caller may not see answers "
            "204, as documented, where the other track calls answer 201 "
            "(`tests/sdk/test_track_visits.py`).",
        ),
    ),
)

WAYBILL_FILE_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

TRACK_WAYBILL_DOWNLOAD = Endpoint(
    path="track/waybill/download",
    params=WaybillDownloadParams,
    result=Result.file(WAYBILL_FILE_TYPE),
    summary="Download a tracker's waybill for a period as a DOCX document.",
    errors=(201, 208, 211, 236),
    safe=True,
    origin="service",
    notes="Keeps `number` as the last waybill number (one more when it is all digits): the "
    "same download repeated keeps the same number.",
    decisions=(
        Decision(
            "`track/waybill/download` content",
            "A DOCX document (`waybill-<tracker>.docx`): a title with the form, series and "
            "number; the period in the caller's time zone; a table of the organization (the "
            "vehicle's garage: organization, dispatcher, mechanic), the vehicle (label, model, "
            "registration number, VIN; the tracker's label without a vehicle) and the driver "
            "(the employee bound to the tracker: name, personnel number, licence and its "
            "categories). With `fill_history`, a table of the trips `track/list` answers for "
            "the same options (departure, arrival, from, to, km) and a total row; with "
            "`fill_odometer`, the odometer at the first and last point of the period (blank "
            "when the tracker has no odometer). `form3ext` adds the vehicle's fuel norm and "
            "the fuel it gives for the trips' length; `form4c` the vehicle's payload. A "
            "tracker the caller may not see is 201, a blocked one 208, one whose tariff "
            "lacks `app_fleet` 236 (`tests/sdk/test_track_waybill.py`).",
        ),
        Decision(
            "The last waybill number",
            "Kept per user: each sub-user has its own. An all-digit number is kept plus one "
            "with its width (`0099` then `0100`); any other text as sent. A failed download "
            "keeps nothing (`tests/sdk/test_track_waybill.py`).",
        ),
    ),
)
TRACK_WAYBILL_SETTINGS_READ = Endpoint(
    path="track/waybill/settings/read",
    params=NoParams,
    result=Result.field("value", WaybillSettings),
    summary="Read the number the next waybill takes (201 before any download).",
    errors=(201,),
    safe=True,
    origin="service",
)

ENDPOINTS = (
    ASSET_TRACK_LIST,
    ASSET_TRACK_READ,
    TRACK_LIST,
    TRACK_READ,
    TRACK_DOWNLOAD,
    TRACK_VISIT_LIST,
    TRACK_WAYBILL_DOWNLOAD,
    TRACK_WAYBILL_SETTINGS_READ,
)
