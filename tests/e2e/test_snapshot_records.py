"""What a snapshot reads beside the lists: check-ins with their files and forms, the files of
task forms, the trackers' counters, and the values the points report for their sensors."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

import fleetapi
from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.snapshot import Snapshot, take_snapshot
from fleetapi_mock.snapshot.compare import compare, covered_requests

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)
WINDOW = {"from": "2026-01-08 00:00:00", "to": "2026-01-15 23:59:59"}


@pytest.fixture(scope="module")
def source() -> FleetMock:
    """The demo world, its user in New York's time, Truck 7's odometer set and multiplied."""
    document = demo_document()
    document["users"][0]["time_zone"] = "America/New_York"
    truck = next(t for t in document["trackers"] if t["id"] == 3)
    truck["counters"] = {
        "odometer": {"value": 120500.0, "time": "2026-01-10 12:00:00", "multiplier": 1.25},
        "engine_hours": {"multiplier": 0.5},
    }
    return FleetMock(document)


@pytest.fixture(scope="module")
def pair(source: FleetMock) -> Iterator[tuple[fleetapi.Client, fleetapi.Client, Snapshot]]:
    """The source's client, a client of its snapshot, and the snapshot."""
    with source.login() as client:
        taken = take_snapshot(client, since=SINCE, until=UNTIL, seed=5)
        with FleetMock(taken.document).login("demo", taken.password) as mirror:
            yield client, mirror, taken


def test_check_ins_are_read_with_their_files_and_forms(
    pair: tuple[fleetapi.Client, fleetapi.Client, Snapshot],
) -> None:
    client, mirror, taken = pair
    document = taken.document
    assert sorted(c["id"] for c in document["checkins"]) == [1, 2, 3]  # not the other account's
    first = next(c for c in document["checkins"] if c["id"] == 1)
    assert first["marker_time"] == "2026-01-14 15:20:00"  # UTC again
    files = {f["id"]: f for f in document["files"]}
    assert sorted(files) == [1, 2, 3, 4]
    assert (files[1]["checkin_id"], files[2]["form_id"], files[2]["field_id"]) == (
        1,
        1,
        "signature",
    )
    assert all(not f["content"] and f["download_url"] is None for f in files.values())
    form = next(f for f in document["forms"] if f["id"] == 1)  # the check-in's form
    assert (form["tracker_id"], form["values"]["recipient"]["value"]) == (4, "Maria Lopez")
    read = [("checkin/list", WINDOW), ("form/read", {"id": 1}), ("task/form/read", {"task_id": 3}),
            ("checkin/read", {"checkin_id": 1}), ("file/stats/read", {})]  # fmt: skip
    assert compare(client, mirror, read) == []
    assert taken.counts["checkins"] == 3
    assert taken.counts["files"] == 4


def test_counters_are_read_as_they_are_now(
    pair: tuple[fleetapi.Client, fleetapi.Client, Snapshot],
) -> None:
    client, mirror, taken = pair
    read: list[tuple[str, dict[str, Any]]] = []
    for tracker in (1, 2, 3, 4, 6):
        read.append(("tracker/get_counters", {"tracker_id": tracker}))
        for kind in ("odometer", "engine_hours"):
            which = {"tracker_id": tracker, "type": kind}
            read += [("tracker/counter/value/get", which), ("tracker/counter/read", which)]
    read.append(("tracker/counter/value/list", {"trackers": [1, 2, 3, 4, 6], "type": "odometer"}))
    assert compare(client, mirror, read) == []
    truck = next(t for t in taken.document["trackers"] if t["id"] == 3)
    assert truck["counters"]["odometer"]["multiplier"] == 1.25
    assert truck["counters"]["engine_hours"]["multiplier"] == 0.5
    assert (
        mirror.request("tracker/counter/value/get", {"tracker_id": 3, "type": "odometer"})["value"]
        > 120500.0
    )


def test_points_carry_the_values_their_sensors_read(
    source: FleetMock, pair: tuple[fleetapi.Client, fleetapi.Client, Snapshot]
) -> None:
    client, mirror, taken = pair
    last = next(p for p in reversed(taken.document["track_points"]) if p["tracker_id"] == 1)
    assert last["readings"] == {"fuel_level": 55.6, "obd_coolant_t": 88.0, "can_consumption": 116.4}
    # the board voltage only a virtual sensor reads: no reading call answers it raw
    assert source.world.points_of(1)[-1].readings["board_voltage"] == 13.9
    assert taken.counts["readings"] > 500
    read = [("tracker/sensor/calibration_data/read", {"tracker_id": 1, "sensor_id": 1})]
    for sensor in (1, 2, 6):
        for raw in (True, False):
            which = {"tracker_id": 1, "sensor_id": sensor, **WINDOW, "raw_data": raw}
            read.append(("tracker/sensor/data/read", which))
    assert compare(client, mirror, read) == []
    theirs = client.request("tracker/readings/list", {"tracker_id": 1})["inputs"]
    assert mirror.request("tracker/readings/list", {"tracker_id": 1})["inputs"] == theirs


def test_compare_covers_the_new_reads(
    pair: tuple[fleetapi.Client, fleetapi.Client, Snapshot],
) -> None:
    client, mirror, _ = pair
    requests = covered_requests(client, since=SINCE, until=UNTIL)
    calls = {call for call, _ in requests}
    assert calls >= {"checkin/list", "form/read", "task/form/read", "tracker/get_counters",
                     "tracker/counter/value/get", "tracker/counter/read",
                     "tracker/sensor/calibration_data/read",
                     "tracker/sensor/data/read"}  # fmt: skip
    assert compare(client, mirror, requests) == []


class _Fixed:
    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer

    def request(self, path: str, body: Any = None) -> dict[str, Any]:
        return dict(self.answer)


def test_a_download_address_is_compared_by_whether_there_is_one() -> None:
    theirs = _Fixed({"files": [{"download_url": "https://a.example/f/1/secret/x.png"}]})
    ours = _Fixed({"files": [{"download_url": "http://127.0.0.1/__mock__/files/1/t/x.png"}]})
    none = _Fixed({"files": [{"download_url": None}]})
    assert compare(theirs, ours, [("checkin/read", {})]) == []
    [found] = compare(theirs, none, [("checkin/read", {})])
    assert (found.path, found.kind) == ("files[0].download_url", "value")
