"""Trackers: the minimal tracker group (``tracker/list|read|get_state|get_states``)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng

__all__ = [
    "AdditionalState",
    "ConnectionStatus",
    "GpsState",
    "GsmState",
    "MovementStatus",
    "TagBinding",
    "Tracker",
    "TrackerListParams",
    "TrackerReadParams",
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
    """Parameters of ``tracker/read`` and ``tracker/get_state``."""

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
