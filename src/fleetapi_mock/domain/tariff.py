"""What the plan calls share: the plans a user's dealer offers, the rules of a switch between
them, the freeze period after a switch, and the charge of an early one.

A user's plans are those of its *effective dealer*: its dealer, or that dealer's parent when it
has one (a sub-dealer). A plan without ``dealer_id`` is every dealer's. A tracker switches
only to another active plan of its plan's group, for the account's legal type; within the
freeze period after its last switch (the platform value ``tariff.freeze.period``, else
:data:`DEFAULT_FREEZE_PERIOD`) only to a plan with an ``early_change_price``, which the
account pays from its money balance: the charge is a transaction of ``transaction/list``.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Final

import attrs

from fleetapi._converter import parse_duration
from fleetapi.models.tariff import Tariff
from fleetapi_mock.domain.context import Context
from fleetapi_mock.state.records import (
    TariffRecord,
    TrackerRecord,
    TransactionRecord,
    UserRecord,
    convert,
)
from fleetapi_mock.state.world import World

__all__ = [
    "CHARGE_SUBTYPE",
    "CHARGE_TYPE",
    "DEFAULT_FREEZE_PERIOD",
    "FLEET_FEATURE",
    "TASKS_FEATURE",
    "allowed_maps",
    "charge_early_change",
    "days_to_next_change",
    "frozen_for",
    "has_feature",
    "of_dealer",
    "offered",
    "storage_period",
    "store_period",
    "switch_refusal",
    "wire_tariff",
]

DEFAULT_FREEZE_PERIOD = dt.timedelta(days=30)
"""How long after a change of plan the next one is not free, when the dealer's platform sets
no ``tariff.freeze.period``."""

TASKS_FEATURE: Final = "app_tasks"
"""The tariff feature of tasks: a tracker takes tasks, routes and scheduled tasks (236 without)."""
FLEET_FEATURE: Final = "app_fleet"
"""The tariff feature of fleet management: a tracker's employee, its waybills (236 without)."""

CHARGE_TYPE = "charge"
"""The ``type`` of the transaction an early change of plan writes."""
CHARGE_SUBTYPE = "tariff_change"
"""The ``subtype`` of the transaction an early change of plan writes."""

_DAY = dt.timedelta(days=1)
_UNITS = (("y", 365), ("m", 30))
"""The units of a ``store_period`` longer than days, each in days."""


def has_feature(world: World, tracker: TrackerRecord, feature: str) -> bool:
    """Whether the tariff of ``tracker`` has ``feature`` (``app_fleet``, ``chat``...): the calls
    that need one answer 236 without it."""
    tariff = world.tariffs.get(tracker.tariff_id)
    return tariff is not None and feature in tariff.features


def store_period(period: dt.timedelta) -> str:
    """A storage period in its largest whole unit: ``1y`` (365 days), ``3m`` (30 days),
    ``5d``, else hours (``2h``)."""
    hours = period // dt.timedelta(hours=1)
    days, rest = divmod(hours, 24)
    if rest or not days:
        return f"{hours}h"
    for unit, size in _UNITS:
        if days % size == 0:
            return f"{days // size}{unit}"
    return f"{days}d"


def storage_period(text: str) -> dt.timedelta:
    """The storage period a ``store_period`` tells (``1y``, ``3m``, ``5d``, ``2h``): the
    reverse of :func:`store_period`."""
    number, unit = int(text[:-1]), text[-1]
    days = {**dict(_UNITS), "d": 1}.get(unit)
    return dt.timedelta(hours=number) if days is None else dt.timedelta(days=number * days)


def wire_tariff(record: TariffRecord) -> Tariff:
    """The API's object of a plan."""
    return convert(
        Tariff, record, name=record.label, store_period=store_period(record.storage_period)
    )


def _plans_dealer(ctx: Context) -> int:
    """The caller's effective dealer: the account's dealer, or its parent (a sub-dealer's)."""
    dealer_id = ctx.account.dealer_id
    dealer = ctx.world.dealers.get(dealer_id)
    return dealer_id if dealer is None or dealer.parent_id is None else dealer.parent_id


def of_dealer(ctx: Context, plan: TariffRecord | None) -> bool:
    """Whether ``plan`` is one of the caller's effective dealer's."""
    return plan is not None and plan.dealer_id in (None, _plans_dealer(ctx))


def offered(ctx: Context, plan: TariffRecord) -> bool:
    """Whether the caller's effective dealer offers ``plan`` to the account's legal type."""
    legal = plan.legal_types
    return of_dealer(ctx, plan) and (legal is None or ctx.account.profile.legal_type in legal)


def switch_refusal(ctx: Context, current: TariffRecord | None, new: TariffRecord) -> str | None:
    """Why a tracker on ``current`` may not switch to ``new`` (the dealer's plan), or ``None``:
    ``current`` is not the dealer's, ``new`` is the same plan, inactive, of another group or
    not for the account's legal type (238)."""
    if current is None or not of_dealer(ctx, current):
        return "the tracker's plan is not the dealer's"
    if new.id == current.id:
        return f"the tracker is on plan {new.id} already"
    if not new.active:
        return f"plan {new.id} is not active"
    if new.group_id != current.group_id:
        return f"plan {new.id} is not of the group of the tracker's plan"
    if not offered(ctx, new):
        return f"plan {new.id} is not for the account's legal type"
    return None


def _freeze_period(ctx: Context) -> dt.timedelta:
    value = ctx.world.platform_value(ctx.account, "tariff.freeze.period", None)
    if isinstance(value, str):
        try:
            return parse_duration(value)
        except ValueError:
            pass
    return DEFAULT_FREEZE_PERIOD


def frozen_for(ctx: Context, tracker: TrackerRecord) -> dt.timedelta | None:
    """How long the freeze period after the tracker's last change of plan still runs (zero at
    its very end); ``None`` when a change is free now."""
    if tracker.tariff_changed is None:
        return None
    left = tracker.tariff_changed + _freeze_period(ctx) - ctx.now()
    return left if left >= dt.timedelta(0) else None


def days_to_next_change(ctx: Context, tracker: TrackerRecord) -> int:
    """The days until a change of the tracker's plan is free (a part of a day is one); 0 when
    one is free now."""
    left = frozen_for(ctx, tracker)
    return 0 if left is None else max(1, math.ceil(left / _DAY))


def charge_early_change(ctx: Context, tracker: TrackerRecord, plan: TariffRecord) -> None:
    """Charge the account ``plan``'s ``early_change_price`` for switching ``tracker`` to it
    within the freeze period: taken from the money balance (below zero if need be) and written
    as a transaction."""
    price = plan.early_change_price or 0.0
    account = ctx.account
    profile = account.profile
    balance = round(profile.balance - price, 4)
    ctx.world.users.change(account.id, profile=attrs.evolve(profile, balance=balance))
    transaction_id = ctx.world.ids.next("transactions")
    ctx.world.transactions[transaction_id] = TransactionRecord(
        id=transaction_id,
        description=f"Early change of the plan of {tracker.label} to {plan.label}",
        type=CHARGE_TYPE,
        subtype=CHARGE_SUBTYPE,
        timestamp=ctx.now().replace(microsecond=0),
        user_id=account.id,
        dealer_id=account.dealer_id,
        tracker_id=tracker.id,
        amount=-price if price else 0.0,
        new_balance=balance,
        old_balance=profile.balance,
        bonus_amount=0.0,
        new_bonus=profile.bonus,
        old_bonus=profile.bonus,
    )


def allowed_maps(world: World, master: UserRecord) -> list[str]:
    """The maps an account may open: its own (the profile's ``allowed_maps``) that the plan of
    at least one of its trackers offers (a plan's ``map_filter``); all its own without
    trackers."""
    plans = {t.tariff_id for t in World.owned_by(world.trackers, master.id)}
    filters = [world.tariffs[p].map_filter for p in plans if p in world.tariffs]
    if not filters:
        return list(master.profile.allowed_maps)
    return [
        name
        for name in master.profile.allowed_maps
        if any((name in f.values) != f.exclusion for f in filters)
    ]
