"""Routes and checkpoints on their own, planning a way between points (``route/*``) and
ordering the points of a route to visit: the calls of the service's documentation
(``origin="service"``); ``task/route/create`` stays with the task calls."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
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
from fleetapi.models.route_plan import (
    GoogleRoute,
    PlannedRoute,
    RouteGetParams,
    RoutePlanParams,
    RoutePointsOptimizeParams,
    RouteProgorodParams,
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
        "`from` is not later."
    ),
    decisions=(
        Decision(
            "`task/route/list`",
            "The routes the caller sees (a sub-user: those of its trackers and the unassigned "
            "ones), by ID; `statuses` by the evaluated status, `trackers`, `from`/`to` as "
            "`task/list` reads them, `filter` a case-insensitive substring of the label or "
            "description. No paging, as documented.",
        ),
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
    decisions=(
        Decision(
            "`task/route/read`, `delete`, `assign`",
            "201 for anything but a route the caller sees (a task or checkpoint ID too). "
            "`delete` takes the checkpoints and their forms, in any state, as `task/delete` "
            "does; `assign` is `task/assign` of the route (255, then 204, 208, 236).",
        ),
    ),
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
    notes=f"{_STATES} The route comes back under `result`.",
    decisions=(
        Decision(
            "`task/route/update` with `checkpoints`",
            "The list is the route's checkpoints as they are to be, in order (1 to 500): an "
            "entry with an `id` rewrites that checkpoint (201 when it is not one of the route's, "
            "7 when repeated), one without creates a checkpoint on the route's tracker, and the "
            "route's checkpoints left out are deleted with their forms. Each window is checked "
            "as on create and may not end before the previous one starts (7 naming "
            "`checkpoints[i].to`).",
        ),
        Decision(
            "`task/route/update` without `checkpoints`",
            "The documentation asks for `checkpoints` whenever `route.checkpoint_ids` is given, "
            "and its own example sends `checkpoints` without `checkpoint_ids`: with "
            "`checkpoints`, `checkpoint_ids` is ignored; without, `checkpoint_ids` reorders the "
            "checkpoints and must name each of the route's once (7 naming "
            "`route.checkpoint_ids`, also for an order whose windows overlap backwards); neither "
            "keeps the checkpoints. The route's `tracker_id`, `from`, `to` and status are never "
            "taken from the request.",
        ),
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
    decisions=(
        Decision(
            "`task/checkpoint/list`",
            "The checkpoints among `checkpoint_ids` the caller sees, by ID; IDs of tasks, routes "
            "and missing or hidden checkpoints are skipped.",
        ),
    ),
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
    notes=_STATES,
    decisions=(
        Decision(
            "`task/checkpoint/create`",
            "`parent_id` names a route the caller sees (201); `order` 0 to the number of "
            "checkpoints (7), default last; a route holds at most 500 (7 naming "
            "`checkpoint.parent_id`). The checkpoint runs on the route's tracker: a `tracker_id` "
            "given is checked (201, 208, 236) and must be the route's (7 naming "
            "`checkpoint.tracker_id`). A window that would end before the previous checkpoint "
            "starts is 7 naming `checkpoint.to`, one starting after the next ends 7 naming "
            "`checkpoint.from`. `create_form` works as for `task/create`.",
        ),
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
        "the previous checkpoint starts, nor start after the next one ends (7)."
    ),
    decisions=(
        Decision(
            "`task/checkpoint/update`",
            "As `task/update` of a checkpoint, plus `order` (0 to the last position, 7 "
            "otherwise) that moves it, the others shifting; `parent_id` other than its route is "
            "7 (a checkpoint does not change routes); `tracker_id` is ignored. The answer is "
            "`external_id_counts` when there are some.",
        ),
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
    notes=_STATES,
    decisions=(
        Decision(
            "`task/checkpoint/transmute`",
            "The checkpoint becomes a plain task (type `task`, no route or order) keeping its "
            "tracker, window, status and form; the route closes ranks and is deleted when left "
            "empty.",
        ),
    ),
)

# --- Planning a way, ordering points ----------------------------------------------------------

_ROUTE_ERRORS = (215, 218, 236)
_AS_ROUTE_GET = "Planned as `route/get` plans (its decisions say how the mock does it)."

ROUTE_GET = Endpoint(
    path="route/get",
    params=RouteGetParams,
    result=Result.body(PlannedRoute),
    summary="Plan a route from a start through waypoints to an end, with the caller's provider.",
    errors=_ROUTE_ERRORS,
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "How the mock plans a route",
            "Offline, the same for every provider: along the great circle from the start "
            "through each waypoint to the end. `distance` is that length in meters (so never "
            "shorter than the straight line), `time` it at 60 km/h. `list` holds each leg's "
            "points at most 1 km apart (a route over 1000 km: its length / 1000), the start, "
            "waypoints and end as given; a key point's `id` is its index there.",
        ),
        Decision(
            "`point_limit`",
            "The line keeps its ends, then the key points, then the points that shape it most "
            "(Ramer-Douglas-Peucker drop-out tolerance, as tracks are simplified); key points "
            "beyond the limit are simplified as one line, and one left out names the kept "
            "point nearest to it along the route. `distance` and `time` stay the whole route's.",
        ),
        Decision(
            "No route (218)",
            "A location beyond the latitudes of web maps (85.05113° north or south) is off "
            'every road: 218 with the provider\'s `errors`: Google `["NOT_FOUND"]`, OSRM one '
            "`{status: NOT_FOUND, status_code: 207, message}`, Progorod `{type: isolated, "
            "point, index}` per such point (`point` `all` when every point is). 215 (the "
            "provider failing) comes only from a fault rule of the mock.",
        ),
        Decision(
            "Routing on the tariff (236)",
            "236 when a tracker the caller sees has a tariff without the feature `routing`; a "
            "caller with no tracker plans routes.",
        ),
        Decision(
            "`route/get` `provider_type`",
            "The provider named, else the caller's `route_provider` setting, sets the rules "
            "that differ (Google's waypoint limit, the form of 218's `errors`); the answer has "
            "this call's shape whichever it is (key points without `distance` and `time`).",
        ),
    ),
)
ROUTE_GOOGLE_GET = Endpoint(
    path="route/google/get",
    params=RoutePlanParams,
    result=Result.body(GoogleRoute),
    summary="Plan a route with Google: key points tell the length and time up to each.",
    errors=_ROUTE_ERRORS,
    safe=True,
    origin="service",
    notes=_AS_ROUTE_GET,
    decisions=(
        Decision(
            "Google's waypoint limit",
            "More than 8 waypoints (the documented limit; a business key's 23 is not "
            'assumed): 218 with `errors` `["MAX_WAYPOINTS_EXCEEDED"]`.',
        ),
    ),
)
ROUTE_OSRM_GET = Endpoint(
    path="route/osrm/get",
    params=RoutePlanParams,
    result=Result.body(PlannedRoute),
    summary="Plan a route with OSRM.",
    errors=_ROUTE_ERRORS,
    safe=True,
    origin="service",
    notes=_AS_ROUTE_GET,
)
ROUTE_PROGOROD_GET = Endpoint(
    path="route/progorod/get",
    params=RouteProgorodParams,
    result=Result.body(PlannedRoute),
    summary="Plan a route with the Progorod router.",
    errors=_ROUTE_ERRORS,
    safe=True,
    origin="service",
    notes=_AS_ROUTE_GET,
    decisions=(
        Decision(
            "Progorod's `minsize`, `use_traffic` and waypoint order",
            "The line drops the inner points whose drop-out tolerance is not above `minsize` "
            "meters (key points stay); `use_traffic` changes nothing (the mock knows no "
            "traffic); the waypoints keep their order.",
        ),
    ),
)
TASK_ROUTE_POINTS_OPTIMIZE = Endpoint(
    path="task/route/points/optimize",
    params=RoutePointsOptimizeParams,
    result=Result.field("result", list[int]),
    summary="Order the points of a route to visit: the indexes of `route_points`, in order.",
    right="task_update",
    errors=(7, 210, 264),
    safe=True,
    origin="service",
    notes="210 when the route in that order (from the start point) is over 5000 km long.",
    decisions=(
        Decision(
            "How `task/route/points/optimize` orders",
            "The shortest way from the start point (kept first) through every point, not back, "
            "by great-circle distance, as `route/get` measures it; a point whose window ends "
            "before another's starts comes first. Exact up to 10 points; more are ordered "
            "nearest first, then improved by reversing stretches and moving stretches of up "
            "to 3 points, from that order and from the one given (when its windows allow): "
            "never longer than the order given. The same points always give the same order.",
        ),
        Decision(
            "Optimizing with `departure` and windows",
            "`departure` changes nothing: the windows order the points, arrival times are not "
            "checked. A window whose `to` is before its `from` is 7 naming it.",
        ),
        Decision(
            "264 of `task/route/points/optimize`",
            "Never answered: the mock's rate limit (15) guards every call alike.",
        ),
    ),
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
    TASK_ROUTE_POINTS_OPTIMIZE,
    ROUTE_GET,
    ROUTE_GOOGLE_GET,
    ROUTE_OSRM_GET,
    ROUTE_PROGOROD_GET,
)
