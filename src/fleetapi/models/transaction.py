"""Billing transactions (``transaction/list``): what changed the account's money and bonus
balances, and when."""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = ["Transaction", "TransactionListParams"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class Transaction:
    """A billing transaction of the account."""

    description: str
    """What the transaction was for, in words."""
    type: str
    """Its kind (``bonus_charge``, ``charge``...; the service lists no closed set)."""
    subtype: str
    """Its kind within ``type`` (``register``, ``tariff_change``...)."""
    timestamp: dt.datetime
    """When it was made."""
    user_id: int
    """The user it concerns."""
    dealer_id: int
    """The user's dealer."""
    tracker_id: int
    """The tracker it concerns; 0 for none."""
    amount: float
    """The money added to the balance; negative when taken from it."""
    new_balance: float
    """The money balance after it."""
    old_balance: float
    """The money balance before it."""
    bonus_amount: float
    """The bonus added to the bonus balance; negative when taken from it."""
    new_bonus: float
    """The bonus balance after it."""
    old_bonus: float
    """The bonus balance before it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TransactionListParams:
    """Parameters of ``transaction/list``."""

    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """The end of the period, later than ``from``."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """At most this many, the oldest first (default: every one of the period)."""
