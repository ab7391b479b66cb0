"""The catalogue of device models (``tracker/list_models``), as the service documents it."""

from __future__ import annotations

from typing import Literal

import attrs

from fleetapi._types import UNSET, Unset

__all__ = [
    "BatteryLimits",
    "ModelConnection",
    "TrackerModel",
    "TrackerModelListParams",
    "TrackerModelType",
]

TrackerModelType = Literal["logger", "portable", "vehicle", "personal"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class BatteryLimits:
    """A device's internal battery: the levels its charge is read against."""

    min_charge: float
    low_charge: float
    """The level that triggers the low battery rule."""
    max_charge: float


@attrs.frozen(kw_only=True, weakref_slot=False)
class ModelConnection:
    """One way a device connects to the platform."""

    protocol: str
    transport: str
    url: str
    description: str | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerModel:
    """A device model. ``compact_view`` answers the fields down to ``register`` only."""

    id: int
    vendor: str
    code: str
    """The model's code, as a tracker's ``source.model`` names it."""
    parent_code: str | None = None
    type: TrackerModelType
    name: str
    id_type: str
    """How the device identifies itself (``imei``, ``ascii,6,64``...)."""
    register: bool = True
    """Available for registration."""
    has_phone: bool | Unset = UNSET
    has_apn_settings: bool | Unset = UNSET
    has_auto_registration: bool | Unset = UNSET
    port: int | Unset | None = UNSET
    battery: BatteryLimits | Unset | None = UNSET
    altitude: bool | Unset = UNSET
    satellites: bool | Unset = UNSET
    gsm_level: bool | Unset = UNSET
    gsm_network: bool | Unset = UNSET
    gsm_roaming: bool | Unset = UNSET
    has_detach_button: bool | Unset = UNSET
    has_fuel_input: bool | Unset = UNSET
    analog_inputs: int | Unset = UNSET
    digital_inputs: int | Unset = UNSET
    digital_outputs: int | Unset = UNSET
    rs232_inputs: int | Unset = UNSET
    track_control: str | Unset = UNSET
    output_control: str | Unset = UNSET
    special_control: str | Unset = UNSET
    rules: list[str] | Unset = UNSET
    """The rule types the model supports."""
    inputs: list[str] | Unset = UNSET
    """The input (sensor) types the model has."""
    state_fields: list[str] | Unset = UNSET
    special_settings: list[str] | Unset = UNSET
    sms_control: list[str] | Unset = UNSET
    connection: list[ModelConnection] | Unset = UNSET
    has_led_control: bool | Unset = UNSET
    has_location_request: bool | Unset = UNSET
    has_gprs_location_request: bool | Unset = UNSET
    has_gsm_lbs_location_request: bool | Unset = UNSET
    has_chat: bool | Unset = UNSET
    has_custom_fields: bool | Unset = UNSET
    has_odometer: bool | Unset = UNSET
    has_lbs: bool | Unset = UNSET
    has_motion_sensor: bool | Unset = UNSET
    has_hardware_key: bool | Unset = UNSET
    register_fields: list[str] | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerModelListParams:
    """Parameters of ``tracker/list_models``."""

    compact_view: bool | Unset = UNSET
    """Answer each model's identity only (``id`` to ``register``)."""
    compact_index: bool | Unset = UNSET
    """Deprecated by the service; accepted and ignored."""
    codes: list[str] | Unset = UNSET
    """Only these models, by code."""
