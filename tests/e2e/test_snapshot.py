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

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)
WINDOW = {"from": "2026-01-08 00:00:00", "to": "2026-01-15 23:59:59"}
# Every reading call the snapshot covers, as a test suite would make it against the world.
READS: list[tuple[str, dict[str, Any]]] = [
    ("tracker/list", {}),
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
    assert [u["login"] for u in taken.document["users"]] == ["demo"]
    assert taken.password != "demo"
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
    assert "log in as demo / " in done.stderr
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
