"""Asset groups: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.asset_group import (
    AssetGroup,
    AssetGroupCreated,
    AssetGroupCreateParams,
    AssetGroupDeleteParams,
    AssetGroupListParams,
    AssetGroupReassigned,
    AssetGroupRemoveParams,
    AssetGroupSetParams,
    AssetGroupUpdateParams,
)

MAX_ASSET_GROUPS = 10_000
"""Asset groups per account; one more answers 268."""

ASSET_GROUP_CREATE = Endpoint(
    path="asset_group/create",
    params=AssetGroupCreateParams,
    result=Result.body(AssetGroupCreated),
    summary="Group assets (a vehicle and an employee) and get the group's ID.",
    errors=(7, 268, 290, 291),
    origin="service",
    decisions=(
        Decision(
            "What an asset group holds",
            'At most one asset of each type, as documented ("only one asset of each type"): '
            "a vehicle and an employee, its driver; two of a type, or one asset twice, is 7 "
            "naming `assets`. An asset is in one group at most: naming one that is in another "
            "group is 290 with `assigned_assets` (each asset and its group) unless "
            "`force_reassign`, which takes it from there and answers it in "
            "`reassigned_assets` (always present, empty when nothing moved). A group may be "
            "empty. `name` defaults to the new ID; not blank, at most 255 characters. At most "
            f"{MAX_ASSET_GROUPS:,} groups per account (268). The calls need no sub-user right "
            "(the documentation names none); what a sub-user may do follows from the assets "
            "it sees (`tests/sdk/test_asset_group.py`).",
        ),
        Decision(
            "Which assets are accessible",
            "The caller's: a vehicle `vehicle/read` answers and an employee `employee/read` "
            "answers (a sub-user with a tracker list sees those on its trackers and those on "
            "none). An asset that does not exist is not accessible: 291, as one of another "
            "account. An asset deleted since it was grouped leaves its group.",
        ),
    ),
)
ASSET_GROUP_UPDATE = Endpoint(
    path="asset_group/update",
    params=AssetGroupUpdateParams,
    result=Result.nothing(),
    summary="Rename an asset group.",
    errors=(7, 201, 287),
    origin="service",
    current="asset_group/list",
    decisions=(
        Decision(
            "Groups and sub-users",
            "Groups are the account's: every user of the account names and lists them (201 "
            "for another account's), and a sub-user is answered only the assets it sees of "
            "each. A group holding assets, none of which the caller sees, is 287 to `update` "
            "and `remove`; one holding an asset the caller does not see is 289 to `delete` and "
            "`set`. An empty group is anyone's to change.",
        ),
    ),
)
ASSET_GROUP_DELETE = Endpoint(
    path="asset_group/delete",
    params=AssetGroupDeleteParams,
    result=Result.nothing(),
    summary="Delete an asset group; its assets are in no group from then on.",
    errors=(201, 289),
    origin="service",
    decisions=(
        Decision(
            "`asset_group/delete`",
            "The group goes, and its assets may join another group. The service marks it "
            "deleted and keeps its history; the mock keeps no history of groups, so nothing "
            "of it remains. A group holding an asset the caller does not see is 289.",
        ),
    ),
)
ASSET_GROUP_LIST = Endpoint(
    path="asset_group/list",
    params=AssetGroupListParams,
    result=Result.field("list", list[AssetGroup]),
    summary="List asset groups by their IDs, or the group of an asset.",
    errors=(7,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`asset_group/list`",
            "Exactly one of `group_ids` and `asset` (7 naming `group_ids` otherwise). By "
            "`group_ids`: those of the account, by ID, unknown ones left out. By `asset`: its "
            "group (one at most), or none for an asset the caller does not see.",
        ),
    ),
)
ASSET_GROUP_SET = Endpoint(
    path="asset_group/set",
    params=AssetGroupSetParams,
    result=Result.body(AssetGroupReassigned),
    summary="Replace an asset group's assets.",
    errors=(7, 201, 289, 290, 291),
    origin="service",
    decisions=(
        Decision(
            "`asset_group/set`",
            "The listed assets become the group's whole content (an empty list empties it); "
            "the assets it held and does not list are in no group from then on. Replacing "
            "an asset the caller does not see is 289, as deleting the group would be. An "
            "asset already in this group is no conflict.",
        ),
    ),
)
ASSET_GROUP_REMOVE = Endpoint(
    path="asset_group/remove",
    params=AssetGroupRemoveParams,
    result=Result.nothing(),
    summary="Take assets out of an asset group.",
    errors=(7, 201, 286, 287),
    origin="service",
    decisions=(
        Decision(
            "`asset_group/remove`",
            "Every listed asset must be in the group and seen by the caller, else 286 and "
            "nothing is removed; one asset listed twice is 7.",
        ),
    ),
)

ENDPOINTS = (
    ASSET_GROUP_CREATE,
    ASSET_GROUP_UPDATE,
    ASSET_GROUP_DELETE,
    ASSET_GROUP_LIST,
    ASSET_GROUP_SET,
    ASSET_GROUP_REMOVE,
)
