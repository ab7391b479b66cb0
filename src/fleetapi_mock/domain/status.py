"""Working statuses as the ``status/*`` calls see them: the tariff feature they need, listings
and their statuses in order, each tracker's listing, and the changes of a tracker's status.

A tracker's current status is the new status of its last change (the change of highest ID),
while that status is in the tracker's listing: whatever takes a status out of a tracker's
reach (its listing changed or deleted, the status deleted) records a change to no status
(:func:`leave_unreachable`), so that the last change always says the status.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from fleetapi._errors import EntityNotFoundError, FleetApiError, TariffRestrictionError
from fleetapi.models.common import Location
from fleetapi.models.status import (
    StatusChange,
    StatusChangeOrigin,
    StatusListing,
    TrackerWorkStatus,
    WorkStatus,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.gazetteer import nearest_address
from fleetapi_mock.domain.rule import record_work_status_events
from fleetapi_mock.domain.tariff import has_feature
from fleetapi_mock.state.records import (
    StatusChangeRecord,
    StatusListingRecord,
    TrackPointRecord,
    WorkStatusRecord,
    convert,
)
from fleetapi_mock.state.world import World

__all__ = [
    "STATUS_FEATURE",
    "change_status",
    "check_feature",
    "current_of",
    "last_changes",
    "leave_unreachable",
    "listing_of",
    "listing_of_tracker",
    "statuses_of",
    "wire_listing",
    "wire_status",
    "wire_tracker_status",
]

STATUS_FEATURE: Final = "statuses"
"""The tariff feature working statuses need: every ``status/*`` call answers 236 unless one of
the account's trackers has a tariff with it."""


def check_feature(ctx: Context) -> None:
    """236 unless one of the account's trackers (blocked or not) has a tariff with
    :data:`STATUS_FEATURE`."""
    world = ctx.world
    for tracker in ctx.owned(world.trackers):
        if has_feature(world, tracker, STATUS_FEATURE):
            return
    raise TariffRestrictionError("no tracker of the account has working statuses in its tariff")


def listing_of(
    ctx: Context, listing_id: int, missing: type[FleetApiError] = EntityNotFoundError
) -> StatusListingRecord:
    """The account's listing ``listing_id``: 201 (or ``missing``) when it is not the account's."""
    return ctx.owned_one(ctx.world.status_listings, listing_id, "status listing", missing)


def statuses_of(world: World, listing_id: int) -> list[WorkStatusRecord]:
    """The statuses of the listing, in its order (by position, then by ID)."""
    statuses = [s for s in world.work_statuses.values() if s.listing_id == listing_id]
    return sorted(statuses, key=lambda s: (s.position, s.id))


def wire_status(record: WorkStatusRecord) -> WorkStatus:
    """The API's object of a working status."""
    return convert(WorkStatus, record)


def wire_listing(world: World, record: StatusListingRecord) -> StatusListing:
    """The API's object of a listing, with its statuses' IDs in order."""
    entries = [s.id for s in statuses_of(world, record.id)]
    return convert(StatusListing, record, entries=entries)


def listing_of_tracker(world: World, tracker_id: int) -> StatusListingRecord | None:
    """The listing assigned to the tracker, if any."""
    return next((s for s in world.status_listings.values() if tracker_id in s.trackers), None)


def last_changes(world: World, tracker_ids: Iterable[int]) -> dict[int, StatusChangeRecord]:
    """The last change of the status of each of the trackers that has one."""
    wanted = set(tracker_ids)
    last: dict[int, StatusChangeRecord] = {}
    for change in world.status_changes.values():
        if change.tracker_id in wanted:
            kept = last.get(change.tracker_id)
            if kept is None or change.id > kept.id:
                last[change.tracker_id] = change
    return last


def current_of(world: World, tracker_id: int, change: StatusChangeRecord | None) -> int | None:
    """The tracker's current status: the last change's, while it is in the tracker's listing."""
    if change is None or change.new_status_id is None:
        return None
    status = world.work_statuses.get(change.new_status_id)
    listing = listing_of_tracker(world, tracker_id)
    if status is None or listing is None or status.listing_id != listing.id:
        return None
    return status.id


def wire_tracker_status(
    ctx: Context, tracker_id: int, change: StatusChangeRecord | None
) -> TrackerWorkStatus:
    """What ``status/tracker/read`` answers of the tracker whose last change is ``change``."""
    current = current_of(ctx.world, tracker_id, change)
    return TrackerWorkStatus(
        current_status=None if current is None else wire_status(ctx.world.work_statuses[current]),
        last_change=None if change is None else wire_change(ctx, change),
    )


def wire_change(ctx: Context, change: StatusChangeRecord) -> StatusChange:
    """The API's object of a change, its time in the caller's time zone."""
    return convert(StatusChange, change, changed=ctx.user_time(change.changed))


def change_status(
    ctx: Context,
    tracker_id: int,
    new_status_id: int | None,
    origin: StatusChangeOrigin = "supervisor",
) -> StatusChangeRecord:
    """Record the change of the tracker's status from its last change's to ``new_status_id``
    (null: none) now, where the tracker is, and the events of the ``work_status_change`` rules
    it makes."""
    world = ctx.world
    before = last_changes(world, [tracker_id]).get(tracker_id)
    state = world.trackers[tracker_id].state
    now = ctx.now().replace(microsecond=0)
    where, address = None, ""
    if state.lat is not None and state.lng is not None:
        entry = nearest_address(world, state.lat, state.lng)
        address = entry.address if entry is not None else ""
        where = Location(lat=state.lat, lng=state.lng, address=address)
    change_id = world.ids.next("status_changes")
    change = StatusChangeRecord(
        id=change_id,
        tracker_id=tracker_id,
        old_status_id=None if before is None else before.new_status_id,
        new_status_id=new_status_id,
        location=where,
        changed=now,
        origin=origin,
    )
    world.status_changes[change_id] = change
    status = None if new_status_id is None else world.work_statuses.get(new_status_id)
    if where is not None and status is not None:
        place = TrackPointRecord(
            tracker_id=tracker_id,
            get_time=now,
            lat=where.lat,
            lng=where.lng,
            address=address,
        )
        record_work_status_events(world, place, status.id, status.label)
    return change


def leave_unreachable(ctx: Context, tracker_ids: Iterable[int]) -> None:
    """Record a change to no status for each of the trackers whose last change names a status
    that is no longer in its listing (call after the listing or status changed)."""
    wanted = list(dict.fromkeys(tracker_ids))
    for tracker_id, change in sorted(last_changes(ctx.world, wanted).items()):
        if change.new_status_id is not None and current_of(ctx.world, tracker_id, change) is None:
            change_status(ctx, tracker_id, None)
