"""``transaction/list``: the account's billing transactions over a period.

The demo account holds two: a top-up (``payment``/``partner``) on 2025-12-22 10:30 and the
charge of tracker 2's early change of plan (``charge``/``tariff_change``) on 2025-12-27 09:00.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from fleetapi import (
    Client,
    InvalidParametersError,
    OperationNotPermittedError,
    TimeSpanTooBigError,
)
from fleetapi_mock import FleetMock

DECEMBER = dt.datetime(2025, 12, 1)
NOW = dt.datetime(2026, 1, 15, 9, 0)
TOP_UP = dt.datetime(2025, 12, 22, 10, 30)
CHARGE = dt.datetime(2025, 12, 27, 9, 0)


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login("demo", "demo") as client:
        yield client


def test_the_accounts_transactions_of_the_period_oldest_first(master: Client) -> None:
    found = master.transaction.list(from_=DECEMBER, to=NOW)
    assert [(t.type, t.subtype, t.timestamp) for t in found] == [
        ("payment", "partner", TOP_UP),
        ("charge", "tariff_change", CHARGE),
    ]
    top_up, charge = found
    assert (top_up.tracker_id, top_up.amount, top_up.old_balance, top_up.new_balance) == (
        0,
        50.0,
        29.31,
        79.31,
    )
    assert (charge.user_id, charge.dealer_id, charge.tracker_id, charge.amount) == (1, 1, 2, -5.0)
    assert (charge.bonus_amount, charge.old_bonus, charge.new_bonus) == (0.0, 0.0, 0.0)


def test_both_ends_of_the_period_are_included(master: Client) -> None:
    assert len(master.transaction.list(from_=TOP_UP, to=CHARGE)) == 2
    just_after = TOP_UP + dt.timedelta(seconds=1)
    assert [t.timestamp for t in master.transaction.list(from_=just_after, to=NOW)] == [CHARGE]
    just_before = CHARGE - dt.timedelta(seconds=1)
    assert [t.timestamp for t in master.transaction.list(from_=DECEMBER, to=just_before)] == [
        TOP_UP
    ]


def test_limit_keeps_the_oldest(master: Client) -> None:
    assert [t.timestamp for t in master.transaction.list(from_=DECEMBER, to=NOW, limit=1)] == [
        TOP_UP
    ]
    with pytest.raises(InvalidParametersError):
        master.transaction.list(from_=DECEMBER, to=NOW, limit=0)


def test_an_early_change_of_plan_is_listed_as_a_charge_of_its_tracker(
    mock: FleetMock, master: Client
) -> None:
    mock.clock.advance(dt.timedelta(hours=1))
    master.tariff.tracker.change(tracker_id=2, tariff_id=3)  # within the freeze period
    latest = master.transaction.list(from_=NOW, to=NOW + dt.timedelta(days=1))
    assert len(latest) == 1
    charge = latest[0]
    assert (charge.type, charge.subtype, charge.tracker_id) == ("charge", "tariff_change", 2)
    assert (charge.amount, charge.old_balance, charge.new_balance) == (-23.0, 74.31, 51.31)
    assert charge.timestamp == NOW + dt.timedelta(hours=1)
    assert charge.description == "Early change of the plan of Van 2 to Business"


def test_times_are_the_users(mock: FleetMock, master: Client) -> None:
    mock.world.users.change(1, time_zone="Europe/Berlin")
    found = master.transaction.list(from_=TOP_UP, to=TOP_UP + dt.timedelta(hours=2))
    assert [t.timestamp for t in found] == [TOP_UP + dt.timedelta(hours=1)]


def test_to_must_be_later_than_from(master: Client) -> None:
    with pytest.raises(InvalidParametersError) as info:
        master.transaction.list(from_=NOW, to=NOW)
    assert info.value.errors[0]["parameter"] == "to"


def test_a_period_longer_than_the_platforms_max_time_span_is_211(
    mock: FleetMock, master: Client
) -> None:
    start = NOW - dt.timedelta(days=90)
    assert len(master.transaction.list(from_=start, to=NOW)) == 2  # P90D exactly
    with pytest.raises(TimeSpanTooBigError) as info:
        master.transaction.list(from_=start - dt.timedelta(seconds=1), to=NOW)
    assert info.value.code == 211
    platform = mock.world.dealers[1].platform
    mock.world.dealers.change(1, platform={**platform, "report.max_time_span": "P3D"})
    with pytest.raises(TimeSpanTooBigError):
        master.transaction.list(from_=TOP_UP, to=CHARGE)


def test_a_sub_user_needs_payment_create_and_sees_those_of_its_trackers(
    mock: FleetMock,
) -> None:
    with mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(OperationNotPermittedError) as info:
            dispatcher.transaction.list(from_=DECEMBER, to=NOW)
        assert info.value.code == 13
        rights = mock.world.users[2].rights
        mock.world.users.change(2, rights=[*rights, "payment_create"], trackers=[1])
        found = dispatcher.transaction.list(from_=DECEMBER, to=NOW)
        assert [t.tracker_id for t in found] == [0]  # the top-up; not van 2's charge
        mock.world.users.change(2, trackers=[1, 2])
        assert len(dispatcher.transaction.list(from_=DECEMBER, to=NOW)) == 2


def test_another_account_sees_none_of_them(mock: FleetMock) -> None:
    with mock.login("other", "other") as other:
        assert other.transaction.list(from_=DECEMBER, to=NOW) == []
