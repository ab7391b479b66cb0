"""Rules (``tracker/rule/*``), as the service documents them: the conditions on which the
platform records events of trackers and notifies the user (a geofence entered, a speed limit
passed, a parking started...)."""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union

__all__ = [
    "FixedInterval",
    "NewRule",
    "Rule",
    "RuleAlerts",
    "RuleBindParams",
    "RuleCreateParams",
    "RuleDeleteParams",
    "RuleListParams",
    "RuleType",
    "RuleUpdateParams",
    "ScheduleInterval",
    "WeekTime",
    "WeeklyInterval",
]

RuleType = Literal[
    "alarmcontrol", "antenna_disconnect", "auto_geofence", "autocontrol", "backup_battery_low",
    "battery_off", "bracelet", "call_button_pressed", "case_intrusion", "check_engine_light",
    "crash_alarm", "cruise_control", "detach", "distance_control", "door_alarm",
    "driver_assistance", "driver_change", "driver_distraction", "driver_enter_absence",
    "driver_identification", "excessive_driving", "excessive_parking",
    "external_device_connection", "fatigue_driving", "fuel_level_leap", "g_sensor", "gps_damp",
    "gps_lost_recover", "gsm_damp", "harsh_driving", "hood_alarm", "idling_soft", "idling",
    "ignition", "inoutzone", "input_change", "light_sensor", "location_response",
    "locking_unlocking", "lowpower", "no_movement", "obd_plug_unplug", "offline", "on_off",
    "output_change", "over_speed_reported", "parking", "poweron", "proximity_violation",
    "route", "sensor_range", "sos", "speedup", "state_field_control", "strap_bolt",
    "task_status_change", "track_change", "vibration", "work_status_change",
]  # fmt: skip
"""The rule types of the service's documentation. The mock makes the events of
``inoutzone``, ``speedup``, ``track_change``, ``input_change``, ``task_status_change``,
``work_status_change``, ``output_change`` and ``location_response`` from what happens in the
world; rules of the other types are kept and listed."""

_TIME = rules(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$")
_TEXT = rules(max_length=1024)


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleAlerts:
    """Where a rule's notifications go."""

    sms_phones: list[str] = attrs.Factory(list)
    phones: list[str] = attrs.Factory(list)
    """Phones for voice calls."""
    emails: list[str] = attrs.Factory(list)
    push_enabled: bool = False
    emergency: bool | Unset = UNSET
    """Notifications marked as emergencies (color and sound)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WeekTime:
    """A moment of the week, in the user's time zone."""

    weekday: int = attrs.field(metadata=rules(minimum=1, maximum=7))
    """1 is Monday, 7 Sunday."""
    time: str = attrs.field(metadata=_TIME)
    """``HH:MM:SS``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WeeklyInterval:
    """A weekly window when the rule works (``{"type": "weekly", ...}``)."""

    TAG: ClassVar[str] = "weekly"

    from_: WeekTime
    to: WeekTime
    interval_id: int | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class FixedInterval:
    """A period when the rule works (``{"type": "fixed", ...}``)."""

    TAG: ClassVar[str] = "fixed"

    from_: dt.datetime
    to: dt.datetime
    interval_id: int | Unset = UNSET


ScheduleInterval = WeeklyInterval | FixedInterval
"""A window of a rule's schedule, told apart by its ``type`` key."""

tagged_union(ScheduleInterval, tag="type")


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewRule:
    """A rule without its ID: the ``rule`` of ``tracker/rule/create``."""

    name: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    type: RuleType
    description: str = attrs.field(default="", metadata=_TEXT)
    zone_ids: list[int] = attrs.Factory(list)
    """The zones where the rule works (empty: everywhere); the zones an ``inoutzone`` rule
    watches (at least one) or the route (sausage) zone of a ``route`` rule."""
    trackers: list[int] = attrs.Factory(list)
    """The trackers bound to the rule."""
    primary_text: str = attrs.field(default="", metadata=_TEXT)
    """The text of the rule's first event (entering a zone, speeding, parking...)."""
    secondary_text: str = attrs.field(default="", metadata=_TEXT)
    """The text of its second event (leaving a zone, movement starting...)."""
    param: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0, blank=True))
    """The type's number: the speed limit of ``speedup`` (km/h)..."""
    alerts: RuleAlerts = attrs.Factory(RuleAlerts)
    suspended: bool | Unset = attrs.field(default=UNSET, metadata=rules(blank=True))
    """A suspended rule makes no events (default false)."""
    schedule: list[ScheduleInterval] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=100)
    )
    """When the rule works (always without one)."""
    extended_params: dict[str, Any] | Unset = UNSET
    """The type's own settings (``zone_limit_inverted``, ``statuses``, ``emergency``...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Rule(NewRule):
    """A rule of the user's account."""

    id: int
    auto_created: bool = False
    zone_id: int = 0
    """The first of ``zone_ids``, 0 without one (the older single-zone form)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleListParams:
    """Parameters of ``tracker/rule/list``."""

    tracker_id: int | Unset = UNSET
    """Only the rules bound to this tracker."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleCreateParams:
    """Parameters of ``tracker/rule/create``."""

    rule: NewRule
    """The new rule: type, trackers, zones, alerts, schedule."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleUpdateParams:
    """Parameters of ``tracker/rule/update``: the whole rule, named by its ``id``."""

    rule: Rule
    """The rule with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleDeleteParams:
    """Parameters of ``tracker/rule/delete``."""

    rule_id: int
    """The rule."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleBindParams:
    """Parameters of ``tracker/rule/bind`` and ``unbind``."""

    rule_id: int
    """The rule."""
    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Trackers that are not the caller's are ignored."""
