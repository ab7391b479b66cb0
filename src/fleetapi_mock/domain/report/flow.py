"""The flow meter report (plugin 78): the fuel each flow meter counted, trip by trip and at the
stops between.

A flow meter is a metering sensor of type ``flow_meter`` or ``fuel_consumption`` (the CAN bus's
total fuel used): a counter of the fuel that went through. What it counted between two readings
is its growth (nothing when it fell: the counter was reset), counted in the trip or stop in
which the later reading lies.
"""

from __future__ import annotations

import bisect
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
    Rows,
    Section,
    clock,
    moment,
    place,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.driving import driving
from fleetapi_mock.domain.report.readings import metering_readings
from fleetapi_mock.domain.report.sections import SheetMemo, amount, blank, table
from fleetapi_mock.domain.sensor.values import sensors_of
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import MeteringSensorRecord, TrackPointRecord

__all__ = ["FLOW_METER", "FLOW_METER_TYPES", "flow_meters"]

FLOW_METER_TYPES: Final = ("flow_meter", "fuel_consumption")
"""The types of the metering sensors that count the fuel that went through."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("sensor", "Sensor", "left"),
    ("kind", "Movement", "left"),
    ("from", "Start", "left"),
    ("to", "End", "left"),
    ("duration", "Duration", "right"),
    ("mileage", "Mileage,\nkm", "right"),
    ("consumed", "Consumed", "right"),
    ("per_100_km", "Consumed per\n100 km", "right"),
)


@attrs.frozen
class _Stretch:
    """A trip or the stop before, after or between trips."""

    trip: bool
    start: TrackPointRecord
    """Its first point (a stop's: where the tracker stood)."""
    end: TrackPointRecord
    km: float


@attrs.frozen
class _Sheet:
    rows: Rows


_MEMO: Final[SheetMemo[_Sheet]] = SheetMemo()


def flow_meters(ctx: Context, tracker_id: int) -> list[MeteringSensorRecord]:
    """The tracker's flow meters, by ID."""
    return [
        s
        for s in sensors_of(ctx.world, tracker_id)
        if isinstance(s, MeteringSensorRecord) and s.sensor_type in FLOW_METER_TYPES
    ]


def _stretches(ctx: Context, source: Source, plugin: ReportPlugin) -> list[_Stretch]:
    """The trips ``asset/track/list`` answers with ``filter`` and the stops around them, from
    the first point of the period to its last."""
    points = served_points(ctx, source)
    if not points:
        return []
    moving = driving(ctx, source, plugin.filter)
    found: list[_Stretch] = []
    standing = points[0]
    for part, km in zip(moving.parts, moving.lengths, strict=True):
        if part[0].get_time > standing.get_time:
            found.append(_Stretch(False, standing, part[0], 0.0))
        found.append(_Stretch(True, part[0], part[-1], km))
        standing = part[-1]
    if points[-1].get_time > standing.get_time:
        found.append(_Stretch(False, standing, points[-1], 0.0))
    return found


def _counted(
    points: Sequence[TrackPointRecord], values: Sequence[float], stretches: Sequence[_Stretch]
) -> list[tuple[float, int]]:
    """The fuel counted in each stretch and the readings counting it: each growth between
    two readings in the stretch of the later one (a reading where one stretch ends and the
    next begins counts in the first)."""
    growth = [max(0.0, change) for change in map(operator.sub, values[1:], values)]
    times = [point.get_time for point in points[1:]]
    found = []
    low = bisect.bisect_left(times, stretches[0].start.get_time) if stretches else 0
    for stretch in stretches:
        high = bisect.bisect_right(times, stretch.end.get_time, lo=low)
        found.append((sum(growth[low:high]), high - low))
        low = high
    return found


def _make(ctx: Context, source: Source, plugin: ReportPlugin) -> _Sheet:
    stretches = _stretches(ctx, source, plugin)
    points = served_points(ctx, source)
    rows = []
    for sensor in flow_meters(ctx, source.tracker.id):
        found, values = metering_readings(ctx.world, sensor, points)
        if not stretches or len(values) < 2:
            continue
        for stretch, (consumed, count) in zip(
            stretches, _counted(found, values, stretches), strict=True
        ):
            if count:
                rows.append(_row(ctx, sensor, stretch, consumed, plugin))
    rows.sort(key=lambda item: (item[0], item[1]["sensor"]["raw"]))
    return _Sheet(rows)


def _row(
    ctx: Context,
    sensor: MeteringSensorRecord,
    stretch: _Stretch,
    consumed: float,
    plugin: ReportPlugin,
) -> tuple[Any, dict[str, Any]]:
    start = ctx.user_time(stretch.start.get_time)
    seconds = (stretch.end.get_time - stretch.start.get_time).total_seconds()
    per_100_km = amount(consumed / stretch.km * 100) if stretch.trip and stretch.km > 0 else blank()
    row = {
        "sensor": value(sensor.name, float(sensor.id)),
        "kind": value("Trip" if stretch.trip else "Stop", 1.0 if stretch.trip else 0.0),
        "from": place(start, stretch.start.address, stretch.start, plugin),
        "to": value(
            ctx.user_time(stretch.end.get_time).strftime(time_format(plugin)), moment(stretch.end)
        ),
        "duration": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        "mileage": amount(stretch.km),
        "consumed": amount(consumed),
        "per_100_km": per_100_km,
    }
    return start, row


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    return _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin)).rows


def _figures(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """The fuel counted in all, in trips and at stops, the trips, their km (each trip once,
    however many flow meters count in it) and the fuel per 100 km of them."""
    trips = {r["from"]["raw"]: r["mileage"]["raw"] for r in rows if r["kind"]["raw"] > 0}
    in_trips = sum(r["consumed"]["raw"] for r in rows if r["kind"]["raw"] > 0)
    at_stops = sum(r["consumed"]["raw"] for r in rows if r["kind"]["raw"] == 0)
    km = sum(trips.values())
    return {
        "consumed": round(in_trips + at_stops, 6),
        "in_trips": round(in_trips, 6),
        "at_stops": round(at_stops, 6),
        "trips": float(len(trips)),
        "mileage": round(km, 6),
        "per_100_km": round(in_trips / km * 100, 6) if km > 0 else 0.0,
    }


_NAMES: Final = (
    ("consumed", "Consumed"), ("in_trips", "Consumed in trips"),
    ("at_stops", "Consumed at stops"), ("trips", "Trips"), ("mileage", "Mileage, km"),
    ("per_100_km", "Consumed per 100 km in trips"),
)  # fmt: skip


def _cell(key: str, number: float) -> dict[str, Any]:
    return amount(number, 0 if key == "trips" else 2)


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    figures = _figures(rows)
    return {
        "text": "In total:",
        "mileage": amount(figures["mileage"]),
        "consumed": amount(figures["consumed"]),
        "per_100_km": amount(figures["per_100_km"]),
    }


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    figures = _figures(rows)
    return [(name, _cell(key, figures[key])["v"], figures[key]) for key, name in _NAMES]


def _sections(ctx: Context, source: Source, plugin: ReportPlugin) -> list[Section]:
    sheet = _MEMO.get(source, plugin, lambda: _make(ctx, source, plugin), last=True)
    if not flow_meters(ctx, source.tracker.id):
        note = "The tracker has no flow meter (a metering sensor of type flow_meter or "
        note += "fuel_consumption)."
        return [{"type": "text", "text": note, "style": "small_print"}]
    if plugin.detailed_by_dates is not True:
        return []
    columns: list[Column] = [("date", "Date", "left")] + [(k, n, "right") for k, n in _NAMES]
    rows = []
    for day, group in itertools.groupby(sheet.rows, key=lambda item: item[0].date()):
        figures = _figures([row for _, row in group])
        rows.append(
            {
                "date": value(f"{day:%Y-%m-%d}", float(day.toordinal())),
                **{k: _cell(k, figures[k]) for k, _ in _NAMES},
            }
        )
    every = _figures([row for _, row in sheet.rows])
    total = {"text": "In total:", **{k: _cell(k, every[k]) for k, _ in _NAMES}}
    return [table("Fuel by dates", columns, rows, total)]


FLOW_METER: Final = Kind(
    "Flow meter",
    _rows,
    lambda _: _COLUMNS,
    _total,
    _summary,
    sections=_sections,
    decision=(
        "A flow meter is a metering sensor of type `flow_meter` or `fuel_consumption` (the "
        "CAN bus's total fuel used), a counter: what it counted between two of its readings "
        "(its values as `tracker/sensor/data/read` answers them) is its growth, nothing when "
        "it fell (a reset). The period is cut into the trips `asset/track/list` answers with "
        "`filter` and the stops before, between and after them (from the period's first "
        "point to its last); each growth counts in the trip or stop of its later reading. A "
        "row per flow meter and trip or stop it counted in: its start and end, duration, km, "
        "the fuel counted and, for a trip, per 100 km. The summary adds them up (each trip's "
        "km once); `detailed_by_dates` adds a table of each day's figures (by the day the "
        "trip or stop began). A tracker without a flow meter gets a note."
    ),
)
"""The flow meter report (plugin 78)."""
