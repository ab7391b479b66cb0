"""The report plugins of movement: trips (4), stops (6) and speeding (27).

The trips report has a row per track ``asset/track/list`` answers for the same tracker, period
and ``filter`` and ``split`` options: the trip's start and end, length, average and top speed,
its ``time`` from its first to its last point; each day's total length is the day's mileage.
The stops report has a row per stop between two of those trips (split): from the end of one to
the start of the next, where the first ended. The speeding report has a row per run of the
tracker's points faster than ``max_speed``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Final

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin
from fleetapi.models.track import MergedTrack, RegularTrack, TrackListOptions
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    clock,
    duration_total,
    moment,
    place,
    runs,
    seconds_of,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.track.answer import Source, track_infos
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["DEFAULT_MAX_SPEED", "SPEEDING", "STOPS", "TRIPS"]

DEFAULT_MAX_SPEED: Final = 60
"""The speed limit of a speeding report whose plugin gives no ``max_speed`` (km/h)."""

_STOP_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Stop start", "left"),
    ("to", "Stop end", "left"),
    ("duration", "Duration", "right"),
)

_SPEEDING_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Violation start", "left"),
    ("to", "Violation end", "left"),
    ("duration", "Duration", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
)

_TRIP_COLUMNS: Final[tuple[Column, ...]] = (
    ("from", "Movement start", "left"),
    ("to", "Movement end", "left"),
    ("length", "Total trips length,\nkm", "right"),
    ("time", "Travel time", "right"),
    ("avg_speed", "Average speed,\nkm/h", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
)

_Ends = tuple[TrackPointRecord, TrackPointRecord]


def _trip_row(
    track: RegularTrack | MergedTrack, points: _Ends, plugin: ReportPlugin
) -> dict[str, Any]:
    first, last = points
    seconds = (track.end_date - track.start_date).total_seconds()
    return {
        "from": place(track.start_date, track.start_address, first, plugin),
        "to": place(track.end_date, track.end_address, last, plugin),
        "time": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        "length": value(f"{track.length:.2f}", track.length),
        "avg_speed": value(str(track.avg_speed), float(track.avg_speed)),
        "max_speed": value(str(track.max_speed), float(track.max_speed)),
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


def _trip_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    t = _totals(rows)
    shown = plugin.show_seconds is True
    return {
        "text": "In total:",
        "time": value(clock(t["seconds"], with_seconds=shown), t["seconds"]),
        "length": value(f"{t['length']:.2f}", t["length"]),
        "avg_speed": value(str(int(t["avg"])), float(t["avg"])),
        "max_speed": value(str(int(t["max"])), float(t["max"])),
    }


def _journeys(
    ctx: Context, source: Source, plugin: ReportPlugin, *, split: bool | Unset
) -> list[tuple[RegularTrack | MergedTrack, _Ends]]:
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
    found: list[tuple[RegularTrack | MergedTrack, _Ends]] = []
    for track in track_infos(ctx, source, options)[0]:
        if isinstance(track, RegularTrack):
            found.append((track, ends[track.id]))
        elif isinstance(track, MergedTrack):  # from the first trip's start to the last's end
            found.append((track, (ends[min(ends)][0], ends[max(ends)][1])))
    return found


def _trips(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    return [
        (track.start_date, _trip_row(track, points, plugin))
        for track, points in _journeys(ctx, source, plugin, split=plugin.split)
    ]


def _trip_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    t = _totals(rows)
    return [
        ("Trips", str(len(rows)), float(len(rows))),
        ("Total trips length, km", f"{t['length']:.2f}", t["length"]),
        ("Travel time", clock(t["seconds"], with_seconds=False), t["seconds"] / 60),
        ("Average speed, km/h", str(int(t["avg"])), float(t["avg"])),
        ("Max. speed, km/h", str(int(t["max"])), float(t["max"])),
    ]


def _stops(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The stops between consecutive trips: from a trip's end to the next one's start."""
    journeys = _journeys(ctx, source, plugin, split=True)
    fmt = time_format(plugin)
    rows = []
    for (before, (_, last)), (after, (first, _)) in itertools.pairwise(journeys):
        seconds = (after.start_date - before.end_date).total_seconds()
        row = {
            "from": place(before.end_date, before.end_address, last, plugin),
            "to": value(after.start_date.strftime(fmt), moment(first)),
            "duration": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
        }
        rows.append((before.end_date, row))
    return rows


def _stop_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    return [
        ("Stops", str(len(rows)), float(len(rows))),
        ("Total stop time", clock(seconds, with_seconds=False), seconds / 60),
    ]


def _speeding(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The violations: runs of the tracker's points faster than ``max_speed``, from the first
    such point to the first slower one after it, lasting at least ``min_duration_minutes``."""
    limit = plugin.max_speed if isinstance(plugin.max_speed, int) else DEFAULT_MAX_SPEED
    minutes = plugin.min_duration_minutes
    least = 60 * (minutes if isinstance(minutes, int) else 0)  # seconds: any size compares
    points = served_points(ctx, source)
    fmt = time_format(plugin)
    rows = []
    for run, end in runs(points, lambda p: p.speed > limit):
        if (end.get_time - run[0].get_time).total_seconds() < least:
            continue
        seconds = (end.get_time - run[0].get_time).total_seconds()
        top = max(p.speed for p in run)
        start = ctx.user_time(run[0].get_time)
        row = {
            "from": place(start, run[0].address, run[0], plugin),
            "to": value(ctx.user_time(end.get_time).strftime(fmt), moment(end)),
            "duration": value(clock(seconds, with_seconds=fmt.endswith("S")), seconds),
            "max_speed": value(str(top), float(top)),
        }
        rows.append((start, row))
    return rows


def _speeding_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    top = max(r["max_speed"]["raw"] for r in rows)
    return {**duration_total(rows, plugin), "max_speed": value(str(int(top)), top)}


def _speeding_summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    top = max((r["max_speed"]["raw"] for r in rows), default=0.0)
    return [
        ("Violations", str(len(rows)), float(len(rows))),
        ("Total violation time", clock(seconds, with_seconds=False), seconds / 60),
        ("Max. speed, km/h", str(int(top)), top),
    ]


TRIPS: Final = Kind(
    "Trips",
    _trips,
    lambda _: _TRIP_COLUMNS,
    _trip_total,
    _trip_summary,
    decision=(
        "Each row is a track `asset/track/list` answers for the tracker over the same period "
        "with the plugin's `filter` and `split` (single reports and clusters are not trips): "
        "its start and end with their addresses, its `length`, `avg_speed` and `max_speed`; "
        "`time` is from its first to its last point in seconds. Rows are grouped by the day "
        "of their start (the user's time zone), each day with its `total` (summed time and "
        "length, the top speed, length over time as the average); the `map_table` summary "
        "adds them all up (`Travel time` raw in minutes, as documented). A test compares "
        "them with `asset/track/list`."
    ),
)
"""The trips report (plugin 4)."""

STOPS: Final = Kind(
    "Stops",
    _stops,
    lambda _: _STOP_COLUMNS,
    duration_total,
    _stop_summary,
    decision=(
        "A row per stop between two consecutive trips of the tracker in the period (as "
        "`asset/track/list` answers them, split, with the plugin's `filter`: short trips "
        "filtered out become part of the stops): from the end of one trip (its address and "
        "last point) to the start of the next, its `duration` in seconds. A stop counts on "
        "the day and hour it starts. The summary counts the stops and their time (raw in "
        "minutes)."
    ),
)
"""The stops report (plugin 6)."""

SPEEDING: Final = Kind(
    "Speeding",
    _speeding,
    lambda _: _SPEEDING_COLUMNS,
    _speeding_total,
    _speeding_summary,
    decision=(
        "A violation is a run of the tracker's points (in the period) faster than "
        "`max_speed` (60 km/h when not given), from the first of them to the first slower "
        "point after it (or the run's last point), kept when it lasts at least "
        "`min_duration_minutes` (the documentation's name: minutes, though its text says "
        "seconds; 0 when not given). Its `max_speed` is the run's top speed. A test checks "
        "the violations against the tracker's `speeding` events of the period."
    ),
)
"""The speeding report (plugin 27)."""
