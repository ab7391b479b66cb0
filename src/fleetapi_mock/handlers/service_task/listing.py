"""Finding service tasks, and their download as a PDF document or a workbook.

The tasks found are those of the vehicles the caller sees, each worked out now (after what they
reached is told); conditions and sort name the fields of
:data:`~fleetapi.models.service_task.SERVICE_TASK_SORT_FIELDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fleetapi._errors import EntityNotFoundError
from fleetapi._types import Unset
from fleetapi.endpoints.service_task import SERVICE_TASK_DOWNLOAD, SERVICE_TASK_LIST
from fleetapi.models.service_task import (
    SERVICE_TASK_CONDITION_FIELDS,
    SERVICE_TASK_SORT_FIELDS,
    CounterCondition,
    DateCondition,
    ServiceTask,
    ServiceTaskDownloadParams,
    ServiceTaskFilters,
    ServiceTaskListParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Cell, Export, ExportFormat, sections
from fleetapi_mock.domain.service_task import (
    Evaluator,
    Progress,
    answered_status,
    review_service_tasks,
    wire_service_task,
)
from fleetapi_mock.domain.vehicle import visible_vehicles
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ServiceTaskRecord

Found = list[tuple[ServiceTaskRecord, Progress]]
"""Tasks found, each with its progress now."""


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
