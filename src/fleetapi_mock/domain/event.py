"""The subscriptions of the event stream (``event/subscription``): what each watches, what it
answers for each tracker, and the events the world's changes make for it.

A connection holds a :class:`Subscriber`: at most one subscription of each type (subscribing
again replaces it). Each subscription remembers the tracker record it last told of: records are
frozen and replaced on every change, so a record that is not the one told of is a change
(a position fed, a tracker blocked, unblocked or removed). Nothing here waits or sends: the web
layer (:mod:`fleetapi_mock.web.stream`) asks :meth:`Subscriber.collect` for the frames due,
holding the world's lock.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import attrs

from fleetapi._converter import converter_for
from fleetapi._formats import format_datetime
from fleetapi._types import UNSET
from fleetapi.endpoints.tracker import TRACKER_GET_STATES
from fleetapi.models.event import (
    RATE_LIMIT_PATTERN,
    RATE_LIMIT_UNITS,
    IotMonitorSubscription,
    ReadingsBatchSubscription,
    StateBatchSubscription,
    StateSubscription,
)
from fleetapi_mock.domain.context import Context, TimeWriter
from fleetapi_mock.domain.sensor import tracker_readings
from fleetapi_mock.domain.tracker import state_json
from fleetapi_mock.domain.tracker_command import confirm_due_commands
from fleetapi_mock.state.records import TrackerRecord, UserRecord
from fleetapi_mock.state.world import World

__all__ = [
    "COMPACT_FIELDS",
    "DEFAULT_RATE_LIMIT",
    "KEPT_TIMES",
    "Subscriber",
    "Subscription",
    "rate_limit_of",
]

DEFAULT_RATE_LIMIT = dt.timedelta(seconds=1)
"""The batching period of a batch subscription that names none."""

COMPACT_FIELDS = (
    "source_id",
    "gps",
    "connection_status",
    "movement_status",
    "movement_status_update",
    "ignition",
    "ignition_update",
    "last_update",
)
"""The fields of a state in the ``compact`` format, as the service's sample shows them."""


def rate_limit_of(text: str | None) -> dt.timedelta:
    """The batching period of ``rate_limit`` (``5s``): :data:`DEFAULT_RATE_LIMIT` when absent."""
    if not text:
        return DEFAULT_RATE_LIMIT
    match = re.fullmatch(RATE_LIMIT_PATTERN, text)
    if match is None:
        raise ValueError(f"not a timespan: {text!r}")
    unit = match[1]
    return dt.timedelta(seconds=int(text[: -len(unit)]) * RATE_LIMIT_UNITS[unit])


@attrs.define(kw_only=True)
class Subscription:
    """One subscription of a connection: its type, trackers, format and batching."""

    type: str
    trackers: tuple[int, ...] | None
    """The trackers named; ``None`` for every tracker of the user (target ``all``)."""
    compact: bool = False
    period: dt.timedelta | None = None
    """The batching period (world time); ``None`` sends each change as it comes."""
    told: dict[int, TrackerRecord | None] = attrs.Factory(dict)
    """The record each tracker's last event told of (``None``: told it is gone)."""
    pending: set[int] = attrs.Factory(set)
    """Trackers changed since the last batch."""
    sent_at: dt.datetime | None = None
    """World time of the last batch (``None``: the first packet is due)."""
    sensor_type: str | None = None
    """``readings_batch``: only sensors of this type (states and counters left out)."""
    include_components: bool = True
    """``readings_batch``: whether parts of composite sensors are included."""
    readings: dict[int, dict[tuple[str, Any], Any]] = attrs.Factory(dict)
    """``readings_batch``: each reading last told of, by tracker, then by list and key."""
    modified: dict[int, dict[tuple[str, Any], Any]] = attrs.Factory(dict)
    """``readings_batch``: readings changed since the last batch, by tracker."""
    sensors_seen: tuple[int, int] = (0, -1)
    """``readings_batch``: the sensor table (its identity and version) last looked at."""


def _ids(target: Any) -> tuple[int, ...] | None:
    if target.type == "all":
        return None
    return tuple(dict.fromkeys(target.tracker_ids or ()))


def subscription_of(request: Any) -> Subscription:
    """The :class:`Subscription` a validated request of a ``subscribe`` frame asks for."""
    if isinstance(request, StateSubscription):
        return Subscription(
            type="state", trackers=tuple(dict.fromkeys(request.trackers)), compact=_compact(request)
        )
    if isinstance(request, StateBatchSubscription):
        return Subscription(
            type="state_batch",
            trackers=_ids(request.target),
            compact=_compact(request),
            period=rate_limit_of(_text(request.rate_limit)),
        )
    if isinstance(request, ReadingsBatchSubscription):
        return Subscription(
            type="readings_batch",
            trackers=_ids(request.target),
            period=rate_limit_of(_text(request.rate_limit)),
            sensor_type=_text(request.sensor_type),
            include_components=request.include_components is not False,
        )
    if isinstance(request, IotMonitorSubscription):
        return Subscription(
            type=request.type,
            trackers=_ids(request.target),
            period=rate_limit_of(_text(request.rate_limit)),
        )
    raise TypeError(f"not a subscription request: {request!r}")


def _compact(request: Any) -> bool:
    return bool(request.format == "compact")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


KEPT_TIMES = 16_384
"""The date/times a connection keeps written in its user's zone, from batch to batch (a
tracker's battery, inputs or network times that did not change since its last report): about
2.5 MB at most."""


@attrs.define(kw_only=True)
class Subscriber:
    """A connection's subscriptions, for the user its credential names."""

    user_id: int
    credential: str = attrs.field(repr=False)
    subscriptions: dict[str, Subscription] = attrs.Factory(dict)
    _writer: tuple[tuple[str, bool], TimeWriter] | None = attrs.field(
        default=None, init=False, repr=False, eq=False
    )
    """The time writer of the events' date/times, and the user's zone and mode it writes in."""

    def context(self, world: World) -> Context | None:
        """A context for the subscriber's user (``None``: the user is gone)."""
        user = world.users.get(self.user_id)
        if user is None:
            return None
        return Context(world=world, endpoint=TRACKER_GET_STATES, user=user)

    def time_writer(self, ctx: Context) -> TimeWriter:
        """The writer of the date/times of the events for ``ctx``'s user
        (:meth:`Context.time_writer`), kept from batch to batch while the user's time zone
        stays (a tracker's times that did not change since its last report are written
        once), made again when it changes."""
        key = (ctx.require_user().time_zone, ctx.iso)
        if self._writer is None or self._writer[0] != key:
            self._writer = (key, ctx.time_writer(keep=KEPT_TIMES))
        return self._writer[1]

    def statuses(self, world: World, subscription: Subscription) -> dict[str, str]:
        """What the subscription answers for each tracker it names (every tracker of the user
        for ``all``): ``normal``, ``blocked``, ``unknown`` or ``disallowed``."""
        user = world.users[self.user_id]
        if subscription.trackers is None:
            return {str(r.id): _status(r) for r in world.trackers_visible_to(user)}
        return {str(i): _named_status(world, user, i) for i in subscription.trackers}

    def watched(self, world: World, subscription: Subscription) -> list[int]:
        """The trackers whose events the subscription delivers: those it may see."""
        user = world.users[self.user_id]
        if subscription.trackers is None:
            return [r.id for r in world.trackers_visible_to(user)]
        visible = {r.id for r in world.trackers_visible_to(user)}
        return [i for i in subscription.trackers if i in visible]

    def collect(self, world: World, *, first: bool = False) -> list[dict[str, Any]]:
        """The event frames due now: each subscription's changes since it last told, batched
        per its period of world time (at once while the clock is frozen); ``first``: the
        first packet of a subscription just made."""
        ctx = self.context(world)
        if ctx is None:
            return []
        confirm_due_commands(world)
        frames: list[dict[str, Any]] = []
        now = world.now()
        write = self.time_writer(ctx)
        for subscription in self.subscriptions.values():
            lifecycle, changed = self._review(world, subscription)
            frames.extend(lifecycle)
            compact = subscription.compact
            if subscription.type == "state":
                frames.extend(
                    _event("state", ctx, state_json(ctx, world.trackers[i], compact, write))
                    for i in changed
                )
                continue
            if subscription.type == "readings_batch":
                watched = self.watched(world, subscription)
                changed = _modified_readings(ctx, watched, changed, subscription)
            subscription.pending.update(changed)
            due = (
                subscription.sent_at is None
                or not world.clock.running
                or subscription.period is None
                or now - subscription.sent_at >= subscription.period
            )
            if subscription.sent_at is None or (due and subscription.pending):
                data = _batch(ctx, subscription, write)
                subscription.pending.clear()
                subscription.sent_at = now
                if subscription.type == "iot_monitor":
                    frames.append({"type": "event", "event": "iot_monitor", "data": data})
                elif data or first:
                    frames.append(_event(subscription.type, ctx, data))
        return frames

    def next_batch(self, world: World) -> float | None:
        """Seconds (of world time, which a running clock counts as real ones) until a batch
        with changes waiting is due; ``None`` when none waits."""
        waits = [
            (s.period - (world.now() - s.sent_at)).total_seconds()
            for s in self.subscriptions.values()
            if s.pending and s.period is not None and s.sent_at is not None
        ]
        return min(waits) if waits else None

    def _review(
        self, world: World, subscription: Subscription
    ) -> tuple[list[dict[str, Any]], list[int]]:
        """The ``lifecycle`` events of the trackers told of before (blocked, unblocked,
        removed) and the unblocked trackers whose record is not the one last told of."""
        lifecycle: list[dict[str, Any]] = []
        changed: list[int] = []
        for tracker_id in dict.fromkeys([*subscription.told, *self.watched(world, subscription)]):
            record = world.trackers.get(tracker_id)
            told = subscription.told.get(tracker_id)
            if record is None:
                if told is not None:
                    lifecycle.append(_lifecycle_event(told.source_id, "corrupt"))
                    subscription.told[tracker_id] = None
                continue
            if told is not None and told.blocked != record.blocked:
                what = "block" if record.blocked else "unblock"
                lifecycle.append(_lifecycle_event(record.source_id, what))
            if record is not told:
                subscription.told[tracker_id] = record
                if not record.blocked:
                    changed.append(tracker_id)
        return lifecycle, changed


_READING_LISTS = {
    "inputs": "sensor_id",
    "states": "field",
    "virtual_sensors": "sensor_id",
    "counters": "type",
}
"""The lists of a tracker's readings, and the key that tells their items apart."""


def _modified_readings(
    ctx: Context, watched: list[int], moved: list[int], subscription: Subscription
) -> list[int]:
    """The trackers whose readings changed since they were last told of: each changed item
    waits in ``subscription.modified`` for the next batch. A tracker's readings are looked at
    again when its record changed (``moved``: a position came), every tracker's when a sensor
    did."""
    world = ctx.world
    seen = (id(world.sensors), world.sensors.version)
    candidates = watched if seen != subscription.sensors_seen else moved
    subscription.sensors_seen = seen
    changed = []
    for tracker_id in candidates:
        record = world.trackers.get(tracker_id)
        if record is None or record.blocked:
            continue
        told = subscription.readings.setdefault(tracker_id, {})
        readings = converter_for().unstructure(
            tracker_readings(
                ctx,
                record,
                sensor_type=subscription.sensor_type or UNSET,
                include_components=subscription.include_components,
            )
        )
        waiting = subscription.modified.setdefault(tracker_id, {})
        for name, key in _READING_LISTS.items():
            for item in readings.get(name) or ():
                where = (name, item.get(key))
                if told.get(where) != item:
                    told[where] = waiting[where] = item
        if waiting:
            changed.append(tracker_id)
    return changed


def _batch(ctx: Context, subscription: Subscription, write: TimeWriter) -> Any:
    """The ``data`` of a batch: the states of the trackers that changed (date/times written
    by ``write``), or one readings object (by tracker ID) holding the readings that changed."""
    world = ctx.world
    trackers = [
        world.trackers[i]
        for i in sorted(subscription.pending)
        if i in world.trackers and not world.trackers[i].blocked
    ]
    if subscription.type == "state_batch":
        compact = subscription.compact
        return [state_json(ctx, record, compact, write) for record in trackers]
    if subscription.type == "iot_monitor":
        return {"iot_last_values": [_iot_values(world, record.id) for record in trackers]}
    readings: dict[str, Any] = {}
    for record in trackers:
        waiting = subscription.modified.pop(record.id, {})
        readings[str(record.id)] = {
            name: [item for (kind, _), item in waiting.items() if kind == name]
            for name in _READING_LISTS
        }
    return [readings] if readings else []


IOT_MESSAGES = 12
"""The messages of a tracker whose attributes ``iot_monitor`` tells, newest first."""


def _iot_values(world: World, tracker_id: int) -> dict[str, Any]:
    """The attribute values of a tracker's last messages (its track points): per attribute,
    those of the messages that had it (``nonnull_fields``) and of every message, null where
    it was missing (``all_fields``); times in ISO 8601, UTC."""
    messages = [(p, _attributes(p)) for p in reversed(world.points_of(tracker_id)[-IOT_MESSAGES:])]
    names = dict.fromkeys(name for _, values in messages for name in values)

    def entry(point: Any, value: Any) -> dict[str, Any]:
        when = point.get_time.strftime("%Y-%m-%dT%H:%M:%SZ")
        return {"msg_time": when, "srv_time": when, "value": value}

    return {
        "tracker_id": tracker_id,
        "nonnull_fields": {
            name: [entry(p, v[name]) for p, v in messages if v.get(name) is not None]
            for name in names
        },
        "all_fields": {name: [entry(p, v.get(name)) for p, v in messages] for name in names},
    }


def _attributes(point: Any) -> dict[str, Any]:
    """The attributes of one message as the service names them (coordinates as text, as the
    service's sample shows them), its sensor readings by name."""
    values: dict[str, Any] = {
        "latitude": str(point.lat),
        "longitude": str(point.lng),
        "speed": point.speed,
        "heading": point.heading,
        "satellites": point.satellites,
        "altitude": point.alt,
    }
    if point.ignition is not None:
        values["ignition"] = point.ignition
    values.update(point.readings)
    return values


def _status(record: TrackerRecord) -> str:
    return "blocked" if record.blocked else "normal"


def _named_status(world: World, user: UserRecord, tracker_id: int) -> str:
    record = world.trackers.get(tracker_id)
    if record is None or world.owned_record(world.trackers, user.account_id, tracker_id) is None:
        return "unknown"
    if not user.is_master and user.trackers is not None and tracker_id not in user.trackers:
        return "disallowed"
    return _status(record)


def _event(kind: str, ctx: Context, data: Any) -> dict[str, Any]:
    return {
        "type": "event",
        "event": kind,
        "user_time": format_datetime(ctx.user_time(ctx.now())),
        "data": data,
    }


def _lifecycle_event(source_id: int, what: str) -> dict[str, Any]:
    return {
        "type": "event",
        "event": "lifecycle",
        "data": {"source_id": source_id, "lifecycle_event": what},
    }
