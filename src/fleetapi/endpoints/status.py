"""Working statuses of employees' trackers: the ``status/*`` calls of the service's
documentation (listings, their statuses, a listing's trackers, a tracker's current status)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.status import (
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

_FEATURE = (
    "236 unless one of the account's trackers has a tariff with the feature `statuses` "
    "(as every `status/*` call; see `status/listing/list`)."
)
_LEFT_WITHOUT = (
    "A tracker whose current status leaves its reach this way gets a change to no status "
    "(`new_status_id` null, origin `supervisor`), as `status/listing/tracker/assign` records."
)

STATUS_LISTING_LIST = Endpoint(
    path="status/listing/list",
    params=NoParams,
    result=Result.field("list", list[StatusListing]),
    summary="List the account's working status listings, each with its statuses in order.",
    errors=(236,),
    safe=True,
    origin="service",
    notes="By ID. Every user of the account sees every listing.",
    decisions=(
        Decision(
            "The tariff feature of working statuses (236)",
            "Every `status/*` call answers 236 unless at least one of the account's trackers "
            "(blocked or not) has a tariff whose `features` hold `statuses`; the demo world's "
            "Full and Business tariffs have it, Basic does not. The feature is checked before "
            "anything else the call names.",
        ),
        Decision(
            "Who sees working status listings",
            "Listings and their statuses are the account's: every user of it, sub-users "
            "included, lists them all; they name no tracker.",
        ),
    ),
)
STATUS_LISTING_CREATE = Endpoint(
    path="status/listing/create",
    params=StatusListingCreateParams,
    result=Result.field("id", int),
    summary="Create an empty working status listing and get its ID.",
    right="tracker_update",
    errors=(236, 268),
    origin="service",
    notes=_FEATURE,
    decisions=(
        Decision(
            "Working status quotas (268)",
            "100 listings per account and 1,000 statuses per account, in all its listings.",
        ),
        Decision(
            "Working status and listing labels",
            "1 to 255 printable characters, not blank; a color is 6 hexadecimal digits without "
            "`#`. Anything else is 7 naming the field (`listing.label`, `status.color`).",
        ),
    ),
)
STATUS_LISTING_UPDATE = Endpoint(
    path="status/listing/update",
    params=StatusListingUpdateParams,
    result=Result.nothing(),
    summary="Change a listing's label and flags, and the order of its statuses.",
    right="tracker_update",
    errors=(201, 236, 262),
    origin="service",
    notes=f"201 for a listing that is not the account's. {_FEATURE}",
    decisions=(
        Decision(
            "`entries` of `status/listing/update` (262)",
            "Every status of the listing, each once, in the new order; a status missing, one of "
            "another listing or account, an unknown ID or one given twice is 262. Statuses are "
            "added by `status/create` and removed by `status/delete`, never by an update.",
        ),
    ),
    current="status/listing/list",
)
STATUS_LISTING_DELETE = Endpoint(
    path="status/listing/delete",
    params=StatusListingDeleteParams,
    result=Result.nothing(),
    summary="Delete a working status listing with its statuses.",
    right="tracker_update",
    errors=(201, 236),
    origin="service",
    notes=f"201 for a listing that is not the account's. {_FEATURE}",
    decisions=(
        Decision(
            "Deleting a listing that trackers have",
            "Its statuses go with it and its trackers are left without a listing. " + _LEFT_WITHOUT,
        ),
    ),
)
STATUS_LISTING_TRACKER_ASSIGN = Endpoint(
    path="status/listing/tracker/assign",
    params=StatusListingTrackerAssignParams,
    result=Result.nothing(),
    summary="Assign a working status listing to a tracker, or (without `listing_id`) none.",
    right="tracker_update",
    errors=(201, 204, 208, 219, 236),
    origin="service",
    notes=(
        "201 for a tracker the caller cannot see, 208 for a blocked one, 219 for a clone, 204 "
        f"for a listing that is not the account's. {_FEATURE}"
    ),
    decisions=(
        Decision(
            "A tracker's status when its listing changes",
            "A tracker has at most one listing: assigning another replaces it, and assigning the "
            "one it has, or none to a tracker without one, changes nothing (no 263 is "
            "documented). When the tracker's current status is not in its new listing (or it "
            "has none now), the change to no status is recorded: `new_status_id` null, origin "
            "`supervisor`, at the tracker's position.",
        ),
    ),
)
STATUS_LIST = Endpoint(
    path="status/list",
    params=StatusListParams,
    result=Result.field("list", list[WorkStatus]),
    summary="List the statuses of a working status listing, in the listing's order.",
    errors=(201, 236),
    safe=True,
    origin="service",
    notes=_FEATURE,
    decisions=(
        Decision(
            "`status/list` of a listing that is not the account's",
            "201, as the calls about a listing answer (the documentation lists no code).",
        ),
    ),
)
STATUS_CREATE = Endpoint(
    path="status/create",
    params=StatusCreateParams,
    result=Result.field("id", int),
    summary="Add a working status at the end of a listing and get its ID.",
    right="tracker_update",
    errors=(201, 236, 268),
    origin="service",
    notes=(
        "201 for a listing that is not the account's; 268 past the quota (see "
        f"`status/listing/create`). {_FEATURE}"
    ),
)
STATUS_UPDATE = Endpoint(
    path="status/update",
    params=StatusUpdateParams,
    result=Result.nothing(),
    summary="Change a working status's label and color.",
    right="tracker_update",
    errors=(201, 236),
    origin="service",
    notes=(
        "201 for a status that is not the account's. Trackers with the status show it changed; "
        f"their last change stays as it was. {_FEATURE}"
    ),
    current="status/list",
)
STATUS_DELETE = Endpoint(
    path="status/delete",
    params=StatusDeleteParams,
    result=Result.nothing(),
    summary="Delete a working status from its listing.",
    right="tracker_update",
    errors=(201, 236),
    origin="service",
    notes=f"201 for a status that is not the account's. {_FEATURE}",
    decisions=(
        Decision(
            "Deleting a status trackers have",
            "It leaves its listing. " + _LEFT_WITHOUT,
        ),
    ),
)
STATUS_TRACKER_ASSIGN = Endpoint(
    path="status/tracker/assign",
    params=StatusTrackerAssignParams,
    result=Result.field("last_change", StatusChange | None),
    summary="Change a tracker's working status to one of its listing; get the change.",
    right="tracker_update",
    errors=(13, 201, 204, 208, 219, 236, 263),
    origin="service",
    notes=(
        "201 for a tracker the caller cannot see, 208 for a blocked one, 219 for a clone; 204 "
        "when the status is not in the tracker's listing (or it has none); 13 when the listing "
        "is not `supervisor_controlled`; 263 when the status is the tracker's already. " + _FEATURE
    ),
    decisions=(
        Decision(
            "The right to change a tracker's working status",
            "`tracker_update`: the documentation of the call names none, and the security "
            "groups' description of `tracker_update` covers working statuses. A sub-user changes "
            "only the statuses of the trackers it sees (201 for the others).",
        ),
        Decision(
            "The order of the checks of `status/tracker/assign`",
            "236, then the tracker (201, 208, 219), the status in its listing (204), the "
            "listing's `supervisor_controlled` (13), the status already the tracker's (263).",
        ),
        Decision(
            "What a change of working status records",
            "A change (`last_change`) with the old and new status, origin `supervisor` (every "
            "change through the API is a supervisor's; changes by employees come from the "
            "mobile app, which a world document's `status_changes` can hold), the time, and "
            "the tracker's last position with the gazetteer's nearest address (null without a "
            "position). Each `work_status_change` rule bound to the tracker that works there "
            "and then (not suspended, in its schedule and zones) and whose "
            "`extended_params.status_ids` names the new status (or is empty or left out) "
            "records a `work_status_change` event with its `primary_text` (else the event's "
            "description and the status's label: `Work status changed: Busy`).",
        ),
    ),
)
STATUS_TRACKER_READ = Endpoint(
    path="status/tracker/read",
    params=StatusTrackerReadParams,
    result=Result.body(TrackerWorkStatus),
    summary="Read a tracker's current working status and the last change of it.",
    errors=(201, 208, 219, 236),
    safe=True,
    origin="service",
    notes=(
        "201 for a tracker the caller cannot see, 208 for a blocked one, 219 for a clone; "
        "`current_status` is null when the tracker has no status, `last_change` when it never "
        f"changed. {_FEATURE}"
    ),
)
STATUS_TRACKER_LIST = Endpoint(
    path="status/tracker/list",
    params=StatusTrackerListParams,
    result=Result.field("value", dict[str, TrackerWorkStatus]),
    summary="Read the current working status of several trackers, by tracker ID.",
    errors=(217, 221, 236),
    safe=True,
    origin="service",
    notes=("221 when the trackers of the dealer's accounts exceed its device limit. " + _FEATURE),
    decisions=(
        Decision(
            "Trackers `status/tracker/list` refuses (217)",
            "Every tracker the caller cannot see and every blocked one, all named, as the other "
            "calls of several trackers refuse them; a tracker named twice is answered once.",
        ),
    ),
)

ENDPOINTS = (
    STATUS_CREATE,
    STATUS_DELETE,
    STATUS_LIST,
    STATUS_UPDATE,
    STATUS_LISTING_CREATE,
    STATUS_LISTING_DELETE,
    STATUS_LISTING_LIST,
    STATUS_LISTING_UPDATE,
    STATUS_LISTING_TRACKER_ASSIGN,
    STATUS_TRACKER_ASSIGN,
    STATUS_TRACKER_LIST,
    STATUS_TRACKER_READ,
)
