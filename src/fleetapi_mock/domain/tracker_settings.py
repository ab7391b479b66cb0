"""What the tracker settings calls share: each tracker's stored settings and their defaults,
the tracking profiles the mock knows, the special settings a model supports, APN look-ups.

A tracker's settings live in ``world.tracker_settings`` (one record per tracker, made on its
first change); a part never changed answers its default. Trip detection is read by the track
calls too (:func:`fleetapi_mock.domain.track.splitting_of`): its defaults are the splitting's.
A tracking profile (the one the tracker's model's ``track_control`` names) says which fields a
tracker's tracking settings have, their limits, and their values before any change (the
profile's documented example).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from fleetapi._errors import InvalidParametersError, NotSupportedByDeviceError
from fleetapi._rules import EMAIL_PATTERN, number_from_text
from fleetapi.models.tracker_model import TrackerModel
from fleetapi.models.tracker_settings import SpecialSettings, TripDetectionSettings
from fleetapi.models.tracker_special_device import DddEmails
from fleetapi.models.tracker_special_engine import TowDetectionQl
from fleetapi_mock.domain.track import IDLE_SPEED, MIN_PARKING
from fleetapi_mock.state.records import MobileNetworkRecord, TrackerRecord, TrackerSettingsRecord
from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_LBS_RADIUS",
    "DEFAULT_TRIP_DETECTION",
    "PROFILES",
    "Profile",
    "ProfileField",
    "change_settings",
    "check_special",
    "check_tracking",
    "mobile_network",
    "model_of",
    "profile_of",
    "settings_of",
    "special_kinds",
]

DEFAULT_TRIP_DETECTION: Final = TripDetectionSettings(
    min_idle_duration_minutes=int(MIN_PARKING.total_seconds()) // 60,
    idle_speed_threshold=IDLE_SPEED,
    ignition_aware=False,
    motion_sensor_aware=False,
)
"""The trip detection of a tracker never changed: the track calls' own splitting."""
DEFAULT_LBS_RADIUS: Final = 300
"""Meters: the LBS radius of a tracker never changed (the documented read example)."""


@attrs.frozen
class ProfileField:
    """A field of a tracking profile: an integer within limits, a choice or a boolean."""

    kind: type
    """``int``, ``str`` (one of ``choices``) or ``bool``."""
    low: int = 0
    high: int = 2**31 - 1
    choices: tuple[str, ...] = ()

    def problem(self, value: Any) -> tuple[Any, str | None]:
        """The value as stored (an integer written as text read as one) and what is wrong."""
        if self.kind is bool:
            return value, None if isinstance(value, bool) else "must be a boolean"
        if self.kind is str:
            if value in self.choices:
                return value, None
            return value, "must be one of " + ", ".join(self.choices)
        number = number_from_text(value, integer=True) if isinstance(value, str) else value
        if not isinstance(number, int) or isinstance(number, bool):
            return value, "must be an integer"
        if not self.low <= number <= self.high:
            return number, f"must be from {self.low} to {self.high}"
        return number, None


def _int(low: int = 0, high: int = 2**31 - 1) -> ProfileField:
    return ProfileField(int, low, high)


def _choice(*choices: str) -> ProfileField:
    return ProfileField(str, choices=choices)


@attrs.frozen
class Profile:
    """A tracking profile: its fields and their documented example values."""

    fields: Mapping[str, ProfileField]
    example: Mapping[str, Any]


_GV = Profile(
    {
        "type": _choice("distance", "interval"),
        "tracking_interval": _int(),
        "tracking_distance": _int(),
        "tracking_angle": _int(),
        "psm_mode": _int(0, 2),
        "psm_interval": _int(),
    },
    {
        "type": "interval",
        "tracking_interval": 30,
        "tracking_distance": 100,
        "tracking_angle": 30,
        "psm_mode": 1,
        "psm_interval": 600,
    },
)

PROFILES: Final[Mapping[str, Profile]] = {
    "default": Profile(
        {
            "type": _choice("interval", "distance"),
            "tracking_interval": _int(),
            "tracking_distance": _int(),
        },
        {"type": "interval", "tracking_interval": 30, "tracking_distance": 100},
    ),
    "interval": Profile({"tracking_interval": _int(30)}, {"tracking_interval": 30}),
    "gv500": _GV,
    "gv55lite": _GV,
    "telfm": Profile(
        {
            "tracking_angle": _int(10, 255),
            "tracking_distance": _int(50, 65535),
            "tracking_interval": _int(30, 255),
            "on_stop_tracking_interval": _int(30, 65535),
            "sleep_mode": _choice("disabled", "soft_sleep"),
            "stop_detection": _choice("ignition", "g_sensor", "gps"),
        },
        {
            "tracking_angle": 30,
            "tracking_distance": 100,
            "tracking_interval": 60,
            "on_stop_tracking_interval": 180,
            "sleep_mode": "disabled",
            "stop_detection": "ignition",
        },
    ),
    "telfm5x": Profile(
        {
            "sleep_mode": _choice("disabled", "soft_sleep"),
            "sleep_timeout": _int(300, 2592000),
            "tracking_angle": _int(0, 180),
            "tracking_distance": _int(50, 65535),
            "tracking_interval": _int(30, 2592000),
        },
        {
            "sleep_mode": "disabled",
            "sleep_timeout": 300,
            "tracking_angle": 25,
            "tracking_distance": 50,
            "tracking_interval": 30,
        },
    ),
}
"""The tracking profiles the mock knows, by the name a model's ``track_control`` gives, with
the fields and limits of the service's documentation."""


def model_of(world: World, tracker: TrackerRecord) -> TrackerModel | None:
    """The catalogue's model of ``tracker`` (by its code), if the catalogue has it."""
    models = world.tracker_models
    return next((models[k] for k in sorted(models) if models[k].code == tracker.model), None)


def profile_of(world: World, tracker: TrackerRecord) -> Profile:
    """The tracking profile of ``tracker``'s model: 214 when it has none the mock knows."""
    model = model_of(world, tracker)
    control = None if model is None else model.track_control
    profile = PROFILES.get(control) if isinstance(control, str) else None
    if profile is None:
        raise NotSupportedByDeviceError(f"tracker {tracker.id} has no tracking settings")
    return profile


def settings_of(world: World, tracker_id: int) -> TrackerSettingsRecord:
    """What the settings calls changed of the tracker (nothing: an empty record)."""
    found = world.tracker_settings.get(tracker_id)
    return TrackerSettingsRecord(tracker_id=tracker_id) if found is None else found


def change_settings(world: World, tracker_id: int, **changes: Any) -> None:
    """Store a change of the tracker's settings (its record made on the first)."""
    world.tracker_settings[tracker_id] = attrs.evolve(settings_of(world, tracker_id), **changes)


def check_tracking(profile: Profile, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Tracking settings as stored (the profile's every field), or 7 naming every field that
    is unknown, missing, of another type or beyond its limits."""
    errors: list[dict[str, str]] = []
    stored: dict[str, Any] = {}
    for name, value in settings.items():
        field = profile.fields.get(name)
        if field is None:
            errors.append(_error(name, "not a field of the tracker's tracking profile"))
            continue
        stored[name], problem = field.problem(value)
        if problem is not None:
            errors.append(_error(name, problem))
    errors.extend(_error(name, "required") for name in profile.fields if name not in settings)
    if errors:
        raise InvalidParametersError(errors=errors)
    return stored


def _error(name: str, problem: str) -> dict[str, str]:
    return {"parameter": f"tracking_settings.{name}", "error": problem}


def special_kinds(world: World, tracker: TrackerRecord) -> list[str]:
    """The kinds of special settings ``tracker``'s model supports (its ``special_settings``
    but ``none``), in its order."""
    model = model_of(world, tracker)
    kinds = (
        []
        if model is None or not isinstance(model.special_settings, list)
        else model.special_settings
    )
    return [kind for kind in kinds if kind != "none"]


_EMAIL: Final = re.compile(EMAIL_PATTERN)
_STEPS: Final = {"rest_duration": 15, "motion_duration": 100}
"""The steps of the Queclink tow detections' durations."""


def check_special(value: SpecialSettings) -> None:
    """7 for what the types cannot say: valid addresses in ``ddd_emails``, the steps of the
    Queclink tow detections' durations."""
    errors = []
    if isinstance(value, DddEmails):
        for index, email in enumerate(value.emails):
            if not email or _EMAIL.fullmatch(email) is None:
                errors.append({"parameter": f"value.emails[{index}]", "error": "not an e-mail"})
    if isinstance(value, TowDetectionQl):
        for name, step in _STEPS.items():
            if getattr(value, name) % step:
                errors.append({"parameter": f"value.{name}", "error": f"not a multiple of {step}"})
    if errors:
        raise InvalidParametersError(errors=errors)


def mobile_network(world: World, phone: str) -> MobileNetworkRecord | None:
    """The mobile network of a phone number: the one with the longest prefix of its digits."""
    digits = "".join(c for c in phone if c.isdigit())
    best: tuple[int, MobileNetworkRecord] | None = None
    for network in world.mobile_networks:
        for prefix in network.prefixes:
            if digits.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), network)
    return None if best is None else best[1]
