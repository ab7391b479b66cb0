"""A tracker's settings and APN: calls of the service's documentation, through the SDK (sync
and async). Trip detection's effect on tracks is in ``test_tracker_settings_trips.py``, the
special settings in ``test_tracker_settings_special.py``; the documented examples run in
``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    NotSupportedByDeviceError,
    OperationNotPermittedError,
)
from fleetapi.models.tracker_settings import ApnSettings, TrackerSettings, TripDetectionSettings
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import MobileNetworkRecord

TELFM = {
    "tracking_angle": 30,
    "tracking_distance": 100,
    "tracking_interval": 60,
    "on_stop_tracking_interval": 180,
    "sleep_mode": "disabled",
    "stop_detection": "ignition",
}
"""The documented example of the ``telfm`` profile: the FMB920's tracking settings unchanged."""

DETECTION = {
    "min_idle_duration_minutes": 20,
    "idle_speed_threshold": 4,
    "ignition_aware": True,
    "motion_sensor_aware": True,
}

CALLS: dict[str, Callable[[Any, int], object]] = {
    "tracker/settings/read": lambda c, t: c.tracker.settings.read(tracker_id=t),
    "tracker/settings/update": lambda c, t: c.tracker.settings.update(
        tracker_id=t, group_id=0, label="Renamed"
    ),
    "tracker/settings/tracking/read": lambda c, t: c.tracker.settings.tracking.read(tracker_id=t),
    "tracker/settings/tracking/update": lambda c, t: c.tracker.settings.tracking.update(
        tracker_id=t, tracking_settings=TELFM
    ),
    "tracker/settings/trip_detection/read": lambda c, t: c.tracker.settings.trip_detection.read(
        tracker_id=t
    ),
    "tracker/settings/trip_detection/update": lambda c, t: c.tracker.settings.trip_detection.update(
        tracker_id=t, **DETECTION
    ),
    "tracker/settings/lbs/read": lambda c, t: c.tracker.settings.lbs.read(tracker_id=t),
    "tracker/settings/lbs/update": lambda c, t: c.tracker.settings.lbs.update(
        tracker_id=t, max_radius=800
    ),
    "tracker/settings/special/read": lambda c, t: c.tracker.settings.special.read(tracker_id=t),
    "tracker/apn_settings/read": lambda c, t: c.tracker.apn_settings.read(tracker_id=t),
}
"""Each call about one tracker (``special/update`` is in its own module), as the SDK makes it."""

MISSING = {
    path: EntityMissingError
    if "/trip_detection/" in path or "/lbs/" in path
    else EntityNotFoundError
    for path in CALLS
}
"""The code each call documents for a tracker the caller does not see: 204 or 201."""

CHANGES = [path for path in CALLS if path.endswith("/update")]


def test_label_and_group_change_and_show_in_the_tracker(client: Any) -> None:
    assert client.tracker.settings.read(tracker_id=1) == TrackerSettings(label="Van 1", group_id=1)
    client.tracker.settings.update(tracker_id=1, group_id=2, label="Courier")
    assert client.tracker.settings.read(tracker_id=1) == TrackerSettings(
        label="Courier", group_id=2
    )
    tracker = client.tracker.read(tracker_id=1)
    assert (tracker.label, tracker.group_id) == ("Courier", 2)
    client.tracker.settings.update(tracker_id=1, group_id=0, label="Courier")  # no group
    assert client.tracker.read(tracker_id=1).group_id == 0


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"group_id": 999}, EntityMissingError),
        ({"label": "Van <1>"}, InvalidParametersError),
        ({"label": "x" * 61}, InvalidParametersError),
        ({"label": "  "}, InvalidParametersError),
        ({"label": "Van\n1"}, InvalidParametersError),
        ({"group_id": -1}, InvalidParametersError),
    ],
)
def test_a_bad_label_or_group_changes_nothing(
    client: Any, changes: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        client.tracker.settings.update(
            **{"tracker_id": 1, "group_id": 1, "label": "Van 1", **changes}
        )
    assert client.tracker.settings.read(tracker_id=1) == TrackerSettings(label="Van 1", group_id=1)


def test_another_accounts_group_is_204(client: Any, fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:
        group = other.tracker.group.create(title="Theirs", color="000000")
    with pytest.raises(EntityMissingError):
        client.tracker.settings.update(tracker_id=1, group_id=group, label="Van 1")


def test_tracking_settings_are_the_profiles_until_sent(client: Any) -> None:
    assert client.tracker.settings.tracking.read(tracker_id=1) == TELFM
    assert client.tracker.settings.tracking.read(tracker_id=3) == {  # the GV300: gv500
        "type": "interval",
        "tracking_interval": 30,
        "tracking_distance": 100,
        "tracking_angle": 30,
        "psm_mode": 1,
        "psm_interval": 600,
    }
    sent = {**TELFM, "tracking_interval": "90", "sleep_mode": "soft_sleep"}
    client.tracker.settings.tracking.update(tracker_id=1, tracking_settings=sent)
    assert client.tracker.settings.tracking.read(tracker_id=1) == {**sent, "tracking_interval": 90}
    assert client.tracker.settings.tracking.read(tracker_id=2)["sleep_mode"] == "soft_sleep"


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({**TELFM, "tracking_interval": 29}, "tracking_interval"),
        ({**TELFM, "tracking_angle": 256}, "tracking_angle"),
        ({**TELFM, "sleep_mode": "deep_sleep"}, "sleep_mode"),
        ({**TELFM, "tracking_distance": "far"}, "tracking_distance"),
        ({**TELFM, "tracking_distance": True}, "tracking_distance"),
        ({**TELFM, "psm_mode": 1}, "psm_mode"),  # not a field of telfm
        ({k: v for k, v in TELFM.items() if k != "stop_detection"}, "stop_detection"),
    ],
)
def test_tracking_settings_keep_their_profile(
    client: Any, settings: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.settings.tracking.update(tracker_id=1, tracking_settings=settings)
    assert [e["parameter"] for e in info.value.errors] == [f"tracking_settings.{field}"]
    assert client.tracker.settings.tracking.read(tracker_id=1) == TELFM


def test_a_model_without_a_tracking_profile_is_214(client: Any, fleet_mock: FleetMock) -> None:
    for tracker in (4, 6):  # the mobile app (track_control none), the TST100 (none given)
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.settings.tracking.read(tracker_id=tracker)
        with pytest.raises(NotSupportedByDeviceError):
            client.tracker.settings.tracking.update(tracker_id=tracker, tracking_settings=TELFM)
    fleet_mock.world.tracker_models.change(1, track_control="nothing_known")
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.settings.tracking.read(tracker_id=1)


def test_a_clone_gets_no_tracking_settings(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.trackers.change(1, clone=True)
    assert client.tracker.settings.tracking.read(tracker_id=1) == TELFM
    with pytest.raises(CloneNotAllowedError):
        client.tracker.settings.tracking.update(tracker_id=1, tracking_settings=TELFM)


def test_trip_detection_and_lbs_default_and_change(client: Any) -> None:
    assert client.tracker.settings.trip_detection.read(tracker_id=1) == TripDetectionSettings(
        min_idle_duration_minutes=5,
        idle_speed_threshold=3,
        ignition_aware=False,
        motion_sensor_aware=False,
    )
    assert client.tracker.settings.lbs.read(tracker_id=1) == 300
    client.tracker.settings.trip_detection.update(tracker_id=1, **DETECTION)
    client.tracker.settings.lbs.update(tracker_id=1, max_radius=0)
    assert client.tracker.settings.trip_detection.read(tracker_id=1) == TripDetectionSettings(
        **DETECTION
    )
    assert client.tracker.settings.lbs.read(tracker_id=1) == 0
    assert client.tracker.settings.lbs.read(tracker_id=3) == 300  # the others keep theirs


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.tracker.settings.trip_detection.update(
            tracker_id=1, **{**DETECTION, "min_idle_duration_minutes": 0}
        ),
        lambda c: c.tracker.settings.trip_detection.update(
            tracker_id=1, **{**DETECTION, "min_idle_duration_minutes": 1441}
        ),
        lambda c: c.tracker.settings.trip_detection.update(
            tracker_id=1, **{**DETECTION, "idle_speed_threshold": 201}
        ),
        lambda c: c.tracker.settings.lbs.update(tracker_id=1, max_radius=10001),
        lambda c: c.tracker.settings.lbs.update(tracker_id=1, max_radius=-1),
    ],
)
def test_documented_limits_are_kept(client: Any, call: Callable[[Any], object]) -> None:
    with pytest.raises(InvalidParametersError):
        call(client)
    assert client.tracker.settings.trip_detection.read(tracker_id=1).min_idle_duration_minutes == 5
    assert client.tracker.settings.lbs.read(tracker_id=1) == 300


def test_the_demo_van_2_has_settings_of_its_own(client: Any) -> None:
    assert client.tracker.settings.tracking.read(tracker_id=2)["tracking_interval"] == 120
    assert client.tracker.settings.trip_detection.read(tracker_id=2) == TripDetectionSettings(
        min_idle_duration_minutes=10,
        idle_speed_threshold=5,
        ignition_aware=True,
        motion_sensor_aware=False,
    )
    assert client.tracker.settings.lbs.read(tracker_id=2) == 500
    assert [type(s).TAG for s in client.tracker.settings.special.read(tracker_id=2).list] == [
        "hbm_telfm"
    ]


def test_apn_settings_come_from_the_phone_numbers_network(
    client: Any, fleet_mock: FleetMock
) -> None:
    telekom = ApnSettings(name="internet.telekom", user="telekom", password="tm")
    assert client.tracker.apn_settings.read(tracker_id=1) == telekom  # +49 151...
    assert client.apn_settings.read(phone="4917212345678") == ApnSettings(
        name="web.vodafone.de", user="", password="", operator_name="Vodafone"
    )
    fleet_mock.world.mobile_networks.append(
        MobileNetworkRecord(operator_name="Congstar", prefixes=["4915100"], name="internet.t-d1.de")
    )
    assert client.tracker.apn_settings.read(tracker_id=1).name == "internet.t-d1.de"  # longest
    assert client.apn_settings.read(phone="4915112345678").operator_name == "Deutsche Telekom"
    with pytest.raises(EntityNotFoundError):
        client.apn_settings.read(phone="11234567890")
    for phone in ("+4915112345678", "491511", "4915112345678901", "49 151 123456"):
        with pytest.raises(InvalidParametersError):
            client.apn_settings.read(phone=phone)


def test_apn_settings_need_a_model_with_them_and_a_known_number(
    client: Any, fleet_mock: FleetMock
) -> None:
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.apn_settings.read(tracker_id=4)  # the mobile app: no APN settings
    with pytest.raises(EntityNotFoundError):
        client.tracker.apn_settings.read(tracker_id=3)  # no phone number
    fleet_mock.world.trackers.change(1, phone="+12025550100")
    with pytest.raises(EntityNotFoundError):
        client.tracker.apn_settings.read(tracker_id=1)  # a network the world does not know


@pytest.mark.parametrize("path", sorted(CALLS))
def test_a_blocked_tracker_is_208_and_a_hidden_one_its_documented_code(
    client: Any, path: str
) -> None:
    with pytest.raises(DeviceBlockedError):
        CALLS[path](client, 5)
    for tracker in (7, 999):  # another account's, none
        with pytest.raises(MISSING[path]):
            CALLS[path](client, tracker)


@pytest.mark.parametrize("path", CHANGES)
def test_a_sub_user_changes_settings_with_the_right_only(fleet_mock: FleetMock, path: str) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        with pytest.raises(OperationNotPermittedError):
            CALLS[path](sub_user, 1)
        fleet_mock.world.users.change(2, rights=["tracker_update", "tracker_configure"])
        CALLS[path](sub_user, 1)


def test_a_sub_user_reads_settings_of_its_trackers_only(fleet_mock: FleetMock) -> None:
    fleet_mock.world.users.change(2, trackers=[1])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        for path, call in CALLS.items():
            if path not in CHANGES:
                call(sub_user, 1)
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.settings.read(tracker_id=2)
        with pytest.raises(EntityMissingError):
            sub_user.tracker.settings.trip_detection.read(tracker_id=2)
