"""The work statuses report (plugin 47): a row per working status the tracker held in the period.

A tracker's working status changes are kept (``world.status_changes``, see
:mod:`fleetapi_mock.domain.status`); each holds from its time to the next change. A row is a
change whose status lasted into the period, clipped to it: the status held when the period
began (its change before it) starts at the period's start, and the last one lasts until the
period's end or now, whichever comes first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Final

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    clock,
    duration_total,
    time_format,
    value,
)
from fleetapi_mock.domain.report.spots import at, milliseconds, text
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import StatusChangeRecord
from fleetapi_mock.state.world import World

__all__ = ["NO_STATUS", "WORK_STATUSES"]

NO_STATUS: Final = "No status"
"""What a row says of a change that left the tracker without a status."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Status start", "left"),
    ("to", "Status end", "left"),
    ("status", "Status", "left"),
    ("previous", "Previous status", "left"),
    ("origin", "Changed by", "left"),
    ("duration", "Duration", "right"),
)


def _change_tracker(change: StatusChangeRecord) -> tuple[int]:
    return (change.tracker_id,)


def _label(world: World, status_id: int | None) -> str:
    """A status's label now (its ID for one deleted since)."""
    if status_id is None:
        return NO_STATUS
    status = world.work_statuses.get(status_id)
    return f"Status {status_id} (deleted)" if status is None else status.label


def _start(
    ctx: Context, change: StatusChangeRecord, begin: dt.datetime, plugin: ReportPlugin
) -> dict[str, Any]:
    """The cell of a row's start: its time (with the change's own when that is before the
    period), the address where the status changed; ``changed`` keeps the change's time."""
    local = ctx.user_time(begin)
    shown = local.strftime(time_format(plugin))
    if change.changed < begin:
        since = ctx.user_time(change.changed)
        shown += f" (since {since:%b} {since.day}, {since.strftime(time_format(plugin))})"
    where = change.location
    more: dict[str, Any] = {"changed": milliseconds(change.changed)}
    if where is not None:
        if isinstance(where.address, str) and where.address:
            shown += f" - {where.address}"
        more["location"] = {"lat": where.lat, "lng": where.lng}
    return value(shown, milliseconds(begin), **more)


def _statuses(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The statuses the tracker held in the period, each from its change (or the period's
    start) to the next change (or the period's end, or now)."""
    world = ctx.world
    first, end = source.interval[0], min(source.interval[1], ctx.now())
    if end < first:
        return []  # a period to come: no status is known there
    changes = sorted(
        world.status_changes.having(_change_tracker, (source.tracker.id,)),
        key=lambda c: (c.changed, c.id),
    )
    rows = []
    for index, change in enumerate(changes):
        after = changes[index + 1] if index + 1 < len(changes) else None
        if change.changed > end:
            break
        if after is not None and after.changed <= first:
            continue  # over before the period began
        begin = max(change.changed, first)
        stop = end if after is None else min(after.changed, end)
        seconds = (stop - begin).total_seconds()
        when = ctx.user_time(begin)
        row = {
            "from": _start(ctx, change, begin, plugin),
            "to": at(ctx, stop, when.date(), plugin),
            "status": value(_label(world, change.new_status_id), float(change.new_status_id or 0)),
            "previous": value(
                _label(world, change.old_status_id), float(change.old_status_id or 0)
            ),
            "origin": text(change.origin.capitalize()),
            "duration": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        }
        rows.append((when, row))
    return rows


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The changes made in the period, then the time in each status (raw in minutes), in the
    order the statuses first appear."""
    made = sum(1 for r in rows if r["from"]["changed"] == r["from"]["raw"])
    found = [("Status changes", str(made), float(made))]
    seconds: dict[str, float] = {}
    for row in rows:
        label = row["status"]["v"]
        seconds[label] = seconds.get(label, 0.0) + row["duration"]["raw"]
    found += [
        (label, clock(total, with_seconds=False), total / 60) for label, total in seconds.items()
    ]
    return found


WORK_STATUSES: Final = Kind(
    "Work statuses",
    _statuses,
    lambda _: _COLUMNS,
    duration_total,
    _summary,
    decision=(
        "A row per working status the tracker held in the period, from its kept changes "
        "(`status/tracker/assign`, the app): from the change to the next one, clipped to the "
        "period, the last until the period's end or now. The status held when the period "
        "began starts at the period's start (its cell says since when; `changed` keeps the "
        "change's time). A row has the status and the previous one (`No status` for none; "
        "`raw` their IDs, 0 for none), who changed it, where (the change's address) and the "
        "`duration` in seconds; it counts on the day and hour it starts. The summary counts "
        "the changes made in the period and the time in each status (raw in minutes)."
    ),
)
"""The work statuses report (plugin 47)."""
