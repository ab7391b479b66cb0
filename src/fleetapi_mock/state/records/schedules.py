"""Records of schedules: the entries of ``task/schedule/*`` (recurring tasks) and of
``report/schedule/*`` (reports made and mailed on their days)."""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._rules import rules
from fleetapi.models.common import CLOCK_PATTERN, Location
from fleetapi.models.report_schedule import ReportSchedule
from fleetapi.models.task import TaskType
from fleetapi.models.task_schedule import ScheduleParameters

__all__ = ["ReportScheduleRecord", "TaskScheduleRecord"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskScheduleRecord:
    """A schedule entry: a task schedule (``type`` ``task``), a route schedule (``route``) or
    a checkpoint of a route schedule (``checkpoint``), all in one ID space.

    A task or route schedule makes its task or route at the start of each of its days, in
    the time zone of its owner (:mod:`fleetapi_mock.domain.task_schedule`); ``next_day`` is
    the first day whose task is still to be made.
    """

    id: int
    user_id: int
    """The owner (master user)."""
    type: TaskType = "task"
    """``task``, ``route`` or ``checkpoint``."""
    tracker_id: int | None = None
    """Tasks and routes: the tracker of what they make (null: unassigned). Checkpoints take
    their route's."""
    label: str
    description: str = ""
    parameters: ScheduleParameters | None = None
    """Tasks and routes (required for them): the days they make their task or route on."""
    location: Location | None = None
    """Tasks and checkpoints (required for them): the zone, with its ``radius``."""
    from_time: str = attrs.field(default="00:00:00", metadata=rules(pattern=CLOCK_PATTERN))
    """Tasks and checkpoints: the time of day the task starts (``HH:MM:SS``, owner's zone)."""
    duration: int = 0
    """Tasks and checkpoints: minutes from ``from`` to ``to``."""
    max_delay: int = 0
    min_stay_duration: int = 0
    min_arrival_duration: int = 0
    tags: list[int] = attrs.Factory(list)
    """Tasks and checkpoints: tags of the owner."""
    form_template_id: int | None = None
    """Tasks and checkpoints: the template of the form each task made gets."""
    parent_id: int | None = None
    """Checkpoints (required for them): the route schedule."""
    order: int = 0
    """Checkpoints: the zero-based position in the route."""
    next_day: dt.date | None = None
    """Tasks and routes: the first day (owner's time zone) whose task or route is still to be
    made; null: the day after the one the world's clock is in when it is first touched."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleRecord(ReportSchedule):
    """A report schedule entry: the API's entry (``fire_time`` in UTC) and its user.

    On each of its weekdays at ``sending_time`` (its user's time zone) it makes its report
    and mails it (:mod:`fleetapi_mock.domain.report_schedule`); ``next_day`` is the first day
    whose firing is still to come.
    """

    user_id: int
    """The user who made it (a sub-user's schedules are its own, as its reports are)."""
    next_day: dt.date | None = None
    """The first day (the user's time zone) whose firing is still to be made; null: the
    next firing after the moment the world's clock is in when it is first touched."""
