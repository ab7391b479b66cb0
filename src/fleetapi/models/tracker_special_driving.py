"""Special settings about the way a vehicle is driven: harsh behaviour, alarms, impacts.

Members of :data:`fleetapi.models.tracker_settings.SpecialSettings`, each told apart on the
wire by its ``type`` (its class's ``TAG``), with the limits the service documents.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from fleetapi._rules import Rules, rules

__all__ = [
    "CastelAlarm",
    "CastelAlarms",
    "CastelCrash",
    "CastelDeceleration",
    "CastelSharpTurn",
    "GalileoHds",
    "HarshBehaviorBce",
    "HarshBehaviorConcoxX1",
    "HarshBehaviorHuaSheng",
    "HarshBehaviorRuptela",
    "HarshBehaviorSuntech",
    "HarshBehaviorTramigo",
    "HbmMsQl",
    "HbmQl",
    "HbmTelfm",
    "HbmTelfm5x",
    "NimbelinkAccel",
    "StarcomImpact",
    "Switch",
]

Switch = Literal["enable", "disable"]
"""A function of the device switched on or off."""

_PERCENT = rules(minimum=0, maximum=100)


def _g(low: float, high: float) -> dict[str, Rules]:
    """The limits of a force or factor from ``low`` to ``high``."""
    return rules(minimum=low, maximum=high)


@attrs.frozen(kw_only=True, weakref_slot=False)
class _Forces:
    """A harsh driving detector: on or off."""

    mode: Switch
    """Whether harsh driving events are detected."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelAlarm:
    """One Castel alarm: reported, beeped and its threshold (acceleration: 0.2 to 0.8 g)."""

    report: bool
    """Whether the event is sent to the platform."""
    beep: bool
    """Whether the device beeps on the event."""
    threshold: float = attrs.field(metadata=_g(0.2, 0.8))
    """g: values below it are normal."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelDeceleration(CastelAlarm):
    """The Castel deceleration alarm (0.3 to 1.0 g)."""

    threshold: float = attrs.field(metadata=_g(0.3, 1.0))
    """g: values below it are normal."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelCrash(CastelAlarm):
    """The Castel crash alarm (1.0 to 2.0 g)."""

    threshold: float = attrs.field(metadata=_g(1.0, 2.0))
    """g: values below it are normal."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelSharpTurn(CastelAlarm):
    """The Castel sharp turn alarm (0.3 to 0.9 g)."""

    threshold: float = attrs.field(metadata=_g(0.3, 0.9))
    """g: values below it are normal."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CastelAlarms:
    """Castel driving alarms."""

    TAG: ClassVar[str] = "castel_alarms"
    acceleration: CastelAlarm
    """Harsh acceleration."""
    deceleration: CastelDeceleration
    """Harsh braking."""
    crash: CastelCrash
    """A crash."""
    sharp_turn: CastelSharpTurn
    """A sharp turn."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GalileoHds(_Forces):
    """Galileo harsh driving detection."""

    TAG: ClassVar[str] = "galileo_hds"
    max_acceleration_force: float = attrs.field(metadata=_g(0.0, 2.55))
    """g allowed accelerating without a harsh acceleration event."""
    max_braking_force: float = attrs.field(metadata=_g(0.0, 2.55))
    """g allowed braking without a harsh braking event."""
    max_cornering_force: float = attrs.field(metadata=_g(0.0, 2.55))
    """g allowed cornering without a harsh cornering event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorHuaSheng(_Forces):
    """Hua Sheng harsh driving detection."""

    TAG: ClassVar[str] = "harsh_behavior_hua_sheng"
    max_acceleration_force: float = attrs.field(metadata=_g(0.1, 1.0))
    """g allowed accelerating without a harsh acceleration event."""
    max_braking_force: float = attrs.field(metadata=_g(0.1, 1.0))
    """g allowed braking without a harsh braking event."""
    max_cornering_force: float = attrs.field(metadata=_g(0.1, 1.0))
    """g allowed cornering without a harsh cornering event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorSuntech(_Forces):
    """Suntech harsh driving detection (a specific portlet)."""

    TAG: ClassVar[str] = "harsh_behavior_suntech"
    max_acceleration_force: float = attrs.field(metadata=_g(0.05, 3.0))
    """g allowed accelerating without a harsh acceleration event."""
    max_braking_force: float = attrs.field(metadata=_g(0.05, 3.0))
    """g allowed braking without a harsh braking event."""
    max_cornering_force: float = attrs.field(metadata=_g(0.05, 3.0))
    """g allowed cornering without a harsh cornering event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HbmTelfm(_Forces):
    """Teltonika FM harsh behaviour monitoring."""

    TAG: ClassVar[str] = "hbm_telfm"
    max_acceleration_force: float = attrs.field(metadata=_g(0.25, 0.85))
    """g allowed accelerating without a harsh acceleration event."""
    max_braking_force: float = attrs.field(metadata=_g(0.25, 0.85))
    """g allowed braking without a harsh braking event."""
    max_angular_velocity: float = attrs.field(metadata=_g(0.1, 1.0))
    """rad/s allowed cornering without a harsh cornering event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HbmTelfm5x(_Forces):
    """Teltonika FM5x harsh behaviour monitoring."""

    TAG: ClassVar[str] = "hbm_telfm5x"
    max_acceleration_force: float = attrs.field(metadata=_g(0.5, 10.0))
    """g allowed accelerating without a harsh acceleration event."""
    max_braking_force: float = attrs.field(metadata=_g(0.5, 10.0))
    """g allowed braking without a harsh braking event."""
    max_angular_velocity: float = attrs.field(metadata=_g(0.5, 10.0))
    """rad/s allowed cornering without a harsh cornering event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class _SpeedBands:
    """Queclink harsh behaviour by speed band: speed changes allowed in each band."""

    high_speed: int = attrs.field(metadata=rules(minimum=100, maximum=400))
    """km/h from which the high band starts."""
    high_speed_braking_delta: int = attrs.field(metadata=_PERCENT)
    """Speed drop allowed in the high band."""
    high_speed_acceleration_delta: int = attrs.field(metadata=_PERCENT)
    """Speed gain allowed in the high band."""
    medium_speed: int = attrs.field(metadata=rules(minimum=60, maximum=100))
    """km/h from which the medium band starts."""
    medium_speed_braking_delta: int = attrs.field(metadata=_PERCENT)
    """Speed drop allowed in the medium band."""
    medium_speed_acceleration_delta: int = attrs.field(metadata=_PERCENT)
    """Speed gain allowed in the medium band."""
    low_speed_braking_delta: int = attrs.field(metadata=_PERCENT)
    """Speed drop allowed in the low band."""
    low_speed_acceleration_delta: int = attrs.field(metadata=_PERCENT)
    """Speed gain allowed in the low band."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HbmQl(_SpeedBands):
    """Queclink harsh behaviour monitoring."""

    TAG: ClassVar[str] = "hbm_ql"
    mode: Switch
    """Whether harsh driving events are detected."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HbmMsQl(_SpeedBands):
    """Queclink harsh behaviour monitoring with a motion sensor."""

    TAG: ClassVar[str] = "hbm_ms_ql"
    mode: Literal["disable", "gps_only", "motion_sensor_only", "gps_and_motion_sensor"]
    """What detects harsh behaviour."""
    turn_brake_threshold: int = attrs.field(metadata=rules(minimum=30, maximum=70))
    """The motion sensor's threshold for turns and braking."""
    turn_brake_duration: int = attrs.field(metadata=rules(minimum=320, maximum=800))
    """Milliseconds over the threshold for a turn or braking event."""
    acceleration_threshold: int = attrs.field(metadata=rules(minimum=15, maximum=50))
    """The motion sensor's threshold for acceleration."""
    acceleration_duration: int = attrs.field(metadata=rules(minimum=400, maximum=2000))
    """Milliseconds over the threshold for an acceleration event."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorBce:
    """BCE harsh driving detection."""

    TAG: ClassVar[str] = "harsh_behavior_bce"
    is_switched_off: bool
    """Whether detection is off."""
    acceleration_limit: float = attrs.field(metadata=_g(0.04, 3.0))
    """g allowed accelerating."""
    braking_limit: float = attrs.field(metadata=_g(0.04, 3.0))
    """g allowed braking."""
    cornering_limit: float = attrs.field(metadata=_g(0.04, 3.0))
    """g allowed cornering."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorConcoxX1:
    """Concox X1 harsh driving detection."""

    TAG: ClassVar[str] = "harsh_behavior_concox_x1"
    acc_speed: int = attrs.field(metadata=_PERCENT)
    """Speed gain of a harsh acceleration."""
    acc_detection_time: int = attrs.field(metadata=rules(minimum=0, maximum=10))
    """Seconds the speed gain is measured over."""
    braking_speed: int = attrs.field(metadata=_PERCENT)
    """Speed drop of a harsh braking."""
    braking_detection_time: int = attrs.field(metadata=rules(minimum=0, maximum=10))
    """Seconds the speed drop is measured over."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorTramigo(_Forces):
    """Tramigo harsh driving detection."""

    TAG: ClassVar[str] = "harsh_behavior_tramigo"
    max_acceleration_force: float = attrs.field(metadata=_g(0.1, 8.0))
    """g allowed accelerating."""
    max_braking_force: float = attrs.field(metadata=_g(0.1, 8.0))
    """g allowed braking."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HarshBehaviorRuptela:
    """Ruptela harsh driving detection."""

    TAG: ClassVar[str] = "harsh_behavior_ruptela"
    braking_limit: int = attrs.field(metadata=_PERCENT)
    """Braking allowed."""
    acceleration_limit: int = attrs.field(metadata=_PERCENT)
    """Acceleration allowed."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NimbelinkAccel(_Forces):
    """Nimbelink accelerometer thresholds."""

    TAG: ClassVar[str] = "nimbelink_accel"
    x: float = attrs.field(metadata=_g(0.0, 2.55))
    """g along the X axis."""
    y: float = attrs.field(metadata=_g(0.0, 2.55))
    """g along the Y axis."""
    z: float = attrs.field(metadata=_g(0.0, 2.55))
    """g along the Z axis."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StarcomImpact:
    """Starcom impact detection: a strong and a weak impact."""

    TAG: ClassVar[str] = "starcom_impact"
    strong_duration: int = attrs.field(metadata=rules(minimum=0, maximum=14))
    """Duration of a strong impact, in units of 2.5 ms."""
    strong_force: int = attrs.field(metadata=rules(minimum=1, maximum=7))
    """Force of a strong impact, in units of about 1.1 g."""
    strong_impact_enabled: bool
    """Whether strong impacts are detected."""
    weak_duration: int = attrs.field(metadata=rules(minimum=0, maximum=14))
    """Duration of a weak impact, in units of 2.5 ms."""
    weak_force: int = attrs.field(metadata=rules(minimum=1, maximum=7))
    """Force of a weak impact, in units of about 1.1 g."""
    weak_impact_enabled: bool
    """Whether weak impacts are detected."""
