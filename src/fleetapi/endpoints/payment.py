"""Payments, bills and external subscriptions."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.payment import (
    BillCreateParams,
    BillList,
    BillListParams,
    ExternalSubscription,
    PaymentSystemSettings,
    SubscriptionCancelParams,
)

_EXTPAY = (
    "The spec writes the provider segment as `extpay`; the real service names it `avangate` "
    "(2Checkout, formerly Avangate), so the call lives at `{path}` and answers on `{alias}` too."
)

PAYMENT_SYSTEM_LIST = Endpoint(
    path="payment_system/list",
    params=NoParams,
    result=Result.field("list", list[PaymentSystemSettings]),
    summary="List the payment systems available to the user.",
    right="payment_create",
    errors=(201,),
    safe=True,
    decisions=(
        Decision(
            "Payment systems",
            "The user's dealer's payment settings (a dealer has at most one); 201 when it has "
            "none.",
        ),
    ),
)
PAYMENT_SYSTEM_ESTIMATE_GET = Endpoint(
    path="payment_system/estimate/get",
    params=NoParams,
    result=Result.field("value", float),
    summary="Estimate the monthly payment (rounded up to hundreds for rubles, to tens otherwise).",
    right="payment_create",
    safe=True,
    decisions=(
        Decision(
            "Monthly estimate",
            "The sum of the monthly `price` of the tariff of every tracker of the account that "
            "is neither blocked nor a clone, in the payment system's currency (else the dealer's "
            "interface currency, else USD), rounded up to hundreds for RUB and to tens "
            "otherwise. A sub-user's estimate covers the whole account.",
        ),
    ),
)
BILL_CREATE = Endpoint(
    path="bill/create",
    params=BillCreateParams,
    result=Result.field("value", int),
    summary="Create a bill for the user and get its ID.",
    right="payment_create",
    errors=(222,),
    decisions=(
        Decision(
            "Which accounts have plugin 29 (bills)",
            "Those whose master user's record lists `29` in `plugins`; others get 222 from "
            "`bill/create` and `bill/list`.",
        ),
        Decision(
            "New bills",
            "Status `created`, one position `Monitoring services`, `sum` rounded to cents (at "
            "least 0.01), a link `https://<dealer domain>/bill/<order_id>`. `payer` is required, "
            "not blank, printable, at most 255 characters.",
        ),
    ),
)
BILL_LIST = Endpoint(
    path="bill/list",
    params=BillListParams,
    result=Result.body(BillList),
    summary="List the user's bills, a page at a time.",
    right="payment_create",
    errors=(222,),
    safe=True,
    paging=Paging(items="bills", total="count", default_limit=10000, max_limit=10000),
    decisions=(
        Decision(
            "`bill/list` order",
            "Newest first (by `order_id`); `offset` at least 0, `limit` 0 to 10000. `count` is "
            "the number of the account's bills ignoring paging.",
        ),
    ),
)
SUBSCRIPTION_AVANGATE_CANCEL = Endpoint(
    path="subscription/avangate/cancel",
    params=SubscriptionCancelParams,
    result=Result.nothing(),
    summary="Cancel the auto-renewal of an external subscription.",
    right="payment_create",
    errors=(215,),
    aliases=("subscription/extpay/cancel",),
    notes=_EXTPAY.format(path="subscription/avangate/cancel", alias="subscription/extpay/cancel"),
    decisions=(
        Decision(
            "Cancelling a subscription",
            "Stops its renewals: it leaves the list of active subscriptions.",
        ),
    ),
)
SUBSCRIPTION_AVANGATE_LIST = Endpoint(
    path="subscription/avangate/list",
    params=NoParams,
    result=Result.field("list", list[ExternalSubscription]),
    summary="List the active external subscriptions (renewals).",
    right="payment_create",
    errors=(215,),
    safe=True,
    aliases=("subscription/extpay/list",),
    notes=_EXTPAY.format(path="subscription/avangate/list", alias="subscription/extpay/list"),
)

ENDPOINTS = (
    PAYMENT_SYSTEM_LIST,
    PAYMENT_SYSTEM_ESTIMATE_GET,
    BILL_CREATE,
    BILL_LIST,
    SUBSCRIPTION_AVANGATE_CANCEL,
    SUBSCRIPTION_AVANGATE_LIST,
)
