"""The eco-driving reports: by trackers (plugin 46), a sheet per tracker, and by drivers
(plugin 82), a sheet per employee of the request from the trackers the employee drove.

A sheet lists the violations (:mod:`~fleetapi_mock.domain.report.eco_scan`) by day, each with
its penalty points, and sums up the km driven, the violations of each group, the points, the
points per 100 km and the rating (100 less those, 0 at least). Who drove a tracker when is
what the driver journal's proposals say: the employee a tracker's last driver change bound,
from that change on (nobody known before it), or without a change the employee bound to it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Final

from fleetapi.models.report import ReportPlugin, ReportSheet
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    Section,
    clock,
    place,
    value,
)
from fleetapi_mock.domain.report.eco_scan import (
    Tally,
    Violation,
    Windows,
    check_scoring,
    rating,
    scoring_of,
    tally,
)
from fleetapi_mock.domain.report.places import employee_name
from fleetapi_mock.domain.track.answer import Source, sources
from fleetapi_mock.state.records import EmployeeRecord, TrackerRecord

__all__ = ["ECO_BY_DRIVERS", "ECO_BY_TRACKERS", "driven"]

_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Start", "left"),
    ("violation", "Violation", "left"),
    ("duration", "Duration", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
    ("penalty", "Penalty points", "right"),
)
_TRACKER: Final[Column] = ("tracker", "Tracker", "left")


def _check(ctx: Context, request: Request) -> None:
    check_scoring(request.plugin)


def _check_drivers(ctx: Context, request: Request) -> None:
    check_scoring(request.plugin)
    if not request.employees:
        raise invalid("employees", "the report by drivers needs employees")


def driven(
    ctx: Context,
    employee: EmployeeRecord,
    trackers: Sequence[TrackerRecord],
    start: dt.datetime,
    end: dt.datetime,
) -> list[tuple[TrackerRecord, dt.datetime, dt.datetime]]:
    """The trackers of ``trackers`` the employee drove in the period (world time), each with
    the part of the period it did: from the tracker's last driver change on when that change
    bound the employee, the whole period when the tracker has no change and the employee is
    bound to it."""
    found = []
    for tracker in trackers:
        change = ctx.world.employee_changes.get(tracker.id)
        if change is None:
            if employee.tracker_id == tracker.id:
                found.append((tracker, start, end))
        elif change.new_employee_id == employee.id and change.changed < end:
            found.append((tracker, max(start, change.changed), end))
    return found


def _row(
    ctx: Context, violation: Violation, plugin: ReportPlugin, *, with_tracker: bool
) -> dict[str, Any]:
    point = violation.point
    when = ctx.user_time(point.get_time)
    seconds = violation.seconds
    row = {
        "from": place(when, point.address, point, plugin),
        "violation": value(violation.kind, 1.0),
        "duration": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        "max_speed": value(str(violation.max_speed), float(violation.max_speed)),
        "penalty": value(str(violation.points), float(violation.points)),
    }
    if with_tracker:
        row["tracker"] = value(violation.tracker.label, float(violation.tracker.id))
    return row


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    return _COLUMNS


def _driver_columns(plugin: ReportPlugin) -> Sequence[Column]:
    return (_TRACKER, *_COLUMNS)


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    """A day's total: its violations, their time and their points."""
    seconds = float(sum(r["duration"]["raw"] for r in rows))
    points = int(sum(r["penalty"]["raw"] for r in rows))
    return {
        "text": "In total:",
        "violation": value(str(len(rows)), float(len(rows))),
        "duration": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        "penalty": value(str(points), float(points)),
    }


def _figures(tallies: Sequence[Tally]) -> list[tuple[str, str, float]]:
    """The summary: km, violations by group, points, points per 100 km, rating."""
    km = round(sum(t.km for t in tallies), 3)
    violations = [v for t in tallies for v in t.violations]
    points = sum(v.points for v in violations)
    per_100, score = rating(km, points)
    found = [("Mileage, km", f"{km:.2f}", km)]
    for group, name in (("harsh", "Harsh driving"), ("speeding", "Speeding"), ("idling", "Idling")):
        count = sum(1 for v in violations if v.group == group)
        found.append((name, str(count), float(count)))
    found += [
        ("Penalty points", str(points), float(points)),
        (
            "Penalty points per 100 km",
            "-" if per_100 is None else f"{per_100:.2f}",
            0.0 if per_100 is None else per_100,
        ),
        ("Rating", f"{score:.1f}", score),
    ]
    return found


def _column(field: str, title: str, align: str) -> dict[str, Any]:
    return {
        "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
        "weight": 3 if align == "left" else 0, "highlight_min_max": False,
    }  # fmt: skip


def _sheet(
    ctx: Context,
    kind: Kind,
    header: str,
    entity_ids: list[int],
    tallies: Sequence[Tally],
    plugin: ReportPlugin,
) -> ReportSheet:
    """A sheet of the violations of ``tallies`` by day (the user's), and their summary."""
    with_tracker = kind is ECO_BY_DRIVERS
    by_day: dict[dt.date, list[dict[str, Any]]] = {}
    every = sorted((v for t in tallies for v in t.violations), key=lambda v: v.point.get_time)
    for violation in every:
        day = ctx.user_time(violation.point.get_time).date()
        by_day.setdefault(day, []).append(_row(ctx, violation, plugin, with_tracker=with_tracker))
    data = [
        {
            "header": f"{day:%b} {day.day}, {day:%Y (%a)} : {len(rows)}",
            "rows": rows,
            "total": kind.total(rows, plugin),
        }
        for day, rows in sorted(by_day.items())
    ]
    table: Section = {
        "type": "table", "header": kind.header, "column_groups": [], "data": data,
        "columns": [_column(*c) for c in kind.columns(plugin)],
    }  # fmt: skip
    summary: Section = {
        "type": "map_table",
        "header": "Summary",
        "rows": [
            {"v": v, "raw": raw, "name": name, "highlight": False}
            for name, v, raw in _figures(tallies)
        ],
    }
    return ReportSheet(header=header, sections=[table, summary], entity_ids=entity_ids)


def _by_trackers(ctx: Context, request: Request) -> list[ReportSheet]:
    """A sheet per tracker of the request."""
    scoring = scoring_of(request.plugin)
    windows = Windows.of(ctx, request.time_filter, request.start, request.end)
    return [
        _sheet(
            ctx,
            ECO_BY_TRACKERS,
            source.tracker.label,
            [source.tracker.id],
            [tally(ctx, source.tracker, source.served, scoring, windows)],
            request.plugin,
        )
        for source in sources(ctx, request.trackers, request.start, request.end)
    ]


def _by_drivers(ctx: Context, request: Request) -> list[ReportSheet]:
    """A sheet per employee of the request, from the trackers the employee drove (of the
    request's trackers when it names any, else of those the caller sees)."""
    scoring = scoring_of(request.plugin)
    windows = Windows.of(ctx, request.time_filter, request.start, request.end)
    trackers = request.trackers or ctx.visible_trackers()
    sheets = []
    for employee in request.employees:
        tallies = [
            tally(ctx, source.tracker, source.served, scoring, windows)
            for tracker, start, end in driven(ctx, employee, trackers, request.start, request.end)
            for source in sources(ctx, [tracker], start, end)
        ]
        name = employee_name(employee)
        sheets.append(_sheet(ctx, ECO_BY_DRIVERS, name, [employee.id], tallies, request.plugin))
    return sheets


def _unused_rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """Not read: the eco-driving sheets are made whole by their kind's ``sheets``."""
    return []


def _unused_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """Not read: the summary needs the km, which the rows do not hold."""
    return []


_DECISION: Final = (
    "Penalty points are given for each harsh driving (a point reporting, or an event of, "
    "`harsh_acceleration`, `harsh_braking`, `harsh_turn`, `harsh_acceleration_n_turn`, "
    "`harsh_braking_n_turn` or `harsh_quick_lane_change`, the `harsh_driving_penalties` key "
    "of that name; a point and its event count once), each speeding (a run of points over "
    "the speed limit, from the first to the first slower point, lasting at least "
    "`min_speeding_duration` minutes: the points of the largest `speeding_penalties` step "
    "not above its top speed less the limit, nothing below the smallest step) and each "
    "idling (a run of points with the ignition on, slower than the tracker's idle speed, "
    "lasting at least `min_idling_duration` minutes: `idling_penalty`). The limit is "
    "`speed_limit` (60 km/h when not given), or with `use_vehicle_speed_limit` the "
    "`max_speed` of the tracker's vehicle when it has one. Without options the documentation's "
    "example applies (5 points for a harsh acceleration, braking or turn, 12 for the others; "
    "2, 10, 25 and 75 at 10, 20, 30 and 50 km/h over; 5 for an idling; 1 minute of "
    "speeding, 5 of idling); a penalty table given replaces its default whole; "
    "an unknown harsh driving kind, a step that is no whole km/h from 1 to 999 or a penalty "
    "outside 0 to 10000 is 7. The rating is 100 less the penalty points per 100 km driven "
    "(km of great-circle distance between consecutive points), 0 at least; without km 100 "
    "without penalties, else 0. Rows are the violations in time order by the day they "
    "begin; the time filter keeps the violations beginning in it and the km of the points "
    "in it. The summary gives the km, the count of each group, the points, the points per "
    "100 km and the rating."
)

ECO_BY_TRACKERS: Final = Kind(
    "Eco-driving",
    _unused_rows,
    _columns,
    _total,
    _unused_summary,
    _check,
    decision=_DECISION + " A sheet per tracker of the request.",
    sheets=_by_trackers,
)
"""The eco-driving report by trackers (plugin 46)."""

ECO_BY_DRIVERS: Final = Kind(
    "Eco-driving",
    _unused_rows,
    _driver_columns,
    _total,
    _unused_summary,
    _check_drivers,
    decision=_DECISION
    + (
        " A sheet per employee of the request (`employees` is required: 7 without), of the "
        "trackers the employee drove in the period (of the request's `trackers` when given, "
        "else of every tracker the caller sees), as the driver journal's proposals tell who "
        "drove: the employee the tracker's last driver change bound, from that change on, or "
        "without a change the employee bound to the tracker; each row names its tracker."
    ),
    sheets=_by_drivers,
)
"""The eco-driving report by drivers (plugin 82)."""
