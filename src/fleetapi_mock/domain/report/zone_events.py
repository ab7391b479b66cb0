"""The geofence entry/exit events report (plugin 89): a row per ``inzone`` and ``outzone``
event of the tracker (the events of its ``inoutzone`` rules), per zone it names.

An entry and the first exit of the same zone after it make a visit; with
``min_minutes_in_zone``, a visit shorter than that drops both its rows. An exit without an
entry before it (the tracker was inside before its first event) stays; an entry without an
exit after it stays once the tracker has been inside that long by now. The same event of the
same zone at the same moment (two rules watching one zone) counts once.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import Column, Kind, Rows, value
from fleetapi_mock.domain.report.events import count_total, event_row, event_summary, events_between
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import EventRecord

__all__ = ["ZONE_EVENTS"]

_COLUMNS: Final[tuple[Column, ...]] = (
    ("time", "Time", "left"),
    ("event", "Event", "left"),
    ("zone", "Geofence", "left"),
    ("address", "Address", "left"),
)

_Crossing = tuple[EventRecord, int, str]
"""An event, one zone it names (0: none) and that zone's label."""


def _crossings(ctx: Context, event: EventRecord) -> list[_Crossing]:
    """The zones an event names, each with its label (the event's, else the zone's now)."""
    extra = event.extra
    ids = [] if isinstance(extra, Unset) or not isinstance(extra.zone_ids, list) else extra.zone_ids
    if not ids:
        return [(event, 0, "")]
    labels = extra.zone_labels if not isinstance(extra, Unset) else None
    found = []
    for n, zone_id in enumerate(ids):
        if isinstance(labels, list) and n < len(labels):
            label = labels[n]
        else:
            zone = ctx.world.zones.get(zone_id)
            label = zone.label if zone is not None else ""
        found.append((event, zone_id, label))
    return found


def _kept(ctx: Context, tracker_id: int, least: float) -> list[_Crossing]:
    """The tracker's entries and exits (its whole history up to now) that are not part of a
    visit shorter than ``least`` seconds, in time order."""
    now = ctx.now()
    events = events_between(ctx, tracker_id, dt.datetime.min, now, ("inzone", "outzone"))
    seen: set[tuple[int, str, dt.datetime]] = set()
    inside: dict[int, _Crossing] = {}
    kept: list[_Crossing] = []
    for event in events:
        for crossing in _crossings(ctx, event):
            zone = crossing[1]
            key = (zone, event.event, event.time)
            if key in seen:
                continue
            seen.add(key)
            if event.event == "inzone":
                if zone in inside:  # two entries in a row: the first one's length is unknown
                    kept.append(inside[zone])
                inside[zone] = crossing
                continue
            entry = inside.pop(zone, None)
            if entry is None:
                kept.append(crossing)
            elif (event.time - entry[0].time).total_seconds() >= least:
                kept += [entry, crossing]
    kept += [c for c in inside.values() if (now - c[0].time).total_seconds() >= least]
    kept.sort(key=lambda c: (c[0].time, c[0].id, c[1]))
    return kept


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    if source.served is None:
        return []
    minutes = plugin.min_minutes_in_zone
    least = 60 * (minutes if isinstance(minutes, int) else 0)  # seconds: any size compares
    start, end = source.served
    rows = []
    for event, zone, label in _kept(ctx, source.tracker.id, least):
        if start <= event.time <= end:
            when, row = event_row(ctx, event, plugin)
            row["zone"] = value(label, float(zone))
            rows.append((when, row))
    return rows


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The events, each type's, then each zone's (by label)."""
    zones = Counter(r["zone"]["v"] for r in rows if r["zone"]["v"])
    return [
        *event_summary(ctx, rows, plugin),
        *(
            (label, f"{n} event{'' if n == 1 else 's'}", float(n))
            for label, n in sorted(zones.items())
        ),
    ]


ZONE_EVENTS: Final = Kind(
    "Geofence entry/exit events",
    _rows,
    lambda _: _COLUMNS,
    count_total,
    _summary,
    decision=(
        "A row per `inzone` and `outzone` event of the tracker in the period (the events its "
        "`inoutzone` rules record, as `history/tracker/list` answers them), per zone it "
        "names: its time, message, zone and address. An entry and the next exit of the same "
        "zone are a visit: one shorter than `min_minutes_in_zone` (0 when not given) leaves "
        "out both rows, wherever the other lies in time. An exit without an entry before it "
        "stays; an entry without an exit stays once the tracker has been inside that long by "
        "now. The same event of one zone at one moment (two rules) counts once. The summary "
        "counts the events, each type's and each zone's."
    ),
)
"""The geofence entry/exit events report (plugin 89)."""
