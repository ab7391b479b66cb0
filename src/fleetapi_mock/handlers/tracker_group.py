"""Tracker groups.

Groups are the account's (``world.tracker_groups``); a tracker names its group in
``group_id``, 0 being the unnamed default group, which is neither listed nor changed. Creating,
changing, deleting and assigning are for master users (``admin``: the table declares them
``master_only``).
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import DeviceBlockedError, NonExistentEntitiesError
from fleetapi.endpoints.tracker_group import (
    TRACKER_GROUP_ASSIGN,
    TRACKER_GROUP_CREATE,
    TRACKER_GROUP_DELETE,
    TRACKER_GROUP_LIST,
    TRACKER_GROUP_UPDATE,
)
from fleetapi.models.tracker_group import (
    TrackerGroup,
    TrackerGroupAssignParams,
    TrackerGroupCreateParams,
    TrackerGroupDeleteParams,
    TrackerGroupUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerGroupRecord, convert


def _find(ctx: Context, group_id: int) -> TrackerGroupRecord:
    return ctx.owned_one(ctx.world.tracker_groups, group_id, "tracker group")


@handles(TRACKER_GROUP_LIST)
def tracker_group_list(ctx: Context, params: NoParams) -> list[TrackerGroup]:
    """The account's groups by id; every user of the account sees them all."""
    return [convert(TrackerGroup, g) for g in ctx.owned(ctx.world.tracker_groups)]


@handles(TRACKER_GROUP_CREATE)
def tracker_group_create(ctx: Context, params: TrackerGroupCreateParams) -> int:
    """A new empty group of the account; answers its id."""
    group_id = ctx.world.ids.next("tracker_groups")
    ctx.world.tracker_groups[group_id] = TrackerGroupRecord(
        id=group_id, title=params.title, color=params.color, user_id=ctx.account.id
    )
    return group_id


@handles(TRACKER_GROUP_UPDATE)
def tracker_group_update(ctx: Context, params: TrackerGroupUpdateParams) -> None:
    """A group's new title and color (201 when it is not the account's)."""
    record = _find(ctx, params.id)
    ctx.world.tracker_groups[record.id] = convert(
        TrackerGroupRecord, params, user_id=record.user_id
    )


@handles(TRACKER_GROUP_DELETE)
def tracker_group_delete(ctx: Context, params: TrackerGroupDeleteParams) -> None:
    """Delete a group (201 when it is not the account's); its trackers go to group 0."""
    record = _find(ctx, params.id)
    del ctx.world.tracker_groups[record.id]
    trackers = ctx.world.trackers
    for tracker in [t for t in trackers.values() if t.group_id == record.id]:
        trackers[tracker.id] = attrs.evolve(tracker, group_id=0)


@handles(TRACKER_GROUP_ASSIGN)
def tracker_group_assign(ctx: Context, params: TrackerGroupAssignParams) -> None:
    """Move the trackers into the group (``id`` 0: the default group).

    201 for a group that is not the account's; 217 naming every tracker that is not the
    account's; 208 for a blocked one. Nothing moves unless every tracker may.
    """
    if params.id != 0:
        _find(ctx, params.id)
    found = {t: ctx.visible_tracker(t) for t in params.trackers}
    missing = [t for t, record in found.items() if record is None]
    if missing:
        raise NonExistentEntitiesError("no such trackers: " + ", ".join(map(str, missing)))
    records = [record for record in found.values() if record is not None]
    blocked = next((record for record in records if record.blocked), None)
    if blocked is not None:
        raise DeviceBlockedError(f"tracker {blocked.id} is blocked")
    for record in records:
        ctx.world.trackers[record.id] = attrs.evolve(record, group_id=params.id)
