"""Recurring tasks (``task/schedule/*``): schedules that make tasks and routes on their days.

A schedule holds what its tasks will be, less their dates: the time of day they start
(``from_time``) and how long their window lasts (``duration``), and the days they are made on
(``parameters``: days of the week or of the month). Three kinds of entries share one ID space:

* a :class:`TaskSchedule` makes a task (a :class:`~fleetapi.models.task.Task`) on its days;
* a :class:`RouteSchedule` makes a route (a :class:`~fleetapi.models.task.Route`) on its days,
  with a checkpoint for each of its :class:`CheckpointSchedule` entries, in ``order``.

``task/schedule/proposal/list`` answers the tasks and routes the schedules will make in a
period, in the shapes ``task/list`` answers them.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.common import (
    CLOCK_PATTERN,
    MAX_DESCRIPTION,
    MAX_LABEL,
    Location,
    TaskLocation,
)

__all__ = [
    "MAX_MINUTES",
    "CheckpointSchedule",
    "MonthDaysParameters",
    "NewRouteSchedule",
    "NewTaskSchedule",
    "RouteSchedule",
    "RouteScheduleCreateParams",
    "RouteScheduleUpdate",
    "RouteScheduleUpdateParams",
    "ScheduleCheckpoint",
    "ScheduleCheckpointParams",
    "ScheduleKind",
    "ScheduleParameters",
    "ScheduleProposalListParams",
    "ScheduledTaskContent",
    "TaskSchedule",
    "TaskScheduleCreateParams",
    "TaskScheduleDeleteParams",
    "TaskScheduleIdParams",
    "TaskScheduleListParams",
    "TaskScheduleReadResult",
    "TaskScheduleUpdate",
    "TaskScheduleUpdateParams",
    "WeekdaysParameters",
]

MAX_MINUTES = 512000
"""The largest number of minutes a schedule's ``duration`` and delays may hold."""

_MINUTES = rules(minimum=0, maximum=MAX_MINUTES)

ScheduleKind = Literal["task", "route"]
"""What a schedule makes: a task, or a route with its checkpoints."""


# --- Days -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class WeekdaysParameters:
    """Make the task on some days of the week (``{"type": "weekdays", ...}``)."""

    TAG: ClassVar[str] = "weekdays"

    weekdays: list[int] = attrs.field(metadata=rules(min_items=1, max_items=7))
    """ISO weekdays, 1 (Monday) to 7 (Sunday)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MonthDaysParameters:
    """Make the task on some days of the month (``{"type": "month_days", ...}``)."""

    TAG: ClassVar[str] = "month_days"

    month_days: list[int] = attrs.field(metadata=rules(min_items=1, max_items=31))
    """Days of the month, 1 to 31; a month without the day (31 in April) makes nothing then."""


ScheduleParameters = WeekdaysParameters | MonthDaysParameters
"""The days a schedule makes its task or route on, told apart by their ``type`` key."""

tagged_union(ScheduleParameters, tag="type")


# --- Objects the service returns -----------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class _ScheduledVisit:
    """The fields task and checkpoint schedule entries share: the task they make, less its
    dates."""

    id: int
    user_id: int
    """The owner (master user)."""
    tracker_id: int | None = None
    """The tracker the tasks made are assigned to; null: they are made unassigned."""
    label: str
    description: str
    location: Location
    """The zone of the tasks made: ``lat``, ``lng``, ``radius`` and an optional ``address``."""
    from_time: str
    """The time of day the tasks start (``HH:MM:SS``, the account's time zone)."""
    duration: int
    """Minutes from the tasks' ``from`` to their ``to``."""
    max_delay: int = 0
    """Minutes the completion may be late."""
    min_stay_duration: int = 0
    """Minutes the tracker must stay in the zone."""
    min_arrival_duration: int = 0
    """Minutes inside the zone before a visit counts as an arrival."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs the tasks made carry."""
    form_template_id: int | None = None
    """The template of the form each task made gets; null: none."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskSchedule(_ScheduledVisit):
    """A task schedule entry: the task it makes on the days of its ``parameters``."""

    parameters: ScheduleParameters
    """The days the task is made on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteSchedule:
    """A route schedule entry: the route it makes on its days, its checkpoints coming from the
    checkpoint schedule entries whose ``parent_id`` it is."""

    id: int
    user_id: int
    """The owner (master user)."""
    tracker_id: int | None = None
    """The tracker the routes made (and their checkpoints) are assigned to; null: none."""
    label: str
    description: str
    parameters: ScheduleParameters
    """The days the route is made on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointSchedule(_ScheduledVisit):
    """A checkpoint schedule entry: a checkpoint of the routes its route schedule makes."""

    parent_id: int
    """The route schedule."""
    order: int
    """The zero-based position in the route."""


# --- Objects sent in requests -----------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScheduledTaskContent:
    """What a task or checkpoint schedule sends about the tasks it makes."""

    location: TaskLocation
    """``lat``, ``lng`` and ``radius`` (1 to 300000 meters); ``address`` optional."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_LABEL))
    """1 to :data:`~fleetapi.models.common.MAX_LABEL` characters, not all whitespace."""
    description: str = attrs.field(metadata=rules(max_length=MAX_DESCRIPTION))
    """0 to :data:`~fleetapi.models.common.MAX_DESCRIPTION` characters."""
    from_time: str = attrs.field(metadata=rules(pattern=CLOCK_PATTERN))
    """The time of day the tasks start, ``HH:MM:SS`` or ``HH:MM`` (the account's time zone)."""
    duration: int = attrs.field(metadata=_MINUTES)
    """Minutes from the tasks' ``from`` to their ``to``, 0 to 512000."""
    max_delay: int | Unset = attrs.field(default=UNSET, metadata=_MINUTES)
    """Minutes, 0 to 512000 (default 0)."""
    min_stay_duration: int | Unset = attrs.field(default=UNSET, metadata=_MINUTES)
    """Minutes, 0 to 512000 (default 0)."""
    min_arrival_duration: int | Unset = attrs.field(default=UNSET, metadata=_MINUTES)
    """Minutes, 0 to 512000 (default 0)."""
    tags: list[int] | Unset = UNSET
    """Tags of the account."""
    form_template_id: int | Unset | None = UNSET
    """A form template of the account: each task made gets a form made from it; null: none."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewTaskSchedule(ScheduledTaskContent):
    """The ``schedule`` of ``task/schedule/create``."""

    tracker_id: int | Unset | None = UNSET
    """Assign the tasks made to this tracker's employee; omitted or null: unassigned."""
    parameters: ScheduleParameters
    """The days the task is made on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleUpdate(NewTaskSchedule):
    """The ``schedule`` of ``task/schedule/update``: the entry as it should be, named by its
    ``id``; optional fields left out keep their values."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewRouteSchedule:
    """The ``route`` of ``task/schedule/route/create``."""

    tracker_id: int | Unset | None = UNSET
    """Assign the routes made (and their checkpoints) to this tracker; omitted or null: none."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_LABEL))
    """1 to :data:`~fleetapi.models.common.MAX_LABEL` characters."""
    description: str = attrs.field(metadata=rules(max_length=MAX_DESCRIPTION))
    """0 to :data:`~fleetapi.models.common.MAX_DESCRIPTION` characters."""
    parameters: ScheduleParameters
    """The days the route is made on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteScheduleUpdate(NewRouteSchedule):
    """The ``route`` of ``task/schedule/route/update``, named by its ``id``; a ``tracker_id``
    left out is kept."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScheduleCheckpoint(ScheduledTaskContent):
    """A checkpoint of a route schedule, in the order of the request's list (its
    ``tracker_id``, ``parent_id`` and ``order`` are not read: the route's tracker and the
    list's order hold)."""

    id: int | Unset = UNSET
    """``task/schedule/route/update``: the checkpoint to rewrite; omitted: a new one (not read
    by ``create``)."""


# --- Parameters and results -------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleCreateParams:
    """Parameters of ``task/schedule/create``."""

    schedule: NewTaskSchedule
    """The new task schedule."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleUpdateParams:
    """Parameters of ``task/schedule/update``."""

    schedule: TaskScheduleUpdate
    """The task schedule with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleDeleteParams:
    """Parameters of ``task/schedule/delete``."""

    schedule_id: int
    """The task schedule."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleIdParams:
    """Parameters of ``task/schedule/read`` and ``task/schedule/route/delete``."""

    id: int
    """A task, route or checkpoint schedule (``route/delete``: a route schedule)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleListParams:
    """Parameters of ``task/schedule/list``; every filter is optional, null is no filter."""

    trackers: list[int] | Unset | None = UNSET
    """Only the schedules of these trackers."""
    filter: str | Unset | None = UNSET
    """Text found (any case) in the label or description."""
    tag_ids: list[int] | Unset | None = UNSET
    """Only the schedules carrying every one of these tags."""
    types: list[ScheduleKind] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(min_items=1)
    )
    """What the schedules make: ``task``, ``route`` (default: ``task``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleReadResult:
    """The result of ``task/schedule/read``: the entry, and a route schedule's checkpoints."""

    value: TaskSchedule | RouteSchedule | CheckpointSchedule
    """A task, route or checkpoint schedule entry."""
    checkpoints: list[CheckpointSchedule] | Unset = UNSET
    """Only for a route schedule: its checkpoints in order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScheduleProposalListParams:
    """Parameters of ``task/schedule/proposal/list``; every filter is optional."""

    trackers: list[int] | Unset | None = UNSET
    """Only what the schedules of these trackers make."""
    from_: dt.datetime | Unset | None = UNSET
    """What is made at this time or later; not before now (default: now)."""
    to: dt.datetime | Unset | None = UNSET
    """What is made before this time; later than ``from``, at most 366 days after it
    (default: 31 days after ``from``)."""
    filter: str | Unset | None = UNSET
    """Text found (any case) in the schedule's label or description."""
    types: list[ScheduleKind] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(min_items=1)
    )
    """``task``, ``route`` (default: both)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteScheduleCreateParams:
    """Parameters of ``task/schedule/route/create``."""

    route: NewRouteSchedule
    """The route schedule's own fields."""
    checkpoints: list[ScheduleCheckpoint] = attrs.field(metadata=rules(min_items=2, max_items=500))
    """2 to 500, in order of execution; each may not end before the previous one starts."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteScheduleUpdateParams:
    """Parameters of ``task/schedule/route/update``."""

    route: RouteScheduleUpdate
    """The route schedule's own fields, named by its ``id``."""
    checkpoints: list[ScheduleCheckpoint] = attrs.field(metadata=rules(min_items=2, max_items=500))
    """The checkpoints as they are to be, in order (2 to 500): those with an ID are rewritten,
    those without created, the route schedule's others deleted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScheduleCheckpointParams:
    """Parameters of ``task/schedule/checkpoint/delete`` and ``transmute``."""

    checkpoint_id: int
    """The checkpoint schedule."""
