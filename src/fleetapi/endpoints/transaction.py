"""Billing transactions: what changed the account's balances over a period."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.transaction import Transaction, TransactionListParams

TRANSACTION_LIST = Endpoint(
    path="transaction/list",
    params=TransactionListParams,
    result=Result.field("list", list[Transaction]),
    summary="List the account's billing transactions over a period.",
    right="payment_create",
    errors=(211,),
    safe=True,
    origin="service",
    notes="7 unless `to` is later than `from`; 211 when the period is longer than the "
    "platform's `report.max_time_span`.",
    decisions=(
        Decision(
            "Which transactions `transaction/list` lists",
            "The account's (a sub-user with `payment_create` sees the account's, less those "
            "of trackers it may not see) made from `from` to `to`, both included, the oldest "
            "first, at most `limit` (`tests/sdk/test_transaction.py`).",
        ),
        Decision(
            "Transaction types",
            "The service lists no values of `type` and `subtype`: an early change of plan "
            "(`tariff/tracker/change`) writes type `charge`, subtype `tariff_change`, with "
            "the tracker's ID and a description naming the tracker and the plan; a world "
            "document may hold any others (the demo's top-up is `payment`/`partner`, as the "
            "service's panel writes a change of balance) (`tests/sdk/test_transaction.py`).",
        ),
    ),
)

ENDPOINTS = (TRANSACTION_LIST,)
