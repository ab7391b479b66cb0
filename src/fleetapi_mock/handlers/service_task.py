"""Vehicle service works (``vehicle/service_task/*``).

A task belongs to its vehicle's owner; a sub-user sees the tasks of the vehicles it sees. Its
status, counters and prediction are worked out when it is answered
(:mod:`fleetapi_mock.domain.service_task`), and what it reached is told first
(:func:`~fleetapi_mock.domain.service_task.review_service_tasks`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

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
    SERVICE_TASK_DOWNLOAD,
    SERVICE_TASK_LIST,
    SERVICE_TASK_READ,
    SERVICE_TASK_SET_STATUS,
    SERVICE_TASK_UPDATE,
)
from fleetapi.models.service_task import (
    SERVICE_TASK_CONDITION_FIELDS,
    SERVICE_TASK_SORT_FIELDS,
    CounterCondition,
    DateCondition,
    ServiceTask,
    ServiceTaskBatchCreateParams,
    ServiceTaskConditions,
    ServiceTaskContent,
    ServiceTaskCreateParams,
    ServiceTaskDeleteParams,
    ServiceTaskDownloadParams,
    ServiceTaskFilters,
    ServiceTaskListParams,
    ServiceTaskNotifications,
    ServiceTaskReadParams,
    ServiceTaskSetStatusParams,
    ServiceTaskUpdateParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context, FileReply, invalid
from fleetapi_mock.domain.export import CONTENT_TYPES, Cell, Export, ExportFormat, sections
from fleetapi_mock.domain.service_task import (
    Evaluator,
    Progress,
    answered_status,
    later,
    reports_ignition,
    review_service_tasks,
    wire_service_task,
)
from fleetapi_mock.domain.vehicle import vehicle_visible, visible_vehicles
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    ServiceMark,
    ServiceTaskRecord,
    ServiceTaskStatus,
    TrackerRecord,
    VehicleRecord,
)

_PHONE, _EMAIL = re.compile(PHONE_PATTERN), re.compile(EMAIL_PATTERN)

Found = list[tuple[ServiceTaskRecord, Progress]]


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


def _checked(
    ctx: Context, task: ServiceTaskContent, where: str, missing: type[FleetApiError]
) -> dict[str, Any]:
    """The record fields of ``task`` (a date condition's end in UTC): 7 without a condition
    or for a bad phone or address, ``missing`` for a file not the caller's."""
    given = task.conditions
    conditions = ServiceTaskConditions(  # what is not given is not set
        mileage=given.mileage if isinstance(given.mileage, CounterCondition) else UNSET,
        date=given.date if isinstance(given.date, DateCondition) else UNSET,
        engine_hours=given.engine_hours
        if isinstance(given.engine_hours, CounterCondition)
        else UNSET,
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


def _fields(
    ctx: Context, progress: dict[int, Progress]
) -> dict[str, search.Field[ServiceTaskRecord]]:
    """The condition and sort fields of tasks (date/times in world time)."""
    world = ctx.world

    def vehicle_label(record: ServiceTaskRecord) -> str | None:
        vehicle = world.vehicles.get(record.vehicle_id)
        return vehicle.label if vehicle is not None else None

    fields: dict[str, search.Field[ServiceTaskRecord]] = {
        "id": search.Field("number", lambda r: r.id),
        "vehicle": search.Field("text", vehicle_label),
        "vehicle_id": search.Field("number", lambda r: r.vehicle_id),
        "description": search.Field("text", lambda r: r.description),
        "comment": search.Field("text", lambda r: r.comment),
        "creation_date": search.Field("datetime", lambda r: r.start.date),
        "status": search.Field("text", lambda r: answered_status(r, progress[r.id])),
        "cost": search.Field("number", lambda r: r.cost),
        "predicted_date": search.Field("datetime", lambda r: progress[r.id].predicted),
    }
    assert set(fields) == SERVICE_TASK_SORT_FIELDS
    return fields


def _find(ctx: Context, params: ServiceTaskFilters) -> Found:
    """The tasks a list or download finds, worked out now, in order, one page."""
    review_service_tasks(ctx.world)
    evaluator = Evaluator(ctx.world, ctx.now())
    seen = {v.id for v in visible_vehicles(ctx)}
    vehicles = (
        None
        if isinstance(params.vehicle_ids, Unset) or not params.vehicle_ids
        else set(params.vehicle_ids)
    )
    for vehicle_id in sorted(vehicles or ()):
        if vehicle_id not in seen:
            raise EntityNotFoundError(f"no vehicle {vehicle_id}")
    records = [
        r
        for _, r in sorted(ctx.world.service_tasks.items())
        if r.vehicle_id in (vehicles or seen) and (params.only_unplanned is not True or r.unplanned)
    ]
    progress = {r.id: evaluator.progress(r) for r in records}
    fields = _fields(ctx, progress)
    conditions = [] if isinstance(params.conditions, Unset) else params.conditions
    search.check_conditions(
        conditions, {k: f for k, f in fields.items() if k in SERVICE_TASK_CONDITION_FIELDS}
    )
    conditions = search.in_world_time(conditions, ctx.request_time)
    sort = [] if isinstance(params.sort, Unset) else params.sort
    search.check_sort(sort, fields)
    statuses = (
        None if isinstance(params.statuses, Unset) or not params.statuses else set(params.statuses)
    )
    text = "" if isinstance(params.filter, Unset) else params.filter.casefold()
    meets = search.matcher(conditions, fields)

    def kept(record: ServiceTaskRecord) -> bool:
        if statuses is not None and answered_status(record, progress[record.id]) not in statuses:
            return False
        if text:
            label = fields["vehicle"].get(record) or ""
            if not any(text in t.casefold() for t in (record.description, record.comment, label)):
                return False
        return meets(record)

    found = search.sort_records([r for r in records if kept(r)], sort, fields)
    return [(r, progress[r.id]) for r in search.page(found, params.offset, params.limit)]


@handles(SERVICE_TASK_LIST)
def service_task_list(ctx: Context, params: ServiceTaskListParams) -> list[ServiceTask]:
    """The tasks of the vehicles the caller sees, filtered, sorted (by id) and paged."""
    wanted = params.return_prediction is not False
    return [wire_service_task(ctx, r, p, prediction=wanted) for r, p in _find(ctx, params)]


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


EXPORT_HEADINGS: Final = (
    "Vehicle",
    "Description",
    "Status",
    "Conditions",
    "Start",
    "Predicted end",
    "Wear, %",
    "Cost",
    "Comment",
)

_GROUPS: Final[dict[str, Callable[[ServiceTask], str]]] = {
    "vehicle": lambda t: t.vehicle_label,
    "status": lambda t: t.status,
}


def _conditions(task: ServiceTask) -> str:
    parts = []
    conditions = task.conditions
    if isinstance(conditions.mileage, CounterCondition):
        parts.append(f"{conditions.mileage.limit} km")
    if isinstance(conditions.engine_hours, CounterCondition):
        parts.append(f"{conditions.engine_hours.limit} h")
    if isinstance(conditions.date, DateCondition):
        parts.append(f"by {conditions.date.end:%Y-%m-%d}")
    return ", ".join(parts)


def _row(task: ServiceTask) -> list[Cell]:
    prediction = task.prediction
    end = None if isinstance(prediction, Unset) else prediction.end_date
    return [
        task.vehicle_label,
        task.description,
        task.status,
        _conditions(task),
        task.start.date.replace(tzinfo=None),
        None if end is None else end.replace(tzinfo=None),
        None if isinstance(prediction, Unset) else prediction.wear_percentage,
        task.cost,
        task.comment,
    ]


@handles(SERVICE_TASK_DOWNLOAD)
def service_task_download(ctx: Context, params: ServiceTaskDownloadParams) -> FileReply:
    """The tasks ``list`` finds as a pdf document (default) or a workbook, in sections when
    grouped."""
    tasks = [wire_service_task(ctx, r, p) for r, p in _find(ctx, params)]
    rows = [_row(t) for t in tasks]
    if not isinstance(params.group_by, Unset):
        group = _GROUPS[params.group_by]
        rows = sections(rows, [group(t) for t in tasks], len(EXPORT_HEADINGS))
    fmt = "pdf" if isinstance(params.format, Unset) else params.format
    kind: ExportFormat = "pdf" if fmt == "pdf" else "xlsx"
    now = ctx.user_time(ctx.now()).replace(tzinfo=None)
    export = Export(
        title="Service works",
        subtitle=f"{len(tasks)} works; exported {now:%Y-%m-%d %H:%M:%S}",
        headings=EXPORT_HEADINGS,
        rows=rows,
        created=now,
        widths=(18, 24, 10, 22, 20, 20, 8, 10, 30),
    )
    return FileReply(
        content=export.render(kind),
        content_type=CONTENT_TYPES[kind],
        filename=f"service_tasks.{fmt}" if params.add_filename_header is True else None,
    )
