"""Tracker reports: their content, made from the same trips ``asset/track/list`` answers, and
their progress with the world clock.

A report is made whole when it is asked for (:func:`trips_sheets`) and kept with the time its
generation ends; ``status`` and ``list`` count the percent up to then (:func:`percent`).

Each report has a sheet per tracker: a ``table`` section of its rows grouped by day (each group
with its ``total``) and a ``map_table`` summary. The trips report (plugin 4) has a row per
track ``asset/track/list`` answers for the same tracker, period and ``filter`` and ``split``
options: the trip's start and end, length, average and top speed, its ``time`` from its first
to its last point. The stops report (plugin 6) has a row per stop between two of those trips
(split): from the end of one to the start of the next, where the first ended. The speeding
report (plugin 27) has a row per run of the tracker's points faster than ``max_speed``.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi.models.track import MergedTrack, RegularTrack, TrackListOptions
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track_answer import Source, sources, track_infos
from fleetapi_mock.state.records import ReportRecord, TrackerRecord, TrackPointRecord

__all__ = ["DEFAULT_MAX_SPEED", "KINDS", "WHOLE_DAY", "percent", "report_sheets"]

WHOLE_DAY = TimeFilter(from_="00:00:00", to="23:59:59", weekdays=[1, 2, 3, 4, 5, 6, 7])
"""The time filter of a report that gives none."""

_EPOCH = dt.datetime(1970, 1, 1)

_STOP_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("from", "Stop start", "left"),
    ("to", "Stop end", "left"),
    ("duration", "Duration", "right"),
)

_SPEEDING_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("from", "Violation start", "left"),
    ("to", "Violation end", "left"),
    ("duration", "Duration", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
)

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


def _moment(point: TrackPointRecord) -> float:
    """A point's time as the ``raw`` of a cell: UNIX milliseconds."""
    return (point.get_time - _EPOCH).total_seconds() * 1000


def _place(
    when: dt.datetime, address: str, point: TrackPointRecord, plugin: ReportPlugin
) -> dict[str, Any]:
    """A trip's end: ``when`` (the user's time) and ``address`` shown, the point's position and
    time (UNIX milliseconds) kept."""
    fmt = "%H:%M:%S" if plugin.show_seconds is True else "%H:%M"
    text = f"{when.strftime(fmt)} - {address}" if address else when.strftime(fmt)
    if plugin.show_coordinates is True:
        text += f" ({point.lat:.6f}, {point.lng:.6f})"
    return _value(text, _moment(point), location={"lat": point.lat, "lng": point.lng})


def _trip_row(
    track: RegularTrack | MergedTrack,
    points: tuple[TrackPointRecord, TrackPointRecord],
    plugin: ReportPlugin,
) -> dict[str, Any]:
    first, last = points
    seconds = (track.end_date - track.start_date).total_seconds()
    seconds_shown = plugin.show_seconds is True
    return {
        "from": _place(track.start_date, track.start_address, first, plugin),
        "to": _place(track.end_date, track.end_address, last, plugin),
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


def _journeys(
    ctx: Context, source: Source, plugin: ReportPlugin, *, split: bool | Unset
) -> list[tuple[RegularTrack | MergedTrack, tuple[TrackPointRecord, TrackPointRecord]]]:
    """The tracker's trips over the source's period, as ``asset/track/list`` answers them with
    the plugin's ``filter`` (and ``split``), each with its first and last point."""
    options = TrackListOptions(
        from_=source.interval[0], to=source.interval[1], filter=plugin.filter, split=split
    )
    ends = {
        trip.id: (points[0], points[-1])
        for trip, points in source.served_trips(source.trips(ctx))
        if points
    }
    found: list[tuple[RegularTrack | MergedTrack, tuple[TrackPointRecord, TrackPointRecord]]] = []
    for track in track_infos(ctx, source, options)[0]:
        if isinstance(track, RegularTrack):
            found.append((track, ends[track.id]))
        elif isinstance(track, MergedTrack):  # from the first trip's start to the last's end
            found.append((track, (ends[min(ends)][0], ends[max(ends)][1])))
    return found


def _trips(
    ctx: Context, source: Source, plugin: ReportPlugin
) -> list[tuple[dt.datetime, dict[str, Any]]]:
    return [
        (track.start_date, _trip_row(track, points, plugin))
        for track, points in _journeys(ctx, source, plugin, split=plugin.split)
    ]


def _stops(
    ctx: Context, source: Source, plugin: ReportPlugin
) -> list[tuple[dt.datetime, dict[str, Any]]]:
    """The stops between consecutive trips: from a trip's end to the next one's start."""
    journeys = _journeys(ctx, source, plugin, split=True)
    fmt = "%H:%M:%S" if plugin.show_seconds is True else "%H:%M"
    rows = []
    for (before, (_, last)), (after, (first, _)) in itertools.pairwise(journeys):
        seconds = (after.start_date - before.end_date).total_seconds()
        row = {
            "from": _place(before.end_date, before.end_address, last, plugin),
            "to": _value(after.start_date.strftime(fmt), _moment(first)),
            "duration": _value(_clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        }
        rows.append((before.end_date, row))
    return rows


DEFAULT_MAX_SPEED = 60
"""The speed limit of a speeding report whose plugin gives no ``max_speed`` (km/h)."""


def _speeding(
    ctx: Context, source: Source, plugin: ReportPlugin
) -> list[tuple[dt.datetime, dict[str, Any]]]:
    """The violations: runs of the tracker's points faster than ``max_speed``, from the first
    such point to the first slower one after it, lasting at least ``min_duration_minutes``."""
    if source.served is None:
        return []
    limit = plugin.max_speed if isinstance(plugin.max_speed, int) else DEFAULT_MAX_SPEED
    minutes = plugin.min_duration_minutes
    least = dt.timedelta(minutes=minutes if isinstance(minutes, int) else 0)
    low, high = source.served
    points = [p for p in ctx.world.points_of(source.tracker.id) if low <= p.get_time <= high]
    fmt = "%H:%M:%S" if plugin.show_seconds is True else "%H:%M"
    rows = []
    run: list[TrackPointRecord] = []
    for point in [*points, None]:
        if point is not None and point.speed > limit:
            run.append(point)
            continue
        if run and (end := point or run[-1]).get_time - run[0].get_time >= least:
            seconds = (end.get_time - run[0].get_time).total_seconds()
            top = max(p.speed for p in run)
            start = ctx.user_time(run[0].get_time)
            row = {
                "from": _place(start, run[0].address, run[0], plugin),
                "to": _value(ctx.user_time(end.get_time).strftime(fmt), _moment(end)),
                "duration": _value(_clock(seconds, with_seconds=fmt.endswith("S")), seconds),
                "max_speed": _value(str(top), float(top)),
            }
            rows.append((start, row))
        run = []
    return rows


@attrs.frozen
class _Kind:
    """How a plugin's sheet is made: its rows, table columns, totals and summary."""

    header: str
    rows: Callable[[Context, Source, ReportPlugin], list[tuple[dt.datetime, dict[str, Any]]]]
    columns: tuple[tuple[str, str, str], ...]
    total: Callable[[Sequence[dict[str, Any]], ReportPlugin], dict[str, Any]]
    summary: Callable[[Sequence[dict[str, Any]]], list[tuple[str, str, float]]]


def _trip_summary(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
    t = _totals(rows)
    return [
        ("Trips", str(len(rows)), float(len(rows))),
        ("Total trips length, km", f"{t['length']:.2f}", t["length"]),
        ("Travel time", _clock(t["seconds"], with_seconds=False), t["seconds"] / 60),
        ("Average speed, km/h", str(int(t["avg"])), float(t["avg"])),
        ("Max. speed, km/h", str(int(t["max"])), float(t["max"])),
    ]


def _seconds(rows: Sequence[dict[str, Any]]) -> float:
    return float(sum(r["duration"]["raw"] for r in rows))


def _stop_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    seconds = _seconds(rows)
    shown = _clock(seconds, with_seconds=plugin.show_seconds is True)
    return {"text": "In total:", "duration": _value(shown, seconds)}


def _stop_summary(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
    seconds = _seconds(rows)
    return [
        ("Stops", str(len(rows)), float(len(rows))),
        ("Total stop time", _clock(seconds, with_seconds=False), seconds / 60),
    ]


def _speeding_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    seconds = _seconds(rows)
    top = max(r["max_speed"]["raw"] for r in rows)
    shown = _clock(seconds, with_seconds=plugin.show_seconds is True)
    return {
        "text": "In total:",
        "duration": _value(shown, seconds),
        "max_speed": _value(str(int(top)), top),
    }


def _speeding_summary(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
    seconds = _seconds(rows)
    top = max((r["max_speed"]["raw"] for r in rows), default=0.0)
    return [
        ("Violations", str(len(rows)), float(len(rows))),
        ("Total violation time", _clock(seconds, with_seconds=False), seconds / 60),
        ("Max. speed, km/h", str(int(top)), top),
    ]


KINDS: Final[dict[int, _Kind]] = {
    4: _Kind("Trips", _trips, _TRIP_COLUMNS, _total_row, _trip_summary),
    6: _Kind("Stops", _stops, _STOP_COLUMNS, _stop_total, _stop_summary),
    27: _Kind("Speeding", _speeding, _SPEEDING_COLUMNS, _speeding_total, _speeding_summary),
}
"""The plugins the mock makes, by ID."""


def report_sheets(
    ctx: Context,
    trackers: Sequence[TrackerRecord],
    start: dt.datetime,
    end: dt.datetime,
    plugin: ReportPlugin,
    time_filter: TimeFilter,
) -> list[ReportSheet]:
    """The sheets of a report over ``start``..``end`` (world time), one per tracker; the
    plugin must be one of :data:`KINDS`."""
    kind = KINDS[plugin.plugin_id]
    sheets = []
    for source in sources(ctx, trackers, start, end):
        rows_by_day: dict[dt.date, list[dict[str, Any]]] = {}
        for when, row in kind.rows(ctx, source, plugin):
            if _passes(when, time_filter):
                rows_by_day.setdefault(when.date(), []).append(row)
        if not rows_by_day and plugin.hide_empty_tabs is True:
            continue
        sheets.append(_sheet(source.tracker, kind, rows_by_day, plugin))
    return sheets


def _sheet(
    tracker: TrackerRecord,
    kind: _Kind,
    rows_by_day: dict[dt.date, list[dict[str, Any]]],
    plugin: ReportPlugin,
) -> ReportSheet:
    data = [
        {
            "header": f"{day:%b} {day.day}, {day:%Y (%a)} : {len(rows)}",
            "rows": rows,
            "total": kind.total(rows, plugin),
        }
        for day, rows in sorted(rows_by_day.items())
    ]
    every = [row for rows in rows_by_day.values() for row in rows]
    columns = [
        {
            "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
            "weight": 3 if align == "left" else 0, "highlight_min_max": False,
        }
        for field, title, align in kind.columns
    ]  # fmt: skip
    table = {
        "type": "table", "header": kind.header, "columns": columns, "column_groups": [],
        "data": data,
    }  # fmt: skip
    summary = {
        "type": "map_table",
        "header": "Summary",
        "rows": [
            {"v": v, "raw": raw, "name": name, "highlight": False}
            for name, v, raw in kind.summary(every)
        ],
    }
    return ReportSheet(header=tracker.label, sections=[table, summary], entity_ids=[tracker.id])
