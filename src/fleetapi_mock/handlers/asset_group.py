"""Asset groups: a vehicle and an employee of the account, put together.

Groups are the account's (``world.asset_groups``, an
:class:`~fleetapi_mock.state.records.AssetGroupRecord` each). A group holds at most one asset
of each type and an asset is in one group at most. An asset deleted since it was grouped is
not answered and is no conflict (IDs are never given again); a group's stored assets are
pruned of such assets whenever it changes. A sub-user is answered the assets it sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from fleetapi._errors import (
    AssetAlreadyGroupedError,
    AssetNotInGroupError,
    InaccessibleAssetError,
    InaccessibleGroupAssetError,
    InvalidParametersError,
    NoAccessibleGroupAssetError,
    OverQuotaError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.asset_group import (
    ASSET_GROUP_CREATE,
    ASSET_GROUP_DELETE,
    ASSET_GROUP_LIST,
    ASSET_GROUP_REMOVE,
    ASSET_GROUP_SET,
    ASSET_GROUP_UPDATE,
    MAX_ASSET_GROUPS,
)
from fleetapi.models.asset_group import (
    AssetGroup,
    AssetGroupCreated,
    AssetGroupCreateParams,
    AssetGroupDeleteParams,
    AssetGroupEntry,
    AssetGroupListParams,
    AssetGroupReassigned,
    AssetGroupRemoveParams,
    AssetGroupSetParams,
    AssetGroupUpdateParams,
)
from fleetapi.models.track import AssetRef
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import visible_employee
from fleetapi_mock.domain.vehicle import vehicle_visible
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import AssetGroupRecord

# --- Assets ----------------------------------------------------------------------------------


def _exists(ctx: Context, asset: AssetRef) -> bool:
    """Whether the account has the asset."""
    if asset.type == "vehicle":
        return ctx.owned_get(ctx.world.vehicles, asset.id) is not None
    return ctx.owned_get(ctx.world.employees, asset.id) is not None


def _sees(ctx: Context, asset: AssetRef) -> bool:
    """Whether the caller sees the asset (as ``vehicle/read`` and ``employee/read`` do)."""
    if asset.type == "employee":
        return visible_employee(ctx, asset.id) is not None
    record = ctx.world.vehicles.get(asset.id)
    return record is not None and vehicle_visible(ctx, record)


def _live(ctx: Context, group: AssetGroupRecord) -> list[AssetRef]:
    """The group's assets that still exist."""
    return [a for a in group.assets if _exists(ctx, a)]


def _check_assets(assets: Sequence[AssetRef]) -> None:
    """7 naming ``assets`` for an asset listed twice or two assets of a type."""
    types = [a.type for a in assets]
    twice = sorted({t for t in types if types.count(t) > 1})
    if twice:
        error = f"a group holds one asset of each type: {twice[0]} is given twice"
        raise InvalidParametersError(errors=[{"parameter": "assets", "error": error}])


def _check_accessible(ctx: Context, assets: Iterable[AssetRef]) -> None:
    """291 for an asset the caller does not see (or that does not exist)."""
    for asset in assets:
        if not _sees(ctx, asset):
            raise InaccessibleAssetError(f"no {asset.type} {asset.id} accessible")


def _entry(asset: AssetRef, group_id: int) -> AssetGroupEntry:
    return AssetGroupEntry(asset=asset, group_id=group_id)


def _wire_entry(entry: AssetGroupEntry) -> dict[str, Any]:
    """An asset group object as the failure envelope lists it."""
    return {"asset": {"id": entry.asset.id, "type": entry.asset.type}, "group_id": entry.group_id}


def _holders(ctx: Context, assets: Sequence[AssetRef], group_id: int) -> list[AssetGroupEntry]:
    """The assets among ``assets`` that another group of the account holds, with it."""
    wanted = set(assets)
    found = []
    for group in ctx.owned(ctx.world.asset_groups):
        if group.id != group_id:
            found += [_entry(a, group.id) for a in group.assets if a in wanted]
    return sorted(found, key=lambda e: assets.index(e.asset))


def _place(
    ctx: Context, assets: list[AssetRef], group_id: int, force: bool
) -> list[AssetGroupEntry]:
    """Check that ``assets`` may join ``group_id`` (290 for one in another group, unless
    ``force``); answer those to take from their groups."""
    taken = _holders(ctx, assets, group_id)
    if taken and not force:
        raise AssetAlreadyGroupedError(
            "assets are in other groups", extra={"assigned_assets": [_wire_entry(e) for e in taken]}
        )
    return taken


def _take(ctx: Context, taken: Iterable[AssetGroupEntry]) -> None:
    """Take each asset out of the group it is in."""
    for entry in taken:
        group = ctx.world.asset_groups[entry.group_id]
        kept = [a for a in _live(ctx, group) if a != entry.asset]
        ctx.world.asset_groups[group.id] = attrs.evolve(group, assets=kept)


# --- Groups ----------------------------------------------------------------------------------


def _group(ctx: Context, group_id: int) -> AssetGroupRecord:
    """A group of the account (201 otherwise)."""
    return ctx.owned_one(ctx.world.asset_groups, group_id, "asset group")


def _wire(ctx: Context, group: AssetGroupRecord) -> AssetGroup:
    """The group as the caller sees it: the assets that exist and it sees."""
    shown = [a for a in group.assets if _sees(ctx, a)]
    return AssetGroup(id=group.id, name=group.name, assets=shown)


def _some_seen(ctx: Context, group: AssetGroupRecord) -> None:
    """287 when the group holds assets and the caller sees none of them."""
    live = _live(ctx, group)
    if live and not any(_sees(ctx, a) for a in live):
        raise NoAccessibleGroupAssetError(f"no asset of group {group.id} is accessible")


def _all_seen(ctx: Context, group: AssetGroupRecord) -> None:
    """289 when the group holds an asset the caller does not see."""
    if not all(_sees(ctx, a) for a in _live(ctx, group)):
        raise InaccessibleGroupAssetError(f"group {group.id} holds assets not accessible")


@handles(ASSET_GROUP_CREATE)
def asset_group_create(ctx: Context, params: AssetGroupCreateParams) -> AssetGroupCreated:
    """A new group of ``assets`` (7: two of a type; 291: one the caller does not see; 290: one
    in another group without ``force_reassign``; 268: too many groups); named by its ID when
    no ``name`` is given."""
    _check_assets(params.assets)
    _check_accessible(ctx, params.assets)
    taken = _place(ctx, params.assets, 0, params.force_reassign)
    if len(ctx.owned(ctx.world.asset_groups)) >= MAX_ASSET_GROUPS:
        raise OverQuotaError(f"an account may hold at most {MAX_ASSET_GROUPS} asset groups")
    _take(ctx, taken)
    group_id = ctx.world.ids.next("asset_groups")
    name = str(group_id) if isinstance(params.name, Unset) else params.name
    ctx.world.asset_groups[group_id] = AssetGroupRecord(
        id=group_id, name=name, assets=list(params.assets), user_id=ctx.account.id
    )
    return AssetGroupCreated(id=group_id, reassigned_assets=taken)


@handles(ASSET_GROUP_UPDATE)
def asset_group_update(ctx: Context, params: AssetGroupUpdateParams) -> None:
    """Rename a group of the account (201 otherwise; 287: the caller sees none of its
    assets)."""
    group = _group(ctx, params.id)
    _some_seen(ctx, group)
    ctx.world.asset_groups[group.id] = attrs.evolve(group, name=params.name)


@handles(ASSET_GROUP_DELETE)
def asset_group_delete(ctx: Context, params: AssetGroupDeleteParams) -> None:
    """Delete a group of the account (201 otherwise; 289: it holds an asset the caller does
    not see)."""
    group = _group(ctx, params.id)
    _all_seen(ctx, group)
    del ctx.world.asset_groups[group.id]


@handles(ASSET_GROUP_LIST)
def asset_group_list(ctx: Context, params: AssetGroupListParams) -> list[AssetGroup]:
    """The account's groups of ``group_ids`` (unknown ones left out), or the group of
    ``asset`` (none when the caller does not see it); exactly one of the two (7)."""
    if isinstance(params.group_ids, Unset) == isinstance(params.asset, Unset):
        error = "give exactly one of group_ids and asset"
        raise InvalidParametersError(errors=[{"parameter": "group_ids", "error": error}])
    groups = ctx.owned(ctx.world.asset_groups)
    if not isinstance(params.group_ids, Unset):
        wanted = set(params.group_ids)
        return [_wire(ctx, g) for g in groups if g.id in wanted]
    asset = params.asset
    assert isinstance(asset, AssetRef)
    if not _sees(ctx, asset):
        return []
    return [_wire(ctx, g) for g in groups if asset in g.assets]


@handles(ASSET_GROUP_SET)
def asset_group_set(ctx: Context, params: AssetGroupSetParams) -> AssetGroupReassigned:
    """Make ``assets`` the group's whole content (7: two of a type; 201: not a group of the
    account; 291: an asset the caller does not see; 289: the group holds one; 290: an asset
    in another group without ``force_reassign``)."""
    _check_assets(params.assets)
    group = _group(ctx, params.id)
    _check_accessible(ctx, params.assets)
    _all_seen(ctx, group)
    taken = _place(ctx, params.assets, group.id, params.force_reassign)
    _take(ctx, taken)
    ctx.world.asset_groups[group.id] = attrs.evolve(group, assets=list(params.assets))
    return AssetGroupReassigned(reassigned_assets=taken)


@handles(ASSET_GROUP_REMOVE)
def asset_group_remove(ctx: Context, params: AssetGroupRemoveParams) -> None:
    """Take ``assets`` out of the group (7: one listed twice; 201: not a group of the
    account; 287: the caller sees none of its assets; 286: one not in it, or not seen)."""
    if len(set(params.assets)) < len(params.assets):
        error = "an asset is given twice"
        raise InvalidParametersError(errors=[{"parameter": "assets", "error": error}])
    group = _group(ctx, params.id)
    _some_seen(ctx, group)
    live = _live(ctx, group)
    for asset in params.assets:
        if asset not in live or not _sees(ctx, asset):
            raise AssetNotInGroupError(f"{asset.type} {asset.id} is not in group {group.id}")
    gone = set(params.assets)
    ctx.world.asset_groups[group.id] = attrs.evolve(
        group, assets=[a for a in live if a not in gone]
    )
