"""Recurring tasks: schedule entries, the tasks and routes they make, and when they make them.

Schedules live in ``world.task_schedules`` (:class:`~fleetapi_mock.state.records.
TaskScheduleRecord`): task schedules, route schedules and the checkpoints of route schedules,
in one ID space. A task or route schedule makes its task or route at the start of each of its
days (00:00 in its owner's time zone): a task on the day's date at ``from_time``, lasting
``duration`` minutes, of origin ``scheduled``, assigned to the schedule's tracker when that
tracker can take tasks then (else unassigned), with a form from the schedule's template if it
still exists; a route with one checkpoint per checkpoint schedule, in order. What is made is
an ordinary task or route from then on: the :mod:`~fleetapi_mock.domain.lifecycle` moves it,
and changing or deleting the schedule leaves it alone.

Nothing is scheduled, as for commands to devices: the router calls :func:`make_due_tasks`
before each request's handler, which makes what every day begun since a schedule's
``next_day`` calls for (the last :data:`MAX_CATCH_UP_DAYS` of them), oldest first, once each.
``task/schedule/proposal/list`` answers what is still to be made (:func:`planned`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any, Final

from fleetapi._errors import EntityMissingError
from fleetapi._types import Unset
from fleetapi.models.common import Location
from fleetapi.models.task import Route, Task, TaskStatus
from fleetapi.models.task_schedule import (
    CheckpointSchedule,
    MonthDaysParameters,
    RouteSchedule,
    ScheduledTaskContent,
    ScheduleParameters,
    TaskSchedule,
    WeekdaysParameters,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import create_form, template_of
from fleetapi_mock.domain.task import check_tags, value_or
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.limits import DEFAULT_LIMITS
from fleetapi_mock.state.records import TaskScheduleRecord, convert
from fleetapi_mock.state.world import World

__all__ = [
    "MAX_CATCH_UP_DAYS",
    "Made",
    "Schedules",
    "check_content",
    "check_parameters",
    "checkpoints_of",
    "day_start",
    "delete_schedule",
    "first_day",
    "forget_tracker",
    "local_today",
    "make_due_tasks",
    "planned",
    "require_template",
    "runs_on",
    "scheduled_time",
    "tagged_schedules",
    "visit_fields",
    "wire_schedule",
]

MAX_CATCH_UP_DAYS: Final = 366
"""The most days one touch of the world makes tasks for: after a longer jump of the clock,
the days before the last 366 make nothing."""

_DAY: Final = dt.timedelta(days=1)

Made = tuple[Task, None] | tuple[Route, list[Task]]
"""What a schedule makes on a day: a task, or a route and its checkpoints."""


# --- Days and times --------------------------------------------------------------------------


def account_zone(world: World, account_id: int) -> dt.tzinfo:
    """The time zone of the account ``account_id`` (its master user's), whose days schedules
    follow."""
    owner = world.users.get(account_id)
    return zone(owner.time_zone) if owner is not None else dt.timezone.utc


def local_today(now: dt.datetime, tz: dt.tzinfo) -> dt.date:
    """The date in ``tz`` at the world time ``now``."""
    return now.replace(tzinfo=dt.timezone.utc).astimezone(tz).date()


def scheduled_time(day: dt.date, clock: str, tz: dt.tzinfo) -> dt.datetime:
    """``day`` at the time of day ``clock`` (``HH:MM[:SS]``) in ``tz``, as world time."""
    hour, minute, second = (int(part) for part in normal_time(clock).split(":"))
    local = dt.datetime.combine(day, dt.time(hour, minute, second), tzinfo=tz)
    return local.astimezone(dt.timezone.utc).replace(tzinfo=None)


def day_start(day: dt.date, tz: dt.tzinfo) -> dt.datetime:
    """When ``day`` begins in ``tz`` (its tasks are made then), as world time."""
    return scheduled_time(day, "00:00", tz)


def runs_on(parameters: ScheduleParameters | None, day: dt.date) -> bool:
    """Whether a schedule of these ``parameters`` makes its task or route on ``day``."""
    if isinstance(parameters, WeekdaysParameters):
        return day.isoweekday() in parameters.weekdays
    if isinstance(parameters, MonthDaysParameters):
        return day.day in parameters.month_days
    return False


def normal_time(clock: str) -> str:
    """A time of day as ``HH:MM:SS`` (``HH:MM`` gains its seconds)."""
    return clock if clock.count(":") == 2 else f"{clock}:00"


# --- Checking what is sent -------------------------------------------------------------------


def check_parameters(
    parameters: ScheduleParameters, at: Callable[[str], str], errors: list[dict[str, str]]
) -> None:
    """Add to ``errors`` each weekday outside 1..7 and each day of the month outside 1..31."""
    if isinstance(parameters, WeekdaysParameters):
        days, name, last = parameters.weekdays, "weekdays", 7
    else:
        days, name, last = parameters.month_days, "month_days", 31
    for index, day in enumerate(days):
        if not 1 <= day <= last:
            where = at(f"parameters.{name}[{index}]")
            errors.append({"parameter": where, "error": f"must be between 1 and {last}"})


def check_content(
    ctx: Context, content: ScheduledTaskContent, where: str, errors: list[dict[str, str]]
) -> None:
    """Add to ``errors`` each tag of ``content`` that is not the account's (named after
    ``where``, ``schedule.tags[1]``)."""
    check_tags(ctx, value_or(content.tags, []), f"{where}.{{}}".format, errors)


def require_template(ctx: Context, template_id: int | Unset | None) -> None:
    """204 unless ``template_id`` (when one is given) is a form template of the account."""
    if isinstance(template_id, int) and template_of(ctx.world, ctx.account.id, template_id) is None:
        raise EntityMissingError(f"no form template {template_id}")


def visit_fields(
    content: ScheduledTaskContent, base: TaskScheduleRecord | None = None
) -> dict[str, Any]:
    """The record fields of a task or checkpoint schedule's ``content``; optional ones left
    out keep those of ``base`` (an update), else take their defaults."""

    def kept(value: Any, name: str, default: Any) -> Any:
        return value_or(value, default if base is None else getattr(base, name))

    return {
        "label": content.label,
        "description": content.description,
        "location": content.location.to_location(),
        "from_time": normal_time(content.from_time),
        "duration": content.duration,
        "max_delay": kept(content.max_delay, "max_delay", 0),
        "min_stay_duration": kept(content.min_stay_duration, "min_stay_duration", 0),
        "min_arrival_duration": kept(content.min_arrival_duration, "min_arrival_duration", 0),
        "tags": list(kept(content.tags, "tags", [])),
        "form_template_id": kept(content.form_template_id, "form_template_id", None),
    }


# --- Reading ---------------------------------------------------------------------------------


class Schedules:
    """The schedules as one request sees them: a sub-user limited to some trackers sees
    those of its trackers and the unassigned ones (a checkpoint goes with its route)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx: Context = ctx
        self.world: World = ctx.world
        self.account_id: int = ctx.account.id
        self._trackers: set[int] | None = None

    def tracker_of(self, record: TaskScheduleRecord) -> int | None:
        """The tracker of what ``record`` makes (a checkpoint's is its route's)."""
        if record.type == "checkpoint" and record.parent_id is not None:
            route = self.world.task_schedules.get(record.parent_id)
            return None if route is None else route.tracker_id
        return record.tracker_id

    def visible(self, record: TaskScheduleRecord) -> bool:
        """Whether the caller may see ``record``."""
        if not self.world.belongs(record, self.account_id):
            return False
        tracker = self.tracker_of(record)
        if tracker is None:
            return True
        if self._trackers is None:
            self._trackers = self.ctx.visible_tracker_ids()
        return tracker in self._trackers

    def all(self) -> list[TaskScheduleRecord]:
        """Every schedule entry the caller sees, by ID."""
        owned = self.world.owned_by(self.world.task_schedules, self.account_id)
        return [r for r in owned if self.visible(r)]

    def find(self, schedule_id: int, kind: str | None = None) -> TaskScheduleRecord | None:
        """The entry ``schedule_id`` the caller sees (of the ``kind`` given), or ``None``."""
        record = self.world.task_schedules.get(schedule_id)
        if record is None or not self.visible(record):
            return None
        return record if kind is None or record.type == kind else None

    def checkpoints(self, route: TaskScheduleRecord) -> list[TaskScheduleRecord]:
        """The checkpoint entries of a route schedule, in order."""
        return checkpoints_of(self.world, route)


def tagged_schedules(ctx: Context, tags: set[int]) -> list[TaskSchedule | CheckpointSchedule]:
    """The task and checkpoint schedules the caller sees that carry every one of ``tags``."""
    schedules = Schedules(ctx)
    found: list[TaskSchedule | CheckpointSchedule] = []
    for record in schedules.all():
        if record.type != "route" and tags <= set(_live_tags(ctx.world, record)):
            shown = wire_schedule(ctx.world, record, schedules.tracker_of(record))
            if not isinstance(shown, RouteSchedule):
                found.append(shown)
    return found


def checkpoints_of(world: World, route: TaskScheduleRecord) -> list[TaskScheduleRecord]:
    """The checkpoint entries of the route schedule ``route``, in order."""
    found = world.task_schedules.having(_parent, (route.id,))
    return sorted(found, key=lambda r: (r.order, r.id))


def _parent(record: TaskScheduleRecord) -> tuple[int | None]:
    return (record.parent_id if record.type == "checkpoint" else None,)


def wire_schedule(
    world: World, record: TaskScheduleRecord, tracker_id: int | None
) -> TaskSchedule | RouteSchedule | CheckpointSchedule:
    """The entry as the API answers it; ``tracker_id`` is that of what it makes (a
    checkpoint's route's). Tags and a form template deleted since are left out."""
    if record.type == "route":
        assert record.parameters is not None
        return RouteSchedule(
            id=record.id,
            user_id=record.user_id,
            tracker_id=tracker_id,
            label=record.label,
            description=record.description,
            parameters=record.parameters,
        )
    template = record.form_template_id
    if template is not None and template_of(world, record.user_id, template) is None:
        template = None
    shown = {
        "tracker_id": tracker_id,
        "location": record.location or Location(lat=0.0, lng=0.0),
        "tags": _live_tags(world, record),
        "form_template_id": template,
    }
    if record.type == "checkpoint":
        return convert(CheckpointSchedule, record, **shown)
    return convert(TaskSchedule, record, **shown)


def _live_tags(world: World, record: TaskScheduleRecord) -> list[int]:
    """The tags of ``record`` its owner still has."""
    return [t for t in record.tags if world.owned_record(world.tags, record.user_id, t)]


# --- Making tasks ----------------------------------------------------------------------------


def _usable_tracker(world: World, record: TaskScheduleRecord) -> int | None:
    """The schedule's tracker if it can take tasks now (the owner's, not blocked, on a tariff
    with tasks), else ``None``: what is made then is unassigned."""
    if record.tracker_id is None:
        return None
    tracker = world.owned_record(world.trackers, record.user_id, record.tracker_id)
    if tracker is None or tracker.blocked:
        return None
    tariff = world.tariffs.get(tracker.tariff_id)
    return tracker.id if tariff is not None and "app_tasks" in tariff.features else None


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
        tags=_live_tags(world, record),
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
            day = max(record.next_day, today - (MAX_CATCH_UP_DAYS - 1) * _DAY)
            while day <= today:
                if runs_on(record.parameters, day):
                    due.append((day_start(day, tz), record.id, day))
                day += _DAY
        schedules.change(record.id, next_day=today + _DAY)
    for _, schedule_id, day in sorted(due):
        _make(world, schedules[schedule_id], day, max_records)


def first_day(ctx: Context) -> dt.date:
    """The first day a schedule made now makes anything on: tomorrow in the account's time
    zone (today's tasks were made at its start)."""
    return local_today(ctx.now(), account_zone(ctx.world, ctx.account.id)) + _DAY


def delete_schedule(world: World, record: TaskScheduleRecord) -> None:
    """Delete a schedule entry; a route schedule goes with its checkpoints."""
    if record.type == "route":
        for checkpoint in checkpoints_of(world, record):
            del world.task_schedules[checkpoint.id]
    del world.task_schedules[record.id]


def forget_tracker(world: World, tracker_id: int) -> None:
    """Delete the task and route schedules of a tracker that is removed (as its tasks and
    routes are)."""
    gone = [r for r in world.task_schedules.values() if r.tracker_id == tracker_id]
    for record in gone:
        if record.id in world.task_schedules and record.type != "checkpoint":
            delete_schedule(world, record)
