"""Tracker reports: their content, made from the same trips and points ``asset/track/list``
and the events answer, and their progress with the world clock.

A report is made whole when it is asked for (:func:`report_sheets`) and kept with the time its
generation ends; ``status`` and ``list`` count the percent up to then (:func:`percent`).

Each report has a sheet per tracker: a ``table`` section of its rows grouped by day (each group
with its ``total``), a ``map_table`` summary, and the plugin's more sections (charts); a report
of several trackers whose plugin documents a summary sheet starts with one. How a plugin's rows,
columns, totals and summary are made is its :class:`~fleetapi_mock.domain.report.cells.Kind` in
:data:`KINDS`, one module per family of plugins (:mod:`~fleetapi_mock.domain.report.movement`,
:mod:`~fleetapi_mock.domain.report.zone`...).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi.report_plugins import BY_ID
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Kind, Request, Section
from fleetapi_mock.domain.report.device import CONNECTION_LOST, SMS_LOCATIONS, SWITCHING
from fleetapi_mock.domain.report.driver import SHIFT_CHANGES
from fleetapi_mock.domain.report.eco import ECO_BY_DRIVERS, ECO_BY_TRACKERS
from fleetapi_mock.domain.report.engine import ENGINE_HOURS
from fleetapi_mock.domain.report.equipment import EQUIPMENT
from fleetapi_mock.domain.report.events import (
    ALL_EVENTS,
    CAR_SECURITY,
    DETACH,
    EMERGENCY_BUTTON,
    FALL_DETECTION,
    OVERALL_SECURITY,
)
from fleetapi_mock.domain.report.field import CHECKINS, TASKS
from fleetapi_mock.domain.report.flow import FLOW_METER
from fleetapi_mock.domain.report.forms import FORM_STATISTICS
from fleetapi_mock.domain.report.fuel import FUEL, FUEL_2
from fleetapi_mock.domain.report.movement import SPEEDING, STOPS, TRIPS
from fleetapi_mock.domain.report.places import PLACE_VISITS
from fleetapi_mock.domain.report.points import POINTS
from fleetapi_mock.domain.report.sensors import MEASURING_SENSORS, VEHICLE_SENSORS
from fleetapi_mock.domain.report.shifts import TRIPS_AND_STOPS_BY_SHIFTS
from fleetapi_mock.domain.report.states import TRIPS_BY_STATE
from fleetapi_mock.domain.report.statuses import WORK_STATUSES
from fleetapi_mock.domain.report.stay import ZONE_STAYS
from fleetapi_mock.domain.report.zone import ZONE_VISITS
from fleetapi_mock.domain.report.zone_events import ZONE_EVENTS
from fleetapi_mock.domain.track.answer import sources
from fleetapi_mock.state.records import ReportRecord, TrackerRecord

__all__ = ["KINDS", "WHOLE_DAY", "Request", "percent", "report_sheets"]

WHOLE_DAY = TimeFilter(from_="00:00:00", to="23:59:59", weekdays=[1, 2, 3, 4, 5, 6, 7])
"""The time filter of a report that gives none."""

KINDS: Final[dict[int, Kind]] = {
    4: TRIPS,
    6: STOPS,
    7: ENGINE_HOURS,
    8: ZONE_VISITS,
    9: MEASURING_SENSORS,
    10: FUEL,
    11: ALL_EVENTS,
    12: EQUIPMENT,
    13: CONNECTION_LOST,
    15: CAR_SECURITY,
    16: EMERGENCY_BUTTON,
    17: FALL_DETECTION,
    18: DETACH,
    19: OVERALL_SECURITY,
    20: SMS_LOCATIONS,
    22: VEHICLE_SENSORS,
    23: SWITCHING,
    27: SPEEDING,
    42: TASKS,
    46: ECO_BY_TRACKERS,
    47: WORK_STATUSES,
    66: SHIFT_CHANGES,
    70: FORM_STATISTICS,
    73: TRIPS_BY_STATE,
    77: TRIPS_AND_STOPS_BY_SHIFTS,
    78: FLOW_METER,
    80: CHECKINS,
    82: ECO_BY_DRIVERS,
    84: ZONE_STAYS,
    85: PLACE_VISITS,
    89: ZONE_EVENTS,
    91: POINTS,
    95: FUEL_2,
}
"""The plugins the mock makes, by ID."""


def percent(record: ReportRecord, now: dt.datetime) -> int:
    """How much of the report's generation is done at ``now``, 0 to 100."""
    if now >= record.ready:
        return 100
    total = (record.ready - record.created).total_seconds()
    done = (now - record.created).total_seconds()
    return max(0, min(99, int(100 * done / total))) if total > 0 else 100


def _passes(start: dt.datetime, time_filter: TimeFilter) -> bool:
    """Whether a trip starting at ``start`` (the user's time) falls in the filter's days and
    hours (a window ending before it starts runs past midnight)."""
    if start.isoweekday() not in time_filter.weekdays:
        return False
    clock = start.strftime("%H:%M:%S")
    low, high = (_full(time_filter.from_), _full(time_filter.to))
    return low <= clock <= high if low <= high else clock >= low or clock <= high


def _full(clock: str) -> str:
    return clock if len(clock) == 8 else f"{clock}:00"


def report_sheets(ctx: Context, request: Request) -> list[ReportSheet]:
    """The sheets of a report, one per tracker (or as its plugin makes them), after a summary
    sheet where the plugin documents one; the plugin must be one of :data:`KINDS`."""
    plugin = request.plugin
    kind = KINDS[plugin.plugin_id]
    kind.check(ctx, request)
    if kind.sheets is not None:
        return kind.sheets(ctx, request)
    sheets = []
    summaries: list[tuple[TrackerRecord, list[tuple[str, str, float]]]] = []
    for source in sources(ctx, request.trackers, request.start, request.end):
        rows_by_day: dict[dt.date, list[dict[str, Any]]] = {}
        for when, row in kind.rows(ctx, source, plugin):
            if _passes(when, request.time_filter):
                rows_by_day.setdefault(when.date(), []).append(row)
        every = [row for rows in rows_by_day.values() for row in rows]
        summary = kind.summary(ctx, every, plugin)
        summaries.append((source.tracker, summary))
        if not rows_by_day and plugin.hide_empty_tabs is True:
            continue
        more = kind.sections(ctx, source, plugin)
        sheets.append(_sheet(source.tracker, kind, rows_by_day, summary, more, plugin))
    return _with_summary(kind, plugin, summaries, sheets)


def _with_summary(
    kind: Kind,
    plugin: ReportPlugin,
    summaries: list[tuple[TrackerRecord, list[tuple[str, str, float]]]],
    sheets: list[ReportSheet],
) -> list[ReportSheet]:
    """The sheets after a summary sheet of every tracker (a row each, the summaries' figures
    as columns by their names: a figure only some trackers have is empty for the others),
    when the plugin documents one, it is not turned off and there are several trackers (or
    ``include_summary_sheet_only``); that sheet alone with the latter."""
    documented = "include_summary_sheet" in BY_ID[plugin.plugin_id].options
    only = plugin.include_summary_sheet_only is True
    wanted = only or (plugin.include_summary_sheet is not False and len(summaries) > 1)
    if not documented or not wanted or not summaries:
        return sheets
    names = list(dict.fromkeys(name for _, summary in summaries for name, _, _ in summary))
    field = {name: f"c{n}" for n, name in enumerate(names)}  # a figure's column, by its name
    columns = [_column("tracker", "Tracker", "left")] + [
        _column(field[name], name, "right") for name in names
    ]
    rows = [
        {
            "tracker": {"v": tracker.label, "raw": tracker.id, "type": "value"},
            **{field[name]: {"v": v, "raw": raw, "type": "value"} for name, v, raw in summary},
        }
        for tracker, summary in summaries
    ]
    table = {
        "type": "table", "header": f"{kind.header}: summary", "columns": columns,
        "column_groups": [], "data": [{"header": "", "rows": rows, "total": {}}],
    }  # fmt: skip
    summary = ReportSheet(
        header="Summary", sections=[table], entity_ids=[t.id for t, _ in summaries]
    )
    return [summary] if only else [summary, *sheets]


def _column(field: str, title: str, align: str) -> dict[str, Any]:
    return {
        "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
        "weight": 3 if align == "left" else 0, "highlight_min_max": False,
    }  # fmt: skip


def _sheet(
    tracker: TrackerRecord,
    kind: Kind,
    rows_by_day: dict[dt.date, list[dict[str, Any]]],
    summary: list[tuple[str, str, float]],
    more: list[Section],
    plugin: ReportPlugin,
) -> ReportSheet:
    data = [
        {
            "header": f"{day:%b} {day.day}, {day:%Y (%a)} : {len(rows)}",
            "rows": rows,
            "total": kind.total(rows, plugin),
        }
        for day, rows in sorted(rows_by_day.items())
    ]
    columns = [_column(field, title, align) for field, title, align in kind.columns(plugin)]
    table = {
        "type": "table", "header": kind.header, "columns": columns, "column_groups": [],
        "data": data,
    }  # fmt: skip
    section = {
        "type": "map_table",
        "header": "Summary",
        "rows": [
            {"v": v, "raw": raw, "name": name, "highlight": False} for name, v, raw in summary
        ],
    }
    if plugin.hide_charts is True:
        more = [s for s in more if s.get("type") != "chart"]
    return ReportSheet(
        header=tracker.label, sections=[table, section, *more], entity_ids=[tracker.id]
    )
