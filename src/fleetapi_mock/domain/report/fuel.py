"""The fuel volume reports (plugins 10 and 95): each fuel level sensor's refills, drains and
consumption, the level over the period, and each day's figures.

A sheet's table lists the fuel movements of each fuel level sensor of the tracker (its
metering sensors of type ``fuel``, a composite one standing for its parts) in time order:
each refill, each drain, and the consumption between them cut at midnight, so that they
follow each other from the first reading of the period to the last and each day's rows add up
to its figures (:mod:`~fleetapi_mock.domain.report.fuel_levels` finds them). The summary adds
them up; a chart shows the level; ``detailed_by_dates`` adds a table of each day's figures.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    Section,
    chart,
    moment,
    place,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.driving import Driving, day_starts, driving
from fleetapi_mock.domain.report.fuel_levels import (
    DEFAULT_SURGE_THRESHOLD,
    Level,
    LevelOptions,
    Movement,
    movements,
    tank_volume,
    without_surges,
)
from fleetapi_mock.domain.report.readings import metering_readings, smoothed
from fleetapi_mock.domain.report.sections import (
    SheetMemo,
    amount,
    blank,
    sampled,
    series,
    table,
)
from fleetapi_mock.domain.sensor.values import parts, sensors_of
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import MeteringSensorRecord, TrackPointRecord

__all__ = ["FUEL", "FUEL_2", "fuel_sensors"]

_TITLES: Final = {
    "refill": ("Refill", 1.0),
    "drain": ("Drain", -1.0),
    "consumption": ("Consumption", 0.0),
}
_FIGURES: Final = ("refilled", "drained", "consumed")
_FIGURE_OF: Final = {"refill": "refilled", "drain": "drained", "consumption": "consumed"}


@attrs.frozen
class _Sheet:
    """What a tracker's sheet is made from."""

    levels: list[Level]
    driving: Driving
    points: Sequence[TrackPointRecord]
    rows: Rows


_MEMO: Final[SheetMemo[_Sheet]] = SheetMemo()


def fuel_sensors(ctx: Context, tracker_id: int) -> list[MeteringSensorRecord]:
    """The tracker's fuel level sensors, by ID: its metering sensors of type ``fuel`` but
    those a composite fuel sensor sums."""
    fuel = [
        s
        for s in sensors_of(ctx.world, tracker_id)
        if isinstance(s, MeteringSensorRecord) and s.sensor_type == "fuel"
    ]
    summed = {part for s in fuel for part in parts(s)}
    return [s for s in fuel if s.id not in summed]


def _options(plugin: ReportPlugin) -> LevelOptions:
    if plugin.plugin_id == FUEL_2_ID:
        return LevelOptions(
            surge=DEFAULT_SURGE_THRESHOLD, smoothing=True, drains=False, ignition_only=False
        )
    threshold = plugin.surge_filter_threshold
    surge = (
        (DEFAULT_SURGE_THRESHOLD if isinstance(threshold, Unset) else threshold)
        if plugin.surge_filter is True
        else None
    )
    return LevelOptions(
        surge=surge,
        smoothing=plugin.smoothing is True,
        drains=True,
        ignition_only=plugin.use_ignition_data_for_consumption is True,
    )


def _make(ctx: Context, source: Source, plugin: ReportPlugin) -> _Sheet:
    points = served_points(ctx, source)
    moving = driving(ctx, source, plugin.filter)
    options = _options(plugin)
    days = [start for _, start in day_starts(ctx, *source.served)][1:] if source.served else []
    levels = []
    for sensor in fuel_sensors(ctx, source.tracker.id):
        found, values = metering_readings(ctx.world, sensor, points)
        tank = tank_volume(ctx.world, sensor, values)
        if options.surge is not None:
            found, values = without_surges(found, values, options.surge * tank)
        if options.smoothing:
            values = smoothed(values)
        made = movements(
            sensor, found, values, tank=tank, options=options, driving=moving, days=days
        )
        levels.append(Level(sensor, found, values, made))
    rows = [
        row
        for level in levels
        for row in (_row(ctx, level, m, moving, plugin) for m in level.movements)
    ]
    rows.sort(key=lambda item: (item[0], item[1]["sensor"]["raw"]))
    return _Sheet(levels, moving, points, rows)


def _row(
    ctx: Context, level: Level, movement: Movement, moving: Driving, plugin: ReportPlugin
) -> tuple[Any, dict[str, Any]]:
    first, last = level.points[movement.first], level.points[movement.last]
    start = ctx.user_time(first.get_time)
    title, code = _TITLES[movement.kind]
    figures = {f: blank() for f in _FIGURES if f != "drained" or plugin.plugin_id != FUEL_2_ID}
    figures[_FIGURE_OF[movement.kind]] = amount(movement.amount)
    row = {
        "sensor": value(level.sensor.name, float(level.sensor.id)),
        "kind": value(title, code),
        "from": place(start, first.address, first, plugin),
        "to": value(ctx.user_time(last.get_time).strftime(time_format(plugin)), moment(last)),
        "before": amount(level.values[movement.first]),
        "after": amount(level.values[movement.last]),
        **figures,
        "mileage": amount(moving.km_between(first.get_time, last.get_time)),
    }
    return start, row


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    return _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin)).rows


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    columns: list[Column] = [
        ("sensor", "Sensor", "left"),
        ("kind", "Movement", "left"),
        ("from", "Start", "left"),
        ("to", "End", "left"),
        ("before", "Level before", "right"),
        ("after", "Level after", "right"),
        ("refilled", "Refilled", "right"),
        ("drained", "Drained", "right"),
        ("consumed", "Consumed", "right"),
        ("mileage", "Mileage,\nkm", "right"),
    ]
    return [c for c in columns if c[0] != "drained" or plugin.plugin_id != FUEL_2_ID]


def _sum(rows: Sequence[dict[str, Any]], field: str) -> float:
    return round(float(sum(r[field]["raw"] for r in rows if field in r)), 6)


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    fields = [f for f in (*_FIGURES, "mileage") if f != "drained" or plugin.plugin_id != FUEL_2_ID]
    return {"text": "In total:", **{f: amount(_sum(rows, f)) for f in fields}}


def _figures(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """The figures of some movements: the level at their start and end (summed over the
    sensors), the refills and drains, the volumes, the km and the consumption per 100 km."""
    first: dict[float, float] = {}
    last: dict[float, float] = {}
    for row in rows:
        sensor = row["sensor"]["raw"]
        first.setdefault(sensor, row["before"]["raw"])
        last[sensor] = row["after"]["raw"]
    consumed, km = _sum(rows, "consumed"), _sum(rows, "mileage")
    return {
        "initial": round(sum(first.values()), 6),
        "final": round(sum(last.values()), 6),
        "refills": float(sum(1 for r in rows if r["kind"]["raw"] > 0)),
        "refilled": _sum(rows, "refilled"),
        "drains": float(sum(1 for r in rows if r["kind"]["raw"] < 0)),
        "drained": _sum(rows, "drained"),
        "consumed": consumed,
        "mileage": km,
        "per_100_km": round(consumed / km * 100, 6) if km > 0 else 0.0,
    }


_SUMMARY: Final = (
    ("initial", "Initial volume"), ("final", "Final volume"), ("refills", "Refills"),
    ("refilled", "Refilled"), ("drains", "Drains"), ("drained", "Drained"),
    ("consumed", "Consumed"), ("mileage", "Mileage, km"), ("per_100_km", "Consumed per 100 km"),
)  # fmt: skip


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    figures = _figures(rows)
    shown = [
        (key, name)
        for key, name in _SUMMARY
        if plugin.plugin_id != FUEL_2_ID or key not in ("drains", "drained")
    ]
    return [
        (
            name,
            str(int(figures[key])) if key in ("refills", "drains") else f"{figures[key]:.2f}",
            figures[key],
        )
        for key, name in shown
    ]


def _by_dates(sheet: _Sheet, plugin: ReportPlugin) -> Section:
    """The table of each day's figures."""
    drains = plugin.plugin_id != FUEL_2_ID
    keys = [k for k, _ in _SUMMARY if drains or k not in ("drains", "drained")]
    names = dict(_SUMMARY)
    columns: list[Column] = [("date", "Date", "left")] + [(k, names[k], "right") for k in keys]
    rows = []
    for day, group in itertools.groupby(sheet.rows, key=lambda item: item[0].date()):
        figures = _figures([row for _, row in group])
        rows.append(
            {
                "date": value(f"{day:%Y-%m-%d}", float(day.toordinal())),
                **{k: amount(figures[k], 0 if k in ("refills", "drains") else 2) for k in keys},
            }
        )
    every = _figures([row for _, row in sheet.rows])
    total = {
        "text": "In total:",
        **{
            k: amount(every[k], 0 if k in ("refills", "drains") else 2)
            for k in keys
            if k not in ("initial", "final")
        },
    }
    return table("Fuel by dates", columns, rows, total)


def _chart(sheet: _Sheet, plugin: ReportPlugin) -> Section:
    mileage = plugin.graph_type == "mileage" and plugin.plugin_id != FUEL_2_ID

    def km(point: TrackPointRecord) -> float:
        return sheet.driving.km_at(point.get_time)

    x = km if mileage else moment
    found: list[tuple[str, Sequence[tuple[float, float]]]] = []
    for level in sheet.levels:
        units = f", {level.sensor.units}" if level.sensor.units else ""
        found.append((f"{level.sensor.name}{units}", series(level.points, level.values, x)))
    if plugin.plugin_id != FUEL_2_ID:
        points = sheet.points
        if plugin.include_speed_plot is True:
            speeds = [float(p.speed) for p in points]
            found.append(("Speed, km/h", series(points, speeds, x)))
        if plugin.include_mileage_plot is True and not mileage:
            found.append(("Mileage, km", [(moment(p), km(p)) for p in sampled(points)]))
    return chart("Fuel level", "mileage" if mileage else "time", found)


def _sections(ctx: Context, source: Source, plugin: ReportPlugin) -> list[Section]:
    sheet = _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin), last=True)
    if not sheet.levels:
        note = "The tracker has no fuel level sensor (a metering sensor of type fuel)."
        return [{"type": "text", "text": note, "style": "small_print"}]
    found = [_chart(sheet, plugin)]
    if plugin.detailed_by_dates is True or plugin.plugin_id == FUEL_2_ID:
        found.append(_by_dates(sheet, plugin))
    return found


FUEL_2_ID: Final = 95

FUEL: Final = Kind(
    "Fuel movements",
    _rows,
    _columns,
    _total,
    _summary,
    sections=_sections,
    decision=(
        "Every fuel level sensor of the tracker (a metering sensor of type `fuel`; a "
        "composite one stands for the parts it sums) is read at the points of the period, "
        "its values those `tracker/sensor/data/read` answers (tested). With `surge_filter`, "
        "a lone reading more than `surge_filter_threshold` (0.2 when not given) of the tank "
        "above or below both its neighbours is dropped; with `smoothing`, each reading is "
        "the mean of the five around it. A refill is a run of rises adding up to at least 2% "
        "of the tank (or the sensor's `accuracy`); a drain a run of falls each faster than "
        "the sensor's `max_lowering_by_time` per hour or `max_lowering_by_mileage` per 100 "
        "km (60 per hour when it sets neither), as large; two of a kind less than 5 minutes "
        "apart are one; the sensor's `ignore_refuels_in_move` and `ignore_drains_in_move` "
        "drop those starting in motion. The tank is the `fuel_tank_volume` of the tracker's "
        "vehicle, else the calibration table's largest `out`, else the highest level. The "
        "rest is consumption (with `use_ignition_data_for_consumption`, only the change "
        "between readings while the ignition is on). Rows follow each other from the first "
        "reading to the last: each refill, each drain, and the consumption between them cut "
        "at midnight, each with the level before and after and the km of the trips "
        "`asset/track/list` answers with `filter`; a day's total is its figures. The summary "
        "adds them up (initial and final volume summed over the sensors, consumption per 100 "
        "km). The chart shows each sensor's level over time or, with `graph_type` mileage, "
        "over the km of those trips from the period's start; `include_speed_plot` adds the "
        "points' speed, `include_mileage_plot` (time axis) those km. `detailed_by_dates` adds "
        "a table of each day's figures. A tracker without a fuel sensor gets a note."
    ),
)
"""The fuel volume report (plugin 10)."""

FUEL_2: Final = Kind(
    "Fuel level and refuelling",
    _rows,
    _columns,
    _total,
    _summary,
    sections=_sections,
    decision=(
        "The fuel volume report (plugin 10) as the newer report shows it: the level always "
        "smoothed and its lone surges filtered (threshold 0.2 of the tank), refills only (the "
        "newer report finds no drains: every fall is consumption), the chart of the level "
        "over time and the table of each day's figures always there. `hide_empty_tabs` "
        "leaves out the sheets of trackers without fuel readings in the period."
    ),
)
"""The fuel volume 2.0 report (plugin 95)."""
