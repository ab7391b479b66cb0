"""How the fuel reports read a fuel level sensor: its level, refills, drains and consumption.

The level is the sensor's values at the points of the period, as ``tracker/sensor/data/read``
answers them. The surge filter drops a lone reading that jumps away from both its neighbours
by more than its threshold (a part of the tank) and back; smoothing replaces each reading by
the mean of the five around it. Then, between consecutive readings:

- a *refill* is a run of rises adding up to at least the least volume (:func:`least_volume`);
- a *drain* is a run of falls each faster than the sensor allows, adding up to at least the
  least volume: faster than its ``max_lowering_by_time`` per hour, or its
  ``max_lowering_by_mileage`` per 100 km of the km driven meanwhile (either that it sets;
  :data:`DEFAULT_MAX_LOWERING_PER_HOUR` when it sets neither);
- refills (or drains) less than :data:`MERGE_SECONDS` apart, with nothing between, are one;
  one starting while the tracker moves does not count when the sensor's
  ``ignore_refuels_in_move`` (``ignore_drains_in_move``) says so;
- the rest is *consumption*: the fall of the level between the refills and drains (with
  ``use_ignition_data_for_consumption``, only between readings while the ignition is on).

The movements (:class:`Movement`) follow each other from the first reading to the last, the
consumption between two refills or drains cut at each midnight, so that each day's add up to
its own figures.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import math
import operator
from collections.abc import Sequence
from typing import Final, Literal

import attrs

from fleetapi._types import Unset
from fleetapi_mock.domain.report.driving import Driving
from fleetapi_mock.state.records import MeteringSensorRecord, TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_MAX_LOWERING_PER_HOUR",
    "DEFAULT_SURGE_THRESHOLD",
    "LEAST_SHARE",
    "MERGE_SECONDS",
    "Level",
    "LevelOptions",
    "Movement",
    "least_volume",
    "movements",
    "tank_volume",
    "without_surges",
]

DEFAULT_SURGE_THRESHOLD: Final = 0.2
"""The surge filter's threshold when the plugin gives none (the documentation's example)."""

DEFAULT_MAX_LOWERING_PER_HOUR: Final = 60.0
"""How fast the level may fall (units per hour) before it is a drain, for a sensor that sets
neither ``max_lowering_by_time`` nor ``max_lowering_by_mileage``."""

LEAST_SHARE: Final = 0.02
"""The least refill or drain, as a part of the tank (unless the sensor's ``accuracy`` is
more)."""

MERGE_SECONDS: Final = 300
"""Refills (or drains) closer than this are one."""

MovementKind = Literal["refill", "drain", "consumption"]


@attrs.frozen
class Movement:
    """A refill, a drain, or the consumption between them: from one reading to a later one
    (their places in the level's readings)."""

    kind: MovementKind
    first: int
    last: int
    amount: float
    """The volume refilled or drained, or consumed."""


@attrs.frozen
class LevelOptions:
    """How to read a level: the plugin's options."""

    surge: float | None
    """The surge filter's threshold (a part of the tank), ``None`` without the filter."""
    smoothing: bool
    drains: bool
    """Whether drains are found (falls are all consumption without)."""
    ignition_only: bool
    """Consumption only between readings while the ignition is on."""


@attrs.frozen
class Level:
    """A fuel level sensor's readings in the period and what they make."""

    sensor: MeteringSensorRecord
    points: Sequence[TrackPointRecord]
    values: Sequence[float]
    movements: Sequence[Movement]


def tank_volume(world: World, sensor: MeteringSensorRecord, values: Sequence[float]) -> float:
    """The volume of the sensor's tank: the ``fuel_tank_volume`` of the vehicle of its
    tracker, else the largest ``out`` of its calibration table, else the highest level read."""
    vehicles = world.vehicles
    for key in sorted(vehicles):
        vehicle = vehicles[key]
        if vehicle.tracker_id == sensor.tracker_id and vehicle.fuel_tank_volume:
            return float(vehicle.fuel_tank_volume)
    if sensor.calibration:
        return max(p.out for p in sensor.calibration)
    return max(values, default=0.0)


def least_volume(sensor: MeteringSensorRecord, tank: float) -> float:
    """The least refill or drain: :data:`LEAST_SHARE` of the tank, or the sensor's
    ``accuracy`` when that is more (and above 0 either way)."""
    return max(sensor.accuracy, LEAST_SHARE * tank, 1e-6)


def without_surges(
    points: Sequence[TrackPointRecord], values: Sequence[float], limit: float
) -> tuple[list[TrackPointRecord], list[float]]:
    """The readings without the lone surges: a reading more than ``limit`` above (or below)
    both readings around it."""
    if len(values) < 3:
        return list(points), list(values)
    kept = [
        index
        for index, (before, here, after) in enumerate(
            zip(values, values[1:], values[2:], strict=False), 1
        )
        if not (
            (here - before > limit and here - after > limit)
            or (before - here > limit and after - here > limit)
        )
    ]
    if len(kept) == len(values) - 2:
        return list(points), list(values)
    indexes = [0, *kept, len(values) - 1]
    return [points[i] for i in indexes], [values[i] for i in indexes]


def _limits(sensor: MeteringSensorRecord) -> tuple[float | None, float | None, bool, bool]:
    """The sensor's legal lowering per hour and per 100 km, and whether refills and drains in
    motion are ignored."""
    params = sensor.parameters
    if isinstance(params, Unset):
        return DEFAULT_MAX_LOWERING_PER_HOUR, None, False, False
    by_time = (
        None if isinstance(params.max_lowering_by_time, Unset) else params.max_lowering_by_time
    )
    by_km = (
        None
        if isinstance(params.max_lowering_by_mileage, Unset)
        else params.max_lowering_by_mileage
    )
    if by_time is None and by_km is None:
        by_time = DEFAULT_MAX_LOWERING_PER_HOUR
    return (
        by_time,
        by_km,
        params.ignore_refuels_in_move is True,
        params.ignore_drains_in_move is True,
    )


def _steps(
    sensor: MeteringSensorRecord,
    points: Sequence[TrackPointRecord],
    values: Sequence[float],
    drains: bool,
    driving: Driving,
) -> list[MovementKind | None]:
    """What each step from a reading to the next is: a rise, a fall faster than the sensor
    allows (when drains are found), or neither."""
    changes = list(map(operator.sub, values[1:], values))
    if not drains:
        return ["refill" if change > 0 else None for change in changes]
    by_time, by_km, _, _ = _limits(sensor)
    times = [point.get_time for point in points]
    seconds = list(map(dt.timedelta.total_seconds, map(operator.sub, times[1:], times)))
    per_second = math.inf if by_time is None else by_time / 3600
    steps: list[MovementKind | None] = [
        "refill" if change > 0 else "drain" if change < 0 and -change > per_second * span else None
        for change, span in zip(changes, seconds, strict=True)
    ]  # a fall in no time is faster than any
    if by_km is not None:
        for index, (step, change) in enumerate(zip(steps, changes, strict=True)):
            if step is None and change < 0:
                km = driving.km_between(times[index], times[index + 1])
                if km <= 0 or -change / km * 100 > by_km:
                    steps[index] = "drain"
    return steps


def _events(
    sensor: MeteringSensorRecord,
    points: Sequence[TrackPointRecord],
    values: Sequence[float],
    least: float,
    drains: bool,
    driving: Driving,
) -> list[tuple[MovementKind, int, int]]:
    """The refills (runs of rises) and drains (runs of fast falls) of at least ``least``."""
    _, _, still_refills, still_drains = _limits(sensor)
    steps = _steps(sensor, points, values, drains, driving)
    found: list[tuple[MovementKind, int, int]] = []
    for kind, run in itertools.groupby(range(len(steps)), key=steps.__getitem__):
        if kind is None:
            continue
        indexes = list(run)
        first, end = indexes[0], indexes[-1] + 1  # the reading after the run's last step
        if abs(values[end] - values[first]) < least:
            continue
        ignored = still_refills if kind == "refill" else still_drains
        if not (ignored and points[first].speed > 0):
            found.append((kind, first, end))
    return _merged(found, points)


def _merged(
    events: list[tuple[MovementKind, int, int]], points: Sequence[TrackPointRecord]
) -> list[tuple[MovementKind, int, int]]:
    merged: list[tuple[MovementKind, int, int]] = []
    for kind, first, last in events:
        if merged and merged[-1][0] == kind:
            gap = (points[first].get_time - points[merged[-1][2]].get_time).total_seconds()
            if gap < MERGE_SECONDS:
                merged[-1] = (kind, merged[-1][1], last)
                continue
        merged.append((kind, first, last))
    return merged


def _consumed(
    points: Sequence[TrackPointRecord],
    values: Sequence[float],
    first: int,
    last: int,
    ignition: bool,
) -> float:
    if not ignition:
        return values[first] - values[last]
    return sum(values[i] - values[i + 1] for i in range(first, last) if points[i].ignition is True)


def movements(
    sensor: MeteringSensorRecord,
    points: Sequence[TrackPointRecord],
    values: Sequence[float],
    *,
    tank: float,
    options: LevelOptions,
    driving: Driving,
    days: Sequence[dt.datetime],
) -> list[Movement]:
    """The refills, drains and consumption of the readings (after the surge filter and
    smoothing), in time order, the consumption cut at each of ``days`` (when each day after
    the first begins, UTC)."""
    least = least_volume(sensor, tank)
    events = _events(sensor, points, values, least, options.drains, driving)
    cuts = [bisect.bisect_left(points, start, key=lambda p: p.get_time) for start in days]
    found: list[Movement] = []

    def consumption(first: int, last: int) -> None:
        bounds = [first, *(c for c in cuts if first < c < last), last]
        for low, high in itertools.pairwise(bounds):
            if low < high:
                amount = _consumed(points, values, low, high, options.ignition_only)
                found.append(Movement("consumption", low, high, round(amount, 6)))

    cursor = 0
    for kind, first, last in events:
        consumption(cursor, first)
        found.append(Movement(kind, first, last, round(abs(values[last] - values[first]), 6)))
        cursor = last
    consumption(cursor, len(values) - 1)
    return found
