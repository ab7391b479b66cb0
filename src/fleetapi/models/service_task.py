"""Vehicle service works (``vehicle/service_task/*``), as the service documents them.

A service task is a maintenance work planned for a vehicle with a tracker. It ends by a date,
by a mileage or by engine hours (its ``conditions``, one at least), counted from its ``start``:
the date and the tracker's counters when it was made. Its ``status`` follows the clock and the
counters: ``created``, ``notified`` once a condition is within its notification interval of its
limit, ``expired`` once a condition reaches its limit, ``done`` once set so
(``vehicle/service_task/set_status``), which freezes its counters in ``completion`` and, for a
repeating task, starts the next one.
"""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.report import ReportFormat
from fleetapi.models.search import SearchCondition

__all__ = [
    "MAX_COUNTER_LIMIT",
    "MAX_DAYS",
    "SERVICE_TASK_CONDITION_FIELDS",
    "SERVICE_TASK_SORT_FIELDS",
    "CounterCondition",
    "DateCondition",
    "NewServiceTask",
    "ServicePrediction",
    "ServiceTask",
    "ServiceTaskBatchCreateParams",
    "ServiceTaskConditions",
    "ServiceTaskContent",
    "ServiceTaskCounters",
    "ServiceTaskCreateParams",
    "ServiceTaskDeleteParams",
    "ServiceTaskDownloadParams",
    "ServiceTaskFilters",
    "ServiceTaskGroupBy",
    "ServiceTaskListParams",
    "ServiceTaskNotifications",
    "ServiceTaskReadParams",
    "ServiceTaskSetStatusParams",
    "ServiceTaskStatus",
    "ServiceTaskUpdate",
    "ServiceTaskUpdateParams",
]

ServiceTaskStatus = Literal["created", "notified", "expired", "done"]
"""``created``: no condition near its limit; ``notified``: a condition within its notification
interval of its limit; ``expired``: a condition at its limit; ``done``: set done."""

ServiceTaskGroupBy = Literal["vehicle", "status"]
"""How ``vehicle/service_task/download`` groups its rows."""

MAX_TEXT: Final = 255
"""The most characters of a service task's description and comment."""

MAX_COUNTER_LIMIT: Final = 10_000_000
"""The largest limit or interval of a mileage (km) or engine hours (hours) condition."""

MAX_DAYS: Final = 36_500
"""The largest interval in days of a date condition (a hundred years)."""

SERVICE_TASK_CONDITION_FIELDS: frozenset[str] = frozenset(
    {
        "vehicle",
        "vehicle_id",
        "description",
        "comment",
        "creation_date",
        "status",
        "cost",
        "predicted_date",
    }
)
"""Fields the list's search conditions may name: vehicle (its label), vehicle_id,
description, comment, creation_date, status, cost, predicted_date."""

SERVICE_TASK_SORT_FIELDS: frozenset[str] = frozenset(
    {
        "id",
        "vehicle",
        "vehicle_id",
        "description",
        "comment",
        "creation_date",
        "status",
        "cost",
        "predicted_date",
    }
)
"""Fields the list sorts by: those of the conditions, and id."""

_COUNTER = rules(minimum=0, maximum=MAX_COUNTER_LIMIT)
_DAYS = rules(minimum=0, maximum=MAX_DAYS)


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterCondition:
    """A mileage (km) or engine hours (hours) condition, counted from the task's start."""

    limit: int = attrs.field(metadata=_COUNTER)
    """The task ends (``expired``) once the counter has grown by this much since the start."""
    notification_interval: int | Unset | None = attrs.field(default=UNSET, metadata=_COUNTER)
    """The task is ``notified`` this much before its limit (null or omitted: at the limit)."""
    repeat_interval: int | Unset | None = attrs.field(default=UNSET, metadata=_COUNTER)
    """The limit of the next task of a repeating one (null or omitted: this ``limit``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DateCondition:
    """A date condition."""

    end: dt.datetime
    """The task ends (``expired``) at this date/time."""
    notification_interval: int | Unset | None = attrs.field(default=UNSET, metadata=_DAYS)
    """The task is ``notified`` this many days before ``end`` (null or omitted: at ``end``)."""
    repeat_interval: int | Unset | None = attrs.field(default=UNSET, metadata=_DAYS)
    """Days from the completion to the end of the next task of a repeating one (null or
    omitted: as many as from this task's start to its end)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskConditions:
    """When a task ends: one condition at least; the first to reach its limit ends it. An
    answer shows the three, null for those the task has not."""

    mileage: CounterCondition | Unset | None = UNSET
    """By the odometer, in km (null: none)."""
    date: DateCondition | Unset | None = UNSET
    """By a date (null: none)."""
    engine_hours: CounterCondition | Unset | None = UNSET
    """By the engine hours, the tracker reporting its ignition (null: none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskNotifications:
    """Who is told when the task is notified and when it expires."""

    sms_phones: list[str] = attrs.field(factory=list, metadata=rules(max_items=20))
    """Phone numbers in international format without ``+`` (at most 20)."""
    emails: list[str] = attrs.field(factory=list, metadata=rules(max_items=20))
    """E-mail addresses (at most 20)."""
    push_enabled: bool = False
    """Whether the users' apps get push notifications."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskCounters:
    """A date and the tracker's counters at it (``start``, ``completion``, the current
    position); a counter is null when the tracker has none (no engine hours without an
    ignition) or the vehicle no tracker."""

    mileage: int | None = None
    """The odometer, km."""
    date: dt.datetime
    engine_hours: int | None = None
    """The engine hours."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServicePrediction:
    """When the task should end at the pace since its start, and how far it is."""

    end_date: dt.datetime | None = None
    """The earliest end its conditions predict (null: none can be predicted yet)."""
    wear_percentage: int
    """How far the task is toward its nearest limit, 0 to 100 (frozen when done)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskContent:
    """A service task's fields, as ``vehicle/service_task/batch/create`` takes them."""

    description: str = attrs.field(
        metadata=rules(not_blank=True, max_length=MAX_TEXT, printable=True)
    )
    """The work's name (at most 255 characters)."""
    conditions: ServiceTaskConditions
    """When the task ends: ``mileage``, ``date`` or ``engine_hours``, one at least."""
    repeat: bool | Unset = UNSET
    """Whether a new task starts when this one is done (default false)."""
    unplanned: bool | Unset = UNSET
    """An unplanned (urgent) work, for information (default false)."""
    cost: float | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0, maximum=1e12))
    """The cost in the user's currency, for information (default 0)."""
    notifications: ServiceTaskNotifications | Unset = UNSET
    """Who is told (default: nobody)."""
    comment: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=MAX_TEXT))
    """A comment (at most 255 characters)."""
    file_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=100))
    """Files of the user attached to the work (at most 100)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewServiceTask(ServiceTaskContent):
    """A service task to create (``vehicle/service_task/create``)."""

    vehicle_id: int
    """A vehicle of the user with a tracker."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskUpdate(NewServiceTask):
    """A service task rewritten whole (``vehicle/service_task/update``)."""

    id: int
    """The task."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTask:
    """A service task as the API answers it."""

    id: int
    vehicle_id: int
    vehicle_label: str
    description: str
    comment: str
    status: ServiceTaskStatus
    repeat: bool
    unplanned: bool
    cost: float
    conditions: ServiceTaskConditions
    notifications: ServiceTaskNotifications
    file_ids: list[int] = attrs.Factory(list)
    start: ServiceTaskCounters
    """The date and counters when the task was made."""
    completion: ServiceTaskCounters | None = None
    """The date and counters when it was set done; null before."""
    completion_date: dt.datetime | None = None
    """When it was set done; null before."""
    current_position: ServiceTaskCounters
    """The date and counters now."""
    prediction: ServicePrediction | Unset = UNSET
    """Unless ``return_prediction`` is false."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskCreateParams:
    """Parameters of ``vehicle/service_task/create``."""

    task: NewServiceTask
    """The task to create."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskBatchCreateParams:
    """Parameters of ``vehicle/service_task/batch/create``."""

    vehicle_ids: list[int] = attrs.field(metadata=rules(min_items=1, max_items=1000))
    """The vehicles (each of the user, with a tracker): a task is made for each."""
    task: ServiceTaskContent
    """The task to make for every vehicle."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskUpdateParams:
    """Parameters of ``vehicle/service_task/update``."""

    task: ServiceTaskUpdate
    """The task, whole, with its ``id``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskDeleteParams:
    """Parameters of ``vehicle/service_task/delete``: ``task_id`` or ``task_ids``."""

    task_id: int | Unset = UNSET
    """One task."""
    task_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=1000))
    """Several tasks (at most 1000)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskReadParams:
    """Parameters of ``vehicle/service_task/read``."""

    task_id: int
    """The task."""
    return_prediction: bool | Unset = UNSET
    """With ``prediction`` (default true)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskSetStatusParams:
    """Parameters of ``vehicle/service_task/set_status``."""

    task_id: int
    """The task."""
    status: Literal["done"]
    """``done``, the one status a user sets."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskFilters:
    """What ``vehicle/service_task/list`` and ``download`` find."""

    only_unplanned: bool | Unset = UNSET
    """Only unplanned works (default false)."""
    vehicle_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=1000))
    """Only the tasks of these vehicles (empty: every vehicle)."""
    statuses: list[ServiceTaskStatus] | Unset = UNSET
    """Only tasks of these statuses (empty: every status)."""
    conditions: list[SearchCondition] | Unset = UNSET
    """Search conditions on :data:`SERVICE_TASK_CONDITION_FIELDS`."""
    filter: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=MAX_TEXT))
    """Only tasks whose description, comment or vehicle label contains it (any case)."""
    sort: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=10))
    """``<field>=asc|desc`` items on :data:`SERVICE_TASK_SORT_FIELDS` (default by id)."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many tasks (default: all)."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """How many found tasks to skip first (default 0)."""
    add_filename_header: bool | Unset = UNSET
    """Answer a ``Content-Disposition`` header with the file's name (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskListParams(ServiceTaskFilters):
    """Parameters of ``vehicle/service_task/list``."""

    return_prediction: bool | Unset = UNSET
    """With each task's ``prediction`` (default true)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskDownloadParams(ServiceTaskFilters):
    """Parameters of ``vehicle/service_task/download``."""

    format: ReportFormat | Unset = UNSET
    """``pdf`` (the default), ``xlsx`` or ``xls`` (the same workbook)."""
    group_by: ServiceTaskGroupBy | Unset = UNSET
    """A section per vehicle or per status (default: one table)."""
