"""The trips and stops by shifts report (plugin 77): the rows of the trips and the stops
reports (:mod:`~fleetapi_mock.domain.report.movement`), each in the shift its start falls in.

A shift is a window of the user's day from its ``start_time`` up to (not including) its
``end_time``; an end before the start runs past midnight, and an end in the day's last minute
(``23:59``) runs to midnight, as the documentation's whole-day shift ``00:00``-``23:59``
means. Trips and stops starting outside every shift are left out. Without
``split_at_midnight`` a shift running past midnight is one shift of the day it starts on: its
rows after midnight count on that day; with it, they count on their own day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.report import ReportPlugin, ReportShift
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.report.cells import Column, Kind, Request, Rows, clock, value
from fleetapi_mock.domain.report.movement import STOPS, TRIPS
from fleetapi_mock.domain.track.answer import Source

__all__ = ["MAX_SHIFTS", "TRIPS_AND_STOPS_BY_SHIFTS", "ShiftWindow", "shift_windows"]

MAX_SHIFTS: Final = 4
"""The most shifts a report takes (the service's plugin documentation: 1 to 4)."""

_DAY: Final = 24 * 3600
_LAST_MINUTE: Final = _DAY - 60

_COLUMNS: Final[tuple[Column, ...]] = (
    ("shift", "Shift", "left"),
    ("type", "Type", "left"),
    ("from", "Start", "left"),
    ("to", "End", "left"),
    ("length", "Length,\nkm", "right"),
    ("time", "Travel time", "right"),
    ("stop_time", "Stop time", "right"),
    ("avg_speed", "Average speed,\nkm/h", "right"),
    ("max_speed", "Max. speed,\nkm/h", "right"),
)
_BLANK: Final = {"v": "", "raw": 0.0, "type": "value"}


def _seconds(clock_text: str) -> int:
    """A time of day (``HH:MM`` or ``HH:MM:SS``) in seconds from midnight."""
    hours, minutes, *rest = (int(part) for part in clock_text.split(":"))
    return hours * 3600 + minutes * 60 + (rest[0] if rest else 0)


@attrs.frozen
class ShiftWindow:
    """A shift as seconds of the user's day: from ``start`` up to ``end`` (before ``start``:
    past midnight; :data:`_DAY`: to midnight)."""

    name: str
    start: int
    end: int

    @property
    def spans(self) -> list[tuple[int, int]]:
        """The shift as spans of one day, the part before midnight first."""
        if self.start < self.end:
            return [(self.start, self.end)]
        return [(self.start, _DAY), (0, self.end)]

    def holds(self, second: int) -> bool:
        """Whether the second of the day ``second`` falls in the shift."""
        if self.start < self.end:
            return self.start <= second < self.end
        return second >= self.start or second < self.end


def shift_windows(shifts: Sequence[ReportShift]) -> list[ShiftWindow]:
    """The shifts as windows (an end in the day's last minute is midnight)."""
    windows = []
    for shift in shifts:
        end = _seconds(shift.end_time)
        windows.append(
            ShiftWindow(shift.name, _seconds(shift.start_time), end if end < _LAST_MINUTE else _DAY)
        )
    return windows


def _check(ctx: Context, request: Request) -> None:
    """Refuse (code 7) a report without shifts, with more than :data:`MAX_SHIFTS`, or with a
    shift without a name, named twice, ending when it starts, or overlapping another."""
    shifts = request.plugin.shifts
    if isinstance(shifts, Unset) or not shifts:
        raise invalid("plugin.shifts", "is required: the shifts of the report")
    if len(shifts) > MAX_SHIFTS:
        raise invalid("plugin.shifts", f"takes at most {MAX_SHIFTS} shifts")
    windows = shift_windows(shifts)
    for n, window in enumerate(windows):
        where = f"plugin.shifts[{n}]"
        if not window.name.strip():
            raise invalid(f"{where}.name", "must not be blank")
        if window.name in (w.name for w in windows[:n]):
            raise invalid(f"{where}.name", "names another shift too")
        if window.start == window.end:
            raise invalid(f"{where}.end_time", "must not be the start_time")
        for other in windows[:n]:
            if any(max(a, c) < min(b, d) for a, b in window.spans for c, d in other.spans):
                raise invalid(f"{where}.start_time", f"overlaps the shift {other.name!r}")


def _placed(
    when: dt.datetime, windows: Sequence[ShiftWindow], plugin: ReportPlugin
) -> tuple[dt.datetime, int] | None:
    """The shift a row starting at ``when`` (the user's time) falls in, and when it counts:
    the day before, for the part after midnight of a shift without ``split_at_midnight``."""
    second = when.hour * 3600 + when.minute * 60 + when.second
    for n, window in enumerate(windows):
        if window.holds(second):
            after_midnight = window.end < window.start and second < window.end
            if after_midnight and plugin.split_at_midnight is not True:
                return when - dt.timedelta(days=1), n
            return when, n
    return None


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The trips and the stops in time order, each with its shift; none outside them."""
    windows = shift_windows(plugin.shifts if isinstance(plugin.shifts, list) else [])
    movement = attrs.evolve(plugin, split=UNSET)  # the trips report's default, split at stops
    found: list[tuple[tuple[float, int], dt.datetime, dict[str, Any]]] = []
    for when, row in TRIPS.rows(ctx, source, movement):
        placed = _placed(when, windows, plugin)
        if placed is not None:
            counted, n = placed
            trip = {**row, "stop_time": _BLANK}
            found.append(((row["from"]["raw"], 0), counted, _with(windows, n, "Trip", trip)))
    for when, row in STOPS.rows(ctx, source, movement):
        placed = _placed(when, windows, plugin)
        if placed is not None:
            counted, n = placed
            stop = {
                "from": row["from"], "to": row["to"], "length": _BLANK, "time": _BLANK,
                "stop_time": row["duration"], "avg_speed": _BLANK, "max_speed": _BLANK,
            }  # fmt: skip
            found.append(((row["from"]["raw"], 1), counted, _with(windows, n, "Stop", stop)))
    found.sort(key=lambda item: item[0])
    return [(counted, row) for _, counted, row in found]


def _with(
    windows: Sequence[ShiftWindow], n: int, kind: str, cells: dict[str, Any]
) -> dict[str, Any]:
    return {
        "shift": value(windows[n].name, float(n + 1)),
        "type": value(kind, 1.0 if kind == "Trip" else 2.0),
        **cells,
    }


def _figures(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    trips = [r for r in rows if r["type"]["v"] == "Trip"]
    seconds = float(sum(r["time"]["raw"] for r in trips))
    length = round(sum(r["length"]["raw"] for r in trips), 3)
    return {
        "trips": float(len(trips)),
        "length": length,
        "time": seconds,
        "avg": float(round(length / (seconds / 3600))) if seconds else 0.0,
        "max": max((r["max_speed"]["raw"] for r in trips), default=0.0),
        "stops": float(len(rows) - len(trips)),
        "stop_time": float(sum(r["stop_time"]["raw"] for r in rows)),
    }


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    f = _figures(rows)
    shown = plugin.show_seconds is True
    return {
        "text": "In total:",
        "length": value(f"{f['length']:.2f}", f["length"]),
        "time": value(clock(f["time"], with_seconds=shown), f["time"]),
        "stop_time": value(clock(f["stop_time"], with_seconds=shown), f["stop_time"]),
        "avg_speed": value(str(int(f["avg"])), f["avg"]),
        "max_speed": value(str(int(f["max"])), f["max"]),
    }


def _figure_lines(prefix: str, f: dict[str, float]) -> list[tuple[str, str, float]]:
    return [
        (f"{prefix}Trips", str(int(f["trips"])), f["trips"]),
        (f"{prefix}Total trips length, km", f"{f['length']:.2f}", f["length"]),
        (f"{prefix}Travel time", clock(f["time"], with_seconds=False), f["time"] / 60),
        (f"{prefix}Stops", str(int(f["stops"])), f["stops"]),
        (
            f"{prefix}Total stop time",
            clock(f["stop_time"], with_seconds=False),
            f["stop_time"] / 60,
        ),
    ]


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The trips' and stops' figures, then each shift's."""
    found = _figure_lines("", _figures(rows))
    windows = shift_windows(plugin.shifts if isinstance(plugin.shifts, list) else [])
    for n, window in enumerate(windows):
        mine = [r for r in rows if r["shift"]["raw"] == n + 1]
        found += _figure_lines(f"{window.name}: ", _figures(mine))
    return found


TRIPS_AND_STOPS_BY_SHIFTS: Final = Kind(
    "Trips and stops by shifts",
    _rows,
    lambda _: _COLUMNS,
    _total,
    _summary,
    _check,
    decision=(
        "`shifts` is required (code 7 without it), 1 to 4 of them (the limit of the "
        "service's plugin documentation), each with a name not blank nor another's, not "
        "ending when it starts, not overlapping another. A shift runs from its `start_time` "
        "up to its `end_time` on the user's clock, past midnight when the end comes first; "
        "an end in the day's last minute (`23:59`) runs to midnight, as the documentation's "
        "whole-day shift `00:00`-`23:59` means. The rows are those of the trips and stops "
        "reports (the same trips, with the plugin's `filter`, `show_coordinates` and "
        "`show_seconds`), a trip or stop in the shift its start falls in, none outside every "
        "shift, in time order with their shift and type. Without `split_at_midnight`, the "
        "rows of a shift after midnight count on the day the shift began (its group, and the "
        "time filter's weekday); with it, on their own day. Each day's total and the summary "
        "sum the trips (count, km, travel time, average and top speed) and the stops (count, "
        "time), the summary also for each shift (times raw in minutes)."
    ),
)
"""The trips and stops by shifts report (plugin 77)."""
