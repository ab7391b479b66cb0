"""A tracker's device lifecycle: registering, the retries, replacing, the phone, corrupting and
deleting, proved through the other calls (sync and async). The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi import (
    BundledSimPhoneError,
    CloneNotAllowedError,
    ClonesOnlyError,
    DeviceConnectedError,
    DeviceIdInUseError,
    DeviceLimitExceededError,
    DeviceStatusError,
    EntityInUseError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    LegalTypeNotAllowedError,
    NonExistentEntitiesError,
    NotSupportedByDeviceError,
    OperationNotPermittedError,
    PhoneInUseError,
    PluginNotFoundError,
    UnknownDeviceModelError,
    WrongActivationCodeError,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World

NOW = dt.datetime(2026, 1, 15, 9, 0)
IMEI = "356938035643809"
"""A device ID of the ID type ``imei`` no demo tracker has."""
BUNDLE = "356456000000011"
"""The demo dealer's bundle of a Queclink GV300 with SIM card 4915100000022."""


def _register(client: Any, **fields: Any) -> Any:
    """Register a Teltonika device with plugin 44, the fields overriding the defaults."""
    values = {
        "label": "Courier",
        "group_id": 0,
        "model": "telfmb920",
        "plugin_id": 44,
        "device_id": IMEI,
        "phone": "4915100000099",
        "apn_name": "internet",
        **fields,
    }
    return client.tracker.register(**values)


def _report(mock: FleetMock, tracker_id: int, minutes: int = 0) -> None:
    """The tracker's device reports a point."""
    when = NOW + dt.timedelta(minutes=minutes)
    mock.record_positions(
        [TrackPointRecord(tracker_id=tracker_id, get_time=when, lat=52.5, lng=13.4)]
    )


def _ids(client: Any) -> list[int]:
    return [t.id for t in client.tracker.list()]


def _status(mock: FleetMock, tracker_id: int, status: str) -> None:
    state = attrs.evolve(mock.world.trackers[tracker_id].state, connection_status=status)
    mock.world.trackers.change(tracker_id, state=state)


def test_a_registered_tracker_is_listed_replaced_under_its_id_and_corrupted_away(
    client: Any, fleet_mock: FleetMock
) -> None:
    before = _ids(client)
    new = _register(client, label="Courier", group_id=1)
    assert new.id not in before
    assert (new.label, new.group_id, new.clone) == ("Courier", 1, False)
    assert (new.source.device_id, new.source.model, new.source.phone) == (
        IMEI, "telfmb920", "4915100000099",
    )  # fmt: skip
    assert (new.source.tariff_id, new.source.creation_date) == (1, NOW.date())
    assert _ids(client) == [*before, new.id]
    assert client.tracker.read(tracker_id=new.id) == new
    state = client.tracker.get_states(trackers=[new.id]).states[str(new.id)]
    assert (state.connection_status, state.gps.location) == ("just_registered", None)
    _report(fleet_mock, new.id)
    assert client.tracker.get_state(tracker_id=new.id).connection_status == "active"

    replaced = client.tracker.replace(
        tracker_id=new.id, model="queclink_gv300", plugin_id=44, device_id=BUNDLE[:-1] + "9",
        phone="4915100000098",
    )  # fmt: skip
    assert (replaced.id, replaced.label, replaced.group_id) == (new.id, "Courier", 1)
    assert replaced.source.id != new.source.id
    assert (replaced.source.model, replaced.source.device_id) == (
        "queclink_gv300",
        BUNDLE[:-1] + "9",
    )
    assert client.tracker.get_state(tracker_id=new.id).connection_status == "just_replaced"
    assert [p.get_time for p in fleet_mock.world.points_of(new.id)] == [NOW]  # history kept
    assert client.tracker.replace_retry(tracker_id=new.id) == replaced

    client.tracker.corrupt(tracker_id=new.id)  # the new device never reported
    assert _ids(client) == before
    with pytest.raises(EntityNotFoundError):
        client.tracker.read(tracker_id=new.id)
    with pytest.raises(NonExistentEntitiesError):
        client.tracker.get_states(trackers=[new.id])
    with pytest.raises(EntityNotFoundError):
        client.tracker.corrupt(tracker_id=new.id)
    assert fleet_mock.world.points_of(new.id) == []
    again = _register(client, device_id=BUNDLE[:-1] + "9", phone="4915100000098")  # freed
    assert again.id > new.id


def test_a_device_id_and_a_phone_belong_to_one_tracker_of_the_platform(
    client: Any, fleet_mock: FleetMock
) -> None:
    before = fleet_mock.world.to_document()
    other = fleet_mock.world.trackers[7]  # the other account's car
    with pytest.raises(DeviceIdInUseError):
        _register(client, device_id=other.device_id)
    with pytest.raises(DeviceIdInUseError):
        _register(client, device_id=fleet_mock.world.trackers[1].device_id)
    with pytest.raises(PhoneInUseError):  # Van 1's, stored as +4915100000001
        _register(client, phone="4915100000001")
    assert fleet_mock.world.to_document() == before
    _register(client)
    with pytest.raises(DeviceIdInUseError):
        _register(client, phone="4915100000097")


def test_a_registration_stops_at_the_dealers_and_the_plans_device_limit(
    client: Any, fleet_mock: FleetMock
) -> None:
    held = len(fleet_mock.world.trackers)  # every account of the demo is the dealer's
    fleet_mock.world.dealers.change(1, device_limit=held)
    with pytest.raises(DeviceLimitExceededError):
        _register(client)
    with pytest.raises(DeviceLimitExceededError):
        client.tracker.register_quick(label="Quick", group_id=0, imei=BUNDLE)
    fleet_mock.world.dealers.change(1, device_limit=held + 1)
    _register(client)
    fleet_mock.world.dealers.change(1, device_limit=None)
    mine = len(client.tracker.list())
    fleet_mock.world.tariffs.change(1, device_limit=mine)  # the plan of a new tracker
    with pytest.raises(DeviceLimitExceededError):
        _register(client, device_id=BUNDLE[:-1] + "9", phone="4915100000098")
    assert len(client.tracker.list()) == mine


def test_the_new_trackers_plan_is_the_dealers_first_for_the_legal_type(
    client: Any, fleet_mock: FleetMock
) -> None:
    fleet_mock.world.tariffs.change(1, legal_types=["individual"])  # demo is a legal entity
    assert _register(client).source.tariff_id == 2
    for plan in (2, 3):
        fleet_mock.world.tariffs.change(plan, active=False)
    with pytest.raises(LegalTypeNotAllowedError):
        _register(client, device_id=BUNDLE[:-1] + "9", phone="4915100000098")


def test_the_model_its_id_type_the_plugin_and_the_phone_are_checked(
    client: Any, fleet_mock: FleetMock
) -> None:
    before = _ids(client)
    with pytest.raises(UnknownDeviceModelError):
        _register(client, model="nosuch")
    fleet_mock.world.tracker_models[4] = attrs.evolve(
        fleet_mock.world.tracker_models[4], register=False
    )
    with pytest.raises(UnknownDeviceModelError):
        _register(client, model="teltonika_tst100")
    with pytest.raises(PluginNotFoundError):  # the mobile app's plugin for a device
        _register(client, plugin_id=35)
    with pytest.raises(PluginNotFoundError):
        _register(client, plugin_id=99)
    for wrong in ("35693803564380A", "1234", "3569380356438091"):
        with pytest.raises(InvalidParametersError) as info:
            _register(client, device_id=wrong)
        assert info.value.errors[0]["parameter"] == "device_id"
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.register(label="No ID", group_id=0, model="telfmb920", plugin_id=44)
    assert info.value.errors[0]["parameter"] == "device_id"
    with pytest.raises(InvalidParametersError) as info:
        _register(client, phone="+4915100000099")  # international, without +
    assert info.value.errors[0]["parameter"] == "phone"
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.register(
            label="No phone", group_id=0, model="telfmb920", plugin_id=44, device_id=IMEI
        )
    assert info.value.errors[0]["parameter"] == "phone"
    with pytest.raises(EntityMissingError):
        _register(client, group_id=99)
    assert _ids(client) == before
    logger = _register(client, model="qstarz_bt1000x", device_id="0123456789")
    assert (logger.source.device_id, logger.source.phone) == ("0123456789", None)  # no phone
    app = client.tracker.register(label="Andrew", group_id=0, model="mobile_app", plugin_id=35)
    assert len(app.source.device_id) == 12  # made for it
    assert app.source.device_id.isdigit()


def test_plugins_37_and_68_use_up_an_activation_code_of_the_dealer(
    client: Any, fleet_mock: FleetMock
) -> None:
    with pytest.raises(WrongActivationCodeError):
        _register(client, plugin_id=37)
    with pytest.raises(WrongActivationCodeError):
        _register(client, plugin_id=44, activation_code="nosuch")
    assert fleet_mock.world.dealers[1].activation_codes == ["123123123", "6045325592"]
    _register(client, plugin_id=37, activation_code="123123123")
    assert fleet_mock.world.dealers[1].activation_codes == ["6045325592"]
    with pytest.raises(WrongActivationCodeError):  # used
        client.tracker.register(
            label="App", group_id=0, model="mobile_app", plugin_id=68, activation_code="123123123"
        )
    client.tracker.register(
        label="App", group_id=0, model="mobile_app", plugin_id=68, activation_code="6045325592"
    )
    listed = {p.id: p for p in client.plugin.list() if p.type == "tracker_register"}
    assert sorted(listed) == [35, 37, 44, 68]
    assert (listed[44].filter.exclusion, listed[35].filter.exclusion) == (True, False)


def test_a_bundle_registers_and_replaces_by_its_imei_alone(
    client: Any, fleet_mock: FleetMock
) -> None:
    quick = client.tracker.register_quick(label="Quick", group_id=2, imei=BUNDLE)
    assert (quick.group_id, quick.source.model, quick.source.phone) == (
        2, "queclink_gv300", "4915100000022",
    )  # fmt: skip
    assert quick.id in _ids(client)
    with pytest.raises(DeviceIdInUseError):
        client.tracker.register_quick(label="Again", group_id=0, imei=BUNDLE)
    with pytest.raises(EntityNotFoundError):
        client.tracker.register_quick(label="None", group_id=0, imei="356456000000099")
    fleet_mock.world.bundles["356456000000029"] = attrs.evolve(
        fleet_mock.world.bundles[BUNDLE], imei="356456000000029", dealer_id=2, phone=None
    )
    with pytest.raises(EntityNotFoundError):  # another dealer's
        client.tracker.register_quick(label="Theirs", group_id=0, imei="356456000000029")
    with pytest.raises(DeviceStatusError):  # its device has not reported
        client.tracker.replace_quick(tracker_id=quick.id, imei="35645587458999")
    replaced = client.tracker.replace_quick(tracker_id=1, imei="35645587458999")
    assert (replaced.id, replaced.label, replaced.source.device_id) == (
        1,
        "Van 1",
        "35645587458999",
    )
    assert (replaced.source.model, replaced.source.phone) == ("telfmb920", "4915100000021")


def test_the_retries_follow_the_devices_registration_status(
    client: Any, fleet_mock: FleetMock
) -> None:
    new = _register(client)
    assert client.tracker.register_retry(tracker_id=new.id, apn_name="internet") == new
    assert client.tracker.register_retry(device_id=IMEI) == new
    with pytest.raises(InvalidParametersError):
        client.tracker.register_retry()
    with pytest.raises(EntityNotFoundError):
        client.tracker.register_retry(device_id=fleet_mock.world.trackers[7].device_id)
    with pytest.raises(DeviceStatusError):  # a replacement needs a device that reported
        client.tracker.replace(tracker_id=new.id, model="telfmb920", plugin_id=44,
                               device_id=BUNDLE[:-1] + "9", phone="4915100000098")  # fmt: skip
    with pytest.raises(DeviceStatusError):  # nothing replaced, the first device is waited for
        client.tracker.replace_retry(tracker_id=new.id)
    _report(fleet_mock, new.id)
    with pytest.raises(DeviceConnectedError):
        client.tracker.register_retry(tracker_id=new.id)
    with pytest.raises(DeviceConnectedError):
        client.tracker.replace_retry(tracker_id=new.id)
    with pytest.raises(DeviceConnectedError):
        client.tracker.corrupt(tracker_id=new.id)
    with pytest.raises(EntityMissingError):  # documented as 204 for this call
        client.tracker.replace_retry(tracker_id=7)
    logger = _register(client, model="qstarz_bt1000x", device_id="0123456789")
    with pytest.raises(NotSupportedByDeviceError):  # no phone to send commands to
        client.tracker.register_retry(tracker_id=logger.id)
    with pytest.raises(InvalidParametersError) as info:  # the mobile app's tracker
        client.tracker.replace(tracker_id=4, model="telfmb920", plugin_id=44,
                               device_id=BUNDLE[:-1] + "9", phone="4915100000098")  # fmt: skip
    assert info.value.errors[0]["parameter"] == "model"


def test_change_phone_moves_the_device_to_a_free_number(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.change_phone(tracker_id=1, phone="6156680000", apn_name="fast.tmobile.com")
    assert client.tracker.read(tracker_id=1).source.phone == "6156680000"
    with pytest.raises(PhoneInUseError):
        client.tracker.change_phone(tracker_id=2, phone="6156680000", apn_name="internet")
    with pytest.raises(BundledSimPhoneError):
        client.tracker.change_phone(tracker_id=2, phone="4915100000022", apn_name="internet")
    client.tracker.change_phone(tracker_id=1, phone="6156680000", apn_name="internet")  # its own
    _status(fleet_mock, 2, "active")
    fleet_mock.world.trackers.change(2, model="qstarz_bt1000x")
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.change_phone(tracker_id=2, phone="6156680001", apn_name="internet")
    fleet_mock.world.trackers.change(2, model="telfmb920", clone=True)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.change_phone(tracker_id=2, phone="6156680001", apn_name="internet")
    assert client.tracker.read(tracker_id=2).source.phone == "+4915100000002"


def test_delete_removes_a_clone_once_no_rule_or_vehicle_is_bound_to_it(
    client: Any, fleet_mock: FleetMock
) -> None:
    with pytest.raises(ClonesOnlyError):
        client.tracker.delete(tracker_id=2)
    fleet_mock.world.trackers.change(2, clone=True)
    with pytest.raises(EntityInUseError) as info:
        client.tracker.delete(tracker_id=2)
    assert info.value.extra["rules"] == [1]  # the depot rule watches Vans 1 and 2
    fleet_mock.world.rules.change(1, trackers=[1])
    with pytest.raises(EntityInUseError) as info:
        client.tracker.delete(tracker_id=2)
    assert info.value.extra["vehicles"] == [2]
    fleet_mock.world.vehicles.change(2, tracker_id=None)
    client.tracker.delete(tracker_id=2)
    assert 2 not in _ids(client)
    with pytest.raises(NonExistentEntitiesError):
        client.tracker.get_states(trackers=[1, 2])


def test_a_removed_tracker_takes_its_data_and_bindings_along(
    client: Any, fleet_mock: FleetMock
) -> None:
    world = fleet_mock.world
    _status(fleet_mock, 4, "just_registered")  # Anna's phone: events, a check-in, its form
    assert world.points_of(4)
    assert any(e.tracker_id == 4 for e in world.events.values())
    client.tracker.corrupt(tracker_id=4)
    assert 4 not in _ids(client)
    assert world.points_of(4) == []
    assert not any(e.tracker_id == 4 for e in world.events.values())
    assert all(c.tracker_id != 4 for c in world.checkins.values())
    assert [e.tracker_id for e in world.employees.values() if e.first_name == "Anna"] == [None]
    _status(fleet_mock, 2, "just_registered")  # Van 2: a vehicle, rules, a geo link, a task
    client.tracker.corrupt(tracker_id=2)
    assert world.vehicles[2].tracker_id is None
    assert all(2 not in r.trackers for r in world.rules.values())
    assert [t.tracker_id for t in world.geo_links[1].trackers] == [1]
    assert all(t.tracker_id != 2 for t in world.tasks.values())
    assert World.from_document(world.to_document()).trackers.keys() == world.trackers.keys()


def test_the_calls_need_their_rights(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(OperationNotPermittedError):
            _register(dispatcher)
        with pytest.raises(OperationNotPermittedError):
            dispatcher.tracker.change_phone(tracker_id=1, phone="6156680000", apn_name="x")
    fleet_mock.world.users.change(2, rights=["tracker_register"], trackers=[1])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        new = _register(dispatcher)
        assert [t.id for t in dispatcher.tracker.list()] == [1, new.id]  # its own, now
        with pytest.raises(OperationNotPermittedError):  # a master user's call
            dispatcher.tracker.delete(tracker_id=new.id)
        with pytest.raises(OperationNotPermittedError):
            dispatcher.tracker.replace_quick(tracker_id=1, imei="35645587458999")
        dispatcher.tracker.corrupt(tracker_id=new.id)
    assert fleet_mock.world.users[2].trackers == [1]
