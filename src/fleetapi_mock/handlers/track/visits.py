"""The zones and places a tracker's points fall in over a period: visits."""

from __future__ import annotations

import bisect
import operator

from fleetapi._errors import EntityMissingError
from fleetapi.endpoints.track import TRACK_VISIT_LIST
from fleetapi.models.track import TrackVisitListParams, TrackVisits
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.place import holds, wire_place
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.domain.zone import contains
from fleetapi_mock.handlers import handles


@handles(TRACK_VISIT_LIST)
def track_visit_list(ctx: Context, params: TrackVisitListParams) -> TrackVisits:
    """The zones and places the caller sees that hold at least one of the tracker's points
    of the period (204 for a tracker it may not see, 208 for a blocked one)."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    start, end = ctx.period(params.from_, params.to)
    track = ctx.world.points_of(tracker.id)
    times = operator.attrgetter("get_time")
    first = bisect.bisect_left(track, start, key=times)
    last = bisect.bisect_right(track, end, key=times)
    spots = {(p.lat, p.lng) for p in track[first:last]}
    zones = [
        z.id
        for z in (ctx.visible_zones() if params.include_zones else [])
        if any(contains(z, lat, lng) for lat, lng in spots)
    ]
    places = [
        p.id
        for p in map(wire_place, ctx.visible_places() if params.include_places else [])
        if any(holds(p, lat, lng) for lat, lng in spots)
    ]
    return TrackVisits(zones=sorted(zones), places=sorted(places))
