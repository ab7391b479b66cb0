"""Trackers: reading them and their states (``tracker/list|read|get_state|get_states``), and
their devices' lifecycle (registering, replacing, removing, the phone, the avatar, a
datalogger's file)."""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import PHONE_PATTERN, rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng

__all__ = [
    "IMEI_PATTERN",
    "MAX_APN_LENGTH",
    "AdditionalState",
    "ConnectionStatus",
    "GpsState",
    "GsmState",
    "MovementStatus",
    "TagBinding",
    "Tracker",
    "TrackerAvatarUploadParams",
    "TrackerChangePhoneParams",
    "TrackerDataloggerUploadParams",
    "TrackerListParams",
    "TrackerReadParams",
    "TrackerRegisterParams",
    "TrackerRegisterQuickParams",
    "TrackerRegisterRetryParams",
    "TrackerReplaceParams",
    "TrackerReplaceQuickParams",
    "TrackerReplaceRetryParams",
    "TrackerSource",
    "TrackerState",
    "TrackerStates",
    "TrackerStatesParams",
]

ConnectionStatus = Literal[
    "signal_lost",
    "just_registered",
    "just_connected",
    "just_replaced",
    "offline",
    "idle",
    "active",
]
MovementStatus = Literal["moving", "stopped", "parked"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerSource:
    """The device behind a tracker."""

    id: int
    device_id: str
    model: str
    blocked: bool
    tariff_id: int
    status_listing_id: int | None = None
    creation_date: dt.date
    tariff_end_date: dt.date | None = None
    phone: str | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagBinding:
    """A tag bound to an entity, with its display order."""

    tag_id: int
    ordinal: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class Tracker:
    """A tracker: the account's view of one device."""

    id: int
    label: str
    clone: bool = False
    group_id: int = 0
    avatar_file_name: str | None = None
    source: TrackerSource
    tag_bindings: list[TagBinding] = attrs.Factory(list)


@attrs.frozen(kw_only=True, weakref_slot=False)
class GpsState:
    """The last GPS fix of a tracker."""

    updated: dt.datetime | None = None
    signal_level: int | None = None
    location: LatLng | None = None
    heading: int = 0
    speed: int = 0
    """km/h."""
    alt: int = 0
    """Meters."""
    precision: int | Unset = UNSET
    """Meters, when the device tells."""
    gsm_lbs: bool | Unset = UNSET
    """True when the position comes from GSM base stations (LBS)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GsmState:
    """The mobile network state of a tracker."""

    updated: dt.datetime | None = None
    signal_level: int | None = None
    """Percent, or null when the device cannot tell."""
    network_name: str | None = None
    roaming: bool | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class AdditionalState:
    """One model-specific state value (``additional`` of a state: ``hardware_key``...)."""

    value: str
    """The value as text (a hardware key's digits, ``1`` for a flag)."""
    updated: dt.datetime | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerState:
    """The current state of a tracker (``tracker/get_state``)."""

    source_id: int
    gps: GpsState
    connection_status: ConnectionStatus
    movement_status: MovementStatus
    movement_status_update: dt.datetime | None = None
    """When the movement status last changed."""
    ignition: bool | Unset = UNSET
    """The ignition (or virtual ignition) sensor, when the tracker has one."""
    ignition_update: dt.datetime | Unset = UNSET
    gsm: GsmState | None = None
    """Null when the device sends no network state."""
    last_update: dt.datetime | None = None
    battery_level: int | None = None
    battery_update: dt.datetime | None = None
    inputs: list[bool] = attrs.Factory(list)
    """The digital inputs, input 1 first."""
    inputs_update: dt.datetime | None = None
    outputs: list[bool] = attrs.Factory(list)
    """The digital outputs, output 1 first."""
    outputs_update: dt.datetime | None = None
    additional: dict[str, AdditionalState] = attrs.Factory(dict)
    """Model-specific states by name (``hardware_key``: the last key scanned)."""
    actual_track_update: dt.datetime | None = None
    """When the tracker last moved (its track last grew)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerListParams:
    """Parameters of ``tracker/list``."""

    labels: list[str] | Unset = UNSET
    """Only trackers whose label contains one of these substrings."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerReadParams:
    """Parameters of the calls naming one tracker (``tracker/read``, ``tracker/get_state``,
    ``tracker/corrupt``, ``tracker/delete``...)."""

    tracker_id: int
    """The tracker."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerStatesParams:
    """Parameters of ``tracker/get_states``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers whose states to read."""
    list_blocked: bool | Unset = UNSET
    """List blocked trackers in ``blocked`` instead of failing with 208 (default false)."""
    allow_not_exist: bool | Unset = UNSET
    """List unknown trackers in ``not_exist`` instead of failing with 217 (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerStates:
    """The result of ``tracker/get_states``."""

    user_time: dt.datetime | Unset = UNSET
    """The user's current time (the mock answers it every time)."""
    states: dict[str, TrackerState]
    """Keyed by tracker ID (a string on the wire); blocked and unknown trackers have none."""
    blocked: list[int] | Unset = UNSET
    """The blocked trackers asked for; answered only with ``list_blocked``."""
    not_exist: list[int] | Unset = UNSET
    """The unknown trackers asked for; answered only with ``allow_not_exist``."""


# --- A device's lifecycle ---------------------------------------------------------------------

IMEI_PATTERN: Final = r"^[0-9]{14,15}$"
"""An IMEI as a device ID: its digits alone, 14, or 15 with the check digit (a model's
``id_type`` ``imei``)."""

MAX_APN_LENGTH: Final = 40
"""The most characters of a SIM card's APN name, user and password."""

_LABEL = rules(min_length=1, max_length=60, printable=True)
_DEVICE_ID = rules(min_length=1, max_length=64, printable=True)
_PHONE = rules(min_length=1, pattern=PHONE_PATTERN)
_APN = rules(max_length=MAX_APN_LENGTH)
_IMEI = rules(pattern=IMEI_PATTERN)


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRegisterParams:
    """Parameters of ``tracker/register``: the common ones, then those of the registration
    plugins (44 and 37 register a device, 35 and 68 the mobile app)."""

    label: str = attrs.field(metadata=_LABEL)
    """The new tracker's label: 1 to 60 printable characters."""
    group_id: int
    """The tracker group to put it in (``tracker/group/list``); 0: no group."""
    model: str
    """The device model's code (``tracker/list_models``)."""
    plugin_id: int
    """The registration plugin (``plugin/list``): 44 (activation code optional) or 37
    (required) for a device, 35 (optional) or 68 (required) for the mobile app."""
    device_id: str | Unset = attrs.field(default=UNSET, metadata=_DEVICE_ID)
    """The device's ID, as its model's ``id_type`` says (an IMEI's digits alone); required
    where the device has a fixed ID, left out where the platform makes one."""
    send_register_commands: bool | Unset | None = UNSET
    """Send the activation commands to the device (null or left out: the platform's
    setting)."""
    phone: str | Unset = attrs.field(default=UNSET, metadata=_PHONE)
    """The number of the device's SIM card, in international format without ``+``;
    required for a model with a phone (``has_phone``), ignored for the others."""
    apn_name: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The GPRS APN of the SIM card."""
    apn_user: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's user; may be empty."""
    apn_password: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's password; may be empty."""
    activation_code: str | Unset = UNSET
    """An activation code of the dealer: required by plugins 37 and 68, optional for 44 and
    35; a code activates one device."""
    notification_email: str | Unset = attrs.field(default=UNSET, metadata=rules(email=True))
    """The mobile app: the e-mail address to invite to install it."""
    notification_phone: str | Unset = attrs.field(default=UNSET, metadata=_PHONE)
    """The mobile app: the phone number to invite to install it, international format
    without ``+``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRegisterQuickParams:
    """Parameters of ``tracker/register_quick``: a preconfigured device of the dealer's
    bundles, by its IMEI."""

    label: str = attrs.field(metadata=_LABEL)
    """The new tracker's label: 1 to 60 printable characters."""
    group_id: int
    """The tracker group to put it in (``tracker/group/list``); 0: no group."""
    imei: str = attrs.field(metadata=_IMEI)
    """The device's IMEI: the digits alone."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRegisterRetryParams:
    """Parameters of ``tracker/register_retry``: a tracker whose device has not reported
    yet, by ``tracker_id`` or by ``device_id``."""

    tracker_id: int | Unset = UNSET
    """The tracker."""
    device_id: str | Unset = attrs.field(default=UNSET, metadata=_DEVICE_ID)
    """The device ID it was registered with, instead of ``tracker_id``."""
    apn_name: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The GPRS APN of the SIM card."""
    apn_user: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's user; may be empty."""
    apn_password: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's password; may be empty."""
    send_register_commands: bool | Unset | None = UNSET
    """Send the activation commands to the device (null or left out: the platform's
    setting)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerReplaceParams:
    """Parameters of ``tracker/replace``: a new device for a tracker, which keeps its ID,
    history, sensors and rules; plugin parameters as ``tracker/register`` takes them (no
    activation code)."""

    tracker_id: int
    """The tracker."""
    model: str
    """The new device's model code (``tracker/list_models``)."""
    plugin_id: int
    """The registration plugin (``plugin/list``): 44 or 37 (a device)."""
    device_id: str | Unset = attrs.field(default=UNSET, metadata=_DEVICE_ID)
    """The new device's ID, as its model's ``id_type`` says; required where the device has
    a fixed ID."""
    send_register_commands: bool | Unset | None = UNSET
    """Send the activation commands to the new device (null or left out: the platform's
    setting)."""
    phone: str | Unset = attrs.field(default=UNSET, metadata=_PHONE)
    """The number of the new device's SIM card, in international format without ``+``;
    required for a model with a phone."""
    apn_name: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The GPRS APN of the SIM card."""
    apn_user: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's user; may be empty."""
    apn_password: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's password; may be empty."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerReplaceQuickParams:
    """Parameters of ``tracker/replace_quick``: a preconfigured device of the dealer's
    bundles for a tracker, by its IMEI."""

    tracker_id: int
    """The tracker."""
    imei: str = attrs.field(metadata=_IMEI)
    """The new device's IMEI: the digits alone."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerReplaceRetryParams:
    """Parameters of ``tracker/replace_retry``."""

    tracker_id: int
    """The tracker whose new device has not reported yet."""
    apn_name: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The GPRS APN of the SIM card."""
    apn_user: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's user; may be empty."""
    apn_password: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's password; may be empty."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChangePhoneParams:
    """Parameters of ``tracker/change_phone``: a new SIM card for the device."""

    tracker_id: int
    """The tracker."""
    phone: str = attrs.field(metadata=_PHONE)
    """The new SIM card's number, in international format without ``+``."""
    apn_name: str = attrs.field(metadata=_APN)
    """The new SIM card's GPRS APN."""
    apn_user: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's user; may be empty."""
    apn_password: str | Unset = attrs.field(default=UNSET, metadata=_APN)
    """The APN's password; may be empty."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerAvatarUploadParams:
    """The form fields of ``tracker/avatar/upload``, beside the image part named ``file``."""

    tracker_id: int
    """The tracker."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerDataloggerUploadParams:
    """The form fields of ``tracker/datalogger/upload``, beside the CSV part named
    ``file``."""

    tracker_id: int
    """The datalogger's tracker."""
