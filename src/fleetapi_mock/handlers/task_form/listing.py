"""Listing forms with the task, tracker, employee and vehicle they concern.

Each form found becomes a :class:`_Row` holding what it concerns; the list's filters, periods
and order are search conditions and a sort over one :data:`FIELDS` table, through
:mod:`fleetapi_mock.domain.search` as for every list call. Only the page answered gets its
submit places.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import attrs

from fleetapi._errors import EntityMissingError
from fleetapi._types import Unset
from fleetapi.endpoints.task_form import TASK_FORM_LIST
from fleetapi.models.form import Form
from fleetapi.models.place import PlaceLabel
from fleetapi.models.search import (
    ContainsCondition,
    EqCondition,
    Period,
    PeriodCondition,
    SearchCondition,
)
from fleetapi.models.task import Task, TaskStatus
from fleetapi.models.task_form import (
    FormEmployee,
    LabelledObject,
    SubmitPlaces,
    TaskFormList,
    TaskFormListItem,
    TaskFormListParams,
    TaskFormTask,
)
from fleetapi.models.zone import ZoneLabel
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import template_of, wire_form
from fleetapi_mock.domain.place import holds, wire_place
from fleetapi_mock.domain.search import Field
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.zone import contains
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    EmployeeRecord,
    FormRecord,
    TrackerRecord,
    VehicleRecord,
)

COMPLETED: Final = frozenset({"done", "delayed"})
"""The states of a completed task: its status change is its ``completion_date``."""


@attrs.frozen(kw_only=True)
class _Row:
    """A form found, with what it concerns (date/times in world time)."""

    form: Form
    """As the caller sees it (date/times in their time zone)."""
    record: FormRecord
    task: Task | None = None
    status: TaskStatus | None = None
    arrival: dt.datetime | None = None
    completion: dt.datetime | None = None
    stay: int | None = None
    tracker: TrackerRecord | None = None
    employee: EmployeeRecord | None = None
    vehicle: VehicleRecord | None = None


def _task_field(name: str) -> Any:
    """A getter of a task attribute (``None`` for a check-in form)."""
    return lambda row: None if row.task is None else getattr(row.task, name)


def _address(row: _Row) -> str | None:
    if row.task is None:
        return None
    address = row.task.location.address
    return address if isinstance(address, str) else None


def _submit_address(row: _Row) -> str | None:
    where = row.record.submit_location
    address = None if where is None else where.address
    return address if isinstance(address, str) else None


def _full_name(row: _Row) -> str | None:
    e = row.employee
    return (
        None if e is None else " ".join(p for p in (e.first_name, e.middle_name, e.last_name) if p)
    )


FIELDS: Final[dict[str, Field[_Row]]] = {
    "task_id": Field("number", _task_field("id")),
    "created": Field("datetime", lambda r: r.record.created),
    "submitted": Field("datetime", lambda r: r.record.submitted),
    "task_address": Field("text", _address),
    "submit_address": Field("text", _submit_address),
    "employee_full_name": Field("text", _full_name),
    "vehicle_label": Field("text", lambda r: None if r.vehicle is None else r.vehicle.label),
    "tracker_label": Field("text", lambda r: None if r.tracker is None else r.tracker.label),
    "task_label": Field("text", _task_field("label")),
    "task_creation_date": Field("datetime", _task_field("creation_date")),
    "task_from": Field("datetime", _task_field("from_")),
    "task_to": Field("datetime", _task_field("to")),
    "task_arrival_date": Field("datetime", lambda r: r.arrival),
    "task_completion_date": Field("datetime", lambda r: r.completion),
    "form_label": Field("text", lambda r: r.record.label),
    "form_description": Field("text", lambda r: r.record.description),
}
"""What the list filters and sorts by: the names of ``order_by``, ``filters`` and the
periods."""

_PERIODS: Final = {
    "submit_period": "submitted",
    "task_creation_period": "task_creation_date",
    "task_from_period": "task_from",
    "task_to_period": "task_to",
    "task_arrival_period": "task_arrival_date",
    "task_completion_period": "task_completion_date",
}
"""Each period parameter and the field it bounds."""


def _conditions(ctx: Context, params: TaskFormListParams) -> list[SearchCondition]:
    """The filters and periods of the request as search conditions (periods in world time)."""
    found: list[SearchCondition] = []
    if not isinstance(params.filters, Unset):
        for name, value in attrs.asdict(params.filters, recurse=False).items():
            if isinstance(value, Unset) or value == "":
                continue
            if isinstance(value, int):
                found.append(EqCondition(field=name, value=value))
            else:
                found.append(ContainsCondition(field=name, value=value))
    for parameter, field in _PERIODS.items():
        period = getattr(params, parameter)
        if isinstance(period, Period):
            start = ctx.request_time(period.from_, f"{parameter}.from")
            end = ctx.request_time(period.to, f"{parameter}.to")
            found.append(PeriodCondition(field=field, value=Period(from_=start, to=end)))
    return found


def _rows(ctx: Context, board: Board, params: TaskFormListParams) -> list[_Row]:
    """Every form the request names that the caller sees, by ID."""
    world = ctx.world
    template = params.template_id
    if isinstance(template, int) and template_of(world, ctx.account.id, template) is None:
        raise EntityMissingError(f"no form template {template}")
    tasks = set(params.task_ids) if isinstance(params.task_ids, list) else None
    employees = {e.tracker_id: e for e in reversed(ctx.owned(world.employees))}
    vehicles = {v.tracker_id: v for v in reversed(ctx.owned(world.vehicles))}
    rows = []
    for record in ctx.owned(world.forms):
        if isinstance(template, int) and record.template_id != template:
            continue
        if tasks is not None and record.task_id not in tasks:
            continue
        if not isinstance(template, int) and record.task_id is None:
            continue  # a check-in form is found by its template only
        if record.submitted is None and not params.include_unsubmitted:
            continue
        row = _row(ctx, board, record, employees, vehicles)
        if row is not None:
            rows.append(row)
    return rows


def _row(
    ctx: Context,
    board: Board,
    record: FormRecord,
    employees: dict[int | None, EmployeeRecord],
    vehicles: dict[int | None, VehicleRecord],
) -> _Row | None:
    """The row of a form, or ``None`` when the caller does not see it."""
    world = ctx.world
    form = wire_form(ctx, record)
    tracker = None if form.tracker_id is None else world.trackers.get(form.tracker_id)
    vehicle = None if tracker is None else vehicles.get(tracker.id)
    if record.task_id is None:  # a check-in form: seen with its tracker
        if form.tracker_id is not None and ctx.visible_tracker(form.tracker_id) is None:
            return None
        checkin = None if form.checkin_id is None else world.checkins.get(form.checkin_id)
        employee = None
        if checkin is not None and isinstance(checkin.employee_id, int):
            employee = world.employees.get(checkin.employee_id)
        elif tracker is not None:
            employee = employees.get(tracker.id)
        return _Row(form=form, record=record, tracker=tracker, employee=employee, vehicle=vehicle)
    task = world.tasks.get(record.task_id)
    if task is None or not board.visible(task):
        return None
    progress = board.progress(task)
    return _Row(
        form=form,
        record=record,
        task=task,
        status=progress.status,
        arrival=progress.arrival_date,
        completion=progress.status_change_date if progress.status in COMPLETED else None,
        stay=progress.stay_duration,
        tracker=tracker,
        employee=None if tracker is None else employees.get(tracker.id),
        vehicle=vehicle,
    )


def _item(ctx: Context, row: _Row) -> TaskFormListItem:
    """A row as the list answers it, with the places and zones where it was submitted."""
    employee = row.employee
    return TaskFormListItem(
        employee=None
        if employee is None
        else FormEmployee(
            id=employee.id,
            first_name=employee.first_name,
            middle_name=employee.middle_name,
            last_name=employee.last_name,
        ),
        task=_task(ctx, row),
        tracker=None
        if row.tracker is None
        else LabelledObject(id=row.tracker.id, label=row.tracker.label),
        vehicle=None
        if row.vehicle is None
        else LabelledObject(id=row.vehicle.id, label=row.vehicle.label),
        form=row.form,
        submit_places=_submit_places(ctx, row.record),
    )


def _task(ctx: Context, row: _Row) -> TaskFormTask | None:
    task = row.task
    if task is None or row.status is None:
        return None
    return TaskFormTask(
        id=task.id,
        label=task.label,
        from_=ctx.user_time(task.from_),
        to=ctx.user_time(task.to),
        creation_date=ctx.user_time(task.creation_date),
        arrival_date=ctx.optional_user_time(row.arrival),
        address=_address(row),
        status=row.status,
        completion_date=ctx.optional_user_time(row.completion),
        fact_duration=None if row.arrival is None else dt.timedelta(seconds=row.stay or 0),
    )


def _submit_places(ctx: Context, record: FormRecord) -> SubmitPlaces | None:
    where = record.submit_location
    if record.submitted is None or where is None:
        return None
    lat, lng = where.lat, where.lng
    places = [wire_place(p) for p in ctx.visible_places()]
    return SubmitPlaces(
        location=where,
        places=[PlaceLabel(id=p.id, label=p.label) for p in places if holds(p, lat, lng)],
        zones=[
            ZoneLabel(id=z.id, label=z.label) for z in ctx.visible_zones() if contains(z, lat, lng)
        ],
    )


@handles(TASK_FORM_LIST)
def task_form_list(ctx: Context, params: TaskFormListParams) -> TaskFormList:
    """Forms of the tasks the caller sees (and, by template, check-in forms of the trackers
    it sees) with their task, tracker, employee, vehicle and submit places.

    204 for a template the account does not have. Filters, periods and ``order_by`` (default
    ``submitted``) go through the shared search rules; forms without a value come last.
    """
    board = Board(ctx)
    rows = _rows(ctx, board, params)
    conditions = _conditions(ctx, params)
    if conditions:
        rows = list(filter(search.matcher(conditions, FIELDS), rows))
    order = "submitted" if isinstance(params.order_by, Unset) else params.order_by
    direction = "asc" if params.ascending else "desc"
    rows = search.sort_records(rows, [f"{order}={direction}"], FIELDS)
    shown = search.page(rows, params.offset, params.limit)
    return TaskFormList(count=len(rows), list=[_item(ctx, r) for r in shown])
