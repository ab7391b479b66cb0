"""Tasks and checkpoints: ``task/*`` but the list (``task_list``) and routes (``route``).

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

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityNotFoundError,
    InvalidParametersError,
)
from fleetapi.endpoints.task import (
    TASK_ASSIGN,
    TASK_COUNT,
    TASK_CREATE,
    TASK_DELETE,
    TASK_READ,
    TASK_TRANSMUTE,
    TASK_UPDATE,
)
from fleetapi.models.task import (
    Route,
    Task,
    TaskAssignParams,
    TaskCreateParams,
    TaskCreateResult,
    TaskDeleteParams,
    TaskReadParams,
    TaskReadResult,
    TaskStatus,
    TaskTransmuteParams,
    TaskUpdateParams,
    TaskUpdateResult,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.route import assign, delete_tasks, rewrite, window_problems
from fleetapi_mock.domain.task import (
    MAX_CHECKPOINTS,
    Board,
    attach_form,
    check_content,
    form_template_for,
    new_task,
    usable_tracker,
    value_or,
)
from fleetapi_mock.handlers import handles


@handles(TASK_CREATE)
def task_create(ctx: Context, params: TaskCreateParams) -> TaskCreateResult:
    """Create a task: ``assigned`` with a usable ``tracker_id``, else ``unassigned``.

    201 for a missing tracker, 208 for a blocked one, 236 for one without ``app_tasks``; 7 for a
    ``to`` in the past, a ``from`` after ``to`` and every broken field limit. The answer
    carries ``external_id_counts`` when other tasks carry the task's external ID.
    """
    board = Board(ctx)
    content = params.task
    tracker_id = value_or(content.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    window = check_content(ctx, content, "task", errors)
    if errors:
        raise InvalidParametersError(errors=errors)
    template = form_template_for(ctx, params.create_form, content.form_template_id)
    task = new_task(ctx, ctx.world.ids.next("tasks"), content, window, tracker_id)
    counts = board.external_id_counts([task.external_id], exclude=[task.id])
    ctx.world.tasks[task.id] = task
    attach_form(ctx, task, template)
    return TaskCreateResult(id=task.id, external_id_counts=counts)


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
        checkpoints = board.checkpoints(route)
        windows = [(start, end) if c.id == entity.id else (c.from_, c.to) for c in checkpoints]
        names = ["task" if c.id == entity.id else None for c in checkpoints]
        errors += window_problems(windows, names)
    if errors:
        raise InvalidParametersError(errors=errors)
    updated = rewrite(entity, content, (start, end))
    template = form_template_for(ctx, params.create_form, content.form_template_id)
    counts = board.external_id_counts([updated.external_id], exclude=[updated.id])
    ctx.world.tasks[updated.id] = updated
    attach_form(ctx, updated, template)
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
    assign(ctx, board, board.find(params.task_id), params.tracker_id)


@handles(TASK_DELETE)
def task_delete(ctx: Context, params: TaskDeleteParams) -> None:
    """Delete a task, a checkpoint (its route closes ranks), or a route with its checkpoints."""
    board = Board(ctx)
    entity = board.find(params.task_id)
    if isinstance(entity, Route):
        delete_tasks(ctx, entity.checkpoint_ids)
        del ctx.world.routes[entity.id]
        return
    delete_tasks(ctx, [entity.id])
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
        raise invalid("order", f"must be between 0 and {len(route.checkpoint_ids)}")
    if len(route.checkpoint_ids) >= MAX_CHECKPOINTS:
        raise invalid("route_id", f"the route already has {MAX_CHECKPOINTS} checkpoints")
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
