"""Vehicle service works (``vehicle/service_task/*``): creating, changing, reading and
completing them (finding them is :mod:`.listing`).

A task belongs to its vehicle's owner; a sub-user sees the tasks of the vehicles it sees. Its
status, counters and prediction are worked out when it is answered
(:mod:`fleetapi_mock.domain.service_task`), and what it reached is told first
(:func:`~fleetapi_mock.domain.service_task.review_service_tasks`).
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import attrs

from fleetapi._errors import (
    EntityMissingError,
    EntityNotFoundError,
    FleetApiError,
    NotSupportedByDeviceError,
)
from fleetapi._rules import EMAIL_PATTERN, PHONE_PATTERN
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.service_task import (
    SERVICE_TASK_BATCH_CREATE,
    SERVICE_TASK_CREATE,
    SERVICE_TASK_DELETE,
    SERVICE_TASK_READ,
    SERVICE_TASK_SET_STATUS,
    SERVICE_TASK_UPDATE,
)
from fleetapi.models.service_task import (
    CounterCondition,
    DateCondition,
    ServiceTask,
    ServiceTaskBatchCreateParams,
    ServiceTaskConditions,
    ServiceTaskContent,
    ServiceTaskCreateParams,
    ServiceTaskDeleteParams,
    ServiceTaskNotifications,
    ServiceTaskReadParams,
    ServiceTaskSetStatusParams,
    ServiceTaskUpdateParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.service_task import (
    Evaluator,
    Progress,
    later,
    reports_ignition,
    review_service_tasks,
    wire_service_task,
)
from fleetapi_mock.domain.vehicle import vehicle_visible
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    ServiceMark,
    ServiceTaskRecord,
    ServiceTaskStatus,
    TrackerRecord,
    VehicleRecord,
)

_PHONE, _EMAIL = re.compile(PHONE_PATTERN), re.compile(EMAIL_PATTERN)


def _vehicle(
    ctx: Context, vehicle_id: int, missing: type[FleetApiError]
) -> tuple[VehicleRecord, TrackerRecord]:
    """A vehicle of the caller with a tracker, and that tracker (``missing`` otherwise)."""
    vehicle = ctx.owned_get(ctx.world.vehicles, vehicle_id)
    if vehicle is None or not vehicle_visible(ctx, vehicle):
        raise missing(f"no vehicle {vehicle_id}")
    tracker = ctx.world.trackers.get(vehicle.tracker_id) if vehicle.tracker_id else None
    if tracker is None:
        raise missing(f"vehicle {vehicle_id} has no tracker")
    return vehicle, tracker


_C = TypeVar("_C", CounterCondition, DateCondition)


def _stored(condition: _C | Unset | None) -> _C | Unset:
    """A condition as a task keeps it: unset when null, its null intervals unset."""
    if condition is None or isinstance(condition, Unset):
        return UNSET
    notice, repeat = condition.notification_interval, condition.repeat_interval
    return attrs.evolve(
        condition,
        notification_interval=UNSET if notice is None else notice,
        repeat_interval=UNSET if repeat is None else repeat,
    )


def _checked(
    ctx: Context, task: ServiceTaskContent, where: str, missing: type[FleetApiError]
) -> dict[str, Any]:
    """The record fields of ``task`` (a date condition's end in UTC): 7 without a condition
    or for a bad phone or address, ``missing`` for a file not the caller's."""
    given = task.conditions
    conditions = ServiceTaskConditions(  # what is null is not set
        mileage=_stored(given.mileage),
        date=_stored(given.date),
        engine_hours=_stored(given.engine_hours),
    )
    if conditions == ServiceTaskConditions():
        raise invalid(f"{where}.conditions", "needs mileage, date or engine_hours")
    if isinstance(conditions.date, DateCondition):
        end = ctx.request_time(conditions.date.end, f"{where}.conditions.date.end")
        conditions = attrs.evolve(conditions, date=attrs.evolve(conditions.date, end=end))
    notifications = (
        ServiceTaskNotifications() if isinstance(task.notifications, Unset) else task.notifications
    )
    for name, pattern in (("sms_phones", _PHONE), ("emails", _EMAIL)):
        for index, value in enumerate(getattr(notifications, name)):
            if not value or pattern.fullmatch(value) is None:
                raise invalid(f"{where}.notifications.{name}[{index}]", "is not valid")
    file_ids = [] if isinstance(task.file_ids, Unset) else list(dict.fromkeys(task.file_ids))
    for file_id in file_ids:
        file = ctx.owned_get(ctx.world.files, file_id)
        if file is None or file.state == "deleted":
            raise missing(f"no file {file_id}")
    return {
        "description": task.description,
        "conditions": conditions,
        "repeat": task.repeat is True,
        "unplanned": task.unplanned is True,
        "cost": 0.0 if isinstance(task.cost, Unset) else float(task.cost),
        "notifications": notifications,
        "comment": "" if isinstance(task.comment, Unset) else task.comment,
        "file_ids": file_ids,
    }


def _check_hours(ctx: Context, conditions: ServiceTaskConditions, tracker: TrackerRecord) -> None:
    """214 for an engine hours condition on a tracker that never reported its ignition."""
    if not isinstance(conditions.engine_hours, CounterCondition):
        return
    if not reports_ignition(tracker, ctx.world.points_of(tracker.id)):
        raise NotSupportedByDeviceError(f"tracker {tracker.id} reports no ignition")


def _add(
    ctx: Context, vehicle: VehicleRecord, tracker: TrackerRecord, fields: dict[str, object]
) -> int:
    task_id = ctx.world.ids.next("service_tasks")
    start = Evaluator(ctx.world, ctx.now()).mark(tracker)
    ctx.world.service_tasks[task_id] = ServiceTaskRecord(
        id=task_id,
        vehicle_id=vehicle.id,
        start=start,
        **fields,  # type: ignore[arg-type]
    )
    return task_id


@handles(SERVICE_TASK_CREATE)
def service_task_create(ctx: Context, params: ServiceTaskCreateParams) -> int:
    """A task of a vehicle with a tracker, starting now: 201 for another vehicle, 204 for a
    file not the caller's, 214 for engine hours without an ignition."""
    vehicle, tracker = _vehicle(ctx, params.task.vehicle_id, EntityNotFoundError)
    fields = _checked(ctx, params.task, "task", EntityMissingError)
    _check_hours(ctx, params.task.conditions, tracker)
    return _add(ctx, vehicle, tracker, fields)


@handles(SERVICE_TASK_BATCH_CREATE)
def service_task_batch_create(ctx: Context, params: ServiceTaskBatchCreateParams) -> None:
    """The same task for every vehicle named (once each), all or none."""
    fields = _checked(ctx, params.task, "task", EntityMissingError)
    found = [
        _vehicle(ctx, vehicle_id, EntityNotFoundError)
        for vehicle_id in dict.fromkeys(params.vehicle_ids)
    ]
    for _, tracker in found:
        _check_hours(ctx, params.task.conditions, tracker)
    for vehicle, tracker in found:
        _add(ctx, vehicle, tracker, fields)


def _task(ctx: Context, task_id: int) -> ServiceTaskRecord:
    """A task of a vehicle the caller sees (204 otherwise)."""
    record = ctx.world.service_tasks.get(task_id)
    vehicle = ctx.owned_get(ctx.world.vehicles, record.vehicle_id) if record else None
    if record is None or vehicle is None or not vehicle_visible(ctx, vehicle):
        raise EntityMissingError(f"no service task {task_id}")
    return record


@handles(SERVICE_TASK_UPDATE)
def service_task_update(ctx: Context, params: ServiceTaskUpdateParams) -> None:
    """Rewrite a task whole, its start kept (unless it moves to another vehicle) and its
    status worked out again (a done task stays done)."""
    task = params.task
    record = _task(ctx, task.id)
    vehicle, tracker = _vehicle(ctx, task.vehicle_id, EntityMissingError)
    fields = _checked(ctx, task, "task", EntityMissingError)
    _check_hours(ctx, task.conditions, tracker)
    start = record.start
    if vehicle.id != record.vehicle_id:
        start = attrs.evolve(Evaluator(ctx.world, ctx.now()).mark(tracker), date=start.date)
    status: ServiceTaskStatus = record.status  # what was told stays told...
    if record.status != "done" and (start, fields["conditions"]) != (
        record.start,
        record.conditions,
    ):
        status = "created"  # ...unless the conditions changed: worked out (and told) anew
    ctx.world.service_tasks[record.id] = attrs.evolve(
        record, vehicle_id=vehicle.id, start=start, status=status, **fields
    )


@handles(SERVICE_TASK_DELETE)
def service_task_delete(ctx: Context, params: ServiceTaskDeleteParams) -> None:
    """Delete the caller's tasks named (others skipped) and the files only they held."""
    if isinstance(params.task_id, Unset) == isinstance(params.task_ids, Unset):
        both = not isinstance(params.task_id, Unset)
        raise invalid("task_ids" if both else "task_id", "give task_id or task_ids")
    wanted = [params.task_id] if isinstance(params.task_id, int) else params.task_ids
    gone = []
    for task_id in dict.fromkeys(wanted or ()):
        try:
            gone.append(_task(ctx, task_id))
        except EntityMissingError:
            continue
    world = ctx.world
    for record in gone:
        del world.service_tasks[record.id]
    held = {f for t in world.service_tasks.values() for f in t.file_ids}
    for file_id in {f for t in gone for f in t.file_ids} - held:
        file = world.files.get(file_id)
        if file is not None and file.checkin_id is None and file.form_id is None:
            world.files[file_id] = attrs.evolve(file, state="deleted")


def _needs_counters(record: ServiceTaskRecord, progress: Progress) -> None:
    if progress.counters_missing:
        raise EntityNotFoundError(f"service task {record.id}: its vehicle has no tracker")


@handles(SERVICE_TASK_READ)
def service_task_read(ctx: Context, params: ServiceTaskReadParams) -> ServiceTask:
    """One task worked out now: 204 when it is not the caller's, 201 when a counter
    condition has no tracker to count by."""
    _task(ctx, params.task_id)
    review_service_tasks(ctx.world)
    record = ctx.world.service_tasks[params.task_id]
    progress = Evaluator(ctx.world, ctx.now()).progress(record)
    _needs_counters(record, progress)
    return wire_service_task(
        ctx, record, progress, prediction=params.return_prediction is not False
    )


@handles(SERVICE_TASK_SET_STATUS)
def service_task_set_status(ctx: Context, params: ServiceTaskSetStatusParams) -> None:
    """Set a task done: its completion is now; a repeating one starts the next at once."""
    record = _task(ctx, params.task_id)
    evaluator = Evaluator(ctx.world, ctx.now())
    _needs_counters(record, evaluator.progress(record))
    if record.status == "done":
        return
    tracker = evaluator.tracker(record)
    done = evaluator.mark(tracker)
    ctx.world.service_tasks[record.id] = attrs.evolve(record, status="done", completion=done)
    if record.repeat:
        task_id = ctx.world.ids.next("service_tasks")
        ctx.world.service_tasks[task_id] = attrs.evolve(
            record,
            id=task_id,
            status="created",
            start=done,
            completion=None,
            conditions=_repeated(record, done),
        )


def _repeated(record: ServiceTaskRecord, done: ServiceMark) -> ServiceTaskConditions:
    """The conditions of the task that follows ``record`` done at ``done``."""
    conditions = record.conditions
    changes: dict[str, Any] = {}
    for name in ("mileage", "engine_hours"):
        condition = getattr(conditions, name)
        if isinstance(condition, CounterCondition) and isinstance(condition.repeat_interval, int):
            changes[name] = attrs.evolve(condition, limit=condition.repeat_interval)
    date = conditions.date
    if isinstance(date, DateCondition):
        if isinstance(date.repeat_interval, int):
            seconds = date.repeat_interval * 86400.0
        else:
            seconds = max(0.0, (date.end - record.start.date).total_seconds())
        changes["date"] = attrs.evolve(date, end=later(done.date, seconds))
    return attrs.evolve(conditions, **changes)
