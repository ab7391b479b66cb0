"""What the world's clock has made due, done before each request's handler: the commands
devices confirm by then (:func:`~fleetapi_mock.domain.tracker_command.confirm_due_commands`)
and the tasks and routes schedules make at the start of their days
(:func:`~fleetapi_mock.domain.task_schedule.making.make_due_tasks`). Nothing runs in the
background: the world catches up when it is touched."""

from __future__ import annotations

from fleetapi_mock.domain.task_schedule.making import make_due_tasks
from fleetapi_mock.domain.tracker_command import confirm_due_commands
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.world import World

__all__ = ["catch_up"]


def catch_up(world: World, limits: ServerLimits) -> None:
    """Do what the clock has made due by the world's time (its lock held); cheap when nothing
    is."""
    confirm_due_commands(world)
    make_due_tasks(world, limits.max_records)
