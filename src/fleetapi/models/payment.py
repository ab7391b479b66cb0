"""Payments: payment systems, the monthly estimate, bills and external subscriptions."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "Bill",
    "BillCreateParams",
    "BillList",
    "BillListParams",
    "BillStatus",
    "ExternalSubscription",
    "PaymentSystemSettings",
    "SubscriptionCancelParams",
]

BillStatus = Literal["created", "settled", "canceled"]
"""``created`` is a bill not settled yet."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PaymentSystemSettings:
    """A payment system available to the user, and how to pay through it."""

    type: str
    """The payment system type."""
    url: str
    """Where to send the payment information."""
    account: str | Unset = UNSET
    """The dealer's account in the payment system."""
    currency: str
    """ISO 4217 three-letter currency code."""
    payment_code: str | Unset = UNSET
    subscription_code: str
    """Like ``payment_code``, for subscriptions."""
    methods: list[str] | Unset = UNSET
    """The payment methods offered (may be empty)."""
    prices: dict[str, float] | Unset = UNSET
    """Prices by name; in-app purchase systems only."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Bill:
    """A bill (an order to pay)."""

    order_id: int
    """The bill's unique ID."""
    created: dt.datetime
    sum: float
    """In the panel's default currency."""
    status: BillStatus
    positions: list[str]
    """Position names; exactly one for a bill made with ``bill/create``."""
    link: str
    """URL of the order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BillList:
    """One page of ``bill/list``."""

    count: int
    """The number of bills ignoring paging."""
    bills: list[Bill]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ExternalSubscription:
    """A subscription (auto-renewal) held with the external payment provider."""

    reference: str
    """The provider's subscription code; pass it to ``subscription/avangate/cancel``."""
    code: str
    """The provider's product code."""
    quantity: int
    expiration_date: dt.datetime
    """The next renewal."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BillCreateParams:
    """Parameters of ``bill/create``."""

    payer: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """A description of the payer."""
    sum: float = attrs.field(metadata=rules(minimum=0.01, maximum=1_000_000_000))
    """In the panel's default currency; at least 0.01."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BillListParams:
    """Parameters of ``bill/list``."""

    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0, maximum=10000))
    """At most this many bills (maximum and default 10000)."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Zero-based index of the first bill (default 0)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubscriptionCancelParams:
    """Parameters of ``subscription/avangate/cancel``."""

    reference: str = attrs.field(metadata=rules(not_blank=True, max_length=255))
    """The subscription's ``reference`` from ``subscription/avangate/list``."""
