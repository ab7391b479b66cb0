"""The POI visits report, also documented as stay in places (plugin 85): a row per visit of the
tracker to one of the places (points of interest).

A visit is a stay within a place's radius, found as the geofence visits report finds a zone's
(:mod:`~fleetapi_mock.domain.report.zone`): a run of the tracker's consecutive points within
the radius, from the first of them to the first point outside after it (or to the run's last
point when the track stops inside), kept when it lasts at least ``min_minutes_in_place``.
With ``fetch_places_by_employees`` a tracker's places are those an ``employee`` custom field
assigns to the tracker's employee, and each row names that employee.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections import Counter
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, Final

from fleetapi._errors import NonExistentEntitiesError
from fleetapi._types import Unset
from fleetapi.models.common import Bounds, LatLng
from fleetapi.models.place import Place
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.employee import driver_of
from fleetapi_mock.domain.place import holds, wire_place
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    clock,
    moment,
    place,
    runs,
    seconds_of,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.zone import visit_km, visit_total
from fleetapi_mock.domain.track import length_km
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.domain.zone import circle_bounds
from fleetapi_mock.state.records import EmployeeRecord, PlaceRecord, TrackPointRecord

__all__ = ["DEFAULT_MIN_MINUTES", "MAX_PLACES", "PLACE_VISITS", "employee_name"]

DEFAULT_MIN_MINUTES: Final = 5
"""The shortest visit that counts when the plugin gives no ``min_minutes_in_place``."""
MAX_PLACES: Final = 30
"""The most places ``place_ids`` may name."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("place", "Place", "left"),
    ("from", "Arrival", "left"),
    ("to", "Departure", "left"),
    ("duration", "Time in place", "right"),
)
_MILEAGE: Final[Column] = ("mileage", "Mileage,\nkm", "right")
_EMPLOYEE: Final[Column] = ("employee", "Employee", "left")

_SHEET_PLACES: ContextVar[tuple[Place, ...]] = ContextVar("_SHEET_PLACES")
"""The places of the sheet being made: its rows find them, its summary lists them (the
framework makes a tracker's rows, then its summary; with ``fetch_places_by_employees`` each
tracker has its own places)."""


def employee_name(employee: EmployeeRecord) -> str:
    """An employee's name: first, middle and last, those given."""
    return " ".join(p for p in (employee.first_name, employee.middle_name, employee.last_name) if p)


def _named(ctx: Context, plugin: ReportPlugin) -> list[PlaceRecord]:
    """The places ``place_ids`` names, in its order (every place the caller sees when it
    names none); a place that is not the account's is 217."""
    if isinstance(plugin.place_ids, Unset):
        return ctx.visible_places()
    wanted = list(dict.fromkeys(plugin.place_ids))
    found = {p: ctx.visible_place(p) for p in wanted}
    missing = [str(p) for p, record in found.items() if record is None]
    if missing:
        raise NonExistentEntitiesError("no such places: " + ", ".join(missing))
    return [record for record in found.values() if record is not None]


def _assigned(ctx: Context, employee: EmployeeRecord | None) -> list[PlaceRecord]:
    """The places the caller sees whose ``employee`` custom field names ``employee``."""
    if employee is None:
        return []
    return [
        p
        for p in ctx.visible_places()
        if any(f.type == "employee" and f.value == employee.id for f in p.fields.values())
    ]


def _check(ctx: Context, request: Request) -> None:
    """7 for ``place_ids`` of no place or more than :data:`MAX_PLACES`, or given with
    ``fetch_places_by_employees``, and for ``min_minutes_in_place`` under 1; 217 for a place
    that is not the account's."""
    plugin = request.plugin
    if isinstance(plugin.place_ids, list):
        if plugin.fetch_places_by_employees is True:
            raise invalid(
                "plugin.fetch_places_by_employees", "cannot be used together with place_ids"
            )
        if not 1 <= len(plugin.place_ids) <= MAX_PLACES:
            raise invalid("plugin.place_ids", f"must name 1 to {MAX_PLACES} places")
    minutes = plugin.min_minutes_in_place
    if isinstance(minutes, int) and minutes < 1:
        raise invalid("plugin.min_minutes_in_place", "must be at least 1")
    _named(ctx, plugin)


def _places(
    ctx: Context, source: Source, plugin: ReportPlugin
) -> tuple[list[Place], EmployeeRecord | None]:
    """The tracker's places (and with ``fetch_places_by_employees`` its employee)."""
    if plugin.fetch_places_by_employees is True:
        employee = driver_of(ctx, source.tracker.id)
        return [wire_place(p) for p in _assigned(ctx, employee)], employee
    return [wire_place(p) for p in _named(ctx, plugin)], None


def _within(where: Place, box: Bounds, point: TrackPointRecord) -> bool:
    """Whether ``point`` is within the place's radius (``box`` around it a quick refusal)."""
    if not (box.se.lat <= point.lat <= box.nw.lat and box.nw.lng <= point.lng <= box.se.lng):
        return False
    return holds(where, point.lat, point.lng)


def _visits(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    minutes = plugin.min_minutes_in_place
    least = 60 * (minutes if isinstance(minutes, int) else DEFAULT_MIN_MINUTES)
    places, employee = _places(ctx, source, plugin)
    _SHEET_PLACES.set(tuple(places))
    points = served_points(ctx, source)
    fmt, with_seconds = time_format(plugin), plugin.show_seconds is True
    found: list[tuple[tuple[dt.datetime, int], dict[str, Any]]] = []
    for where in places:
        box = circle_bounds(
            LatLng(lat=where.location.lat, lng=where.location.lng), where.location.radius
        )
        for run, end in runs(points, functools.partial(_within, where, box)):
            seconds = (end.get_time - run[0].get_time).total_seconds()
            if seconds < least:
                continue
            arrival = ctx.user_time(run[0].get_time)
            row = {
                "place": value(where.label, float(where.id)),
                "from": place(arrival, run[0].address, run[0], plugin),
                "to": value(ctx.user_time(end.get_time).strftime(fmt), moment(end)),
                "duration": value(clock(seconds, with_seconds=with_seconds), seconds),
            }
            if plugin.show_mileage is True:
                km = round(length_km([*run, end] if end is not run[-1] else run), 3)
                row["mileage"] = value(f"{km:.2f}", km)
            if employee is not None:
                row["employee"] = value(employee_name(employee), float(employee.id))
            found.append(((arrival, where.id), row))
    found.sort(key=lambda item: item[0])
    return [(when, row) for (when, _), row in found]


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    columns = [*_COLUMNS]
    if plugin.show_mileage is True:
        columns.append(_MILEAGE)
    if plugin.fetch_places_by_employees is True:
        columns.append(_EMPLOYEE)
    return columns


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    found = [
        ("Visits", str(len(rows)), float(len(rows))),
        ("Time in places", clock(seconds, with_seconds=False), seconds / 60),
    ]
    if plugin.show_mileage is True:
        km = visit_km(rows)
        found.append(("Mileage in places, km", f"{km:.2f}", km))
    visits = Counter(int(r["place"]["raw"]) for r in rows)
    for where in _SHEET_PLACES.get(()):
        count = visits[where.id]
        if count or plugin.show_not_visited_places is True:
            found.append((where.label, f"{count} visit{'' if count == 1 else 's'}", float(count)))
    return found


PLACE_VISITS: Final = Kind(
    "POI visits",
    _visits,
    _columns,
    visit_total,
    _summary,
    _check,
    decision=(
        "A visit is a stay within a place's radius: a run of the tracker's consecutive points "
        "(in the period) within it, from the first of them to the first point outside after "
        "it (or the run's last point when the track ends inside), as the geofence visits "
        "report finds a zone's; visits shorter than `min_minutes_in_place` (5 when not given, "
        "at least 1, else 7) do not count. `place_ids` names 1 to 30 places (7 otherwise; "
        "217 for a place that is not the account's); omitted, every place the caller sees. "
        "`fetch_places_by_employees` (7 together with `place_ids`) takes instead the places "
        "whose `employee` custom field names the employee bound to the tracker, and adds "
        "that employee to each row. Rows (the place, arrival, departure, time in place, and "
        "with `show_mileage` the km from arrival to departure) are in time order; the summary "
        "counts the visits and their time, then each place's visits, places without any only "
        "with `show_not_visited_places`. The report has no charts, so `hide_charts` changes "
        "nothing."
    ),
)
"""The POI visits (stay in places) report (plugin 85)."""
