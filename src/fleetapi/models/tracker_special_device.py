"""Special settings of the device itself: locks and passwords, phones, tachographs, alerts.

Members of :data:`fleetapi.models.tracker_settings.SpecialSettings`, each told apart on the
wire by its ``type`` (its class's ``TAG``), with the limits the service documents.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar, Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi.models.tracker_special_driving import Switch

__all__ = [
    "CALL_BUTTONS",
    "CALL_BUTTONS_V40",
    "DDD_EMAILS",
    "PHONEBOOK_GT300",
    "PHONEBOOK_PT100",
    "PHONE_PATTERN",
    "AutofonSmsAlerts",
    "BceTachoControl",
    "CallButton",
    "CallButtonsV40",
    "CareuPsm",
    "ChargingGmt100",
    "Contact",
    "DddEmails",
    "DigitalPassword",
    "ElectronicLockPassword",
    "GalileoTachoControl",
    "GuardModeYatut",
    "HhdLockPassword",
    "HuaShengVibrationSensitivity",
    "JointechLockPassword",
    "LocusSec",
    "PhoneItem",
    "PhonebookGt300",
    "PhonebookPt100",
    "PwrOffKey",
    "ScatMayakBtControl",
    "SosKey",
    "TachoCompanyCard",
    "TachoRemoteDownload",
    "TeltonikaTachoRequest",
    "TemporaryDigitalPassword",
    "TimeShift",
    "VgLockPassword",
    "VideoStreamHowen",
]

PHONE_PATTERN: Final = r"^[0-9]{10,15}$"
"""An international phone number without ``+``: 10 to 15 digits."""
CALL_BUTTONS: Final = 1
"""The phone numbers of ``call_button``."""
CALL_BUTTONS_V40: Final = 4
"""The phone numbers of ``call_buttons_v40``."""
PHONEBOOK_GT300: Final = 20
"""The contacts of ``phonebook_gt300``."""
PHONEBOOK_PT100: Final = 3
"""The contacts of ``phonebook_pt100``."""
DDD_EMAILS: Final = 5
"""The addresses of ``ddd_emails``."""

_SIX_DIGITS = rules(pattern=r"^[0-9]{6}$")
_JOINTECH = rules(pattern=r"^[^\s,\u0000-\u001f\u007f-\u009f]{6}$")
_CARD = rules(pattern=r"^[0-9A-F]{16}$")
_PERIOD = rules(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$")
_NAME = rules(max_length=64, printable=True)


@attrs.frozen(kw_only=True, weakref_slot=False)
class ElectronicLockPassword:
    """The password of an electronic lock."""

    TAG: ClassVar[str] = "electronic_lock_password"
    password: str | None = attrs.field(metadata=rules(max_length=64, printable=True))
    """The password (null: none)."""
    remember_password: bool
    """Whether the platform keeps it for the lock's commands."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HhdLockPassword(ElectronicLockPassword):
    """The password of an HHD lock: 8 digits."""

    TAG: ClassVar[str] = "hhd_lock_password"
    password: str | None = attrs.field(metadata=rules(pattern=r"^[0-9]{8}$"))
    """The password (null: none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JointechLockPassword(ElectronicLockPassword):
    """The password of a Jointech lock: 6 characters, no spaces or commas."""

    TAG: ClassVar[str] = "jointech_lock_password"
    password: str | None = attrs.field(metadata=_JOINTECH)
    """The password (null: none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VgLockPassword(ElectronicLockPassword):
    """The password of a VG lock: 6 digits."""

    TAG: ClassVar[str] = "vg_lock_password"
    password: str | None = attrs.field(metadata=_SIX_DIGITS)
    """The password (null: none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DigitalPassword:
    """The device's digital password."""

    TAG: ClassVar[str] = "digital_password"
    password: str = attrs.field(metadata=_SIX_DIGITS)
    """6 digits."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TemporaryDigitalPassword:
    """A digital password valid for a while."""

    TAG: ClassVar[str] = "temporary_digital_password"
    password: str = attrs.field(metadata=_SIX_DIGITS)
    """6 digits."""
    duration_in_min: int = attrs.field(metadata=rules(minimum=10, maximum=255))
    """Minutes it stays valid."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LocusSec:
    """Locus security: the SMS signature and password."""

    TAG: ClassVar[str] = "locus_sec"
    signature: str = attrs.field(metadata=rules(min_length=1, max_length=32, printable=True))
    """The signature of SMS commands."""
    sms_password: str = attrs.field(metadata=rules(min_length=1, max_length=32, printable=True))
    """The password of SMS commands."""
    reset: bool
    """Whether to reset them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AutofonSmsAlerts:
    """Autofon SMS alerts."""

    TAG: ClassVar[str] = "autofon_sms_alerts"
    low_battery_mode: Switch
    """An SMS on a low battery."""
    ext_input_mode: Switch
    """An SMS when the external input changes."""
    sos_button_mode: Switch
    """An SMS when the SOS button is pressed."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PwrOffKey:
    """Whether the power-off key works."""

    TAG: ClassVar[str] = "pwr_off_key"
    mode: Switch
    """Whether the key turns the device off."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SosKey:
    """What the SOS key does."""

    TAG: ClassVar[str] = "sos_key"
    mode: Literal["report", "call_report"]
    """Report to the platform, or call ``phone`` and report."""
    phone: str = attrs.field(metadata=rules(max_length=32, printable=True))
    """The phone called, international without ``+``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PhoneItem:
    """A phone number a button calls."""

    phone: str = attrs.field(metadata=rules(pattern=PHONE_PATTERN))
    """International, without ``+``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CallButton:
    """The phone number the call button calls."""

    TAG: ClassVar[str] = "call_button"
    capacity: int = CALL_BUTTONS
    """How many numbers the device holds (the service's; ignored in an update)."""
    items: list[PhoneItem] = attrs.field(metadata=rules(max_items=CALL_BUTTONS))
    """The numbers."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CallButtonsV40:
    """The phone numbers the call buttons call."""

    TAG: ClassVar[str] = "call_buttons_v40"
    capacity: int = CALL_BUTTONS_V40
    """How many numbers the device holds (the service's; ignored in an update)."""
    items: list[PhoneItem] = attrs.field(metadata=rules(max_items=CALL_BUTTONS_V40))
    """The numbers."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Contact:
    """A contact of a phone book."""

    name: str = attrs.field(metadata=_NAME)
    """The contact's name."""
    phone: str = attrs.field(metadata=rules(max_length=32, printable=True))
    """International, without ``+``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PhonebookGt300:
    """The phone book of a Queclink GT300."""

    TAG: ClassVar[str] = "phonebook_gt300"
    capacity: int = PHONEBOOK_GT300
    """How many contacts the device holds (the service's; ignored in an update)."""
    items: list[Contact] = attrs.field(metadata=rules(max_items=PHONEBOOK_GT300))
    """The contacts."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PhonebookPt100:
    """The phone book of a PT100."""

    TAG: ClassVar[str] = "phonebook_pt100"
    capacity: int = PHONEBOOK_PT100
    """How many contacts the device holds (the service's; ignored in an update)."""
    items: list[Contact] = attrs.field(metadata=rules(max_items=PHONEBOOK_PT100))
    """The contacts."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DddEmails:
    """Where tachograph (DDD) files are e-mailed."""

    TAG: ClassVar[str] = "ddd_emails"
    emails: list[str] = attrs.field(metadata=rules(max_items=DDD_EMAILS))
    """E-mail addresses."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BceTachoControl:
    """A BCE tachograph command."""

    TAG: ClassVar[str] = "bce_tacho_control"
    function: Literal["slot1", "slot2", "vu_activities", "vu_no_activities"]
    """What to read from the tachograph."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GalileoTachoControl:
    """A Galileo tachograph command."""

    TAG: ClassVar[str] = "galileo_tacho_control"
    function: str = attrs.field(metadata=rules(max_length=64, printable=True))
    """The command (``download``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TachoCompanyCard:
    """The company card a tachograph is read with."""

    TAG: ClassVar[str] = "tacho_company_card"
    company_card_number: str = attrs.field(metadata=_CARD)
    """16 hexadecimal digits (0-9, A-F)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TachoRemoteDownload(TachoCompanyCard):
    """Remote tachograph downloads."""

    TAG: ClassVar[str] = "tacho_remote_download"
    vu_download_interval: int = attrs.field(metadata=rules(minimum=0))
    """Interval of vehicle unit downloads."""
    card_download_interval: int = attrs.field(metadata=rules(minimum=0))
    """Interval of driver card downloads."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TeltonikaTachoRequest:
    """A Teltonika tachograph data request."""

    TAG: ClassVar[str] = "teltonika_tacho_request"
    data_type: Literal[
        "overview",
        "activities",
        "eventsAndFaults",
        "detailedSpeed",
        "technicalData",
        "card1Download",
        "card2Download",
    ]
    """The data asked for."""
    activities_start_time: dt.date | None = None
    """The first day of activities (with ``activities`` only)."""
    activities_end_time: dt.date | None = None
    """The last day of activities (with ``activities`` only)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ChargingGmt100:
    """When a Queclink GMT100 charges its battery."""

    TAG: ClassVar[str] = "charging_gmt100"
    mode: Literal["on_need", "ign_on_only", "ign_on", "low_charge"]
    """The charging mode."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CareuPsm:
    """CAREU power saving: when it sleeps and wakes up (0 in a duration: never switch)."""

    TAG: ClassVar[str] = "careu_psm"
    sleep_when_ignition_off: bool
    """Sleep when the ignition is off."""
    sleep_when_no_motion: bool
    """Sleep when it does not move."""
    sleep_when_no_communication: bool
    """Sleep when it cannot communicate."""
    sleep_conditions_duration: int = attrs.field(metadata=rules(minimum=1, maximum=255))
    """Minutes from the conditions to sleep."""
    deep_sleep_conditions_duration: int = attrs.field(metadata=rules(minimum=0, maximum=65535))
    """Minutes from sleep to deep sleep."""
    wake_up_interval: int = attrs.field(metadata=rules(minimum=0, maximum=65535))
    """Minutes before waking up from sleep."""
    wake_up_from_dsm_interval: int = attrs.field(metadata=rules(minimum=0, maximum=255))
    """Hours before waking up from deep sleep."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HuaShengVibrationSensitivity:
    """How sensitive a Hua Sheng vibration sensor is."""

    TAG: ClassVar[str] = "hua_sheng_vibration_sensitivity"
    sensitivity: Literal["easy", "normal", "hard", "hardest"]
    """The sensitivity."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScatMayakBtControl:
    """A Scat Mayak Bluetooth command."""

    TAG: ClassVar[str] = "scat_mayak_bt_control"
    function: Literal["bt_disable", "bt_enable", "bt_clear", "bt_write"]
    """The command."""
    bt_state: bool
    """Whether Bluetooth is on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TimeShift:
    """The device clock's offset."""

    TAG: ClassVar[str] = "time_shift"
    offset: float = attrs.field(metadata=rules(minimum=-24.0, maximum=24.0))
    """Hours."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VideoStreamHowen:
    """A Howen video stream (no fields)."""

    TAG: ClassVar[str] = "video_stream_howen"


@attrs.frozen(kw_only=True, weakref_slot=False)
class GuardModeYatut:
    """Guard mode of the Yatut Poisk (a specific portlet): its motion sensor and perimeter."""

    TAG: ClassVar[str] = "guard_mode_yatut"
    motion_sensor_mode: Literal["off", "permanent", "single_period", "double_period"] = "off"
    """When the motion sensor guards."""
    motion_sensor_first_period: str = attrs.field(default="23:00-07:00", metadata=_PERIOD)
    """``HH:mm-HH:mm``, for ``single_period`` and ``double_period``."""
    motion_sensor_second_period: str = attrs.field(default="10:00-17:00", metadata=_PERIOD)
    """``HH:mm-HH:mm``, for ``double_period``."""
    motion_sensor_amplitude: int = attrs.field(default=5, metadata=rules(minimum=1, maximum=255))
    """The amplitude that counts as motion."""
    motion_sensor_duration: int = attrs.field(default=5, metadata=rules(minimum=1, maximum=255))
    """Seconds of motion that raise the alarm."""
    motion_sensor_ignore_time: int = attrs.field(default=5, metadata=rules(minimum=5, maximum=99))
    """Minutes motion is ignored after an alarm."""
    motion_sensor_double_check: bool = False
    """Whether motion is checked twice."""
    perimeter_mode: Literal["off", "once_triggering", "permanent", "point_displacement"] = "off"
    """How the perimeter guards."""
    perimeter_diameter: int = attrs.field(default=1, metadata=rules(minimum=1, maximum=999))
    """Kilometers."""
