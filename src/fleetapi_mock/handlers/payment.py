"""Payments: ``payment_system/*``, ``bill/*`` and ``subscription/avangate/*``.

Everything here belongs to the account (the master user), whoever of it calls: a sub-user
needs the ``payment_create`` right (the router checks it) and then sees the account's bills,
subscriptions and estimate, all its trackers counted.

- The payment system is the account's dealer's ``payment_settings`` (201 when it has none).
- The monthly estimate adds up the ``price`` of the tariff of every tracker of the account that
  is neither blocked nor a clone, rounded up to hundreds for RUB and to tens otherwise.
- Bills need plugin 29 in the account's ``plugins`` (222 otherwise).
- External subscriptions need a dealer whose payment system is ``avangate``: with any other
  (or none) the provider cannot be reached and the calls answer 215, as does cancelling a
  reference the provider does not know for the account.
"""

from __future__ import annotations

import math

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntityNotFoundError, ExternalServiceError, PluginNotFoundError
from fleetapi.endpoints.payment import (
    BILL_CREATE,
    BILL_LIST,
    PAYMENT_SYSTEM_ESTIMATE_GET,
    PAYMENT_SYSTEM_LIST,
    SUBSCRIPTION_AVANGATE_CANCEL,
    SUBSCRIPTION_AVANGATE_LIST,
)
from fleetapi.models.payment import (
    Bill,
    BillCreateParams,
    BillList,
    BillListParams,
    ExternalSubscription,
    PaymentSystemSettings,
    SubscriptionCancelParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import BillRecord, DealerRecord, SubscriptionRecord, convert

__all__ = ["BILLS_PLUGIN", "EXTERNAL_PROVIDER", "monthly_estimate"]

BILLS_PLUGIN = 29
"""The plugin an account needs for ``bill/create`` and ``bill/list``."""

EXTERNAL_PROVIDER = "avangate"
"""The payment system type whose dealers' users can reach external subscriptions."""

BILL_POSITION = "Monitoring services"
"""The one position of a bill made with ``bill/create``."""

DEFAULT_CURRENCY = "USD"


def _dealer(ctx: Context) -> DealerRecord | None:
    return ctx.world.dealers.get(ctx.account.dealer_id)


def _currency(dealer: DealerRecord | None) -> str:
    if dealer is not None and dealer.payment_settings is not None:
        return dealer.payment_settings.currency
    if dealer is not None and dealer.settings is not None:
        return str(dealer.settings.currency)
    return DEFAULT_CURRENCY


def monthly_estimate(ctx: Context) -> tuple[float, str]:
    """The account's monthly estimate, rounded up, and its currency."""
    account = ctx.account.id
    total = sum(
        ctx.world.tariffs[t.tariff_id].price
        for t in ctx.world.trackers.values()
        if ctx.world.belongs(t, account)
        and not t.blocked
        and not t.clone
        and t.tariff_id in ctx.world.tariffs
    )
    currency = _currency(_dealer(ctx))
    step = 100 if currency.upper() == "RUB" else 10
    return float(math.ceil(round(total, 2) / step) * step), currency


@handles(PAYMENT_SYSTEM_LIST)
def payment_system_list(ctx: Context, params: NoParams) -> list[PaymentSystemSettings]:
    """The dealer's payment system; 201 when the dealer has none."""
    dealer = _dealer(ctx)
    if dealer is None or dealer.payment_settings is None:
        raise EntityNotFoundError("the dealer has no payment system")
    return [dealer.payment_settings]


@handles(PAYMENT_SYSTEM_ESTIMATE_GET)
def payment_estimate(ctx: Context, params: NoParams) -> float:
    """The monthly estimate from the account's trackers and their tariffs' prices.

    Rounded up to tens (to hundreds for RUB).
    """
    return monthly_estimate(ctx)[0]


def _require_bills_plugin(ctx: Context) -> None:
    if BILLS_PLUGIN not in ctx.account.plugins:
        raise PluginNotFoundError(f"plugin {BILLS_PLUGIN} (bills) is not available to the user")


def _wire_bill(ctx: Context, record: BillRecord) -> Bill:
    return convert(Bill, record, created=ctx.user_time(record.created))


@handles(BILL_CREATE)
def bill_create(ctx: Context, params: BillCreateParams) -> int:
    """A new bill of one position, status ``created``; 222 without plugin 29."""
    _require_bills_plugin(ctx)
    order_id = ctx.world.ids.next("bills")
    while order_id in ctx.world.bills:
        order_id = ctx.world.ids.next("bills")
    dealer = _dealer(ctx)
    domain = dealer.ui_domain if dealer is not None else "localhost"
    ctx.world.bills[order_id] = BillRecord(
        user_id=ctx.account.id,
        order_id=order_id,
        created=ctx.now().replace(microsecond=0),
        sum=round(params.sum, 2),
        status="created",
        positions=[BILL_POSITION],
        link=f"https://{domain}/bill/{order_id}",
    )
    return order_id


@handles(BILL_LIST)
def bill_list(ctx: Context, params: BillListParams) -> BillList:
    """The account's bills, newest first, a page at a time, with their total ``count``.

    222 without plugin 29.
    """
    _require_bills_plugin(ctx)
    records = ctx.owned(ctx.world.bills)[::-1]
    shown = search.page(records, params.offset, params.limit, default_limit=10000)
    return BillList(count=len(records), bills=[_wire_bill(ctx, b) for b in shown])


def _require_provider(ctx: Context) -> None:
    dealer = _dealer(ctx)
    settings = dealer.payment_settings if dealer is not None else None
    if settings is None or settings.type != EXTERNAL_PROVIDER:
        raise ExternalServiceError("the external payment service is not available to the user")


def _wire_subscription(ctx: Context, record: SubscriptionRecord) -> ExternalSubscription:
    return convert(
        ExternalSubscription, record, expiration_date=ctx.user_time(record.expiration_date)
    )


@handles(SUBSCRIPTION_AVANGATE_LIST)
def subscription_list(ctx: Context, params: NoParams) -> list[ExternalSubscription]:
    """The account's active external subscriptions, next renewal first.

    215 when the dealer's payment system is not ``avangate``.
    """
    _require_provider(ctx)
    records = sorted(ctx.owned(ctx.world.subscriptions), key=lambda s: s.expiration_date)
    return [_wire_subscription(ctx, s) for s in records]


@handles(SUBSCRIPTION_AVANGATE_CANCEL)
def subscription_cancel(ctx: Context, params: SubscriptionCancelParams) -> None:
    """Stop a subscription's renewals (it leaves the list).

    215 when the dealer's payment system is not ``avangate``, or for a reference the provider
    does not know for the account.
    """
    _require_provider(ctx)
    record = ctx.owned_get(ctx.world.subscriptions, params.reference)
    if record is None:
        raise ExternalServiceError(f"the payment service knows no subscription {params.reference}")
    del ctx.world.subscriptions[record.reference]
