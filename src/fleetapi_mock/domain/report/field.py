"""The field service reports: tasks (42) and check-ins (80).

The tasks report has a row per task (or route checkpoint) assigned to the tracker whose window
(``from`` to ``to``) meets the period, as ``task/read`` answers it now: its status, arrival and
completion are those the task lifecycle works out from the tracker's points. The check-in report
has a row per check-in the tracker made in the period. Both can name the places and zones a row
lies in (``show_places_and_zones``) and show the forms filled (``show_forms``).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final, get_args

from fleetapi.models.report import ReportPlugin
from fleetapi.models.task import Task, TaskStatus
from fleetapi_mock.domain.checkin import checkin_files
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Column, Kind, Rows, time_format, value
from fleetapi_mock.domain.report.spots import (
    Spots,
    address,
    at,
    blank,
    form_text,
    located,
    milliseconds,
    text,
)
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import CheckinRecord

__all__ = ["CHECKINS", "COMPLETED", "TASKS"]

COMPLETED: Final = frozenset({"done", "delayed"})
"""The statuses of a task carried out (``delayed``: after ``to``, within ``max_delay``)."""


# --- Tasks --------------------------------------------------------------------------------


def _task_tracker(task: Task) -> tuple[int | None]:
    return (task.tracker_id,)


def _task_row(
    ctx: Context, board: Board, task: Task, plugin: ReportPlugin, spots: Spots | None
) -> tuple[dt.datetime, dict[str, Any]]:
    progress = board.progress(task)
    start = ctx.user_time(task.from_)
    day = start.date()
    status = progress.status
    window = at(ctx, task.from_, day, plugin)
    window["v"] += " - " + at(ctx, task.to, day, plugin)["v"]
    arrival = progress.arrival_date
    completed = status in COMPLETED
    row = {
        "task": value(task.label, float(task.id)),
        "status": value(status.capitalize(), milliseconds(progress.status_change_date)),
        "window": window,
        "arrival": blank() if arrival is None else at(ctx, arrival, day, plugin),
        "done": at(ctx, progress.status_change_date, day, plugin) if completed else blank(),
        "address": address(task.location),
    }
    if plugin.show_external_id is True:
        row["external_id"] = text(task.external_id or "")
    if plugin.show_description is True:
        row["description"] = text(task.description)
    if spots is not None:
        row["places"] = spots.cell(task.location.lat, task.location.lng)
    if plugin.show_forms is True:
        form = board.form_of(task)
        shown = "" if form is None else form_text(ctx, form, with_values=True)
        row["form"] = blank() if form is None else value(shown, float(form.id))
    return start, row


def _tasks(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The tracker's tasks whose window meets the period, by ``from`` (then ID)."""
    board = Board(ctx)
    first, last = source.interval
    tasks = [
        t
        for t in ctx.world.tasks.having(_task_tracker, (source.tracker.id,))
        if t.user_id == ctx.account.id and t.to >= first and t.from_ <= last
    ]
    spots = Spots(ctx) if plugin.show_places_and_zones is True else None
    tasks.sort(key=lambda t: (t.from_, t.id))
    return [_task_row(ctx, board, task, plugin, spots) for task in tasks]


def _task_columns(plugin: ReportPlugin) -> Sequence[Column]:
    columns: list[Column] = [("task", "Task", "left")]
    if plugin.show_external_id is True:
        columns.append(("external_id", "External ID", "left"))
    columns += [
        ("status", "Status", "left"),
        ("window", "Planned", "left"),
        ("arrival", "Arrival", "left"),
        ("done", "Completed", "left"),
        ("address", "Address", "left"),
    ]
    if plugin.show_description is True:
        columns.append(("description", "Description", "left"))
    if plugin.show_places_and_zones is True:
        columns.append(("places", "Places and geofences", "left"))
    if plugin.show_forms is True:
        columns.append(("form", "Form", "left"))
    return columns


def _completed(rows: Sequence[dict[str, Any]]) -> int:
    return sum(1 for r in rows if r["done"]["raw"] is not None)


def _task_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    done = _completed(rows)
    return {"text": "In total:", "status": value(f"{done} of {len(rows)} completed", float(done))}


def _task_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    done = _completed(rows)
    found = [
        ("Tasks", str(len(rows)), float(len(rows))),
        ("Completed", str(done), float(done)),
    ]
    counts = Counter(r["status"]["v"] for r in rows)
    for status in get_args(TaskStatus):
        shown = str(status).capitalize()
        if counts[shown]:
            found.append((shown, str(counts[shown]), float(counts[shown])))
    return found


TASKS: Final = Kind(
    "Tasks",
    _tasks,
    _task_columns,
    _task_total,
    _task_summary,
    decision=(
        "A row per task or route checkpoint assigned to the tracker now whose window (`from` "
        "to `to`) meets the period, by `from` (the day and hour the time filter judges), as "
        "`task/read` answers it at the report's making: its label (`raw` its ID), status "
        "(`raw` when it took it), planned window, arrival (`arrival_date`) and completion "
        "(when it became `done` or `delayed`), empty (`raw` null) while the lifecycle has "
        "not seen them, and its address. `show_external_id`, `show_description` add those; "
        "`show_places_and_zones` the places (within their radius) and zones holding the "
        "task's centre (their IDs in the cell's `place_ids` and `zone_ids`); `show_forms` "
        "its form, label and values (`raw` the form's ID), or that it is not submitted. The "
        "day total and the summary count the tasks, those completed and each status."
    ),
)
"""The tasks report (plugin 42)."""


# --- Check-ins ----------------------------------------------------------------------------


def _checkin_tracker(checkin: CheckinRecord) -> tuple[int]:
    return (checkin.tracker_id,)


def _checkins(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The tracker's check-ins in the period (up to now), in time order."""
    world = ctx.world
    first, last = source.interval[0], min(source.interval[1], ctx.now())
    made = [
        c
        for c in world.checkins.having(_checkin_tracker, (source.tracker.id,))
        if c.user_id == ctx.account.id and first <= c.marker_time <= last
    ]
    made.sort(key=lambda c: (c.marker_time, c.id))
    spots = Spots(ctx) if plugin.show_places_and_zones is True else None
    fmt = time_format(plugin)
    rows = []
    for checkin in made:
        when = ctx.user_time(checkin.marker_time)
        where = checkin.location
        files = len(checkin_files(world, checkin.id))
        comment = checkin.comment if isinstance(checkin.comment, str) else ""
        form = world.forms.get(checkin.form_id) if checkin.form_id is not None else None
        if form is not None:
            shown = form_text(ctx, form, with_values=plugin.show_forms is True)
        else:
            shown = checkin.form_label or ""
        row = {
            "time": located(
                when.strftime(fmt),
                where,
                milliseconds(checkin.marker_time),
                coordinates=plugin.show_coordinates is True,
            ),
            "comment": text(comment),
            "files": value(str(files), float(files)),
            "form": blank() if checkin.form_id is None else value(shown, float(checkin.form_id)),
        }
        if spots is not None:
            row["places"] = spots.cell(where.lat, where.lng)
        rows.append((when, row))
    return rows


def _checkin_columns(plugin: ReportPlugin) -> Sequence[Column]:
    columns: list[Column] = [
        ("time", "Time and place", "left"),
        ("comment", "Comment", "left"),
        ("files", "Files", "right"),
        ("form", "Form", "left"),
    ]
    if plugin.show_places_and_zones is True:
        columns.append(("places", "Places and geofences", "left"))
    return columns


def _files(rows: Sequence[dict[str, Any]]) -> int:
    return int(sum(r["files"]["raw"] for r in rows))


def _checkin_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    files = _files(rows)
    return {"text": "In total:", "files": value(str(files), float(files))}


def _checkin_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    files = _files(rows)
    forms = sum(1 for r in rows if r["form"]["raw"] is not None)
    return [
        ("Check-ins", str(len(rows)), float(len(rows))),
        ("Files", str(files), float(files)),
        ("Forms", str(forms), float(forms)),
    ]


CHECKINS: Final = Kind(
    "Check-ins",
    _checkins,
    _checkin_columns,
    _checkin_total,
    _checkin_summary,
    decision=(
        "A row per check-in the tracker made in the period (up to now), in time order, as "
        "`checkin/list` answers them: its time and address (with `show_coordinates` its "
        "point), comment, number of files attached, and the label of the form sent with it "
        "(`raw` the form's ID), with `show_forms` its values field by field. "
        "`show_places_and_zones` adds the places (within their radius) and zones holding the "
        "check-in's point (their IDs in the cell's `place_ids` and `zone_ids`). The day total "
        "counts the files; the summary the check-ins, files and forms."
    ),
)
"""The check-in report (plugin 80)."""
