"""Who a tracker is in touch with: the trusted phone numbers of a device
(``tracker/trusted_number/*``) and the users who share their trackers with the account
(``tracker/contact/list``, deprecated by the service), as the service documents them."""

from __future__ import annotations

import builtins
from typing import Final

import attrs

from fleetapi._rules import rules
from fleetapi.models.tracker import Tracker

__all__ = [
    "MAX_TRUSTED_NUMBERS",
    "TRUSTED_NUMBER_PATTERN",
    "TrackerContact",
    "TrackerContactList",
    "TrustedNumberUpdateParams",
]

TRUSTED_NUMBER_PATTERN: Final = r"^[0-9]{10,15}$"
"""A trusted number: 10 to 15 digits, the international form without ``+``
(``496156680000``)."""

MAX_TRUSTED_NUMBERS: Final = 100
"""The most trusted numbers a tracker keeps."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrustedNumberUpdateParams:
    """Parameters of ``tracker/trusted_number/update``: the tracker's whole new list."""

    tracker_id: int
    """The tracker."""
    list: builtins.list[str] = attrs.field(metadata=rules(max_items=MAX_TRUSTED_NUMBERS))
    """Every trusted number of the tracker, each 10 to 15 digits without ``+``
    (``496156680000``); an empty list clears them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerContact:
    """A user who shares the locations of some of their trackers with the account."""

    user_id: int
    """The user the contact is with."""
    first_name: str
    middle_name: str
    last_name: str
    trackers: list[Tracker]
    """Their trackers whose locations they share with the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerContactList:
    """What ``tracker/contact/list`` answers: the contacts and the user's own trackers."""

    contacts: list[TrackerContact]
    """Every contact of the account."""
    trackers: list[Tracker]
    """The trackers the user sees, as ``tracker/list`` answers them."""
