"""``fleet event subscription``: the event stream's events as they come, JSON Lines when piped,
until Ctrl-C."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from conftest import Cli
from fleetapi_cli.context import CliState


@pytest.fixture
def interrupted_after(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Printed events are kept; the third one is followed by Ctrl-C."""
    printed: list[Any] = []
    emit = CliState.emit

    def emit_then_stop(self: CliState, data: Any, **kwargs: Any) -> None:
        emit(self, data, **kwargs)
        printed.append(data)
        if len(printed) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(CliState, "emit", emit_then_stop)
    return printed


def test_events_print_as_json_lines_until_ctrl_c(
    cli: Cli, session: str, interrupted_after: list[Any]
) -> None:
    requests = json.dumps([{"type": "state", "trackers": [1, 2, 3]}])
    result = cli("event", "subscription", "--requests", requests)
    assert result.exit_code == 130, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["event"] for line in lines] == ["state", "state", "state"]
    assert {line["data"]["source_id"] for line in lines} == {10001, 10002, 10003}


def test_a_refused_subscription_is_the_error_of_its_code(
    cli: Cli, session: str, fleet_mock: Any
) -> None:
    first = fleet_mock.world.trackers[1]
    with fleet_mock.world.lock:  # more trackers than an iot_monitor subscription may watch
        for number in range(10):
            copy = attrs.evolve(first, id=100 + number, source_id=90_000 + number)
            fleet_mock.world.trackers[copy.id] = copy
    requests = json.dumps([{"type": "iot_monitor", "target": {"type": "all"}}])
    result = cli("event", "subscription", "--requests", requests)
    assert result.exit_code == 6, result.output  # code 7: an invalid request
    assert "[7]" in result.stderr


def test_tracker_watch_prints_a_row_per_state_with_the_trackers_id(
    cli: Cli, session: str, interrupted_after: list[Any]
) -> None:
    result = cli("tracker", "watch", "1", "2", "3")
    assert result.exit_code == 130, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["tracker_id"] for row in rows] == [1, 2, 3]
    assert rows[0]["label"] == "Van 1"
    assert rows[0]["source_id"] == 10001


def test_tracker_watch_readings_prints_a_row_per_reading(
    cli: Cli, session: str, interrupted_after: list[Any]
) -> None:
    result = cli("tracker", "watch", "1", "--readings", "-o", "jsonl")
    assert result.exit_code == 130, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert {row["tracker_id"] for row in rows} == {1}
    assert [row["kind"] for row in rows][:2] == ["inputs", "inputs"]
