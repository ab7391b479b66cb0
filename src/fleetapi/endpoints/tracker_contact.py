"""Who a tracker is in touch with (``tracker/trusted_number/*``, ``tracker/contact/list``):
the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_contact import (
    MAX_TRUSTED_NUMBERS,
    TrackerContactList,
    TrustedNumberUpdateParams,
)

TRACKER_CONTACT_LIST = Endpoint(
    path="tracker/contact/list",
    params=NoParams,
    result=Result.body(TrackerContactList),
    summary="List the users sharing trackers with the account, and the user's own trackers.",
    errors=(201,),
    safe=True,
    origin="service",
    notes="Deprecated by the service; answered as documented.",
    decisions=(
        Decision(
            "`tracker/contact/list` contacts",
            "The account's contacts of the world (`contacts`), each a user of another "
            "account with the trackers of theirs it shares, by ID; every user of the account "
            "sees them. `trackers` are those `tracker/list` answers the caller.",
        ),
    ),
)
TRACKER_TRUSTED_NUMBER_LIST = Endpoint(
    path="tracker/trusted_number/list",
    params=TrackerReadParams,
    result=Result.field("list", list[str]),
    summary="List a tracker's trusted phone numbers.",
    errors=(201, 208),
    safe=True,
    origin="service",
)
TRACKER_TRUSTED_NUMBER_UPDATE = Endpoint(
    path="tracker/trusted_number/update",
    params=TrustedNumberUpdateParams,
    result=Result.nothing(),
    summary="Replace a tracker's trusted phone numbers with a new list.",
    right="tracker_update",
    errors=(7, 201, 208),
    origin="service",
    decisions=(
        Decision(
            "Trusted numbers",
            "Each 10 to 15 digits, without `+` (7 naming `list[i]` otherwise); a number given "
            f"twice is kept once, in the order given; at most {MAX_TRUSTED_NUMBERS} per tracker "
            "(7). An empty list clears them.",
        ),
    ),
)

ENDPOINTS = (TRACKER_CONTACT_LIST, TRACKER_TRUSTED_NUMBER_LIST, TRACKER_TRUSTED_NUMBER_UPDATE)
