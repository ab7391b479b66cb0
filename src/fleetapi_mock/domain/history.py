"""Events (history entries) as the mock makes and answers them.

A point a device reports with an ``event`` (``speeding``, ``harsh_braking``...) becomes an event
of its tracker when it is recorded (:func:`record_point_event`); a world document may hold
others. Events are the tracker owner's; a user sees those of the trackers it may see, and
read state is each user's own (``read_by``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.history import EventExtra, EventLocation, HistoryEntry
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.subuser import in_sight
from fleetapi_mock.state.records import EventRecord, TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = [
    "EVENT_TYPES",
    "NULL_WHEN_UNSET",
    "describe",
    "record_event",
    "record_point_event",
    "visible_events",
    "wire_event",
]

EVENT_TYPES: Final = {
    "speeding": "Speeding",
    "speedup": "Speed limit exceeded",
    "harsh_braking": "Harsh braking",
    "harsh_acceleration": "Harsh acceleration",
    "sos": "SOS button pressed",
    "offline": "Connection lost",
    "online": "Connection restored",
    "inzone": "Geofence entry",
    "outzone": "Geofence exit",
    "input_change": "Input state changed",
    "output_change": "Output state changed",
    "driver_change": "Driver changed",
    "task_status_change": "Task status changed",
    "work_status_change": "Work status changed",
    "checkin_creation": "Check-in created",
    "parking": "Parking started",
    "moving": "Movement started",
    "track_end": "Parking started",
    "track_start": "Movement started after parking",
    "service_task_notified": "Service work due soon",
    "service_task_expired": "Service work due",
}
"""The event types the mock knows, with their English descriptions (``history/type/list``)."""


NULL_WHEN_UNSET: Final = (
    "task_id", "parent_task_id", "counter_id", "service_task_id", "checkin_id", "place_ids"
)  # fmt: skip
"""The ``extra`` fields an event answers as null when they do not apply, as documented."""


def describe(event: str) -> str:
    """The description of an event type (the type itself for one the mock does not know)."""
    return EVENT_TYPES.get(event, event.replace("_", " ").capitalize())


def record_point_event(world: World, point: TrackPointRecord) -> EventRecord | None:
    """Store the event a recorded point reports (its ``event``), if it reports one."""
    if not point.event:
        return None
    return record_event(world, point, point.event, describe(point.event))


def record_event(
    world: World,
    point: TrackPointRecord,
    event: str,
    message: str,
    *,
    rule_id: int = 0,
    emergency: bool = False,
    zones: Sequence[tuple[int, str]] = (),
    concerns: Mapping[str, Any] | None = None,
) -> EventRecord:
    """Store an event of the point's tracker at the point: its place, its address, the
    tracker's driver; ``zones`` (ID, label) it concerns, and the other entities of
    ``concerns`` (``task_id``, ``checkin_id``... of :class:`EventExtra`)."""
    tracker = world.trackers[point.tracker_id]
    driver = next(
        (e.id for _, e in sorted(world.employees.items()) if e.tracker_id == tracker.id), None
    )
    event_id = world.ids.next("events")
    record = EventRecord(
        id=event_id,
        user_id=tracker.user_id,
        message=message,
        time=point.get_time,
        event=event,
        tracker_id=tracker.id,
        rule_id=rule_id,
        location=EventLocation(
            lat=point.lat,
            lng=point.lng,
            precision=UNSET if point.precision is None else point.precision,
        ),
        address=point.address,
        extra=EventExtra(
            last_known_location=False,
            tracker_label=tracker.label,
            employee_id=driver,
            emergency=emergency,
            zone_ids=[z for z, _ in zones] if zones else UNSET,
            zone_labels=[label for _, label in zones] if zones else UNSET,
            **(concerns or {}),
        ),
    )
    world.events[event_id] = record
    return record


def visible_events(ctx: Context) -> list[EventRecord]:
    """The events the caller sees, by ID: those of the trackers it may see."""
    trackers = {t.id for t in ctx.visible_trackers()}
    return [e for e in ctx.owned(ctx.world.events) if e.tracker_id in trackers]


def _in_sight(ctx: Context, extra: EventExtra) -> EventExtra:
    """``extra`` naming only the zones and places the caller sees (a sub-user: those bound to
    it)."""
    user = ctx.require_user()
    changes: dict[str, Any] = {}
    zones = in_sight(user, "zones")
    if zones is not None and isinstance(extra.zone_ids, list):
        labels = extra.zone_labels if isinstance(extra.zone_labels, list) else None
        kept = [i for i, zone_id in enumerate(extra.zone_ids) if zone_id in zones]
        changes["zone_ids"] = [extra.zone_ids[i] for i in kept]
        if labels is not None:
            changes["zone_labels"] = [labels[i] for i in kept if i < len(labels)]
    places = in_sight(user, "places")
    if places is not None and isinstance(extra.place_ids, list):
        changes["place_ids"] = [p for p in extra.place_ids if p in places]
    return attrs.evolve(extra, **changes) if changes else extra


def wire_event(
    ctx: Context, record: EventRecord, *, add_tracker_label: bool, label: str | None = None
) -> HistoryEntry:
    """The API's history entry of ``record`` for the caller: its read state, its time in the
    caller's time zone, ``label`` (or the tracker's label, when asked) before the message."""
    message = record.message
    if label is not None:
        message = f"{label}: {message}"
    elif add_tracker_label:
        tracker = ctx.world.trackers.get(record.tracker_id)
        if tracker is not None:
            message = f"{tracker.label}: {message}"
    extra = record.extra
    if not isinstance(extra, Unset):
        nulls: dict[str, Any] = {
            n: None for n in NULL_WHEN_UNSET if isinstance(getattr(extra, n), Unset)
        }
        extra = _in_sight(ctx, attrs.evolve(extra, **nulls))
    entry = HistoryEntry(
        **{
            field.name: getattr(record, field.name)
            for field in attrs.fields(HistoryEntry)
            if field.name not in ("is_read", "message", "time", "extra")
        },
        extra=extra,
        is_read=ctx.require_user().id in record.read_by,
        message=message[:256],
        time=ctx.user_time(record.time),
    )
    return entry
