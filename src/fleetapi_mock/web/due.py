"""What fell due by the world's clock, done before a request is answered: the commands devices
confirm (:func:`~fleetapi_mock.domain.tracker_command.confirm_due_commands`) and the lines
import processes pass (:func:`~fleetapi_mock.domain.data.import_due_rows`). Nothing runs in
the background: the router settles the world before each handler."""

from __future__ import annotations

from fleetapi_mock.domain.data import import_due_rows
from fleetapi_mock.domain.tracker_command import confirm_due_commands
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.world import World

__all__ = ["settle_due"]


def settle_due(world: World, limits: ServerLimits) -> None:
    """Do what fell due by the world's now, in that order (hold the world's lock); each step
    is cheap when nothing waits."""
    confirm_due_commands(world)
    import_due_rows(world, limits)
