"""The readings reports: vehicle sensors (plugin 22, the CAN bus and OBD port) and measuring
sensors (plugin 9): each metering sensor's readings interval by interval, and a chart of each.

The period is cut into intervals of ``details_interval_seconds`` from its start; a row per
sensor and interval with readings holds their count, lowest, mean and highest value (the
values ``tracker/sensor/data/read`` answers, smoothed with ``smoothing``).
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi._types import UNSET
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.gazetteer import nearest_address
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    Section,
    chart,
    moment,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.driving import driving
from fleetapi_mock.domain.report.readings import (
    check_interval,
    check_sensors,
    covered,
    interval_seconds,
    metering,
    metering_readings,
    smoothed,
)
from fleetapi_mock.domain.report.sections import SheetMemo, amount, blank, series
from fleetapi_mock.domain.sensor.inputs import is_diagnostic_input
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import MeteringSensorRecord, SensorRecord, TrackPointRecord

__all__ = ["MEASURING_SENSORS", "VEHICLE_SENSORS"]

VEHICLE_SENSORS_ID: Final = 22
MEASURING_SENSORS_ID: Final = 9

_COLUMNS: Final[tuple[Column, ...]] = (
    ("sensor", "Sensor", "left"),
    ("time", "Interval start", "left"),
    ("readings", "Readings", "right"),
    ("min", "Min.", "right"),
    ("avg", "Average", "right"),
    ("max", "Max.", "right"),
)
_ADDRESS: Final[Column] = ("address", "Address", "left")


@attrs.frozen
class _Series:
    sensor: MeteringSensorRecord
    points: Sequence[TrackPointRecord]
    values: Sequence[float]


@attrs.frozen
class _Sheet:
    series: list[_Series]
    rows: Rows


_MEMO: Final[SheetMemo[_Sheet]] = SheetMemo()


def _vehicle(sensor: SensorRecord) -> bool:
    """Whether a vehicle sensors report covers a sensor it is not told of: a metering
    sensor reading a CAN bus or OBD port input."""
    return isinstance(sensor, MeteringSensorRecord) and is_diagnostic_input(sensor.input_name)


def _check(ctx: Context, request: Request) -> None:
    check_interval(request.plugin)
    check_sensors(ctx, request, metering, "metering sensors")


def _units(sensor: MeteringSensorRecord) -> str:
    return f"{sensor.name}, {sensor.units}" if sensor.units else sensor.name


def _make(ctx: Context, source: Source, plugin: ReportPlugin) -> _Sheet:
    pick = _vehicle if plugin.plugin_id == VEHICLE_SENSORS_ID else metering
    points = served_points(ctx, source)
    found = []
    for sensor in covered(ctx, source.tracker, plugin, pick):
        if not isinstance(sensor, MeteringSensorRecord):  # checked, or picked as such
            continue
        at, values = metering_readings(ctx.world, sensor, points)
        found.append(_Series(sensor, at, smoothed(values) if plugin.smoothing is True else values))
    starts: dict[int, tuple[dt.datetime, dict[str, Any]]] = {}
    places: dict[tuple[float, float], str] = {}
    rows = [row for s in found for row in _interval_rows(ctx, source, s, plugin, starts, places)]
    rows.sort(key=lambda item: (item[0], item[1]["sensor"]["raw"]))
    return _Sheet(found, rows)


def _interval_rows(
    ctx: Context,
    source: Source,
    found: _Series,
    plugin: ReportPlugin,
    starts: dict[int, tuple[dt.datetime, dict[str, Any]]],
    places: dict[tuple[float, float], str],
) -> Rows:
    """A row per interval with readings of the sensor (intervals from the period's start;
    ``starts`` keeps the start of each, ``places`` the addresses found, for the next
    sensor)."""
    if not found.points:
        return []
    every = dt.timedelta(seconds=interval_seconds(plugin))
    origin = source.interval[0]
    first = (found.points[0].get_time - origin) // every
    last = (found.points[-1].get_time - origin) // every
    address = plugin.plugin_id == MEASURING_SENSORS_ID and plugin.show_address is True
    times = [point.get_time for point in found.points]
    fmt = time_format(plugin)
    rows: Rows = []
    low = 0
    for index in range(first, last + 1):
        begins = origin + index * every
        high = bisect.bisect_left(times, begins + every, lo=low)
        if high == low:
            continue
        values = found.values[low:high]
        if index not in starts:
            shown = ctx.user_time(begins)
            starts[index] = (shown, value(shown.strftime(fmt), _milliseconds(begins)))
        start, cell = starts[index]
        row = {
            "sensor": value(found.sensor.name, float(found.sensor.id)),
            "time": cell,
            "readings": value(str(len(values)), float(len(values))),
            "min": amount(min(values)),
            "avg": amount(sum(values) / len(values)),
            "max": amount(max(values)),
        }
        if address:
            row["address"] = value(_address(ctx, found.points[high - 1], places), 0.0)
        rows.append((start, row))
        low = high
    return rows


def _milliseconds(when: dt.datetime) -> float:
    """A world time as the ``raw`` of a cell: UNIX milliseconds."""
    return (when - dt.datetime(1970, 1, 1)).total_seconds() * 1000


def _address(ctx: Context, point: TrackPointRecord, places: dict[tuple[float, float], str]) -> str:
    """The address recorded with the point, else the nearest the geocoder knows (if any)."""
    if point.address:
        return point.address
    key = (point.lat, point.lng)
    found = places.get(key)
    if found is None:
        entry = nearest_address(ctx.world, point.lat, point.lng)
        found = places[key] = entry.address if entry is not None else ""
    return found


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    return _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin)).rows


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    if plugin.plugin_id == MEASURING_SENSORS_ID and plugin.show_address is True:
        return (*_COLUMNS, _ADDRESS)
    return _COLUMNS


def _figures(rows: Sequence[dict[str, Any]]) -> dict[float, tuple[str, float, float, float, float]]:
    """Each sensor's name, readings, lowest, mean and highest value over the rows, by ID."""
    found: dict[float, tuple[str, float, float, float, float]] = {}
    for row in rows:
        key, count = row["sensor"]["raw"], row["readings"]["raw"]
        low, mean, high = row["min"]["raw"], row["avg"]["raw"], row["max"]["raw"]
        if key in found:
            _, total, was_low, was_mean, was_high = found[key]
            mean = (was_mean * total + mean * count) / (total + count)
            low, high, count = min(low, was_low), max(high, was_high), total + count
        found[key] = (row["sensor"]["v"], count, low, mean, high)
    return found


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    figures = _figures(rows)
    count = sum(f[1] for f in figures.values())
    total = {"text": "In total:", "readings": value(str(int(count)), count)}
    if len(figures) == 1:
        ((_, _, low, mean, high),) = figures.values()
        total.update(min=amount(low), avg=amount(mean), max=amount(high))
    else:
        total.update(min=blank(), avg=blank(), max=blank())
    return total


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    figures = _figures(rows)
    count = sum(f[1] for f in figures.values())
    found = [
        ("Sensors", str(len(figures)), float(len(figures))),
        ("Readings", str(int(count)), count),
    ]
    for name, _, low, mean, high in figures.values():
        found += [
            (f"{name}: min.", f"{low:.2f}", low),
            (f"{name}: average", f"{mean:.2f}", round(mean, 6)),
            (f"{name}: max.", f"{high:.2f}", high),
        ]
    return found


def _sections(ctx: Context, source: Source, plugin: ReportPlugin) -> list[Section]:
    sheet = _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin), last=True)
    mileage = plugin.graph_type == "mileage"
    if mileage:
        filtered = plugin.filter if plugin.plugin_id == MEASURING_SENSORS_ID else UNSET
        moving = driving(ctx, source, filtered)

        def x(point: TrackPointRecord) -> float:
            return moving.km_at(point.get_time)
    else:
        x = moment
    return [
        chart(
            _units(s.sensor),
            "mileage" if mileage else "time",
            [(_units(s.sensor), series(s.points, s.values, x))],
        )
        for s in sheet.series
        if s.points
    ]


_DECISION: Final = (
    "The period is cut into intervals of `details_interval_seconds` (30 to 21600) from its "
    "start, else of `details_interval_minutes` (the deprecated form; 7 when both are given "
    "and differ), else of an hour. A row per sensor and interval with readings: the "
    "interval's start, the count of readings and their lowest, mean and highest value, the "
    "values `tracker/sensor/data/read` answers for the same points (tested), with "
    "`smoothing` each the mean of the five readings around it. A day's total and the summary "
    "give each sensor's lowest, mean (of every reading) and highest value. A chart per sensor "
    "shows its readings over time or, with `graph_type` mileage, over the km of the trips "
    "`asset/track/list` answers from the period's start. `sensors` names the sensors, each "
    "of a tracker of the request (217 otherwise) and a metering one (7 otherwise; a tracker "
    "none of them is of gets an empty sheet); without it, "
)

VEHICLE_SENSORS: Final = Kind(
    "Vehicle sensors",
    _rows,
    _columns,
    _total,
    _summary,
    _check,
    _sections,
    decision=_DECISION
    + "every metering sensor of each tracker reading a CAN bus or OBD port input (`can_`, "
    "`obd_`). `hide_empty_tabs` leaves out the sheets without readings.",
)
"""The vehicle sensors report (plugin 22)."""

MEASURING_SENSORS: Final = Kind(
    "Measuring sensors",
    _rows,
    _columns,
    _total,
    _summary,
    _check,
    _sections,
    decision=_DECISION
    + "every metering sensor of each tracker. `show_address` adds the address of each "
    "interval's last reading (recorded with its point, else the nearest the geocoder "
    "knows); `filter` leaves short trips out of the km of a mileage chart; "
    "`hide_empty_tabs` leaves out the sheets without readings.",
)
"""The measuring sensors report (plugin 9)."""
