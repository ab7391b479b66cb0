"""Tasks, routes and checkpoints (``task/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.task import (
    MAX_DESCRIPTION,
    MAX_LABEL,
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

_PAGING = Paging(default_limit=10000, max_limit=100000)
"""How ``task/list`` pages: its default and largest ``limit``."""

TASK_ASSIGN = Endpoint(
    path="task/assign",
    params=TaskAssignParams,
    result=Result.nothing(),
    summary="Assign a task to a tracker, or unassign it with a null tracker.",
    right="task_update",
    errors=(201, 204, 208, 255, 236),
    decisions=(
        Decision(
            "Order of checks in `task/assign`",
            "The task (201), then the state of the task, or of the route and every checkpoint "
            "(255), then the tracker (204, 208, 236).",
        ),
        Decision(
            "Routes and checkpoints in `task/assign`",
            "Assigning a route or one of its checkpoints assigns the route and all its "
            "checkpoints: they share one tracker.",
        ),
    ),
)
TASK_BATCH_CONVERT = Endpoint(
    path="task/batch_convert",
    params=TaskBatchConvertParams,
    result=Result.body(TaskBatchConvertResult),
    summary="Check tab-delimited tasks and return them with their errors, creating nothing.",
    right="task_update",
    decisions=(
        Decision(
            "`task/batch_convert` columns",
            "`fields` names the columns in order, from label, description, from, to, address, "
            "lat, lng, radius, external_id, max_delay, min_stay_duration (another name, or one "
            "given twice, is 7 naming `fields`). A first line made of the field names is a "
            "header and is skipped; blank lines are skipped.",
        ),
        Decision(
            "`task/batch_convert` cells",
            "Date/times in the caller's time zone, `YYYY-MM-DD HH:MM:SS` or ISO 8601, seconds "
            "optional; an empty `from` is a row error, an empty `to` is `from` plus "
            "`default_duration`. Coordinates accept a decimal comma. Empty numbers take the "
            "`default_*` values.",
        ),
        Decision(
            "Geocoding in `task/batch_convert`",
            "A row with an address and no coordinates takes the position of the account's place "
            "or zone whose address or label is that address (case-insensitive; a polygon's or "
            "sausage's vertices are averaged), else the best match of the mock's geocoder "
            "(`geocoder/search_address` over the world's gazetteer); nothing found is a row "
            "error on `address`. The `geocoder` type is checked but changes nothing.",
        ),
        Decision(
            "Row errors of `task/batch_convert`",
            '`{"line": n, "parameter": ..., "error": ...}`, the 1-based line of the batch and '
            "the field (`label`, `location.radius`, `to`...); every problem of a row is listed, "
            "checked as `task/create` checks a task. The specification does not show this "
            "shape: the SDK keeps each element as a JSON object.",
        ),
        Decision(
            "Row limit of `task/batch_convert`",
            "1000 rows; more set `limit_exceeded` and are dropped. Nothing is created.",
        ),
        Decision(
            "Automatic assignment in `task/batch_convert`",
            "`employee_ids` and `vehicle_ids` must be the account's (else 7 naming "
            "`employee_ids[i]`); those with a tracker the caller sees are the candidates (none: "
            "no assignment). `no_check` (default) hands valid rows out in turn; "
            "`entity_location` takes the nearest employee whose own location zone holds the "
            "task; `parent_location` the nearest by the department's zone (vehicles: the "
            "garage's). A row no candidate covers gets an error on `tracker_id`.",
        ),
    ),
)
TASK_COUNT = Endpoint(
    path="task/count",
    params=NoParams,
    result=Result.field("count", int),
    summary="Count the user's tasks.",
    safe=True,
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
        "timeout may create a duplicate."
    ),
    decisions=(
        Decision(
            "Task zone limits",
            "`location.lat` -90 to 90, `lng` -180 to 180, `radius` required, 1 to 300000 meters "
            "(`TaskLocation`); `max_delay`, `min_stay_duration`, `min_arrival_duration` 0 to "
            f"512000 minutes; label 1-{MAX_LABEL} (not blank), description 0-{MAX_DESCRIPTION}. "
            "Broken limits answer 7 naming the field (`task.location.radius`).",
        ),
        Decision(
            "Window checks on create and update",
            "`to` earlier than now answers 7 naming `task.to`; `from` later than `to` answers 7 "
            "naming `task.from`. The same for each route checkpoint (`checkpoints[2].to`), and a "
            "checkpoint may not end before the previous one starts.",
        ),
        Decision(
            "`tracker_id` on create and route create",
            "Missing or not visible to the caller: 201; blocked: 208; tariff without "
            "`app_tasks`: 236. On `task/assign` the missing tracker is 204, as the spec's table "
            "says.",
        ),
        Decision("Tags", "Tag IDs must be tags of the account, else 7 naming `task.tags[i]`."),
        Decision(
            "`external_id_counts`",
            "Lists each external ID of the request that other tasks, checkpoints or routes of "
            "the account already carry, with how many; left out when there are none.",
        ),
        Decision(
            "Task forms",
            "With `create_form` true, a non-null `form_template_id` (a template of the account, "
            "else 201) gets the task a form made from the template, kept in the form store "
            "beside check-in forms; the task answers it as `form` and keeps `form_template_id`. "
            "Without `create_form` the template ID is ignored. Route checkpoints get theirs the "
            "same way.",
        ),
    ),
)
TASK_DELETE = Endpoint(
    path="task/delete",
    params=TaskDeleteParams,
    result=Result.nothing(),
    summary="Delete a task.",
    right="task_update",
    errors=(201,),
    decisions=(
        Decision(
            "`task/delete`",
            "Any state. A route goes with its checkpoints; a deleted checkpoint leaves its route "
            "(the others are renumbered), and a route left without checkpoints is deleted.",
        ),
        Decision(
            "Deleting a task with a form", "The form goes too (its files are marked deleted)."
        ),
    ),
)
TASK_LIST = Endpoint(
    path="task/list",
    params=TaskListParams,
    result=Result.body(TaskListResult),
    summary="List the user's tasks matching filters and search conditions, a page at a time.",
    safe=True,
    paging=_PAGING,
    decisions=(
        Decision(
            "What `task/list` and `task/count` cover",
            "Tasks and checkpoints (routes are read with `task/read`). `task/count` always "
            "counts those two.",
        ),
        Decision(
            "`task/list` `types`",
            "The kinds to list among `task`, `route` and `checkpoint` (at least one; default "
            "`task` and `checkpoint`, as before the parameter). Routes come with their "
            "checkpoints in `checkpoints` (as `task/read` answers them beside a route), and "
            "count once in `count`. A route is filtered, searched and sorted by the fields it "
            "has: id, label, description, external ID, status and status change (evaluated from "
            "its checkpoints), window, tracker, employee and tags; it has no zone, address, "
            "stay, arrival or form, so a `location` filter or a condition on those never "
            "matches it and a sort on them puts it last. The parameter comes from the "
            "service's documentation of schedules.",
        ),
        Decision(
            "`task/list` `filter`",
            "Case-insensitive text over id, label, description, address, external ID, status "
            "and custom field values.",
        ),
        Decision(
            "`task/list` `filters`",
            "Every text must be found (case-insensitive) in the label, description or address.",
        ),
        Decision(
            "`task/list` `from` / `to`",
            "A task is actual after `from` when its `to` is not earlier, and before `to` when "
            "its `from` is not later.",
        ),
        Decision("`task/list` `tag_ids`", "Tasks carrying at least one of the tags."),
        Decision(
            "`task/list` `location`",
            "`radius` is required (7 naming `location.radius`); distances are great-circle.",
        ),
        Decision(
            "Search conditions of `task/list`",
            "The shared rules of the mock's list calls (`fleetapi_mock.domain.search`) over the "
            "fields id, employee (the ID of the employee bound to the task's tracker), status, "
            "label, location (address), description, external_id, stay_duration, form "
            "(template ID), the date/times from, to, status_change_date and arrival_date "
            "(`period` only, read in the caller's time zone), and any custom field ID (digits, "
            "as text). An unknown field is 7 naming `conditions[i].field`, a condition kind "
            "that does not fit the field 7 naming `conditions[i].type`, more than 60 conditions "
            "in all, nested ones included, 7 naming `conditions`.",
        ),
        Decision(
            "Sort of `task/list`",
            "`<field>=asc|desc` over the same fields, applied in order; `employee` sorts by the "
            "employee's full name, else the tracker's label; `form` by the form's label; tasks "
            "without a value come last either way; anything else is 7 naming `sort[i]`. "
            "Default: by id.",
        ),
        Decision(
            "Paging of `task/list`",
            f"`limit` default {_PAGING.default_limit}, at most {_PAGING.max_limit}, null for no "
            "limit; `offset` at least 0; `count` counts everything found.",
        ),
        Decision(
            "Rights of `task/list`, `task/read`, `task/count`",
            "None: any user credential may call them.",
        ),
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
        "`checkpoint`)."
    ),
)
TASK_TRANSMUTE = Endpoint(
    path="task/transmute",
    params=TaskTransmuteParams,
    result=Result.nothing(),
    summary="Turn a task into a checkpoint of a route, at a zero-based position.",
    right="task_update",
    errors=(201, 255),
    decisions=(
        Decision(
            "`task/transmute`",
            "Only a plain task moves (a checkpoint or a route as `task_id` is 201, and "
            "`route_id` must name a route, else 201). `order` outside 0..number of checkpoints "
            "is 7 naming `order`; a route of 500 checkpoints takes no more (7 naming "
            "`route_id`). The task takes the route's tracker.",
        ),
    ),
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
    decisions=(
        Decision(
            "`task/update` of a route",
            "201: a route has no zone to update; its window follows its checkpoints. "
            "Checkpoints update like tasks, and keep the route in order: a `to` before the "
            "previous checkpoint's `from` is 7 naming `task.to`, a `from` after the next one's "
            "`to` 7 naming `task.from`.",
        ),
        Decision(
            "`task/update` with `create_form`",
            "`form_template_id` null deletes the form, another template replaces it (the old "
            "form and its values go), the same template keeps the form and its values, and an "
            "omitted `form_template_id` changes nothing.",
        ),
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
        "the service, the route's `from` and `to` are those of its first and last checkpoints; "
        "checkpoints get `parent_id` and a zero-based `order`."
    ),
    decisions=(
        Decision(
            "`task/route/create`",
            "Declared beside the spec's calls; answers the route under `result` with "
            "`external_id_counts`.",
        ),
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
