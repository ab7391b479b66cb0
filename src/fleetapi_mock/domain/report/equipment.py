"""The equipment working time report (plugin 12): the periods each discrete or virtual sensor
was on, and how much of them the tracker moved.

A period of work is a run of the sensor's readings that say it is on: from the first of them to
the first that says it is off (or the run's last reading when the period ends first), kept when
it lasts ``min_working_period_duration`` seconds at least. The tracker moved during the trips
``asset/track/list`` answers with ``filter``; the rest of a period is idling.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    Section,
    chart,
    clock,
    moment,
    place,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.driving import Driving, driving
from fleetapi_mock.domain.report.readings import check_sensors, covered, state_readings
from fleetapi_mock.domain.report.sections import SheetMemo, amount
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import (
    DiscreteSensorRecord,
    SensorRecord,
    TrackPointRecord,
    VirtualSensorRecord,
)

__all__ = ["DEFAULT_MIN_WORKING_SECONDS", "EQUIPMENT"]

DEFAULT_MIN_WORKING_SECONDS: Final = 60
"""The shortest period of work when the plugin gives no ``min_working_period_duration``."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("sensor", "Equipment", "left"),
    ("from", "Work start", "left"),
    ("to", "Work end", "left"),
    ("duration", "Working time", "right"),
    ("moving", "In motion", "right"),
    ("idle", "Idling", "right"),
    ("mileage", "Mileage,\nkm", "right"),
)
_IDLE_PERCENT: Final[Column] = ("idle_percent", "Idling, %", "right")


@attrs.frozen
class _States:
    """A sensor's readings: the points reporting its state, and the state at each."""

    sensor: DiscreteSensorRecord | VirtualSensorRecord
    points: Sequence[TrackPointRecord]
    states: Sequence[bool]

    @property
    def changes(self) -> list[int]:
        """The readings whose state differs from the one before."""
        states = self.states
        return list(itertools.compress(range(1, len(states)), map(operator.ne, states[1:], states)))


@attrs.frozen
class _Sheet:
    states: list[_States]
    rows: Rows


_MEMO: Final[SheetMemo[_Sheet]] = SheetMemo()


def _equipment(sensor: SensorRecord) -> bool:
    """Whether the report reads a sensor: a discrete or virtual one (on or off)."""
    return isinstance(sensor, (DiscreteSensorRecord, VirtualSensorRecord))


def _check(ctx: Context, request: Request) -> None:
    check_sensors(ctx, request, _equipment, "discrete and virtual sensors")


def _periods(found: _States) -> list[tuple[int, int]]:
    """The runs of readings on: the first on and the first off after (or the last on)."""
    states, count = found.states, len(found.states)
    periods = []
    start = 0 if count and states[0] else None
    for index in found.changes:
        if states[index]:
            start = index
        elif start is not None:
            periods.append((start, index))
            start = None
    if start is not None:
        periods.append((start, count - 1))
    return periods


def _make(ctx: Context, source: Source, plugin: ReportPlugin) -> _Sheet:
    points = served_points(ctx, source)
    moving = driving(ctx, source, plugin.filter)
    least = plugin.min_working_period_duration
    shortest = least if isinstance(least, int) else DEFAULT_MIN_WORKING_SECONDS
    found = []
    rows: Rows = []
    for sensor in covered(ctx, source.tracker, plugin, _equipment):
        if not isinstance(sensor, (DiscreteSensorRecord, VirtualSensorRecord)):
            continue
        states = _States(sensor, *state_readings(sensor, points))
        found.append(states)
        for first, last in _periods(states):
            start, end = states.points[first], states.points[last]
            if (end.get_time - start.get_time).total_seconds() >= shortest:
                rows.append(_row(ctx, sensor, start, end, moving, plugin))
    rows.sort(key=lambda item: (item[0], item[1]["sensor"]["raw"]))
    return _Sheet(found, rows)


def _row(
    ctx: Context,
    sensor: SensorRecord,
    start: TrackPointRecord,
    end: TrackPointRecord,
    moving: Driving,
    plugin: ReportPlugin,
) -> tuple[Any, dict[str, Any]]:
    when = ctx.user_time(start.get_time)
    seconds = (end.get_time - start.get_time).total_seconds()
    in_motion = moving.moving_seconds(start.get_time, end.get_time)
    row = {
        "sensor": value(sensor.name, float(sensor.id)),
        "from": place(when, start.address, start, plugin),
        "to": value(ctx.user_time(end.get_time).strftime(time_format(plugin)), moment(end)),
        **_times(seconds, in_motion, plugin),
        "mileage": amount(moving.km_between(start.get_time, end.get_time)),
    }
    return when, row


def _times(seconds: float, in_motion: float, plugin: ReportPlugin) -> dict[str, Any]:
    """The working time, in motion and idling cells (and the idling's part of the time)."""
    shown = plugin.show_seconds is True
    idle = seconds - in_motion
    cells = {
        "duration": value(clock(seconds, with_seconds=shown), seconds),
        "moving": value(clock(in_motion, with_seconds=shown), in_motion),
        "idle": value(clock(idle, with_seconds=shown), idle),
    }
    if plugin.show_idle_percent is True:
        cells["idle_percent"] = amount(100 * idle / seconds if seconds else 0.0, 1)
    return cells


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    return _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin)).rows


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    return (*_COLUMNS, _IDLE_PERCENT) if plugin.show_idle_percent is True else _COLUMNS


def _sums(rows: Sequence[dict[str, Any]]) -> tuple[float, float, float]:
    return (
        float(sum(r["duration"]["raw"] for r in rows)),
        float(sum(r["moving"]["raw"] for r in rows)),
        round(float(sum(r["mileage"]["raw"] for r in rows)), 6),
    )


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    seconds, in_motion, km = _sums(rows)
    return {"text": "In total:", **_times(seconds, in_motion, plugin), "mileage": amount(km)}


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds, in_motion, km = _sums(rows)
    idle = seconds - in_motion
    found = [
        ("Work periods", str(len(rows)), float(len(rows))),
        ("Working time", clock(seconds, with_seconds=False), seconds / 60),
        ("In motion", clock(in_motion, with_seconds=False), in_motion / 60),
        ("Idling", clock(idle, with_seconds=False), idle / 60),
    ]
    if plugin.show_idle_percent is True:
        percent = round(100 * idle / seconds, 6) if seconds else 0.0
        found.append(("Idling, %", f"{percent:.1f}", percent))
    found.append(("Mileage, km", f"{km:.2f}", km))
    names: dict[float, str] = {}
    each: dict[float, float] = {}
    for row in rows:
        key = row["sensor"]["raw"]
        names[key] = row["sensor"]["v"]
        each[key] = each.get(key, 0.0) + row["duration"]["raw"]
    for key in sorted(names):
        found.append((names[key], clock(each[key], with_seconds=False), each[key] / 60))
    return found


def _sections(ctx: Context, source: Source, plugin: ReportPlugin) -> list[Section]:
    """A chart of each sensor's state (1 on, 0 off) where it changes, over time."""
    sheet = _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin), last=True)
    series: list[tuple[str, Sequence[tuple[float, float]]]] = []
    for found in sheet.states:
        states, count = found.states, len(found.states)
        kept = sorted({0, *found.changes, count - 1}) if count else []
        series.append(
            (found.sensor.name, [(moment(found.points[i]), float(states[i])) for i in kept])
        )
    return [chart("Equipment activity", "time", series)] if series else []


EQUIPMENT: Final = Kind(
    "Equipment working time",
    _rows,
    _columns,
    _total,
    _summary,
    _check,
    _sections,
    decision=(
        "The equipment is each sensor `sensors` names (each a sensor of a tracker of the "
        "request, 217 otherwise, and a discrete or virtual one, 7 otherwise), else every "
        "discrete and virtual sensor of each tracker. A discrete sensor reads its digital "
        "input among a point's `inputs`; one of the ignition reads the point's `ignition` "
        "when it reports no inputs (as `tracker/get_inputs` answers it). A virtual sensor is "
        "on when the value it derives (before its titles: 1 in range, the bit set, the input "
        "itself) is not 0, at the points reporting its input (where "
        "`tracker/sensor/data/read` answers its values; tested). A period of work runs from "
        "the first reading on to the first off after it (or its last reading on), kept when "
        "it lasts `min_working_period_duration` seconds (60 when not given). A row per period: "
        "its start and end, working time, the part of it in the trips `asset/track/list` "
        "answers with `filter` (in motion) and the rest (idling; in percent with "
        "`show_idle_percent`), and the km of those trips. The summary adds them up, with each "
        "sensor's working time; a chart shows each sensor's state (1 on, 0 off) where it "
        "changes. `hide_empty_tabs` leaves out the sheets without periods of work."
    ),
)
"""The equipment working time report (plugin 12)."""
