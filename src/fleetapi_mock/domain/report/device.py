"""The report plugins of the device: switching on and off (23), GSM connection lost (13) and
SMS-locations (20).

Switching lists the tracker's ``poweroff`` and ``poweron`` events. A lost connection is a
silence of the device: two consecutive points of the tracker more than
:data:`CONNECTION_LOST_AFTER` apart, the first not one of a device at rest (``parking``, the
ignition reported off, or standing still without reporting the ignition: a device sleeps, or
reports seldom, then). SMS-locations lists the answers of the device to
location requests (``location_response`` events, with ``force_location_request``) of a tracker
whose model can be asked by SMS.
"""

from __future__ import annotations

import datetime as dt
import itertools
import operator
from collections.abc import Sequence
from typing import Any, Final

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    clock,
    duration_total,
    moment,
    place,
    seconds_of,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.report.events import (
    EVENT_COLUMNS,
    count_total,
    event_listing,
    event_row,
    event_summary,
    milliseconds,
    tracker_events,
)
from fleetapi_mock.domain.track import time_span
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.domain.tracker_command import LOCATION_FLAGS, flag, model_of
from fleetapi_mock.state.records import TrackPointRecord

__all__ = [
    "CONNECTION_LOST",
    "CONNECTION_LOST_AFTER",
    "LOCATION_EVENTS",
    "POWER_EVENTS",
    "SMS_LOCATIONS",
    "SWITCHING",
]

CONNECTION_LOST_AFTER: Final = dt.timedelta(minutes=30)
"""The silence of an awake device that counts as a lost connection."""

POWER_EVENTS: Final = ("poweroff", "poweron")
"""The event types of the switching report."""

LOCATION_EVENTS: Final = ("force_location_request", "location_response")
"""The event types of the SMS-locations report."""

_TIME: Final = operator.attrgetter("get_time")

_LOST_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Connection lost", "left"),
    ("to", "Connection restored", "left"),
    ("duration", "Duration", "right"),
)


def _asleep(point: TrackPointRecord) -> bool:
    """Whether the device was at rest at ``point``: a parking point, the ignition off, or
    standing still without reporting the ignition."""
    if point.parking or point.ignition is False:
        return True
    return point.ignition is None and point.speed == 0


def _heard(
    ctx: Context, source: Source
) -> tuple[Sequence[TrackPointRecord], TrackPointRecord | None]:
    """The tracker's points in the served period, and the first one after it up to now."""
    points = served_points(ctx, source)
    if source.served is None:
        return points, None
    every = ctx.world.points_of(source.tracker.id)
    _, last = time_span(every, *source.served)
    after = every[last] if last < len(every) and every[last].get_time <= ctx.now() else None
    return points, after


def _lost(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The silences longer than :data:`CONNECTION_LOST_AFTER` that start in the period: from
    an awake point to the next point (or, with none yet, to now)."""
    points, after = _heard(ctx, source)
    if not points:
        return []
    fmt, with_seconds = time_format(plugin), plugin.show_seconds is True
    now = ctx.now()
    times = list(map(_TIME, points))  # the gaps are found without a Python step per point
    steps = map(operator.sub, itertools.islice(times, 1, None), times)
    silent = itertools.compress(itertools.count(), map(CONNECTION_LOST_AFTER.__lt__, steps))
    ends: list[tuple[TrackPointRecord, TrackPointRecord | None]] = [
        (points[i], points[i + 1]) for i in silent if not _asleep(points[i])
    ]
    last = points[-1]
    silence = (after.get_time if after is not None else now) - last.get_time
    if silence > CONNECTION_LOST_AFTER and not _asleep(last):
        ends.append((last, after))
    rows = []
    for before, later in ends:
        start = ctx.user_time(before.get_time)
        end = later.get_time if later is not None else now
        seconds = (end - before.get_time).total_seconds()
        restored = (
            value(ctx.user_time(later.get_time).strftime(fmt), moment(later))
            if later is not None
            else value("not yet", milliseconds(now))
        )
        row = {
            "from": place(start, before.address, before, plugin),
            "to": restored,
            "duration": value(clock(seconds, with_seconds=with_seconds), seconds),
        }
        rows.append((start, row))
    return rows


def _lost_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    return [
        ("Connection losses", str(len(rows)), float(len(rows))),
        ("Time without connection", clock(seconds, with_seconds=False), seconds / 60),
    ]


def _sms_locations(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The location events of a tracker whose model takes location requests by SMS."""
    model = model_of(ctx.world, source.tracker)
    if not flag(model, LOCATION_FLAGS["sms"]):
        return []
    return [event_row(ctx, e, plugin) for e in tracker_events(ctx, source, LOCATION_EVENTS)]


SWITCHING: Final = event_listing(
    "Device switching ON/OFF",
    POWER_EVENTS,
    "A row per `poweroff` and `poweron` event of the tracker in the period (as "
    "`history/tracker/list` answers them), in time order: its time, its message and its "
    "address (its coordinates when it has none); each day's total and the summary count "
    "the events, the summary each type's too.",
)
"""The device switching report (plugin 23)."""

CONNECTION_LOST: Final = Kind(
    "GSM connection lost",
    _lost,
    lambda _: _LOST_COLUMNS,
    duration_total,
    _lost_summary,
    decision=(
        "The mock keeps no connection of a device apart from what it sent: a lost connection "
        "is a silence of more than 30 minutes between two consecutive points of the tracker, "
        "starting in the period, unless the device was at rest at the first of them (a "
        "`parking` point, the ignition reported off, or a speed of 0 without the ignition: a "
        "device sleeps, or reports seldom, then). A row runs from "
        "that point (its time and address) to the next point, or to now (`not yet`) when none "
        "came since and the silence is already longer; its `duration` is in seconds. The "
        "summary counts the losses and their time (raw in minutes)."
    ),
)
"""The GSM connection lost report (plugin 13)."""

SMS_LOCATIONS: Final = Kind(
    "SMS-locations",
    _sms_locations,
    lambda _: EVENT_COLUMNS,
    count_total,
    event_summary,
    decision=(
        "A row per answer of the device to a location request in the period: its "
        "`location_response` events (which the tracker's `location_response` rules record "
        "once the device confirms `tracker/location_request`) and any "
        "`force_location_request` event, with their time, message and address, for a tracker "
        "whose model takes location requests by SMS (`has_location_request`; another's "
        "sheet is empty). The mock keeps no channel of a confirmed request: every answer of "
        "such a tracker counts. The summary counts them."
    ),
)
"""The SMS-locations report (plugin 20)."""
