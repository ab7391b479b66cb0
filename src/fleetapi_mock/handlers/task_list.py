"""Finding tasks: ``task/list`` (conditions, sort, paging, and the tasks near a place).

The fields a condition or a sort may name are those of the task as answered, plus the ones
derived from other entities (the executor's name, an employee); see ``docs/mock.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import attrgetter
from typing import Any, Final

from gpxpy.geo import haversine_distance

from fleetapi._errors import InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.task import TASK_LIST
from fleetapi.models.search import AndCondition, NotCondition, OrCondition, SearchCondition
from fleetapi.models.task import Task, TaskListParams, TaskListResult
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.lifecycle import Progress
from fleetapi_mock.domain.search import (
    Field,
    check_conditions,
    check_sort,
    in_world_time,
    indexed_order,
    matcher,
    narrowed,
    page,
    sort_records,
    take,
)
from fleetapi_mock.domain.task import Board, value_or
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord

DEFAULT_LIMIT: Final = 10000
"""The page size of ``task/list`` when ``limit`` is omitted."""


_ID, _LABEL, _DESCRIPTION = attrgetter("id"), attrgetter("label"), attrgetter("description")
_EXTERNAL_ID, _FROM, _TO = attrgetter("external_id"), attrgetter("from_"), attrgetter("to")
"""The fields of the stored task alone (the collection keeps indexes of them)."""


def _address(task: Task) -> str | None:
    return value_or(task.location.address, None)


def _invalid(parameter: str, error: str) -> InvalidParametersError:
    return InvalidParametersError(errors=[{"parameter": parameter, "error": error}])


def _employee_of(board: Board, task: Task) -> EmployeeRecord | None:
    if task.tracker_id is None:
        return None
    return next(
        (
            e
            for _, e in sorted(board.world.employees.items())
            if e.tracker_id == task.tracker_id and board.world.belongs(e, task.user_id)
        ),
        None,
    )


def _executor_name(board: Board, task: Task) -> str | None:
    """The assigned employee's full name, else the tracker's label."""
    employee = _employee_of(board, task)
    if employee is not None:
        names = (employee.first_name, employee.middle_name, employee.last_name)
        return " ".join(n for n in names if n)
    tracker = board.world.trackers.get(task.tracker_id) if task.tracker_id else None
    return tracker.label if tracker else None


def _task_fields(board: Board, custom: Iterable[str]) -> dict[str, Field[Task]]:
    """The condition and sort fields of ``task/list`` (date/times in world time), plus the
    custom field IDs ``custom``."""

    def progress(task: Task) -> Progress:
        return board.progress(task)

    def custom_value(field_id: str) -> Callable[[Task], Any]:
        def get(task: Task) -> Any:
            value = task.fields.get(field_id) if isinstance(task.fields, dict) else None
            return None if value is None else value.value

        return get

    fields: dict[str, Field[Task]] = {
        "id": Field("number", _ID, indexed=True),
        "employee": Field(
            "number",
            lambda t: getattr(_employee_of(board, t), "id", None),
            sort=lambda t: _executor_name(board, t),
        ),
        "status": Field("text", lambda t: progress(t).status),
        "label": Field("text", _LABEL, indexed=True),
        "location": Field("text", _address, indexed=True),
        "description": Field("text", _DESCRIPTION, indexed=True),
        "external_id": Field("text", _EXTERNAL_ID, indexed=True),
        "stay_duration": Field("number", lambda t: progress(t).stay_duration),
        "form": Field(
            "number",
            lambda t: form.template_id if (form := board.form_of(t)) else None,
            sort=lambda t: form.label if (form := board.form_of(t)) else None,
        ),
        "from": Field("datetime", _FROM, indexed=True),
        "to": Field("datetime", _TO, indexed=True),
        "status_change_date": Field("datetime", lambda t: progress(t).status_change_date),
        "arrival_date": Field("datetime", lambda t: progress(t).arrival_date),
    }
    for field_id in custom:
        if field_id.isdigit():
            fields.setdefault(field_id, Field("text", custom_value(field_id)))
    return fields


def _named_fields(conditions: Sequence[SearchCondition]) -> Iterator[str]:
    for condition in conditions:
        if isinstance(condition, (AndCondition, OrCondition)):
            yield from _named_fields(condition.conditions)
        elif isinstance(condition, NotCondition):
            yield from _named_fields([condition.condition])
        else:
            yield condition.field


def _texts(board: Board, task: Task) -> list[str]:
    """The texts ``filter`` searches: built-in and custom fields."""
    texts = [
        str(task.id),
        task.label,
        task.description,
        value_or(task.location.address, ""),
        task.external_id or "",
        board.progress(task).status,
    ]
    if isinstance(task.fields, dict):
        texts += [str(v.value) for v in task.fields.values() if v.value is not None]
    return texts


@handles(TASK_LIST)
def task_list(ctx: Context, params: TaskListParams) -> TaskListResult:
    """The tasks and checkpoints matching every filter, sorted, one page at a time.

    The filters, search conditions, sorting and paging are those of [the
    decisions](decisions.md#tasks-routes-and-checkpoints).
    """
    board = Board(ctx)
    conditions = value_or(params.conditions, [])
    sort = value_or(params.sort, [])
    fields = _task_fields(board, _named_fields(conditions))
    check_conditions(conditions, fields)
    check_sort(sort, fields)
    location = params.location
    if not isinstance(location, Unset) and not isinstance(location.radius, int):
        raise _invalid("location.radius", "is required")
    conditions = in_world_time(conditions, ctx.request_time)
    statuses = params.statuses if isinstance(params.statuses, list) else None
    trackers = set(params.trackers) if isinstance(params.trackers, list) else None
    tag_ids = set(params.tag_ids) if isinstance(params.tag_ids, list) else None
    start = (
        ctx.request_time(params.from_, "from") if isinstance(params.from_, dt.datetime) else None
    )
    end = ctx.request_time(params.to, "to") if isinstance(params.to, dt.datetime) else None
    text = params.filter.lower() if isinstance(params.filter, str) else None
    texts = [f.lower() for f in params.filters] if isinstance(params.filters, list) else []
    filtered = (
        isinstance(params.external_id, str)
        or statuses is not None
        or trackers is not None
        or tag_ids is not None
        or start is not None
        or end is not None
        or not isinstance(location, Unset)
        or text is not None
        or bool(texts)
        or bool(conditions)
    )
    ordered = None if filtered else indexed_order(board.world.tasks, board.account_id, sort, fields)
    if ordered is not None:  # every task seen, in an order kept by the collection
        shown = take(
            filter(board.visible, ordered), params.offset, params.limit, default_limit=DEFAULT_LIMIT
        )
        return TaskListResult(list=[board.wire(t) for t in shown], count=board.count())
    candidates = narrowed(board.world.tasks, conditions, fields)
    meets = matcher(conditions, fields)
    found: list[Task] = []
    for task in board.tasks() if candidates is None else filter(board.visible, candidates):
        if isinstance(params.external_id, str) and task.external_id != params.external_id:
            continue
        if statuses is not None and board.progress(task).status not in statuses:
            continue
        if trackers is not None and task.tracker_id not in trackers:
            continue
        if start is not None and task.to < start:
            continue
        if end is not None and task.from_ > end:
            continue
        if tag_ids is not None and not tag_ids & set(task.tags):
            continue
        if not isinstance(location, Unset) and isinstance(location.radius, int):
            centre = (task.location.lat, task.location.lng)
            away = haversine_distance(location.lat, location.lng, *centre)
            if away > location.radius:
                continue
        if text is not None and not any(text in t.lower() for t in _texts(board, task)):
            continue
        if texts:
            searched = [task.label, task.description, value_or(task.location.address, "")]
            if not all(any(t in s.lower() for s in searched) for t in texts):
                continue
        if not meets(task):
            continue
        found.append(task)
    found = sort_records(found, sort, fields)
    shown = page(found, params.offset, params.limit, default_limit=DEFAULT_LIMIT)
    return TaskListResult(list=[board.wire(t) for t in shown], count=len(found))
