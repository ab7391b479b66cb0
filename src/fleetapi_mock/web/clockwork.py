"""What the world's clock has made happen by the time a call is answered.

The mock runs no background threads: before each handler, under the world's lock, the world
catches up with its clock. Work that comes due with time gets one line here.
"""

from __future__ import annotations

from fleetapi_mock.domain.data import import_due_rows
from fleetapi_mock.domain.report_schedule.firing import fire_due_reports
from fleetapi_mock.domain.task_schedule.making import make_due_tasks
from fleetapi_mock.domain.tracker_command import confirm_due_commands
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.world import World

__all__ = ["catch_up"]


def catch_up(world: World, limits: ServerLimits) -> None:
    """Bring ``world`` up to its clock: the commands devices confirmed by now, the lines
    import processes passed, the tasks and routes schedules made, the report schedules made
    and mailed."""
    confirm_due_commands(world)
    import_due_rows(world, limits)
    make_due_tasks(world, limits.max_records)
    fire_due_reports(world, limits)
