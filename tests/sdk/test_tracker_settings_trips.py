"""Trip detection splits tracks: after ``tracker/settings/trip_detection/update`` the track
calls split the same points into trips by the tracker's new settings (through the SDK, sync
and async)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi.models.track import RegularTrack
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

SCOOTER = 6
"""Tracker 6 has no points this morning: the tests' drives are all it has."""
START = dt.datetime(2026, 1, 15, 9, 0)
OUT = [(52.50, 13.45), (52.51, 13.47)]
BACK = [(52.51, 13.47), (52.50, 13.45)]


def trips(client: Any) -> int:
    """How many regular trips ``track/list`` answers for the scooter this morning."""
    answer = client.track.list(tracker_id=SCOOTER, from_=START, to=START + dt.timedelta(hours=2))
    return sum(isinstance(track, RegularTrack) for track in answer.list)


def detect(client: Any, minutes: int = 5, speed: int = 3, *, ignition: bool = False) -> None:
    """Change the scooter's trip detection (and read it back, as a user would)."""
    client.tracker.settings.trip_detection.update(
        tracker_id=SCOOTER,
        min_idle_duration_minutes=minutes,
        idle_speed_threshold=speed,
        ignition_aware=ignition,
        motion_sensor_aware=False,
    )
    read = client.tracker.settings.trip_detection.read(tracker_id=SCOOTER)
    assert (read.min_idle_duration_minutes, read.idle_speed_threshold) == (minutes, speed)


def out_and_back(mock: FleetMock, stop: dt.timedelta) -> None:
    """Drive out, stand still for ``stop`` (a point at the arrival, none after), drive back."""
    mock.drive(SCOOTER, OUT, start=START, speed=30)
    mock.drive(SCOOTER, BACK, start=mock.world.now() + stop, speed=30)


def test_a_longer_minimal_parking_makes_fewer_trips_of_the_same_points(
    client: Any, fleet_mock: FleetMock
) -> None:
    out_and_back(fleet_mock, dt.timedelta(minutes=10))
    assert (
        client.tracker.settings.trip_detection.read(tracker_id=SCOOTER).min_idle_duration_minutes
        == 5
    )
    assert trips(client) == 2  # the 10 minutes at the far end are a parking
    detect(client, minutes=15)
    assert trips(client) == 1  # now a stop inside one trip
    detect(client, minutes=10)
    assert trips(client) == 2  # the track is split again by the settings of the moment
    detect(client, minutes=11)
    assert trips(client) == 1


def test_a_tracker_that_never_idles_makes_one_trip(client: Any, fleet_mock: FleetMock) -> None:
    out_and_back(fleet_mock, dt.timedelta(minutes=10))
    detect(client, speed=0)  # documented: 0, never idle
    assert trips(client) == 1


def test_a_higher_idle_speed_makes_a_slow_crawl_a_parking(
    client: Any, fleet_mock: FleetMock
) -> None:
    fleet_mock.drive(SCOOTER, OUT, start=START, speed=30)
    arrival = fleet_mock.world.now()
    crawl = [
        TrackPointRecord(
            tracker_id=SCOOTER,
            get_time=arrival + dt.timedelta(minutes=minute),
            lat=52.51 + minute * 0.00002,
            lng=13.47,
            speed=4,
        )
        for minute in range(1, 10)
    ]
    fleet_mock.record_positions(crawl)
    fleet_mock.drive(SCOOTER, BACK, start=arrival + dt.timedelta(minutes=10), speed=30)
    assert trips(client) == 1  # 4 km/h moves: the crawl is part of one trip
    detect(client, speed=5)
    assert trips(client) == 2  # below 5 km/h it idles: a parking of 10 minutes


@pytest.mark.parametrize(("aware", "expected"), [(False, 1), (True, 2)])
def test_ignition_aware_detection_makes_a_tow_a_parking(
    client: Any, fleet_mock: FleetMock, aware: bool, expected: int
) -> None:
    """Moved with the ignition off (on a trailer) for 10 minutes between two drives."""
    fleet_mock.drive(SCOOTER, OUT, start=START, speed=30)
    arrival = fleet_mock.world.now()
    towed = [
        TrackPointRecord(
            tracker_id=SCOOTER,
            get_time=arrival + dt.timedelta(minutes=minute),
            lat=52.51 - minute * 0.001,
            lng=13.47,
            speed=20,
            ignition=False,
        )
        for minute in range(1, 10)
    ]
    fleet_mock.record_positions(towed)
    fleet_mock.drive(SCOOTER, BACK, start=arrival + dt.timedelta(minutes=10), speed=30)
    detect(client, ignition=aware)
    assert trips(client) == expected


def test_trip_detection_of_one_tracker_leaves_the_others(
    client: Any, fleet_mock: FleetMock
) -> None:
    out_and_back(fleet_mock, dt.timedelta(minutes=10))
    day = {"from_": dt.datetime(2026, 1, 14), "to": dt.datetime(2026, 1, 15)}
    van_trips = client.track.list(tracker_id=1, **day).list
    client.tracker.settings.trip_detection.update(
        tracker_id=1,
        min_idle_duration_minutes=1440,
        idle_speed_threshold=0,
        ignition_aware=False,
        motion_sensor_aware=False,
    )
    assert trips(client) == 2
    # Van 1's parkings that day are flagged by the device: they end trips whatever the settings
    assert client.track.list(tracker_id=1, **day).list == van_trips
