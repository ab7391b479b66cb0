"""A tracker's counters, its mileage and its engine hours, from its points.

Each point adds to a counter what it moved on since the point before: the odometer the
great-circle distance in km (or, with a sensor as its source, how much the sensor's value
grew), the engine hours the time between the two while the first reports the ignition on.
A counter is what the points added, times its ``multiplier``; one set by
``tracker/counter/value/set`` is the value set plus what the points after it add.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
from collections.abc import Sequence

import attrs
from gpxpy.geo import haversine_distance

from fleetapi.models.reading import COUNTER_TYPES, CounterType
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.sensor.values import Reading, running_values
from fleetapi_mock.state.records import (
    CounterSetting,
    MeteringSensorRecord,
    TrackerRecord,
    TrackPointRecord,
)
from fleetapi_mock.state.world import World

__all__ = [
    "counter_at",
    "counter_id",
    "counter_series",
    "counter_setting",
    "counter_value",
    "engine_hours_between",
    "mileage_by_day",
    "odometer_source",
]

_UNSET = CounterSetting()
"""A counter never set nor changed."""


def counter_id(tracker_id: int, kind: CounterType) -> int:
    """A counter's ID: the tracker's ID times the number of counter types, plus the type's
    place (the odometer's is twice the tracker's ID, the engine hours' one more)."""
    return tracker_id * len(COUNTER_TYPES) + COUNTER_TYPES.index(kind)


def counter_setting(tracker: TrackerRecord, kind: CounterType) -> CounterSetting:
    """A tracker's counter as set and changed (the default one when never)."""
    return tracker.counters.get(kind, _UNSET)


def odometer_source(
    world: World, tracker: TrackerRecord, setting: CounterSetting
) -> MeteringSensorRecord | None:
    """The metering sensor the odometer counts by, or ``None`` for the track's length (also
    when the sensor named was deleted)."""
    if setting.sensor_id is None:
        return None
    sensor = world.sensors.get(setting.sensor_id)
    if isinstance(sensor, MeteringSensorRecord) and sensor.tracker_id == tracker.id:
        return sensor
    return None


def _steps(
    world: World,
    tracker: TrackerRecord,
    kind: CounterType,
    setting: CounterSetting,
    points: Sequence[TrackPointRecord],
) -> list[float]:
    """What each of ``points`` adds to the counter (the first adds nothing), before the
    multiplier."""
    if not points:
        return []
    if kind == "engine_hours":
        return [
            0.0,
            *(
                (b.get_time - a.get_time).total_seconds() / 3600 if a.ignition else 0.0
                for a, b in itertools.pairwise(points)
            ),
        ]
    source = odometer_source(world, tracker, setting)
    if source is None:
        return [
            0.0,
            *(
                haversine_distance(a.lat, a.lng, b.lat, b.lng) / 1000
                for a, b in itertools.pairwise(points)
            ),
        ]
    grown = {id(point): value.value for point, value in running_values(world, source, points)}
    steps = []
    last: float | None = None
    for point in points:
        value = grown.get(id(point))
        steps.append(max(0.0, value - last) if value is not None and last is not None else 0.0)
        last = value if value is not None else last
    return steps


def _has_value(
    kind: CounterType, setting: CounterSetting, counted: Sequence[TrackPointRecord]
) -> bool:
    if setting.value is not None:
        return True
    if kind == "odometer":
        return bool(counted)
    return any(p.ignition is not None for p in counted)


def _after(
    points: Sequence[TrackPointRecord], since: dt.datetime | None
) -> Sequence[TrackPointRecord]:
    if since is None:
        return points
    return [p for p in points if p.get_time > since]


def counter_value(world: World, tracker: TrackerRecord, kind: CounterType) -> Reading | None:
    """A counter's value now and when it last changed (UTC), or ``None`` when it has none:
    never set, and no point (the odometer) or no point reporting the ignition (the engine
    hours)."""
    setting = counter_setting(tracker, kind)
    counted = _after(world.points_of(tracker.id), setting.time)
    if not _has_value(kind, setting, counted):
        return None
    added = sum(_steps(world, tracker, kind, setting, counted)) * setting.multiplier
    if setting.value is None or setting.time is None:
        return Reading(added, counted[-1].get_time)
    changed = max(setting.time, counted[-1].get_time) if counted else setting.time
    return Reading(setting.value + added, changed)


def counter_at(
    world: World, tracker: TrackerRecord, kind: CounterType, moment: dt.datetime
) -> float | None:
    """A counter's value at ``moment`` (UTC), as :func:`counter_value` would have answered
    then, or ``None`` when it had none: the value set (at or before ``moment``) plus what the
    points after it added, else what the points up to ``moment`` added (multiplied)."""
    setting = counter_setting(tracker, kind)
    points = world.points_of(tracker.id)
    upto = points[: bisect.bisect_right(points, moment, key=lambda p: p.get_time)]
    if setting.time is not None and setting.time > moment:  # set later: counted from 0 then
        setting = attrs.evolve(setting, value=None, time=None)
    counted = _after(upto, setting.time)
    if not _has_value(kind, setting, counted):
        return None
    added = sum(_steps(world, tracker, kind, setting, counted)) * setting.multiplier
    return added if setting.value is None else setting.value + added


def counter_series(
    world: World, tracker: TrackerRecord, kind: CounterType, start: dt.datetime, end: dt.datetime
) -> list[Reading] | None:
    """A counter's value after each point between ``start`` and ``end`` (UTC), or ``None``
    when the counter has no value. After the time it was set, the value set plus what the
    points since add; before, what the points from the first add (the world keeps a
    counter's last setting alone)."""
    if counter_value(world, tracker, kind) is None:
        return None
    setting = counter_setting(tracker, kind)
    points = [p for p in world.points_of(tracker.id) if p.get_time <= end]
    parts: list[tuple[Sequence[TrackPointRecord], float]] = [(points, 0.0)]
    if setting.time is not None and setting.value is not None:
        split = sum(1 for p in points if p.get_time <= setting.time)
        parts = [(points[:split], 0.0), (points[split:], setting.value)]
    series: list[Reading] = []
    for part, total in parts:
        for point, step in zip(part, _steps(world, tracker, kind, setting, part), strict=True):
            total += step * setting.multiplier
            if point.get_time >= start:
                series.append(Reading(total, point.get_time))
    return series


def engine_hours_between(
    points: Sequence[TrackPointRecord], start: dt.datetime, end: dt.datetime
) -> float:
    """The hours with the ignition on between ``start`` and ``end`` (UTC): the time between
    consecutive points both in the period while the first reports the ignition on."""
    inside = [p for p in points if start <= p.get_time <= end]
    seconds = sum(
        (b.get_time - a.get_time).total_seconds()
        for a, b in itertools.pairwise(inside)
        if a.ignition
    )
    return seconds / 3600


def mileage_by_day(
    ctx: Context, points: Sequence[TrackPointRecord], start: dt.datetime, end: dt.datetime
) -> dict[str, float]:
    """Km by day (``YYYY-MM-DD`` in the caller's time zone) of the period ``start``..``end``
    (UTC): each pair of consecutive points both in the period counts on the day of the
    second; every day of the period is there, 0 without points."""
    days: dict[str, float] = {}
    day = ctx.user_time(start).date()
    last = ctx.user_time(end).date()
    while day <= last:
        days[day.isoformat()] = 0.0
        day += dt.timedelta(days=1)
    inside = [p for p in points if start <= p.get_time <= end]
    for a, b in itertools.pairwise(inside):
        key = ctx.user_time(b.get_time).date().isoformat()
        days[key] = days.get(key, 0.0) + haversine_distance(a.lat, a.lng, b.lat, b.lng) / 1000
    return {key: round(km, 3) for key, km in days.items()}
