"""A tracker's special settings (``tracker/settings/special/*``): the kinds its model has, each
told apart by ``type``, through the SDK (sync and async)."""

from __future__ import annotations

import typing
from typing import Any

import attrs
import httpx
import pytest

from fleetapi import (
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    NotSupportedByDeviceError,
)
from fleetapi.models.tracker_settings import SpecialSettings, SpecialSettingsType
from fleetapi.models.tracker_special_device import (
    CallButton,
    Contact,
    DddEmails,
    PhonebookPt100,
    PhoneItem,
    TimeShift,
)
from fleetapi.models.tracker_special_driving import (
    CastelAlarm,
    CastelAlarms,
    CastelCrash,
    CastelDeceleration,
    CastelSharpTurn,
    HbmTelfm,
)
from fleetapi.models.tracker_special_engine import IgnSrcTelfm, TowDetectionQl, TowDetectionTelfm
from fleetapi_mock import DEMO_API_KEY, FleetMock

HBM = HbmTelfm(
    mode="enable", max_acceleration_force=0.3, max_braking_force=0.45, max_angular_velocity=0.2
)
"""Van 2's stored special settings in the demo world."""
TOW = TowDetectionTelfm(mode="enable", activation_timeout=5, threshold=0.3)


def kinds(*names: str) -> Any:
    """A setter of the FMB920's (trackers 1, 2) kinds of special settings."""
    return lambda mock: mock.world.tracker_models.change(1, special_settings=list(names))


def test_the_kinds_are_the_tagged_union(client: Any) -> None:
    tags = {member.TAG for member in typing.get_args(SpecialSettings)}
    assert tags == set(typing.get_args(SpecialSettingsType))
    assert len(tags) == 53  # the documented kinds and the three specific portlets


def test_settings_of_a_kind_replace_that_kind_and_list_in_the_models_order(client: Any) -> None:
    assert client.tracker.settings.special.read(tracker_id=2).list == [HBM]
    client.tracker.settings.special.update(tracker_id=2, value=TOW)
    assert (
        client.tracker.settings.special.read(tracker_id=2, type="tow_detection_telfm").value == TOW
    )
    changed = HbmTelfm(
        mode="disable",
        max_acceleration_force=0.85,
        max_braking_force=0.25,
        max_angular_velocity=1.0,
    )
    client.tracker.settings.special.update(tracker_id=2, value=changed)
    assert client.tracker.settings.special.read(tracker_id=2).list == [changed, TOW]
    ignition = IgnSrcTelfm(
        mode="power_voltage", power_voltage_low_level=12000, power_voltage_high_level=24000
    )
    client.tracker.settings.special.update(tracker_id=2, value=ignition)
    assert client.tracker.settings.special.read(tracker_id=2).list == [changed, ignition, TOW]
    assert client.tracker.settings.special.read(tracker_id=1).list == []  # Van 1 set none


def test_a_kind_never_set_is_201_and_a_kind_the_model_lacks_214(client: Any) -> None:
    with pytest.raises(EntityNotFoundError):
        client.tracker.settings.special.read(tracker_id=2, type="fcc_telfm")
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.settings.special.read(tracker_id=2, type="time_shift")
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.settings.special.update(tracker_id=2, value=TimeShift(offset=3.0))
    for tracker in (3, 4, 6):  # models listing none, or without special_settings
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.settings.special.read(tracker_id=tracker)
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.settings.special.update(tracker_id=tracker, value=HBM)
    assert client.tracker.settings.special.read(tracker_id=2).list == [HBM]


def test_blocked_hidden_and_missing_trackers(client: Any) -> None:
    with pytest.raises(DeviceBlockedError):
        client.tracker.settings.special.update(tracker_id=5, value=HBM)
    for tracker in (7, 999):
        with pytest.raises(EntityNotFoundError):
            client.tracker.settings.special.update(tracker_id=tracker, value=HBM)


@pytest.mark.parametrize(
    ("value", "parameter"),
    [
        (
            HbmTelfm(
                mode="enable",
                max_acceleration_force=0.3,
                max_braking_force=0.9,
                max_angular_velocity=0.2,
            ),
            "value.max_braking_force",
        ),
        (TowDetectionTelfm(mode="enable", activation_timeout=65536, threshold=0.3), None),
    ],
)
def test_documented_limits_are_kept(client: Any, value: Any, parameter: str | None) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.settings.special.update(tracker_id=2, value=value)
    if parameter is not None:
        assert [e["parameter"] for e in info.value.errors] == [parameter]
    assert client.tracker.settings.special.read(tracker_id=2).list == [HBM]


def _tow(**changes: int) -> TowDetectionQl:
    values = {
        "engine_off_to_tow": 300,
        "fake_tow_delay": 300,
        "tow_interval": 12000,
        "rest_duration": 90,
        "motion_duration": 8300,
        "motion_threshold": 3,
        **changes,
    }
    return TowDetectionQl(mode="enable", **values)


@pytest.mark.parametrize(
    ("value", "parameter"),
    [
        (_tow(rest_duration=100), "value.rest_duration"),
        (_tow(motion_duration=8350), "value.motion_duration"),
        (DddEmails(emails=["ops@fleet.test", "not an address"]), "value.emails[1]"),
        (DddEmails(emails=["a@b.co"] * 6), "value.emails"),
        (CallButton(items=[PhoneItem(phone="4915112345678")] * 2), "value.items"),
        (CallButton(items=[PhoneItem(phone="123")]), "value.items[0].phone"),
    ],
)
def test_what_the_types_cannot_say_is_checked_too(
    client: Any, fleet_mock: FleetMock, value: Any, parameter: str
) -> None:
    kinds("tow_detection_ql", "ddd_emails", "call_button")(fleet_mock)
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.settings.special.update(tracker_id=1, value=value)
    assert parameter in [e["parameter"] for e in info.value.errors]
    assert client.tracker.settings.special.read(tracker_id=1).list == []


def test_nested_and_listed_kinds_round_trip_and_keep_their_capacity(
    client: Any, fleet_mock: FleetMock
) -> None:
    kinds("castel_alarms", "phonebook_pt100", "tow_detection_ql")(fleet_mock)
    alarms = CastelAlarms(
        acceleration=CastelAlarm(report=True, beep=True, threshold=0.4),
        deceleration=CastelDeceleration(report=False, beep=False, threshold=0.7),
        crash=CastelCrash(report=True, beep=True, threshold=1.0),
        sharp_turn=CastelSharpTurn(report=True, beep=False, threshold=0.3),
    )
    book = PhonebookPt100(capacity=99, items=[Contact(name="Karl", phone="555469874")])
    for value in (alarms, book, _tow()):
        client.tracker.settings.special.update(tracker_id=1, value=value)
    listed = client.tracker.settings.special.read(tracker_id=1).list
    assert listed == [alarms, PhonebookPt100(capacity=3, items=book.items), _tow()]
    crash = CastelCrash(report=True, beep=True, threshold=0.5)  # below the crash's 1.0 g
    with pytest.raises(InvalidParametersError):
        client.tracker.settings.special.update(
            tracker_id=1, value=attrs.evolve(alarms, crash=crash)
        )


@pytest.mark.parametrize(
    "value",
    [
        {"type": "bogus"},
        {"offset": 3.0},
        {"type": "hbm_telfm", "mode": "enable"},
        {"type": "hbm_telfm", "mode": "on", "max_acceleration_force": 0.3,
         "max_braking_force": 0.3, "max_angular_velocity": 0.3},
        "hbm_telfm",
    ],
)  # fmt: skip
def test_a_malformed_value_is_7(fleet_mock: FleetMock, value: Any) -> None:
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        answer = http.post(
            "/tracker/settings/special/update",
            json={"tracker_id": 2, "value": value},
            headers={"Authorization": f"NVX {DEMO_API_KEY}"},
        ).json()
    assert answer["status"]["code"] == 7
    assert all(e["parameter"].startswith("value") for e in answer["errors"])
