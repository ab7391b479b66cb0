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
``next_day`` calls for (the last :data:`MAX_CATCH_UPDAYS` of them), oldest first, once each.
``task/schedule/proposal/list`` answers what is still to be made (:func:`planned`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, Final

from fleetapi._errors import EntityMissingError
from fleetapi._types import Unset
from fleetapi.models.common import Location
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
from fleetapi_mock.domain.form import template_of
from fleetapi_mock.domain.task import check_tags, value_or
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.records import TaskScheduleRecord, convert
from fleetapi_mock.state.world import World

__all__ = [
    "DAY",
    "Schedules",
    "account_zone",
    "check_content",
    "check_parameters",
    "checkpoints_of",
    "day_start",
    "delete_schedule",
    "first_day",
    "forget_tracker",
    "live_tags",
    "local_today",
    "normal_time",
    "require_template",
    "runs_on",
    "scheduled_time",
    "tagged_schedules",
    "visit_fields",
    "wire_schedule",
]

DAY: Final = dt.timedelta(days=1)
"""One day."""


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
        if record.type != "route" and tags <= set(live_tags(ctx.world, record)):
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
        "tags": live_tags(world, record),
        "form_template_id": template,
    }
    if record.type == "checkpoint":
        return convert(CheckpointSchedule, record, **shown)
    return convert(TaskSchedule, record, **shown)


def live_tags(world: World, record: TaskScheduleRecord) -> list[int]:
    """The tags of ``record`` its owner still has."""
    return [t for t in record.tags if world.owned_record(world.tags, record.user_id, t)]


def first_day(ctx: Context) -> dt.date:
    """The first day a schedule made now makes anything on: tomorrow in the account's time
    zone (today's tasks were made at its start)."""
    return local_today(ctx.now(), account_zone(ctx.world, ctx.account.id)) + DAY


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
