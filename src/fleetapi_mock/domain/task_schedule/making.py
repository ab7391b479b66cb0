"""Making what schedules make: the task or route of a day (:func:`planned`), stored when its
day begins (:func:`make_due_tasks`, which the router calls before each handler)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Final

from fleetapi.models.task import Route, Task, TaskStatus
from fleetapi_mock.domain.form import create_form, template_of
from fleetapi_mock.domain.tariff import TASKS_FEATURE, has_feature
from fleetapi_mock.domain.task_schedule import (
    DAY,
    account_zone,
    checkpoints_of,
    day_start,
    live_tags,
    local_today,
    runs_on,
    scheduled_time,
)
from fleetapi_mock.state.limits import DEFAULT_LIMITS
from fleetapi_mock.state.records import TaskScheduleRecord
from fleetapi_mock.state.world import World

__all__ = ["MAX_CATCH_UP_DAYS", "Made", "make_due_tasks", "planned", "tasks_due_at"]

MAX_CATCH_UP_DAYS: Final = 366
"""The most days one touch of the world makes tasks for: after a longer jump of the clock,
the days before the last 366 make nothing."""

Made = tuple[Task, None] | tuple[Route, list[Task]]
"""What a schedule makes on a day: a task, or a route and its checkpoints."""


def _usable_tracker(world: World, record: TaskScheduleRecord) -> int | None:
    """The schedule's tracker if it can take tasks now (the owner's, not blocked, on a tariff
    with tasks), else ``None``: what is made then is unassigned."""
    if record.tracker_id is None:
        return None
    tracker = world.owned_record(world.trackers, record.user_id, record.tracker_id)
    if tracker is None or tracker.blocked:
        return None
    return tracker.id if has_feature(world, tracker, TASKS_FEATURE) else None


def _task(
    world: World,
    record: TaskScheduleRecord,
    day: dt.date,
    tz: dt.tzinfo,
    task_id: int,
    tracker_id: int | None,
    **extra: object,
) -> Task:
    """The task ``record`` (a task or checkpoint schedule) makes on ``day``."""
    start = scheduled_time(day, record.from_time, tz)
    made = day_start(day, tz)
    status: TaskStatus = "assigned" if tracker_id is not None else "unassigned"
    template = record.form_template_id
    if template is not None and template_of(world, record.user_id, template) is None:
        template = None
    assert record.location is not None
    return Task(
        id=task_id,
        user_id=record.user_id,
        tracker_id=tracker_id,
        label=record.label,
        description=record.description,
        creation_date=made,
        from_=start,
        to=start + dt.timedelta(minutes=record.duration),
        external_id=None,
        status=status,
        status_change_date=made,
        origin="scheduled",
        tags=live_tags(world, record),
        location=record.location,
        max_delay=record.max_delay,
        min_stay_duration=record.min_stay_duration,
        min_arrival_duration=record.min_arrival_duration,
        arrival_date=None,
        stay_duration=0,
        form_template_id=template,
        **extra,  # type: ignore[arg-type]
    )


def planned(
    world: World, record: TaskScheduleRecord, day: dt.date, ids: Iterator[int] | None = None
) -> Made:
    """What the task or route schedule ``record`` makes on ``day`` (whether it runs then or
    not): with IDs from ``ids``, or else the schedule entries' own (a proposal)."""
    tz = account_zone(world, record.user_id)
    tracker_id = _usable_tracker(world, record)
    if record.type != "route":
        task_id = record.id if ids is None else next(ids)
        return _task(world, record, day, tz, task_id, tracker_id), None
    route_id = record.id if ids is None else next(ids)
    checkpoints = [
        _task(
            world,
            entry,
            day,
            tz,
            entry.id if ids is None else next(ids),
            tracker_id,
            type="checkpoint",
            parent_id=route_id,
            order=order,
        )
        for order, entry in enumerate(checkpoints_of(world, record))
    ]
    made = day_start(day, tz)
    status: TaskStatus = "assigned" if tracker_id is not None else "unassigned"
    route = Route(
        id=route_id,
        user_id=record.user_id,
        tracker_id=tracker_id,
        label=record.label,
        description=record.description,
        creation_date=made,
        from_=checkpoints[0].from_ if checkpoints else made,
        to=checkpoints[-1].to if checkpoints else made,
        external_id=None,
        status=status,
        status_change_date=made,
        origin="scheduled",
        checkpoint_ids=[c.id for c in checkpoints],
    )
    return route, checkpoints


def _make(world: World, record: TaskScheduleRecord, day: dt.date, max_records: int) -> None:
    """Store what ``record`` makes on ``day``, with its forms, unless the world lacks room."""
    size = 1 if record.type != "route" else 1 + len(checkpoints_of(world, record))
    if record.type == "route" and size < 2:
        return  # a route schedule whose checkpoints are gone makes nothing
    if world.record_count() + 2 * size > max_records:
        return
    made, checkpoints = planned(world, record, day, iter(lambda: world.ids.next("tasks"), None))
    tasks = [made] if isinstance(made, Task) else list(checkpoints or [])
    if isinstance(made, Route):
        world.routes[made.id] = made
    for task in tasks:
        world.tasks[task.id] = task
        template = task.form_template_id
        found = None if template is None else template_of(world, task.user_id, template)
        if found is not None:
            create_form(world, found, owner_id=task.user_id, task_id=task.id)


def tasks_due_at(world: World) -> dt.datetime | None:
    """When :func:`make_due_tasks` next has work, the world unchanged: the start of the
    earliest schedule's ``next_day`` in its account's zone (now for a schedule never run;
    ``None``: no schedule)."""
    due: list[dt.datetime] = []
    for record in world.task_schedules.values():
        if record.type == "checkpoint":
            continue
        if record.next_day is None:
            return world.now()
        try:
            due.append(day_start(record.next_day, account_zone(world, record.user_id)))
        except OverflowError:  # a day at the end of the calendar: none after it
            continue
    return min(due, default=None)


def make_due_tasks(world: World, max_records: int = DEFAULT_LIMITS.max_records) -> None:
    """Make the tasks and routes of every day begun since each schedule's ``next_day`` (the
    last :data:`MAX_CATCH_UP_DAYS` of them), oldest first, and move ``next_day`` on. Cheap
    when nothing is due: the router calls it before every handler."""
    schedules = world.task_schedules
    if not schedules:
        return
    now = world.now()
    due: list[tuple[dt.datetime, int, dt.date]] = []
    for record in list(schedules.values()):
        if record.type == "checkpoint":
            continue
        tz = account_zone(world, record.user_id)
        today = local_today(now, tz)
        if record.next_day is not None and record.next_day > today:
            continue
        if record.next_day is not None:
            day = max(record.next_day, today - (MAX_CATCH_UP_DAYS - 1) * DAY)
            while day <= today:
                if runs_on(record.parameters, day):
                    due.append((day_start(day, tz), record.id, day))
                day += DAY
        schedules.change(record.id, next_day=today + DAY)
    for _, schedule_id, day in sorted(due):
        _make(world, schedules[schedule_id], day, max_records)
