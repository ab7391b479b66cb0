"""A route and its checkpoints, created in order (the route calls of the service's documentation
are in :mod:`fleetapi_mock.handlers.route`)."""

from __future__ import annotations

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi.endpoints.task import TASK_ROUTE_CREATE
from fleetapi.models.task import Route, RouteCreateParams, RouteCreateResult
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.route import window_problems
from fleetapi_mock.domain.task import (
    Board,
    attach_form,
    check_content,
    check_tags,
    form_template_for,
    new_task,
    usable_tracker,
    value_or,
)
from fleetapi_mock.handlers import handles


@handles(TASK_ROUTE_CREATE)
def task_route_create(ctx: Context, params: RouteCreateParams) -> RouteCreateResult:
    """Create a route and its checkpoints, in order; the route's tracker drives them all.

    2 to 500 checkpoints, each window not ending before the previous one starts (7 otherwise);
    the route's window runs from its first checkpoint's start to its last one's end. The route
    is answered under ``result``.
    """
    board = Board(ctx)
    route_params = params.route
    tracker_id = value_or(route_params.tracker_id, None)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityNotFoundError)
    errors: list[dict[str, str]] = []
    check_tags(ctx, value_or(route_params.tags, []), "route.{}".format, errors)
    windows = [
        check_content(ctx, checkpoint, f"checkpoints[{index}]", errors)
        for index, checkpoint in enumerate(params.checkpoints)
    ]
    errors += window_problems(windows, [f"checkpoints[{i}]" for i in range(len(windows))])
    if errors:
        raise InvalidParametersError(errors=errors)
    templates = [
        form_template_for(ctx, params.create_form, c.form_template_id) for c in params.checkpoints
    ]
    now = ctx.now().replace(microsecond=0)
    route_id = ctx.world.ids.next("tasks")
    checkpoints = [
        new_task(
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
        external_id=value_or(route_params.external_id, None),
        status="assigned" if tracker_id is not None else "unassigned",
        status_change_date=now,
        origin="manual",
        tags=list(value_or(route_params.tags, [])),
        checkpoint_ids=[c.id for c in checkpoints],
    )
    counts = board.external_id_counts(
        [route.external_id, *(c.external_id for c in checkpoints)],
        exclude=[route.id, *route.checkpoint_ids],
    )
    ctx.world.routes[route.id] = route
    for checkpoint, template in zip(checkpoints, templates, strict=True):
        ctx.world.tasks[checkpoint.id] = checkpoint
        attach_form(ctx, checkpoint, template)
    return RouteCreateResult(result=board.wire_route(route), external_id_counts=counts)
