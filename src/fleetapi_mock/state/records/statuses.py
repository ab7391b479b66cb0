"""Statuses the account names: the working statuses of its employees' trackers (listings, their
statuses, each change of a tracker's status) and the statuses of its vehicles."""

from __future__ import annotations

import attrs

from fleetapi.models.status import NewStatusListing, NewWorkStatus, StatusChange
from fleetapi.models.vehicle import VehicleStatus

__all__ = [
    "StatusChangeRecord",
    "StatusListingRecord",
    "VehicleStatusRecord",
    "WorkStatusRecord",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListingRecord(NewStatusListing):
    """A working status listing: the API's listing less its ``entries`` (its statuses name
    it), its owner and the trackers it is assigned to."""

    id: int
    user_id: int
    """The master user owning the listing."""
    trackers: list[int] = attrs.Factory(list)
    """The trackers the listing is assigned to (a tracker has at most one listing)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WorkStatusRecord(NewWorkStatus):
    """A working status: the API's status, its owner, its listing and its place there."""

    id: int
    user_id: int
    """The master user owning the status (its listing's owner)."""
    listing_id: int
    """The listing the status belongs to."""
    position: int = 0
    """Its place in the listing: the listing's ``entries`` are its statuses by position, then
    by ID."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusChangeRecord(StatusChange):
    """A change of a tracker's working status: the API's change (``changed`` in UTC) and the
    tracker. A tracker's last change (the highest ID) says its current status."""

    tracker_id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleStatusRecord(VehicleStatus):
    """A vehicle status of an account: the API's status and its owner."""

    user_id: int
    """The master user owning the status."""
