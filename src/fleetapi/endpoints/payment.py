"""Payments, bills and external subscriptions."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Paging, Result
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
    notes="The payment system of the user's dealer; code 201 when the dealer has none.",
)
PAYMENT_SYSTEM_ESTIMATE_GET = Endpoint(
    path="payment_system/estimate/get",
    params=NoParams,
    result=Result.field("value", float),
    summary="Estimate the monthly payment (rounded up to hundreds for rubles, to tens otherwise).",
    right="payment_create",
    safe=True,
    notes=(
        "The mock adds up the monthly tariff price of every tracker of the account that is "
        "neither blocked nor a clone, in the payment system's currency."
    ),
)
BILL_CREATE = Endpoint(
    path="bill/create",
    params=BillCreateParams,
    result=Result.field("value", int),
    summary="Create a bill for the user and get its ID.",
    right="payment_create",
    errors=(222,),
    notes=(
        "Code 222 when plugin 29 (bills) is not available to the user. The bill starts "
        "`created`, with one position; `sum` is rounded to cents."
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
    notes="Newest bill first; `count` is the number of the account's bills ignoring paging.",
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
