"""One tracker's tracks, and their download.

The tracks and points are those of the asset track calls
(:mod:`fleetapi_mock.domain.track.answer`) for the one tracker named: the same trips, options,
storage period (``limit_exceeded``) and period limits (7, 211). A tracker the caller may not
see is 201, a blocked one 208.
"""

from __future__ import annotations

import attrs

from fleetapi._types import Unset
from fleetapi.endpoints.track import (
    KML_FILE_TYPE,
    KMZ_FILE_TYPE,
    TRACK_DOWNLOAD,
    TRACK_LIST,
    TRACK_READ,
)
from fleetapi.models.track import (
    PointInfo,
    TrackDownloadParams,
    TrackerTrackList,
    TrackerTrackListParams,
    TrackerTrackPoints,
    TrackerTrackReadParams,
)
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.track.answer import Source, sources, track_infos, track_points
from fleetapi_mock.domain.track.file import kml_document, kmz_archive
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles


def _source(
    ctx: Context, params: TrackerTrackListParams | TrackerTrackReadParams | TrackDownloadParams
) -> Source | None:
    """The tracker over the period (``None`` when the period ends before it was created)."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    start, end = ctx.period(params.from_, params.to)
    found = sources(ctx, [tracker], start, end)
    return found[0] if found else None


@handles(TRACK_LIST)
def track_list(ctx: Context, params: TrackerTrackListParams) -> TrackerTrackList:
    """The tracker's tracks over the period, in time order."""
    source = _source(ctx, params)
    if source is None:
        return TrackerTrackList(limit_exceeded=False, list=[])
    tracks, _ = track_infos(ctx, source, params)
    return TrackerTrackList(limit_exceeded=source.limit_exceeded, list=tracks)


@handles(TRACK_READ)
def track_read(ctx: Context, params: TrackerTrackReadParams) -> TrackerTrackPoints:
    """The tracker's points over the period (or one track's), as ``asset/track/read``."""
    source = _source(ctx, params)
    if source is None:
        return TrackerTrackPoints(limit_exceeded=False, list=[])
    return TrackerTrackPoints(
        limit_exceeded=source.limit_exceeded, list=track_points(ctx, source, params)
    )


@handles(TRACK_DOWNLOAD)
def track_download(ctx: Context, params: TrackDownloadParams) -> FileReply:
    """The tracker's points over the period (or those of ``track_ids``) as a KML or KMZ file."""
    source = _source(ctx, params)
    options = TrackerTrackReadParams(
        tracker_id=params.tracker_id,
        from_=params.from_,
        to=params.to,
        include_gsm_lbs=params.include_gsm_lbs,
        simplify=params.simplify,
        point_limit=params.point_limit,
        filter=params.filter,
    )
    tracks: list[list[PointInfo]] = []
    if source is not None and not isinstance(params.track_ids, Unset):
        for track_id in dict.fromkeys(params.track_ids):
            tracks.append(track_points(ctx, source, attrs.evolve(options, track_id=track_id)))
    elif source is not None:
        points = track_points(ctx, source, options)
        tracks = _by_track(ctx, source, points) if params.split is True else [points]
    now = ctx.now()
    offset = ctx.user_time(now) - now
    tracker = ctx.world.trackers[params.tracker_id]
    title = f"track-{tracker.label} {ctx.user_time(ctx.world_time(params.from_)):%Y-%m-%d %H:%M:%S}"
    kml = kml_document(title, tracks, split=params.split is True, offset=offset)
    if params.format == "kmz":
        return FileReply(
            content=kmz_archive(kml), content_type=KMZ_FILE_TYPE, filename=f"track-{tracker.id}.kmz"
        )
    return FileReply(content=kml, content_type=KML_FILE_TYPE, filename=f"track-{tracker.id}.kml")


def _by_track(ctx: Context, source: Source, points: list[PointInfo]) -> list[list[PointInfo]]:
    """``points`` grouped by the trip their time falls in (points between trips dropped)."""
    trips = [
        (ctx.user_time(t.points[0].get_time), ctx.user_time(t.points[-1].get_time))
        for t, _ in source.served_trips(source.trips(ctx))
    ]
    grouped: list[list[PointInfo]] = [[] for _ in trips]
    for point in points:
        for index, (first, last) in enumerate(trips):
            if first <= point.get_time <= last:
                grouped[index].append(point)
                break
    return [g for g in grouped if g]
