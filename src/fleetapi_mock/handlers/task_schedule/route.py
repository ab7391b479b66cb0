"""Route schedules and their checkpoints: ``task/schedule/route/*`` and
``task/schedule/checkpoint/*``."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.task_schedule import (
    TASK_SCHEDULE_CHECKPOINT_DELETE,
    TASK_SCHEDULE_CHECKPOINT_TRANSMUTE,
    TASK_SCHEDULE_ROUTE_CREATE,
    TASK_SCHEDULE_ROUTE_DELETE,
    TASK_SCHEDULE_ROUTE_UPDATE,
)
from fleetapi.models.task_schedule import (
    NewRouteSchedule,
    RouteScheduleCreateParams,
    RouteScheduleUpdateParams,
    ScheduleCheckpoint,
    ScheduleCheckpointParams,
    TaskScheduleIdParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.task import usable_tracker, value_or
from fleetapi_mock.domain.task_schedule import (
    Schedules,
    check_content,
    check_parameters,
    delete_schedule,
    first_day,
    require_template,
    visit_fields,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TaskScheduleRecord


def _minutes(clock: str) -> int:
    """Minutes since midnight of a time of day (``HH:MM[:SS]``; seconds ignored)."""
    hours, minutes = clock.split(":")[:2]
    return int(hours) * 60 + int(minutes)


def _check(
    ctx: Context, route: NewRouteSchedule, checkpoints: Sequence[ScheduleCheckpoint]
) -> None:
    """The checks of a route schedule and its checkpoints: the tracker (201, 208, 236), the
    days, tags and order (7), the templates (204)."""
    if isinstance(route.tracker_id, int):
        usable_tracker(ctx, route.tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    check_parameters(route.parameters, "route.{}".format, errors)
    for index, checkpoint in enumerate(checkpoints):
        check_content(ctx, checkpoint, f"checkpoints[{index}]", errors)
        if index:
            before = checkpoints[index - 1]
            if _minutes(checkpoint.from_time) + checkpoint.duration < _minutes(before.from_time):
                errors.append(
                    {
                        "parameter": f"checkpoints[{index}].from_time",
                        "error": f"must not end before checkpoints[{index - 1}] starts",
                    }
                )
    if errors:
        raise InvalidParametersError(errors=errors)
    for checkpoint in checkpoints:
        require_template(ctx, checkpoint.form_template_id)


def _checkpoint(
    ctx: Context,
    route_id: int,
    order: int,
    content: ScheduleCheckpoint,
    base: TaskScheduleRecord | None = None,
) -> TaskScheduleRecord:
    """The checkpoint record of ``content`` at ``order`` in the route schedule ``route_id``
    (``base``: the one it rewrites)."""
    if base is not None:
        return attrs.evolve(base, order=order, **visit_fields(content, base))
    return TaskScheduleRecord(
        id=ctx.world.ids.next("task_schedules"),
        user_id=ctx.account.id,
        type="checkpoint",
        parent_id=route_id,
        order=order,
        **visit_fields(content),
    )


@handles(TASK_SCHEDULE_ROUTE_CREATE)
def task_schedule_route_create(ctx: Context, params: RouteScheduleCreateParams) -> int:
    """Create a route schedule and its checkpoints, in order; it makes its first route at the
    start of its next day."""
    route = params.route
    _check(ctx, route, params.checkpoints)
    schedules = ctx.world.task_schedules
    route_id = ctx.world.ids.next("task_schedules")
    schedules[route_id] = TaskScheduleRecord(
        id=route_id,
        user_id=ctx.account.id,
        type="route",
        tracker_id=value_or(route.tracker_id, None),
        label=route.label,
        description=route.description,
        parameters=route.parameters,
        next_day=first_day(ctx),
    )
    for order, content in enumerate(params.checkpoints):
        record = _checkpoint(ctx, route_id, order, content)
        schedules[record.id] = record
    return route_id


@handles(TASK_SCHEDULE_ROUTE_UPDATE)
def task_schedule_route_update(ctx: Context, params: RouteScheduleUpdateParams) -> None:
    """Rewrite a route schedule and its checkpoints as listed: those with an ``id`` rewritten,
    those without added, the others deleted. 201 for a route schedule the caller does not see
    or a checkpoint ``id`` not of it."""
    route = params.route
    schedules = Schedules(ctx)
    record = schedules.find(route.id, "route")
    if record is None:
        raise EntityNotFoundError(f"no route schedule {route.id}")
    existing = {c.id: c for c in schedules.checkpoints(record)}
    seen: set[int] = set()
    for index, checkpoint in enumerate(params.checkpoints):
        if isinstance(checkpoint.id, Unset):
            continue
        if checkpoint.id not in existing:
            raise EntityNotFoundError(f"no checkpoint {checkpoint.id} of route schedule {route.id}")
        if checkpoint.id in seen:
            raise invalid(f"checkpoints[{index}].id", "names a checkpoint given before")
        seen.add(checkpoint.id)
    _check(ctx, route, params.checkpoints)
    world = ctx.world
    world.task_schedules[record.id] = attrs.evolve(
        record,
        tracker_id=value_or(route.tracker_id, record.tracker_id),
        label=route.label,
        description=route.description,
        parameters=route.parameters,
    )
    for gone in existing.keys() - seen:
        del world.task_schedules[gone]
    for order, content in enumerate(params.checkpoints):
        base = None if isinstance(content.id, Unset) else existing[content.id]
        updated = _checkpoint(ctx, record.id, order, content, base)
        world.task_schedules[updated.id] = updated


@handles(TASK_SCHEDULE_ROUTE_DELETE)
def task_schedule_route_delete(ctx: Context, params: TaskScheduleIdParams) -> None:
    """Delete a route schedule with its checkpoints (201 for anything else); the routes it made
    stay."""
    record = Schedules(ctx).find(params.id, "route")
    if record is None:
        raise EntityNotFoundError(f"no route schedule {params.id}")
    delete_schedule(ctx.world, record)


def _find_checkpoint(
    schedules: Schedules, checkpoint_id: int
) -> tuple[TaskScheduleRecord, TaskScheduleRecord]:
    """A checkpoint schedule the caller sees and its route schedule; 201 for anything else."""
    record = schedules.find(checkpoint_id, "checkpoint")
    route = None if record is None or record.parent_id is None else schedules.find(record.parent_id)
    if record is None or route is None:
        raise EntityNotFoundError(f"no checkpoint schedule {checkpoint_id}")
    return record, route


@handles(TASK_SCHEDULE_CHECKPOINT_DELETE)
def task_schedule_checkpoint_delete(ctx: Context, params: ScheduleCheckpointParams) -> None:
    """Delete a checkpoint schedule; the others of its route close ranks. A route keeps two at
    least (7 otherwise)."""
    schedules = Schedules(ctx)
    record, route = _find_checkpoint(schedules, params.checkpoint_id)
    others = [c for c in schedules.checkpoints(route) if c.id != record.id]
    if len(others) < 2:
        raise invalid("checkpoint_id", "a route keeps two checkpoints at least: transmute one")
    del ctx.world.task_schedules[record.id]
    for order, checkpoint in enumerate(others):
        if checkpoint.order != order:
            ctx.world.task_schedules.change(checkpoint.id, order=order)


@handles(TASK_SCHEDULE_CHECKPOINT_TRANSMUTE)
def task_schedule_checkpoint_transmute(ctx: Context, params: ScheduleCheckpointParams) -> None:
    """Make a checkpoint schedule a task schedule of its route's tracker and days; the route
    schedule and its other checkpoints are deleted."""
    schedules = Schedules(ctx)
    record, route = _find_checkpoint(schedules, params.checkpoint_id)
    world = ctx.world
    task = attrs.evolve(
        record,
        type="task",
        tracker_id=route.tracker_id,
        parameters=route.parameters,
        next_day=route.next_day,
        parent_id=None,
        order=0,
    )
    delete_schedule(world, route)
    world.task_schedules[task.id] = task
