"""What ``tag/search`` answers: the entities of every kind that carry some tags.

Apart from :mod:`fleetapi.models.tag` because it holds every kind of entity: a program that
lists or edits tags loads none of their models.
"""

from __future__ import annotations

import attrs

from fleetapi.models.employee import Employee
from fleetapi.models.place import Place
from fleetapi.models.task import Task
from fleetapi.models.task_schedule import CheckpointSchedule, TaskSchedule
from fleetapi.models.tracker import Tracker
from fleetapi.models.vehicle import Vehicle
from fleetapi.models.zone import Zone

__all__ = ["TagSearchResult"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagSearchResult:
    """The entities that carry every tag searched, by kind (an empty list for a kind not
    searched)."""

    place: list[Place] = attrs.Factory(list)
    task: list[Task] = attrs.Factory(list)
    """Tasks and route checkpoints."""
    task_schedule: list[TaskSchedule | CheckpointSchedule] = attrs.Factory(list)
    """Task schedules and checkpoint schedules of route schedules."""
    employee: list[Employee] = attrs.Factory(list)
    vehicle: list[Vehicle] = attrs.Factory(list)
    zone: list[Zone] = attrs.Factory(list)
    tracker: list[Tracker] = attrs.Factory(list)
