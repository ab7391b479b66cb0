"""Records of how vehicles are kept and used: their service tasks and the driver journal."""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi.models.driver_journal import JournalEntry
from fleetapi.models.service_task import (
    ServiceTaskConditions,
    ServiceTaskNotifications,
    ServiceTaskStatus,
)

__all__ = ["JournalEntryRecord", "ServiceMark", "ServiceTaskRecord", "ServiceTaskStatus"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceMark:
    """A moment of a service task (its start, its completion) and the tracker's counters
    then, as read (UTC, not rounded); a counter is null when there was none to read."""

    date: dt.datetime
    mileage: float | None = None
    """The odometer, km."""
    engine_hours: float | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class ServiceTaskRecord:
    """A maintenance work planned for a vehicle (``vehicle/service_task/*``), the vehicle's
    owner's.

    The status the API answers is worked out from the conditions, the clock and the tracker's
    counters, never less than ``status``: the furthest status the task reached and whose
    notices went out, or ``done`` once set. A vehicle with service tasks keeps its tracker
    (``vehicle/update`` changing its ``tracker_id`` answers 261); deleting the vehicle
    deletes its service tasks.
    """

    id: int
    vehicle_id: int
    description: str = ""
    status: ServiceTaskStatus = "created"
    start: ServiceMark
    """When the task was made, and the counters then (a null counter counts as 0)."""
    conditions: ServiceTaskConditions = attrs.Factory(ServiceTaskConditions)
    """Its conditions; a date condition's ``end`` in UTC."""
    repeat: bool = False
    unplanned: bool = False
    cost: float = 0.0
    notifications: ServiceTaskNotifications = attrs.Factory(ServiceTaskNotifications)
    comment: str = ""
    file_ids: list[int] = attrs.Factory(list)
    completion: ServiceMark | None = None
    """When it was set done, and the counters then; null before."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryRecord(JournalEntry):
    """A driver journal entry as the world keeps it: the API's entry (its dates in UTC) and
    its owner."""

    user_id: int
    """The master user owning the entry's tracker."""
