"""What the working status tests share: the demo world's courier listing and its tracker, and
making listings, statuses and sub-users.

The demo world's courier listing 1 (statuses Free 1, Busy 2, On break 3, Off duty 4) is Anna's
phone's (tracker 4), whose employee set it to Free in the app this morning.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from fleetapi.models.status import NewStatusListing, NewWorkStatus, StatusListing
from fleetapi_mock import FleetMock, demo_document

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's clock (the demo user's time zone is UTC)."""

ANNA = 4
"""Anna's phone: the tracker of the demo's courier listing 1."""


def listing_of(client: Any, listing_id: int = 1) -> StatusListing:
    """The account's listing ``listing_id`` as ``status/listing/list`` answers it."""
    return next(s for s in client.status.listing.list() if s.id == listing_id)


def labels_of(client: Any, listing_id: int = 1) -> list[str]:
    """The labels of the listing's statuses, in its order."""
    return [s.label for s in client.status.list(listing_id=listing_id)]


def new_listing(client: Any, label: str = "Night shift", *, supervisor: bool = True) -> int:
    """A new listing of the caller's account; its ID."""
    listing = NewStatusListing(
        label=label, employee_controlled=True, supervisor_controlled=supervisor
    )
    listing_id: int = client.status.listing.create(listing=listing)
    return listing_id


def new_status(client: Any, listing_id: int, label: str, color: str = "2196F3") -> int:
    """A new status at the end of the listing; its ID."""
    status_id: int = client.status.create(
        listing_id=listing_id, status=NewWorkStatus(label=label, color=color)
    )
    return status_id


def mock_with_dispatcher(**changes: Any) -> FleetMock:
    """The demo world whose sub-user ``dispatcher`` has ``changes`` (``rights``, ``trackers``)."""
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher.update(security_group_id=None, **changes)
    return FleetMock(document)
