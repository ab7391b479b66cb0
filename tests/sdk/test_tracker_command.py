"""Commands to devices (outputs, alarm mode, LED, engine immobilizer, location requests, raw and
special commands) and their confirmation as the world's clock moves.

In the demo world, Van 1 (tracker 1) and Van 2 (2) are FMB920s (2 outputs switched one at a
time, an alarm, an LED, an immobilizer; connected); Truck 7 (3) a GV300 (offline, asked for
its location by SMS); Anna's phone (4) the mobile app (no outputs); the scooter (6) a TST100
switching its 3 outputs together; 5 is blocked, 7 the other account's. A device confirms a
command 10 seconds after it was sent unless the dealer's platform says otherwise.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceOfflineError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    LocationAlreadyActualError,
    NotSupportedByDeviceError,
    OperationNotPermittedError,
)
from fleetapi.models.rule import NewRule
from fleetapi.models.tracker_command import MAX_QUEUED_COMMANDS, DeviceCommand
from fleetapi.models.tracker_data import OutputInfo
from fleetapi_mock import FleetMock

NOW = dt.datetime(2026, 1, 15, 9, 0)
DELAY = dt.timedelta(seconds=10)
"""The demo's confirmation delay (the default)."""


def _unconfirmed(client: Any, tracker_id: int) -> int:
    count: int = client.tracker.command.unconfirmed.count(tracker_id=tracker_id)
    return count


def _platform(mock: FleetMock, **values: str) -> None:
    platform = mock.world.dealers[1].platform
    mock.world.dealers.change(1, platform={**platform, **values})


def test_an_output_command_to_a_driven_tracker_is_confirmed_as_the_clock_moves(
    client: Any, fleet_mock: FleetMock
) -> None:
    fleet_mock.drive(2, [(52.49, 13.36), (52.50, 13.38)])  # Van 2 moves, reporting: connected
    sent = fleet_mock.clock.now()
    assert client.tracker.get_state(tracker_id=2).outputs == []  # its model has 2 outputs
    client.tracker.output.set(tracker_id=2, output=2, enable=True)
    assert _unconfirmed(client, 2) == 1
    assert client.tracker.get_state(tracker_id=2).outputs == []  # not before the device says so
    fleet_mock.clock.advance(DELAY - dt.timedelta(seconds=1))
    assert _unconfirmed(client, 2) == 1
    fleet_mock.clock.advance(dt.timedelta(seconds=1))
    assert _unconfirmed(client, 2) == 0
    state = client.tracker.get_state(tracker_id=2)
    assert (state.outputs, state.outputs_update) == ([False, True], sent + DELAY)
    assert [o.title for o in client.tracker.get_outputs(tracker_id=2)] == ["OUT1", "OUT2"]
    client.tracker.output.set(tracker_id=2, output=2, enable=False)
    client.tracker.output.set(tracker_id=2, output=1, enable=True)
    assert _unconfirmed(client, 2) == 2
    fleet_mock.clock.advance(DELAY)
    assert client.tracker.get_state(tracker_id=2).outputs == [True, False]


def test_the_dealers_platform_sets_the_confirmation_delay(fleet_mock: FleetMock) -> None:
    _platform(fleet_mock, **{"tracker.command.confirmation_delay": "PT1M"})
    with fleet_mock.login() as client:
        client.tracker.output.set(tracker_id=1, output=1, enable=True)
        fleet_mock.clock.advance(dt.timedelta(seconds=59))
        assert _unconfirmed(client, 1) == 1
        fleet_mock.clock.advance(dt.timedelta(seconds=1))
        assert _unconfirmed(client, 1) == 0
        _platform(fleet_mock, **{"tracker.command.confirmation_delay": "not a span"})
        client.tracker.output.set(tracker_id=1, output=1, enable=False)
        fleet_mock.clock.advance(DELAY)
        assert client.tracker.get_state(tracker_id=1).outputs == [False, False]


def test_an_output_change_rule_makes_events_when_the_device_confirms(
    fleet_mock: FleetMock,
) -> None:
    with fleet_mock.login() as client:
        client.tracker.rule.create(
            rule=NewRule(
                name="Relay", type="output_change", param=2, trackers=[1],
                primary_text="Relay on", secondary_text="Relay off",
            )
        )  # fmt: skip
        client.tracker.output.set(tracker_id=1, output=2, enable=True)
        client.tracker.output.set(tracker_id=1, output=1, enable=True)  # not the rule's output
        fleet_mock.clock.advance(DELAY)
        client.tracker.output.set(tracker_id=1, output=2, enable=False)
        fleet_mock.clock.advance(DELAY)
        period = {"from_": NOW, "to": NOW + dt.timedelta(hours=1), "trackers": [1]}
        events = client.history.tracker.list(**period, add_tracker_label=False).list
    assert [(e.event, e.message, e.time) for e in events] == [
        ("output_change", "Relay on", NOW + DELAY),
        ("output_change", "Relay off", NOW + 2 * DELAY),
    ]
    assert (events[0].location.lat, events[0].location.lng) == (52.52, 13.405)


def test_reset_drops_the_queue_and_the_state_never_follows(client: Any, fleet_mock: FleetMock):
    client.tracker.output.set(tracker_id=1, output=1, enable=True)
    client.tracker.command.unconfirmed.reset(tracker_id=1)
    assert _unconfirmed(client, 1) == 0
    fleet_mock.clock.advance(DELAY)
    assert client.tracker.get_state(tracker_id=1).outputs == [False, False]


def test_a_device_not_connected_refuses_what_needs_it_and_keeps_the_rest_waiting(
    fleet_mock: FleetMock,
) -> None:
    with fleet_mock.login() as client:
        for call in (
            lambda: client.tracker.output.set(tracker_id=3, output=1, enable=True),
            lambda: client.tracker.engine_immobilizer.set(tracker_id=3, enabled=True),
            lambda: client.tracker.location_request(tracker_id=3, type="gprs"),
        ):
            with pytest.raises(DeviceOfflineError):
                call()
        client.tracker.raw_command.send(tracker_id=3, command="AT+GTRTO=gv300,3,,,,,,0001$")
        client.tracker.raw_command.send(tracker_id=3, command="status", reliable=False)
        assert _unconfirmed(client, 3) == 1  # the unreliable one was dropped
        fleet_mock.clock.advance(dt.timedelta(minutes=5))
        assert _unconfirmed(client, 3) == 1  # waits for the device
        fleet_mock.record_positions(
            [{"tracker_id": 3, "get_time": "2026-01-15 09:05:00", "lat": 52.39, "lng": 13.065}]
        )
        assert _unconfirmed(client, 3) == 0


def test_an_async_offline_model_queues_an_output_for_a_device_not_connected(
    fleet_mock: FleetMock,
) -> None:
    fleet_mock.world.tracker_models.change(2, output_control="async_offline")
    with fleet_mock.login() as client:
        client.tracker.output.set(tracker_id=3, output=4, enable=True)
        fleet_mock.clock.advance(DELAY)
        assert client.tracker.get_state(tracker_id=3).outputs == []
        fleet_mock.record_positions(
            [{"tracker_id": 3, "get_time": "2026-01-15 09:00:30", "lat": 52.39, "lng": 13.065}]
        )
        assert client.tracker.get_state(tracker_id=3).outputs == [False, False, False, True]


def test_outputs_are_switched_as_the_model_allows(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as client:
        with pytest.raises(NotSupportedByDeviceError):  # FMB920: one at a time
            client.tracker.output.set_all(tracker_id=1, outputs=[True, False])
        with pytest.raises(NotSupportedByDeviceError):  # it has 2
            client.tracker.output.set(tracker_id=1, output=3, enable=True)
        with pytest.raises(NotSupportedByDeviceError):  # the mobile app has none
            client.tracker.output.set(tracker_id=4, output=1, enable=True)
        with pytest.raises(NotSupportedByDeviceError):  # TST100: all together
            client.tracker.output.set(tracker_id=6, output=1, enable=True)
        with pytest.raises(NotSupportedByDeviceError):  # and all of its 3
            client.tracker.output.set_all(tracker_id=6, outputs=[True, True])
        assert _unconfirmed(client, 6) == 0
        client.tracker.output.set_all(tracker_id=6, outputs=[True, False, True])
        fleet_mock.clock.advance(DELAY)
        assert client.tracker.get_state(tracker_id=6).outputs == [True, False, True]


def test_a_model_the_catalogue_does_not_know_has_every_control(fleet_mock: FleetMock) -> None:
    state = attrs.evolve(fleet_mock.world.trackers[4].state, outputs=[False])
    fleet_mock.world.trackers.change(4, model="homemade", state=state)
    with fleet_mock.login() as client:
        client.tracker.output.set(tracker_id=4, output=1, enable=True)
        client.tracker.output.set_all(tracker_id=4, outputs=[False])
        client.tracker.led.update(tracker_id=4, value=True)
        assert client.tracker.alarm_mode.read(tracker_id=4) is False


def test_output_titles_are_set_and_given_back(client: Any) -> None:
    client.tracker.output.update(tracker_id=2, tracker_output=OutputInfo(number=2, title="Siren"))
    assert [o.title for o in client.tracker.get_outputs(tracker_id=2)] == ["OUT1", "Siren"]
    batch = client.tracker.batch_get_outputs(trackers=[2])
    assert batch["2"] == client.tracker.get_outputs(tracker_id=2)
    client.tracker.output.update(tracker_id=2, tracker_output=OutputInfo(number=2, title=""))
    assert [o.title for o in client.tracker.get_outputs(tracker_id=2)] == ["OUT1", "OUT2"]
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.output.update(tracker_id=2, tracker_output=OutputInfo(number=3, title="X"))


@pytest.mark.parametrize(
    ("read", "write", "argument"),
    [
        ("alarm_mode", "set", "enabled"),
        ("engine_immobilizer", "set", "enabled"),
        ("led", "update", "value"),
    ],
)
def test_a_switch_reads_back_what_the_device_confirmed(
    client: Any, fleet_mock: FleetMock, read: str, write: str, argument: str
) -> None:
    group = getattr(client.tracker, read)
    assert group.read(tracker_id=1) is False
    getattr(group, write)(tracker_id=1, **{argument: True})
    assert group.read(tracker_id=1) is False
    assert _unconfirmed(client, 1) == 1
    fleet_mock.clock.advance(DELAY)
    assert group.read(tracker_id=1) is True
    assert client.tracker.alarm_mode.read(tracker_id=2) is False  # each tracker its own


def test_switches_the_model_lacks_answer_214(client: Any) -> None:
    with pytest.raises(NotSupportedByDeviceError):  # a GV300 has no alarm among its rules
        client.tracker.alarm_mode.read(tracker_id=3)
    with pytest.raises(NotSupportedByDeviceError):  # no LED control
        client.tracker.led.read(tracker_id=4)
    with pytest.raises(NotSupportedByDeviceError):  # a phone is not a vehicle
        client.tracker.engine_immobilizer.set(tracker_id=4, enabled=True)


def test_blocked_foreign_and_cloned_trackers_answer_as_documented(
    fleet_mock: FleetMock,
) -> None:
    with fleet_mock.login() as client:
        calls = {
            "count": (lambda t: client.tracker.command.unconfirmed.count(tracker_id=t), 204),
            "set": (lambda t: client.tracker.output.set(tracker_id=t, output=1, enable=True), 204),
            "alarm": (lambda t: client.tracker.alarm_mode.set(tracker_id=t, enabled=True), 204),
            "led": (lambda t: client.tracker.led.read(tracker_id=t), 201),
            "location": (lambda t: client.tracker.location_request(tracker_id=t), 201),
            "raw": (lambda t: client.tracker.raw_command.send(tracker_id=t, command="x"), 201),
        }
        missing = {204: EntityMissingError, 201: EntityNotFoundError}
        for name, (call, code) in calls.items():
            with pytest.raises(DeviceBlockedError):
                call(5)
            with pytest.raises(missing[code]):
                call(7)
            assert name
        fleet_mock.world.trackers.change(1, clone=True)
        for clone_refused in (
            lambda: client.tracker.output.set(tracker_id=1, output=1, enable=True),
            lambda: client.tracker.engine_immobilizer.set(tracker_id=1, enabled=True),
        ):
            with pytest.raises(CloneNotAllowedError):
                clone_refused()
        assert client.tracker.led.read(tracker_id=1) is False  # reads are for clones too


def test_a_location_request_dates_the_position_anew(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as client:
        with pytest.raises(LocationAlreadyActualError):  # Van 1 reported 30 s ago
            client.tracker.location_request(tracker_id=1, type="gprs")
        with pytest.raises(NotSupportedByDeviceError):  # an FMB920 is not asked by SMS
            client.tracker.location_request(tracker_id=2)
        client.tracker.rule.create(
            rule=NewRule(name="Where", type="location_response", trackers=[3])
        )
        client.tracker.location_request(tracker_id=3)  # by SMS: offline is fine
        fleet_mock.clock.advance(DELAY)
        state = client.tracker.get_state(tracker_id=3)
        assert (state.gps.updated, state.last_update) == (NOW + DELAY, NOW + DELAY)
        assert state.connection_status == "offline"
        period = {"from_": NOW, "to": NOW + dt.timedelta(hours=1), "trackers": [3]}
        [event] = client.history.tracker.list(**period).list
        assert (event.event, event.time) == ("location_response", NOW + DELAY)
        with pytest.raises(LocationAlreadyActualError):
            client.tracker.location_request(tracker_id=3)


def test_raw_commands_in_hex_are_pairs_of_hex_digits(client: Any) -> None:
    client.tracker.raw_command.send(tracker_id=1, command="0A1bFF", type="hex")
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.raw_command.send(tracker_id=1, command="0A1", type="hex")
    assert info.value.errors == [{"parameter": "command", "error": "Non-hex string"}]
    assert _unconfirmed(client, 1) == 1


def test_send_command_needs_the_special_control_of_the_model(fleet_mock: FleetMock) -> None:
    lock = DeviceCommand(name="electronic_lock_command", command_code="unseal")
    with fleet_mock.login() as client:
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.send_command(tracker_id=1, command=lock)
        fleet_mock.world.tracker_models.change(1, special_control="jointech_lock_password")
        [tracker] = client.tracker.send_command(tracker_id=1, command=lock)
        assert tracker == client.tracker.read(tracker_id=1)
        assert _unconfirmed(client, 1) == 1
        with pytest.raises(InvalidParametersError):
            client.tracker.send_command(
                tracker_id=1, command=DeviceCommand(name="electronic_lock_command")
            )
        settings = DeviceCommand(
            name="set_special_settings_command", special_settings={"type": "lock_password"}
        )
        client.tracker.send_command(tracker_id=1, command=settings)
        fleet_mock.world.tracker_models.change(1, special_control="none")
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.send_command(tracker_id=1, command=settings)


def test_sub_users_need_the_documented_rights_and_see_their_trackers(
    fleet_mock: FleetMock,
) -> None:
    kept = fleet_mock.world.users[2].rights
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert _unconfirmed(sub_user, 1) == 0  # no right needed to count
        assert sub_user.tracker.led.read(tracker_id=1) is False
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.output.set(tracker_id=1, output=1, enable=True)
        fleet_mock.world.users.change(2, rights=[*kept, "tracker_set_output"])
        sub_user.tracker.output.set(tracker_id=1, output=1, enable=True)
        with pytest.raises(OperationNotPermittedError):  # tracker_configure too
            sub_user.tracker.raw_command.send(tracker_id=1, command="getver")
        fleet_mock.world.users.change(2, rights=[*kept, "tracker_set_output", "tracker_configure"])
        sub_user.tracker.raw_command.send(tracker_id=1, command="getver")
        fleet_mock.world.users.change(2, trackers=[1])
        with pytest.raises(EntityMissingError):
            sub_user.tracker.output.set(tracker_id=2, output=1, enable=True)
        with pytest.raises(EntityMissingError):
            sub_user.tracker.command.unconfirmed.count(tracker_id=2)


def test_a_trackers_queue_drops_its_oldest_command_when_full(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as client:
        for number in range(MAX_QUEUED_COMMANDS + 1):
            client.tracker.raw_command.send(tracker_id=1, command=f"cmd {number}")
        client.tracker.raw_command.send(tracker_id=2, command="other")
        assert _unconfirmed(client, 1) == MAX_QUEUED_COMMANDS
        assert _unconfirmed(client, 2) == 1
    kept = [r.command for r in fleet_mock.world.command_queue.values() if r.tracker_id == 1]
    assert kept[0] == "cmd 1"
