"""Who a tracker is in touch with: its trusted numbers (``tracker/trusted_number/*``) and the
account's contacts (``tracker/contact/*``).

A tracker's trusted numbers are the world's ``trusted_numbers`` record of it (none without
one). The account's contacts are the world's ``contacts``: users of other accounts sharing
some of their trackers with it; the world document sets them, no call makes them.
"""

from __future__ import annotations

import re

from fleetapi._endpoint import NoParams
from fleetapi._errors import InvalidParametersError
from fleetapi.endpoints.tracker_contact import (
    TRACKER_CONTACT_LIST,
    TRACKER_TRUSTED_NUMBER_LIST,
    TRACKER_TRUSTED_NUMBER_UPDATE,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_contact import (
    TRUSTED_NUMBER_PATTERN,
    TrackerContact,
    TrackerContactList,
    TrustedNumberUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker, wire_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ContactRecord, TrustedNumbersRecord

_TRUSTED_NUMBER = re.compile(TRUSTED_NUMBER_PATTERN)


@handles(TRACKER_TRUSTED_NUMBER_LIST)
def tracker_trusted_number_list(ctx: Context, params: TrackerReadParams) -> list[str]:
    """The tracker's trusted numbers, in the order they were given (201, 208 first)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    kept = ctx.world.trusted_numbers.get(record.id)
    return [] if kept is None else list(kept.numbers)


@handles(TRACKER_TRUSTED_NUMBER_UPDATE)
def tracker_trusted_number_update(ctx: Context, params: TrustedNumberUpdateParams) -> None:
    """Replace the tracker's trusted numbers (201, 208; 7 naming each number that is not 10
    to 15 digits); a number given twice is kept once."""
    record = unblocked_tracker(ctx, params.tracker_id)
    errors = [
        {"parameter": f"list[{index}]", "error": "must be 10 to 15 digits, without +"}
        for index, number in enumerate(params.list)
        if _TRUSTED_NUMBER.fullmatch(number) is None
    ]
    if errors:
        raise InvalidParametersError("invalid trusted numbers", errors=errors)
    numbers = list(dict.fromkeys(params.list))
    if numbers:
        ctx.world.trusted_numbers[record.id] = TrustedNumbersRecord(
            tracker_id=record.id, numbers=numbers
        )
    else:
        ctx.world.trusted_numbers.pop(record.id, None)


def _contact(ctx: Context, record: ContactRecord) -> TrackerContact:
    user = ctx.world.users[record.contact_id]
    shared = [ctx.world.trackers.get(t) for t in record.tracker_ids]
    return TrackerContact(
        user_id=user.id,
        first_name=user.first_name,
        middle_name=user.profile.middle_name,
        last_name=user.last_name,
        trackers=[wire_tracker(t) for t in shared if t is not None],
    )


@handles(TRACKER_CONTACT_LIST)
def tracker_contact_list(ctx: Context, params: NoParams) -> TrackerContactList:
    """The account's contacts, by ID, and the trackers the caller sees."""
    return TrackerContactList(
        contacts=[_contact(ctx, r) for r in ctx.owned(ctx.world.contacts)],
        trackers=[wire_tracker(t) for t in ctx.visible_trackers()],
    )
