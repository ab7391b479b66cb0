"""``fleet mock snapshot``: a served mock stands in for the real service; its account, read
through reading calls alone, becomes a world that answers those calls as the source did."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fleetapi
from fleetapi_mock import DEMO_API_KEY, FleetMock, MockControl, ThreadedServer, demo_document
from fleetapi_mock.snapshot import READ_CALLS, take_snapshot
from fleetapi_mock.snapshot.compare import compare, covered_requests

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)
WINDOW = {"from": "2026-01-08 00:00:00", "to": "2026-01-15 23:59:59"}
# Every reading call the snapshot covers, as a test suite would make it against the world.
READS: list[tuple[str, dict[str, Any]]] = [
    ("tariff/list", {}),
    ("tracker/list", {}),
    ("tracker/rule/list", {}),
    *[("tracker/sensor/list", {"tracker_id": t}) for t in (1, 2, 3, 4, 6)],
    ("history/tracker/list", {"trackers": [1, 2, 3, 4, 6], **WINDOW}),
    ("tracker/get_states", {"trackers": [1, 2, 3, 4, 5, 6], "list_blocked": True}),
    ("tracker/group/list", {}),
    ("tag/list", {}),
    ("zone/list", {"with_points": True}),
    ("place/list", {}),
    ("employee/list", {}),
    ("vehicle/list", {}),
    ("garage/list", {}),
    ("department/list", {}),
    ("form/template/list", {}),
    ("entity/list", {}),
    ("task/list", WINDOW),
    ("task/list", {**WINDOW, "types": ["route"]}),
    *[("track/read", {"tracker_id": t, **WINDOW}) for t in (1, 2, 3, 4, 6)],
]


@pytest.fixture(scope="module")
def source() -> Iterator[ThreadedServer]:
    """The stand-in for the service: the demo world, its user in New York's time zone (so that
    every date/time crosses a zone on its way into the snapshot)."""
    document = demo_document()
    document["users"][0]["time_zone"] = "America/New_York"
    with ThreadedServer(FleetMock(document)) as served:
        yield served


def test_the_snapshot_answers_every_call_it_covers_as_the_source_does(
    source: ThreadedServer,
) -> None:
    with fleetapi.Client(base_url=source.base_url, api_key=DEMO_API_KEY) as client:
        taken = take_snapshot(client, since=SINCE, until=UNTIL)
        copy = FleetMock(taken.document)
        mirror = copy.login(taken.login, taken.password)
        for call, body in READS:
            assert mirror.request(call, body) == client.request(call, body), call
    assert taken.counts["trackers"] == 6  # the account's: not the other company's car
    assert taken.counts["track_points"] > 200


def test_a_snapshot_only_reads(source: ThreadedServer) -> None:
    world = "snapshot-reads"
    with MockControl(source.base_url, world=world) as control:
        control.set_clock(advance="PT0S")
        base = f"{source.base_url}/__world/{world}"
        with fleetapi.Client(base_url=base, api_key=DEMO_API_KEY) as client:
            take_snapshot(client, since=SINCE, until=UNTIL)
        calls = {entry.call for entry in control.journal()}
        after = control.world_document()
    assert calls <= set(READ_CALLS)
    assert {"tracker/list", "task/list", "track/read"} <= calls
    from fleetapi.endpoints import ENDPOINTS

    assert all(e.safe for e in ENDPOINTS if e.path in READ_CALLS)
    assert after["now"] == "2026-01-15 09:00:00"  # nothing moved, nothing made


def test_no_secret_of_the_account_lands_in_the_snapshot(source: ThreadedServer) -> None:
    with fleetapi.Client.login(source.base_url, "demo", "demo") as client:
        session = client.hash
        taken = take_snapshot(client, since=SINCE, until=UNTIL)
    text = json.dumps(taken.document)
    assert session is not None
    assert session not in text
    assert DEMO_API_KEY not in text
    assert '"password": "demo"' not in text
    assert [u["login"] for u in taken.document["users"]] == ["demo", "dispatcher"]
    assert taken.password != "demo"
    assert taken.subusers["dispatcher"] not in ("demo", taken.password)
    with FleetMock(taken.document).login("demo", taken.password) as mirror:
        assert mirror.tracker.list()
    with pytest.raises(fleetapi.FleetApiError):
        FleetMock(taken.document).login("demo", "demo")


def test_fleet_mock_snapshot_writes_a_world_fleet_mock_serve_loads(
    source: ThreadedServer, tmp_path: Path
) -> None:
    out = tmp_path / "my-fleet.json"
    fleet = [sys.executable, "-m", "fleetapi_cli", "--base-url", source.base_url]
    env = {**os.environ, "FLEETAPI_API_KEY": DEMO_API_KEY, "FLEETAPI_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [*fleet, "mock", "snapshot", "--out", str(out), "--from", "2026-01-08",
         "--to", "2026-01-15"],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"wrote {out}" in done.stderr
    assert "read 6 trackers\n" in done.stderr  # off a terminal, a line per step
    assert "log in as demo / " in done.stderr
    assert "sub-user dispatcher / " in done.stderr
    document = json.loads(out.read_text())
    assert document["format"] == "fleetapi-mock-world/2"
    assert FleetMock(out).world.trackers.keys() == {1, 2, 3, 4, 5, 6}
    refused = subprocess.run(
        [*fleet, "mock", "snapshot", "--out", str(out), "--from", "2026-01-15",
         "--to", "2026-01-08"],
        capture_output=True, text=True, timeout=60, check=False, env=env,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "--to" in refused.stderr
    hidden = subprocess.run(
        [*fleet, "mock", "snapshot", "--out", str(out), "--from", "2026-01-08",
         "--to", "2026-01-15", "--anonymize"],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert hidden.returncode == 0, hidden.stderr
    assert "log in as person1@example.invalid / " in hidden.stderr
    assert "sub-user person2@example.invalid / " in hidden.stderr
    assert "Van 1" not in out.read_text()


class _Without:
    """The service with one field removed from one call's answers (a planted drift)."""

    def __init__(self, client: fleetapi.Client, call: str, field: str) -> None:
        self.client, self.call, self.field = client, call, field

    def request(self, path: str, body: Any = None) -> dict[str, Any]:
        answer = self.client.request(path, body)
        if path == self.call:
            del answer["list"][0]["source"][self.field]
        return answer


@pytest.fixture(scope="module")
def mirror(source: ThreadedServer) -> Iterator[tuple[ThreadedServer, str]]:
    """A server of the source's snapshot, and the password drawn for its login."""
    with fleetapi.Client(base_url=source.base_url, api_key=DEMO_API_KEY) as client:
        taken = take_snapshot(client, since=SINCE, until=UNTIL)
    with ThreadedServer(FleetMock(taken.document)) as served:
        yield served, taken.password


def test_compare_finds_no_difference_between_the_source_and_its_snapshot(
    source: ThreadedServer, mirror: tuple[ThreadedServer, str]
) -> None:
    served, password = mirror
    with (
        fleetapi.Client(base_url=source.base_url, api_key=DEMO_API_KEY) as theirs,
        fleetapi.Client.login(served.base_url, "demo", password) as ours,
    ):
        requests = covered_requests(theirs, since=SINCE, until=UNTIL)
        assert compare(theirs, ours, requests) == []
        planted = compare(_Without(theirs, "tracker/list", "phone"), ours, requests)
    assert [(d.call, d.path, d.kind, d.mirror) for d in planted] == [
        ("tracker/list", "list[0].source.phone", "extra", "+4915100000001")
    ]
    assert {call for call, _ in requests} >= {"tracker/list", "task/list", "track/read"}


def test_a_value_a_type_and_a_code_that_differ_are_each_told() -> None:
    found = compare(
        _Fixed({"a": {"list": [{"x": 1, "t": "2026-01-15 09:00:00", "f": 1.0}]}}),
        _Fixed({"a": {"list": [{"x": "1", "t": "2026-01-15 09:00:01", "f": 1.0 + 1e-12}]}}),
        [("a", {})],
    )
    assert [(d.path, d.kind) for d in found] == [("list[0].x", "type")]  # time, float within
    strict = compare(
        _Fixed({"a": {"v": "2026-01-15 09:00:00"}}),
        _Fixed({"a": {"v": "2026-01-15 09:00:05"}}),
        [("a", {})],
        seconds=1,
    )
    assert [(d.path, d.kind) for d in strict] == [("v", "value")]
    failing = compare(
        _Fixed({"a": {"success": True}}),
        _Fixed({"a": {"success": False, "status": {"code": 5}}}),
        [("a", {})],
    )
    assert [(d.kind, d.source, d.mirror) for d in failing] == [("code", 0, 5)]


class _Fixed:
    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers

    def request(self, path: str, body: Any = None) -> dict[str, Any]:
        return dict(self.answers[path])


def test_fleet_mock_compare_tells_a_drift_and_records_the_pairs(
    source: ThreadedServer, mirror: tuple[ThreadedServer, str], tmp_path: Path
) -> None:
    served, password = mirror
    fleet = [sys.executable, "-m", "fleetapi_cli", "--base-url", source.base_url]
    env = {
        **os.environ,
        "FLEETAPI_API_KEY": DEMO_API_KEY,
        "FLEETAPI_CONFIG_DIR": str(tmp_path),
        "FLEET_MOCK_PASSWORD": password,
    }
    args = ["mock", "compare", "--against", served.base_url, "--from", "2026-01-08",
            "--to", "2026-01-15", "-o", "json"]  # fmt: skip
    same = subprocess.run([*fleet, *args], capture_output=True, text=True, env=env, check=False)
    assert same.returncode == 0, same.stderr
    assert json.loads(same.stdout) == []
    with fleetapi.Client.login(served.base_url, "demo", password) as ours:
        ours.request("tag/update", {"tag": {"id": 1, "name": "rush", "color": "E53935"}})
    record = tmp_path / "pairs.jsonl"
    drift = subprocess.run(
        [*fleet, *args, "--record", str(record)], capture_output=True, text=True, env=env,
        check=False,
    )  # fmt: skip
    assert drift.returncode == 1, drift.stderr
    told = json.loads(drift.stdout)
    assert [(d["call"], d["path"], d["source"], d["mirror"]) for d in told] == [
        ("tag/list", "list[0].name", "urgent", "rush")
    ]
    pairs = [json.loads(line) for line in record.read_text().splitlines()]
    assert {p["call"] for p in pairs} >= {"tag/list", "tracker/list"}


@pytest.mark.parametrize("text", ["1y", "3m", "5d", "2h", "36h"])
def test_a_plans_storage_period_reads_back_as_it_was_told(text: str) -> None:
    from fleetapi_mock.domain.tariff import storage_period, store_period

    assert store_period(storage_period(text)) == text


def test_an_anonymized_snapshot_tells_no_name_number_or_place_and_keeps_the_geometry(
    source: ThreadedServer,
) -> None:
    from fleetapi_mock.snapshot.anonymize import anonymized

    with fleetapi.Client(base_url=source.base_url, api_key=DEMO_API_KEY) as client:
        taken = take_snapshot(client, since=SINCE, until=UNTIL)
    document = anonymized(taken.document, seed=7)
    text = json.dumps(document)
    secrets = ["Van 1", "Anna", "Schmidt", "anna@fleet.test", "Depotweg", "Customer A",
               "860000000000001", "+4915100000001", "B-DF 101", "Dana", '"login": "demo"',
               "Deliveries before 10:00", "Front desk", "reception.png", "Maria Lopez",
               "Parcel delivered to reception", "Delivery report", "Vehicle inspection",
               "Alexanderplatz 1"]  # fmt: skip
    assert [s for s in secrets if s in text] == []
    assert anonymized(taken.document, seed=7) == document  # the same seed, the same world

    mock = FleetMock(document)
    login = document["users"][0]["login"]
    assert login == "person1@example.invalid"
    with mock.login(login, taken.password) as mine:
        labels = sorted(t.label for t in mine.tracker.list())
        assert labels[:2] == ["Tracker 1", "Tracker 2"]
        checkin = mine.request("checkin/read", {"checkin_id": 1})["value"]
        assert checkin["form_label"] == mine.request("form/read", {"id": 1})["value"]["label"]
        assert checkin["files"][0]["name"] == "File 1.png"  # its kind kept
    before = {t["id"]: t["state"] for t in taken.document["trackers"]}
    after = {t["id"]: t["state"] for t in document["trackers"]}
    moved = {
        (round(after[i]["lat"] - before[i]["lat"], 6), round(after[i]["lng"] - before[i]["lng"], 6))
        for i in before
        if before[i].get("lat") is not None
    }
    assert len(moved) == 1  # one offset for every position: distances kept
    ((dlat, dlng),) = moved
    assert (dlat, dlng) != (0, 0)
    first = taken.document["track_points"][0]
    shifted = document["track_points"][0]
    assert shifted["lat"] == pytest.approx(first["lat"] + dlat, abs=1e-6)
    zone = next(z for z in document["zones"] if z["type"] == "circle")
    original = next(z for z in taken.document["zones"] if z["id"] == zone["id"])
    assert zone["center"]["lng"] == pytest.approx(original["center"]["lng"] + dlng, abs=1e-6)
    assert zone["radius"] == original["radius"]


def test_a_sub_user_sees_in_the_snapshot_what_it_sees_in_the_source(
    source: ThreadedServer,
) -> None:
    with MockControl(source.base_url, world="snapshot-subuser") as control:
        control.set_clock(advance="PT0S")
    base = f"{source.base_url}/__world/snapshot-subuser"
    with fleetapi.Client.login(base, "demo", "demo") as master:
        master.request("subuser/tracker/unbind", {"subuser_id": 2, "trackers": [3, 4]})
        taken = take_snapshot(master, since=SINCE, until=UNTIL)
    assert set(taken.subusers) == {"dispatcher"}
    copy = FleetMock(taken.document)
    view = [("tracker/list", {}), ("zone/list", {}), ("place/list", {})]
    with (
        fleetapi.Client.login(base, "dispatcher", "demo") as theirs,
        copy.login("dispatcher", taken.subusers["dispatcher"]) as ours,
    ):
        assert compare(theirs, ours, view) == []
        assert [t["id"] for t in ours.request("tracker/list")["list"]] == [1, 2, 5, 6]
