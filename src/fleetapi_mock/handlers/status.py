"""Working statuses (``status/*``).

Listings and their statuses are the account's (``world.status_listings``,
``world.work_statuses``); a listing names the trackers it is assigned to, and each change of a
tracker's status is kept (``world.status_changes``), the last one saying the tracker's current
status (:mod:`fleetapi_mock.domain.status`). Every call needs a tracker of the account whose
tariff has working statuses (236).
"""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    DeviceLimitExceededError,
    EntityMissingError,
    EntriesMismatchError,
    NoChangeNeededError,
    OperationNotPermittedError,
    OverQuotaError,
)
from fleetapi.endpoints.status import (
    STATUS_CREATE,
    STATUS_DELETE,
    STATUS_LIST,
    STATUS_LISTING_CREATE,
    STATUS_LISTING_DELETE,
    STATUS_LISTING_LIST,
    STATUS_LISTING_TRACKER_ASSIGN,
    STATUS_LISTING_UPDATE,
    STATUS_TRACKER_ASSIGN,
    STATUS_TRACKER_LIST,
    STATUS_TRACKER_READ,
    STATUS_UPDATE,
)
from fleetapi.models.status import (
    MAX_STATUS_LISTINGS,
    MAX_WORK_STATUSES,
    StatusChange,
    StatusCreateParams,
    StatusDeleteParams,
    StatusListing,
    StatusListingCreateParams,
    StatusListingDeleteParams,
    StatusListingTrackerAssignParams,
    StatusListingUpdateParams,
    StatusListParams,
    StatusTrackerAssignParams,
    StatusTrackerListParams,
    StatusTrackerReadParams,
    StatusUpdateParams,
    TrackerWorkStatus,
    WorkStatus,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.status import (
    change_status,
    check_feature,
    current_of,
    last_changes,
    leave_unreachable,
    listing_of,
    listing_of_tracker,
    statuses_of,
    wire_change,
    wire_listing,
    wire_status,
    wire_tracker_status,
)
from fleetapi_mock.domain.tracker import unblocked_tracker, unblocked_trackers
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import StatusListingRecord, WorkStatusRecord, convert

# --- Listings ---------------------------------------------------------------------------------


@handles(STATUS_LISTING_LIST)
def status_listing_list(ctx: Context, params: NoParams) -> list[StatusListing]:
    """The account's listings by ID, each with its statuses in order."""
    check_feature(ctx)
    return [wire_listing(ctx.world, r) for r in ctx.owned(ctx.world.status_listings)]


@handles(STATUS_LISTING_CREATE)
def status_listing_create(ctx: Context, params: StatusListingCreateParams) -> int:
    """A new empty listing of the account (268 past the quota); answers its ID."""
    check_feature(ctx)
    if len(ctx.owned(ctx.world.status_listings)) >= MAX_STATUS_LISTINGS:
        raise OverQuotaError(f"an account keeps at most {MAX_STATUS_LISTINGS} status listings")
    return ctx.world.add_owned(
        "status_listings", StatusListingRecord, params.listing, ctx.account.id
    )


@handles(STATUS_LISTING_UPDATE)
def status_listing_update(ctx: Context, params: StatusListingUpdateParams) -> None:
    """A listing's new label and flags, and its statuses in the order of ``entries`` (262
    unless they are its statuses, each once)."""
    check_feature(ctx)
    world, given = ctx.world, params.listing
    record = listing_of(ctx, given.id)
    statuses = statuses_of(world, record.id)
    if len(set(given.entries)) != len(given.entries) or set(given.entries) != {
        s.id for s in statuses
    }:
        raise EntriesMismatchError(f"entries must be every status of listing {record.id} once")
    world.status_listings[record.id] = convert(
        StatusListingRecord, given, user_id=record.user_id, trackers=record.trackers
    )
    for position, status_id in enumerate(given.entries):
        if world.work_statuses[status_id].position != position:
            world.work_statuses.change(status_id, position=position)


@handles(STATUS_LISTING_DELETE)
def status_listing_delete(ctx: Context, params: StatusListingDeleteParams) -> None:
    """Delete a listing and its statuses; its trackers are left without a listing (and
    without a status)."""
    check_feature(ctx)
    world = ctx.world
    record = listing_of(ctx, params.listing_id)
    for status in statuses_of(world, record.id):
        del world.work_statuses[status.id]
    del world.status_listings[record.id]
    leave_unreachable(ctx, record.trackers)


@handles(STATUS_LISTING_TRACKER_ASSIGN)
def status_listing_tracker_assign(ctx: Context, params: StatusListingTrackerAssignParams) -> None:
    """Assign a listing to a tracker, or none without ``listing_id``: 201, 208, 219 for the
    tracker, 204 for a listing that is not the account's."""
    check_feature(ctx)
    world = ctx.world
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    new = None
    if isinstance(params.listing_id, int):
        new = listing_of(ctx, params.listing_id, EntityMissingError)
    old = listing_of_tracker(world, tracker.id)
    if (old and old.id) == (new and new.id):
        return
    if old is not None:
        kept = [t for t in old.trackers if t != tracker.id]
        world.status_listings.change(old.id, trackers=kept)
    if new is not None:
        world.status_listings.change(new.id, trackers=[*new.trackers, tracker.id])
    leave_unreachable(ctx, [tracker.id])


# --- Statuses ---------------------------------------------------------------------------------


@handles(STATUS_LIST)
def status_list(ctx: Context, params: StatusListParams) -> list[WorkStatus]:
    """The statuses of a listing of the account, in its order (201 for another)."""
    check_feature(ctx)
    record = listing_of(ctx, params.listing_id)
    return [wire_status(s) for s in statuses_of(ctx.world, record.id)]


@handles(STATUS_CREATE)
def status_create(ctx: Context, params: StatusCreateParams) -> int:
    """A new status at the end of a listing (201 for a listing not the account's, 268 past
    the quota); answers its ID."""
    check_feature(ctx)
    world = ctx.world
    record = listing_of(ctx, params.listing_id)
    if len(ctx.owned(world.work_statuses)) >= MAX_WORK_STATUSES:
        raise OverQuotaError(f"an account keeps at most {MAX_WORK_STATUSES} working statuses")
    statuses = statuses_of(world, record.id)
    position = statuses[-1].position + 1 if statuses else 0
    status_id = world.ids.next("work_statuses")
    world.work_statuses[status_id] = convert(
        WorkStatusRecord,
        params.status,
        id=status_id,
        user_id=ctx.account.id,
        listing_id=record.id,
        position=position,
    )
    return status_id


@handles(STATUS_UPDATE)
def status_update(ctx: Context, params: StatusUpdateParams) -> None:
    """A status's new label and color (201 when it is not the account's)."""
    check_feature(ctx)
    given = params.status
    ctx.owned_one(ctx.world.work_statuses, given.id, "working status")
    ctx.world.work_statuses.change(given.id, label=given.label, color=given.color)


@handles(STATUS_DELETE)
def status_delete(ctx: Context, params: StatusDeleteParams) -> None:
    """Delete a status from its listing (201 when it is not the account's); the trackers
    having it are left without a status."""
    check_feature(ctx)
    world = ctx.world
    status = ctx.owned_one(world.work_statuses, params.status_id, "working status")
    del world.work_statuses[status.id]
    listing = world.status_listings.get(status.listing_id)
    if listing is not None:
        leave_unreachable(ctx, listing.trackers)


# --- A tracker's status -----------------------------------------------------------------------


@handles(STATUS_TRACKER_ASSIGN)
def status_tracker_assign(ctx: Context, params: StatusTrackerAssignParams) -> StatusChange:
    """Change a tracker's status to one of its listing; answers the change.

    201, 208, 219 for the tracker; 204 for a status not in its listing (or no listing); 13
    for a listing supervisors may not change; 263 for the status it has.
    """
    check_feature(ctx)
    world = ctx.world
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    listing = listing_of_tracker(world, tracker.id)
    status = world.work_statuses.get(params.new_status_id)
    if listing is None or status is None or status.listing_id != listing.id:
        raise EntityMissingError(
            f"no status {params.new_status_id} in the listing of tracker {tracker.id}"
        )
    if not listing.supervisor_controlled:
        raise OperationNotPermittedError(f"supervisors may not change listing {listing.id}")
    last = last_changes(world, [tracker.id]).get(tracker.id)
    if current_of(world, tracker.id, last) == status.id:
        raise NoChangeNeededError(f"tracker {tracker.id} has status {status.id} already")
    return wire_change(ctx, change_status(ctx, tracker.id, status.id))


@handles(STATUS_TRACKER_READ)
def status_tracker_read(ctx: Context, params: StatusTrackerReadParams) -> TrackerWorkStatus:
    """A tracker's current status and last change (201, 208, 219 for the tracker)."""
    check_feature(ctx)
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    last = last_changes(ctx.world, [tracker.id]).get(tracker.id)
    return wire_tracker_status(ctx, tracker.id, last)


@handles(STATUS_TRACKER_LIST)
def status_tracker_list(
    ctx: Context, params: StatusTrackerListParams
) -> dict[str, TrackerWorkStatus]:
    """The current status of each tracker, by ID: 221 over the dealer's device limit, 217
    naming the trackers the caller cannot see or that are blocked."""
    check_feature(ctx)
    if ctx.world.device_limit_exceeded(ctx.require_user()):
        raise DeviceLimitExceededError("the device limit of the dealer is exceeded")
    trackers = unblocked_trackers(ctx, params.trackers)
    changes = last_changes(ctx.world, [t.id for t in trackers])
    return {str(t.id): wire_tracker_status(ctx, t.id, changes.get(t.id)) for t in trackers}
