"""Tariff plans: the dealer's plans, those a tracker may switch to, and the switch (the master
user's alone)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.tariff import (
    Tariff,
    TariffTrackerChangeParams,
    TariffTrackerList,
    TariffTrackerParams,
)

_TEST = "(`tests/sdk/test_tariff.py`)"

TARIFF_LIST = Endpoint(
    path="tariff/list",
    params=NoParams,
    result=Result.field("list", list[Tariff]),
    summary="List the tracker plans of the user's dealer.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The user's dealer for plans",
            "The account's dealer, or the dealer's `parent_id` when it has one (a sub-dealer's "
            "users have its parent's plans); a plan of a world document without `dealer_id` "
            f"is every dealer's {_TEST}.",
        ),
        Decision(
            "Which plans `tariff/list` lists",
            "Every plan of that dealer available to the account's legal type, active or not, "
            f"by ID {_TEST}.",
        ),
        Decision(
            "A plan's `store_period`",
            "Its storage period in the largest whole unit: `y` (365 days), `m` (30 days), `d`, "
            f"else `h`: 90 days are `3m` {_TEST}.",
        ),
    ),
)
TARIFF_TRACKER_LIST = Endpoint(
    path="tariff/tracker/list",
    params=TariffTrackerParams,
    result=Result.body(TariffTrackerList),
    summary="List the plans a tracker may switch to, and the days until a free change.",
    errors=(201,),
    safe=True,
    origin="service",
    notes="201 when the caller does not see the tracker.",
    decisions=(
        Decision(
            "Which plans `tariff/tracker/list` lists",
            "Those `tariff/tracker/change` would take but for the freeze period and the device "
            "limit: the dealer's other active plans of the tracker's plan's group available to "
            f"the account's legal type, by ID; never the tracker's own {_TEST}.",
        ),
        Decision(
            "`days_to_next_change`",
            "The days (a part of a day counting as one) until the freeze period after the "
            "tracker's last change of plan ends; 0 once it has, or when its plan never changed "
            f"{_TEST}.",
        ),
    ),
)
TARIFF_TRACKER_CHANGE = Endpoint(
    path="tariff/tracker/change",
    params=TariffTrackerChangeParams,
    result=Result.nothing(),
    summary="Switch a tracker to another plan.",
    errors=(13, 201, 219, 221, 237, 238, 239, 240),
    origin="service",
    master_only=True,
    notes="201 when the tracker is not the account's; 219 for a clone; 239 when no plan has "
    "the ID, 237 when the plan is not the dealer's; 238 when the tracker's plan is not the "
    "dealer's, or the new plan is the same, inactive, of another group or not for the "
    "account's legal type; 221 when the account has more trackers than the new plan allows; "
    "240 within the freeze period, unless the new plan has an `early_change_price`.",
    decisions=(
        Decision(
            "The freeze period",
            "The platform value `tariff.freeze.period`, an ISO 8601 duration like the "
            "platform's other spans (`P30D`), else 30 days. A change is free when the "
            "tracker's last change of plan is more than that ago, or was never made "
            f"{_TEST}.",
        ),
        Decision(
            "A change within the freeze period",
            "Made when the new plan has an `early_change_price`, and charged that price: it is "
            "taken from the account's money balance (even below zero: the service lists no code "
            "for a short balance; the bonus balance stays) and written as a transaction of "
            "`transaction/list`; 240 without one. A free change writes no transaction. Every "
            f"change starts a new freeze period {_TEST}.",
        ),
        Decision(
            "The order of the checks of `tariff/tracker/change`",
            "201, 219, 239, 237, 238, 221, then 240: a change the plans refuse is refused so "
            f"whenever it is asked {_TEST}.",
        ),
        Decision(
            "The trackers 221 counts",
            "Every tracker of the account, blocked ones and clones included, against the new "
            f"plan's `device_limit` {_TEST}.",
        ),
    ),
)

ENDPOINTS = (TARIFF_LIST, TARIFF_TRACKER_LIST, TARIFF_TRACKER_CHANGE)
