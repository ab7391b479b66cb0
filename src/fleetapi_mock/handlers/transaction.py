"""Billing transactions: the account's, over a period, the oldest first.

The world's ``transactions`` hold them (a world document's, and the charges of early changes of
plan, :mod:`fleetapi_mock.domain.tariff`). Everything is the account's: a sub-user needs the
``payment_create`` right (the router checks it) and then sees the account's, less those of
trackers it may not see.
"""

from __future__ import annotations

from fleetapi._types import Unset
from fleetapi.endpoints.transaction import TRANSACTION_LIST
from fleetapi.models.transaction import Transaction, TransactionListParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import convert


@handles(TRANSACTION_LIST)
def transaction_list(ctx: Context, params: TransactionListParams) -> list[Transaction]:
    """The account's transactions from ``from`` to ``to`` (both included; those of a tracker
    only if the caller sees it), the oldest first, at most ``limit``; 7 unless ``to`` is
    later than ``from``, 211 for a period longer than the platform's
    ``report.max_time_span``."""
    start, end = ctx.period(params.from_, params.to)
    seen = ctx.visible_tracker_ids()
    found = [
        t
        for t in ctx.owned(ctx.world.transactions)
        if start <= t.timestamp <= end and (not t.tracker_id or t.tracker_id in seen)
    ]
    found.sort(key=lambda t: (t.timestamp, t.id))
    if not isinstance(params.limit, Unset):
        found = found[: params.limit]
    return [convert(Transaction, t, timestamp=ctx.user_time(t.timestamp)) for t in found]
