"""The driver shift change report (plugin 66): a row per change of the tracker's driver.

The changes are the tracker's driver events (``driver_changed``, ``driver_identified``,
``driver_not_identified``, and the mock's ``driver_change``) and the last change of its
employee the world keeps (``tracker/employee/read``'s ``last_change``: an assignment through
the API, or a hardware key), unless an event of the same moment already tells it.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Column, Kind, Rows, value
from fleetapi_mock.domain.report.events import (
    count_total,
    event_row,
    milliseconds,
    shown_time,
    tracker_events,
    where,
)
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import EmployeeChangeRecord

__all__ = ["DRIVER_EVENTS", "SHIFT_CHANGES"]

DRIVER_EVENTS: Final = (
    "driver_changed", "driver_identified", "driver_not_identified", "driver_change",
)  # fmt: skip
"""The event types of the driver shift change report."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("time", "Time", "left"),
    ("event", "Event", "left"),
    ("driver", "Driver", "left"),
    ("address", "Address", "left"),
)

NO_DRIVER: Final = "No driver"
"""The driver cell of a change that bound nobody, or of a driver not identified."""


def _name(ctx: Context, employee_id: int | None) -> str:
    """The employee's full name; :data:`NO_DRIVER` for none (``#ID`` for one since deleted)."""
    if employee_id is None:
        return NO_DRIVER
    record = ctx.world.employees.get(employee_id)
    if record is None:
        return f"#{employee_id}"
    return " ".join(p for p in (record.first_name, record.last_name) if p)


def _driver_cell(ctx: Context, employee_id: int | None) -> dict[str, Any]:
    return value(_name(ctx, employee_id), float(employee_id or 0))


def _change_row(
    ctx: Context, change: EmployeeChangeRecord, plugin: ReportPlugin
) -> tuple[dt.datetime, dict[str, Any]]:
    """The row of the tracker's last employee change."""
    when = ctx.user_time(change.changed)
    text = "Driver identified by hardware key" if change.origin == "tracker" else "Driver assigned"
    spot = change.location
    raw = milliseconds(change.changed)
    return when, {
        "time": value(shown_time(when, plugin), raw),
        "event": value(text, 0.0, event="driver_changed"),
        "driver": _driver_cell(ctx, change.new_employee_id),
        "address": where(
            spot.address if spot is not None and spot.address else "",
            spot.lat if spot is not None else None,
            spot.lng if spot is not None else None,
            raw,
        ),
    }


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    rows: Rows = []
    told: set[dt.datetime] = set()
    for event in tracker_events(ctx, source, DRIVER_EVENTS):
        when, row = event_row(ctx, event, plugin)
        extra = event.extra
        driver = None if isinstance(extra, Unset) else extra.employee_id
        if event.event == "driver_not_identified" or isinstance(driver, Unset):
            driver = None
        row["driver"] = _driver_cell(ctx, driver)
        rows.append((when, row))
        told.add(event.time)
    change = ctx.world.employee_changes.get(source.tracker.id)
    served = source.served
    if (
        change is not None
        and served is not None
        and served[0] <= change.changed <= served[1]
        and change.changed not in told
    ):
        rows.append(_change_row(ctx, change, plugin))
        rows.sort(key=lambda r: r[1]["time"]["raw"])
    return rows


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The changes, then how many times each driver took over (by name)."""
    drivers = Counter(r["driver"]["v"] for r in rows)
    return [
        ("Driver changes", str(len(rows)), float(len(rows))),
        *((name, str(n), float(n)) for name, n in sorted(drivers.items())),
    ]


SHIFT_CHANGES: Final = Kind(
    "Driver shift change",
    _rows,
    lambda _: _COLUMNS,
    count_total,
    _summary,
    decision=(
        "A row per change of the tracker's driver in the period, in time order: its driver "
        "events (`driver_changed`, `driver_identified`, `driver_not_identified` and the "
        "mock's `driver_change`, as `history/tracker/list` answers them; the driver is the "
        "event's employee, none for a driver not identified) and the last change of its "
        "employee the world keeps (`last_change` of `tracker/employee/read`: `Driver "
        "assigned` through the API, or identified by a hardware key), unless an event of the "
        "same moment tells it. Each row has its time, text, driver (`No driver` when none) "
        "and address. The summary counts the changes and each driver's."
    ),
)
"""The driver shift change report (plugin 66)."""
