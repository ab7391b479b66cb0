"""The real-time event stream (``event/subscription``, a WebSocket): the frames a client sends
(``subscribe``, ``unsubscribe``) and those the service pushes (responses, errors, events).

A subscription is one request of the ``requests`` list, told apart by its ``type``:
``state_batch``, ``state``, ``readings_batch`` or ``iot_monitor``. The deprecated form of the
frame (``trackers`` with ``events: ["state"]``) stands for a ``state`` request.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.tracker import TrackerState

__all__ = [
    "MAX_REQUESTS",
    "RATE_LIMIT_PATTERN",
    "RATE_LIMIT_UNITS",
    "EventFormat",
    "IotMonitorEvent",
    "IotMonitorSubscription",
    "LifecycleChange",
    "LifecycleEvent",
    "LogoutEvent",
    "ReadingsBatchEvent",
    "ReadingsBatchSubscription",
    "StateBatchEvent",
    "StateBatchSubscription",
    "StateEvent",
    "StateSubscription",
    "StreamEvent",
    "SubscriptionAction",
    "SubscriptionParams",
    "SubscriptionRequest",
    "SubscriptionStatus",
    "SubscriptionTarget",
]

EventFormat = Literal["full", "compact"]
"""How much of a tracker's state an event carries: all of it, or position and movement."""

SubscriptionStatus = Literal["normal", "blocked", "unknown", "disallowed"]
"""What a subscription answers for each tracker it names: ``normal`` (events follow),
``blocked`` (lifecycle events only, its state once unblocked), ``unknown`` (no such tracker for
this user), ``disallowed`` (the session may not watch it)."""

RATE_LIMIT_UNITS: dict[str, float] = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
"""The units of a batching period, in seconds."""
RATE_LIMIT_PATTERN = rf"^[0-9]{{1,6}}({'|'.join(RATE_LIMIT_UNITS)})$"
"""A batching period: a whole number and a unit (``500ms``, ``5s``, ``1m``, ``1h``)."""

_RATE_LIMIT = rules(pattern=RATE_LIMIT_PATTERN)
_IDS = rules(min_items=1, max_items=10_000)


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubscriptionTarget:
    """The trackers a batch subscription watches: ``all`` of the user's, or those
    ``selected`` by ``tracker_ids``."""

    type: Literal["all", "selected"]
    tracker_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=_IDS)
    """The trackers, for ``selected``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StateBatchSubscription:
    """Trackers' states in batches: every state at once, then the changed ones once per
    ``rate_limit``; for large fleets."""

    TAG: ClassVar[str] = "state_batch"

    type: Literal["state_batch"] = "state_batch"
    target: SubscriptionTarget
    rate_limit: str | Unset = attrs.field(default=UNSET, metadata=_RATE_LIMIT)
    """The batching period (``5s``); the service's own without it."""
    format: EventFormat | Unset = UNSET
    """``full`` (the default) or ``compact`` states."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StateSubscription:
    """Trackers' states one event each: every state at once, then each change as it comes;
    for small fleets."""

    TAG: ClassVar[str] = "state"

    type: Literal["state"] = "state"
    trackers: list[int] = attrs.field(metadata=_IDS)
    """The trackers' IDs."""
    format: EventFormat | Unset = UNSET
    """``full`` (the default) or ``compact`` states."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReadingsBatchSubscription:
    """Trackers' sensor readings in batches: all at once, then what changed, at most once per
    ``rate_limit``."""

    TAG: ClassVar[str] = "readings_batch"

    type: Literal["readings_batch"] = "readings_batch"
    target: SubscriptionTarget
    rate_limit: str | Unset = attrs.field(default=UNSET, metadata=_RATE_LIMIT)
    """The batching period (``5s``)."""
    sensor_type: str | Unset = UNSET
    """Only sensors of this metering or virtual type (states and counters are then left out)."""
    include_components: bool | Unset = UNSET
    """Whether parts of composite sensors are included (true by default)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class IotMonitorSubscription:
    """The attribute values of trackers' latest messages (the Data Stream Analyzer), at most
    ten trackers."""

    TAG: ClassVar[str] = "iot_monitor"

    type: Literal["iot_monitor"] = "iot_monitor"
    target: SubscriptionTarget
    rate_limit: str | Unset = attrs.field(default=UNSET, metadata=_RATE_LIMIT)
    """The batching period (``5s``)."""


SubscriptionRequest = (
    StateBatchSubscription | StateSubscription | ReadingsBatchSubscription | IotMonitorSubscription
)
"""One subscription of a ``subscribe`` or ``unsubscribe`` frame, told apart by ``type``."""

tagged_union(SubscriptionRequest, tag="type")


MAX_REQUESTS = 100
"""The most subscriptions one frame may list (the service has five types)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubscriptionParams:
    """What a client subscribes to: the subscriptions of a ``subscribe`` frame."""

    requests: list[SubscriptionRequest] = attrs.field(
        metadata=rules(min_items=1, max_items=MAX_REQUESTS)
    )
    """The subscriptions, at most one of each type."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubscriptionAction:
    """A frame the client sends: subscribe to events, or unsubscribe from them.

    ``requests`` lists the subscriptions; the deprecated ``trackers`` with ``events:
    ["state"]`` stands for one ``state`` subscription of those trackers.
    """

    action: Literal["subscribe", "unsubscribe"]
    hash: str = attrs.field(repr=False)
    """A session hash or an API key (32 characters)."""
    requests: list[SubscriptionRequest] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=MAX_REQUESTS)
    )
    trackers: list[int] | Unset = attrs.field(default=UNSET, metadata=_IDS)
    """Deprecated: the trackers of a ``state`` subscription."""
    events: list[Literal["state"]] | Unset = UNSET
    """Deprecated: ``["state"]``."""

    def subscriptions(self) -> list[Any]:
        """The subscriptions the frame asks for, the deprecated form as its ``state`` one."""
        if self.requests is not UNSET:
            return list(self.requests)
        if self.trackers is not UNSET:
            return [StateSubscription(trackers=list(self.trackers))]
        return []


# --- What the service pushes ------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class _Pushed:
    """What every event frame has: its ``type``."""

    type: str = "event"


@attrs.frozen(kw_only=True, weakref_slot=False)
class _Timed(_Pushed):
    """An event frame that tells the user's time."""

    user_time: dt.datetime | Unset = UNSET
    """The user's current time."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StateEvent(_Timed):
    """A tracker's state: at once for each tracker of a ``state`` subscription, then at each
    change (``data`` holds the compact fields only in the ``compact`` format)."""

    TAG: ClassVar[str] = "state"

    event: Literal["state"] = "state"
    data: TrackerState


@attrs.frozen(kw_only=True, weakref_slot=False)
class StateBatchEvent(_Timed):
    """Trackers' states: all of them first, then those that changed, once per period."""

    TAG: ClassVar[str] = "state_batch"

    event: Literal["state_batch"] = "state_batch"
    data: list[TrackerState]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReadingsBatchEvent(_Timed):
    """Trackers' sensor readings that changed (objects of ``tracker/readings/batch_list``)."""

    TAG: ClassVar[str] = "readings_batch"

    event: Literal["readings_batch"] = "readings_batch"
    data: list[dict[str, Any]]


@attrs.frozen(kw_only=True, weakref_slot=False)
class IotMonitorEvent(_Pushed):
    """The attribute values of trackers' latest messages (``iot_last_values``)."""

    TAG: ClassVar[str] = "iot_monitor"

    event: Literal["iot_monitor"] = "iot_monitor"
    data: dict[str, Any]


@attrs.frozen(kw_only=True, weakref_slot=False)
class LifecycleChange:
    """What happened to a tracker: ``block``, ``unblock`` or ``corrupt`` (removed)."""

    source_id: int
    """The tracker's device (source) ID, not its tracker ID."""
    lifecycle_event: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class LifecycleEvent(_Pushed):
    """A tracker of a subscription was blocked, unblocked or removed."""

    TAG: ClassVar[str] = "lifecycle"

    event: Literal["lifecycle"] = "lifecycle"
    data: LifecycleChange


@attrs.frozen(kw_only=True, weakref_slot=False)
class LogoutEvent(_Pushed):
    """The credential's session ended (logged out, expired, password changed...): the
    subscriptions ended with it."""

    TAG: ClassVar[str] = "logout"

    event: Literal["logout"] = "logout"
    data: str = "session closed"


StreamEvent = (
    StateEvent
    | StateBatchEvent
    | ReadingsBatchEvent
    | IotMonitorEvent
    | LifecycleEvent
    | LogoutEvent
)
"""An event frame of the stream, told apart by its ``event`` key."""

tagged_union(StreamEvent, tag="event")
