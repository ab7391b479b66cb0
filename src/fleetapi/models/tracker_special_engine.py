"""Special settings about the engine and the parked vehicle: ignition, fuel, towing.

Members of :data:`fleetapi.models.tracker_settings.SpecialSettings`, each told apart on the
wire by its ``type`` (its class's ``TAG``), with the limits the service documents.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi.models.tracker_special_driving import Switch

__all__ = [
    "AutoGeofenceTelfm",
    "CastelObd",
    "EngineControlAtrack",
    "FccTelfm",
    "IgnRuptela",
    "IgnSrcSuntech",
    "IgnSrcTelfm",
    "IgnitionSource",
    "NoMovementAlarm",
    "TowDetectionQl",
    "TowDetectionQl2",
    "TowDetectionTelfm",
    "VirtualIgnQl",
]

IgnitionSource = Literal["power_voltage", "din1", "movement"]
"""What tells the ignition: the board voltage, digital input 1 or movement."""

_MV = rules(minimum=0, maximum=30000)


@attrs.frozen(kw_only=True, weakref_slot=False)
class AutoGeofenceTelfm:
    """Teltonika FM auto geofence: an alarm when the parked vehicle moves off."""

    TAG: ClassVar[str] = "auto_geofence_telfm"
    mode: Switch
    """Whether the auto geofence is on."""
    activation_timeout: int = attrs.field(metadata=rules(minimum=0, maximum=65535))
    """Seconds parked before the geofence arms."""
    radius: int = attrs.field(metadata=rules(minimum=50, maximum=10000))
    """Meters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelObd:
    """Castel OBD reports."""

    TAG: ClassVar[str] = "castel_obd"
    enable_pid_reports: bool
    """Whether OBD PID data is reported."""
    pid_data_records_per_message: int = attrs.field(metadata=rules(minimum=1, maximum=20))
    """Records per message."""
    pid_data_collect_interval: int = attrs.field(metadata=rules(minimum=30, maximum=600))
    """Seconds between collections."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EngineControlAtrack:
    """ATrack engine state from the board voltage (a specific portlet)."""

    TAG: ClassVar[str] = "engine_control_atrack"
    power_voltage_high_level: int = attrs.field(default=13800, metadata=_MV)
    """mV from which the engine is on."""
    on_duration_seconds: int = attrs.field(default=1, metadata=rules(minimum=0, maximum=600))
    """Seconds above it before the engine counts as on."""
    power_voltage_low_level: int = attrs.field(default=12800, metadata=_MV)
    """mV below which the engine is off."""
    off_duration_seconds: int = attrs.field(default=5, metadata=rules(minimum=0, maximum=600))
    """Seconds below it before the engine counts as off."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FccTelfm:
    """Teltonika FM fuel consumption counter."""

    TAG: ClassVar[str] = "fcc_telfm"
    fuel_type: Literal["gasoline", "diesel", "lpg"]
    """The engine's fuel."""
    engine_volume: float = attrs.field(metadata=rules(minimum=0.0, maximum=10.0))
    """Liters."""
    multiplier: float = attrs.field(metadata=rules(minimum=0.0, maximum=10.0))
    """The consumption's correction factor."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class IgnRuptela:
    """Ruptela ignition detection ("Engine detection" and "Custom ignition")."""

    TAG: ClassVar[str] = "ign_ruptela"
    mode: Literal["always_on", "din", "movement_sensor", "custom"]
    """What tells the ignition."""
    use_voltage: bool | None = None
    """Whether the board voltage tells it too."""
    voltage: float | None = None
    """Volts from which the ignition is on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class IgnSrcSuntech:
    """Suntech ignition source."""

    TAG: ClassVar[str] = "ign_src_suntech"
    mode: IgnitionSource
    """What tells the ignition."""
    power_voltage_low_level: int = attrs.field(metadata=_MV)
    """mV below which the ignition is off."""
    power_voltage_high_level: int = attrs.field(metadata=_MV)
    """mV from which the ignition is on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class IgnSrcTelfm(IgnSrcSuntech):
    """Teltonika FM ignition source."""

    TAG: ClassVar[str] = "ign_src_telfm"


@attrs.frozen(kw_only=True, weakref_slot=False)
class TowDetectionQl:
    """Queclink tow detection (``rest_duration`` a multiple of 15, ``motion_duration`` of
    100)."""

    TAG: ClassVar[str] = "tow_detection_ql"
    mode: Switch
    """Whether tow detection is on."""
    engine_off_to_tow: int = attrs.field(metadata=rules(minimum=0, maximum=900))
    """Seconds after the engine stops within which no stillness means a tow."""
    fake_tow_delay: int = attrs.field(metadata=rules(minimum=0, maximum=600))
    """Seconds moving again after stillness (a fake tow) before it counts as a tow."""
    tow_interval: int = attrs.field(metadata=rules(minimum=0, maximum=86400))
    """Seconds between alarm messages."""
    rest_duration: int = attrs.field(metadata=rules(minimum=0, maximum=3825))
    """Seconds of stillness before the device is still (a multiple of 15)."""
    motion_duration: int = attrs.field(metadata=rules(minimum=0, maximum=9900))
    """Milliseconds of motion before the device moves (a multiple of 100)."""
    motion_threshold: int = attrs.field(metadata=rules(minimum=2, maximum=9))
    """The motion sensor's threshold."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TowDetectionQl2(TowDetectionQl):
    """Queclink tow detection, second form (``motion_duration`` 100 to 1000 ms)."""

    TAG: ClassVar[str] = "tow_detection_ql2"
    motion_duration: int = attrs.field(metadata=rules(minimum=100, maximum=1000))
    """Milliseconds of motion before the device moves (a multiple of 100)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TowDetectionTelfm:
    """Teltonika FM tow detection."""

    TAG: ClassVar[str] = "tow_detection_telfm"
    mode: Switch
    """Whether tow detection is on."""
    activation_timeout: int = attrs.field(metadata=rules(minimum=0, maximum=65535))
    """Minutes after the ignition stops before detection starts."""
    threshold: float = attrs.field(metadata=rules(minimum=0.1, maximum=5.0))
    """g that counts as a tow."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VirtualIgnQl:
    """Queclink virtual ignition."""

    TAG: ClassVar[str] = "virtual_ign_ql"
    mode: Literal["disabled", "power_voltage", "motion_sensor"]
    """What tells the ignition."""
    ign_on_voltage: int = attrs.field(metadata=rules(minimum=250, maximum=28000))
    """mV from which the ignition is on."""
    rest_duration_to_off: int = attrs.field(metadata=rules(minimum=1, maximum=255))
    """Stillness before the ignition counts as off."""
    motion_duration_to_on: int = attrs.field(metadata=rules(minimum=1, maximum=255))
    """Motion before the ignition counts as on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NoMovementAlarm:
    """An alarm when the device does not move."""

    TAG: ClassVar[str] = "no_movement_alarm"
    enabled: bool
    """Whether the alarm is on."""
    timeout: int = attrs.field(metadata=rules(minimum=30, maximum=65500))
    """Time without movement before the alarm."""
    pre_alarm_duration: int = attrs.field(metadata=rules(minimum=0, maximum=65500))
    """Time still not moving after ``timeout`` before the alarm."""
