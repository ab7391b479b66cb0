"""``beacon/data/*``: what trackers received from BLE beacons."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from fleetapi import Client, InvalidParametersError, NonExistentEntitiesError
from fleetapi.models.beacon import BeaconData
from fleetapi_mock import FleetMock

MORNING = dt.datetime(2026, 1, 15, 8), dt.datetime(2026, 1, 15, 9)
CARD = "7cf9501df3d6924e423cabcde4c924ff"
"""The beacon the demo's Van 1 saw last (08:55 UTC)."""


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login() as client:
        yield client


def _seen(mock: FleetMock, tracker_id: int, minute: int, beacon: str = CARD) -> None:
    with mock.world.lock:
        mock.world.beacon_data.append(
            BeaconData(
                tracker_id=tracker_id, hardware_id=beacon, rssi=-90,
                get_time=dt.datetime(2026, 1, 15, 8, minute), latitude=52.5, longitude=13.4,
            )
        )  # fmt: skip


def test_the_period_filters_and_sorts_by_time(mock: FleetMock, master: Client) -> None:
    _seen(mock, 2, 50)
    read = master.beacon.data.read(from_=MORNING[0], to=MORNING[1])
    assert [(e.tracker_id, e.get_time.minute) for e in read] == [(1, 40), (2, 50), (1, 55)]
    only = master.beacon.data.read(from_=MORNING[0], to=MORNING[1], trackers=[2], beacons=[CARD])
    assert [(e.tracker_id, e.hardware_id) for e in only] == [(2, CARD)]
    assert master.beacon.data.read(from_=MORNING[0], to=MORNING[0] + dt.timedelta(minutes=30)) == []
    with pytest.raises(InvalidParametersError):
        master.beacon.data.read(from_=MORNING[0], to=MORNING[1], beacons=["x" * 65])
    with pytest.raises(NonExistentEntitiesError):  # another account's tracker
        master.beacon.data.read(from_=MORNING[0], to=MORNING[1], trackers=[7])


def test_last_values_are_the_newest_of_each_tracker_and_beacon_within_the_age(
    mock: FleetMock, master: Client
) -> None:
    _seen(mock, 1, 20)  # older than the demo's 08:55 of the same beacon
    last = master.beacon.data.last_values()
    assert sorted((e.hardware_id, e.get_time.minute) for e in last) == [
        (CARD, 55),
        ("ffffffffd86f4f75868d55aa831afa1f", 40),
    ]
    recent = master.beacon.data.last_values(skip_older_than_seconds=10 * 60)
    assert [(e.hardware_id, e.get_time.minute) for e in recent] == [(CARD, 55)]


def test_a_sub_user_and_its_time_zone(mock: FleetMock, master: Client) -> None:
    _seen(mock, 2, 50)
    with mock.world.lock:
        mock.world.users.change(2, trackers=[2])
    with mock.login("dispatcher", "demo") as dirk:  # Berlin: an hour past UTC
        seen = dirk.beacon.data.read(
            from_=dt.datetime(2026, 1, 15, 9), to=dt.datetime(2026, 1, 15, 10)
        )
        assert [(e.tracker_id, e.get_time.hour) for e in seen] == [(2, 9)]
        with pytest.raises(NonExistentEntitiesError):
            dirk.beacon.data.last_values(trackers=[1])
