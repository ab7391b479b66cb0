"""One tracker's tracks: ``track/list`` and ``track/read``.

The tracks and points are those of the asset track calls
(:mod:`fleetapi_mock.domain.track_answer`) for the one tracker named: the same trips, options,
storage period (``limit_exceeded``) and period limits (7, 211). A tracker the caller may not
see is 201, a blocked one 208.
"""

from __future__ import annotations

from fleetapi.endpoints.track import TRACK_LIST, TRACK_READ
from fleetapi.models.track import (
    TrackerTrackList,
    TrackerTrackListParams,
    TrackerTrackPoints,
    TrackerTrackReadParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track_answer import Source, sources, track_infos, track_points
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles


def _source(ctx: Context, params: TrackerTrackListParams | TrackerTrackReadParams) -> Source | None:
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
