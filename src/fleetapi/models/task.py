"""Tasks, routes and checkpoints (``task/*``, ``task/route/create``).

A task is a circular zone (``location`` with a ``radius``) that an assigned tracker must visit
between ``from`` and ``to``. A route is a named, ordered set of 2 to 500 checkpoints; a
checkpoint is a task with ``parent_id`` (its route) and a zero-based ``order``. The specification
does not show the route and checkpoint objects; their shapes follow the service's documentation:

* a :class:`Task` carries ``type`` ``task`` or ``checkpoint``; checkpoints also carry
  ``parent_id`` and ``order``;
* a :class:`Route` carries ``type`` ``route``, the fields tasks and routes share
  (:class:`TaskBase`) and ``checkpoint_ids`` in order of execution. It has no zone of its own,
  and its ``from``/``to`` come from its first and last checkpoints.

``task/read`` answers a :class:`Task` or a :class:`Route` in ``value``: the one with
``checkpoint_ids`` is a route.

Result classes holding a ``list`` field are declared with ``slots=False``: a slotted class would
shadow the builtin ``list`` in its own annotations.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal, TypeAlias

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import MAX_DESCRIPTION as MAX_DESCRIPTION
from fleetapi.models.common import MAX_LABEL as MAX_LABEL
from fleetapi.models.common import Location
from fleetapi.models.common import TaskLocation as TaskLocation
from fleetapi.models.common import TaskStatus as TaskStatus
from fleetapi.models.common import TaskType as TaskType
from fleetapi.models.entity import CustomFieldValue
from fleetapi.models.form import Form
from fleetapi.models.search import SearchCondition

__all__ = [
    "TASK_CONDITION_FIELDS",
    "CustomFieldValue",
    "ExternalIdCount",
    "ListedRoute",
    "ListedTasks",
    "NewRoute",
    "NewTask",
    "Route",
    "RouteCreateParams",
    "RouteCreateResult",
    "Task",
    "TaskAssignParams",
    "TaskBase",
    "TaskContent",
    "TaskCreateParams",
    "TaskCreateResult",
    "TaskDeleteParams",
    "TaskListParams",
    "TaskListResult",
    "TaskOrigin",
    "TaskReadParams",
    "TaskReadResult",
    "TaskTransmuteParams",
    "TaskUpdate",
    "TaskUpdateParams",
    "TaskUpdateResult",
]

TASK_CONDITION_FIELDS: frozenset[str] = frozenset(
    {
        "id", "employee", "status", "label", "location", "from", "to", "status_change_date",
        "arrival_date", "stay_duration", "description", "external_id", "form",
    }
)  # fmt: skip
"""Fields ``task/list`` conditions and sorting may name (beside custom field IDs): id,
employee (ID; sorted by name), status, label, location (address), from, to,
status_change_date, arrival_date, stay_duration, description, external_id, form (template
ID; sorted by label)."""

TaskOrigin = Literal["manual", "scheduled", "imported"]
"""How a task came to be: by hand, from a schedule, or imported from a spreadsheet."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ExternalIdCount:
    """How many tasks already carry an external ID given in the request."""

    external_id: str
    count: int


# --- Objects the service returns -----------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskBase:
    """The fields tasks, checkpoints and routes share."""

    id: int
    user_id: int
    """The owner (master user)."""
    tracker_id: int | None = None
    """The assigned tracker; null when unassigned."""
    label: str
    """1 to :data:`MAX_LABEL` characters."""
    description: str
    """0 to :data:`MAX_DESCRIPTION` characters."""
    creation_date: dt.datetime
    from_: dt.datetime
    """The zone must be visited after this time (user's time zone)."""
    to: dt.datetime
    """The zone must be visited before this time (user's time zone)."""
    external_id: str | None = None
    """An arbitrary reference to an external system."""
    status: TaskStatus
    status_change_date: dt.datetime
    origin: TaskOrigin
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Task(TaskBase):
    """A task (``type`` ``task``) or a route checkpoint (``type`` ``checkpoint``)."""

    location: Location
    """The zone: ``lat``, ``lng``, ``radius`` (1 to 300000 meters) and an optional ``address``."""
    max_delay: int
    """Minutes the completion may be late, at most 512000."""
    min_stay_duration: int
    """Minutes the tracker must stay in the zone, at most 512000."""
    min_arrival_duration: int = 0
    """Minutes inside the zone before a visit counts as an arrival (shorter visits do not)."""
    arrival_date: dt.datetime | None = None
    """Null until the tracker arrives."""
    stay_duration: int
    """Seconds spent in the zone."""
    type: str = "task"
    """``task``, or ``checkpoint`` for a checkpoint of a route."""
    form: Form | None = None
    """The attached form, if the task has one."""
    form_template_id: int | None = None
    fields: dict[str, CustomFieldValue] | Unset = UNSET
    """Custom field values keyed by custom field ID."""
    parent_id: int | None = None
    """Checkpoints: the ID of their route."""
    order: int | None = None
    """Checkpoints: the zero-based position in their route."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Route(TaskBase):
    """A route: an ordered set of checkpoints, completed when they all are, in order."""

    type: str = "route"
    checkpoint_ids: list[int]
    """The checkpoints' IDs in order of execution (2 to 500)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ListedRoute(Route):
    """A route as ``task/list`` answers it when ``types`` asks for routes: with its
    checkpoints."""

    checkpoints: list[Task] = attrs.Factory(list)
    """The route's checkpoints in order."""


ListedTasks: TypeAlias = list[Task | ListedRoute]
"""Tasks, checkpoints and routes as lists answer them (a route with its checkpoints)."""


# --- Objects sent in requests -----------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskContent:
    """What ``task/create`` and ``task/update`` send about a task (the fields not ignored)."""

    location: TaskLocation
    """``lat``, ``lng`` and ``radius`` (1 to 300000 meters); ``address`` optional."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_LABEL))
    """1 to :data:`MAX_LABEL` characters, not all whitespace."""
    description: str = attrs.field(metadata=rules(max_length=MAX_DESCRIPTION))
    """0 to :data:`MAX_DESCRIPTION` characters."""
    from_: dt.datetime
    to: dt.datetime
    """Not in the past, and not before ``from``."""
    external_id: str | Unset | None = UNSET
    max_delay: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0, maximum=512000))
    """Minutes, 0 to 512000 (default 0)."""
    min_stay_duration: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=512000)
    )
    """Minutes, 0 to 512000 (default 0)."""
    min_arrival_duration: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=512000)
    )
    """Minutes, 0 to 512000 (default 0)."""
    tags: list[int] | Unset = UNSET
    form_template_id: int | Unset | None = UNSET
    """Read only when ``create_form`` is true: the template of the form to create (null: none)."""
    fields: dict[str, CustomFieldValue] | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewTask(TaskContent):
    """A task (or route checkpoint) to create."""

    tracker_id: int | Unset | None = UNSET
    """Assign at once to this tracker's employee; omitted or null: create unassigned."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskUpdate(TaskContent):
    """A task's new content for ``task/update`` (the tracker changes through ``task/assign``)."""

    id: int

    @classmethod
    def from_task(cls, task: Task) -> TaskUpdate:
        """The update that rewrites ``task`` as it is: change what you need with ``evolve``."""
        return cls(
            id=task.id,
            location=TaskLocation(
                lat=task.location.lat,
                lng=task.location.lng,
                radius=task.location.radius if isinstance(task.location.radius, int) else 1,
                address=task.location.address,
            ),
            label=task.label,
            description=task.description,
            from_=task.from_,
            to=task.to,
            external_id=task.external_id,
            max_delay=task.max_delay,
            min_stay_duration=task.min_stay_duration,
            min_arrival_duration=task.min_arrival_duration,
            tags=list(task.tags),
            fields=task.fields,
        )


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewRoute:
    """A route to create; its ``from`` and ``to`` come from its checkpoints."""

    tracker_id: int | Unset | None = UNSET
    """Assign the route (and its checkpoints) to this tracker's employee."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_LABEL))
    """1 to :data:`MAX_LABEL` characters."""
    description: str = attrs.field(metadata=rules(max_length=MAX_DESCRIPTION))
    """0 to :data:`MAX_DESCRIPTION` characters."""
    external_id: str | Unset | None = UNSET
    tags: list[int] | Unset = UNSET


# --- Parameters and results -------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskAssignParams:
    """Parameters of ``task/assign``."""

    task_id: int
    """The task."""
    tracker_id: int | None
    """The tracker to assign; null unassigns."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskCreateParams:
    """Parameters of ``task/create``."""

    task: NewTask
    """The new task: label, place, window, tracker."""
    create_form: bool | Unset = UNSET
    """Create a form from ``task.form_template_id`` when it is not null (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskCreateResult:
    """The result of ``task/create``."""

    id: int
    """The new task's ID."""
    external_id_counts: list[ExternalIdCount] | Unset = UNSET
    """External IDs of the request that other tasks already carry (only when there are some)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskDeleteParams:
    """Parameters of ``task/delete``."""

    task_id: int
    """The task, checkpoint or route."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskListParams:
    """Parameters of ``task/list``; every filter is optional, and null or omitted is no filter."""

    external_id: str | Unset | None = UNSET
    """Exact external ID."""
    statuses: list[TaskStatus] | Unset = UNSET
    """Default: all."""
    trackers: list[int] | Unset | None = UNSET
    """Only the tasks of these trackers."""
    from_: dt.datetime | Unset | None = UNSET
    """Tasks actual after this time."""
    to: dt.datetime | Unset | None = UNSET
    """Tasks actual before this time."""
    conditions: list[SearchCondition] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=60)
    )
    """At most 60, nested ones included, on :data:`TASK_CONDITION_FIELDS` and custom field
    IDs."""
    filter: str | Unset = UNSET
    """Text over built-in and custom fields; with ``conditions``, both must match."""
    filters: list[str] | Unset | None = UNSET
    """Texts over label, description or address."""
    tag_ids: list[int] | Unset | None = UNSET
    """Only the tasks carrying one of these tags."""
    location: Location | Unset = UNSET
    """``lat``, ``lng``, ``radius``: task zone centers must lie inside."""
    sort: list[str] | Unset = UNSET
    """``<field>=asc`` or ``<field>=desc``, over the condition fields."""
    offset: int | Unset | None = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    limit: int | Unset | None = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=100000)
    )
    """Default 10000, at most 100000; null means no restriction."""
    types: list[TaskType] | Unset | None = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """The kinds to list (default: ``task`` and ``checkpoint``); routes come with their
    checkpoints."""


@attrs.frozen(kw_only=True, slots=False)
class TaskListResult:
    """The result of ``task/list``: one page of tasks (and routes, when asked) and the number
    found."""

    list: ListedTasks
    count: int
    """All tasks found, ignoring ``offset`` and ``limit``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskReadParams:
    """Parameters of ``task/read``."""

    task_id: int
    """A task, route or checkpoint."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskReadResult:
    """The result of ``task/read``: the entity, and a route's checkpoints."""

    value: Task | Route
    """A task or checkpoint (:class:`Task`), or a route (:class:`Route`)."""
    checkpoints: list[Task] | Unset = UNSET
    """Only for a route: its checkpoints in order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskTransmuteParams:
    """Parameters of ``task/transmute``: turn a task into a checkpoint of a route."""

    task_id: int
    """The task to make a checkpoint of."""
    route_id: int
    """The route the checkpoint joins."""
    order: int
    """Zero-based index at which the checkpoint is inserted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskUpdateParams:
    """Parameters of ``task/update``."""

    task: TaskUpdate
    """The task with its ID and every field as it should be."""
    create_form: bool | Unset = UNSET
    """Create, replace or delete the form after ``task.form_template_id`` (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskUpdateResult:
    """The result of ``task/update``."""

    external_id_counts: list[ExternalIdCount] | Unset = UNSET
    """External IDs of the request that other tasks already carry (only when there are some)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteCreateParams:
    """Parameters of ``task/route/create``."""

    route: NewRoute
    """The new route with its checkpoints, in order."""
    checkpoints: list[NewTask] = attrs.field(metadata=rules(min_items=2, max_items=500))
    """2 to 500, in order of execution; each window may not end before the previous starts."""
    create_form: bool | Unset = UNSET
    """Create each checkpoint's form from its ``form_template_id`` (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteCreateResult:
    """The result of ``task/route/create`` and ``update``: the route under ``result``."""

    result: Route
    external_id_counts: list[ExternalIdCount] | Unset = UNSET
    """External IDs of the checkpoints that other tasks already carry (only when there are some)."""
