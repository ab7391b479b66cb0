"""``track/visit/list``: the zones and places a tracker's points of a period fall in."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from fleetapi import Client, DeviceBlockedError, EntityMissingError, InvalidParametersError
from fleetapi.models.track import TrackVisits
from fleetapi_mock import FleetMock

DAY = dt.datetime(2026, 1, 16)
"""A day after the demo world's now: only the points a test records fall in it."""
CUSTOMER_A = (52.5163, 13.3777)
"""Place 1 (radius 50 m), inside zone 2 (City centre)."""
DEPOT = (52.49, 13.36)
"""The centre of zone 1 (a circle of 150 m), where zone 3 (Route A) starts."""


@pytest.fixture
def mock() -> FleetMock:
    mock = FleetMock()
    mock.control.set_clock(now="2026-01-16 12:00:00")
    return mock


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login() as client:
        yield client


def _record(mock: FleetMock, *spots: tuple[float, float], hour: int = 9) -> None:
    mock.control.record_positions(
        points=[
            {"tracker_id": 1, "get_time": f"2026-01-16 {hour:02d}:{i:02d}:00", "lat": a, "lng": b}
            for i, (a, b) in enumerate(spots)
        ]
    )


def _visits(client: Client, **options: object) -> TrackVisits:
    return client.track.visit.list(
        tracker_id=1, from_=DAY, to=DAY + dt.timedelta(hours=10), **options
    )


def test_a_point_inside_names_its_zones_and_places_once(mock: FleetMock, master: Client) -> None:
    assert _visits(master) == TrackVisits(zones=[], places=[])
    _record(mock, CUSTOMER_A, CUSTOMER_A, (52.5166, 13.3777))  # 33 m north: still inside
    assert _visits(master) == TrackVisits(zones=[2], places=[1])
    _record(mock, DEPOT, hour=11)  # after the period
    assert _visits(master) == TrackVisits(zones=[2], places=[1])
    _record(mock, DEPOT, hour=8)
    assert _visits(master) == TrackVisits(zones=[1, 2, 3], places=[1])
    assert _visits(master, include_places=False) == TrackVisits(zones=[1, 2, 3], places=[])
    assert _visits(master, include_zones=False) == TrackVisits(zones=[], places=[1])


def test_a_sub_user_sees_its_own_zones_and_places(mock: FleetMock, master: Client) -> None:
    _record(mock, CUSTOMER_A, DEPOT, hour=7)  # 08:00 in the dispatcher's Berlin: its period
    master.subuser.zones.unbind(subuser_id=2, zone_ids=[1])
    master.subuser.places.unbind(subuser_id=2, place_ids=[1])
    with mock.login("dispatcher", "demo") as dirk:
        assert _visits(dirk) == TrackVisits(zones=[2, 3], places=[])


def test_the_documented_codes(mock: FleetMock, master: Client) -> None:
    with pytest.raises(EntityMissingError):  # 204, as documented (not 201)
        master.track.visit.list(tracker_id=7, from_=DAY, to=DAY + dt.timedelta(hours=1))
    with pytest.raises(DeviceBlockedError):
        master.track.visit.list(tracker_id=5, from_=DAY, to=DAY + dt.timedelta(hours=1))
    with pytest.raises(InvalidParametersError):
        master.track.visit.list(tracker_id=1, from_=DAY, to=DAY)
