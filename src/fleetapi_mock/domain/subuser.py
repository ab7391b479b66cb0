"""What the sub-user calls share: a sub-user's rights, from its security group."""

from __future__ import annotations

from fleetapi_mock.state.records import UserRecord
from fleetapi_mock.state.world import World

__all__ = ["rights_of"]


def rights_of(world: World, user: UserRecord) -> list[str]:
    """The rights of a sub-user: its security group's; without a group, those its record
    lists (a world document's); a group that is gone grants none. A master user holds every
    right without a list."""
    group = world.security_groups.get(user.security_group_id or 0)
    if group is not None and world.belongs(group, user.account_id):
        return list(group.privileges.rights)
    return [] if user.security_group_id is not None else list(user.rights)
