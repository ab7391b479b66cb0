"""What the sub-user calls share: a sub-user's rights, from its security group, and the zones
and places in its sight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from fleetapi._errors import EntityNotFoundError
from fleetapi_mock.state.records import GeoAccess, UserRecord
from fleetapi_mock.state.world import World

if TYPE_CHECKING:
    from fleetapi_mock.domain.context import Context

__all__ = [
    "GeoKind",
    "access_of",
    "in_sight",
    "keep_in_sight",
    "rights_of",
    "subuser_of",
    "with_access",
]

GeoKind = Literal["zones", "places"]
"""The kinds of map objects bound to sub-users one by one."""


def access_of(user: UserRecord, kind: GeoKind) -> GeoAccess:
    """The zones or places ``user`` sees, as its record keeps them."""
    return user.zones if kind == "zones" else user.places


def with_access(user: UserRecord, kind: GeoKind, access: GeoAccess) -> UserRecord:
    """``user`` seeing the zones or places of ``access``."""
    if kind == "zones":
        return attrs.evolve(user, zones=access)
    return attrs.evolve(user, places=access)


def in_sight(user: UserRecord, kind: GeoKind) -> frozenset[int] | None:
    """The IDs of the zones or places ``user`` may see; ``None`` when it sees every one of
    its account's (a master user, or a sub-user with access to all)."""
    return None if user.is_master else access_of(user, kind).sight()


def rights_of(world: World, user: UserRecord) -> list[str]:
    """The rights of a sub-user: its security group's; without a group, those its record
    lists (a world document's); a group that is gone grants none. A master user holds every
    right without a list."""
    group = world.security_groups.get(user.security_group_id or 0)
    if group is not None and world.belongs(group, user.account_id):
        return list(group.privileges.rights)
    return [] if user.security_group_id is not None else list(user.rights)


def keep_in_sight(world: World, user: UserRecord, kind: GeoKind, object_id: int) -> None:
    """Bind a zone or place that ``user`` created to it, so that it sees what it made."""
    if in_sight(user, kind) is not None:
        access = access_of(user, kind)
        bound = attrs.evolve(access, ids=[*access.ids, object_id])
        world.users[user.id] = with_access(user, kind, bound)


def subuser_of(ctx: Context, subuser_id: int) -> UserRecord:
    """A sub-user of the caller's account (201 for any other ID)."""
    user = ctx.world.users.get(subuser_id)
    if user is None or user.master_id != ctx.account.id:
        raise EntityNotFoundError(f"no sub-user {subuser_id}")
    return user
