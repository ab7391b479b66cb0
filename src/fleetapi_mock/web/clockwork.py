"""What the world's clock has made happen by the time a call is answered.

The mock runs no background threads: before each handler, under the world's lock, the world
catches up with its clock. Work that comes due with time gets one line here, and the rule of
when it next comes due one more.

Catching up is skipped while nothing can be due: after each catch-up the world remembers the
earliest moment one of the steps has work (each step's own ``*_due_at`` answers it) and the
tables that decide it; until its clock reaches that moment, with those tables unchanged (not
replaced, not written), a call answers at once. Each step scanned its records on every call
before (a tenth of a served ``vehicle/read``'s time).
"""

from __future__ import annotations

import datetime as dt
import weakref
from typing import Any, Final

from fleetapi_mock.domain.data import import_due_rows, imports_due_at
from fleetapi_mock.domain.report_schedule.firing import fire_due_reports, reports_due_at
from fleetapi_mock.domain.task_schedule.making import make_due_tasks, tasks_due_at
from fleetapi_mock.domain.tracker_command import commands_due_at, confirm_due_commands
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.world import World

__all__ = ["catch_up"]

_Caught = tuple[tuple[Any, ...], tuple[int, ...], "dt.datetime | None"]
"""The tables a catch-up depended on (kept, so that no other table takes their identity),
their identities and versions then, and when work next comes due."""

_caught: Final[weakref.WeakKeyDictionary[World, _Caught]] = weakref.WeakKeyDictionary()


def _deciding(world: World) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """The tables whose records decide when work comes due (the users for their zones), and
    each one's identity and version."""
    q, i, t = world.command_queue, world.import_processes, world.task_schedules
    r, u = world.report_schedules, world.users
    signature = (id(q), q.version, id(i), i.version, id(t), t.version, id(r), r.version)
    return (q, i, t, r, u), (*signature, id(u), u.version)


def catch_up(world: World, limits: ServerLimits) -> None:
    """Bring ``world`` up to its clock: the commands devices confirmed by now, the lines
    import processes passed, the tasks and routes schedules made, the report schedules made
    and mailed."""
    last = _caught.get(world)
    if last is not None and last[1] == _deciding(world)[1]:
        due = last[2]
        if due is None or world.now() < due:
            return
    confirm_due_commands(world)
    import_due_rows(world, limits)
    make_due_tasks(world, limits.max_records)
    fire_due_reports(world, limits)
    steps = (commands_due_at, imports_due_at, tasks_due_at, reports_due_at)
    due = min((at for step in steps if (at := step(world)) is not None), default=None)
    _caught[world] = (*_deciding(world), due)
