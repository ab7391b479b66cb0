"""A snapshot that stopped (a 5xx past the client's retries, here) resumes from its progress
file: it makes only the requests it had not made, and writes the world an uninterrupted
snapshot writes."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fleetapi
from fleetapi_mock import DEMO_API_KEY, FleetMock, MockControl, ThreadedServer, demo_document
from fleetapi_mock.snapshot import Resumable, progress_path, take_snapshot
from fleetapi_mock.snapshot.resume import ProgressMismatchError

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)
FAILING = {"path": "track/read", "body": {"tracker_id": 3}, "status": 503}
"""Truck 7's track answers 503 until the rule goes."""


@pytest.fixture(scope="module")
def source() -> Iterator[ThreadedServer]:
    """The demo world in New York's time, served (each test in a world of its own)."""
    document = demo_document()
    document["users"][0]["time_zone"] = "America/New_York"
    with ThreadedServer(FleetMock(document)) as served:
        yield served


def _drawn_aside(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` without what a snapshot draws anew each time (passwords, the key)."""
    users = [{k: v for k, v in u.items() if k != "password"} for u in document["users"]]
    return {**document, "users": users, "api_keys": len(document["api_keys"])}


def test_a_resumed_snapshot_asks_only_what_it_had_not_read(
    source: ThreadedServer, tmp_path: Path
) -> None:
    partial = progress_path(tmp_path / "my-fleet.json")
    base = f"{source.base_url}/__world/resume"
    with MockControl(source.base_url, world="resume") as control:
        control.add_fault(**FAILING)
        with fleetapi.Client(base_url=base, api_key=DEMO_API_KEY, max_retries=0) as client:
            with (
                Resumable(client, partial, source=base, since=SINCE, until=UNTIL) as reader,
                pytest.raises(fleetapi.FleetApiError),
            ):
                take_snapshot(reader, since=SINCE, until=UNTIL, seed=4)
            first = control.journal()
            read = {(e.call, _params(e.params)) for e in first if e.fault is None}
            tracks = [(e.params or {}).get("tracker_id") for e in first if e.call == "track/read"]
            assert tracks == [1, 2, 3]  # Truck 7's failed: the snapshot stopped there
            assert partial.exists()
            control.clear_faults()
            with Resumable(
                client, partial, source=base, since=SINCE, until=UNTIL, resume=True
            ) as reader:
                resumed = take_snapshot(reader, since=SINCE, until=UNTIL, seed=4)
            made = control.journal()[len(first) :]
            assert reader.resumed
            assert reader.asked == len(made)
            assert reader.reused == len(read)
            assert {(e.call, _params(e.params)) for e in made}.isdisjoint(read)
            assert "user/get_info" not in {e.call for e in made}
            assert [e.params["tracker_id"] for e in made if e.call == "track/read"] == [3, 4, 6]
            reader.finish()
            assert not partial.exists()
            whole = take_snapshot(client, since=SINCE, until=UNTIL, seed=4)
    assert _drawn_aside(resumed.document) == _drawn_aside(whole.document)
    assert resumed.counts == whole.counts


def _params(params: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """A request's fields (the credential aside), comparable."""
    kept = {k: v for k, v in (params or {}).items() if k != "hash"}
    return tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in kept.items()))


def test_a_progress_file_keeps_no_download_address_and_refuses_another_window(
    tmp_path: Path,
) -> None:
    partial = tmp_path / "a.json.partial"
    with FleetMock().login() as client:
        with Resumable(client, partial, since=SINCE, until=UNTIL) as reader:
            take_snapshot(reader, since=SINCE, until=UNTIL)
        text = partial.read_text()
        assert "__mock__/files" not in text  # the files' own addresses, with their tokens
        assert '"checkin/list"' in text
        assert partial.stat().st_mode & 0o077 == 0  # its owner's alone
        with pytest.raises(ProgressMismatchError, match="not the progress of this snapshot"):
            Resumable(client, partial, since=SINCE, until=UNTIL + dt.timedelta(days=1),
                      resume=True)  # fmt: skip
        with partial.open("a") as cut:  # stopped while writing a line
            cut.write('{"call": "track/read", "par')
        with Resumable(client, partial, since=SINCE, until=UNTIL, resume=True) as reader:
            take_snapshot(reader, since=SINCE, until=UNTIL)
        assert reader.asked == 0
        assert reader.reused > 50


def test_fleet_mock_snapshot_resume(source: ThreadedServer, tmp_path: Path) -> None:
    out = tmp_path / "my-fleet.json"
    base = f"{source.base_url}/__world/resume-cli"
    fleet = [sys.executable, "-m", "fleetapi_cli", "--base-url", base]
    env = {**os.environ, "FLEETAPI_API_KEY": DEMO_API_KEY, "FLEETAPI_CONFIG_DIR": str(tmp_path)}
    args = ["mock", "snapshot", "--out", str(out), "--from", "2026-01-08", "--to", "2026-01-15"]
    with MockControl(source.base_url, world="resume-cli") as control:
        control.add_fault(**FAILING)
        failed = subprocess.run([*fleet, *args], capture_output=True, text=True, timeout=120,
                                check=False, env=env)  # fmt: skip
        assert failed.returncode != 0
        assert f"answers kept in {out}.partial" in failed.stderr
        assert "--resume" in failed.stderr
        assert not out.exists()
        before = len(control.journal())
        control.clear_faults()
        done = subprocess.run([*fleet, *args, "--resume"], capture_output=True, text=True,
                              timeout=120, check=False, env=env)  # fmt: skip
        made = control.journal()[before:]
    assert done.returncode == 0, done.stderr
    assert "resumed: " in done.stderr
    assert {e.call for e in made} <= {"track/read", "tracker/sensor/data/read"}
    assert json.loads(out.read_text())["format"] == "fleetapi-mock-world/2"
    assert not Path(f"{out}.partial").exists()


def test_a_snapshot_stopped_by_ctrl_c_resumes(source: ThreadedServer, tmp_path: Path) -> None:
    out = tmp_path / "my-fleet.json"
    partial = progress_path(out)
    base = f"{source.base_url}/__world/resume-interrupt"
    fleet = [sys.executable, "-m", "fleetapi_cli", "--base-url", base]
    env = {**os.environ, "FLEETAPI_API_KEY": DEMO_API_KEY, "FLEETAPI_CONFIG_DIR": str(tmp_path)}
    args = ["mock", "snapshot", "--out", str(out), "--from", "2026-01-08", "--to", "2026-01-15"]
    with MockControl(source.base_url, world="resume-interrupt") as control:
        control.add_fault(path="track/read", body={"tracker_id": 3}, delay=5)  # a slow answer
        running = subprocess.Popen([*fleet, *args], stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + 60
        while '"tracker_id": 2' not in _text(partial) or "track/read" not in _text(partial):
            assert time.monotonic() < deadline, "the snapshot never reached the tracks"
            time.sleep(0.05)
        time.sleep(0.5)  # waiting for Truck 7's track
        running.send_signal(signal.SIGINT)
        _, stderr = running.communicate(timeout=60)
        assert running.returncode != 0
        assert f"answers kept in {partial}" in stderr
        control.clear_faults()
        done = subprocess.run([*fleet, *args, "--resume"], capture_output=True, text=True,
                              timeout=120, check=False, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "resumed: " in done.stderr
    assert not partial.exists()


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
