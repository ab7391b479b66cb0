"""Asset groups: ``asset_group/*``, as the service documents them.

An asset group puts assets of the account together: at most one vehicle and one employee (a
vehicle and its driver). An asset is in at most one group; placing it in another either
answers 290 or, with ``force_reassign``, takes it from its group first.
"""

from __future__ import annotations

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.track import AssetRef

__all__ = [
    "AssetGroup",
    "AssetGroupCreateParams",
    "AssetGroupCreated",
    "AssetGroupDeleteParams",
    "AssetGroupEntry",
    "AssetGroupListParams",
    "AssetGroupReassigned",
    "AssetGroupRemoveParams",
    "AssetGroupSetParams",
    "AssetGroupUpdateParams",
]

_NAME = rules(not_blank=True, max_length=255)


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroup:
    """A group of assets of the account."""

    id: int
    name: str
    """Its name (the ID as text when it was created without one)."""
    assets: list[AssetRef] = attrs.Factory(list)
    """Its assets, at most one of each type (may be empty)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupEntry:
    """An asset and the group it is in."""

    asset: AssetRef
    """The asset."""
    group_id: int
    """The group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupCreateParams:
    """Parameters of ``asset_group/create``."""

    name: str | Unset = attrs.field(default=UNSET, metadata=_NAME)
    """The group's name, at most 255 characters (default: its new ID)."""
    assets: list[AssetRef]
    """The assets to put in the group: at most one of each type."""
    force_reassign: bool = False
    """Take an asset from the group it is in (else 290 names the assets already grouped)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupCreated:
    """The result of ``asset_group/create``."""

    id: int
    """The new group."""
    reassigned_assets: list[AssetGroupEntry] = attrs.Factory(list)
    """The assets taken from other groups, each with the group it left."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupReassigned:
    """The result of ``asset_group/set``."""

    reassigned_assets: list[AssetGroupEntry] = attrs.Factory(list)
    """The assets taken from other groups, each with the group it left."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupListParams:
    """Parameters of ``asset_group/list``: exactly one of ``group_ids`` and ``asset``."""

    group_ids: list[int] | Unset = UNSET
    """The groups to list."""
    asset: AssetRef | Unset = UNSET
    """The asset whose group to list."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupSetParams:
    """Parameters of ``asset_group/set``: the group's assets, all of them."""

    id: int
    """The group."""
    assets: list[AssetRef]
    """The group's assets from now on: at most one of each type."""
    force_reassign: bool = False
    """Take an asset from the group it is in (else 290 names the assets already grouped)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupRemoveParams:
    """Parameters of ``asset_group/remove``."""

    id: int
    """The group."""
    assets: list[AssetRef]
    """The assets to take out of the group, each in it (else 286)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupUpdateParams:
    """Parameters of ``asset_group/update``."""

    id: int
    """The group."""
    name: str = attrs.field(metadata=_NAME)
    """The group's new name, at most 255 characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupDeleteParams:
    """Parameters of ``asset_group/delete``."""

    id: int
    """The group to delete."""
