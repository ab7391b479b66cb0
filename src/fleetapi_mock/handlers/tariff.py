"""Tariff plans (``tariff/*``): the plans of the user's dealer, those a tracker may switch to,
and the switch.

The rules of plans are :mod:`fleetapi_mock.domain.tariff`'s. A switch checks, in order: the
tracker is the account's (201) and not a clone (219); the new plan exists (239) and is the
dealer's (237); the switch is one the plans allow (238); the account's trackers fit the new
plan's ``device_limit`` (221); outside the freeze period, or the new plan has an
``early_change_price``, which is charged (240 otherwise). The tracker then records the time
of its change, which starts a new freeze period.
"""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    CloneNotAllowedError,
    DeviceLimitExceededError,
    EntityNotFoundError,
    InvalidTariffError,
    TariffChangeNotAllowedError,
    TariffChangeTooFrequentError,
    TariffNotFoundError,
)
from fleetapi.endpoints.tariff import TARIFF_LIST, TARIFF_TRACKER_CHANGE, TARIFF_TRACKER_LIST
from fleetapi.models.tariff import (
    Tariff,
    TariffTrackerChangeParams,
    TariffTrackerList,
    TariffTrackerParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tariff import (
    charge_early_change,
    days_to_next_change,
    frozen_for,
    of_dealer,
    offered,
    switch_refusal,
    wire_tariff,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TariffRecord


def _plans(ctx: Context) -> list[TariffRecord]:
    """The plans the caller's dealer offers the account, by ID."""
    return [p for _, p in sorted(ctx.world.tariffs.items()) if offered(ctx, p)]


@handles(TARIFF_LIST)
def tariff_list(ctx: Context, params: NoParams) -> list[Tariff]:
    """The plans of the caller's effective dealer for the account's legal type, by ID."""
    return [wire_tariff(p) for p in _plans(ctx)]


@handles(TARIFF_TRACKER_LIST)
def tariff_tracker_list(ctx: Context, params: TariffTrackerParams) -> TariffTrackerList:
    """The plans the tracker may switch to, and the days until a free change; 201 when the
    caller does not see the tracker."""
    tracker = ctx.visible_tracker(params.tracker_id)
    if tracker is None:
        raise EntityNotFoundError(f"no tracker {params.tracker_id}")
    current = ctx.world.tariffs.get(tracker.tariff_id)
    plans = [p for p in _plans(ctx) if switch_refusal(ctx, current, p) is None]
    return TariffTrackerList(
        list=[wire_tariff(p) for p in plans],
        days_to_next_change=days_to_next_change(ctx, tracker),
    )


@handles(TARIFF_TRACKER_CHANGE)
def tariff_tracker_change(ctx: Context, params: TariffTrackerChangeParams) -> None:
    """Switch the tracker to the plan (see the module's order of checks); an early switch is
    charged."""
    tracker = ctx.visible_tracker(params.tracker_id)
    if tracker is None:
        raise EntityNotFoundError(f"no tracker {params.tracker_id}")
    if tracker.clone:
        raise CloneNotAllowedError(f"tracker {tracker.id} is a clone")
    plan = ctx.world.tariffs.get(params.tariff_id)
    if plan is None:
        raise TariffNotFoundError(f"no plan {params.tariff_id}")
    if not of_dealer(ctx, plan):
        raise InvalidTariffError(f"plan {plan.id} is not the dealer's")
    refusal = switch_refusal(ctx, ctx.world.tariffs.get(tracker.tariff_id), plan)
    if refusal is not None:
        raise TariffChangeNotAllowedError(refusal)
    held = len(ctx.owned(ctx.world.trackers))
    if held > plan.device_limit:
        raise DeviceLimitExceededError(
            f"the account has {held} trackers, plan {plan.id} allows {plan.device_limit}"
        )
    if frozen_for(ctx, tracker) is not None:
        if plan.early_change_price is None:
            raise TariffChangeTooFrequentError(
                f"the plan of tracker {tracker.id} changed within the freeze period"
            )
        charge_early_change(ctx, tracker, plan)
    ctx.world.trackers.change(tracker.id, tariff_id=plan.id, tariff_changed=ctx.now())
