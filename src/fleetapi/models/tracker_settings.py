"""A tracker's settings: ``tracker/settings/*``, ``tracker/apn_settings/read`` and
``apn_settings/read``, as the service documents them.

Beside its label and group, a tracker has a tracking mode (fields of its model's tracking
profile, from ``tracking_interval`` to ``sleep_mode``), trip detection (when it stands idle, which
splits its track into trips), the largest radius of its LBS points, and the special settings its
model supports, each told apart by its ``type`` (:data:`SpecialSettings`). The APN settings of
its SIM card are those of its phone number's mobile network.
"""

from __future__ import annotations

import builtins
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.tracker_special_device import (
    PHONE_PATTERN,
    AutofonSmsAlerts,
    BceTachoControl,
    CallButton,
    CallButtonsV40,
    CareuPsm,
    ChargingGmt100,
    DddEmails,
    DigitalPassword,
    ElectronicLockPassword,
    GalileoTachoControl,
    GuardModeYatut,
    HhdLockPassword,
    HuaShengVibrationSensitivity,
    JointechLockPassword,
    LocusSec,
    PhonebookGt300,
    PhonebookPt100,
    PwrOffKey,
    ScatMayakBtControl,
    SosKey,
    TachoCompanyCard,
    TachoRemoteDownload,
    TeltonikaTachoRequest,
    TemporaryDigitalPassword,
    TimeShift,
    VgLockPassword,
    VideoStreamHowen,
)
from fleetapi.models.tracker_special_driving import (
    CastelAlarms,
    GalileoHds,
    HarshBehaviorBce,
    HarshBehaviorConcoxX1,
    HarshBehaviorHuaSheng,
    HarshBehaviorRuptela,
    HarshBehaviorSuntech,
    HarshBehaviorTramigo,
    HbmMsQl,
    HbmQl,
    HbmTelfm,
    HbmTelfm5x,
    NimbelinkAccel,
    StarcomImpact,
)
from fleetapi.models.tracker_special_engine import (
    AutoGeofenceTelfm,
    CastelObd,
    EngineControlAtrack,
    FccTelfm,
    IgnRuptela,
    IgnSrcSuntech,
    IgnSrcTelfm,
    NoMovementAlarm,
    TowDetectionQl,
    TowDetectionQl2,
    TowDetectionTelfm,
    VirtualIgnQl,
)

__all__ = [
    "TRACKER_LABEL",
    "ApnSettings",
    "ApnSettingsReadParams",
    "LbsSettingsUpdateParams",
    "SpecialSettings",
    "SpecialSettingsAnswer",
    "SpecialSettingsReadParams",
    "SpecialSettingsType",
    "SpecialSettingsUpdateParams",
    "TrackerSettings",
    "TrackerSettingsUpdateParams",
    "TrackingSettingsUpdateParams",
    "TripDetectionSettings",
    "TripDetectionUpdateParams",
]

TRACKER_LABEL = rules(not_blank=True, max_length=60, printable=True, forbid="<>")
"""A tracker's label: 1 to 60 printable characters, without ``<`` or ``>``."""

SpecialSettings = (
    ElectronicLockPassword
    | HhdLockPassword
    | JointechLockPassword
    | VgLockPassword
    | AutofonSmsAlerts
    | AutoGeofenceTelfm
    | BceTachoControl
    | CallButton
    | CallButtonsV40
    | CareuPsm
    | CastelAlarms
    | CastelObd
    | ChargingGmt100
    | DddEmails
    | DigitalPassword
    | FccTelfm
    | GalileoTachoControl
    | GalileoHds
    | HarshBehaviorHuaSheng
    | HbmTelfm
    | HbmTelfm5x
    | HbmQl
    | HbmMsQl
    | HarshBehaviorBce
    | HarshBehaviorConcoxX1
    | HarshBehaviorTramigo
    | HarshBehaviorRuptela
    | NimbelinkAccel
    | HuaShengVibrationSensitivity
    | IgnRuptela
    | IgnSrcSuntech
    | IgnSrcTelfm
    | LocusSec
    | PhonebookGt300
    | PhonebookPt100
    | PwrOffKey
    | ScatMayakBtControl
    | SosKey
    | StarcomImpact
    | TachoCompanyCard
    | TachoRemoteDownload
    | TeltonikaTachoRequest
    | TemporaryDigitalPassword
    | TimeShift
    | TowDetectionQl
    | TowDetectionQl2
    | TowDetectionTelfm
    | VideoStreamHowen
    | VirtualIgnQl
    | NoMovementAlarm
    | EngineControlAtrack
    | GuardModeYatut
    | HarshBehaviorSuntech
)
"""A tracker's special settings of one kind, told apart by its ``type`` key (the classes'
``TAG``): those of the documentation's special settings and of its specific portlets."""

tagged_union(SpecialSettings, tag="type")

SpecialSettingsType = Literal[
    "electronic_lock_password",
    "hhd_lock_password",
    "jointech_lock_password",
    "vg_lock_password",
    "autofon_sms_alerts",
    "auto_geofence_telfm",
    "bce_tacho_control",
    "call_button",
    "call_buttons_v40",
    "careu_psm",
    "castel_alarms",
    "castel_obd",
    "charging_gmt100",
    "ddd_emails",
    "digital_password",
    "fcc_telfm",
    "galileo_tacho_control",
    "galileo_hds",
    "harsh_behavior_hua_sheng",
    "hbm_telfm",
    "hbm_telfm5x",
    "hbm_ql",
    "hbm_ms_ql",
    "harsh_behavior_bce",
    "harsh_behavior_concox_x1",
    "harsh_behavior_tramigo",
    "harsh_behavior_ruptela",
    "nimbelink_accel",
    "hua_sheng_vibration_sensitivity",
    "ign_ruptela",
    "ign_src_suntech",
    "ign_src_telfm",
    "locus_sec",
    "phonebook_gt300",
    "phonebook_pt100",
    "pwr_off_key",
    "scat_mayak_bt_control",
    "sos_key",
    "starcom_impact",
    "tacho_company_card",
    "tacho_remote_download",
    "teltonika_tacho_request",
    "temporary_digital_password",
    "time_shift",
    "tow_detection_ql",
    "tow_detection_ql2",
    "tow_detection_telfm",
    "video_stream_howen",
    "virtual_ign_ql",
    "no_movement_alarm",
    "engine_control_atrack",
    "guard_mode_yatut",
    "harsh_behavior_suntech",
]
"""The kinds of special settings: the ``TAG`` of each member of :data:`SpecialSettings`."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerSettings:
    """A tracker's base settings (``tracker/settings/read``)."""

    label: str
    """The tracker's label (``Courier``)."""
    group_id: int
    """Its tracker group; 0: the default group (none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerSettingsUpdateParams:
    """Parameters of ``tracker/settings/update``."""

    tracker_id: int
    """The tracker."""
    group_id: int = attrs.field(metadata=rules(minimum=0))
    """Its tracker group, one of the account's; 0: the default group (none)."""
    label: str = attrs.field(metadata=TRACKER_LABEL)
    """Its new label: 1 to 60 printable characters, without ``<`` or ``>``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackingSettingsUpdateParams:
    """Parameters of ``tracker/settings/tracking/update``."""

    tracker_id: int
    """The tracker."""
    tracking_settings: dict[str, Any]
    """Its tracking settings, whole: the fields of its model's tracking profile
    (``tracking_interval``, ``tracking_distance``, ``tracking_angle``...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TripDetectionSettings:
    """When a tracker stands idle, which ends its trip (``tracker/settings/trip_detection``)."""

    min_idle_duration_minutes: int = attrs.field(metadata=rules(minimum=1, maximum=1440))
    """Minutes the tracker stands idle before its trip ends."""
    idle_speed_threshold: int = attrs.field(metadata=rules(minimum=0, maximum=200))
    """km/h below which the tracker is idle; 0: never idle."""
    ignition_aware: bool
    """Whether the ignition tells a trip too (off: idle)."""
    motion_sensor_aware: bool
    """Whether the motion sensor tells a trip too."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TripDetectionUpdateParams(TripDetectionSettings):
    """Parameters of ``tracker/settings/trip_detection/update``."""

    tracker_id: int
    """The tracker."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LbsSettingsUpdateParams:
    """Parameters of ``tracker/settings/lbs/update``."""

    tracker_id: int
    """The tracker."""
    max_radius: int = attrs.field(metadata=rules(minimum=0, maximum=10000))
    """The largest radius of its LBS points, in meters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SpecialSettingsReadParams:
    """Parameters of ``tracker/settings/special/read``."""

    tracker_id: int
    """The tracker."""
    type: SpecialSettingsType | Unset = UNSET
    """The kind of special settings to read; left out: every kind its model has."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SpecialSettingsAnswer:
    """The result of ``tracker/settings/special/read``: ``value`` when a ``type`` was asked
    for, else ``list``."""

    value: SpecialSettings | Unset = UNSET
    """The settings of the kind asked for."""
    list: builtins.list[SpecialSettings] | Unset = UNSET
    """The settings of every kind the tracker's model has."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SpecialSettingsUpdateParams:
    """Parameters of ``tracker/settings/special/update``."""

    tracker_id: int
    """The tracker."""
    value: SpecialSettings
    """The settings of one kind, whole (its ``type`` says which)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApnSettings:
    """The APN (access point name) a device's SIM card connects through."""

    name: str
    """The access point's name (``internet``)."""
    user: str
    """Its user name (often empty)."""
    password: str
    """Its password (often empty)."""
    operator_name: str | Unset = UNSET
    """The mobile network's operator (``apn_settings/read`` answers it)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApnSettingsReadParams:
    """Parameters of ``apn_settings/read``."""

    phone: str = attrs.field(metadata=rules(pattern=PHONE_PATTERN))
    """A device's phone number, international without ``+`` (10 to 15 digits)."""
