"""Finding tasks (conditions, sort, paging, and the tasks near a place).

The fields a condition or a sort may name are those of the task as answered, plus the ones
derived from other entities (the executor's name, an employee); see ``docs/mock.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import attrgetter
from typing import Any, Final

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._types import Unset
from fleetapi.endpoints.task import TASK_LIST
from fleetapi.models.search import (
    AndCondition,
    InCondition,
    NotCondition,
    OrCondition,
    SearchCondition,
)
from fleetapi.models.task import (
    TASK_CONDITION_FIELDS,
    ListedRoute,
    Route,
    Task,
    TaskBase,
    TaskListParams,
    TaskListResult,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.lifecycle import Progress
from fleetapi_mock.domain.search import (
    Field,
    Fields,
    check_conditions,
    check_sort,
    fewest,
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
from fleetapi_mock.state.grid import cell, nearby
from fleetapi_mock.state.records import EmployeeRecord

DEFAULT_LIMIT: Final = 10000
"""The page size of ``task/list`` when ``limit`` is omitted."""


_ID, _LABEL, _DESCRIPTION = attrgetter("id"), attrgetter("label"), attrgetter("description")
_EXTERNAL_ID, _FROM, _TO = attrgetter("external_id"), attrgetter("from_"), attrgetter("to")
"""The fields of the stored task alone (the collection keeps indexes of them)."""


def _address(task: Task) -> str | None:
    return value_or(task.location.address, None)


def _employee_of(board: Board, task: TaskBase) -> EmployeeRecord | None:
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


def _executor_name(board: Board, task: TaskBase) -> str | None:
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
    assert set(fields) == TASK_CONDITION_FIELDS
    for field_id in custom:
        if field_id.isdigit():
            fields.setdefault(field_id, Field("text", custom_value(field_id)))
    return fields


def _with_routes(board: Board, fields: dict[str, Field[Task]]) -> dict[str, Field[Any]]:
    """``fields`` read from routes as well: a route has the fields tasks and routes share (its
    status and status change evaluated from its checkpoints); the others are null on it."""
    on_route: dict[str, Callable[[Route], Any]] = {
        "id": _ID,
        "employee": lambda r: getattr(_employee_of(board, r), "id", None),
        "status": board.status,
        "label": _LABEL,
        "description": _DESCRIPTION,
        "external_id": _EXTERNAL_ID,
        "from": _FROM,
        "to": _TO,
        "status_change_date": lambda r: board.route_progress(r)[1],
    }
    sort_on_route: dict[str, Callable[[Route], Any]] = {
        "employee": lambda r: _executor_name(board, r)
    }

    def either(
        on_task: Callable[[Task], Any], route_get: Callable[[Route], Any] | None
    ) -> Callable[[Any], Any]:
        def get(entity: Any) -> Any:
            if isinstance(entity, Route):
                return None if route_get is None else route_get(entity)
            return on_task(entity)

        return get

    return {
        name: Field(
            field.kind,
            either(field.get, on_route.get(name)),
            sort=None
            if field.sort is None
            else either(field.sort, sort_on_route.get(name, on_route.get(name))),
        )
        for name, field in fields.items()
    }


def _named_fields(conditions: Sequence[SearchCondition]) -> Iterator[str]:
    for condition in conditions:
        if isinstance(condition, (AndCondition, OrCondition)):
            yield from _named_fields(condition.conditions)
        elif isinstance(condition, NotCondition):
            yield from _named_fields([condition.condition])
        else:
            yield condition.field


def _texts(board: Board, task: Task | Route) -> list[str]:
    """The texts ``filter`` searches: built-in and custom fields."""
    if isinstance(task, Route):
        status = board.status(task)
        return [str(task.id), task.label, task.description, task.external_id or "", status]
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
    """The tasks and checkpoints (and routes, when ``types`` asks) matching every filter,
    sorted, one page at a time.

    The filters, search conditions, sorting and paging are those of [the
    decisions](decisions.md#tasks-routes-and-checkpoints).
    """
    board = Board(ctx)
    conditions = value_or(params.conditions, [])
    sort = value_or(params.sort, [])
    task_fields = _task_fields(board, _named_fields(conditions))
    check_conditions(conditions, task_fields)
    check_sort(sort, task_fields)
    location = params.location
    if not isinstance(location, Unset) and not isinstance(location.radius, int):
        raise invalid("location.radius", "is required")
    conditions = in_world_time(conditions, ctx.request_time)
    types: set[str] = set(params.types if isinstance(params.types, list) else _DEFAULT_TYPES)
    with_routes = "route" in types
    fields: Fields[Any] = _with_routes(board, task_fields) if with_routes else task_fields
    keeps = _filter(ctx, board, params, types, matcher(conditions, fields))
    if keeps is None:  # every task seen, in an order kept by the collection
        ordered = indexed_order(board.world.tasks, board.account_id, sort, fields)
        if ordered is not None:
            shown = take(
                filter(board.visible, ordered), params.offset, params.limit,
                default_limit=DEFAULT_LIMIT,
            )  # fmt: skip
            return TaskListResult(list=[board.wire(t) for t in shown], count=board.count())
    candidates = None if with_routes else _candidates(ctx, board, params, conditions, fields)
    seen: Iterable[Task | Route] = (
        board.tasks() if candidates is None else filter(board.visible, candidates)
    )
    if with_routes:
        seen = [*seen, *board.routes()]
    found = [e for e in seen if keeps is None or keeps(e)]
    found = sort_records(found, sort, fields)
    shown = page(found, params.offset, params.limit, default_limit=DEFAULT_LIMIT)
    return TaskListResult(list=[_wire(board, e) for e in shown], count=len(found))


def _candidates(
    ctx: Context,
    board: Board,
    params: TaskListParams,
    conditions: Sequence[SearchCondition],
    fields: Fields[Any],
) -> list[Task] | None:
    """The tasks that may pass the filters, read from the indexes that serve them (the
    fewest any one gives: conditions, ``external_id``, ``trackers``, ``tag_ids``, ``from`` and
    ``to``, ``location``), or ``None`` when none serves; either way each is tested."""
    tasks = board.world.tasks
    external = params.external_id
    return fewest(
        narrowed(tasks, conditions, fields, board.account_id),
        narrowed(tasks, [InCondition(field="external_id", value=[external])], fields)
        if isinstance(external, str)
        else None,
        tasks.having(_tracker_of, params.trackers) if isinstance(params.trackers, list) else None,
        tasks.having(_tags_of, params.tag_ids) if isinstance(params.tag_ids, list) else None,
        _actual(ctx, board, params),
        nearby(tasks, _cell_of, location.lat, location.lng, location.radius)
        if not isinstance(location := params.location, Unset) and isinstance(location.radius, int)
        else None,
    )


def _tracker_of(task: Task) -> tuple[int | None]:
    return (task.tracker_id,)


def _tags_of(task: Task) -> list[int]:
    return task.tags


def _cell_of(task: Task) -> tuple[tuple[int, int]]:
    return (cell(task.location.lat, task.location.lng),)


def _actual(ctx: Context, board: Board, params: TaskListParams) -> list[Task] | None:
    """The tasks ``from`` and ``to`` may keep (those ending after ``from``, or those beginning
    before ``to``: the fewer), read from the tasks' ordered indexes; ``None`` without either."""
    tasks, account = board.world.tasks, board.account_id
    start = (
        ctx.request_time(params.from_, "from") if isinstance(params.from_, dt.datetime) else None
    )
    end = ctx.request_time(params.to, "to") if isinstance(params.to, dt.datetime) else None
    spans = [
        (span[1] - span[0], sort, low, high)
        for sort, low, high, given in ((_TO, start, None, start), (_FROM, None, end, end))
        if given is not None and (span := tasks.span(account, sort, low, high)) is not None
    ]
    if not spans:
        return None
    _, sort, low, high = min(spans, key=lambda s: s[0])
    return tasks.between(account, sort, low, high)


_DEFAULT_TYPES: Final = ("task", "checkpoint")
"""What ``task/list`` lists when ``types`` is not given."""


def _wire(board: Board, entity: Task | Route) -> Task | ListedRoute:
    """A listed task as the caller sees it; a route with its checkpoints."""
    if isinstance(entity, Task):
        return board.wire(entity)
    route = board.wire_route(entity)
    checkpoints = [board.wire(c) for c in board.checkpoints(entity)]
    return ListedRoute(**attrs.asdict(route, recurse=False), checkpoints=checkpoints)


def _filter(
    ctx: Context,
    board: Board,
    params: TaskListParams,
    types: set[str],
    meets: Callable[[Any], bool],
) -> Callable[[Task | Route], bool] | None:
    """Whether a task or route passes every filter of ``params``; ``None`` when nothing
    filters (only the default kinds, no conditions)."""
    location = params.location
    statuses = params.statuses if isinstance(params.statuses, list) else None
    trackers = set(params.trackers) if isinstance(params.trackers, list) else None
    tag_ids = set(params.tag_ids) if isinstance(params.tag_ids, list) else None
    start = (
        ctx.request_time(params.from_, "from") if isinstance(params.from_, dt.datetime) else None
    )
    end = ctx.request_time(params.to, "to") if isinstance(params.to, dt.datetime) else None
    text = params.filter.lower() if isinstance(params.filter, str) else None
    texts = [f.lower() for f in params.filters] if isinstance(params.filters, list) else []
    external_id = params.external_id if isinstance(params.external_id, str) else None
    conditions = isinstance(params.conditions, list) and bool(params.conditions)
    filtered = (
        types != set(_DEFAULT_TYPES)
        or any(x is not None for x in (external_id, statuses, trackers, tag_ids, start, end))
        or not isinstance(location, Unset)
        or text is not None
        or bool(texts)
        or conditions
    )
    if not filtered:
        return None

    def keeps(entity: Task | Route) -> bool:
        if entity.type not in types:
            return False
        if external_id is not None and entity.external_id != external_id:
            return False
        if statuses is not None and board.status(entity) not in statuses:
            return False
        if trackers is not None and entity.tracker_id not in trackers:
            return False
        if start is not None and entity.to < start:
            return False
        if end is not None and entity.from_ > end:
            return False
        if tag_ids is not None and not tag_ids & set(entity.tags):
            return False
        address = None if isinstance(entity, Route) else _address(entity)
        if not isinstance(location, Unset) and isinstance(location.radius, int):
            if isinstance(entity, Route):
                return False  # a route has no zone of its own
            centre = (entity.location.lat, entity.location.lng)
            if haversine_distance(location.lat, location.lng, *centre) > location.radius:
                return False
        if text is not None and not any(text in t.lower() for t in _texts(board, entity)):
            return False
        if texts:
            searched = [entity.label, entity.description, address or ""]
            if not all(any(t in s.lower() for s in searched) for t in texts):
                return False
        return meets(entity)

    return keeps
