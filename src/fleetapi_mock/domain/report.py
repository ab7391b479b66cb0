"""Tracker reports: their content, made from the same trips ``asset/track/list`` answers, and
their progress with the world clock.

A report is made whole when it is asked for (:func:`trips_sheets`) and kept with the time its
generation ends; ``status`` and ``list`` count the percent up to then (:func:`percent`).

The trips report (plugin 4) has a sheet per tracker: a ``table`` section of the trips grouped
by day (each group with its ``total``), a ``map_table`` summary and nothing else. Every figure
is that of the track ``asset/track/list`` answers for the same tracker, period and ``filter``
and ``split`` options: the trip's start and end, length, average and top speed; a trip's
``time`` is from its first to its last point.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi.models.track import MergedTrack, RegularTrack, TrackListOptions
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track_answer import sources, track_infos
from fleetapi_mock.state.records import ReportRecord, TrackerRecord

__all__ = ["WHOLE_DAY", "percent", "trips_sheets"]

WHOLE_DAY = TimeFilter(from_="00:00:00", to="23:59:59", weekdays=[1, 2, 3, 4, 5, 6, 7])
"""The time filter of a report that gives none."""

_EPOCH = dt.datetime(1970, 1, 1)

_TRIP_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("from", "Movement start", "left"),
    ("to", "Movement end", "left"),
    ("length", "Total trips length,\nkm", "right"),
    ("time", "Travel time", "right"),
    ("avg_speed", "Average speed,\nkm/h", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
)


def percent(record: ReportRecord, now: dt.datetime) -> int:
    """How much of the report's generation is done at ``now``, 0 to 100."""
    if now >= record.ready:
        return 100
    total = (record.ready - record.created).total_seconds()
    done = (now - record.created).total_seconds()
    return max(0, min(99, int(100 * done / total))) if total > 0 else 100


def _clock(seconds: float, *, with_seconds: bool) -> str:
    """A duration as ``HH:MM`` (``HH:MM:SS``)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    text = f"{hours:02d}:{rest // 60:02d}"
    return f"{text}:{rest % 60:02d}" if with_seconds else text


def _value(text: str, raw: float, **more: Any) -> dict[str, Any]:
    return {"v": text, "raw": raw, "type": "value", **more}


def _passes(start: dt.datetime, time_filter: TimeFilter) -> bool:
    """Whether a trip starting at ``start`` (the user's time) falls in the filter's days and
    hours (a window ending before it starts runs past midnight)."""
    if start.isoweekday() not in time_filter.weekdays:
        return False
    clock = start.strftime("%H:%M:%S")
    low, high = (_full(time_filter.from_), _full(time_filter.to))
    return low <= clock <= high if low <= high else clock >= low or clock <= high


def _full(clock: str) -> str:
    return clock if len(clock) == 8 else f"{clock}:00"


def _place(
    when: dt.datetime, address: str, location: dict[str, float], plugin: ReportPlugin
) -> dict[str, Any]:
    fmt = "%H:%M:%S" if plugin.show_seconds is True else "%H:%M"
    text = f"{when.strftime(fmt)} - {address}" if address else when.strftime(fmt)
    if plugin.show_coordinates is True:
        text += f" ({location['lat']:.6f}, {location['lng']:.6f})"
    raw = (when - _EPOCH).total_seconds() * 1000
    return _value(text, raw, location=location)


def _trip_row(
    track: RegularTrack | MergedTrack, points: tuple[Any, Any], plugin: ReportPlugin
) -> dict[str, Any]:
    first, last = points
    seconds = (track.end_date - track.start_date).total_seconds()
    seconds_shown = plugin.show_seconds is True
    return {
        "from": _place(
            track.start_date, track.start_address, {"lat": first.lat, "lng": first.lng}, plugin
        ),
        "to": _place(track.end_date, track.end_address, {"lat": last.lat, "lng": last.lng}, plugin),
        "time": _value(_clock(seconds, with_seconds=seconds_shown), seconds),
        "length": _value(f"{track.length:.2f}", track.length),
        "avg_speed": _value(str(track.avg_speed), float(track.avg_speed)),
        "max_speed": _value(str(track.max_speed), float(track.max_speed)),
    }


def _totals(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    seconds = sum(r["time"]["raw"] for r in rows)
    length = round(sum(r["length"]["raw"] for r in rows), 3)
    return {
        "seconds": seconds,
        "length": length,
        "avg": round(length / (seconds / 3600)) if seconds else 0,
        "max": max((r["max_speed"]["raw"] for r in rows), default=0.0),
    }


def _total_row(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    t = _totals(rows)
    shown = plugin.show_seconds is True
    return {
        "text": "In total:",
        "time": _value(_clock(t["seconds"], with_seconds=shown), t["seconds"]),
        "length": _value(f"{t['length']:.2f}", t["length"]),
        "avg_speed": _value(str(int(t["avg"])), float(t["avg"])),
        "max_speed": _value(str(int(t["max"])), float(t["max"])),
    }


def trips_sheets(
    ctx: Context,
    trackers: Sequence[TrackerRecord],
    start: dt.datetime,
    end: dt.datetime,
    plugin: ReportPlugin,
    time_filter: TimeFilter,
) -> list[ReportSheet]:
    """The sheets of a trips report over ``start``..``end`` (world time), one per tracker."""
    options = TrackListOptions(from_=start, to=end, filter=plugin.filter, split=plugin.split)
    sheets = []
    for source in sources(ctx, trackers, start, end):
        ends = {
            trip.id: (points[0], points[-1])
            for trip, points in source.served_trips(source.trips(ctx))
            if points
        }
        tracks, _ = track_infos(ctx, source, options)
        rows_by_day: dict[dt.date, list[dict[str, Any]]] = {}
        for track in tracks:
            if not isinstance(track, (RegularTrack, MergedTrack)):
                continue
            if not _passes(track.start_date, time_filter):
                continue
            points = ends.get(track.id) if isinstance(track, RegularTrack) else None
            if points is None:  # a merged track: from the first trip's start to the last's end
                points = (ends[min(ends)][0], ends[max(ends)][1])
            row = _trip_row(track, points, plugin)
            rows_by_day.setdefault(track.start_date.date(), []).append(row)
        if not rows_by_day and plugin.hide_empty_tabs is True:
            continue
        sheets.append(_sheet(source.tracker, rows_by_day, plugin))
    return sheets


def _sheet(
    tracker: TrackerRecord, rows_by_day: dict[dt.date, list[dict[str, Any]]], plugin: ReportPlugin
) -> ReportSheet:
    data = [
        {
            "header": f"{day:%b} {day.day}, {day:%Y (%a)} : {len(rows)}",
            "rows": rows,
            "total": _total_row(rows, plugin),
        }
        for day, rows in sorted(rows_by_day.items())
    ]
    every = [row for rows in rows_by_day.values() for row in rows]
    t = _totals(every)
    columns = [
        {
            "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
            "weight": 3 if align == "left" else 0, "highlight_min_max": False,
        }
        for field, title, align in _TRIP_COLUMNS
    ]  # fmt: skip
    summary = [
        ("Trips", str(len(every)), float(len(every))),
        ("Total trips length, km", f"{t['length']:.2f}", t["length"]),
        ("Travel time", _clock(t["seconds"], with_seconds=False), t["seconds"] / 60),
        ("Average speed, km/h", str(int(t["avg"])), float(t["avg"])),
        ("Max. speed, km/h", str(int(t["max"])), float(t["max"])),
    ]
    sections = [
        {"type": "table", "header": "Trips", "columns": columns, "column_groups": [], "data": data},
        {
            "type": "map_table",
            "header": "Summary",
            "rows": [
                {"v": v, "raw": raw, "name": name, "highlight": False} for name, v, raw in summary
            ],
        },
    ]
    return ReportSheet(header=tracker.label, sections=sections, entity_ids=[tracker.id])
