"""A tracker's saved commands (``tracker/command/*``, ``tracker/batch_get_commands``) and the
commands of a world document.

The demo world saves three: Van 1 (tracker 1) has "Engine stop" (1, hardware) and "Notify
dispatch" (2, HTTP); Truck 7 (3) has "Reboot" (3, hardware, unreliable). Tracker 5 is blocked,
7 the other account's.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from fleetapi import (
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
)
from fleetapi.models.tracker_command import (
    HardwareCommand,
    HardwareCommandConfig,
    HttpCommand,
    HttpCommandConfig,
    HttpHeader,
    NewHardwareCommand,
    NewHttpCommand,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import World, WorldDocumentError

RELAY = NewHardwareCommand(name="engine_stop", config=HardwareCommandConfig(command="RELAY,1#"))
HOOK = NewHttpCommand(
    name="webhook",
    config=HttpCommandConfig(
        url="https://example.com/hook",
        headers=[HttpHeader(key="Content-Type", value="application/json")],
        body='{"id": {{device_id}}}',
    ),
)


def _names(client: Any, tracker_id: int) -> list[str]:
    commands = client.tracker.batch_get_commands(trackers=[tracker_id])[str(tracker_id)]
    return [c.name for c in commands]


def test_commands_are_saved_per_tracker_and_listed_by_tracker(client: Any) -> None:
    relay = client.tracker.command.create(tracker_id=2, command=RELAY)
    hook = client.tracker.command.create(tracker_id=2, command=HOOK)
    assert relay > 3
    assert hook == relay + 1
    listed = client.tracker.batch_get_commands(trackers=[2, 4])
    assert listed == {
        "2": [
            HardwareCommand(id=relay, name="engine_stop", config=RELAY.config),
            HttpCommand(id=hook, name="webhook", config=HOOK.config),
        ],
        "4": [],
    }
    every = client.tracker.batch_get_commands()
    assert list(every) == ["1", "2", "3", "4", "5", "6"]  # what the caller sees
    assert [c.name for c in every["1"]] == ["Engine stop", "Notify dispatch"]
    assert client.tracker.batch_get_commands(trackers=[]) == every


def test_update_replaces_a_command_whole_and_delete_removes_it(client: Any) -> None:
    client.tracker.command.update(
        tracker_id=1, command=HttpCommand(id=1, name="Call home", config=HOOK.config)
    )
    assert _names(client, 1) == ["Call home", "Notify dispatch"]
    assert isinstance(client.tracker.batch_get_commands(trackers=[1])["1"][0], HttpCommand)
    client.tracker.command.delete(tracker_id=1, command_id=2)
    assert _names(client, 1) == ["Call home"]
    with pytest.raises(EntityNotFoundError):
        client.tracker.command.delete(tracker_id=1, command_id=2)


def test_a_command_of_another_tracker_or_account_is_201(client: Any) -> None:
    with pytest.raises(EntityNotFoundError):  # command 3 is Truck 7's
        client.tracker.command.execute(tracker_id=1, command_id=3)
    with pytest.raises(EntityNotFoundError):
        client.tracker.command.update(
            tracker_id=1, command=HardwareCommand(id=3, name="x", config=RELAY.config)
        )
    with pytest.raises(EntityNotFoundError):
        client.tracker.command.create(tracker_id=7, command=RELAY)
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.batch_get_commands(trackers=[1, 7, 999])
    assert [e["parameter"] for e in info.value.errors] == ["trackers[1]", "trackers[2]"]


def test_executing_a_hardware_command_sends_its_text_to_the_device(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.tracker.command.execute(tracker_id=1, command_id=2)  # HTTP: nothing for the device
    assert client.tracker.command.unconfirmed.count(tracker_id=1) == 0
    client.tracker.command.execute(tracker_id=1, command_id=1)
    [queued] = fleet_mock.world.command_queue.values()
    assert (queued.kind, queued.command, queued.reliable) == ("raw", "setdigout 1", True)
    assert client.tracker.command.unconfirmed.count(tracker_id=1) == 1
    fleet_mock.clock.advance(dt.timedelta(seconds=10))
    assert client.tracker.command.unconfirmed.count(tracker_id=1) == 0
    client.tracker.command.execute(tracker_id=3, command_id=3)  # unreliable, device offline
    assert client.tracker.command.unconfirmed.count(tracker_id=3) == 0


def test_a_blocked_tracker_keeps_its_settings_but_executes_nothing(client: Any) -> None:
    saved = client.tracker.command.create(tracker_id=5, command=RELAY)
    assert _names(client, 5) == ["engine_stop"]
    with pytest.raises(DeviceBlockedError):
        client.tracker.command.execute(tracker_id=5, command_id=saved)


def test_sub_users_need_tracker_update_and_see_their_trackers_commands(
    fleet_mock: FleetMock,
) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.batch_get_commands()
        kept = fleet_mock.world.users[2].rights
        fleet_mock.world.users.change(2, rights=[*kept, "tracker_update"], trackers=[3])
        assert list(sub_user.tracker.batch_get_commands()) == ["3"]
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.command.delete(tracker_id=1, command_id=1)
        with pytest.raises(InvalidParametersError):
            sub_user.tracker.batch_get_commands(trackers=[1])


def test_limits_of_a_saved_command_are_checked(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as client:
        for command in (
            {"type": "hardware", "name": "", "config": {"command": "x"}},
            {"type": "hardware", "name": "x", "config": {"command": "x" * 513}},
            {"type": "http", "name": "x", "config": {"url": "ftp://example.com"}},
            {"type": "sms", "name": "x", "config": {}},
        ):
            with pytest.raises(InvalidParametersError):
                client.request("tracker/command/create", {"tracker_id": 1, "command": command})
        assert client.tracker.command.unconfirmed.count(tracker_id=1) == 0
        assert len(client.tracker.batch_get_commands(trackers=[1])["1"]) == 2


def test_world_documents_hold_saved_and_queued_commands(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as client:
        client.tracker.output.set(tracker_id=1, output=2, enable=True)
    document = json.loads(json.dumps(fleet_mock.world.to_document()))
    assert [c["type"] for c in document["tracker_commands"]] == ["hardware", "http", "hardware"]
    [queued] = document["command_queue"]
    assert (queued["kind"], queued["outputs"], queued["due"]) == (
        "outputs",
        [None, True],
        "2026-01-15 09:00:10",
    )
    again = World.from_document(document)
    assert again.to_document() == document
    loaded = FleetMock({**document, "now": "2026-01-15 09:01:00"})
    with loaded.login() as client:  # a command already due is confirmed at the next request
        assert client.tracker.get_state(tracker_id=1).outputs == [False, True]
    orphan = {
        **document,
        "tracker_commands": [{**document["tracker_commands"][0], "tracker_id": 99}],
    }
    with pytest.raises(WorldDocumentError, match="no tracker 99"):
        World.from_document(orphan)
