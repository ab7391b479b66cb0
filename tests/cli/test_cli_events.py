"""``fleet event``: listing events over a period, and following them as they come."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import attrs
import pytest

from conftest import Cli
from fleetapi_mock.state.records import TrackPointRecord


def lines(result: Any) -> list[Any]:
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_list_shows_the_events_of_every_tracker_over_the_period(cli: Cli, session: str) -> None:
    result = cli("event", "list", "--from", "2026-01-14", "-o", "jsonl")
    assert [(e["id"], e["event"]) for e in lines(result)] == [
        (1, "harsh_braking"),
        (2, "speeding"),
        (3, "sos"),
    ]
    only = cli("event", "list", "--tracker", "4", "--from", "2026-01-14", "--unread", "-o", "jsonl")
    assert [e["id"] for e in lines(only)] == [3]


def test_list_without_a_start_asks_for_one(cli: Cli, session: str) -> None:
    result = cli("event", "list")
    assert result.exit_code == 2
    assert "--from" in result.output


def test_follow_prints_new_events_once_as_they_come(
    cli: Cli, session: str, fleet_mock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def a_minute_later(_: float) -> None:  # instead of waiting: the world moves on
        fleet_mock.clock.advance(60)
        now = fleet_mock.clock.now()
        fleet_mock.record_positions(
            [TrackPointRecord(tracker_id=2, get_time=now, lat=52.5, lng=13.4, event="speeding")]
        )

    fleet_mock.world.rules.clear()  # Van 2 leaving the depot would make the Depot rule's event
    # A server whose event stream is full: --follow reads every interval instead.
    fleet_mock.backend.limits = attrs.evolve(fleet_mock.backend.limits, max_streams=0)
    monkeypatch.setattr("fleetapi_cli.commands.event.time.sleep", a_minute_later)
    result = cli("event", "list", "--follow", "--polls", "3", "--interval", "5", "-o", "jsonl")
    events = lines(result)
    assert [e["id"] for e in events] == [3, 13, 14]  # the SOS of the last hour, then the new ones
    assert [e["tracker_id"] for e in events[1:]] == [2, 2]


def test_follow_reads_at_once_when_a_tracker_reports_over_the_stream(
    cli: Cli, session: str, fleet_mock: Any
) -> None:
    fleet_mock.world.rules.clear()
    stop = threading.Event()

    def devices() -> None:  # a tracker reports an event every few tenths of a second
        while not stop.wait(0.3):
            with fleet_mock.world.lock:
                now = fleet_mock.clock.now()
                point = TrackPointRecord(
                    tracker_id=2, get_time=now, lat=52.5, lng=13.4, event="speeding"
                )
                fleet_mock.record_positions([point])
            fleet_mock.clock.advance(60)

    reporting = threading.Thread(target=devices)
    reporting.start()
    started = time.monotonic()
    try:
        # Reads every 20 s at the longest: only the stream can wake them this soon.
        result = cli("event", "list", "--follow", "--polls", "3", "--interval", "20", "-o", "jsonl")
    finally:
        stop.set()
        reporting.join()
    assert time.monotonic() - started < 15
    events = lines(result)
    assert events[0]["id"] == 3
    assert {e["event"] for e in events[1:]} == {"speeding"}
