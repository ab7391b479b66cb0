"""Tasks, routes and checkpoints (``task/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Paging, Result
from fleetapi.models.task import (
    RouteCreateParams,
    RouteCreateResult,
    TaskAssignParams,
    TaskCreateParams,
    TaskCreateResult,
    TaskDeleteParams,
    TaskListParams,
    TaskListResult,
    TaskReadParams,
    TaskReadResult,
    TaskTransmuteParams,
    TaskUpdateParams,
    TaskUpdateResult,
)
from fleetapi.models.task_batch import (
    TaskBatchConvertParams,
    TaskBatchConvertResult,
)

TASK_ASSIGN = Endpoint(
    path="task/assign",
    params=TaskAssignParams,
    result=Result.nothing(),
    summary="Assign a task to a tracker, or unassign it with a null tracker.",
    right="task_update",
    errors=(201, 204, 208, 255, 236),
)
TASK_BATCH_CONVERT = Endpoint(
    path="task/batch_convert",
    params=TaskBatchConvertParams,
    result=Result.body(TaskBatchConvertResult),
    summary="Check tab-delimited tasks and return them with their errors, creating nothing.",
    right="task_update",
    notes=(
        "The element shape of a row's `errors` is not shown in the specification: the SDK "
        "keeps each as a JSON object."
    ),
)
TASK_COUNT = Endpoint(
    path="task/count",
    params=NoParams,
    result=Result.field("count", int),
    summary="Count the user's tasks.",
    safe=True,
    notes="The right needed by sub-users is not shown: none is required.",
)
TASK_CREATE = Endpoint(
    path="task/create",
    params=TaskCreateParams,
    result=Result.body(TaskCreateResult),
    summary="Create a task, assigned to a tracker's employee or to nobody.",
    right="task_update",
    errors=(201, 208, 236),
    notes=(
        "Each call creates a new task, even with identical parameters: a retry after a "
        "timeout may create a duplicate. `to` may not be in the past and `from` not after "
        "`to` (code 7). A given `tracker_id` must be visible to the caller (201), not blocked "
        "(208) and on a tariff with tasks (236)."
    ),
)
TASK_DELETE = Endpoint(
    path="task/delete",
    params=TaskDeleteParams,
    result=Result.nothing(),
    summary="Delete a task.",
    right="task_update",
    errors=(201,),
)
TASK_LIST = Endpoint(
    path="task/list",
    params=TaskListParams,
    result=Result.body(TaskListResult),
    summary="List the user's tasks matching filters and search conditions, a page at a time.",
    safe=True,
    paging=Paging(default_limit=10000, max_limit=100000),
    notes=(
        "At most 60 search conditions, nested ones included. The right needed by sub-users "
        "is not shown: none is required. `types` (from the service's documentation of "
        "schedules) adds routes, each with its `checkpoints`."
    ),
)
TASK_READ = Endpoint(
    path="task/read",
    params=TaskReadParams,
    result=Result.body(TaskReadResult),
    summary="Read a task, checkpoint or route; a route comes with its checkpoints.",
    errors=(201,),
    safe=True,
    notes=(
        "`value` is a `Route` when it carries `checkpoint_ids`, else a `Task` (`type` `task` or "
        "`checkpoint`). The right needed by sub-users is not shown: none is required."
    ),
)
TASK_TRANSMUTE = Endpoint(
    path="task/transmute",
    params=TaskTransmuteParams,
    result=Result.nothing(),
    summary="Turn a task into a checkpoint of a route, at a zero-based position.",
    right="task_update",
    errors=(201, 255),
)
TASK_UPDATE = Endpoint(
    path="task/update",
    params=TaskUpdateParams,
    result=Result.body(TaskUpdateResult),
    summary="Update a task that is still unassigned or assigned.",
    right="task_update",
    errors=(201, 255),
    notes=(
        "The task object replaces the task's content (the service reads it whole); optional "
        "fields left out keep their values. The tracker changes only through `task/assign`."
    ),
    current="task/read",
)
TASK_ROUTE_CREATE = Endpoint(
    path="task/route/create",
    params=RouteCreateParams,
    result=Result.body(RouteCreateResult),
    summary="Create a route of 2 to 500 checkpoints in order of execution.",
    right="task_update",
    errors=(201, 208, 236),
    origin="notes",
    notes=(
        "Not shown in the specification (only referred to by `task/create`). As documented by "
        "the service: the new route comes back under `result`, with `external_id_counts` when "
        "some checkpoint's external ID is already in use; the route's `from` and `to` are those "
        "of its first and last checkpoints; checkpoints get `parent_id` and a zero-based "
        "`order`."
    ),
)

ENDPOINTS = (
    TASK_ASSIGN,
    TASK_BATCH_CONVERT,
    TASK_COUNT,
    TASK_CREATE,
    TASK_DELETE,
    TASK_LIST,
    TASK_READ,
    TASK_TRANSMUTE,
    TASK_UPDATE,
    TASK_ROUTE_CREATE,
)
