"""Tasks, routes and checkpoints: ``task/*`` and ``task/route/create``.

Tasks and checkpoints live in ``world.tasks`` and routes in ``world.routes``, as the API's own
models (date/times in UTC), sharing the id sequence ``tasks``. What is stored is what the API
set: the ``unassigned``/``assigned`` status and when it was set. The tracker-driven fields
(status, arrival, stay) are evaluated on every read and list by
:mod:`fleetapi_mock.domain.lifecycle` from the tracker's points and the world clock.

Visibility: a user sees the tasks of their account; a sub-user limited to some trackers sees
the tasks assigned to those trackers and the unassigned tasks of the account (the pool they
dispatch from). Anything else answers as missing (201).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.task import (
    TASK_ASSIGN,
    TASK_COUNT,
    TASK_CREATE,
    TASK_DELETE,
    TASK_LIST,
    TASK_READ,
    TASK_ROUTE_CREATE,
    TASK_TRANSMUTE,
    TASK_UPDATE,
)
from fleetapi.models.search import (
    AndCondition,
    NotCondition,
    OrCondition,
    SearchCondition,
)
from fleetapi.models.task import (
    NewTask,
    Route,
    RouteCreateParams,
    RouteCreateResult,
    Task,
    TaskAssignParams,
    TaskContent,
    TaskCreateParams,
    TaskCreateResult,
    TaskDeleteParams,
    TaskListParams,
    TaskListResult,
    TaskReadParams,
    TaskReadResult,
    TaskStatus,
    TaskTransmuteParams,
    TaskUpdateParams,
    TaskUpdateResult,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import create_form, delete_form, template_of
from fleetapi_mock.domain.lifecycle import Progress
from fleetapi_mock.domain.search import (
    Field,
    check_conditions,
    check_sort,
    in_world_time,
    matches,
    page,
    sort_records,
)
from fleetapi_mock.domain.task import Board, check_window, usable_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord, FormTemplateRecord

__all__ = ["MAX_CHECKPOINTS", "check_content"]

MAX_CHECKPOINTS: Final = 500
"""Checkpoints per route."""

DEFAULT_LIMIT: Final = 10000

_T = TypeVar("_T")


def _or(value: _T | Unset, default: _T) -> _T:
    return default if isinstance(value, Unset) else value


def _invalid(parameter: str, error: str) -> InvalidParametersError:
    return InvalidParametersError(errors=[{"parameter": parameter, "error": error}])


def check_content(
    ctx: Context, content: TaskContent, where: str, errors: list[dict[str, str]]
) -> tuple[dt.datetime, dt.datetime]:
    """The window of ``content`` in world time; its problems are added to ``errors``.

    The checks metadata cannot declare: ``to`` not in the past, ``from`` not after ``to``,
    tags of the account. ``where`` prefixes the parameter names (``task``, or ``""``).
    """

    def at(name: str) -> str:
        return f"{where}.{name}" if where else name

    start = ctx.request_time(content.from_, at("from"))
    end = ctx.request_time(content.to, at("to"))
    check_window(ctx, start, end, at, errors)
    _check_tags(ctx, _or(content.tags, []), at, errors)
    return start, end


def _check_tags(
    ctx: Context, tags: Sequence[int], at: Callable[[str], str], errors: list[dict[str, str]]
) -> None:
    """Every tag must be one of the account's."""
    known = {t.id for t in ctx.owned(ctx.world.tags)}
    for index, tag in enumerate(tags):
        if tag not in known:
            errors.append({"parameter": at(f"tags[{index}]"), "error": f"no tag {tag}"})


def _template(
    ctx: Context, create_form: bool | Unset, template_id: int | Unset | None
) -> FormTemplateRecord | Unset | None:
    """The form template a create or update asks for: ``UNSET`` when it asks nothing
    (``create_form`` not true, or no ``form_template_id``), ``None`` for no form; 201 for a
    template the account does not have."""
    if create_form is not True or isinstance(template_id, Unset):
        return UNSET
    if template_id is None:
        return None
    template = template_of(ctx.world, ctx.account.id, template_id)
    if template is None:
        raise EntityNotFoundError(f"no form template {template_id}")
    return template


def _attach_form(ctx: Context, task: Task, template: FormTemplateRecord | Unset | None) -> Task:
    """Give ``task`` (stored) a form made from ``template`` (``None``: no form)."""
    if isinstance(template, Unset):
        return task
    existing = next((r for r in ctx.world.forms.values() if r.form.task_id == task.id), None)
    if existing is not None and template is not None and existing.form.template_id == template.id:
        return task
    if existing is not None:
        delete_form(ctx.world, existing)
    if template is not None:
        create_form(ctx.world, template, owner_id=task.user_id, task_id=task.id)
    task = attrs.evolve(task, form_template_id=None if template is None else template.id)
    ctx.world.tasks[task.id] = task
    return task


def _delete_tasks(ctx: Context, task_ids: Iterable[int]) -> None:
    """Remove tasks or checkpoints and their forms."""
    doomed = set(task_ids)
    for record in [r for r in ctx.world.forms.values() if r.form.task_id in doomed]:
        delete_form(ctx.world, record)
    for task_id in doomed:
        ctx.world.tasks.pop(task_id, None)


def _new_task(
    ctx: Context,
    task_id: int,
    content: NewTask,
    window: tuple[dt.datetime, dt.datetime],
    tracker_id: int | None,
    **extra: Any,
) -> Task:
    now = ctx.now().replace(microsecond=0)
    return Task(
        id=task_id,
        user_id=ctx.account.id,
        tracker_id=tracker_id,
        label=content.label,
        description=content.description,
        creation_date=now,
        from_=window[0],
        to=window[1],
        external_id=_or(content.external_id, None),
        status="assigned" if tracker_id is not None else "unassigned",
        status_change_date=now,
        origin="manual",
        tags=list(_or(content.tags, [])),
        location=content.location.to_location(),
        max_delay=_or(content.max_delay, 0),
        min_stay_duration=_or(content.min_stay_duration, 0),
        min_arrival_duration=_or(content.min_arrival_duration, 0),
        arrival_date=None,
        stay_duration=0,
        fields=content.fields,
        **extra,
    )


@handles(TASK_CREATE)
def task_create(ctx: Context, params: TaskCreateParams) -> TaskCreateResult:
    """Create a task: ``assigned`` with a usable ``tracker_id``, else ``unassigned``.

    201 for a missing tracker, 208 for a blocked one, 236 for one without ``app_tasks``; 7 for a
    ``to`` in the past, a ``from`` after ``to`` and every broken field limit. The answer
    carries ``external_id_counts`` when other tasks carry the task's external ID.
    """
    board = Board(ctx)
    content = params.task
    tracker_id = _or(content.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    window = check_content(ctx, content, "task", errors)
    if errors:
        raise InvalidParametersError(errors=errors)
    template = _template(ctx, params.create_form, content.form_template_id)
    task = _new_task(ctx, ctx.world.ids.next("tasks"), content, window, tracker_id)
    counts = board.external_id_counts([task.external_id], exclude=[task.id])
    ctx.world.tasks[task.id] = task
    _attach_form(ctx, task, template)
    return TaskCreateResult(id=task.id, external_id_counts=counts)


@handles(TASK_ROUTE_CREATE)
def task_route_create(ctx: Context, params: RouteCreateParams) -> RouteCreateResult:
    """Create a route and its checkpoints, in order; the route's tracker drives them all.

    2 to 500 checkpoints, each window not ending before the previous one starts (7 otherwise);
    the route's window runs from its first checkpoint's start to its last one's end. The route
    is answered under ``result``.
    """
    board = Board(ctx)
    route_params = params.route
    tracker_id = _or(route_params.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    _check_tags(ctx, _or(route_params.tags, []), "route.{}".format, errors)
    windows = [
        check_content(ctx, checkpoint, f"checkpoints[{index}]", errors)
        for index, checkpoint in enumerate(params.checkpoints)
    ]
    for index in range(1, len(windows)):
        if windows[index][1] < windows[index - 1][0]:
            errors.append(
                {
                    "parameter": f"checkpoints[{index}].to",
                    "error": "must not be before the previous checkpoint's from",
                }
            )
    if errors:
        raise InvalidParametersError(errors=errors)
    templates = [_template(ctx, params.create_form, c.form_template_id) for c in params.checkpoints]
    now = ctx.now().replace(microsecond=0)
    route_id = ctx.world.ids.next("tasks")
    checkpoints = [
        _new_task(
            ctx,
            ctx.world.ids.next("tasks"),
            content,
            window,
            tracker_id,
            type="checkpoint",
            parent_id=route_id,
            order=order,
        )
        for order, (content, window) in enumerate(zip(params.checkpoints, windows, strict=True))
    ]
    route = Route(
        id=route_id,
        user_id=ctx.account.id,
        tracker_id=tracker_id,
        label=route_params.label,
        description=route_params.description,
        creation_date=now,
        from_=checkpoints[0].from_,
        to=checkpoints[-1].to,
        external_id=_or(route_params.external_id, None),
        status="assigned" if tracker_id is not None else "unassigned",
        status_change_date=now,
        origin="manual",
        tags=list(_or(route_params.tags, [])),
        checkpoint_ids=[c.id for c in checkpoints],
    )
    counts = board.external_id_counts(
        [route.external_id, *(c.external_id for c in checkpoints)],
        exclude=[route.id, *route.checkpoint_ids],
    )
    ctx.world.routes[route.id] = route
    for checkpoint, template in zip(checkpoints, templates, strict=True):
        ctx.world.tasks[checkpoint.id] = checkpoint
        _attach_form(ctx, checkpoint, template)
    return RouteCreateResult(result=board.wire_route(route), external_id_counts=counts)


@handles(TASK_READ)
def task_read(ctx: Context, params: TaskReadParams) -> TaskReadResult:
    """A task or checkpoint, or a route with its checkpoints.

    201 when it is missing or the caller may not see it.
    """
    board = Board(ctx)
    entity = board.find(params.task_id)
    if isinstance(entity, Route):
        return TaskReadResult(
            value=board.wire_route(entity),
            checkpoints=[board.wire(c) for c in board.checkpoints(entity)],
        )
    return TaskReadResult(value=board.wire(entity))


@handles(TASK_UPDATE)
def task_update(ctx: Context, params: TaskUpdateParams) -> TaskUpdateResult:
    """Rewrite a task's or checkpoint's content while it is unassigned or assigned.

    255 in any other status; 201 for a route.
    """
    board = Board(ctx)
    content = params.task
    entity = board.find(content.id)
    if isinstance(entity, Route):
        raise EntityNotFoundError(f"{content.id} is a route, not a task")
    board.require_editable([entity])
    errors: list[dict[str, str]] = []
    start, end = check_content(ctx, content, "task", errors)
    route = board.route_of(entity)
    if route is not None:
        ids = route.checkpoint_ids
        at = ids.index(entity.id)
        before = ctx.world.tasks.get(ids[at - 1]) if at > 0 else None
        after = ctx.world.tasks.get(ids[at + 1]) if at + 1 < len(ids) else None
        if before is not None and end < before.from_:
            errors.append(
                {
                    "parameter": "task.to",
                    "error": "must not be before the previous checkpoint's from",
                }
            )
        if after is not None and after.to < start:
            error = "must not be after the next checkpoint's to"
            errors.append({"parameter": "task.from", "error": error})
    if errors:
        raise InvalidParametersError(errors=errors)
    updated = attrs.evolve(
        entity,
        location=content.location.to_location(),
        label=content.label,
        description=content.description,
        from_=start,
        to=end,
        external_id=_or(content.external_id, entity.external_id),
        max_delay=_or(content.max_delay, entity.max_delay),
        min_stay_duration=_or(content.min_stay_duration, entity.min_stay_duration),
        min_arrival_duration=_or(content.min_arrival_duration, entity.min_arrival_duration),
        tags=list(_or(content.tags, entity.tags)),
        fields=entity.fields if isinstance(content.fields, Unset) else content.fields,
    )
    template = _template(ctx, params.create_form, content.form_template_id)
    counts = board.external_id_counts([updated.external_id], exclude=[updated.id])
    ctx.world.tasks[updated.id] = updated
    _attach_form(ctx, updated, template)
    if updated.parent_id is not None:
        board.refresh_route(updated.parent_id)
    return TaskUpdateResult(external_id_counts=counts)


@handles(TASK_ASSIGN)
def task_assign(ctx: Context, params: TaskAssignParams) -> None:
    """Assign a task to a tracker or unassign it; a route moves with all its checkpoints.

    204 for a missing tracker, 208 for a blocked one, 236 for one without ``app_tasks``; 255
    once the task is past ``assigned``.
    """
    board = Board(ctx)
    entity = board.find(params.task_id)
    route = entity if isinstance(entity, Route) else board.route_of(entity)
    group: list[Task | Route] = (
        [route, *board.checkpoints(route)] if route is not None else [entity]
    )
    board.require_editable(group)
    if params.tracker_id is not None:
        usable_tracker(ctx, params.tracker_id, EntityMissingError)
    now = ctx.now().replace(microsecond=0)
    status: TaskStatus = "assigned" if params.tracker_id is not None else "unassigned"
    for member in group:
        if member.tracker_id == params.tracker_id and member.status == status:
            continue
        changed = attrs.evolve(
            member, tracker_id=params.tracker_id, status=status, status_change_date=now
        )
        if isinstance(changed, Route):
            ctx.world.routes[changed.id] = changed
        else:
            ctx.world.tasks[changed.id] = changed


@handles(TASK_DELETE)
def task_delete(ctx: Context, params: TaskDeleteParams) -> None:
    """Delete a task, a checkpoint (its route closes ranks), or a route with its checkpoints."""
    board = Board(ctx)
    entity = board.find(params.task_id)
    if isinstance(entity, Route):
        _delete_tasks(ctx, entity.checkpoint_ids)
        del ctx.world.routes[entity.id]
        return
    _delete_tasks(ctx, [entity.id])
    if entity.parent_id is not None and entity.parent_id in ctx.world.routes:
        board.refresh_route(entity.parent_id)


@handles(TASK_TRANSMUTE)
def task_transmute(ctx: Context, params: TaskTransmuteParams) -> None:
    """Turn a plain task into a checkpoint of a route at the zero-based ``order``.

    The task and every checkpoint of the route must be ``unassigned`` or ``assigned`` (255
    otherwise).
    """
    board = Board(ctx)
    task = board.find(params.task_id)
    if not isinstance(task, Task) or task.parent_id is not None:
        raise EntityNotFoundError(f"{params.task_id} is not a task")
    route = board.find(params.route_id)
    if not isinstance(route, Route):
        raise EntityNotFoundError(f"{params.route_id} is not a route")
    board.require_editable([task, route, *board.checkpoints(route)])
    if not 0 <= params.order <= len(route.checkpoint_ids):
        raise _invalid("order", f"must be between 0 and {len(route.checkpoint_ids)}")
    if len(route.checkpoint_ids) >= MAX_CHECKPOINTS:
        raise _invalid("route_id", f"the route already has {MAX_CHECKPOINTS} checkpoints")
    now = ctx.now().replace(microsecond=0)
    status: TaskStatus = "assigned" if route.tracker_id is not None else "unassigned"
    moved = attrs.evolve(task, type="checkpoint", parent_id=route.id, tracker_id=route.tracker_id)
    if task.tracker_id != route.tracker_id or task.status != status:
        moved = attrs.evolve(moved, status=status, status_change_date=now)
    ids = list(route.checkpoint_ids)
    ids.insert(params.order, task.id)
    ctx.world.tasks[task.id] = moved
    ctx.world.routes[route.id] = attrs.evolve(route, checkpoint_ids=ids)
    board.refresh_route(route.id)


@handles(TASK_COUNT)
def task_count(ctx: Context, params: NoParams) -> int:
    """The number of tasks and checkpoints the caller sees.

    It takes no parameters: every task and checkpoint the caller sees counts (routes are
    not counted; see [the decisions](decisions.md#tasks-routes-and-checkpoints)).
    """
    return len(Board(ctx).tasks())


# --- task/list ------------------------------------------------------------------------------


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
        "id": Field("number", lambda t: t.id),
        "employee": Field(
            "number",
            lambda t: getattr(_employee_of(board, t), "id", None),
            sort=lambda t: _executor_name(board, t),
        ),
        "status": Field("text", lambda t: progress(t).status),
        "label": Field("text", lambda t: t.label),
        "location": Field("text", lambda t: _or(t.location.address, None)),
        "description": Field("text", lambda t: t.description),
        "external_id": Field("text", lambda t: t.external_id),
        "stay_duration": Field("number", lambda t: progress(t).stay_duration),
        "form": Field(
            "number",
            lambda t: form.form.template_id if (form := board.form_of(t)) else None,
            sort=lambda t: form.form.label if (form := board.form_of(t)) else None,
        ),
        "from": Field("datetime", lambda t: t.from_),
        "to": Field("datetime", lambda t: t.to),
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
        _or(task.location.address, ""),
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
    conditions = _or(params.conditions, [])
    sort = _or(params.sort, [])
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
    found: list[Task] = []
    for task in board.tasks():
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
            searched = [task.label, task.description, _or(task.location.address, "")]
            if not all(any(t in s.lower() for s in searched) for t in texts):
                continue
        if not all(matches(task, c, fields) for c in conditions):
            continue
        found.append(task)
    found = sort_records(found, sort, fields)
    shown = page(found, params.offset, params.limit, default_limit=DEFAULT_LIMIT)
    return TaskListResult(list=[board.wire(t) for t in shown], count=len(found))
