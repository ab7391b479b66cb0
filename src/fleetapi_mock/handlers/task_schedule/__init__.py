"""Task schedules: ``task/schedule/*`` but the route and checkpoint calls (``route``).

Schedule entries live in ``world.task_schedules``; what they make, and when, is
:mod:`fleetapi_mock.domain.task_schedule`'s. A sub-user sees the schedules of its trackers and
the unassigned ones; anything else answers as missing.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

import attrs

from fleetapi._errors import EntityMissingError, EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.task_schedule import (
    TASK_SCHEDULE_CREATE,
    TASK_SCHEDULE_DELETE,
    TASK_SCHEDULE_LIST,
    TASK_SCHEDULE_PROPOSAL_LIST,
    TASK_SCHEDULE_READ,
    TASK_SCHEDULE_UPDATE,
)
from fleetapi.models.task import ListedRoute, Task
from fleetapi.models.task_schedule import (
    CheckpointSchedule,
    RouteSchedule,
    ScheduleProposalListParams,
    TaskSchedule,
    TaskScheduleCreateParams,
    TaskScheduleDeleteParams,
    TaskScheduleIdParams,
    TaskScheduleListParams,
    TaskScheduleReadResult,
    TaskScheduleUpdateParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.task import usable_tracker, value_or
from fleetapi_mock.domain.task_schedule import (
    Schedules,
    account_zone,
    check_content,
    check_parameters,
    checkpoints_of,
    day_start,
    delete_schedule,
    first_day,
    local_today,
    require_template,
    runs_on,
    visit_fields,
    wire_schedule,
)
from fleetapi_mock.domain.task_schedule.making import planned
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TaskScheduleRecord, convert

DEFAULT_PROPOSAL_SPAN: Final = dt.timedelta(days=31)
"""The period ``task/schedule/proposal/list`` covers without a ``to``."""

MAX_PROPOSAL_SPAN: Final = dt.timedelta(days=366)
"""The longest period ``task/schedule/proposal/list`` covers."""


@handles(TASK_SCHEDULE_CREATE)
def task_schedule_create(ctx: Context, params: TaskScheduleCreateParams) -> int:
    """Create a task schedule; it makes its first task at the start of its next day.

    201 for a tracker the caller does not see, 208 for a blocked one, 236 for one without
    ``app_tasks``; 7 for tags not of the account and days out of range; 204 for a form
    template not of the account.
    """
    content = params.schedule
    tracker_id = value_or(content.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    check_content(ctx, content, "schedule", errors)
    check_parameters(content.parameters, "schedule.{}".format, errors)
    if errors:
        raise InvalidParametersError(errors=errors)
    require_template(ctx, content.form_template_id)
    record_id = ctx.world.ids.next("task_schedules")
    ctx.world.task_schedules[record_id] = TaskScheduleRecord(
        id=record_id,
        user_id=ctx.account.id,
        tracker_id=tracker_id,
        parameters=content.parameters,
        next_day=first_day(ctx),
        **visit_fields(content),
    )
    return record_id


@handles(TASK_SCHEDULE_UPDATE)
def task_schedule_update(ctx: Context, params: TaskScheduleUpdateParams) -> None:
    """Rewrite a task schedule; what it already made stays.

    204 when ``schedule.id`` is not a task schedule the caller sees; then the checks of
    ``task/schedule/create``.
    """
    content = params.schedule
    record = Schedules(ctx).find(content.id, "task")
    if record is None:
        raise EntityMissingError(f"no task schedule {content.id}")
    tracker_id = value_or(content.tracker_id, record.tracker_id)
    if isinstance(content.tracker_id, int):
        usable_tracker(ctx, content.tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    check_content(ctx, content, "schedule", errors)
    check_parameters(content.parameters, "schedule.{}".format, errors)
    if errors:
        raise InvalidParametersError(errors=errors)
    require_template(ctx, content.form_template_id)
    ctx.world.task_schedules[record.id] = attrs.evolve(
        record,
        tracker_id=tracker_id,
        parameters=content.parameters,
        **visit_fields(content, record),
    )


@handles(TASK_SCHEDULE_DELETE)
def task_schedule_delete(ctx: Context, params: TaskScheduleDeleteParams) -> None:
    """Delete a task schedule (201 for anything else); the tasks it made stay."""
    record = Schedules(ctx).find(params.schedule_id, "task")
    if record is None:
        raise EntityNotFoundError(f"no task schedule {params.schedule_id}")
    delete_schedule(ctx.world, record)


@handles(TASK_SCHEDULE_LIST)
def task_schedule_list(
    ctx: Context, params: TaskScheduleListParams
) -> list[TaskSchedule | RouteSchedule | CheckpointSchedule]:
    """The task schedules (and route schedules, with ``types``) the caller sees, by ID."""
    schedules = Schedules(ctx)
    types = set(params.types) if isinstance(params.types, list) else {"task"}
    trackers = params.trackers if isinstance(params.trackers, list) else None
    text = params.filter.casefold() if isinstance(params.filter, str) else ""
    tags = set(params.tag_ids) if isinstance(params.tag_ids, list) else set()
    found = []
    for record in schedules.all():
        if record.type not in types:
            continue
        if trackers is not None and record.tracker_id not in trackers:
            continue
        if text and text not in f"{record.label}\n{record.description}".casefold():
            continue
        if not tags <= set(record.tags) or (tags and record.type == "route"):
            continue
        found.append(wire_schedule(ctx.world, record, record.tracker_id))
    return found


@handles(TASK_SCHEDULE_READ)
def task_schedule_read(ctx: Context, params: TaskScheduleIdParams) -> TaskScheduleReadResult:
    """A task, route or checkpoint schedule; a route schedule comes with its checkpoints."""
    schedules = Schedules(ctx)
    record = schedules.find(params.id)
    if record is None:
        raise EntityNotFoundError(f"no task schedule {params.id}")
    tracker_id = schedules.tracker_of(record)
    value = wire_schedule(ctx.world, record, tracker_id)
    if record.type != "route":
        return TaskScheduleReadResult(value=value)
    checkpoints = [wire_schedule(ctx.world, c, tracker_id) for c in schedules.checkpoints(record)]
    return TaskScheduleReadResult(
        value=value, checkpoints=[c for c in checkpoints if isinstance(c, CheckpointSchedule)]
    )


@handles(TASK_SCHEDULE_PROPOSAL_LIST)
def task_schedule_proposal_list(
    ctx: Context, params: ScheduleProposalListParams
) -> list[Task | ListedRoute]:
    """What the schedules the caller sees will make from ``from`` to ``to``, by day and then
    schedule (7 for a ``from`` before now, a ``to`` not after it or more than 366 days
    after it)."""
    now = ctx.now().replace(microsecond=0)
    start = now if params.from_ is None or isinstance(params.from_, Unset) else None
    if start is None:
        assert isinstance(params.from_, dt.datetime)
        start = ctx.request_time(params.from_, "from")
        if start < now:
            raise invalid("from", "must not be before now")
    if params.to is None or isinstance(params.to, Unset):
        end = start + DEFAULT_PROPOSAL_SPAN
    else:
        end = ctx.request_time(params.to, "to")
        if end <= start:
            raise invalid("to", "must be later than from")
        if end - start > MAX_PROPOSAL_SPAN:
            raise invalid("to", f"must be at most {MAX_PROPOSAL_SPAN.days} days after from")
    types = set(params.types) if isinstance(params.types, list) else {"task", "route"}
    trackers = params.trackers if isinstance(params.trackers, list) else None
    text = params.filter.casefold() if isinstance(params.filter, str) else ""
    due: list[tuple[dt.datetime, int, dt.date]] = []
    for record in Schedules(ctx).all():
        if record.type not in types:
            continue
        if trackers is not None and record.tracker_id not in trackers:
            continue
        if text and text not in f"{record.label}\n{record.description}".casefold():
            continue
        if record.type == "route" and len(checkpoints_of(ctx.world, record)) < 2:
            continue  # makes nothing, as when its day comes
        tz = account_zone(ctx.world, record.user_id)
        day = max(local_today(start, tz), record.next_day or local_today(start, tz))
        while (begins := day_start(day, tz)) < end:
            if begins >= start and runs_on(record.parameters, day):
                due.append((begins, record.id, day))
            day += dt.timedelta(days=1)
    return [_proposal(ctx, ctx.world.task_schedules[i], day) for _, i, day in sorted(due)]


def _proposal(ctx: Context, record: TaskScheduleRecord, day: dt.date) -> Task | ListedRoute:
    """What ``record`` will make on ``day``, as the caller sees it."""
    made, checkpoints = planned(ctx.world, record, day)
    if isinstance(made, Task):
        return _shown(ctx, made)
    shown = [_shown(ctx, c) for c in checkpoints or []]
    return convert(
        ListedRoute,
        made,
        creation_date=ctx.user_time(made.creation_date),
        from_=ctx.user_time(made.from_),
        to=ctx.user_time(made.to),
        status_change_date=ctx.user_time(made.status_change_date),
        checkpoints=shown,
    )


def _shown(ctx: Context, task: Task) -> Task:
    """A task not yet made, its date/times in the caller's time zone."""
    return attrs.evolve(
        task,
        creation_date=ctx.user_time(task.creation_date),
        from_=ctx.user_time(task.from_),
        to=ctx.user_time(task.to),
        status_change_date=ctx.user_time(task.status_change_date),
    )
