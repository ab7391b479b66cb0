"""Tracker reports: their content, made from the same trips and points ``asset/track/list``
and the events answer, and their progress with the world clock.

A report is made whole when it is asked for (:func:`report_sheets`) and kept with the time its
generation ends; ``status`` and ``list`` count the percent up to then (:func:`percent`).

Each report has a sheet per tracker: a ``table`` section of its rows grouped by day (each group
with its ``total``) and a ``map_table`` summary. How a plugin's rows, columns, totals and
summary are made is its :class:`~fleetapi_mock.domain.report.cells.Kind` in :data:`KINDS`: the
movement plugins in :mod:`~fleetapi_mock.domain.report.movement`, the geofence visits in
:mod:`~fleetapi_mock.domain.report.zone`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Final

from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Kind
from fleetapi_mock.domain.report.movement import SPEEDING, STOPS, TRIPS
from fleetapi_mock.domain.report.zone import ZONE_VISITS
from fleetapi_mock.domain.track.answer import sources
from fleetapi_mock.state.records import ReportRecord, TrackerRecord

__all__ = ["KINDS", "WHOLE_DAY", "percent", "report_sheets"]

WHOLE_DAY = TimeFilter(from_="00:00:00", to="23:59:59", weekdays=[1, 2, 3, 4, 5, 6, 7])
"""The time filter of a report that gives none."""

KINDS: Final[dict[int, Kind]] = {4: TRIPS, 6: STOPS, 8: ZONE_VISITS, 27: SPEEDING}
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


def report_sheets(
    ctx: Context,
    trackers: Sequence[TrackerRecord],
    start: dt.datetime,
    end: dt.datetime,
    plugin: ReportPlugin,
    time_filter: TimeFilter,
) -> list[ReportSheet]:
    """The sheets of a report over ``start``..``end`` (world time), one per tracker; the
    plugin must be one of :data:`KINDS`."""
    kind = KINDS[plugin.plugin_id]
    kind.check(ctx, plugin)
    sheets = []
    for source in sources(ctx, trackers, start, end):
        rows_by_day: dict[dt.date, list[dict[str, Any]]] = {}
        for when, row in kind.rows(ctx, source, plugin):
            if _passes(when, time_filter):
                rows_by_day.setdefault(when.date(), []).append(row)
        if not rows_by_day and plugin.hide_empty_tabs is True:
            continue
        sheets.append(_sheet(ctx, source.tracker, kind, rows_by_day, plugin))
    return sheets


def _sheet(
    ctx: Context,
    tracker: TrackerRecord,
    kind: Kind,
    rows_by_day: dict[dt.date, list[dict[str, Any]]],
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
    every = [row for rows in rows_by_day.values() for row in rows]
    columns = [
        {
            "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
            "weight": 3 if align == "left" else 0, "highlight_min_max": False,
        }
        for field, title, align in kind.columns(plugin)
    ]  # fmt: skip
    table = {
        "type": "table", "header": kind.header, "columns": columns, "column_groups": [],
        "data": data,
    }  # fmt: skip
    summary = {
        "type": "map_table",
        "header": "Summary",
        "rows": [
            {"v": v, "raw": raw, "name": name, "highlight": False}
            for name, v, raw in kind.summary(ctx, every, plugin)
        ],
    }
    return ReportSheet(header=tracker.label, sections=[table, summary], entity_ids=[tracker.id])
