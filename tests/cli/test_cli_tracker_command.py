"""``fleet tracker command send``: one command to send a device its text, an electronic lock
command or special settings, and see what waits for confirmation."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any


def test_a_text_goes_to_the_device_as_it_is_and_waits_for_confirmation(
    cli: Any, fleet_mock: Any, session: str
) -> None:
    result = cli("tracker", "command", "send", "1", "setdigout 1", "-o", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"tracker_id": 1, "unconfirmed": 1}
    [queued] = fleet_mock.world.command_queue.values()
    assert (queued.kind, queued.command, queued.reliable) == ("raw", "setdigout 1", True)
    fleet_mock.clock.advance(dt.timedelta(seconds=10))
    count = cli("tracker", "command", "unconfirmed", "count", "--tracker-id", "1", "-o", "json")
    assert json.loads(count.stdout) == 0


def test_hex_and_unreliable_are_sent_as_such(cli: Any, fleet_mock: Any, session: str) -> None:
    result = cli("tracker", "raw-command", "send", "3", "0a1b", "--hex", "--unreliable")
    assert result.exit_code == 0, result.output  # the call's words run the same command
    assert fleet_mock.world.command_queue == {}  # unreliable, and Truck 7 is offline
    refused = cli("tracker", "command", "send", "1", "0a1", "--hex")
    assert refused.exit_code != 0
    assert "Non-hex string" in refused.stderr


def test_a_lock_command_needs_a_model_with_a_lock(cli: Any, fleet_mock: Any, session: str):
    assert cli("tracker", "command", "send", "1", "--lock", "unseal").exit_code != 0  # 214
    fleet_mock.world.tracker_models.change(1, special_control="jointech_lock_password")
    settings = '{"type": "electronic_lock_password", "password": "345892"}'
    result = cli("tracker", "send-command", "1", "--lock", "unseal", "--special-settings", settings)
    assert result.exit_code == 0, result.output
    [queued] = fleet_mock.world.command_queue.values()
    assert (queued.kind, queued.command) == ("special", "electronic_lock_command")


def test_text_and_a_lock_exclude_each_other(cli: Any, session: str) -> None:
    for args in (["1"], ["1", "x", "--lock", "seal"], ["1", "--lock", "seal", "--hex"]):
        result = cli("tracker", "command", "send", *args)
        assert result.exit_code == 2, (args, result.output)


def test_an_output_is_switched_by_its_number(cli: Any, fleet_mock: Any, session: str) -> None:
    result = cli("tracker", "output", "set", "1", "2", "--on", "-o", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"tracker_id": 1, "unconfirmed": 1}
    fleet_mock.clock.advance(dt.timedelta(seconds=10))
    state = cli("tracker", "get-state", "1", "-o", "json")
    assert json.loads(state.stdout)["outputs"] == [False, True]
    assert cli("tracker", "output", "set", "1", "2").exit_code == 2  # --on or --off
