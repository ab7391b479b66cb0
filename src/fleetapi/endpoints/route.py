"""Routes and checkpoints on their own: the calls of the service's documentation
(``origin="service"``); ``task/route/create`` stays with the task calls."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.route import (
    CheckpointCreateParams,
    CheckpointListParams,
    CheckpointParams,
    CheckpointUpdateParams,
    RouteAssignParams,
    RouteListParams,
    RouteParams,
    RouteUpdateParams,
)
from fleetapi.models.task import (
    Route,
    RouteCreateResult,
    Task,
    TaskCreateResult,
    TaskUpdateResult,
)

_STATES = "255 unless the route and every checkpoint are `unassigned` or `assigned`."

TASK_ROUTE_LIST = Endpoint(
    path="task/route/list",
    params=RouteListParams,
    result=Result.field("list", list[Route]),
    summary="List the routes the caller sees, by ID, with optional filters.",
    safe=True,
    origin="service",
    notes=(
        "A route is actual after `from` when its `to` is not earlier, before `to` when its "
        "`from` is not later; `filter` is found in the label or description (any case)."
    ),
)
TASK_ROUTE_READ = Endpoint(
    path="task/route/read",
    params=RouteParams,
    result=Result.field("value", Route),
    summary="Read a route (`task/read` also answers its checkpoints).",
    errors=(201,),
    safe=True,
    origin="service",
    notes="201 for anything but a route the caller sees (a task or checkpoint ID included).",
)
TASK_ROUTE_UPDATE = Endpoint(
    path="task/route/update",
    params=RouteUpdateParams,
    result=Result.body(RouteCreateResult),
    summary="Rewrite a route's fields and, given `checkpoints`, its checkpoints in order.",
    right="task_update",
    errors=(7, 201, 255),
    origin="service",
    current="task/route/read",
    notes=(
        "Checkpoints with an `id` (one of the route's, else 201) are rewritten, those without "
        "created on the route's tracker, the route's others deleted; each window may not end "
        "before the previous one starts (7). Without `checkpoints`, `route.checkpoint_ids` "
        f"reorders the route's checkpoints (it must name each once). {_STATES} The route comes "
        "back under `result`."
    ),
)
TASK_ROUTE_DELETE = Endpoint(
    path="task/route/delete",
    params=RouteParams,
    result=Result.nothing(),
    summary="Delete a route with its checkpoints and their forms.",
    right="task_update",
    errors=(201,),
    origin="service",
)
TASK_ROUTE_ASSIGN = Endpoint(
    path="task/route/assign",
    params=RouteAssignParams,
    result=Result.nothing(),
    summary="Assign a route and its checkpoints to a tracker, or unassign them (null).",
    right="task_update",
    errors=(201, 204, 208, 236, 255),
    origin="service",
    notes=f"{_STATES} Then the tracker: 204 when missing, 208 blocked, 236 without tasks.",
)
TASK_CHECKPOINT_LIST = Endpoint(
    path="task/checkpoint/list",
    params=CheckpointListParams,
    result=Result.field("list", list[Task]),
    summary="The checkpoints of some IDs that the caller sees, by ID.",
    safe=True,
    origin="service",
    notes="IDs of tasks, routes and checkpoints the caller does not see are skipped.",
)
TASK_CHECKPOINT_READ = Endpoint(
    path="task/checkpoint/read",
    params=CheckpointParams,
    result=Result.field("value", Task),
    summary="Read a route checkpoint, with its form.",
    errors=(201,),
    safe=True,
    origin="service",
)
TASK_CHECKPOINT_CREATE = Endpoint(
    path="task/checkpoint/create",
    params=CheckpointCreateParams,
    result=Result.body(TaskCreateResult),
    summary="Add a checkpoint to a route at a zero-based position (default: last).",
    right="task_update",
    errors=(7, 201, 208, 236, 255),
    origin="service",
    notes=(
        "The route (`parent_id`) must be one the caller sees (201). The checkpoint runs on the "
        "route's tracker: a `tracker_id` given must be usable (201, 208, 236) and the route's "
        f"(7). At most 500 checkpoints per route (7). {_STATES}"
    ),
)
TASK_CHECKPOINT_UPDATE = Endpoint(
    path="task/checkpoint/update",
    params=CheckpointUpdateParams,
    result=Result.body(TaskUpdateResult),
    summary="Rewrite a checkpoint; `order` moves it within its route.",
    right="task_update",
    errors=(7, 201, 255),
    origin="service",
    current="task/checkpoint/read",
    notes=(
        "255 unless the checkpoint is `unassigned` or `assigned`. Its window may not end before "
        "the previous checkpoint starts, nor start after the next one ends (7); `parent_id`, if "
        "given, must be its route (7). `tracker_id` is the route's and is ignored."
    ),
)
TASK_CHECKPOINT_DELETE = Endpoint(
    path="task/checkpoint/delete",
    params=CheckpointParams,
    result=Result.nothing(),
    summary="Delete a checkpoint; its route closes ranks, and goes when left empty.",
    right="task_update",
    errors=(201,),
    origin="service",
)
TASK_CHECKPOINT_TRANSMUTE = Endpoint(
    path="task/checkpoint/transmute",
    params=CheckpointParams,
    result=Result.nothing(),
    summary="Turn a checkpoint into a standalone task; a route left empty is deleted.",
    right="task_update",
    errors=(201, 255),
    origin="service",
    notes=f"The task keeps its tracker, window and form. {_STATES}",
)

ENDPOINTS = (
    TASK_ROUTE_LIST,
    TASK_ROUTE_READ,
    TASK_ROUTE_UPDATE,
    TASK_ROUTE_DELETE,
    TASK_ROUTE_ASSIGN,
    TASK_CHECKPOINT_LIST,
    TASK_CHECKPOINT_READ,
    TASK_CHECKPOINT_CREATE,
    TASK_CHECKPOINT_UPDATE,
    TASK_CHECKPOINT_DELETE,
    TASK_CHECKPOINT_TRANSMUTE,
)
