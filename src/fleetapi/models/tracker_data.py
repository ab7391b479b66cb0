"""A tracker's data beyond its state (``tracker/get_last_gps_point``, ``get_inputs``,
``get_outputs`` and their batch forms, ``tracker/tags/set``), as the service documents them."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.tracker import TagBinding

__all__ = [
    "MAX_BATCH_TRACKERS",
    "InputState",
    "InputType",
    "Inputs",
    "LastGpsPoint",
    "OutputInfo",
    "TrackerInputs",
    "TrackerTagsSetParams",
    "TrackersParams",
]

MAX_BATCH_TRACKERS = 2000
"""The most trackers one batch call reads (the limit ``tracker/get_states`` documents)."""

InputType = Literal[
    "ignition", "engine", "mass", "car_alarm", "sos_button", "hood", "door", "car_lock", "custom"
]
"""What a semantic input means."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackersParams:
    """Parameters of the batch calls: the trackers to read."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Each the caller's and not blocked; at most
    :data:`~fleetapi.models.tracker_data.MAX_BATCH_TRACKERS` (221 beyond)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LastGpsPoint:
    """A tracker's last point located by GPS (``tracker/get_last_gps_point``)."""

    get_time: dt.datetime
    heading: int
    lat: float
    lng: float
    satellites: int
    speed: int
    """km/h."""
    precision: int | Unset = UNSET
    """Meters; answered when the device tells."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class InputState:
    """A semantic input (ignition, a door...) and the digital input it is bound to."""

    type: InputType
    name: str | None = None
    """The user's name for it, or null."""
    status: bool
    input_number: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class Inputs:
    """A tracker's digital inputs and the semantic inputs bound to them."""

    inputs: list[bool]
    """Input 1 first."""
    states: list[InputState]
    update_time: dt.datetime | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerInputs(Inputs):
    """The answer of ``tracker/get_inputs``."""

    user_time: dt.datetime | Unset = UNSET
    """The user's current time (the mock answers it every time)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class OutputInfo:
    """One digital output of a tracker."""

    number: int = attrs.field(metadata=rules(minimum=1))
    """The output, from 1."""
    title: str = attrs.field(metadata=rules(max_length=100, printable=True))
    """The user's name for it (``OUT1`` unless named otherwise)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerTagsSetParams:
    """Parameters of ``tracker/tags/set``: the tracker's tags, replacing those it had."""

    tracker_id: int
    """The tracker."""
    tag_bindings: list[TagBinding] = attrs.field(metadata=rules(max_items=100))
    """Tags of the account, each with its display ``ordinal``."""
