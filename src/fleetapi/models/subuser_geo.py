"""The places and zones a sub-user sees: ``subuser/places/list``, ``subuser/zones/list``.

Apart from :mod:`fleetapi.models.subuser` because they hold the place and zone models: a
program managing sub-users loads neither.
"""

from __future__ import annotations

import attrs

from fleetapi.models.place import Place
from fleetapi.models.zone import Zone

__all__ = ["SubUserPlaceList", "SubUserZoneList"]


@attrs.frozen(kw_only=True, slots=False)
class SubUserZoneList:
    """One page of ``subuser/zones/list``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    access_to_all: bool
    """Whether the sub-user sees every zone of the account."""
    list: list[Zone]
    """The zones the sub-user sees."""
    count: int
    """The number found, ignoring paging."""


@attrs.frozen(kw_only=True, slots=False)
class SubUserPlaceList:
    """One page of ``subuser/places/list``."""

    access_to_all: bool
    """Whether the sub-user sees every place of the account."""
    list: list[Place]
    """The places the sub-user sees."""
    count: int
    """The number found, ignoring paging."""
