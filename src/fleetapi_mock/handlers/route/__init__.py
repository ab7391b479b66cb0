"""Routes of checkpoints (a route is created by a task call:
:mod:`fleetapi_mock.handlers.task.route`).

A route is stored in ``world.routes`` and its checkpoints, in order, in ``world.tasks`` (tasks
of type ``checkpoint`` whose ``parent_id`` is the route), sharing the id sequence ``tasks``;
the route's tracker drives them all (:mod:`fleetapi_mock.domain.lifecycle`).
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.route import (
    TASK_ROUTE_ASSIGN,
    TASK_ROUTE_DELETE,
    TASK_ROUTE_LIST,
    TASK_ROUTE_READ,
    TASK_ROUTE_UPDATE,
)
from fleetapi.models.route import (
    RouteAssignParams,
    RouteListParams,
    RouteParams,
    RouteUpdateParams,
)
from fleetapi.models.task import Route, RouteCreateResult, Task
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.route import (
    assign,
    delete_tasks,
    find_route,
    rewrite,
    window_problems,
)
from fleetapi_mock.domain.task import (
    Board,
    attach_form,
    check_content,
    check_tags,
    form_template_for,
    new_task,
    value_or,
)
from fleetapi_mock.handlers import handles


@handles(TASK_ROUTE_LIST)
def task_route_list(ctx: Context, params: RouteListParams) -> list[Route]:
    """The routes the caller sees that pass every filter given, by id."""
    board = Board(ctx)
    routes = board.routes()
    if isinstance(params.statuses, list):
        wanted = set(params.statuses)
        routes = [r for r in routes if board.status(r) in wanted]
    if isinstance(params.trackers, list):
        trackers = set(params.trackers)
        routes = [r for r in routes if r.tracker_id in trackers]
    if isinstance(params.from_, dt.datetime):
        start = ctx.request_time(params.from_, "from")
        routes = [r for r in routes if r.to >= start]
    if isinstance(params.to, dt.datetime):
        end = ctx.request_time(params.to, "to")
        routes = [r for r in routes if r.from_ <= end]
    if isinstance(params.filter, str):
        text = params.filter.casefold()
        routes = [r for r in routes if text in f"{r.label}\n{r.description}".casefold()]
    return [board.wire_route(r) for r in routes]


@handles(TASK_ROUTE_READ)
def task_route_read(ctx: Context, params: RouteParams) -> Route:
    """A route the caller sees (201 otherwise)."""
    board = Board(ctx)
    return board.wire_route(find_route(board, params.route_id))


def _checkpoint_plan(
    ctx: Context, route: Route, current: list[Task], params: RouteUpdateParams
) -> tuple[list[Task | None], list[tuple[dt.datetime, dt.datetime]], list[dict[str, str]]]:
    """For each checkpoint of the update, the one it rewrites (``None``: a new one) and its
    window; and the problems found. 201 for an ID that is not one of the route's."""
    own = {c.id: c for c in current}
    sent = params.checkpoints if isinstance(params.checkpoints, list) else []
    errors: list[dict[str, str]] = []
    targets: list[Task | None] = []
    seen: dict[int, int] = {}
    for index, checkpoint in enumerate(sent):
        if isinstance(checkpoint.id, Unset):
            targets.append(None)
            continue
        if checkpoint.id not in own:
            raise EntityNotFoundError(f"{checkpoint.id} is not a checkpoint of route {route.id}")
        if checkpoint.id in seen:
            error = f"repeats checkpoints[{seen[checkpoint.id]}]"
            errors.append({"parameter": f"checkpoints[{index}].id", "error": error})
        seen.setdefault(checkpoint.id, index)
        targets.append(own[checkpoint.id])
    windows = [
        check_content(ctx, checkpoint, f"checkpoints[{index}]", errors)
        for index, checkpoint in enumerate(sent)
    ]
    errors += window_problems(windows, [f"checkpoints[{i}]" for i in range(len(sent))])
    return targets, windows, errors


def _reordered(route: Route, current: list[Task], ids: list[int]) -> list[dict[str, str]]:
    """The problems of ``route.checkpoint_ids`` reordering the route's checkpoints."""
    if sorted(ids) != sorted(c.id for c in current):
        error = "must name each of the route's checkpoints once"
        return [{"parameter": "route.checkpoint_ids", "error": error}]
    by_id = {c.id: c for c in current}
    return window_problems([(by_id[i].from_, by_id[i].to) for i in ids], [None] * len(ids))


@handles(TASK_ROUTE_UPDATE)
def task_route_update(ctx: Context, params: RouteUpdateParams) -> RouteCreateResult:
    """Rewrite a route and, given ``checkpoints``, its checkpoints (or reorder them by
    ``route.checkpoint_ids``); nothing changes unless every check passes."""
    board = Board(ctx)
    change = params.route
    route = find_route(board, change.id)
    current = board.checkpoints(route)
    board.require_editable([route, *current])
    errors: list[dict[str, str]] = []
    check_tags(ctx, value_or(change.tags, []), "route.{}".format, errors)
    sent = params.checkpoints if isinstance(params.checkpoints, list) else None
    targets: list[Task | None] = []
    windows: list[tuple[dt.datetime, dt.datetime]] = []
    if sent is not None:
        targets, windows, problems = _checkpoint_plan(ctx, route, current, params)
        errors += problems
    elif isinstance(change.checkpoint_ids, list):
        errors += _reordered(route, current, change.checkpoint_ids)
    if errors:
        raise InvalidParametersError(errors=errors)
    templates = [form_template_for(ctx, params.create_form, c.form_template_id) for c in sent or []]
    world = ctx.world
    if sent is None:
        ids = value_or(change.checkpoint_ids, None) or route.checkpoint_ids
    else:
        ids = []
        for content, target, window, template in zip(
            sent, targets, windows, templates, strict=True
        ):
            if target is None:
                task = new_task(
                    ctx, world.ids.next("tasks"), content, window, route.tracker_id,
                    type="checkpoint", parent_id=route.id, order=len(ids),
                )  # fmt: skip
            else:
                task = rewrite(target, content, window)
            world.tasks[task.id] = task
            attach_form(ctx, task, template)
            ids.append(task.id)
        delete_tasks(ctx, [c.id for c in current if c.id not in set(ids)])
    world.routes[route.id] = attrs.evolve(
        route,
        label=change.label,
        description=change.description,
        external_id=value_or(change.external_id, route.external_id),
        tags=list(value_or(change.tags, route.tags)),
        checkpoint_ids=list(ids),
    )
    board.refresh_route(route.id)
    fresh = Board(ctx)
    stored = world.routes[route.id]
    counts = fresh.external_id_counts(
        [stored.external_id, *(c.external_id for c in fresh.checkpoints(stored))],
        exclude=[stored.id, *stored.checkpoint_ids],
    )
    return RouteCreateResult(result=fresh.wire_route(stored), external_id_counts=counts)


@handles(TASK_ROUTE_DELETE)
def task_route_delete(ctx: Context, params: RouteParams) -> None:
    """Delete a route the caller sees (201 otherwise) with its checkpoints, in any state."""
    route = find_route(Board(ctx), params.route_id)
    delete_tasks(ctx, route.checkpoint_ids)
    del ctx.world.routes[route.id]


@handles(TASK_ROUTE_ASSIGN)
def task_route_assign(ctx: Context, params: RouteAssignParams) -> None:
    """Assign a route and its checkpoints to a tracker, or unassign them."""
    board = Board(ctx)
    assign(ctx, board, find_route(board, params.route_id), params.tracker_id)
