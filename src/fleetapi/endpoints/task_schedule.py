"""Recurring tasks (``task/schedule/*``): the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.task_schedule import (
    RouteSchedule,
    RouteScheduleCreateParams,
    RouteScheduleUpdateParams,
    ScheduleCheckpointParams,
    ScheduleProposalListParams,
    TaskSchedule,
    TaskScheduleCreateParams,
    TaskScheduleDeleteParams,
    TaskScheduleIdParams,
    TaskScheduleListParams,
    TaskScheduleReadResult,
    TaskScheduleUpdateParams,
)

_TRACKER = (
    "A `tracker_id` must be a tracker the caller sees (201), not blocked (208), on a tariff "
    "with tasks (236), as for `task/create`."
)
_CONTENT = (
    "Tags must be the account's (7 naming `schedule.tags[i]`), a `form_template_id` a "
    "template of the account (204). Weekdays run 1 (Monday) to 7, days of the month 1 to 31 "
    "(7 naming `schedule.parameters.weekdays[i]`); `from_time` is `HH:MM:SS` or `HH:MM` "
    "(answered with its seconds); `duration` and the delays 0 to 512000 minutes."
)
_ROUTE_CHECKPOINTS = (
    "2 to 500 checkpoints in order of execution: each takes its route's tracker and its "
    "position in the list (a `tracker_id`, `parent_id` or `order` sent is not read), and may "
    "not end before the previous one starts (7 naming `checkpoints[i].from_time`); their "
    "content is checked as a task schedule's (`checkpoints[i].tags[j]`, 204 for a template)."
)

TASK_SCHEDULE_CREATE = Endpoint(
    path="task/schedule/create",
    params=TaskScheduleCreateParams,
    result=Result.field("id", int),
    summary="Create a task schedule, which makes a task on each of its days.",
    right="task_update",
    errors=(201, 204, 208, 236),
    origin="service",
    notes=f"{_TRACKER} {_CONTENT}",
    decisions=(
        Decision(
            "When a schedule makes its tasks",
            "At the start of each of its days (00:00 in the time zone of the account's master "
            "user, which may differ from a sub-user's), as documented: a schedule made during "
            "a day makes nothing that day, even if its `from_time` is still ahead; its first "
            "task is the next matching day's. The mock makes them when the world is next "
            "touched (a request of any account, after `mock.clock.advance`), every day begun "
            "since in order and each once; after a jump of the clock by more than 366 days, "
            "the days before the last 366 make nothing.",
        ),
        Decision(
            "What a schedule makes",
            "A task of origin `scheduled` on that date from `from_time` to `duration` minutes "
            "later (the account's time zone), `creation_date` and `status_change_date` the "
            "start of the day, no external ID, the zone, delays, tags (those still the "
            "account's) and a form made from the template (if it still exists); `assigned` to "
            "the schedule's tracker if it can take tasks then (the account's, not blocked, a "
            "tariff with tasks), else `unassigned`. From then on it is an ordinary task: it "
            "moves through the task lifecycle, and changing or deleting the schedule leaves it "
            "as it is. Nothing is made ahead of its day: `task/schedule/proposal/list` shows "
            "what will be.",
        ),
        Decision(
            "Days of the month a month lacks",
            "A schedule on the 31st makes nothing in a month of 30 days (nor on the 29th to "
            "31st of a short February): the days are those that exist.",
        ),
    ),
)
TASK_SCHEDULE_UPDATE = Endpoint(
    path="task/schedule/update",
    params=TaskScheduleUpdateParams,
    result=Result.nothing(),
    summary="Rewrite a task schedule: what it makes from its next day on.",
    right="task_update",
    errors=(201, 204, 208, 236),
    origin="service",
    current="task/schedule/read",
    notes=(
        f"204 when `schedule.id` is not a task schedule the caller sees (as documented; a "
        f"route or checkpoint schedule too). {_TRACKER} {_CONTENT}"
    ),
    decisions=(
        Decision(
            "`task/schedule/update`",
            "The entry is rewritten whole; optional fields left out keep their values "
            "(`tracker_id` too: null unassigns). Tasks already made stay as they are, and the "
            "days already begun are not made again: the change counts from the next day.",
        ),
    ),
)
TASK_SCHEDULE_DELETE = Endpoint(
    path="task/schedule/delete",
    params=TaskScheduleDeleteParams,
    result=Result.nothing(),
    summary="Delete a task schedule; the tasks it made stay.",
    right="task_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "`task/schedule/delete`",
            "201 for anything but a task schedule the caller sees (route schedules go with "
            "`task/schedule/route/delete`, their checkpoints with "
            "`task/schedule/checkpoint/delete`). The tasks it made stay.",
        ),
    ),
)
TASK_SCHEDULE_LIST = Endpoint(
    path="task/schedule/list",
    params=TaskScheduleListParams,
    result=Result.field("list", list[TaskSchedule | RouteSchedule]),
    summary="List the task and route schedules the caller sees, with optional filters.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`task/schedule/list`",
            "The task (and, with `types`, route) schedules the caller sees by ID: a sub-user "
            "those of its trackers and the unassigned ones. `trackers` keeps those of the "
            "trackers (the unassigned are left out then), `filter` a case-insensitive text of "
            "the label or description, `tag_ids` those carrying every tag (route schedules "
            "carry none). Route schedules come without their checkpoints "
            "(`task/schedule/read` answers them).",
        ),
    ),
)
TASK_SCHEDULE_READ = Endpoint(
    path="task/schedule/read",
    params=TaskScheduleIdParams,
    result=Result.body(TaskScheduleReadResult),
    summary="Read a task, route or checkpoint schedule; a route's comes with its checkpoints.",
    errors=(201,),
    safe=True,
    origin="service",
    notes=(
        "201 for an entry the caller does not see. A checkpoint schedule answers its route's "
        "`tracker_id`."
    ),
)
TASK_SCHEDULE_PROPOSAL_LIST = Endpoint(
    path="task/schedule/proposal/list",
    params=ScheduleProposalListParams,
    result=Result.field("list", "fleetapi.models.task:ListedTasks"),
    summary="The tasks and routes the schedules will make in a period.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`task/schedule/proposal/list` period",
            "What is made at the start of a day within `from` (included) and `to` (left "
            "out), read in the caller's time zone: `from` before now is 7 naming `from` "
            "(default now), `to` not after `from` or more than 366 days after it 7 naming "
            "`to` (default 31 days after `from`). Days already begun are made: they are "
            "tasks, not proposals.",
        ),
        Decision(
            "What a proposal is",
            "The task or route (with its checkpoints, as `task/list` answers routes) the "
            "schedule would make that day if nothing changed, by day and then schedule; its "
            "`id` is the schedule entry's (a checkpoint's that of its checkpoint schedule), "
            "`form` null (the form is made with the task) and `form_template_id` the "
            "template. `trackers` and `filter` (label or description) filter the schedules, "
            "`types` what they make (default both); a sub-user sees those of its schedules.",
        ),
    ),
)
TASK_SCHEDULE_ROUTE_CREATE = Endpoint(
    path="task/schedule/route/create",
    params=RouteScheduleCreateParams,
    result=Result.field("id", int),
    summary="Create a route schedule with its checkpoints; it makes a route on each day.",
    right="task_update",
    errors=(7, 201, 204, 208, 236),
    origin="service",
    notes=f"{_TRACKER} {_ROUTE_CHECKPOINTS}",
    decisions=(
        Decision(
            "What a route schedule makes",
            "On each of its days, as a task schedule does: a route of origin `scheduled` with "
            "a checkpoint per checkpoint schedule in order, on the route's tracker (or "
            "unassigned); the route's `from` and `to` are those of its first and last "
            "checkpoints. The route then lives as any route does.",
        ),
    ),
)
TASK_SCHEDULE_ROUTE_UPDATE = Endpoint(
    path="task/schedule/route/update",
    params=RouteScheduleUpdateParams,
    result=Result.nothing(),
    summary="Rewrite a route schedule and its checkpoints, in order.",
    right="task_update",
    errors=(7, 201, 204, 208, 236),
    origin="service",
    current="task/schedule/read",
    notes=f"{_TRACKER} {_ROUTE_CHECKPOINTS}",
    decisions=(
        Decision(
            "`task/schedule/route/update`",
            "`route.id` must be a route schedule the caller sees (201); a `tracker_id` left "
            "out is kept. The list is the checkpoints as they are to be: an entry with an "
            "`id` rewrites that checkpoint (201 when it is not one of the route's, 7 when "
            "repeated), one without adds one, and the route's checkpoints left out are "
            "deleted. Routes already made stay as they are.",
        ),
    ),
)
TASK_SCHEDULE_ROUTE_DELETE = Endpoint(
    path="task/schedule/route/delete",
    params=TaskScheduleIdParams,
    result=Result.nothing(),
    summary="Delete a route schedule with its checkpoints; the routes it made stay.",
    right="task_update",
    errors=(201,),
    origin="service",
    notes="201 for anything but a route schedule the caller sees.",
)
TASK_SCHEDULE_CHECKPOINT_DELETE = Endpoint(
    path="task/schedule/checkpoint/delete",
    params=ScheduleCheckpointParams,
    result=Result.nothing(),
    summary="Delete a checkpoint of a route schedule; the others close ranks.",
    right="task_update",
    errors=(7, 201),
    origin="service",
    decisions=(
        Decision(
            "`task/schedule/checkpoint/delete` of one of two",
            "A route keeps two checkpoints at least, as documented: deleting one of the last "
            "two is 7 naming `checkpoint_id` (transmute the other, or delete the route). 201 "
            "for anything but a checkpoint schedule the caller sees.",
        ),
    ),
)
TASK_SCHEDULE_CHECKPOINT_TRANSMUTE = Endpoint(
    path="task/schedule/checkpoint/transmute",
    params=ScheduleCheckpointParams,
    result=Result.nothing(),
    summary="Turn a checkpoint schedule into a task schedule; its route and the others go.",
    right="task_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "`task/schedule/checkpoint/transmute`",
            "The checkpoint schedule keeps its ID and content and becomes a task schedule "
            "with its route's tracker and days (and the days already made); the route "
            "schedule and its other checkpoints are deleted. 201 for anything but a "
            "checkpoint schedule the caller sees.",
        ),
    ),
)

ENDPOINTS = (
    TASK_SCHEDULE_CREATE,
    TASK_SCHEDULE_UPDATE,
    TASK_SCHEDULE_DELETE,
    TASK_SCHEDULE_LIST,
    TASK_SCHEDULE_READ,
    TASK_SCHEDULE_PROPOSAL_LIST,
    TASK_SCHEDULE_ROUTE_CREATE,
    TASK_SCHEDULE_ROUTE_UPDATE,
    TASK_SCHEDULE_ROUTE_DELETE,
    TASK_SCHEDULE_CHECKPOINT_DELETE,
    TASK_SCHEDULE_CHECKPOINT_TRANSMUTE,
)
