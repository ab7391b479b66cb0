"""When a tracker drove and how far, for the reports that count km or time in motion, and the
days of a period.

The tracker drove during the trips ``asset/track/list`` answers for the same tracker and period
with the plugin's ``filter`` (trips too short to be real left out unless it is ``false``; single
reports are no trips): its km between two moments are the length of those trips' points
between them, its time in motion their time between them (:class:`Driving`).
"""

from __future__ import annotations

import array
import bisect
import datetime as dt
import itertools
from collections.abc import Sequence

from gpxpy.geo import haversine_distance

from fleetapi._types import Unset
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track import MIN_TRACK_LENGTH_KM, MIN_TRACK_POINTS, time_span
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["Driving", "day_starts", "driving"]


class Driving:
    """The trips of a tracker in a period (each the run of its points in the period), with
    their lengths in km."""

    def __init__(self, parts: Sequence[Sequence[TrackPointRecord]], lengths: Sequence[float]):
        self.parts = parts
        """Each trip's points in the period, in time order."""
        self.lengths = lengths
        """Each trip's km in the period."""
        self._ends = [part[-1].get_time for part in parts]
        self._before = list(itertools.accumulate(lengths, initial=0.0))
        self._meters: dict[int, array.array[float]] = {}

    def _cumulative(self, index: int) -> array.array[float]:
        """The meters from the trip's first point to each of its points (made once)."""
        found = self._meters.get(index)
        if found is None:
            part = self.parts[index]
            steps = (
                haversine_distance(a.lat, a.lng, b.lat, b.lng) for a, b in itertools.pairwise(part)
            )
            found = self._meters[index] = array.array("d", itertools.accumulate(steps, initial=0.0))
        return found

    def km_between(self, start: dt.datetime, end: dt.datetime) -> float:
        """The km driven from ``start`` to ``end`` (UTC): the length of the trips' points
        between them (so that the km of two periods meeting at a point add up)."""
        total = 0.0
        for index in range(bisect.bisect_left(self._ends, start), len(self.parts)):
            part = self.parts[index]
            if part[0].get_time > end:
                break
            if start <= part[0].get_time and part[-1].get_time <= end:
                total += self.lengths[index]
                continue
            first, last = time_span(part, start, end)
            if last - first > 1:
                meters = self._cumulative(index)
                total += (meters[last - 1] - meters[first]) / 1000
        return total

    def km_at(self, moment: dt.datetime) -> float:
        """The km driven from the period's start to ``moment`` (UTC)."""
        index = bisect.bisect_left(self._ends, moment)
        found = self._before[index]
        if index < len(self.parts) and self.parts[index][0].get_time <= moment:
            inner = bisect.bisect_right(self.parts[index], moment, key=_time) - 1
            found += self._cumulative(index)[inner] / 1000
        return found

    def moving_seconds(self, start: dt.datetime, end: dt.datetime) -> float:
        """The seconds of the trips between ``start`` and ``end`` (UTC)."""
        total = 0.0
        for index in range(bisect.bisect_left(self._ends, start), len(self.parts)):
            part = self.parts[index]
            if part[0].get_time > end:
                break
            low, high = max(start, part[0].get_time), min(end, part[-1].get_time)
            total += max(0.0, (high - low).total_seconds())
        return total


def driving(ctx: Context, source: Source, filtered: bool | Unset) -> Driving:
    """The trips ``asset/track/list`` answers for the source's tracker and period with
    ``filter`` as ``filtered`` (split; single reports, and unless ``filtered`` is false the
    trips too short to be real, left out)."""
    parts = []
    lengths = []
    for trip, points in source.served_trips(source.trips(ctx)):
        if not points or trip.single:
            continue
        length = trip.summary_of(points).length
        short = len(points) < MIN_TRACK_POINTS or length < MIN_TRACK_LENGTH_KM
        if filtered is False or not short:
            parts.append(points)
            lengths.append(length)
    return Driving(parts, lengths)


def _time(point: TrackPointRecord) -> dt.datetime:
    return point.get_time


def day_starts(
    ctx: Context, start: dt.datetime, end: dt.datetime
) -> list[tuple[dt.date, dt.datetime]]:
    """Each day from ``start`` to ``end`` (UTC) in the caller's time zone, with when it
    begins (UTC; the first day at ``start``)."""
    first, last = ctx.user_time(start).date(), ctx.user_time(end).date()
    days = [(first, start)]
    day = first + dt.timedelta(days=1)
    while day <= last:
        days.append((day, ctx.world_time(dt.datetime.combine(day, dt.time()))))
        day += dt.timedelta(days=1)
    return days
