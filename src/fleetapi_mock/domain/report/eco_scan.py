"""What the eco-driving reports (plugins 46 and 82) count: the penalties a plugin sets
(:class:`Scoring`), and a tracker's distance and violations over a period (:func:`tally`).

A violation is a harsh driving (a point or an event of a harsh driving type), a speeding (a run
of points over the speed limit lasting at least ``min_speeding_duration``, costing the penalty
of the largest ``speeding_penalties`` step its top speed exceeds the limit by) or an idling
(a run of points with the ignition on, slower than the tracker's idle speed, lasting at least
``min_idling_duration``). The rating is 100 less the penalty points per 100 km driven, 0 at
least (:func:`rating`).
"""

from __future__ import annotations

import bisect
import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from typing import Final, Literal

import attrs
from gpxpy.geo import ONE_DEGREE

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin, TimeFilter
from fleetapi.report_plugins import HARSH_DRIVING_KINDS
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.report.movement import DEFAULT_MAX_SPEED
from fleetapi_mock.domain.track import splitting_of, time_span
from fleetapi_mock.state.records import EventRecord, TrackerRecord, TrackPointRecord

__all__ = [
    "DEFAULT_HARSH_PENALTIES",
    "DEFAULT_SPEEDING_PENALTIES",
    "HARSH_EVENTS",
    "MAX_PENALTY",
    "Scoring",
    "Tally",
    "Violation",
    "Windows",
    "check_scoring",
    "rating",
    "scoring_of",
    "tally",
]

DEFAULT_HARSH_PENALTIES: Final[Mapping[str, int]] = {
    "harshAcceleration": 5, "harshBraking": 5, "harshTurn": 5,
    "harshAccelerationNTurn": 12, "harshBrakingNTurn": 12, "harshQuickLaneChange": 12,
}  # fmt: skip
"""The harsh driving penalties when the plugin gives none (the documentation's example)."""
DEFAULT_SPEEDING_PENALTIES: Final[Mapping[str, int]] = {"10": 2, "20": 10, "30": 25, "50": 75}
"""The speeding penalties when the plugin gives none (the documentation's example)."""
_DEFAULT_IDLING_PENALTY: Final = 5
_DEFAULT_MIN_IDLING: Final = 5
_DEFAULT_MIN_SPEEDING: Final = 1
MAX_PENALTY: Final = 10_000
"""The most points one violation may cost."""

_STEP: Final = re.compile(r"[1-9][0-9]{0,2}")


def _event_type(kind: str) -> str:
    """The event type of a harsh driving kind: ``harshBrakingNTurn`` is
    ``harsh_braking_n_turn``."""
    return re.sub(r"([A-Z])", r"_\1", kind).lower()


HARSH_EVENTS: Final[Mapping[str, str]] = {_event_type(k): k for k in HARSH_DRIVING_KINDS}
"""The event types of harsh driving (``harsh_braking``...), to their penalty keys."""


def _label(kind: str) -> str:
    words = _event_type(kind).split("_")
    return " ".join("and" if w == "n" else w for w in words).capitalize()


_LABELS: Final = {kind: _label(kind) for kind in HARSH_DRIVING_KINDS}
"""What a row calls each harsh driving kind (``Harsh braking and turn``)."""


@attrs.frozen
class Scoring:
    """The penalties and limits of an eco-driving plugin, its defaults filled in."""

    harsh: Mapping[str, int]
    """Points by harsh driving kind (a kind it does not name costs nothing)."""
    speeding: tuple[tuple[int, int], ...]
    """``(km/h over the limit, points)``, ascending."""
    idling: int
    min_idling: int
    """Seconds."""
    min_speeding: int
    """Seconds."""
    speed_limit: int
    use_vehicle_limit: bool


def check_scoring(plugin: ReportPlugin) -> None:
    """7 naming the option for a harsh driving kind not of
    :data:`~fleetapi.report_plugins.HARSH_DRIVING_KINDS`, a speeding step that is no whole
    km/h from 1 to 999, or a penalty outside 0 to :data:`MAX_PENALTY`."""
    harsh = plugin.harsh_driving_penalties
    if isinstance(harsh, dict):
        for kind, points in harsh.items():
            if kind not in HARSH_DRIVING_KINDS:
                known = ", ".join(HARSH_DRIVING_KINDS)
                raise invalid("plugin.harsh_driving_penalties", f"no kind {kind!r}: use {known}")
            _check_points("plugin.harsh_driving_penalties", points)
    speeding = plugin.speeding_penalties
    if isinstance(speeding, dict):
        for step, points in speeding.items():
            if _STEP.fullmatch(step) is None:
                raise invalid(
                    "plugin.speeding_penalties", f"{step!r} is no km/h over the limit, 1 to 999"
                )
            _check_points("plugin.speeding_penalties", points)
    if isinstance(plugin.idling_penalty, int):
        _check_points("plugin.idling_penalty", plugin.idling_penalty)


def _check_points(parameter: str, points: int) -> None:
    if not 0 <= points <= MAX_PENALTY:
        raise invalid(parameter, f"a penalty is 0 to {MAX_PENALTY} points")


def scoring_of(plugin: ReportPlugin) -> Scoring:
    """The plugin's scoring (checked by :func:`check_scoring`): a penalty table it gives
    replaces the default one whole; a speed limit of :data:`DEFAULT_MAX_SPEED` km/h."""
    harsh = plugin.harsh_driving_penalties
    speeding = plugin.speeding_penalties
    steps = DEFAULT_SPEEDING_PENALTIES if isinstance(speeding, Unset) else speeding

    def given(option: int | Unset, default: int) -> int:
        return default if isinstance(option, Unset) else option

    return Scoring(
        harsh=DEFAULT_HARSH_PENALTIES if isinstance(harsh, Unset) else harsh,
        speeding=tuple(sorted((int(step), points) for step, points in steps.items())),
        idling=given(plugin.idling_penalty, _DEFAULT_IDLING_PENALTY),
        min_idling=60 * given(plugin.min_idling_duration, _DEFAULT_MIN_IDLING),
        min_speeding=60 * given(plugin.min_speeding_duration, _DEFAULT_MIN_SPEEDING),
        speed_limit=given(plugin.speed_limit, DEFAULT_MAX_SPEED),
        use_vehicle_limit=plugin.use_vehicle_speed_limit is True,
    )


@attrs.frozen
class Violation:
    """One thing that costs penalty points."""

    tracker: TrackerRecord
    point: TrackPointRecord
    """Where and when it began."""
    group: Literal["harsh", "speeding", "idling"]
    kind: str
    """What it is, as a row reads it (``Harsh braking``, ``Speeding +25 km/h``, ``Idling``)."""
    seconds: float
    """How long it lasted (0 for a harsh driving)."""
    max_speed: int
    """The top speed during it, km/h."""
    points: int


@attrs.frozen
class Tally:
    """A tracker's driving over a period: the km and the violations (in time order)."""

    km: float
    violations: list[Violation]


@attrs.frozen
class Windows:
    """The moments a report's time filter lets through, as world-time windows
    ``[start, end)`` in order; ``None``: every moment."""

    spans: list[tuple[dt.datetime, dt.datetime]] | None

    @classmethod
    def of(
        cls, ctx: Context, time_filter: TimeFilter, start: dt.datetime, end: dt.datetime
    ) -> Windows:
        """The windows of ``time_filter`` over the period (world time): on each of its
        weekdays (the caller's time zone), from ``from`` to ``to`` (a window ending before it
        starts runs from midnight to ``to`` and from ``from`` to midnight), to the second."""
        low, high = _clock(time_filter.from_), _clock(time_filter.to)
        if (
            set(time_filter.weekdays) >= {1, 2, 3, 4, 5, 6, 7}
            and low == dt.time(0)
            and high >= dt.time(23, 59, 59)
        ):
            return cls(None)
        spans = []
        first = ctx.user_time(start).date()
        for offset in range((ctx.user_time(end).date() - first).days + 1):
            day = first + dt.timedelta(days=offset)
            if day.isoweekday() in time_filter.weekdays:
                parts = [(low, high)] if low <= high else [(dt.time(0), high), (low, None)]
                for a, b in parts:
                    begin = dt.datetime.combine(day, a)
                    spans.append((_world(ctx, begin), _world(ctx, _after(day, b))))
        return cls(spans)

    def passes(self, moment: dt.datetime) -> bool:
        """Whether the filter lets ``moment`` (world time) through."""
        if self.spans is None:
            return True
        n = bisect.bisect_right(self.spans, (moment, dt.datetime.max)) - 1
        return n >= 0 and moment < self.spans[n][1]


def _clock(text: str) -> dt.time:
    return dt.time.fromisoformat(text if len(text) == 8 else f"{text}:00")


def _after(day: dt.date, last: dt.time | None) -> dt.datetime:
    """The second after ``last`` on ``day`` (after the day with ``None``), local time."""
    try:
        if last is None:
            return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0))
        return dt.datetime.combine(day, last) + dt.timedelta(seconds=1)
    except OverflowError:
        return dt.datetime.max


def _world(ctx: Context, local: dt.datetime) -> dt.datetime:
    try:
        return ctx.world_time(local)
    except (OverflowError, ValueError):
        return dt.datetime.min if local.year < 2 else dt.datetime.max


def _limit(ctx: Context, tracker: TrackerRecord, scoring: Scoring) -> int:
    """The speed limit of the tracker: its vehicle's ``max_speed`` with
    ``use_vehicle_speed_limit`` (when the vehicle has one), else the plugin's."""
    if scoring.use_vehicle_limit:
        for vehicle in ctx.owned(ctx.world.vehicles):
            if vehicle.tracker_id == tracker.id and vehicle.max_speed:
                return vehicle.max_speed
    return scoring.speed_limit


def _harsh_tracker(event: EventRecord) -> tuple[int, ...]:
    """The tracker of a harsh driving event (the index of :func:`tally`)."""
    return (event.tracker_id,) if event.event in HARSH_EVENTS else ()


def tally(
    ctx: Context,
    tracker: TrackerRecord,
    served: tuple[dt.datetime, dt.datetime] | None,
    scoring: Scoring,
    windows: Windows,
) -> Tally:
    """The tracker's km and violations over the ``served`` period (world time), those the
    time filter lets through: a km counts with the point it ends at, a violation with the
    moment it begins."""
    if served is None:
        return Tally(0.0, [])
    every = ctx.world.points_of(tracker.id)
    first, last = time_span(every, *served)
    points = every[first:last]
    limit = _limit(ctx, tracker, scoring)
    idle_below = splitting_of(ctx.world.tracker_settings, tracker.id).idle_speed
    found: list[Violation] = []
    speedings, idlings, harsh = _scan(points, limit, idle_below)
    for run_start, end, top in speedings:
        seconds = (end.get_time - run_start.get_time).total_seconds()
        over = top - limit
        costs = [cost for step, cost in scoring.speeding if step <= over]
        if seconds >= scoring.min_speeding and costs and windows.passes(run_start.get_time):
            kind = f"Speeding +{over} km/h"
            found.append(Violation(tracker, run_start, "speeding", kind, seconds, top, costs[-1]))
    for run_start, end in idlings:
        seconds = (end.get_time - run_start.get_time).total_seconds()
        if seconds >= scoring.min_idling and windows.passes(run_start.get_time):
            found.append(
                Violation(tracker, run_start, "idling", "Idling", seconds, 0, scoring.idling)
            )
    seen = set()
    for point in [*harsh, *_harsh_events(ctx, tracker, served)]:
        kind = HARSH_EVENTS[point.event or ""]
        if (point.get_time, kind) in seen or not windows.passes(point.get_time):
            continue
        seen.add((point.get_time, kind))
        cost = scoring.harsh.get(kind, 0)
        found.append(Violation(tracker, point, "harsh", _LABELS[kind], 0.0, point.speed, cost))
    found.sort(key=lambda v: v.point.get_time)
    return Tally(_km(points, windows), found)


def _harsh_events(
    ctx: Context, tracker: TrackerRecord, served: tuple[dt.datetime, dt.datetime]
) -> list[TrackPointRecord]:
    """The tracker's harsh driving events in the period, as points where they happened."""
    return [
        TrackPointRecord(
            tracker_id=tracker.id,
            get_time=e.time,
            lat=e.location.lat,
            lng=e.location.lng,
            address=e.address,
            event=e.event,
        )
        for e in ctx.world.events.having(_harsh_tracker, [tracker.id])
        if served[0] <= e.time <= served[1]
    ]


_METERS_PER_DEGREE: Final = ONE_DEGREE
"""Meters per degree of latitude, on the sphere of the track's lengths (gpxpy's)."""
_RADIANS: Final = math.pi / 180


def _km(points: Sequence[TrackPointRecord], windows: Windows) -> float:
    """The km between consecutive points, of the pairs whose later point the time filter
    lets through."""
    if windows.spans is None:
        return _meters(points) / 1000
    meters = 0.0
    for start, end in windows.spans:
        first, last = time_span(points, start, end - dt.timedelta(microseconds=1))
        meters += _meters(points[max(0, first - 1) : last])
    return meters / 1000


def _meters(points: Sequence[TrackPointRecord]) -> float:
    """The length of a run of points, meters (on a local flat projection at each point:
    the great-circle distance within millimetres at a tracker's intervals)."""
    cos, hypot = math.cos, math.hypot
    degrees = 0.0
    before_lat = before_lng = math.nan
    for point in points:
        lat, lng = point.lat, point.lng
        if lat != before_lat or lng != before_lng:
            if before_lat == before_lat:  # not the first point (nan differs from itself)
                degrees += hypot(lat - before_lat, (lng - before_lng) * cos(lat * _RADIANS))
            before_lat, before_lng = lat, lng
    return degrees * _METERS_PER_DEGREE


def _scan(
    points: Sequence[TrackPointRecord], limit: int, idle_below: int
) -> tuple[
    list[tuple[TrackPointRecord, TrackPointRecord, int]],
    list[tuple[TrackPointRecord, TrackPointRecord]],
    list[TrackPointRecord],
]:
    """One pass over the points: the runs over ``limit`` (first point, first point after or
    the last, top speed), the idling runs (first point, first point after or the last) and the
    points of a harsh driving event."""
    speedings: list[tuple[TrackPointRecord, TrackPointRecord, int]] = []
    idlings: list[tuple[TrackPointRecord, TrackPointRecord]] = []
    harsh: list[TrackPointRecord] = []
    over: TrackPointRecord | None = None
    top = 0
    idle: TrackPointRecord | None = None
    for point in points:
        speed = point.speed
        if speed > limit:
            if over is None:
                over, top = point, speed
            elif speed > top:
                top = speed
        elif over is not None:
            speedings.append((over, point, top))
            over = None
        if speed < idle_below and point.ignition is True:
            if idle is None:
                idle = point
        elif idle is not None:
            idlings.append((idle, point))
            idle = None
        if point.event is not None and point.event in HARSH_EVENTS:
            harsh.append(point)
    if points:
        if over is not None:
            speedings.append((over, points[-1], top))
        if idle is not None:
            idlings.append((idle, points[-1]))
    return speedings, idlings, harsh


def rating(km: float, points: int) -> tuple[float | None, float]:
    """The penalty points per 100 km and the rating, ``100 - per_100_km``, from 0 to 100.
    Without any km there are no points per 100 km (``None``), and the rating is 100 without
    penalty points, else 0."""
    if km <= 0:
        return None, 100.0 if points == 0 else 0.0
    per_100 = points * 100 / km
    return round(per_100, 2), round(max(0.0, 100.0 - per_100), 1)
