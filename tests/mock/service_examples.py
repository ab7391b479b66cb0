"""The request and response examples of the service's documentation, one per call.

Each call taken from the service's documentation (``origin="service"``) has its documented
example request here, as written there but for IDs and hashes adapted to the demo world, and
the documented response (without ``success``). ``test_service_examples.py`` sends each request
as a program written against the documentation would (JSON, form fields with ``hash``, GET,
under ``/v2`` with a trailing slash) and checks that the answer has the documented keys, types
and nesting (:func:`assert_documented_shape`).

``ANY`` stands where the documentation shows a placeholder (``<employee>``) or a value whose
type it leaves open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs
from defusedxml.ElementTree import fromstring

from fleetapi.models.tag import TAGGED_ENTITY_TYPES
from fleetapi.models.tracker_special_device import ElectronicLockPassword, HhdLockPassword
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackerSettingsRecord

ANY: Final = object()
"""A documented value of no particular shape (a placeholder such as ``<employee>``)."""

MAILED_CODE: Final = object()
"""Stands for the documented code in a request: the code the world mailed at sign-in."""


@attrs.frozen
class Example:
    """A call's documented example: its request body (without ``hash``) and response."""

    path: str
    request: dict[str, Any]
    response: dict[str, Any]
    login: str = "demo"
    """The demo user whose session sends it."""
    files: dict[str, tuple[str, bytes, str]] = attrs.Factory(dict)
    """The file parts of an upload (name, content, type), sent with the request's fields as
    ``multipart/form-data``."""
    session_kind: str = "standard"
    """The kind of session that sends it (``password_restore``: one the control API starts;
    ``activation``: the one of the activation link ``user/resend_activation`` mails;
    ``second_factor``: the one ``user/auth`` answers a user with a second factor, sent once
    the 5 minutes before a new code have passed)."""
    setup: Callable[[FleetMock], object] | None = None
    """What the world needs first, done through the mock's own API (an unactivated user)."""


_METERING_SENSOR: Final = {
    "type": "metering",
    "id": 860250,
    "sensor_type": "temperature",
    "name": "OBD Coolant temperature",
    "input_name": "obd_coolant_t",
    "divider": 1.0,
    "accuracy": 0.0,
    "units": "",
    "units_type": "celsius",
}
"""The metering sensor of the documentation's sensor examples."""

_VIRTUAL_READINGS: Final = [
    {
        "sensor_id": 37643,
        "label": "Virtual Ignition",
        "value": "On",
        "type": "virtual_ignition",
        "update_time": "2023-06-28 06:05:59",
    }
]
_COUNTERS: Final = [
    {"type": "odometer", "value": 3232.9923342688653, "update_time": "2023-06-28 06:05:59"}
]
_READINGS: Final = {
    "inputs": [
        {
            "sensor_id": 37641,
            "value": 5.66,
            "label": "label",
            "units": "litres",
            "name": "fuel_level",
            "type": "fuel",
            "units_type": "custom",
            "update_time": "2023-06-28 06:05:59",
            "composite_sensor_ids": [37651, 37652],
        }
    ],
    "states": [
        {"field": "obd_mil_status", "value": 12345.23, "update_time": "2023-06-28 06:05:59"}
    ],
    "virtual_sensors": _VIRTUAL_READINGS,
    "counters": _COUNTERS,
}
"""``tracker/readings/list`` of the documentation."""


LLS_MONITOR_FILE: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<calibration><sensor number="1">'
    b'<point level="0" volume="0"/><point level="0.7" volume="60"/>'
    b"</sensor></calibration>\n"
)
"""An Omnicomm LLS Monitor calibration file of one sensor, in the layout the mock reads."""


def _board_voltage_sensor(mock: FleetMock) -> None:
    """Van 1 gets a metering sensor of its board voltage (sensor 90)."""
    from fleetapi_mock.state.records import MeteringSensorRecord

    mock.world.sensors[90] = MeteringSensorRecord(
        id=90,
        tracker_id=1,
        sensor_type="power",
        name="Board voltage",
        input_name="board_voltage",
        units="V",
    )


def _obd_report(mock: FleetMock) -> None:
    """Van 1 reports its engine speed, VIN and check-engine lamp now."""
    mock.record_positions(
        [
            {
                "tracker_id": 1,
                "get_time": "2026-01-15 09:00:00",
                "lat": 52.52,
                "lng": 13.405,
                "readings": {"obd_rpm": 889, "obd_vin": 123, "obd_mil_status": 0},
            }
        ]
    )


_BATCH_READINGS: Final = {
    "inputs": [
        {
            "sensor_id": 37641,
            "label": "Tank 1",
            "units": "",
            "name": "lls_level_1",
            "type": "fuel",
            "min_value": 0.0,
            "max_value": 480.0,
            "value": 225.71,
            "units_type": "litre",
            "converted_units_type": None,
            "converted_value": None,
            "update_time": "2023-06-28 06:13:09",
            "composite_sensor_ids": [37651, 37652],
        }
    ],
    "states": [{"field": "input_status", "value": 0, "update_time": "2023-06-28 06:13:09"}],
    "virtual_sensors": _VIRTUAL_READINGS,
    "counters": _COUNTERS,
}
"""A tracker's readings in ``tracker/readings/batch_list`` of the documentation."""

_COMMANDS: Final = [
    {
        "id": 19,
        "name": "Reboot",
        "type": "hardware",
        "config": {"command": "cpureset", "reliable": True},
    },
    {
        "id": 20,
        "name": "Notify Slack",
        "type": "http",
        "config": {
            "url": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
            "headers": [],
            "body": '{\n  "text": "Device {{device_id}}: speed {{speed}} km/h"\n}',
        },
    },
]
"""A tracker's saved commands in ``tracker/batch_get_commands`` of the documentation."""

_COMMAND_TRACKER: Final = {
    "id": 3,
    "label": "tracker label",
    "clone": False,
    "group_id": 167,
    "avatar_file_name": "file name",
    "source": {
        "id": 234567,
        "device_id": "860000000000003",
        "model": "telfmb920",
        "blocked": False,
        "tariff_id": 345678,
        "status_listing_id": None,
        "creation_date": "2011-09-21",
        "tariff_end_date": "2016-03-24",
        "phone": "+71234567890",
    },
    "tag_bindings": [{"tag_id": 456789, "ordinal": 4}],
}
"""The tracker ``tracker/send_command`` answers in the documentation (its ``device_id`` a
string, as the tracker object documents it)."""

_RULE: Final = {
    "description": "",
    "type": "work_status_change",
    "primary_text": "status changed",
    "secondary_text": "",
    "alerts": {
        "push_enabled": True,
        "emails": ["example@gmail.com"],
        "emergency": False,
        "sms_phones": ["745494878945"],
        "phones": [],
    },
    "suspended": "",
    "name": "Status changing",
    "trackers": [1],
    "extended_params": {
        "emergency": False,
        "zone_limit_inverted": False,
        "append_zone_title": "",
        "status_ids": [319281, 319282, 319283],
    },
    "param": "",
    "schedule": [
        {
            "from": {"weekday": 1, "time": "00:00:00"},
            "to": {"weekday": 7, "time": "23:59:59"},
            "type": "weekly",
        }
    ],
    "zone_ids": [],
    "group_id": 1,
}
"""The rule of the documentation's create and update examples."""

EMPLOYEE: Final = {
    "id": 222,
    "tracker_id": None,
    "first_name": "John",
    "middle_name": "Jane",
    "last_name": "Smith",
    "email": "smith@example.com",
    "phone": "442071111111",
    "driver_license_number": "SKIMP407952HJ9GK 06",
    "driver_license_cats": "C",
    "driver_license_issue_date": "2008-01-01",
    "driver_license_valid_till": "2018-01-01",
    "hardware_key": None,
    "icon_id": 55,
    "avatar_file_name": None,
    "department_id": None,
    "location": {"lat": 52.5, "lng": 13.4, "address": "Engeldamm 18"},
    "personnel_number": "1059236",
    "ssn": "123-45-6789",
    "tags": [1, 2],
}
"""The employee object of the documentation."""

_NEW_EMPLOYEE: Final = {
    "tracker_id": 2,  # documented 625987: a demo tracker without an employee
    "first_name": "John",
    "middle_name": "Jane",
    "last_name": "Smith",
    "email": "smith@example.com",
    "phone": "442071111111",
    "driver_license_number": "SKIMP407952HJ9GK 06",
    "driver_license_cats": "C",
    "driver_license_valid_till": "2018-01-01",
    "hardware_key": None,
    "icon_id": 55,
    "avatar_file_name": None,
    "department_id": None,
    "location": {"lat": 52.5, "lng": 13.4, "address": "Engeldamm 18"},
    "personnel_number": "1059236",
    "tags": [1, 2],
}

_SIMPLE_LINE_KML: Final = b"""<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
    <Document>
        <name>Simple line</name>
        <Placemark>
            <LineString>
                <coordinates>
                    -122.366278,37.818844,30
                    -122.365248,37.819267,30
                    -122.365640,37.819861,30
                    -122.366669,37.819429,30
                </coordinates>
            </LineString>
        </Placemark>
    </Document>
</kml>
"""
"""The documented ``zone/upload`` example file: a line without a radius."""

_BEACON_ENTRY: Final = {
    "tracker_id": 10181654,
    "hardware_id": "7cf9501df3d6924e423cabcde4c924ff",
    "rssi": -101,
    "get_time": "2023-04-17 17:14:42",
    "latitude": 50.3487321,
    "longitude": 7.58238,
    "ext_data": {"voltage": 3.075, "temperature": 24.0},
}
"""The documented BLE beacon data entry."""

_ZONE: Final = {
    "id": 12345,
    "type": "sausage",
    "label": "Zone name",
    "address": "Karlsplatz, 2",
    "color": "27A9E3",
    "radius": 150,
    "points": [{"lat": 11.0, "lng": 22.0, "node": True}],
    "tags": [289],
}
"""The zone object of the documentation (a sausage; its points only ``with_points``)."""

_CIRCLE_ZONE: Final = {
    "label": "Circle geofence",
    "type": "circle",
    "center": {"lat": 61.49504550221769, "lng": 23.775476217269897},
    "radius": 50,
    "tags": [1],
    "color": "03A9F4",
    "address": "Address",
}
"""The circle of the documented ``zone/create`` and ``zone/update`` (tag 179227 there)."""

_PLACE: Final = {
    "id": 1,
    "icon_id": 55,
    "avatar_file_name": None,
    "location": {
        "lat": 40.773998,
        "lng": -73.66003,
        "address": "730 5th Ave, New York, NY 10019, Unites States",
        "radius": 50,
    },
    "fields": ANY,  # documented: custom field 131312; the demo's place 1 has field 1
    "label": "Crown Building",
    "description": "Here we buy our goods",
    "tags": [1, 2],
    "external_id": "1",
}
"""The place object of the documentation."""

_NEW_PLACE: Final = {
    "icon_id": 55,
    "avatar_file_name": None,
    "location": _PLACE["location"],
    "fields": {"1": {"type": "text", "value": "I love text!"}},  # documented: field 131312
    "label": "Crown Building",
    "description": "Here we buy our goods",
    "tags": [1, 2],
    "external_id": "1",
}
"""The ``place`` of the documented ``place/create`` and ``place/update``."""

_ENTITY: Final = {
    "id": 1,
    "type": "place",
    "settings": {
        "layout": {
            "sections": [
                {
                    "label": "Section label",
                    "field_order": ["label", "location", "1", "tags", "description"],
                }
            ]
        }
    },
}
"""The entity object of the documentation (entity 123 there, its custom field 131212): the
demo's place entity 1 and its field 1."""

_TEXT_FIELD: Final = {
    "id": 131312,
    "label": "Additional info",
    "type": "text",
    "required": True,
    "description": "Info about place",
}
"""The text field of the documented ``entity/read``."""

_EMPLOYEE_FIELD: Final = {
    "label": "Additional info",
    "type": "employee",
    "required": False,
    "description": "Responsibility",
    "params": {"responsible": True},
}
"""The employee field of the documented ``entity/fields/*`` (field 131312 there)."""

_GUIDE_FIELDS: Final = [
    {"label": "E-mail", "required": False, "type": "email", "description": "Customer's email"},
    {"label": "Phone", "required": False, "type": "phone", "description": "Customer's phone"},
    {"label": "The last visit date", "required": False, "type": "text", "description": None},
    {"label": "The last order №", "required": False, "type": "text", "description": None},
    {"label": "The last visit result", "required": False, "type": "text", "description": None},
    {
        "label": "Responsible employee",
        "params": {"responsible": True},
        "required": False,
        "type": "employee",
        "description": None,
    },
]
"""The fields the guide to places (``manage-pois.md``) creates, with ``delete_missing``."""

_BOUNDS: Final = {
    "nw": {"lat": 48.202289, "lng": 16.367832},
    "se": {"lat": 48.199591, "lng": 16.37188},
}

_GROUP: Final = {"title": "test", "color": "FF6DDC", "id": 129301}

_USER_INFO: Final = {
    "paas_id": 7,
    "paas_settings": ANY,
    "user_info": {
        "id": 43568,
        "login": "demo@navixy.com",
        "title": "John Smith",
        "phone": "79123456789",
        "creation_date": "2016-05-20 01:10:34",
        "balance": 74.31,
        "bonus": 0.0,  # documented 0; the field is a float ("max. 2 digits after dot")
        "locale": "en_US",
        "demo": True,
        "verified": True,
        "legal_type": "individual",
        "default_geocoder": "google",
        "route_provider": "google",
        "time_zone": "America/New_York",
        "measurement_system": "metric",
        "date_format": "ddMMyyyy_dots",
        "hour_mode": "TWENTY_FOUR_HOURS",
        "tin": "2345678239",
        "iec": "",
        "post_country": "USA",
        "post_region": "NY",
        "post_index": "10120",
        "post_city": "New York",
        "post_street_address": "1556 Broadway, suite 416",
        "registered_country": "USA",
        "registered_region": "NY",
        "registered_index": "10120",
        "registered_city": "New York",
        "registered_street_address": "1556 Broadway, suite 416",
        "first_name": "John",
        "middle_name": "Walker",
        "last_name": "Smith",
        "legal_name": "QWER Inc.",
    },
    "master": {
        "id": 1234,
        "demo": False,
        "legal_type": "individual",
        "first_name": "David",
        "middle_name": "Middle",
        "last_name": "Blane",
        "legal_name": "Blah LLC",
        "title": "David Blane",
        "balance": 0.0,
        "bonus": 89.78,
    },
    "tariff_restrictions": {"allowed_maps": ["roadmap", "osm"]},
    "premium_gis": True,
    "features": ["branding_web"],
    "privileges": {"rights": ["tag_update"]},
    "user_menu": ANY,
}
"""``user/get_info`` as documented: a sub-user's answer (``master`` and ``privileges``)."""

_SETTINGS: Final = {
    "time_zone": "Europe/Amsterdam",
    "locale": "nl_NL",
    "measurement_system": "metric",
    "geocoder": "osm",
    "route_provider": "google",
    "translit": False,
}

_STATE: Final = {
    "source_id": 545139,
    "gps": {
        "updated": "2022-08-31 13:47:09",
        "signal_level": 100,
        "location": {"lat": 42.82769, "lng": -78.26290833333333},
        "heading": 45,
        "speed": 0,
        "alt": 0,
    },
    "connection_status": "active",
    "movement_status": "parked",
    "movement_status_update": "2022-08-31 13:40:44",
    "ignition": False,
    "ignition_update": "2022-08-31 13:40:44",
    "gsm": {
        "updated": "2022-08-31 13:47:09",
        "signal_level": 100,
        "network_name": "Mobile",
        "roaming": False,
    },
    "last_update": "2022-08-31 13:47:09",
    "battery_level": 97,
    "battery_update": "2022-08-31 13:47:09",
    "inputs": [False, False, False],
    "inputs_update": "2022-08-31 13:47:09",
    "outputs": [True, False],
    "outputs_update": "2022-08-31 13:47:09",
    "additional": {
        "hardware_key": {"value": "20910998202956382057", "updated": "2022-08-31 10:47:09"}
    },
    "actual_track_update": "2022-08-31 13:40:44",
}
"""The state object of ``tracker/get_state`` as documented."""

_POINT: Final = {
    "lat": 43.0375133,
    "lng": -79.226505,
    "alt": 0,
    "satellites": 10,
    "mileage": 43.93,
    "get_time": "2023-11-01 04:38:39",
    "address": "Kottmeier Road, Thorold, Golden Horseshoe, Ontario, Canada, L3B 5N6",
    "heading": 280,
    "speed": 53,
    "gsm_lbs": False,
    "parking": False,
    "buffered": True,
}
"""The point info of the documentation (``precision`` is the device's: the demo's have none)."""

_REGULAR_TRACK: Final = {
    "id": 123456,
    "start_date": "2023-11-23 03:39:44",
    "start_address": "1255 6th Ave, New York, NY 10020, USA",
    "max_speed": 62,
    "end_date": "2023-11-23 06:39:44",
    "end_address": "888 5th Ave, New York, NY 10021, USA",
    "length": 5.5,
    "points": 327,
    "avg_speed": 49,
    "event_count": 3,
    "norm_fuel_consumed": 1.07,
    "type": "regular",
    "gsm_lbs": False,
    "bounds": {
        "nw": {"lat": 57.151005, "lng": 59.92729333},
        "se": {"lat": 56.47945333, "lng": 61.19021833},
    },
}
"""A regular track of the documentation (``points_list`` only ``with_points``)."""

_INPUTS: Final = {
    "inputs": [True, True, False],
    "states": [{"type": "ignition", "name": "DIN1", "status": True, "input_number": 1}],
    "update_time": "2021-05-20 13:48:02",
}
"""The input info of ``tracker/get_inputs`` as documented (``name`` may be null)."""

_TRACKER_SETTINGS: Final = {"label": "Courier", "group_id": 1}
_TRIP_DETECTION: Final = {
    "min_idle_duration_minutes": 5,
    "idle_speed_threshold": 3,
    "ignition_aware": False,
    "motion_sensor_aware": False,
}
_LOCK_PASSWORDS: Final = [
    {"type": "electronic_lock_password", "password": "4567879", "remember_password": False},
    {"type": "hhd_lock_password", "password": "25698545", "remember_password": True},
]
"""``tracker/settings/special/read`` of the documentation."""


def _locked(mock: FleetMock) -> None:
    """Van 1's model has the documented lock passwords, and Van 1 those of the example."""
    mock.world.tracker_models.change(1, special_settings=[i["type"] for i in _LOCK_PASSWORDS])
    mock.world.tracker_settings[1] = TrackerSettingsRecord(
        tracker_id=1,
        special=[
            ElectronicLockPassword(password="4567879", remember_password=False),
            HhdLockPassword(password="25698545", remember_password=True),
        ],
    )


_MODEL: Final = {
    "id": 2450,
    "vendor": "Navixy",
    "code": "navixy_ngp",
    "parent_code": None,
    "type": "vehicle",
    "name": "Navixy Generic Protocol",
    "id_type": "ascii,6,64",
    "has_phone": False,
    "has_apn_settings": False,
    "register": True,
    "has_auto_registration": False,
    "port": None,
    "battery": {"min_charge": 0.0, "low_charge": 0.1, "max_charge": 1.0},
    "altitude": True,
    "satellites": True,
    "gsm_level": True,
    "gsm_network": True,
    "gsm_roaming": True,
    "has_detach_button": False,
    "has_fuel_input": True,
    "analog_inputs": 32,
    "digital_inputs": 8,
    "digital_outputs": 8,
    "rs232_inputs": 0,
    "track_control": "none",
    "output_control": "default",
    "special_control": "none",
    "rules": ["speedup"],
    "inputs": ["analog_32"],
    "state_fields": ["event_id"],
    "special_settings": ["none"],
    "sms_control": [],
    "connection": ANY,
    "has_led_control": False,
    "has_location_request": False,
    "has_gprs_location_request": False,
    "has_gsm_lbs_location_request": False,
    "has_chat": False,
    "has_custom_fields": True,
    "has_odometer": True,
    "has_lbs": True,
    "has_motion_sensor": True,
    "has_hardware_key": True,
    "register_fields": [],
}
"""A model of the catalogue as documented (the documentation shows it without its envelope)."""

_REGISTERED: Final = {
    "id": 833389,
    "label": "Courier",
    "group_id": 0,
    "source": {
        "id": 526383,
        "device_id": "123451234512346",
        "model": "qlgv55lite",
        "blocked": False,
        "tariff_id": 12163,
        "phone": "79123122312",
        "status_listing_id": None,
        "creation_date": "2021-06-03",
        "tariff_end_date": "2021-06-17",
    },
    "clone": False,
}
"""The tracker ``tracker/register`` and ``tracker/replace`` answer in the documentation."""

_TRACKER: Final = {
    "id": 123456,
    "label": "tracker label",
    "clone": False,
    "group_id": 167,
    "avatar_file_name": "file name",
    "source": {
        "id": 234567,
        "device_id": ANY,  # documented as a number here, a string in the object's description
        "model": "telfmb920",
        "blocked": False,
        "tariff_id": 345678,
        "status_listing_id": None,
        "creation_date": "2011-09-21",
        "tariff_end_date": "2016-03-24",
        "phone": "71234567890",
    },
    "tag_bindings": [{"tag_id": 456789, "ordinal": 4}],
}
"""The tracker object of the documentation, as the quick and retry calls answer it."""

_APN: Final = {"apn_name": "fast.tmobile.com", "apn_user": "tmobile", "apn_password": "tmobile"}
"""The documented SIM card's APN settings."""


def _device_status(tracker_id: int, status: str) -> Callable[[FleetMock], object]:
    """A setup that puts a demo tracker in a registration status (``just_registered``...)."""

    def setup(mock: FleetMock) -> object:
        state = attrs.evolve(mock.world.trackers[tracker_id].state, connection_status=status)
        return mock.world.trackers.change(tracker_id, state=state)

    return setup


def _clone_of_van_2(mock: FleetMock) -> object:
    """A setup adding tracker 8, a clone of Van 2 (the demo world has none)."""
    van = mock.world.trackers[2]
    mock.world.trackers[8] = attrs.evolve(van, id=8, label="Van 2 (clone)", clone=True)
    return None


_EVENT: Final = {
    "id": 1,
    "type": "tracker",
    "is_read": False,
    "message": "Alarm",
    "time": "2020-01-01 00:00:00",
    "event": "offline",
    "tracker_id": 2,
    "rule_id": 3,
    "track_id": 4,
    "location": {"lat": 50.0, "lng": 60.0, "precision": 50},
    "address": "address",
    "extra": {
        "task_id": None,
        "parent_task_id": None,
        "counter_id": None,
        "service_task_id": None,
        "checkin_id": None,
        "place_ids": None,
        "last_known_location": False,
        "tracker_label": "Tracker label",
        "emergency": False,
        "employee_id": 4563,
    },
}
"""A history entry as documented."""

_FORM_FIELD: Final = {
    "id": "Text-1",
    "label": "Name",
    "description": "Your full name",
    "required": True,
    "type": "text",
    "min_length": 5,
    "max_length": 255,
}
_NEW_FORM_TEMPLATE: Final = {
    "label": "Order form",
    "fields": [_FORM_FIELD],
    "submit_in_zone": True,
    "default": False,
}
_FORM_TEMPLATE: Final = {
    "id": 1,
    "label": "Order form",
    "fields": [_FORM_FIELD],
    "created": "2017-03-15 12:36:27",
    "submit_in_zone": True,
    "updated": "2017-03-16 15:22:53",
    "default": False,
}


_SCHEDULED_TRIPS: Final = {
    "enabled": True,
    "parameters": {
        "report": {
            "title": "Trip report",
            "trackers": [1],
            "time_filter": {
                "from": "00:00:00",
                "to": "23:59:59",
                "weekdays": [1, 2, 3, 4, 5, 6, 7],
            },
            "plugin": {
                "hide_empty_tabs": True,
                "plugin_id": 4,
                "show_seconds": False,
                "include_summary_sheet_only": False,
                "split": True,
                "show_idle_duration": False,
                "show_coordinates": False,
                "filter": True,
                "group_by_driver": False,
            },
        },
        "period": "1w",
        "email_zip": False,
        "email_format": "xls",
        "emails": ["test@example.com"],
        "sending_time": "00:00:00",
        "schedule": {"type": "weekdays", "weekdays": [1]},
    },
}
"""The schedule entry of ``report/schedule/create`` and ``update`` (documented: tracker
669673; here the demo's Van 1)."""

_REPORT_SCHEDULE: Final = {
    "id": 1,
    "enabled": True,
    "parameters": {
        "period": "1m",
        "schedule": {"type": "weekdays", "weekdays": [1, 2, 3, 4, 5]},
        "report": {
            "trackers": [1],
            "title": "Title",
            "time_filter": {
                "from": "00:00:00",
                "to": "23:59:59",
                "weekdays": [1, 2, 3, 4, 5, 6, 7],
            },
            "geocoder": "yandex",
            "plugin": {"plugin_id": 4, "show_idle_duration": False},
        },
        "emails": ["email@example.ru"],
        "email_format": "pdf",
        "email_zip": False,
        "sending_time": "12:00:00",
    },
    "fire_time": "2014-09-05 00:00:00",
    "last_result": {"success": True, "id": 1},
}
"""The documented schedule entry of ``report/schedule/list``."""


def _fired_report_schedule(mock: FleetMock) -> None:
    """The demo user's report schedule 1, as documented: it fired once and made report 1
    (the demo's)."""
    from fleetapi._converter import converter_for
    from fleetapi_mock.state.records import ReportScheduleRecord

    if not mock.world.report_schedules:
        record = converter_for(strict=True).structure(
            {**_REPORT_SCHEDULE, "id": mock.world.ids.next("report_schedules"), "user_id": 1},
            ReportScheduleRecord,
        )
        mock.world.report_schedules[record.id] = record


def _delivery_report_submitted(mock: FleetMock) -> None:
    """Task 2's delivery report (form 2), submitted from the app with a signature (an image of
    EXIF orientation 1), as a form is before the API corrects it."""
    from fleetapi.models.common import Location
    from fleetapi.models.files import FileMetadata

    world = mock.world
    signature = attrs.evolve(
        world.files[2],
        id=world.ids.next("files"),
        form_id=2,
        submitted=False,
        metadata=FileMetadata(orientation=1),
    )
    world.files[signature.id] = signature
    mock.submit_task_form(
        2,
        {
            "recipient": {"type": "text", "value": "John Doe"},
            "signature": {"type": "signature", "file_id": signature.id},
        },
        location=Location(lat=52.475, lng=13.455, address="Lagerstrasse 5, Berlin"),
    )


_FORM: Final = {
    "id": 2,
    "label": "Order form",
    "fields": [{**_FORM_FIELD, "id": "recipient"}],
    "created": "2017-03-15 12:36:27",
    "submit_in_zone": True,
    "task_id": 1,
    "template_id": 1,
    "values": {"recipient": {"type": "text", "value": "John Doe"}},
    "submitted": "2017-03-21 18:40:54",
    "submit_location": {"lat": 11.0, "lng": 22.0, "address": "Wall Street, NY"},
}
"""The form of ``form/read`` as documented (field ``111-aaa-whatever``: the delivery report's
``recipient``)."""
_FORM_FILE: Final = {
    "id": 16,
    "storage_id": 1,
    "user_id": 12203,
    "type": "image",
    "created": "2017-09-06 11:54:28",
    "uploaded": "2017-09-06 11:55:14",
    "name": "lala.jpg",
    "size": 72594,
    "mime_type": "image/png",
    "metadata": {"orientation": 1},
    "state": "uploaded",
    "download_url": "https://static.navixy.com/file/dl/1/0/1g/01gw2j5q7nm4r92dytolzd6koxy9e38v.png/lala.jpg",
}
"""A form file as documented."""
_TASK_FORM_ITEM: Final = {
    "employee": {"id": 13, "first_name": "John", "middle_name": "", "last_name": "Dow"},
    "task": {
        "id": 7867,
        "label": "My task 3",
        "from": "2017-07-27 15:00:00",
        "to": "2017-07-28 14:59:59",
        "creation_date": "2017-07-27 12:12:23",
        "arrival_date": "2017-07-27 15:14:07",
        "address": "Moltkestrasse 32",
        "status": "done",
        "completion_date": "2017-07-28 14:36:28",
        "fact_duration": "PT22M21S",
    },
    "tracker": {"id": 15620, "label": "Navixy A6"},
    "vehicle": None,
    "form": {
        "id": 1012,
        "label": "A form",
        "description": "",
        "fields": [],
        "created": "2017-07-28 03:48:06",
        "submit_in_zone": False,
        "task_id": 7867,
        "template_id": 449,
        "values": None,
        "submitted": "2017-03-21 18:40:54",
        "submit_location": {"lat": 26.826762, "lng": 20.5947311, "address": "Partizan st., 4"},
    },
    "submit_places": {
        "location": {"lat": 26.826762, "lng": 20.5947311, "address": "Partizan st., 4"},
        "places": [{"id": 38, "label": "Office sweet office"}],
        "zones": [{"id": 18404, "label": "Zone 51"}],
    },
}
"""One form of ``task/form/list`` as documented."""

_ROUTE: Final = {
    "id": 111,
    "user_id": 3,
    "tracker_id": 222653,
    "label": "Deliver parcels",
    "description": "Quickly",
    "creation_date": "2014-01-02 03:04:05",
    "from": "2014-02-03 04:05:06",
    "to": "2014-03-04 05:06:07",
    "external_id": None,
    "status": "assigned",
    "status_change_date": "2014-01-02 03:04:05",
    "origin": "imported",
    "tags": [1, 2],
    "checkpoint_ids": [2977, 2978],
    "type": "route",
}
_CHECKPOINT: Final = {
    "id": 111,
    "user_id": 3,
    "tracker_id": 22,
    "location": {"lat": 51.283546, "lng": 7.301086, "address": "Fichtenstrasse 11", "radius": 150},
    "label": "Deliver parcels",
    "description": "Quickly",
    "creation_date": "2014-01-02 03:04:05",
    "from": "2014-02-03 04:05:06",
    "to": "2014-03-04 05:06:07",
    "external_id": None,
    "status": "assigned",
    "status_change_date": "2014-01-02 03:04:05",
    "max_delay": 5,
    "min_stay_duration": 0,
    "arrival_date": "2014-01-02 03:04:05",
    "stay_duration": 0,
    "origin": "imported",
    "tags": [1, 2],
    "type": "checkpoint",
}
# documented: tracker 10179999, route 352665 and a window in 2022; the demo route (6, tracker 3)
# runs today from 13:00, so the new first checkpoint comes before it
_NEW_CHECKPOINT: Final = {
    "tracker_id": 3,
    "label": "Shop 1",
    "description": "Description",
    "parent_id": 6,
    "order": 0,
    "location": {"lat": 9.861999, "lng": -83.948999, "radius": 150},
    "max_delay": 5,
    "min_stay_duration": 0,
    "min_arrival_duration": 0,
    "from": "2026-01-15 11:00:00",
    "to": "2026-01-15 11:30:00",
    "duration": 60,
    "tags": [1, 2],
    "form_template_id": 1,
}


def _route_stop(
    checkpoint_id: int, label: str, external_id: str, tags: list[int]
) -> dict[str, Any]:
    """A checkpoint of the documented ``task/route/update`` request, on the demo route."""
    return {
        "id": checkpoint_id,
        "tracker_id": 3,
        "location": {"lat": 34.178868, "lng": -118.599672, "radius": 100},
        "label": label,
        "description": "5 trackers of model 1 and 15 trackers of model 2",
        "from": "2026-01-15 10:00:00",
        "to": "2026-01-15 14:00:00",
        "external_id": external_id,
        "max_delay": 0,
        "min_stay_duration": 10,
        "tags": tags,
        "form_template_id": 1,
    }


_TIME_FILTER: Final = {"from": "00:00:00", "to": "23:59:59", "weekdays": [1, 2, 3, 4, 5, 6, 7]}
_REPORT_INFO: Final = {
    "created": "2020-10-08 21:59:30",
    "time_filter": _TIME_FILTER,
    "title": "Trip report",
    "id": 5601797,
    "parameters": {
        "geocoder": "google",
        "trackers": [669673],
        "plugins": [{"plugin_id": 4, "hide_empty_tabs": True}],
        "locale_info": {
            "locale": "ru_RU",
            "time_zone": "Asia/Yekaterinburg",
            "measurement_system": "metric",
        },
    },
    "percent": 100,
    "type": "user",
    "from": "2020-10-05 00:00:00",
    "to": "2020-10-06 23:59:59",
}
# the documented sheets are those of a day of trips; the demo's report has none (its tracker
# did not move), so their shape is checked by tests/sdk/test_report.py instead
_REPORT: Final = {
    "created": "2020-10-06 16:01:46",
    "time_filter": _TIME_FILTER,
    "title": "Trip report",
    "id": 5602232,
    "sheets": ANY,
    "from": "2020-10-06 00:00:00",
    "to": "2020-10-06 23:59:59",
}

_SUBUSER: Final = {
    "id": 103,
    "activated": True,
    "login": "user@test.com",
    "first_name": "Charles",
    "middle_name": "Henry",
    "last_name": "Pearson",
    "legal_type": "legal_entity",
    "phone": "491761234567",
    "post_country": "Germany",
    "post_index": "61169",
    "post_region": "Hessen",
    "post_city": "Wiesbaden",
    "post_street_address": "Marienplatz 2",
    "registered_country": "Germany",
    "registered_index": "61169",
    "registered_region": "Hessen",
    "registered_city": "Wiesbaden",
    "registered_street_address": "Marienplatz 2",
    "state_reg_num": "12-3456789",
    "tin": "1131145180",
    "legal_name": "E. Biasi GmbH",
    "iec": "",
    "security_group_id": 1,
    "creation_date": "2016-05-20 00:00:00",
}
"""The documentation's sub-user (its security group 333 the demo's group 1)."""
_READ_ONLY: Final = ("id", "creation_date")
_SECURITY_GROUP: Final = {
    "label": "Managers",
    "privileges": {"rights": ["tag_update", "tracker_register"], "store_period": "1d"},
}
"""The documentation's security group, without its ID."""
_TARIFF: Final = {
    "id": 10,
    "name": "Business",
    "group_id": 2,
    "active": True,
    "type": "monthly",
    "price": 13.0,
    "early_change_price": 23.0,
    "device_limit": 1000,
    "has_reports": True,
    "paas_free": False,
    "store_period": "12m",
    "features": ["map_layers"],
    "map_filter": {"exclusion": True, "values": []},
}
"""The documentation's plan (the demo's Business is plan 3)."""
_TRANSACTION: Final = {
    "description": "Recharge bonus balance during tracker registration",
    "type": "bonus_charge",
    "subtype": "register",
    "timestamp": "2021-01-28 08:16:40",
    "user_id": 12203,
    "dealer_id": 5001,
    "tracker_id": 303126,
    "amount": -10.0,
    "new_balance": 800.0,
    "old_balance": 810.0,
    "bonus_amount": 10.0,
    "new_bonus": 10.0,
    "old_bonus": 0.0,
}
"""The documentation's transaction."""

_CHAT_MESSAGE: Final = {
    "id": 1,
    "submit_time": "2014-04-15 09:02:24",
    "update_time": None,
    "text": "text of message",
    "type": "INCOMING",
    "status": "PENDING",
    "employee_id": 123456,
}
"""The chat message of the documentation."""

_STATUS_LISTING: Final = {
    "id": 1,
    "label": "Taxi driver statuses",
    "employee_controlled": True,
    "supervisor_controlled": False,
    "entries": [5, 2, 1, 4, 6],
}
"""The working status listing of the documentation's examples."""

_STATUS_CHANGE: Final = {
    "id": 11,
    "old_status_id": None,
    "new_status_id": 2,
    "location": {"lat": 11.0, "lng": 22.0, "address": "Jones st, 4"},
    "changed": "2015-11-22 02:02:02",
    "origin": "supervisor",
}
"""The change of a tracker's working status of the documentation's examples."""
_PNG: Final = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
"""The first bytes of a PNG image: an avatar's upload."""

_PLACES_CSV: Final = (
    b"label;address;lat;lng;radius;external_id;description\n"
    b"Kiosk;Alexanderplatz 1, Berlin;52.5219;13.4132;80;KIOSK-1;Newspapers\n"
)
"""A ``place/upload`` file of one place."""

_EMPLOYEE_SHEET: Final = {
    "first_name": "First name",
    "last_name": "Last name",
    "phone": "Phone",
    "personnel_number": "Personnel number",
    "tracker_label": "Object",
    "tags": "Tags",
}
"""The columns of the employees' spreadsheet the import examples store: field to name."""
_EMPLOYEE_ROW: Final = ["Erik", "Lang", "4915100000031", "P-031", "Truck 7", ""]

_VEHICLE_SHEET: Final = {
    "label": "Label",
    "model": "Model",
    "max_speed": "Max speed",
    "type": "Type",
    "subtype": "Subtype",
    "reg_number": "Reg. number",
    "fuel_grade": "Fuel grade",
    "fuel_tank_volume": "Fuel tank volume",
    "free_insurance_policy_number": "Free insurance policy number",
    "free_insurance_valid_till": "Free insurance valid till",
    "tracker_label": "Object",
    "tags": "Tags",
}
"""The documented columns of ``vehicle/import/start``: field to name."""
_VEHICLE_ROW: Final = [
    "Van 5", "Sprinter", "120", "truck", "", "B-FL 505", "diesel", "75", "", "", "", "",
]  # fmt: skip

_IMPORT_PROCESS: Final = {
    "id": 1,
    "user_id": 1,
    "created": "2026-01-15",
    "type": "Employee",
    "params": {"headers": ["first_name"]},
    "filename": "drivers.tsv",
    "status": "in_progress",
    "status_change_date": "2026-01-15",
    "progress": {
        "imported": 1,
        "failed": 1,
        "percent": 1,
        "processed_lines": 1,
        "warnings": ANY,
        "errors": [{"line": 1, "error": "phone: not a phone number"}],
    },
}
"""An import process as the import calls document it."""


def _store_sheet(mock: FleetMock, header: list[str], row: list[str]) -> None:
    """The demo account's stored spreadsheet ``"2"``: ``header`` and one ``row``."""
    import datetime as dt

    from fleetapi_mock.state.records import DataFileRecord

    mock.world.data_files["2"] = DataFileRecord(
        id="2",
        user_id=1,
        filename="sheet.xlsx",
        format="xlsx",
        uploaded=dt.datetime(2026, 1, 15, 8, 55),
        header=header,
        rows=[row],
    )


def _failed_driver(mock: FleetMock) -> None:
    """The demo's employee import (process 2) keeps its failed line 17."""
    from fleetapi_mock.state.records import ImportRow

    failed = ImportRow(line=17, cells=["Jan", "Roth", "call me", "P-017"])
    columns = ["First name", "Last name", "Phone", "Personnel number"]
    mock.world.import_processes.change(2, rows=[failed], columns=columns)


_SERVICE_CONDITIONS: Final = {
    "mileage": {"limit": 100, "notification_interval": 10, "repeat_interval": 42},
    "date": {"end": "2015-05-08 09:35:00", "notification_interval": 3, "repeat_interval": 42},
    "engine_hours": {"limit": 100, "notification_interval": 10, "repeat_interval": 42},
}
_SERVICE_TASK: Final = {
    "id": 725,
    "repeat": True,
    "unplanned": False,
    "completion_date": "2014-03-16 00:00:00",
    "vehicle_id": 222,
    "cost": 100500.0,
    "start": {"mileage": 1230, "date": "2015-05-01 17:46:44", "engine_hours": 50},
    "completion": {"mileage": 31, "date": "2014-03-16 00:00:00", "engine_hours": 140},
    "conditions": _SERVICE_CONDITIONS,
    "notifications": {
        "sms_phones": ["79221234567", "79227654321"],
        "emails": ["email@domain.tld", "email@mail.com"],
        "push_enabled": True,
    },
    "status": "created",
    "description": "Service work",
    "comment": "",
    "file_ids": [1, 2],
    "vehicle_label": "Service car 002",
    "current_position": {"mileage": 1300, "date": "2015-06-01 17:46:44", "engine_hours": 70},
}
"""The service task object of the documentation (without its legacy ``prediction``, which
the documented requests turn off)."""

_NEW_SERVICE_TASK: Final = {
    "comment": "",
    "conditions": {"date": {"end": "2020-12-10 23:59:59", "notification_interval": 3}},
    "cost": 100,
    "description": "service1",
    "file_ids": [],
    "notifications": {"sms_phones": [], "emails": [], "push_enabled": True},
    "repeat": False,
    "unplanned": False,
}
"""The task of the documented service task requests."""

_JOURNAL_PLACE: Final = {"lat": 11.0, "lng": 22.0, "address": "address value"}
_JOURNAL_ENTRY: Final = {
    "id": 127722,
    "tracker_id": 1,
    "start_date": "2020-10-13 07:03:39",
    "end_date": "2020-10-14 08:05:02",
    "employee_id": 1,
    "type": "work",
    "comment": None,
    "start_location": {"lat": 23.25658, "lng": 21.89892, "address": "address"},
    "end_location": {"lat": 23.26227, "lng": 21.59321, "address": "address"},
    "length": 1.44,
    "start_odometer": 1.34,
    "end_odometer": 5.34,
}
"""The driver journal entry of the documentation."""

_JOURNAL_DAY: Final = {"from": "2026-01-14 00:00:00", "to": "2026-01-15 00:00:00"}
"""The demo's day of van 1's trips."""

_ROUTE_REQUEST: Final = {
    "start": {"lat": 34.178868, "lng": -118.599672},
    "end": {"lat": 31.738386, "lng": -106.453854},
}
"""The documented request of ``route/get`` (``route/osrm/get``'s: its ``start`` lacks
``"lat":`` there)."""


def _planned_route(*, google: bool) -> dict[str, Any]:
    """The documented answer of ``route/get`` (and OSRM's, Progorod's); Google's key points
    also tell the length and time up to each."""
    timed = {"distance": 1052511, "time": 37800} if google else {}
    return {
        "distance": 1340584,
        "time": 43500,
        "list": [{"lat": 34.178868, "lng": -118.599672}, {"lat": 31.738386, "lng": -106.453854}],
        "key_points": [{"id": 123, "lat": 35.365948, "lng": -108.112104, **timed}],
    }


_WHOLE_DAY: Final = {"from": "2024-03-19 00:00:00", "to": "2024-03-19 23:59:00"}
_POINTS_TO_ORDER: Final = [
    (38.81673961922754, -77.15569496154785),
    (38.82767290746902, -77.1445369720459),
    (38.834760258479704, -77.14093208312988),
    (38.81583679562883, -77.14814186096191),
    # the documentation's longitude 7.1558... is a typo: the point lies among the others
    (38.81031929163279, -77.15582370758057),
]
"""The points of the documented ``task/route/points/optimize`` request."""


# documented: tracker 22; the demo's tags 1 and 2 and template 1
_SCHEDULE_LOCATION: Final = {
    "lat": 53.787154,
    "lng": 9.757980,
    "address": "Moltkestrasse 32",
    "radius": 150,
}
_NEW_SCHEDULE: Final = {
    "tracker_id": 1,
    "location": _SCHEDULE_LOCATION,
    "label": "Shop",
    "description": "Buy things",
    "from_time": "12:34:00",
    "duration": 60,
    "max_delay": 5,
    "min_stay_duration": 0,
    "min_arrival_duration": 0,
    "parameters": {"type": "weekdays", "weekdays": [1, 5, 6]},
    "tags": [1, 2],
    "form_template_id": 1,
}
"""The task schedule entry of ``task/schedule/create`` and ``update``."""

_SCHEDULE: Final = {"id": 111, "user_id": 3, **_NEW_SCHEDULE, "tracker_id": 22}
_SCHEDULED_CHECKPOINT: Final = {
    "id": 111,
    "user_id": 3,
    "tracker_id": 22,
    "label": "Shop",
    "description": "Buy things",
    "parent_id": 1,
    "order": 0,
    "location": _SCHEDULE_LOCATION,
    "max_delay": 5,
    "min_stay_duration": 0,
    "min_arrival_duration": 0,
    "from_time": "12:34:00",
    "duration": 60,
    "tags": [1, 2],
    "form_template_id": 1,
}
"""The checkpoint schedule entry of the documentation (sent as such by the route calls: its
``tracker_id``, ``parent_id`` and ``order`` are not read)."""

_ROUTE_SCHEDULE: Final = {
    "tracker_id": 3,
    "label": "Shop",
    "description": "Buy things",
    "parameters": {"type": "month_days", "month_days": [1, 10, 31]},
}
"""The route schedule entry of the route calls (documented: tracker 22; the demo's route
schedule runs on Truck 7)."""


def _third_scheduled_checkpoint(mock: FleetMock) -> None:
    """The demo's route schedule 2 gets a third checkpoint (a route keeps two at least)."""
    from fleetapi.models.common import Location
    from fleetapi_mock.state.records import TaskScheduleRecord

    new_id = mock.world.ids.next("task_schedules")
    mock.world.task_schedules[new_id] = TaskScheduleRecord(
        id=new_id,
        user_id=1,
        type="checkpoint",
        label="Customer C",
        location=Location(lat=52.5096, lng=13.376, radius=100),
        from_time="13:00:00",
        duration=30,
        parent_id=2,
        order=2,
    )


EXAMPLES: Final = (
    Example(
        "history/type/list",
        {"locale": "En-en"},
        {"list": [{"type": "alarmcontrol", "description": "Car alarm"}]},
    ),
    # documented: trackers 131312 and 123985 in December 2020; here the demo's
    Example(
        "history/tracker/list",
        {"trackers": [1, 4], "from": "2026-01-14 00:00:00", "to": "2026-01-15 16:44:00"},
        {"list": [_EVENT], "limit_exceeded": False, "total": 150, "total_unread": 10},
    ),
    Example("history/unread/list", {}, {"list": [_EVENT]}),
    Example("history/unread/count", {}, {"count": 1}),
    Example("history/read", {"id": 3, "add_tracker_label": True}, {"value": _EVENT}),
    Example("history/mark_read", {"id": 2}, {}),
    Example("history/mark_read_all", {}, {}),
    Example("tracker/list_models", {"compact_index": True}, {"list": [_MODEL]}),
    # documented: Queclink GV55Lite (here a GV300 of the catalogue) with plugin 37 and an
    # activation code of the dealer's
    Example(
        "tracker/register",
        {
            "label": "Courier",
            "group_id": 0,
            "plugin_id": 37,
            "model": "queclink_gv300",
            "phone": "79123122312",
            "activation_code": "123123123",
            "device_id": "123451234512346",
            **_APN,
        },
        {"value": _REGISTERED},
    ),
    Example(
        "tracker/register_quick",
        {"label": "Courier", "group_id": 0, "imei": "35645587458999"},
        {"value": _TRACKER},
    ),
    # documented tracker 999119: here Van 2, whose device has not reported yet
    Example(
        "tracker/register_retry",
        {"tracker_id": 2, **_APN, "send_register_commands": True},
        {"value": _TRACKER},
        setup=_device_status(2, "just_registered"),
    ),
    # documented tracker 123456: here Van 1
    Example(
        "tracker/replace",
        {
            "tracker_id": 1,
            "plugin_id": 37,
            "model": "queclink_gv300",
            "phone": "79123122312",
            "device_id": "123451234512346",
            **_APN,
        },
        {"value": _REGISTERED},
    ),
    Example(
        "tracker/replace_quick",
        {"tracker_id": 1, "imei": "35645587458999"},
        {"value": _TRACKER},
    ),
    # the documented example is sent to register_retry: here replace_retry, to Van 2 replaced
    Example(
        "tracker/replace_retry",
        {"tracker_id": 2, **_APN},
        {"value": _TRACKER},
        setup=_device_status(2, "just_replaced"),
    ),
    # documented tracker 265489: here Van 1, then Van 2 (not reported yet), a clone of Van 2
    Example("tracker/change_phone", {"tracker_id": 1, "phone": "6156680000", **_APN}, {}),
    Example("tracker/corrupt", {"tracker_id": 2}, {}, setup=_device_status(2, "just_registered")),
    Example("tracker/delete", {"tracker_id": 8}, {}, setup=_clone_of_van_2),
    Example(
        "tracker/avatar/upload",
        {"tracker_id": 1},
        {"value": "file name"},
        files={"file": ("avatar.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 16, "image/png")},
    ),
    # no documented example: the Scooter's device made a datalogger
    Example(
        "tracker/datalogger/upload",
        {"tracker_id": 6},
        {},
        files={
            "file": (
                "track.csv",
                b"time,lat,lng,speed\n2026-01-15 08:00:00,52.52,13.405,30\n",
                "text/csv",
            )
        },
        setup=lambda mock: mock.world.trackers.change(6, model="qstarz_bt1000x"),
    ),
    # documented tracker 265489: here Van 1
    Example(
        "tracker/get_last_gps_point",
        {"tracker_id": 1},
        {
            "value": {
                "get_time": "2012-03-05 12:00:00",
                "heading": 11,
                "lat": 22.0,
                "lng": 33.0,
                "satellites": 5,
                "speed": 20,
            }
        },
    ),
    Example(
        "tracker/get_inputs", {"tracker_id": 1}, {"user_time": "2021-05-20 13:49:09", **_INPUTS}
    ),
    Example(
        "tracker/batch_get_inputs",
        {"trackers": [1]},
        {"user_time": "2021-05-20 13:49:09", "data": {"1": _INPUTS}},
    ),
    Example("tracker/get_outputs", {"tracker_id": 1}, {"result": [{"number": 1, "title": "OUT1"}]}),
    Example(
        "tracker/batch_get_outputs",
        {"trackers": [1]},
        {"result": {"1": [{"number": 1, "title": "OUT1"}]}},
    ),
    # the documented body is not JSON (its array is a string with unescaped quotes): sent as
    # the array it means
    Example(
        "tracker/tags/set",
        {
            "tracker_id": 1,
            "tag_bindings": [{"tag_id": 1, "ordinal": 1}, {"tag_id": 2, "ordinal": 2}],
        },
        {},
    ),
    # documented: tracker 1683258 in November 2023; here Van 1 on the demo's day of driving
    Example(
        "track/list",
        {
            "tracker_id": 1,
            "from": "2026-01-14 03:24:00",
            "to": "2026-01-14 23:24:00",
            "filter": False,
            "count_events": True,
        },
        {"limit_exceeded": False, "list": [_REGULAR_TRACK]},
    ),
    Example(
        "track/read",
        {
            "tracker_id": 1,
            "track_id": 1768374000,
            "from": "2026-01-14 00:00:00",
            "to": "2026-01-14 23:59:59",
            "filter": False,
            "simplify": False,
            "include_gsm_lbs": False,
        },
        {"limit_exceeded": True, "list": [_POINT]},
    ),
    # The four tracker calls come from the notes of the specification; their documented
    # examples are held to the documented shapes all the same.
    Example(
        "tracker/get_state",
        {"tracker_id": 1},
        {"user_time": "2022-08-31 13:47:13", "state": _STATE},
    ),
    Example(
        "tracker/get_states",
        {"trackers": [1, 5, 99], "allow_not_exist": True, "list_blocked": True},
        {
            "user_time": "2024-08-01 13:45:23",
            "states": {"1": {k: v for k, v in _STATE.items() if k != "additional"}},
            "blocked": [888999],
            "not_exist": [111333],
        },
    ),
    Example("user/get_info", {}, _USER_INFO, login="dispatcher"),
    Example("user/get_tariff_restrictions", {}, {"value": {"allowed_maps": ["roadmap", "osm"]}}),
    Example("user/logout", {}, {}),
    Example(
        "user/settings/read",
        {},
        {
            "settings": _SETTINGS,
            "file_storage_settings": {"auto_overwrite": True},
            "balance_alert_settings": {"emails": ["email1@example.com", "email2@example.com"]},
            "first_user_balance_warning_period": "7d",
            "second_user_balance_warning_period": "2d",
        },
    ),
    Example(
        "user/settings/update",
        {
            **_SETTINGS,
            "balance_alert_settings": {"emails": ["email1@example.com", "email2@example.com"]},
            "file_storage_settings": {"auto_overwrite": True},
        },
        {},
    ),
    Example("tracker/group/list", {}, {"list": [_GROUP]}),
    Example("tracker/group/create", {"title": "Employees", "color": "FF6DDC"}, {"id": 222}),
    Example("tracker/group/update", {"id": 1, "title": "Employees", "color": "FF6DDC"}, {}),
    Example("tracker/group/delete", {"id": 1}, {}),
    # documented: trackers [999199, 991999], group 167
    Example("tracker/group/assign", {"trackers": [1, 3], "id": 2}, {}),
    # documented: tracker 123456 (here Van 1, in group 1)
    Example("tracker/settings/read", {"tracker_id": 1}, {"settings": _TRACKER_SETTINGS}),
    Example("tracker/settings/update", {"tracker_id": 1, "group_id": 1, "label": "Courier"}, {}),
    Example("tracker/settings/tracking/read", {"tracker_id": 1}, {"value": ANY}),
    Example(
        "tracker/settings/tracking/update",
        {
            "tracker_id": 1,
            "tracking_settings": {
                "tracking_angle": 30,
                "tracking_distance": 100,
                "tracking_interval": 60,
                "on_stop_tracking_interval": 180,
                "sleep_mode": "disabled",
                "stop_detection": "ignition",
            },
        },
        {},
    ),
    Example("tracker/settings/trip_detection/read", {"tracker_id": 1}, _TRIP_DETECTION),
    # the documented body sends the numbers as text
    Example(
        "tracker/settings/trip_detection/update",
        {
            "tracker_id": 1,
            "min_idle_duration_minutes": "5",
            "idle_speed_threshold": "3",
            "ignition_aware": False,
            "motion_sensor_aware": False,
        },
        {},
    ),
    Example("tracker/settings/lbs/read", {"tracker_id": 1}, {"max_radius": 300}),
    Example("tracker/settings/lbs/update", {"tracker_id": 1, "max_radius": 1000}, {}),
    # the demo's FMB920 has other kinds of special settings: Van 1's model is given the
    # documented ones first
    Example(
        "tracker/settings/special/read",
        {"tracker_id": 1},
        {"list": _LOCK_PASSWORDS},
        setup=_locked,
    ),
    Example(
        "tracker/settings/special/read",
        {"tracker_id": 1, "type": "electronic_lock_password"},
        {"value": _LOCK_PASSWORDS[0]},
        setup=_locked,
    ),
    Example(
        "tracker/settings/special/update",
        {"tracker_id": 1, "value": {"type": "time_shift", "offset": 3.0}},
        {},
        setup=lambda mock: mock.world.tracker_models.change(1, special_settings=["time_shift"]),
    ),
    Example(
        "tracker/apn_settings/read",
        {"tracker_id": 1},
        {"value": {"name": "fast.tmobile.com", "user": "tmobile", "password": "tmobile"}},
    ),
    # documented: 1234567890; here a number of a network of the demo world
    Example(
        "apn_settings/read",
        {"phone": "4915112345678"},
        {
            "value": {
                "name": "internet",
                "user": "",
                "password": "",
                "operator_name": "Deutsche Telekom",
            }
        },
    ),
    # The documented list shows a sausage first; the demo's first zone is a circle, and its
    # points come only with_points (tests/sdk/test_zone.py checks each kind).
    Example("zone/list", {}, {"list": [ANY]}),
    Example("zone/list", {"with_points": True, "filter": "Route A"}, {"list": [_ZONE]}),
    # documented: zone 12345 (a sausage, answered with its points)
    Example("zone/read", {"zone_id": 3, "with_points": True}, {"value": _ZONE}),
    # documented: a point in California inside two zones; the demo's are in Berlin
    Example(
        "zone/search_location",
        {"location": {"lat": 52.49, "lng": 13.36}},
        {"list": [{"id": 18404, "label": "geofence 1"}, {"id": 35284, "label": "geofence 2"}]},
    ),
    Example("zone/create", {"zone": _CIRCLE_ZONE}, {"id": 1234567}),
    # documented: zone 231512, sent without the comma after its id (decisions.md)
    Example("zone/update", {"zone": {"id": 1, **_CIRCLE_ZONE}}, {}),
    # documented: zone 1234567; the demo's zone 2 bounds a geo link and no rule watches it
    Example("zone/delete", {"zone_id": 2}, {}),
    Example(
        "zone/upload",
        {"default_radius": 150, "dry_run": True},
        {
            "list": [
                {
                    "id": None,
                    "label": "Simple line 1",
                    "address": "",
                    "color": "27A9E3",
                    "points": [{"lat": 37.818844, "lng": -122.366278, "node": True}],
                    "radius": 150,
                    "type": "sausage",
                }
            ]
        },
        files={"file": ("line.kml", _SIMPLE_LINE_KML, "application/vnd.google-earth.kml+xml")},
    ),
    Example(
        "zone/download",
        {},
        {"Document/name": ANY, "Document/Placemark/name": ANY, "Placemark/Point/coordinates": ANY},
    ),
    Example(
        "zone/batch_convert",
        {"batch": "Geofence for test Karlsplatz, 2"},
        {
            "list": [
                {
                    "id": None,
                    "type": "circle",
                    "label": "Geofence name",
                    "address": "Karlsplatz, 2",
                    "color": "27A9E3",
                    "radius": 100,
                    "center": {"lat": 48.2009935, "lng": 16.3699642},
                    "bounds": _BOUNDS,
                    "tags": [],
                }
            ],
            "limit_exceeded": False,
        },
    ),
    # documented: zone 1234567 (the demo's sausage is zone 3, its polygon zone 2)
    Example(
        "zone/point/list", {"zone_id": 3}, {"list": [{"lat": 11.0, "lng": 22.0, "node": True}]}
    ),
    Example(
        "zone/point/update",
        {
            "zone_id": 2,
            "points": [
                {"lat": 11.0, "lng": 22.0, "node": True},
                {"lat": 11.2, "lng": 22.2, "node": True},
                {"lat": 11.4, "lng": 22.4, "node": True},
            ],
        },
        {},
    ),
    Example("place/list", {}, {"list": [_PLACE], "count": 1}),
    # documented: place 122304
    Example("place/read", {"place_id": 1}, {"value": _PLACE}),
    Example("place/create", {"place": _NEW_PLACE}, {"id": 111}),
    # documented: place 111
    Example("place/update", {"place": {"id": 1, **_NEW_PLACE}}, {}),
    Example("place/delete", {"place_id": 2}, {}),
    # entity/*: the documentation's entity 123 (and 131312, read as an entity ID by
    # entity/read and entity/fields/*) is the demo's place entity 1, its custom field 1
    Example("entity/list", {}, {"list": [_ENTITY]}),
    Example("entity/read", {"id": 1}, {"entity": _ENTITY, "fields": [_TEXT_FIELD]}),
    Example("entity/update", {"entity": _ENTITY}, {}),
    # documented: an employee field; the demo's field 1 is a text field, without params
    Example(
        "entity/fields/read",
        {"entity_id": 1},
        {"list": [{k: v for k, v in _EMPLOYEE_FIELD.items() if k != "params"}]},
    ),
    # the documented request sends one field object, not an array; the answer lists every
    # field of the entity: the demo's field 1 (without params), then the new one
    Example(
        "entity/fields/update",
        {"entity_id": 1, "fields": _EMPLOYEE_FIELD},
        {"list": [{**_TEXT_FIELD, "id": 1}, {**_EMPLOYEE_FIELD, "id": 131312}]},
    ),
    # the guide's request (entity 520 there), an array of fields replacing the others
    Example(
        "entity/fields/update",
        {"delete_missing": True, "entity_id": 1, "fields": _GUIDE_FIELDS},
        {"list": [{**f, "id": 2327 + i} for i, f in enumerate(_GUIDE_FIELDS)]},
    ),
    # documented: a point in California inside two places; the demo's are in Berlin
    Example(
        "place/search_location",
        {"location": {"lat": 52.5163, "lng": 13.3777}},
        {"list": [{"id": 1201, "label": "place 1"}, {"id": 3574, "label": "place 2"}]},
    ),
    # No documented request: a row of the default columns, its tag unknown (the documented
    # answer shows a row with errors and tag names)
    Example(
        "place/batch_convert",
        {"batch": "Crown Building\tPariser Platz 1, Berlin\t\t\t50\tHere we buy\tvip, gold"},
        {
            "list": [{**_PLACE, "id": 1, "errors": ANY, "tag_names": ANY}],
            "limit_exceeded": False,
        },
    ),
    Example("form/template/list", {}, {"list": [_FORM_TEMPLATE]}),
    Example("form/template/create", {"template": _NEW_FORM_TEMPLATE}, {"id": 111}),
    # documented: template 111
    Example("form/template/read", {"template_id": 1}, {"value": _FORM_TEMPLATE}),
    Example("form/template/update", {"template": {"id": 1, **_NEW_FORM_TEMPLATE}}, {}),
    Example("form/template/delete", {"template_id": 1}, {}),
    Example(
        "form/template/stats/read",
        {"template_id": 1},
        {
            "tasks": {
                "unassigned": 0,
                "assigned": 6,
                "done": 0,
                "failed": 0,
                "delayed": 9,
                "arrived": 0,
                "faulty": 0,
            },
            "scheduled": 2,
        },
    ),
    # documented: task 11231, template 12548 (the demo's task 1 has no form, template 2)
    Example("task/form/create", {"task_id": 1, "template_id": 2}, {}),
    # documented: task 12546 (the demo's task 2 has a delivery report, submitted in the setup)
    Example(
        "task/form/read",
        {"task_id": 2},
        {
            "value": ANY,
            "files": [
                {
                    **_FORM_FILE,
                    "bindings": {
                        "form_field": {"form_id": 40, "field_id": "2222", "submitted": False}
                    },
                    "previews": [{"download_url": _FORM_FILE["download_url"]}],
                }
            ],
        },
        setup=_delivery_report_submitted,
    ),
    Example(
        "task/form/list",
        {"ascending": True, "include_unsubmitted": True},
        {"count": 2, "list": [_TASK_FORM_ITEM]},
    ),
    Example("task/form/delete", {"task_id": 2}, {}),
    # documented: task 9677618, field 2533373665146 (the demo's task 2, its "recipient")
    Example(
        "task/form/values/update",
        {"task_id": 2, "values": {"recipient": {"type": "text", "value": "Hideo Kojima"}}},
        {},
        setup=_delivery_report_submitted,
    ),
    # documented: field file1 (the delivery report's "photos")
    Example(
        "task/form/file/create",
        {"task_id": 2, "field_id": "photos", "size": 10},
        {
            "value": {
                "file_id": 111,
                "url": "http://bla.org/bla",
                "expires": "2020-02-03 03:04:00",
                "file_field_name": "file",
                "fields": {"token": "a43f43ed4340b86c808ac"},
            }
        },
        setup=_delivery_report_submitted,
    ),
    Example("task/form/download", {"task_id": 3, "format": "pdf"}, {"magic": b"%PDF-"}),
    Example(
        "form/read",
        {"id": 2},
        {"value": _FORM, "files": [_FORM_FILE]},
        setup=_delivery_report_submitted,
    ),
    Example("form/download", {"id": 2, "format": "pdf"}, {"magic": b"%PDF-"}),
    Example("task/route/list", {}, {"list": [_ROUTE]}),
    # documented: route 111 (and 11231, 23144, 23785 below): the demo's route is 6
    Example("task/route/read", {"route_id": 6}, {"value": _ROUTE}),
    Example("task/route/assign", {"route_id": 6, "tracker_id": 2}, {}),
    Example("task/route/delete", {"route_id": 6}, {}),
    # documented: checkpoints 123 and 124 of a window in 2020-2021, tags 1, 2 and 4 (the demo
    # has three tags) and template 132985
    Example(
        "task/route/update",
        {
            "route": {
                "id": 6,
                "label": "Products delivery",
                "description": "12 trackers of model 1 and 37 trackers of model 2",
                "from": "2020-03-18 10:00:00",
                "to": "2020-03-18 16:00:00",
            },
            "checkpoints": [
                _route_stop(7, "Company1", "10100", [1, 3]),
                _route_stop(8, "Company2", "10101", [2, 3]),
            ],
            "create_form": False,
        },
        {"result": {k: v for k, v in _ROUTE.items() if k != "tags"}},
    ),
    Example("task/checkpoint/list", {"checkpoint_ids": [7, 8]}, {"list": [_CHECKPOINT]}),
    Example("task/checkpoint/read", {"checkpoint_id": 7}, {"value": {**_CHECKPOINT, "form": ANY}}),
    # `external_id_counts` is documented optional: no other task carries the request's
    # external ID (it has none)
    Example("task/checkpoint/create", {"checkpoint": _NEW_CHECKPOINT}, {"id": 222}),
    Example(
        "task/checkpoint/update",
        {"checkpoint": {**_NEW_CHECKPOINT, "id": 7}},
        {},
    ),
    Example("task/checkpoint/delete", {"checkpoint_id": 8}, {}),
    Example("task/checkpoint/transmute", {"checkpoint_id": 7}, {}),
    # documented: tracker 669673 and report 1234567; the demo's report 1 is ready
    Example(
        "report/tracker/generate",
        {
            "title": "Trip report",
            "trackers": [1],
            "from": "2020-10-05 00:00:00",
            "to": "2020-10-06 23:59:59",
            "time_filter": {
                "from": "00:00:00",
                "to": "23:59:59",
                "weekdays": [1, 2, 3, 4, 5, 6, 7],
            },
            "plugin": {
                "hide_empty_tabs": True,
                "plugin_id": 4,
                "show_seconds": False,
                "include_summary_sheet_only": False,
                "split": True,
                "show_idle_duration": False,
                "show_coordinates": False,
                "filter": True,
                "group_by_driver": False,
            },
        },
        {"id": 222},
    ),
    Example("report/tracker/list", {}, {"list": [_REPORT_INFO]}),
    Example("report/tracker/status", {"report_id": 1}, {"percent_ready": 75}),
    Example("report/tracker/retrieve", {"report_id": 1}, {"report": _REPORT}),
    Example("report/tracker/download", {"report_id": 1, "format": "pdf"}, {"magic": b"%PDF-"}),
    Example("report/tracker/delete", {"report_id": 1}, {}),
    Example("report/schedule/create", {"schedule": _SCHEDULED_TRIPS}, {"id": 111}),
    # documented: schedule 1234567
    Example("report/schedule/delete", {"schedule_id": 1}, {}, setup=_fired_report_schedule),
    Example(
        "report/schedule/list",
        {},
        {"list": [_REPORT_SCHEDULE]},
        setup=_fired_report_schedule,
    ),
    # documented without the `id` naming the schedule
    Example(
        "report/schedule/update",
        {"schedule": {"id": 1, **_SCHEDULED_TRIPS}},
        {},
        setup=_fired_report_schedule,
    ),
    Example("tag/create", {"tag": {"name": "hop", "color": "FF0000"}}, {"id": 111}),
    Example("tag/delete", {"tag_id": 1}, {}),
    Example(
        "tag/list",
        {},
        {"list": [{"id": 3, "avatar_file_name": "avatar.jpg", "name": "hop", "color": "FF0000"}]},
    ),
    # documented: tags 1, 2 and 3, which no demo entity carries all together
    Example(
        "tag/search",
        {"tag_ids": [1]},
        {
            "result": {kind: [ANY] for kind in TAGGED_ENTITY_TYPES},
        },
    ),
    Example("tag/update", {"tag": {"id": 3, "name": "hop", "color": "FF0000"}}, {}),
    Example("employee/list", {}, {"list": [ANY], "count": 12}),
    Example("employee/create", {"employee": _NEW_EMPLOYEE}, {"id": 111}),
    Example("employee/read", {"employee_id": 1}, {"value": EMPLOYEE}),
    Example("employee/update", {"employee": {"id": 3, **_NEW_EMPLOYEE}}, {}),
    Example("employee/delete", {"employee_id": 3}, {}),
    # no documented request: one made from the parameters table, with the default fields
    Example(
        "employee/batch_convert",
        {"batch": "John\tJane\tSmith\tsmith@example.com\t442071111111"},
        {
            "list": [
                # `errors` is documented optional: a row without problems has none
                {"success": True, "value": EMPLOYEE}
            ],
            "limit_exceeded": False,
        },
    ),
    # the demo's Van 1 has a fuel tank, a coolant temperature, an ignition input and a
    # virtual ignition; Van 2 has no sensor
    Example("tracker/sensor/list", {"tracker_id": 1}, {"list": [_METERING_SENSOR]}),
    # the documented answer shows a `discrete` sensor with a metering sensor's fields (and an
    # integer `divider`): checked against the metering sensor of the list example
    Example(
        "tracker/sensor/batch_list",
        {"trackers": [1, 2]},
        {"result": {"1": [_METERING_SENSOR], "2": []}},
    ),
    # on Van 2: Van 1 already reads `obd_coolant_t` (232)
    Example("tracker/sensor/create", {"tracker_id": 2, "sensor": _METERING_SENSOR}, {"id": 937}),
    Example(
        "tracker/sensor/update", {"tracker_id": 1, "sensor": {**_METERING_SENSOR, "id": 2}}, {}
    ),
    Example("tracker/sensor/delete", {"tracker_id": 1, "sensor_id": 2}, {}),
    Example("tracker/readings/list", {"tracker_id": 1}, _READINGS),
    Example(
        "tracker/readings/batch_list",
        {"trackers": [1, 2]},
        {"result": {"1": _BATCH_READINGS, "2": {"inputs": [], "states": ANY, "counters": ANY}}},
    ),
    Example(
        "tracker/get_fuel",
        {"tracker_id": 1},
        {
            "user_time": "2021-05-20 13:49:09",
            "inputs": [
                {
                    "label": "Sensor #1",
                    "name": "can_fuel",
                    "type": "fuel",
                    "value": 100.0,
                    "units_type": "litre",
                    "units": "litres",
                    "converted_units_type": None,
                    "converted_value": None,
                }
            ],
            "update_time": "2021-05-20 13:48:02",
        },
    ),
    Example("tracker/counter/value/get", {"tracker_id": 1, "type": "odometer"}, {"value": 18.9}),
    Example(
        "tracker/counter/value/list",
        {"trackers": [1, 3], "type": "odometer"},
        {"value": {"1": 18.9, "3": 18.9}},
    ),
    Example(
        "tracker/counter/value/set", {"tracker_id": 1, "type": "odometer", "value": 233.21}, {}
    ),
    # documented: tracker 123456 in September 2020; here Van 1 on the demo's day of driving
    Example(
        "tracker/stats/mileage/read",
        {"trackers": [1], "from": "2026-01-13 03:24:00", "to": "2026-01-14 06:24:00"},
        {
            "result": {"1": {"2026-01-13": {"mileage": 0.0}, "2026-01-14": {"mileage": 0.0}}},
            "limit_exceeded": False,
        },
    ),
    Example(
        "tracker/stats/engine_hours/read",
        {"tracker_id": 1, "from": "2026-01-14 03:24:00", "to": "2026-01-14 16:24:00"},
        {"value": 42.0},
    ),
    # documented: sensor 1456789 over 28 days; here Van 1's fuel tank over its last hour
    Example(
        "tracker/sensor/data/read",
        {
            "tracker_id": 1,
            "sensor_id": 1,
            "from": "2026-01-15 08:00:00",
            "to": "2026-01-15 09:00:00",
        },
        # a number or a text "depending on the sensor type"
        {
            "list": [
                {"value": ANY, "get_time": "2022-02-28 00:00:00"},
                {"value": ANY, "get_time": "2022-02-28 00:00:30"},
            ]
        },
    ),
    Example(
        "tracker/sensor/input_name/list",
        {},
        {
            "list": [
                {"input_name": "acceleration", "description": "Acceleration"},
                {"input_name": "air_pressure", "description": "Air pressure"},
            ]
        },
    ),
    # documented: two targets; Van 2 is the demo's other unblocked FMB920
    Example("tracker/sensor/batch_copy", {"base_tracker_id": 1, "trackers": [2]}, {}),
    Example(
        "tracker/sensor/calibration_data/read",
        {"tracker_id": 1, "sensor_id": 1},
        {"value": [{"in": 0.0, "out": 0.0}, {"in": 0.7, "out": 60.0}]},
    ),
    Example(
        "tracker/sensor/calibration_data/update",
        {
            "tracker_id": 1,
            "sensor_id": 1,
            "data": [{"in": 0.0, "out": 0.0}, {"in": 0.7, "out": 60.0}],
        },
        {},
    ),
    # the documentation shows no file: an LLS Monitor table of one sensor (the mock's layout)
    Example(
        "tracker/sensor/calibration_data/upload_omnicomm",
        {"tracker_id": 1, "sensor_id": 1},
        {},
        files={"file": ("tank.xml", LLS_MONITOR_FILE, "text/xml")},
    ),
    Example(
        "tracker/counter/read",
        {"tracker_id": 1, "type": "odometer"},
        {"value": {"id": 111, "type": "odometer", "multiplier": 1.0}},
    ),
    # documented: sensor 1234; here Van 1's fuel tank, a metering sensor of the van
    Example(
        "tracker/counter/update",
        {"tracker_id": 1, "type": "odometer", "multiplier": 3.14, "sensor_id": 1},
        {},
    ),
    Example(
        "tracker/counter/data/read",
        {
            "tracker_id": 1,
            "type": "odometer",
            "from": "2026-01-15 08:00:00",
            "to": "2026-01-15 09:00:00",
        },
        {
            "list": [
                {"value": 3835.52, "update_time": "2021-02-01 02:52:55"},
                {"value": 3835.7, "update_time": "2021-02-01 02:57:18"},
            ]
        },
    ),
    Example(
        "tracker/get_counters",
        {"tracker_id": 1},
        {
            "user_time": "2014-07-09 07:50:58",
            "list": [{"type": "odometer", "value": 100500.1, "update_time": "2014-03-06 13:57:00"}],
        },
    ),
    # Van 1 gets a board voltage sensor first (its own sensors read fuel, OBD and a virtual one)
    Example(
        "tracker/get_readings",
        {"tracker_id": 1},
        {
            "user_time": "2021-05-20 13:49:09",
            "inputs": [
                {
                    "label": "Board voltage",
                    "units": "V",
                    "name": "board_voltage",
                    "type": "power",
                    "value": 13.562,
                    "units_type": "custom",
                    "converted_units_type": None,
                    "converted_value": None,
                }
            ],
            "update_time": "2021-05-20 13:48:02",
        },
        setup=_board_voltage_sensor,
    ),
    # Van 1 reports its OBD values first (the demo van reports only its coolant temperature)
    Example(
        "tracker/get_diagnostics",
        {"tracker_id": 1},
        {
            "user_time": "2021-05-20 13:49:09",
            "inputs": [
                {
                    "label": "OBD: RPM",
                    "units": "",
                    "name": " obd_rpm",
                    "type": "rpm",
                    "value": 889.0,
                    "units_type": "custom",
                    "converted_units_type": None,
                    "converted_value": None,
                }
            ],
            "states": {"obd_vin": "123", "obd_mil_status": "0"},
            "update_time": "2021-05-20 13:48:02",
        },
        setup=_obd_report,
    ),
    Example(
        "tracker/rule/list",
        {},
        {
            "list": [
                {
                    "id": 667281,
                    "name": "Case intrusion",
                    "type": "case_intrusion",
                    "description": "This rule was created automatically",
                    "zone_id": 0,
                    "trackers": [10029448, 10030168],
                    "primary_text": "Case is opened",
                    "secondary_text": "Case is closed",
                    "param": 0,
                    "alerts": {"sms_phones": [], "phones": [], "emails": [], "push_enabled": True},
                    "suspended": False,
                    "auto_created": True,
                    "schedule": [
                        {
                            "type": "weekly",
                            "from": {"weekday": 1, "time": "00:00:00"},
                            "to": {"weekday": 7, "time": "23:59:59"},
                            "interval_id": 46892,
                        }
                    ],
                }
            ]
        },
    ),
    # sent as documented, with `"suspended": ""` and `"param": ""` (left out) and the
    # `group_id` the parameters do not list (ignored); tracker 123456 is Van 1
    Example("tracker/rule/create", {"rule": _RULE}, {"id": 123}),
    Example("tracker/rule/update", {"rule": {**_RULE, "id": 1}}, {}),
    Example("tracker/rule/delete", {"rule_id": 1}, {}),
    Example("tracker/rule/bind", {"rule_id": 1, "trackers": [3]}, {}),
    Example("tracker/rule/unbind", {"rule_id": 1, "trackers": [2]}, {}),
    # documented: December 2020; here the demo's day of driving and this morning
    Example(
        "history/user/list",
        {"from": "2026-01-14 00:00:00", "to": "2026-01-15 16:44:00"},
        {
            "list": [_EVENT],
            "limit_exceeded": False,
            "total": 150,
            "total_unread": 10,
        },
    ),
    # documented: tracker 1683258 in November 2023; here Van 1 on the demo's day of driving.
    # The answer is the KML file: its documented elements are checked
    # documented: tracker 10181654 and a day of 2023; the demo's Van 1 saw two beacons
    Example(
        "beacon/data/read",
        {
            "from": "2026-01-15 08:00:00",
            "to": "2026-01-15 09:00:00",
            "beacons": ["ffffffffd86f4f75868d55aa831afa1f", "7cf9501df3d6924e423cabcde4c924ff"],
            "trackers": [1],
        },
        {"list": [{**_BEACON_ENTRY, "ext_data": {"minor": "0055", "major": "3138"}}]},
    ),
    Example(
        "beacon/data/last_values",
        {"trackers": [1], "skip_older_than_seconds": 3600},
        {"list": [_BEACON_ENTRY]},
    ),
    Example(
        "track/visit/list",
        {"tracker_id": 2, "from": "2026-01-01 00:00:00", "to": "2026-01-15 00:00:00"},
        {"value": {"zones": [54865, 35284], "places": [18404]}},
    ),
    Example(
        "track/download",
        {
            "tracker_id": 1,
            "from": "2026-01-14 03:24:00",
            "to": "2026-01-14 16:24:00",
            "format": "kml",
            "split": False,
        },
        {
            "root": "kml",
            "Document/name": ANY,
            "Placemark/name/visibility/description": ANY,
            "TimeStamp/when": ANY,
            "ExtendedData/Data/value": ANY,
            "Point/coordinates": ANY,
        },
    ),
    Example(
        "track/waybill/download",
        {
            "tracker_id": 1,
            "from": "2026-01-14 03:24:00",
            "to": "2026-01-14 06:24:00",
            "type": "form4c",
            "fill_history": False,
            "number": "1234567",
        },
        {"magic": b"PK\x03\x04"},  # a DOCX document is a ZIP archive
    ),
    Example(
        "track/waybill/settings/read",
        {},
        {"value": {"number": "test123"}},
        setup=lambda mock: mock.world.users.change(1, waybill_number="test123"),
    ),
    Example("tracker/employee/assign", {"tracker_id": 2, "new_employee_id": 3}, {}),
    Example(
        "tracker/employee/read",
        {"tracker_id": 4},
        {
            "current": {
                "id": 1,
                "icon_id": 55,
                "tracker_id": 560,
                "first_name": "John",
                "middle_name": "M",
                "last_name": "Johnson",
                "email": "",
                "phone": "",
                "driver_license_number": "34534545",
                "driver_license_cats": "AB, sgeg",
                "driver_license_issue_date": "2005-06-04",
                "driver_license_valid_till": "2015-06-04",
                "hardware_key": "ab8def",
                "department_id": None,
                "location": {"lat": 0.0, "lng": 0.0, "address": ""},
            },
            "last_change": {
                "old_employee_id": None,
                "new_employee_id": 1,
                "location": {"lat": 11.0, "lng": 22.0, "address": "Haraze-Mangueigne"},
                "changed": "2016-11-17 17:01:20",
                "origin": "tracker",
                "hardware_key": "ab8def",
            },
        },
    ),
    # subuser/*: the documentation's sub-user 204951 (or 123451, 123567), trackers 127830 and
    # security groups 103, 333 and 3 are the demo's dispatcher (2), tracker 1 and group 1
    Example("subuser/list", {}, {"list": [_SUBUSER]}),
    Example(
        "subuser/register",
        {"password": 123456, "user": {k: v for k, v in _SUBUSER.items() if k not in _READ_ONLY}},
        {"id": 121458},
    ),
    Example(
        "subuser/update",
        {"user": {**{k: v for k, v in _SUBUSER.items() if k not in _READ_ONLY}, "id": 2}},
        {},
    ),
    Example("subuser/delete", {"subuser_id": 2}, {}),
    Example("subuser/tracker/list", {"subuser_id": 2}, {"list": [124588]}),
    Example("subuser/tracker/bind", {"subuser_id": 2, "trackers": [1]}, {}),
    Example("subuser/tracker/unbind", {"subuser_id": 2, "trackers": [1]}, {}),
    Example(
        "subuser/session/create", {"subuser_id": 2}, {"hash": "22eac1c27af4be7b9d04da2ce1af111b"}
    ),
    Example("subuser/security_group/create", {"group": _SECURITY_GROUP}, {"id": 103}),
    Example("subuser/security_group/list", {}, {"list": [{"id": 103, **_SECURITY_GROUP}]}),
    Example("subuser/security_group/update", {"group": {"id": 1, **_SECURITY_GROUP}}, {}),
    Example("subuser/security_group/delete", {"id": 1}, {}),
    Example("subuser/security_group/assign", {"group_id": 1, "subuser_ids": [2]}, {}),
    Example("subuser/zones/bind", {"subuser_id": 2, "access_to_all": False, "zone_ids": [1]}, {}),
    Example("subuser/zones/unbind", {"subuser_id": 2, "zone_ids": [1]}, {}),
    Example(
        "subuser/zones/list_ids", {"subuser_id": 2}, {"access_to_all": False, "list": [1, 2, 3]}
    ),
    Example(
        "subuser/zones/list",
        {"subuser_id": 2, "offset": 0, "limit": 1000},
        {"access_to_all": False, "list": [ANY, ANY, ANY], "count": 3},
    ),
    Example("subuser/places/bind", {"subuser_id": 2, "access_to_all": False, "place_ids": [1]}, {}),
    Example("subuser/places/unbind", {"subuser_id": 2, "place_ids": [1]}, {}),
    Example(
        "user/password/set",
        {"old_password": "demo", "new_password": "D9#YoBaQd@RMjMSb"},
        {},
        login="dispatcher",
    ),
    Example(
        "user/password/change",
        {"password": "D9#YoBaQd@RMjMSb"},
        {},
        login="dispatcher",
        session_kind="password_restore",
    ),
    Example(
        "user/auth/code/resend",
        {},
        {},
        session_kind="second_factor",
        setup=lambda mock: mock.world.users.change(1, second_factor="email"),
    ),
    Example(
        "user/auth/code/verify",
        {"code": MAILED_CODE},
        {"hash": "22eac1c27af4be7b9d04da2ce1af111b"},
        session_kind="second_factor",
        setup=lambda mock: mock.world.users.change(1, second_factor="email"),
    ),
    Example(
        "user/activate",
        {},
        {},
        login="dispatcher",
        session_kind="activation",
        setup=lambda mock: mock.world.users.change(2, activated=False),
    ),
    Example(
        "user/resend_activation",
        {"login": "dispatcher"},
        {},
        setup=lambda mock: mock.world.users.change(2, activated=False),
    ),
    Example(
        "user/personal_info/update",
        {
            "first_name": "Charles",
            "middle_name": "Henry",
            "last_name": "Pearson",
            "legal_type": "legal_entity",
            "phone": "491761234567",
            "post_country": "Germany",
            "post_index": "61169",
            "post_region": "Hessen",
            "post_city": "Wiesbaden",
            "post_street_address": "Marienplatz 2",
            "registered_country": "Germany",
            "registered_index": "61169",
            "registered_region": "Hessen",
            "registered_city": "Wiesbaden",
            "registered_street_address": "Marienplatz 2",
            "state_reg_num": "12-3456789",
            "tin": "1131145180",
            "legal_name": "E. Biasi GmbH",
            "iec": "",
            "okpo_code": "",
        },
        {},
        setup=lambda mock: mock.world.users.change(1, plugins=[29, 45]),
    ),
    Example(
        "user/settings/ui/read",
        {"key": "tracker-icons"},
        {"value": "previously saved value"},
        setup=lambda mock: mock.world.users.change(1, ui_settings={"tracker-icons": "big"}),
    ),
    Example("user/settings/ui/update", {"key": "tracker-icons", "value": "big"}, {}),
    Example(
        "user/settings/file_storage/update", {"file_storage_settings": {"auto_overwrite": True}}, {}
    ),
    Example("user/session/renew", {}, {}),
    Example("user/session/delivery/create", {}, {"value": "42fc7d3068cb98d233c3af749dee4a8d"}),
    Example(
        "user/session/delivery/read",
        {},
        {"value": "42fc7d3068cb98d233c3af749dee4a8d"},
        setup=lambda mock: mock.world.create_session(mock.world.users[1], kind="delivery"),
    ),
    Example(
        "user/session/push_token/bind",
        {"application": "navixy_android_viewer", "token": "f4be7b9d04da2ce1af111b"},
        {},
    ),
    Example("user/session/push_token/delete", {}, {}),
    Example(
        "user/audit/log/list",
        {"from": "2026-01-14 03:24:00", "to": "2026-01-16 06:24:00", "limit": 50, "offset": 0},
        {"list": [ANY]},
    ),
    Example("user/audit/checkin", {}, {}, login="dispatcher"),
    Example(
        "user/application/create",
        {
            "application": {
                "id": None,
                "name": "New Application",
                "url": "https://example.com",
                "icon": "https://example.com/icon.png",
                "is_enabled": True,
            }
        },
        {"id": 12345},
    ),
    Example(
        "history/asset/list",
        {
            "assets": [{"id": 1, "type": "employee"}],
            "from": "2026-01-14 00:00:00",
            "to": "2026-01-15 09:00:00",
        },
        {"list": [ANY], "limit_exceeded": False},
    ),
    Example(
        "history/asset/count",
        {
            "assets": [{"id": 1, "type": "employee"}],
            "from": "2026-01-14 00:00:00",
            "to": "2026-01-15 09:00:00",
        },
        {"total": 150, "total_unread": 10},
    ),
    Example("tag/avatar/assign", {"tag_id": 1, "icon_id": 14}, {}),
    Example(
        "tag/avatar/upload",
        {"tag_id": 1},
        {"value": "avatar.jpg"},
        files={"file": ("avatar.jpg", b"\xff\xd8\xff\xe0" + b"\0" * 16, "image/jpeg")},
    ),
    Example(
        "timezone/list",
        {"locale": "En-en"},
        {
            "list": [
                {
                    "zone_id": "Australia/Sydney",
                    "description": "Sydney",
                    "base_offset": 10.0,
                    "dst_offset": 1,
                    "country_code": "AU",
                }
            ]
        },
    ),
    Example(
        "plugin/list",
        {},
        {
            "list": [
                {
                    "id": 4,
                    "type": "tracker_report",
                    "module": "com.navixy.plugin.tracker.report.trip",
                    "ui_module": "Trip",
                    "filter": {"exclusion": True, "values": []},
                }
            ]
        },
    ),
    Example(
        "notification/list",
        {},
        {"list": [{"id": 12451529, "message": "notification", "show_till": "2020-12-31 17:27:28"}]},
    ),
    Example(
        "feedback/send_email", {"feedback": {"text": "I love this platform"}, "type": "review"}, {}
    ),
    Example(
        "file/stats/read",
        {},
        {"value": {"file_count": 24, "total_size": 40192953, "quota": 104857600}},
    ),
    Example("subuser/places/list_ids", {"subuser_id": 2}, {"access_to_all": False, "list": [1, 2]}),
    Example(
        "subuser/places/list",
        {"subuser_id": 2, "offset": 0, "limit": 1000},
        {"access_to_all": False, "list": [_PLACE, ANY], "count": 2},
    ),
    Example("tariff/list", {}, {"list": [_TARIFF]}),
    Example(
        "tariff/tracker/list", {"tracker_id": 2}, {"list": [_TARIFF], "days_to_next_change": 11}
    ),
    Example("tariff/tracker/change", {"tracker_id": 1, "tariff_id": 3}, {}),
    Example(
        "transaction/list",
        {"from": "2025-12-20 08:16:40", "to": "2025-12-28 08:16:40"},
        {"list": [_TRANSACTION]},
    ),
    # documented: tracker 123456, message 123, trackers 999199 and 991999; the demo's tracker
    # that chats is 4 (Anna's phone), its message 3 unread
    Example("tracker/chat/list", {"tracker_id": 4}, {"list": [_CHAT_MESSAGE]}),
    Example("tracker/chat/mark_read_all", {}, {}),
    Example("tracker/chat/mark_read", {"message_id": 3}, {}),
    Example("tracker/chat/send", {"tracker_id": 4, "message": "Hello World"}, {"id": 222}),
    Example(
        "tracker/chat/broadcast",
        {"trackers": [4, 1], "message": "Hello World"},
        {"sent_to": [14], "not_sent_to": [5234]},
    ),
    Example(
        "tracker/chat/updated/list", {"trackers": [4, 1]}, {"value": {"4": "2016-02-29 00:23:00"}}
    ),
    Example("tracker/chat/unread/count", {}, {"value": {"4": 123}}),
    Example("tracker/contact/list", {}, {"contacts": [ANY], "trackers": [ANY]}),
    # documented without its tracker_id; 265489 in the update
    Example("tracker/trusted_number/list", {"tracker_id": 1}, {"list": ["496156680000"]}),
    Example(
        "tracker/trusted_number/update",
        {"tracker_id": 1, "list": ["496156680001", "496156680000"]},
        {},
    ),
    # documented: tracker 265489, retranslator 123
    Example("tracker/retranslator/bind", {"tracker_id": 1, "retranslator_id": 1}, {}),
    Example(
        "tracker/retranslator/list",
        {"tracker_id": 1},
        {"list": [{"retranslator_id": 4548, "fake_device_id": "AI568T"}]},
    ),
    Example("tracker/retranslator/unbind", {"tracker_id": 1, "retranslator_id": 1}, {}),
    Example(
        "tracker/command/create",
        {
            "tracker_id": 1,
            "command": {
                "name": "engine_stop",
                "type": "hardware",
                "config": {"command": "RELAY,1#", "reliable": True},
            },
        },
        {"id": 19},
    ),
    Example(
        "tracker/command/create",
        {
            "tracker_id": 1,
            "command": {
                "name": "webhook_action",
                "type": "http",
                "config": {
                    "url": "https://example.com/webhook",
                    "headers": [
                        {"key": "Authorization", "value": "Bearer <TOKEN>"},
                        {"key": "Content-Type", "value": "application/json"},
                    ],
                    "body": '{"tracker_id": {{device_id}}, "action": "execute_output_control"}',
                },
            },
        },
        {"id": 20},
    ),
    Example(
        "tracker/command/update",
        {
            "tracker_id": 1,
            "command": {
                "id": 1,
                "name": "engine_stop_updated",
                "type": "hardware",
                "config": {"command": "RELAY,0#", "reliable": True},
            },
        },
        {},
    ),
    Example("tracker/command/execute", {"tracker_id": 1, "command_id": 1}, {}),
    Example("tracker/command/delete", {"tracker_id": 1, "command_id": 1}, {}),
    Example("tracker/batch_get_commands", {"trackers": [1]}, {"result": {"1": _COMMANDS}}),
    Example("tracker/batch_get_commands", {}, {"result": {"1": _COMMANDS, "2": [], "3": ANY}}),
    Example("tracker/command/unconfirmed/count", {"tracker_id": 1}, {"count": 0}),
    Example("tracker/command/unconfirmed/reset", {"tracker_id": 1}, {}),
    Example(
        "tracker/send_command",
        {
            "tracker_id": 3,
            "command": {
                "name": "electronic_lock_command",
                "command_code": "unseal",
                "special_settings": {
                    "type": "electronic_lock_password",
                    "password": "345892",
                    "remember_password": True,
                },
            },
        },
        {"list": [_COMMAND_TRACKER]},
        setup=lambda mock: mock.world.tracker_models.change(
            2, special_control="jointech_lock_password"
        ),
    ),
    Example(
        "tracker/raw_command/send",
        {"tracker_id": 1, "command": "AT+GTRTO=gv200,A,,,,,,0001$", "type": "text"},
        {},
    ),
    Example("tracker/output/set_all", {"tracker_id": 6, "outputs": [True, True, False]}, {}),
    Example("tracker/output/set", {"tracker_id": 1, "output": 1, "enable": True}, {}),
    Example(
        "tracker/output/update",
        {"tracker_id": 1, "tracker_output": {"number": 1, "title": "OUT1"}},
        {},
    ),
    Example("tracker/alarm_mode/read", {"tracker_id": 1}, {"enabled": True}),
    Example("tracker/alarm_mode/set", {"tracker_id": 1, "enabled": True}, {}),
    Example("tracker/led/read", {"tracker_id": 1}, {"value": True}),
    Example("tracker/led/update", {"tracker_id": 1, "value": True}, {}),
    Example("tracker/engine_immobilizer/read", {"tracker_id": 1}, {"enabled": True}),
    Example("tracker/engine_immobilizer/set", {"tracker_id": 1, "enabled": True}, {}),
    Example("tracker/location_request", {"tracker_id": 3}, {}),
    # working statuses: the demo's courier listing 1 (statuses 1 to 4) of Anna's phone (4)
    Example(
        "status/listing/create",
        {
            "listing": {
                "label": "Taxi driver statuses",
                "employee_controlled": False,
                "supervisor_controlled": True,
            }
        },
        {"id": 111},
    ),
    Example("status/listing/list", {}, {"list": [_STATUS_LISTING]}),
    Example("status/listing/update", {"listing": {**_STATUS_LISTING, "entries": [4, 2, 1, 3]}}, {}),
    Example("status/listing/delete", {"listing_id": 1}, {}),
    Example("status/listing/tracker/assign", {"tracker_id": 1, "listing_id": 1}, {}),
    Example(
        "status/create",
        {"listing_id": 1, "status": {"label": "Busy", "color": "E57373"}},
        {"id": 111},
    ),
    Example(
        "status/list",
        {"listing_id": 1},
        {
            "list": [
                {"id": 5, "label": "Busy", "color": "E57373"},
                {"id": 6, "label": "Free", "color": "A27373"},
            ]
        },
    ),
    Example("status/update", {"status": {"id": 2, "label": "Busy", "color": "E57373"}}, {}),
    Example("status/delete", {"status_id": 3}, {}),
    Example(
        "status/tracker/assign",
        {"tracker_id": 4, "new_status_id": 2},
        {"last_change": _STATUS_CHANGE},
    ),
    Example(
        "status/tracker/read",
        {"tracker_id": 4},
        {
            "current_status": {"id": 2, "label": "On duty", "color": "FFFF99"},
            "last_change": _STATUS_CHANGE,
        },
    ),
    Example(
        "status/tracker/list",
        {"trackers": [4, 1]},
        {
            "value": {
                "4": {
                    "current_status": {"id": 66, "label": "Busy", "color": "FFC107"},
                    "last_change": {**_STATUS_CHANGE, "id": 441, "old_status_id": 65},
                },
                "1": {
                    "current_status": None,
                    "last_change": {**_STATUS_CHANGE, "new_status_id": None},
                },
            }
        },
    ),
    Example(
        "vehicle/status/listing/read",
        {},
        {"list": [{"id": 1, "order": 0, "label": "label123", "color": "FFFFFF"}]},
    ),
    Example(
        "vehicle/status/listing/update",
        {"statuses": [{"id": 1, "order": 0, "label": "label123", "color": "FFFFFF"}]},
        {},
    ),
    # --- Asset groups (the demo's group 1 holds vehicle 1 and employee 2) ---
    Example(
        "asset_group/create",
        {"assets": [{"id": 3, "type": "employee"}, {"id": 4, "type": "vehicle"}]},
        {"id": 3, "reassigned_assets": [ANY]},
    ),
    Example(
        "asset_group/list",
        {"group_ids": [1, 2]},
        {"list": [{"id": 1, "name": "Van 1 crew", "assets": [{"id": 1, "type": "vehicle"}]}]},
    ),
    Example(
        "asset_group/set",
        {"id": 2, "assets": [{"id": 3, "type": "employee"}, {"id": 3, "type": "vehicle"}]},
        {"reassigned_assets": [ANY]},
    ),
    Example(
        "asset_group/remove",
        {"id": 1, "assets": [{"id": 2, "type": "employee"}, {"id": 1, "type": "vehicle"}]},
        {},
    ),
    Example("asset_group/update", {"id": 1, "name": "new_name"}, {}),
    Example("asset_group/delete", {"id": 1}, {}),
    # --- Avatars ---
    Example("employee/avatar/assign", {"employee_id": 1, "icon_id": 3654}, {}),
    Example(
        "employee/avatar/upload",
        {"employee_id": 1},
        {"value": "picture.png"},
        files={"file": ("picture.png", _PNG, "image/png")},
    ),
    Example("vehicle/avatar/assign", {"vehicle_id": 1, "icon_id": 1342}, {}),
    Example(
        "vehicle/avatar/upload",
        {"vehicle_id": 1},
        {"value": "abcdef123456789.png"},
        files={"file": ("van.png", _PNG, "image/png")},
    ),
    Example("place/avatar/assign", {"place_id": 1, "icon_id": 1}, {}),
    Example(
        "place/avatar/upload",
        {"place_id": 1},
        {"value": "Avatar file name"},
        files={"file": ("shop.jpg", b"\xff\xd8\xff\xe0" + b"\0" * 16, "image/jpeg")},
    ),
    Example(
        "place/upload",
        {"error_policy": "ignore", "duplicate_policy": "skip"},
        {"total": 1, "errors": 0},
        files={"file": ("places.csv", _PLACES_CSV, "text/csv")},
    ),
    # --- Imports (the documented employee example names vehicle fields: employee ones here) ---
    Example(
        "employee/import/start",
        {
            "filename": "2",
            "headers": list(_EMPLOYEE_SHEET),
            "user_headers": list(_EMPLOYEE_SHEET.values()),
        },
        {"id": 3},
        setup=lambda mock: _store_sheet(mock, list(_EMPLOYEE_SHEET.values()), _EMPLOYEE_ROW),
    ),
    Example("employee/import/read", {"process_id": 2}, {"value": _IMPORT_PROCESS}),
    Example("employee/import/list", {}, {"list": [_IMPORT_PROCESS]}),
    Example(
        "employee/import/download_failed",
        {"process_id": 2},
        {"magic": b"First name,Last name"},
        setup=_failed_driver,
    ),
    Example(
        "vehicle/import/start",
        {
            "filename": "2",
            "headers": list(_VEHICLE_SHEET),
            "user_headers": list(_VEHICLE_SHEET.values())[1:],
        },
        {"id": 3},
        setup=lambda mock: _store_sheet(mock, list(_VEHICLE_SHEET.values()), _VEHICLE_ROW),
    ),
    Example("vehicle/import/read", {"process_id": 1}, {"value": _IMPORT_PROCESS}),
    Example("vehicle/import/list", {}, {"list": [_IMPORT_PROCESS]}),
    Example("vehicle/import/download_failed", {"process_id": 1}, {"magic": b"Label,Model"}),
    Example(
        "vehicle/service_task/batch/create",
        {"vehicle_ids": [1, 2], "task": _NEW_SERVICE_TASK},
        {},
    ),
    Example(
        "vehicle/service_task/create",
        {"task": {"vehicle_id": 1, **_NEW_SERVICE_TASK}},
        {"id": 33777},
    ),
    Example(
        "vehicle/service_task/update",
        {"task": {"id": 2, "vehicle_id": 1, **_NEW_SERVICE_TASK}},
        {},
    ),
    Example("vehicle/service_task/delete", {"task_id": 1}, {}),
    Example("vehicle/service_task/download", {"group_by": "status"}, {"magic": b"%PDF-"}),
    Example("vehicle/service_task/list", {"return_prediction": False}, {"list": [_SERVICE_TASK]}),
    Example(
        "vehicle/service_task/read",
        {"task_id": 2, "return_prediction": False},
        {"value": _SERVICE_TASK},
    ),
    Example("vehicle/service_task/set_status", {"task_id": 1, "status": "done"}, {}),
    Example(
        "driver/journal/entry/list", {"tracker_id": 1, **_JOURNAL_DAY}, {"list": [_JOURNAL_ENTRY]}
    ),
    Example(
        "driver/journal/entry/create",
        {
            "entries": [
                {
                    "tracker_id": 1,
                    "start_date": "2020-10-13 07:03:39",
                    "end_date": "2020-10-14 08:05:02",
                    "employee_id": 1,
                    "type": "work",
                    "comment": "comment string",
                    "start_location": _JOURNAL_PLACE,
                    "end_location": _JOURNAL_PLACE,
                    "length": 1.44,
                    "start_odometer": 1.34,
                    "end_odometer": 5.34,
                }
            ]
        },
        {},
    ),
    Example(
        "driver/journal/entry/update",
        {"entry": {"id": 1, "type": "work", "comment": "new comment"}},
        {},
    ),
    Example("driver/journal/entry/delete", {"entry_ids": [1]}, {}),
    Example(
        "driver/journal/entry/download",
        {"tracker_id": 1, **_JOURNAL_DAY, "add_filename_header": True, "format": "pdf"},
        {"magic": b"%PDF-"},
    ),
    Example(
        "driver/journal/proposal/list",
        {"tracker_id": 1, **_JOURNAL_DAY},
        {
            "list": [
                {
                    "tracker_id": 1,
                    "employee_id": 1,
                    "start_date": "2020-10-14 07:03:39",
                    "end_date": "2020-10-15 08:05:02",
                    "start_location": {
                        "lat": 11.111111,
                        "lng": 22.222222,
                        "address": "Address string",
                    },
                    "end_location": {
                        "lat": 33.333333,
                        "lng": 44.444444,
                        "address": "Address string",
                    },
                    "length": 2.1,
                    "start_odometer": 50.2,
                    "end_odometer": 52.0,
                    "overlapped": False,
                }
            ]
        },
    ),
    Example("route/get", _ROUTE_REQUEST, _planned_route(google=False)),
    Example("route/google/get", _ROUTE_REQUEST, _planned_route(google=True)),
    Example("route/osrm/get", _ROUTE_REQUEST, _planned_route(google=False)),
    # Progorod's page documents the answer alone: the request is the other providers'
    Example("route/progorod/get", {**_ROUTE_REQUEST, "minsize": 5}, _planned_route(google=False)),
    Example(
        "task/route/points/optimize",
        {
            "start_point": {"lat": 38.81476676765485, "lng": -77.1608018875122},
            "route_points": [
                {"location": {"lat": lat, "lng": lng}, **_WHOLE_DAY}
                for lat, lng in _POINTS_TO_ORDER
            ],
        },
        {"result": [4, 0, 3, 1, 2]},
    ),
    Example("task/schedule/create", {"schedule": _NEW_SCHEDULE}, {"id": 111}),
    # documented without the `id` naming the schedule: the demo's schedule 1
    Example("task/schedule/update", {"schedule": {"id": 1, **_NEW_SCHEDULE}}, {}),
    # documented: schedule 23144 (and 12314, 11231 below)
    Example("task/schedule/delete", {"schedule_id": 1}, {}),
    Example("task/schedule/list", {}, {"list": [_SCHEDULE]}),
    # the demo's route schedule 2, whose read answers its checkpoints (documented on weekdays:
    # the demo's runs on days of the month)
    Example(
        "task/schedule/read",
        {"id": 2},
        {
            "value": {k: _SCHEDULE[k] for k in ("id", "user_id", "tracker_id", "label")}
            | {"description": "Buy things", "parameters": _ROUTE_SCHEDULE["parameters"]},
            "checkpoints": [_SCHEDULED_CHECKPOINT],
        },
    ),
    # documented: a day of 2020; the demo's schedule 1 makes its task on Friday 2026-01-16
    Example(
        "task/schedule/proposal/list",
        {"from": "2026-01-16 00:00:00", "to": "2026-01-17 00:00:00"},
        {"list": [{**_CHECKPOINT, "type": "task", "form": ANY}]},
    ),
    # documented: one checkpoint (a route keeps two at least)
    Example(
        "task/schedule/route/create",
        {
            "route": _ROUTE_SCHEDULE,
            "checkpoints": [_SCHEDULED_CHECKPOINT, {**_SCHEDULED_CHECKPOINT, "order": 1}],
        },
        {"id": 111},
    ),
    # documented: `checkpoints` one object where the table says an array, and a route keeps
    # two at least: the demo's checkpoint 3 rewritten, 4 left out (deleted) and one added
    Example(
        "task/schedule/route/update",
        {
            "route": {"id": 2, **_ROUTE_SCHEDULE},
            "checkpoints": [
                {**_SCHEDULED_CHECKPOINT, "id": 3},
                {k: v for k, v in _SCHEDULED_CHECKPOINT.items() if k != "id"},
            ],
        },
        {},
    ),
    Example("task/schedule/route/delete", {"id": 2}, {}),
    Example(
        "task/schedule/checkpoint/delete",
        {"checkpoint_id": 3},
        {},
        setup=_third_scheduled_checkpoint,
    ),
    Example("task/schedule/checkpoint/transmute", {"checkpoint_id": 3}, {}),
)


def assert_documented_file(documented: dict[str, Any], content: bytes) -> None:
    """``content`` is an XML document with the documented element paths (``documented``
    maps a path of ``{namespace}``-less tags, ``Document/Placemark/Point/coordinates``, to
    ``ANY``), or, for other files, starts with ``documented["magic"]`` (``%PDF-``)."""
    if "magic" in documented:
        assert content.startswith(documented["magic"]), content[:16]
        return
    root = fromstring(content)
    names = {e.tag.split("}")[-1] for e in root.iter()}
    for path in documented:
        if path == "root":
            continue
        assert set(path.split("/")) <= names, f"documented elements not answered: {path}"
    assert root.tag.split("}")[-1] == documented.get("root", "kml")


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), type(value).__name__)


def assert_documented_shape(documented: Any, answered: Any, where: str = "$") -> None:
    """``answered`` has ``documented``'s keys, types and nesting.

    Every key the documentation shows is answered, with a value of the same JSON type (a
    documented integer answered as an integer); a documented null or :data:`ANY` allows any
    value, and a value the documentation shows may be answered null (the example shows one
    entity; another may lack the value). Arrays are compared by their first elements.
    """
    if documented is ANY or documented is None or answered is None:
        return
    assert _json_type(answered) == _json_type(documented), (
        f"{where}: documented {_json_type(documented)}, answered {answered!r}"
    )
    if isinstance(documented, int) and not isinstance(documented, bool):
        assert isinstance(answered, int), f"{where}: documented an integer, answered {answered!r}"
    if isinstance(documented, dict):
        missing = sorted(set(documented) - set(answered))
        assert not missing, f"{where}: documented keys not answered: {missing}"
        for key, value in documented.items():
            assert_documented_shape(value, answered[key], f"{where}.{key}")
    elif isinstance(documented, list) and documented and answered:
        assert_documented_shape(documented[0], answered[0], f"{where}[0]")
