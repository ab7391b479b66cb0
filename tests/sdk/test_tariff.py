"""``tariff/*``: the plans of the user's dealer, those a tracker may switch to, and the switch.

The demo's dealer 1 offers Full (1, group 1, early change 5.0), Basic (2, group 2) and
Business (3, group 1, early change 23.0). Its trackers are on Full but 6 (Basic); tracker 2's
plan last changed on 2025-12-27 09:00, 19 days before the world's now (2026-01-15 09:00), so
11 days of its 30-day freeze period are left; the others never changed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import attrs
import pytest

from fleetapi import (
    Client,
    CloneNotAllowedError,
    DeviceLimitExceededError,
    EntityNotFoundError,
    InvalidTariffError,
    OperationNotPermittedError,
    TariffChangeNotAllowedError,
    TariffChangeTooFrequentError,
    TariffNotFoundError,
)
from fleetapi.models.tariff import MapFilter
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TariffRecord

OTHER_TRACKER = 7
"""The tracker of the demo's other account."""
LAST_CHANGE = dt.datetime(2025, 12, 27, 9, 0)
"""When tracker 2's plan last changed."""


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login("demo", "demo") as client:
        yield client


def _ids(client: Client, tracker_id: int) -> list[int]:
    return [p.id for p in client.tariff.tracker.list(tracker_id=tracker_id).list]


def _balance(mock: FleetMock) -> float:
    return mock.world.users[1].profile.balance


# --- tariff/list ------------------------------------------------------------------------------


def test_the_dealers_plans_are_listed_by_id_as_the_api_shows_them(master: Client) -> None:
    plans = master.tariff.list()
    assert [(p.id, p.name, p.group_id) for p in plans] == [
        (1, "Full", 1),
        (2, "Basic", 2),
        (3, "Business", 1),
    ]
    business = plans[2]
    assert (business.active, business.type, business.price) == (True, "monthly", 13.0)
    assert (business.early_change_price, plans[1].early_change_price) == (23.0, None)
    assert (business.device_limit, business.has_reports, business.paas_free) == (1000, True, False)
    assert "map_layers" in business.features
    assert (business.map_filter.exclusion, business.map_filter.values) == (True, [])


@pytest.mark.parametrize(
    ("period", "shown"),
    [
        (dt.timedelta(days=90), "3m"),
        (dt.timedelta(days=365), "1y"),
        (dt.timedelta(days=730), "2y"),
        (dt.timedelta(days=2190), "6y"),  # 73 months too: the year is the larger unit
        (dt.timedelta(days=30), "1m"),
        (dt.timedelta(days=3), "3d"),
        (dt.timedelta(days=400), "400d"),
        (dt.timedelta(hours=2), "2h"),
        (dt.timedelta(hours=36), "36h"),
    ],
)
def test_store_period_is_the_storage_period_in_its_largest_whole_unit(
    mock: FleetMock, master: Client, period: dt.timedelta, shown: str
) -> None:
    mock.world.tariffs.change(2, storage_period=period)
    assert master.tariff.list()[1].store_period == shown


def test_inactive_plans_are_listed_too(mock: FleetMock, master: Client) -> None:
    mock.world.tariffs.change(3, active=False)
    assert [(p.id, p.active) for p in master.tariff.list()][2] == (3, False)


def test_only_the_plans_for_the_accounts_legal_type_are_listed(
    mock: FleetMock, master: Client
) -> None:
    mock.world.tariffs.change(2, legal_types=["individual"])  # the demo is a legal entity
    mock.world.tariffs.change(3, legal_types=["legal_entity", "sole_trader"])
    assert [p.id for p in master.tariff.list()] == [1, 3]


def test_another_dealers_plans_are_not_listed_and_a_plan_of_no_dealer_is_everyones(
    mock: FleetMock, master: Client
) -> None:
    mock.world.tariffs[4] = TariffRecord(id=4, label="Elsewhere", dealer_id=2, group_id=1)
    mock.world.tariffs[5] = TariffRecord(id=5, label="Anywhere", group_id=1)
    assert [p.id for p in master.tariff.list()] == [1, 2, 3, 5]


def test_a_sub_dealers_users_have_its_parents_plans(mock: FleetMock, master: Client) -> None:
    mock.world.tariffs[4] = TariffRecord(id=4, label="Own", dealer_id=2)
    mock.world.users.change(1, dealer_id=2)
    assert [p.id for p in master.tariff.list()] == [4]  # dealer 2 is no sub-dealer
    mock.world.dealers.change(2, parent_id=1)
    assert [p.id for p in master.tariff.list()] == [1, 2, 3]


def test_a_sub_user_lists_its_accounts_plans(mock: FleetMock) -> None:
    with mock.login("dispatcher", "demo") as dispatcher:
        assert [p.id for p in dispatcher.tariff.list()] == [1, 2, 3]


# --- tariff/tracker/list ----------------------------------------------------------------------


def test_a_tracker_may_switch_to_the_other_active_plans_of_its_group(
    mock: FleetMock, master: Client
) -> None:
    assert _ids(master, 1) == [3]
    assert _ids(master, 6) == []  # Basic is alone in group 2
    mock.world.tariffs[4] = TariffRecord(id=4, label="Fleet+", dealer_id=1, group_id=1)
    mock.world.tariffs[5] = TariffRecord(id=5, label="Old", dealer_id=1, group_id=1, active=False)
    mock.world.tariffs[6] = TariffRecord(id=6, label="Theirs", dealer_id=2, group_id=1)
    mock.world.tariffs[7] = TariffRecord(
        id=7, label="Private", dealer_id=1, group_id=1, legal_types=["individual"]
    )
    assert _ids(master, 1) == [3, 4]
    mock.world.trackers.change(6, tariff_id=4)
    assert _ids(master, 6) == [1, 3]


def test_a_tracker_on_a_plan_of_another_dealer_may_switch_to_none(
    mock: FleetMock, master: Client
) -> None:
    mock.world.tariffs.change(1, dealer_id=2)
    assert _ids(master, 1) == []


def test_the_list_is_the_same_within_the_freeze_period(master: Client) -> None:
    listed = master.tariff.tracker.list(tracker_id=2)
    assert ([p.id for p in listed.list], listed.days_to_next_change) == ([3], 11)


def test_days_to_next_change_count_a_part_of_a_day_as_one_and_end_at_zero(
    mock: FleetMock, master: Client
) -> None:
    def days() -> int:
        return master.tariff.tracker.list(tracker_id=2).days_to_next_change

    assert master.tariff.tracker.list(tracker_id=1).days_to_next_change == 0  # never changed
    assert days() == 11
    mock.clock.advance(dt.timedelta(days=9, hours=23))
    assert days() == 2  # a day and an hour
    mock.clock.advance(dt.timedelta(hours=2))
    assert days() == 1  # 23 hours
    mock.clock.set(LAST_CHANGE + dt.timedelta(days=30))
    assert days() == 1  # at the very end of the period: not free yet
    mock.clock.advance(1)
    assert days() == 0


def test_the_freeze_period_is_the_platforms(mock: FleetMock, master: Client) -> None:
    platform = mock.world.dealers[1].platform
    mock.world.dealers.change(1, platform={**platform, "tariff.freeze.period": "P20D"})
    assert master.tariff.tracker.list(tracker_id=2).days_to_next_change == 1
    mock.world.dealers.change(1, platform={**platform, "tariff.freeze.period": "P7D"})
    assert master.tariff.tracker.list(tracker_id=2).days_to_next_change == 0
    master.tariff.tracker.change(tracker_id=2, tariff_id=3)  # free: no charge
    assert _balance(mock) == 74.31
    mock.world.dealers.change(1, platform={**platform, "tariff.freeze.period": "not a span"})
    assert master.tariff.tracker.list(tracker_id=2).days_to_next_change == 30  # the default


def test_a_tracker_the_caller_does_not_see_is_201(mock: FleetMock, master: Client) -> None:
    for tracker_id in (OTHER_TRACKER, 999):
        with pytest.raises(EntityNotFoundError):
            master.tariff.tracker.list(tracker_id=tracker_id)
    mock.world.users.change(2, trackers=[1])
    with mock.login("dispatcher", "demo") as dispatcher:
        assert _ids(dispatcher, 1) == [3]
        with pytest.raises(EntityNotFoundError):
            dispatcher.tariff.tracker.list(tracker_id=2)


# --- tariff/tracker/change --------------------------------------------------------------------


def test_a_free_change_switches_the_plan_and_starts_a_freeze_period(
    mock: FleetMock, master: Client
) -> None:
    master.tariff.tracker.change(tracker_id=1, tariff_id=3)
    assert master.tracker.read(tracker_id=1).source.tariff_id == 3
    assert _balance(mock) == 74.31  # free
    assert mock.world.transactions.keys() == {1, 2}  # the demo's: nothing written
    listed = master.tariff.tracker.list(tracker_id=1)
    assert ([p.id for p in listed.list], listed.days_to_next_change) == ([1], 30)


def test_an_early_change_is_charged_the_new_plans_early_change_price(
    mock: FleetMock, master: Client
) -> None:
    master.tariff.tracker.change(tracker_id=2, tariff_id=3)  # within the freeze period
    assert master.tracker.read(tracker_id=2).source.tariff_id == 3
    assert _balance(mock) == pytest.approx(51.31)  # 74.31 - 23.0
    written = mock.world.transactions[3]
    assert (written.amount, written.old_balance, written.new_balance) == (-23.0, 74.31, 51.31)
    assert (written.tracker_id, written.user_id, written.timestamp) == (2, 1, mock.clock.now())
    assert master.tariff.tracker.list(tracker_id=2).days_to_next_change == 30  # a new period
    # back to Full (early change 5.0): charged again, even below zero
    mock.world.users.change(1, profile=attrs.evolve(mock.world.users[1].profile, balance=3.0))
    master.tariff.tracker.change(tracker_id=2, tariff_id=1)
    assert _balance(mock) == -2.0
    assert mock.world.transactions[4].amount == -5.0


def test_a_change_within_the_freeze_period_to_a_plan_without_early_price_is_240(
    mock: FleetMock, master: Client
) -> None:
    mock.world.tariffs.change(3, early_change_price=None)
    with pytest.raises(TariffChangeTooFrequentError) as info:
        master.tariff.tracker.change(tracker_id=2, tariff_id=3)
    assert info.value.code == 240
    assert master.tracker.read(tracker_id=2).source.tariff_id == 1
    mock.clock.set(LAST_CHANGE + dt.timedelta(days=30))  # the period's very end: still 240
    with pytest.raises(TariffChangeTooFrequentError):
        master.tariff.tracker.change(tracker_id=2, tariff_id=3)
    mock.clock.advance(1)
    master.tariff.tracker.change(tracker_id=2, tariff_id=3)
    assert _balance(mock) == 74.31


def test_a_tracker_not_of_the_account_is_201(master: Client) -> None:
    for tracker_id in (OTHER_TRACKER, 999):
        with pytest.raises(EntityNotFoundError) as info:
            master.tariff.tracker.change(tracker_id=tracker_id, tariff_id=3)
        assert info.value.code == 201


def test_a_clone_is_219(mock: FleetMock, master: Client) -> None:
    mock.world.trackers.change(1, clone=True)
    with pytest.raises(CloneNotAllowedError) as info:
        master.tariff.tracker.change(tracker_id=1, tariff_id=3)
    assert info.value.code == 219


def test_a_plan_that_does_not_exist_is_239(master: Client) -> None:
    with pytest.raises(TariffNotFoundError) as info:
        master.tariff.tracker.change(tracker_id=1, tariff_id=99)
    assert info.value.code == 239


def test_a_plan_of_another_dealer_is_237(mock: FleetMock, master: Client) -> None:
    mock.world.tariffs[4] = TariffRecord(id=4, label="Theirs", dealer_id=2, group_id=1)
    with pytest.raises(InvalidTariffError) as info:
        master.tariff.tracker.change(tracker_id=1, tariff_id=4)
    assert info.value.code == 237


@pytest.mark.parametrize(
    ("setup", "tariff_id"),
    [
        ({}, 1),  # the tracker's own plan
        ({}, 2),  # another group
        ({3: {"active": False}}, 3),
        ({3: {"legal_types": ["individual"]}}, 3),  # the demo is a legal entity
        ({1: {"dealer_id": 2}}, 3),  # the tracker's plan is not the dealer's
    ],
    ids=["same", "other group", "inactive", "legal type", "current not the dealer's"],
)
def test_a_switch_the_plans_refuse_is_238(
    mock: FleetMock, master: Client, setup: dict[int, dict[str, object]], tariff_id: int
) -> None:
    for plan, changes in setup.items():
        mock.world.tariffs.change(plan, **changes)
    with pytest.raises(TariffChangeNotAllowedError) as info:
        master.tariff.tracker.change(tracker_id=1, tariff_id=tariff_id)
    assert info.value.code == 238
    assert master.tracker.read(tracker_id=1).source.tariff_id == 1


def test_more_trackers_than_the_new_plan_allows_is_221(mock: FleetMock, master: Client) -> None:
    # six trackers: the blocked one (5) and a clone count too
    mock.world.trackers.change(4, clone=True)
    mock.world.tariffs.change(3, device_limit=5)
    with pytest.raises(DeviceLimitExceededError) as info:
        master.tariff.tracker.change(tracker_id=1, tariff_id=3)
    assert info.value.code == 221
    mock.world.tariffs.change(3, device_limit=6)
    master.tariff.tracker.change(tracker_id=1, tariff_id=3)


def test_the_checks_come_in_their_order(mock: FleetMock, master: Client) -> None:
    mock.world.trackers.change(1, clone=True)
    with pytest.raises(CloneNotAllowedError):  # 219 before 239
        master.tariff.tracker.change(tracker_id=1, tariff_id=99)
    mock.world.tariffs[4] = TariffRecord(id=4, label="Theirs", dealer_id=2, active=False)
    with pytest.raises(InvalidTariffError):  # 237 before 238
        master.tariff.tracker.change(tracker_id=2, tariff_id=4)
    mock.world.tariffs.change(3, device_limit=1, early_change_price=None)
    mock.world.tariffs.change(2, device_limit=1)
    with pytest.raises(TariffChangeNotAllowedError):  # 238 before 221
        master.tariff.tracker.change(tracker_id=2, tariff_id=2)
    with pytest.raises(DeviceLimitExceededError):  # 221 before 240
        master.tariff.tracker.change(tracker_id=2, tariff_id=3)


def test_only_the_master_user_changes_plans(mock: FleetMock) -> None:
    with (
        mock.login("dispatcher", "demo") as dispatcher,
        pytest.raises(OperationNotPermittedError) as info,
    ):
        dispatcher.tariff.tracker.change(tracker_id=1, tariff_id=3)
    assert info.value.code == 13
    assert mock.world.trackers[1].tariff_id == 1


# --- the maps a plan offers --------------------------------------------------------------------


def test_the_maps_allowed_are_those_a_plan_of_the_accounts_trackers_offers(
    mock: FleetMock, master: Client
) -> None:
    assert master.user.get_tariff_restrictions().allowed_maps == [
        "roadmap",
        "satellite",
        "hybrid",
        "osm",
    ]
    with mock.world.lock:
        mock.world.tariffs.change(1, map_filter=MapFilter(exclusion=False, values=["osm"]))
        mock.world.tariffs.change(
            2, map_filter=MapFilter(exclusion=True, values=["osm", "satellite"])
        )
    assert [p.map_filter.values for p in master.tariff.list() if p.id == 1] == [["osm"]]
    union = ["roadmap", "hybrid", "osm"]  # Full offers osm, Basic (tracker 6) all but two
    assert master.user.get_tariff_restrictions().allowed_maps == union
    assert master.user.get_info().tariff_restrictions.allowed_maps == union
    with mock.world.lock:
        mock.world.trackers.change(6, tariff_id=1)
    assert master.user.get_tariff_restrictions().allowed_maps == ["osm"]
