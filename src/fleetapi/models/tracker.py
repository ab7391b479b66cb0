"""Trackers: the minimal tracker group (``tracker/list|read|get_state|get_states``)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng

__all__ = [
    "ConnectionStatus",
    "GpsState",
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
    "signal_lost", "just_registered", "just_connected", "offline", "idle", "active"
]
MovementStatus = Literal["moving", "stopped", "parked"]


@attrs.frozen(kw_only=True)
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


@attrs.frozen(kw_only=True)
class TagBinding:
    """A tag bound to an entity, with its display order."""

    tag_id: int
    ordinal: int


@attrs.frozen(kw_only=True)
class Tracker:
    """A tracker: the account's view of one device."""

    id: int
    label: str
    clone: bool = False
    group_id: int = 0
    avatar_file_name: str | None = None
    source: TrackerSource
    tag_bindings: list[TagBinding] = attrs.Factory(list)


@attrs.frozen(kw_only=True)
class GpsState:
    """The last GPS fix of a tracker."""

    updated: dt.datetime | None = None
    signal_level: int | None = None
    location: LatLng | None = None
    heading: int = 0
    speed: int = 0
    alt: int = 0


@attrs.frozen(kw_only=True)
class TrackerState:
    """The current state of a tracker (``tracker/get_state``)."""

    source_id: int
    gps: GpsState
    connection_status: ConnectionStatus
    movement_status: MovementStatus
    last_update: dt.datetime | None = None
    battery_level: int | None = None


@attrs.frozen(kw_only=True)
class TrackerListParams:
    """Parameters of ``tracker/list``."""

    labels: list[str] | Unset = UNSET
    """Only trackers whose label contains one of these substrings."""


@attrs.frozen(kw_only=True)
class TrackerReadParams:
    """Parameters of ``tracker/read`` and ``tracker/get_state``."""

    tracker_id: int


@attrs.frozen(kw_only=True)
class TrackerStatesParams:
    """Parameters of ``tracker/get_states``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    list_blocked: bool | Unset = UNSET
    """Also report blocked trackers (default false: they go to ``blocked``)."""
    allow_not_exist: bool | Unset = UNSET
    """Report unknown IDs in ``not_exist`` instead of failing with 217 (default false)."""


@attrs.frozen(kw_only=True)
class TrackerStates:
    """The result of ``tracker/get_states``."""

    states: dict[str, TrackerState]
    """Keyed by tracker ID (a string on the wire)."""
    blocked: list[int] = attrs.Factory(list)
    not_exist: list[int] = attrs.Factory(list)
