"""The engine hours report (plugin 7): the time with the ignition on, in motion and idling.

The time with the ignition on is what the tracker's engine hours counter adds up
(:func:`~fleetapi_mock.domain.sensor.counters.engine_hours_between`, which
``tracker/stats/engine_hours/read`` answers): from each point of the period reporting the
ignition on to the next point. Such a stretch is *in motion* when both points belong to one of
the trips of the trips report (:mod:`~fleetapi_mock.domain.report.counted`: a stop shorter than
the tracker's minimal parking stays in its trip), and *idling* otherwise: standing with the
engine on, or driving a trip the ``filter`` leaves out. An engine-on period is a run of such
stretches, cut at the user's midnight so that each day has its own figures; the table has a
row per day, or with ``show_detailed`` a row per period.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import re
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, Final

import attrs

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Column, Kind, Rows, clock, place, time_format, value
from fleetapi_mock.domain.report.counted import counted_trips
from fleetapi_mock.domain.track import time_span
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["ENGINE_HOURS", "EnginePeriod", "engine_periods"]

_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Engine on", "left"),
    ("to", "Engine off", "left"),
    ("engine_hours", "Engine hours", "right"),
    ("in_motion", "In motion", "right"),
    ("idling", "Idling", "right"),
)
_FIGURES: Final = (
    ("engine_hours", "Engine hours"),
    ("in_motion", "In motion"),
    ("idling", "Idling"),
)
_EPOCH: Final = dt.datetime(1970, 1, 1)
_IGNITION: Final = attrgetter("ignition")
_TIME: Final = attrgetter("get_time")
_RUNS: Final = re.compile(rb"\x01+|\x03+")
"""Runs of stretches with the ignition on, idling (1) or in motion (3)."""


@attrs.define
class EnginePeriod:
    """A run of time with the ignition on within one of the user's days (times UTC)."""

    start: dt.datetime
    point: TrackPointRecord
    """The point the period starts from (at its time, or before the midnight it starts at)."""
    end: dt.datetime
    motion: float = 0.0
    """Seconds in motion."""
    idle: float = 0.0
    """Seconds idling."""

    @property
    def at_point(self) -> bool:
        """Whether the period starts at its point (not at a midnight)."""
        return self.start == self.point.get_time


def _next_midnight(ctx: Context, moment: dt.datetime) -> dt.datetime:
    """The first midnight of the user's time zone after ``moment`` (both UTC)."""
    day = ctx.user_time(moment).date() + dt.timedelta(days=1)
    try:
        midnight = ctx.world_time(dt.datetime.combine(day, dt.time()))
    except (ValueError, OverflowError):  # beyond the times a world holds: no more midnights
        return dt.datetime.max
    return max(midnight, moment + dt.timedelta(seconds=1))  # later, whatever a zone's rules


def engine_periods(ctx: Context, source: Source, plugin: ReportPlugin) -> list[EnginePeriod]:
    """The source's engine-on periods in its served period, in time order, each within one
    of the user's days, with its seconds in motion and idling (see the module).

    Each stretch from a point to the next gets a code (the ignition of its first point, 1,
    or'ed with 2 when both points travel in a trip): the runs of one code (found by a regular
    expression, without a step per point in Python) last from their first point to the point
    after their last stretch, and adjacent runs of the ignition on make a period.
    """
    if source.served is None:
        return []
    every = ctx.world.points_of(source.tracker.id)
    low, high = time_span(every, *source.served)
    count = high - low
    if count < 2:
        return []
    ignition = bytearray(map(bool, map(_IGNITION, itertools.islice(every, low, high))))
    ignition[-1] = 0  # no stretch starts at the last point
    moving = bytearray(count)
    for counted in counted_trips(ctx, source, plugin.filter):
        first = counted.first - low
        last = first + len(counted.points) - 1
        moving[first:last] = b"\x02" * (last - first)
    codes = (int.from_bytes(ignition, "big") | int.from_bytes(moving, "big")).to_bytes(count, "big")
    periods: list[EnginePeriod] = []
    current: EnginePeriod | None = None
    day_end, joined = dt.datetime.min, -1
    for run in _RUNS.finditer(codes):
        first, last = low + run.start(), low + run.end()
        start, end = every[first].get_time, every[last].get_time
        if run.start() != joined or start >= day_end:
            current = None
        while start < end:
            if current is None:
                point = every[bisect.bisect_right(every, start, first, last, key=_TIME) - 1]
                current = EnginePeriod(start, point, start)
                periods.append(current)
                day_end = _next_midnight(ctx, start)
            piece_end = min(end, day_end)
            seconds = (piece_end - start).total_seconds()
            if codes[run.start()] & 2:
                current.motion += seconds
            else:
                current.idle += seconds
            current.end = start = piece_end
            if start == day_end:
                current = None
        joined = run.end()
    return periods


def _ms(moment: dt.datetime) -> float:
    return (moment - _EPOCH).total_seconds() * 1000


def _duration(seconds: float, plugin: ReportPlugin) -> dict[str, Any]:
    return value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds)


def _figures(motion: float, idle: float, plugin: ReportPlugin) -> dict[str, Any]:
    return {
        "engine_hours": _duration(motion + idle, plugin),
        "in_motion": _duration(motion, plugin),
        "idling": _duration(idle, plugin),
    }


def _started(ctx: Context, period: EnginePeriod, plugin: ReportPlugin) -> dict[str, Any]:
    """The cell of a period's start: with the address of its point when it starts there."""
    when = ctx.user_time(period.start)
    if period.at_point:
        return place(when, period.point.address, period.point, plugin)
    where = {"lat": period.point.lat, "lng": period.point.lng}
    return value(when.strftime(time_format(plugin)), _ms(period.start), location=where)


def _ended(ctx: Context, moment: dt.datetime, plugin: ReportPlugin) -> dict[str, Any]:
    return value(ctx.user_time(moment).strftime(time_format(plugin)), _ms(moment))


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """A row per day with the ignition on (from its first start to its last stop), or per
    engine-on period with ``show_detailed``."""
    periods = engine_periods(ctx, source, plugin)
    if plugin.show_detailed is True:
        return [
            (
                ctx.user_time(p.start),
                {
                    "from": _started(ctx, p, plugin),
                    "to": _ended(ctx, p.end, plugin),
                    **_figures(p.motion, p.idle, plugin),
                },
            )
            for p in periods
        ]
    days: dict[dt.date, list[EnginePeriod]] = {}
    for period in periods:
        days.setdefault(ctx.user_time(period.start).date(), []).append(period)
    rows = []
    for day in days.values():
        first = day[0]
        row = {
            "from": _ended(ctx, first.start, plugin),
            "to": _ended(ctx, day[-1].end, plugin),
            **_figures(sum(p.motion for p in day), sum(p.idle for p in day), plugin),
        }
        rows.append((ctx.user_time(first.start), row))
    return rows


def _sums(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    return {field: float(sum(r[field]["raw"] for r in rows)) for field, _ in _FIGURES}


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    sums = _sums(rows)
    return {"text": "In total:", **{f: _duration(s, plugin) for f, s in sums.items()}}


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    sums = _sums(rows)
    return [
        (name, clock(sums[field], with_seconds=False), sums[field] / 60) for field, name in _FIGURES
    ]


ENGINE_HOURS: Final = Kind(
    "Engine hours",
    _rows,
    lambda _: _COLUMNS,
    _total,
    _summary,
    decision=(
        "Engine hours are counted as the tracker's engine hours counter and "
        "`tracker/stats/engine_hours/read` count them (a test holds them equal): the time "
        "from each point of the period reporting the ignition on to the next point, with no "
        "shortest period. That time is `in_motion` when both points belong to a trip of the "
        "trips report (split by the tracker's trip detection settings, so a stop shorter than "
        "its minimal parking stays in motion; with the plugin's `filter`, short trips are "
        "left out) and `idling` otherwise. Engine-on periods are cut at the user's midnight: "
        "the table has a row per day (its first engine start to its last stop, the day's "
        "engine hours, in motion and idling), or with `show_detailed` a row per engine-on "
        "period (its start with the address of its first point), grouped by day with the "
        "day's sums as its total. A row counts for the time filter at its start (a day's "
        "at its first start). The summary sums them (raw in minutes)."
    ),
)
"""The engine hours report (plugin 7)."""
