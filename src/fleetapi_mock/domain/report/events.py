"""The report plugins of events: all events (11), car security (15), emergency button (16),
fall detection (17), tracker detach (18), overall security (19), and what the other event
reports share.

An event report lists the tracker's events (``world.events``, as ``history/tracker/list``
answers them) of its period whose type is one the plugin covers: a row per event with its
time, its text (the event's message) and where it happened (its address, else its
coordinates). The summary counts the events, then each type's.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final

from fleetapi.models.report import ReportPlugin
from fleetapi.report_plugins import ALL_EVENT_TYPES, BY_ID
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.history import describe
from fleetapi_mock.domain.report.cells import Column, Kind, Request, Rows, value
from fleetapi_mock.domain.rule import record_task_events
from fleetapi_mock.domain.service_task import review_service_tasks
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import EventRecord

__all__ = [
    "ALL_EVENTS",
    "CAR_SECURITY",
    "CAR_SECURITY_EVENTS",
    "DETACH",
    "EMERGENCY_BUTTON",
    "EVENT_COLUMNS",
    "FALL_DETECTION",
    "OVERALL_SECURITY",
    "SECURITY_EVENTS",
    "by_type",
    "count_total",
    "event_listing",
    "event_row",
    "event_summary",
    "events_between",
    "milliseconds",
    "shown_time",
    "tracker_events",
    "where",
]

CAR_SECURITY_EVENTS: Final = (
    "alarmcontrol", "door_alarm", "hood_alarm", "ignition", "security_control", "battery_off",
    "gsm_damp", "parking", "auto_geofence_out", "crash_alarm",
)  # fmt: skip
"""The event types of the car security report: the car alarm and the autocontrol events (doors,
hood, ignition in alarm mode, security mode, external power cut, GSM jamming, unauthorized
movement), towing (leaving the automatic geofence) and crashes."""

SECURITY_EVENTS: Final = (
    *CAR_SECURITY_EVENTS, "sos", "call_button_pressed", "g_sensor", "detach", "case_opened",
    "strap_bolt_cut", "lock_opened", "bracelet_open", "antenna_disconnect", "obd_unplug",
    "vibration_start", "proximity_violation_start", "fatigue_driving",
)  # fmt: skip
"""The event types of the overall security report: those of car security, the alarms of
people (SOS, call button, fall, social distance, fatigue) and the tampering with devices
(detach, case, padlock, lock, bracelet, GPS antenna, OBD port, vibration)."""

EVENT_COLUMNS: Final[tuple[Column, ...]] = (
    ("time", "Time", "left"),
    ("event", "Event", "left"),
    ("address", "Address", "left"),
)
"""The columns of an event listing."""

_EPOCH = dt.datetime(1970, 1, 1)
_SHOWN_UNKNOWN = 5


def milliseconds(moment: dt.datetime) -> float:
    """A world time (UTC) as the ``raw`` of a cell: UNIX milliseconds."""
    return (moment - _EPOCH).total_seconds() * 1000


def _by_tracker(record: EventRecord) -> tuple[int]:
    """The index key of events by tracker (a function of the record alone)."""
    return (record.tracker_id,)


def events_between(
    ctx: Context,
    tracker_id: int,
    start: dt.datetime,
    end: dt.datetime,
    types: Collection[str] | None,
) -> list[EventRecord]:
    """The tracker's events from ``start`` to ``end`` (world time, both included) whose type
    is one of ``types`` (any type when ``None``), by time (ties by ID), once the task and
    service task events up to now are recorded (as ``history/tracker/list`` records them)."""
    record_task_events(ctx)
    review_service_tasks(ctx.world, [tracker_id])
    found = [
        e
        for e in ctx.world.events.having(_by_tracker, [tracker_id])
        if start <= e.time <= end and (types is None or e.event in types)
    ]
    found.sort(key=lambda e: (e.time, e.id))
    return found


def tracker_events(
    ctx: Context, source: Source, types: Collection[str] | None
) -> list[EventRecord]:
    """The tracker's events in the served part of the source's period whose type is one of
    ``types`` (any type when ``None``), as :func:`events_between` finds them."""
    if source.served is None:
        return []
    return events_between(ctx, source.tracker.id, *source.served, types)


def where(address: str, lat: float | None, lng: float | None, raw: float) -> dict[str, Any]:
    """The cell of where something happened: its address, else its coordinates; the position
    kept as ``location``, ``raw`` the moment (as :func:`milliseconds` makes it)."""
    if lat is None or lng is None:
        return value(address, raw)
    text = address or f"{lat:.6f}, {lng:.6f}"
    return value(text, raw, location={"lat": lat, "lng": lng})


def shown_time(when: dt.datetime, plugin: ReportPlugin) -> str:
    """A time of day as a row shows it: ``HH:MM``, with seconds when the plugin asks."""
    if plugin.show_seconds is True:
        return f"{when.hour:02d}:{when.minute:02d}:{when.second:02d}"
    return f"{when.hour:02d}:{when.minute:02d}"


def event_row(
    ctx: Context, event: EventRecord, plugin: ReportPlugin
) -> tuple[dt.datetime, dict[str, Any]]:
    """An event's row and its time (the user's): its time, its message (its ID as ``raw``,
    its type as ``event``) and where it happened."""
    when = ctx.user_time(event.time)
    raw = milliseconds(event.time)
    return when, {
        "time": value(shown_time(when, plugin), raw),
        "event": value(event.message, float(event.id), event=event.event),
        "address": where(event.address, event.location.lat, event.location.lng, raw),
    }


def by_type(rows: Rows, plugin: ReportPlugin) -> Rows:
    """The rows in the order a listing shows them: by time, or with ``group_by_type`` (where
    the plugin documents it) each day's rows by their type's description, then by time."""
    if plugin.group_by_type is not True or "group_by_type" not in BY_ID[plugin.plugin_id].options:
        return rows
    return sorted(rows, key=lambda r: (r[0].date(), describe(r[1]["event"]["event"]), r[0]))


def count_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    """The ``total`` of a day's rows that are events: how many."""
    return {"text": "In total:", "event": value(str(len(rows)), float(len(rows)))}


def event_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The summary of an event listing: the events, then each type's count (by description)."""
    counted = Counter(describe(r["event"]["event"]) for r in rows)
    return [
        ("Events", str(len(rows)), float(len(rows))),
        *((name, str(n), float(n)) for name, n in sorted(counted.items())),
    ]


def event_listing(
    header: str,
    types: Collection[str] | Callable[[ReportPlugin], Collection[str] | None],
    decision: str,
    *,
    check: Callable[[Context, Request], None] | None = None,
) -> Kind:
    """The :class:`Kind` of a report listing the tracker's events of ``types`` (or of the
    types a function of the plugin answers, ``None`` for any)."""

    def rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
        wanted = types(plugin) if callable(types) else types
        found = [event_row(ctx, e, plugin) for e in tracker_events(ctx, source, wanted)]
        return by_type(found, plugin)

    more: dict[str, Any] = {} if check is None else {"check": check}
    return Kind(
        header,
        rows,
        lambda _: EVENT_COLUMNS,
        count_total,
        event_summary,
        decision=decision,
        **more,
    )


def _asked_types(plugin: ReportPlugin) -> Collection[str] | None:
    """The types ``event_types`` names; ``None`` (any) when it is empty or omitted."""
    asked = plugin.event_types
    return frozenset(asked) if isinstance(asked, list) and asked else None


def _check_types(ctx: Context, request: Request) -> None:
    """Code 7 naming ``event_types`` when it names a type the documentation does not list."""
    asked = request.plugin.event_types
    if not isinstance(asked, list):
        return
    unknown = [t for t in dict.fromkeys(asked) if t not in ALL_EVENT_TYPES]
    if unknown:
        shown = ", ".join(repr(t) for t in unknown[:_SHOWN_UNKNOWN])
        more = f" and {len(unknown) - _SHOWN_UNKNOWN} more" if len(unknown) > _SHOWN_UNKNOWN else ""
        raise invalid("plugin.event_types", f"not an event type of the report: {shown}{more}")


_LISTING = (
    "A row per event of the tracker in the period (as `history/tracker/list` answers them), "
    "in time order: its time, its message and its address (its coordinates when it has "
    "none); each day's total and the summary count the events, the summary each type's too."
)

ALL_EVENTS: Final = event_listing(
    "All events",
    _asked_types,
    _LISTING + " `event_types` keeps the types it names, each one of the documented list "
    "(another is code 7 naming `event_types`, and nothing is made); empty or omitted, every "
    "event of the tracker counts, those of the mock's own types (`speeding`, "
    "`harsh_braking`...) too. `group_by_type` orders each day's rows by their type, then "
    "by time.",
    check=_check_types,
)
"""The report on all events (plugin 11)."""

CAR_SECURITY: Final = event_listing(
    "Car security",
    CAR_SECURITY_EVENTS,
    _LISTING + " Its types: the car alarm (`alarmcontrol`) and the autocontrol events "
    "(`door_alarm`, `hood_alarm`, `ignition`, `security_control`, `battery_off`, `gsm_damp`, "
    "`parking`: unauthorized movement), towing (`auto_geofence_out`) and crashes "
    "(`crash_alarm`).",
)
"""The car security report (plugin 15)."""

EMERGENCY_BUTTON: Final = event_listing(
    "Emergency button (SOS)",
    ("sos",),
    _LISTING + " Its type: `sos`.",
)
"""The emergency button report (plugin 16)."""

FALL_DETECTION: Final = event_listing(
    "Fall detection",
    ("g_sensor",),
    _LISTING + " Its type: `g_sensor` (the event of the fall detection rule).",
)
"""The fall detection report (plugin 17)."""

DETACH: Final = event_listing(
    "Tracker detach",
    ("detach",),
    _LISTING + " Its type: `detach`.",
)
"""The tracker detach report (plugin 18)."""

OVERALL_SECURITY: Final = event_listing(
    "Overall security",
    SECURITY_EVENTS,
    _LISTING + " Its types: those of the car security report, the alarms of people "
    "(`sos`, `call_button_pressed`, `g_sensor`, `proximity_violation_start`, "
    "`fatigue_driving`) and tampering with the device (`detach`, `case_opened`, "
    "`strap_bolt_cut`, `lock_opened`, `bracelet_open`, `antenna_disconnect`, `obd_unplug`, "
    "`vibration_start`). `group_by_type` orders each day's rows by their type, then by time.",
)
"""The overall security report (plugin 19)."""
