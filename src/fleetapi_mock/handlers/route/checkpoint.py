"""Checkpoints one at a time.

A checkpoint is a task of ``world.tasks`` with its route in ``parent_id``; it runs on its
route's tracker. Every change keeps the route's windows in order (each checkpoint ending no
earlier than the previous one starts) and renumbers the route
(:meth:`~fleetapi_mock.domain.task.Board.refresh_route`).
"""

from __future__ import annotations

import attrs

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.route import (
    TASK_CHECKPOINT_CREATE,
    TASK_CHECKPOINT_DELETE,
    TASK_CHECKPOINT_LIST,
    TASK_CHECKPOINT_READ,
    TASK_CHECKPOINT_TRANSMUTE,
    TASK_CHECKPOINT_UPDATE,
)
from fleetapi.models.route import (
    CheckpointCreateParams,
    CheckpointListParams,
    CheckpointParams,
    CheckpointUpdateParams,
)
from fleetapi.models.task import Route, Task, TaskCreateResult, TaskUpdateResult
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.route import delete_tasks, find_route, rewrite, window_problems
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


def _find(board: Board, checkpoint_id: int) -> tuple[Task, Route]:
    """The checkpoint ``checkpoint_id`` the caller sees and its route; 201 for anything else."""
    entity = board.find(checkpoint_id)
    route = board.route_of(entity) if isinstance(entity, Task) else None
    if not isinstance(entity, Task) or route is None:
        raise EntityNotFoundError(f"{checkpoint_id} is not a checkpoint")
    return entity, route


def _order_problems(board: Board, ids: list[int], changed: Task) -> list[dict[str, str]]:
    """The window problems of the route's checkpoints in the order ``ids``, ``changed`` (the
    one the request sent, named ``checkpoint``) standing for its own ID."""
    members = [changed if i == changed.id else board.world.tasks[i] for i in ids]
    names = ["checkpoint" if t is changed else None for t in members]
    return window_problems([(t.from_, t.to) for t in members], names)


@handles(TASK_CHECKPOINT_LIST)
def task_checkpoint_list(ctx: Context, params: CheckpointListParams) -> list[Task]:
    """The checkpoints among ``checkpoint_ids`` that the caller sees, by id."""
    board = Board(ctx)
    found = []
    for checkpoint_id in sorted(set(params.checkpoint_ids)):
        task = ctx.world.tasks.get(checkpoint_id)
        if task is not None and task.parent_id is not None and board.visible(task):
            found.append(board.wire(task))
    return found


@handles(TASK_CHECKPOINT_READ)
def task_checkpoint_read(ctx: Context, params: CheckpointParams) -> Task:
    """A checkpoint the caller sees, with its form (201 otherwise)."""
    board = Board(ctx)
    return board.wire(_find(board, params.checkpoint_id)[0])


@handles(TASK_CHECKPOINT_CREATE)
def task_checkpoint_create(ctx: Context, params: CheckpointCreateParams) -> TaskCreateResult:
    """Insert a checkpoint into its route at ``order`` (default: last)."""
    board = Board(ctx)
    content = params.checkpoint
    route = find_route(board, content.parent_id)
    tracker_id = value_or(content.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
        if tracker_id != route.tracker_id:
            raise invalid("checkpoint.tracker_id", f"must be the route's ({route.tracker_id})")
    board.require_editable([route, *board.checkpoints(route)])
    ids = list(route.checkpoint_ids)
    order = value_or(content.order, len(ids))
    if order > len(ids):
        raise invalid("checkpoint.order", f"must be between 0 and {len(ids)}")
    if len(ids) >= MAX_CHECKPOINTS:
        raise invalid("checkpoint.parent_id", f"the route has {MAX_CHECKPOINTS} checkpoints")
    errors: list[dict[str, str]] = []
    window = check_content(ctx, content, "checkpoint", errors)
    template = form_template_for(ctx, params.create_form, content.form_template_id)
    draft = new_task(
        ctx, 0, content, window, route.tracker_id, type="checkpoint", parent_id=route.id
    )
    errors += _order_problems(board, [*ids[:order], 0, *ids[order:]], draft)
    if errors:
        raise InvalidParametersError(errors=errors)
    task = attrs.evolve(draft, id=ctx.world.ids.next("tasks"), order=order)
    ctx.world.tasks[task.id] = task
    ids.insert(order, task.id)
    ctx.world.routes[route.id] = attrs.evolve(route, checkpoint_ids=ids)
    attach_form(ctx, task, template)
    board.refresh_route(route.id)
    counts = board.external_id_counts([task.external_id], exclude=[task.id])
    return TaskCreateResult(id=task.id, external_id_counts=counts)


@handles(TASK_CHECKPOINT_UPDATE)
def task_checkpoint_update(ctx: Context, params: CheckpointUpdateParams) -> TaskUpdateResult:
    """Rewrite a checkpoint that is unassigned or assigned, moving it to ``order`` if given."""
    board = Board(ctx)
    content = params.checkpoint
    checkpoint, route = _find(board, content.id)
    board.require_editable([checkpoint])
    if not isinstance(content.parent_id, Unset) and content.parent_id != route.id:
        raise invalid("checkpoint.parent_id", f"must be its route ({route.id})")
    ids = [i for i in route.checkpoint_ids if i != checkpoint.id]
    order = value_or(content.order, route.checkpoint_ids.index(checkpoint.id))
    if order > len(ids):
        raise invalid("checkpoint.order", f"must be between 0 and {len(ids)}")
    ids.insert(order, checkpoint.id)
    errors: list[dict[str, str]] = []
    window = check_content(ctx, content, "checkpoint", errors)
    updated = rewrite(checkpoint, content, window)
    errors += _order_problems(board, ids, updated)
    if errors:
        raise InvalidParametersError(errors=errors)
    template = form_template_for(ctx, params.create_form, content.form_template_id)
    ctx.world.tasks[updated.id] = updated
    ctx.world.routes[route.id] = attrs.evolve(route, checkpoint_ids=ids)
    attach_form(ctx, updated, template)
    board.refresh_route(route.id)
    return TaskUpdateResult(
        external_id_counts=board.external_id_counts([updated.external_id], exclude=[updated.id])
    )


@handles(TASK_CHECKPOINT_DELETE)
def task_checkpoint_delete(ctx: Context, params: CheckpointParams) -> None:
    """Delete a checkpoint and its form; its route closes ranks (or goes, left empty)."""
    board = Board(ctx)
    checkpoint, route = _find(board, params.checkpoint_id)
    delete_tasks(ctx, [checkpoint.id])
    board.refresh_route(route.id)


@handles(TASK_CHECKPOINT_TRANSMUTE)
def task_checkpoint_transmute(ctx: Context, params: CheckpointParams) -> None:
    """Make a checkpoint a standalone task (its tracker, window and form kept)."""
    board = Board(ctx)
    checkpoint, route = _find(board, params.checkpoint_id)
    board.require_editable([route, *board.checkpoints(route)])
    ids = [i for i in route.checkpoint_ids if i != checkpoint.id]
    ctx.world.tasks[checkpoint.id] = attrs.evolve(
        checkpoint, type="task", parent_id=None, order=None
    )
    ctx.world.routes[route.id] = attrs.evolve(route, checkpoint_ids=ids)
    board.refresh_route(route.id)
