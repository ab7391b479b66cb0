"""The trips a report counts and where their points lie in the tracker's points.

They are the regular tracks ``asset/track/list`` answers for the report's period (split at
stops, single reports left out), without those its ``filter`` leaves out unless the plugin's
``filter`` is ``false``: the trips of the trips report. Each comes with its points in the
served period and the index of the first of them in ``world.points_of(tracker)``, so that a
report can tell, by index, which of the tracker's points travel within a trip.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fleetapi._types import Unset
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track import MIN_TRACK_LENGTH_KM, MIN_TRACK_POINTS, Trip, time_span
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["CountedTrip", "counted_trips"]


@attrs.frozen
class CountedTrip:
    """A trip of the trips report: its points in the served period."""

    trip: Trip
    points: Sequence[TrackPointRecord]
    """Its points in the served period (one at least)."""
    first: int
    """The index of ``points[0]`` in the tracker's points (``world.points_of``)."""

    @property
    def length(self) -> float:
        """Its length in km (haversine between consecutive points), not rounded."""
        return self.trip.summary_of(self.points).length


def counted_trips(ctx: Context, source: Source, filter_: bool | Unset) -> list[CountedTrip]:
    """The source's trips as the trips report counts them (``filter_`` is the plugin's
    ``filter``: only ``False`` keeps the short ones), in time order."""
    if source.served is None:
        return []
    found = []
    for trip in source.trips(ctx).between(*source.served):
        low, _ = time_span(trip.points, *source.served)
        points = trip.within(*source.served)
        if trip.single or not points:
            continue
        short = len(points) < MIN_TRACK_POINTS or (
            trip.summary_of(points).length < MIN_TRACK_LENGTH_KM
        )
        if short and filter_ is not False:
            continue
        found.append(CountedTrip(trip, points, trip.start + low))
    return found
