"""A tracker's uploads: its avatar and a datalogger's file of points (sync and async). The
documented examples run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidDataFormatError,
    NoDataFileError,
    NotSupportedByDeviceError,
    OperationNotPermittedError,
)
from fleetapi_mock import FleetMock

PNG = ("van.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "image/png")
LOGGER = 6
"""The Scooter, made a datalogger by the tests that need one."""


def _csv(*lines: str) -> tuple[str, bytes, str]:
    return ("track.csv", "\n".join(lines).encode(), "text/csv")


def test_an_uploaded_avatar_is_the_trackers_avatar(client: Any, fleet_mock: FleetMock) -> None:
    name = client.tracker.avatar.upload(file=PNG, tracker_id=2)
    assert re.fullmatch(r"[0-9a-f]{16}\.png", name)
    listed = {t.id: t.avatar_file_name for t in client.tracker.list()}
    assert listed[2] == name
    assert listed[1] is None
    assert client.tracker.read(tracker_id=2).avatar_file_name == name


def test_an_avatar_is_an_image_of_an_unblocked_tracker(client: Any, fleet_mock: FleetMock) -> None:
    with pytest.raises(InvalidDataFormatError):
        client.tracker.avatar.upload(file=("notes.txt", b"hello", "text/plain"), tracker_id=2)
    with pytest.raises(NoDataFileError):
        client.tracker.avatar.upload(file=("empty.png", b"", "image/png"), tracker_id=2)
    with pytest.raises(EntityNotFoundError):
        client.tracker.avatar.upload(file=PNG, tracker_id=7)  # the other account's
    with pytest.raises(DeviceBlockedError):
        client.tracker.avatar.upload(file=PNG, tracker_id=5)
    assert all(t.avatar_file_name is None for t in client.tracker.list())
    with (
        fleet_mock.login("dispatcher", "demo") as dispatcher,
        pytest.raises(OperationNotPermittedError),
    ):
        dispatcher.tracker.avatar.upload(file=PNG, tracker_id=2)


def test_a_dataloggers_file_joins_its_track(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.trackers.change(LOGGER, model="qstarz_bt1000x")
    fleet_mock.world.users.change(1, time_zone="Europe/Berlin")  # the file's times are local
    fleet_mock.clock.advance(3600)  # 11:00 in Berlin: the logger was read after its trip
    client.tracker.datalogger.upload(
        file=_csv(
            "Time;Lat;Lng;Speed;Heading;Alt;Comment",
            "2026-01-15 10:30:00;52.5;13.4;0;90;35;start",
            "",
            "2026-01-15 10:40:00;52.51;13.41;25.4;91;36;",
        ),
        tracker_id=LOGGER,
    )
    points = fleet_mock.world.points_of(LOGGER)
    times = [p.get_time for p in points]
    assert dt.datetime(2026, 1, 15, 9, 30) in times  # 10:30 in Berlin
    last = max(points, key=lambda p: p.get_time)
    assert (last.lat, last.lng, last.speed, last.heading, last.alt) == (52.51, 13.41, 25, 91, 36)
    assert last.buffered
    state = client.tracker.get_state(tracker_id=LOGGER)
    assert (state.gps.location.lat, state.gps.speed) == (52.51, 25)


def test_a_dataloggers_file_is_read_whole_or_not_at_all(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.trackers.change(LOGGER, model="qstarz_bt1000x")
    before = list(fleet_mock.world.points_of(LOGGER))
    good = "2026-01-15 08:00:00,52.5,13.4"
    for lines, where in [
        (("time,lat,lng", good, "2026-01-15 08:01:00,95,13.4"), "line 3"),
        (("time,lat,lng", good, "yesterday,52.5,13.4"), "line 3"),
        (("time,lat,lng", good, "2026-01-15 08:02:00,52.5"), "line 3"),
        (("time,lat", good), "line 1"),
    ]:
        with pytest.raises(InvalidDataFormatError, match=where):
            client.tracker.datalogger.upload(file=_csv(*lines), tracker_id=LOGGER)
    with pytest.raises(NoDataFileError):
        client.tracker.datalogger.upload(file=_csv("time,lat,lng"), tracker_id=LOGGER)
    assert list(fleet_mock.world.points_of(LOGGER)) == before
    with pytest.raises(NotSupportedByDeviceError):  # not a datalogger
        client.tracker.datalogger.upload(file=_csv("time,lat,lng", good), tracker_id=1)
    fleet_mock.world.trackers.change(LOGGER, clone=True)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.datalogger.upload(file=_csv("time,lat,lng", good), tracker_id=LOGGER)
    with pytest.raises(EntityNotFoundError):
        client.tracker.datalogger.upload(file=_csv("time,lat,lng", good), tracker_id=7)
