"""The cells of a report's tables, and :class:`Kind`, how a plugin's sheet is made.

A cell is ``{"v": text, "raw": number, "type": "value"}``: the text as the user reads it, the
number behind it (a time as UNIX milliseconds of its point, a duration in seconds, a length in
km, a speed in km/h).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track import time_span
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import EmployeeRecord, TrackerRecord, TrackPointRecord

__all__ = [
    "CHART_POINTS", "Column", "Kind", "Request", "Rows", "Section", "chart", "clock",
    "duration_total", "moment", "place", "runs", "seconds_of", "served_points", "time_format",
    "value",
]  # fmt: skip

Rows = list[tuple[dt.datetime, dict[str, Any]]]
"""A sheet's rows, each with when it happened (the user's time) to group it by day."""

Section = dict[str, Any]
"""A section of a sheet: ``table``, ``map_table``, ``text`` or ``chart`` (its ``type``)."""

Column = tuple[str, str, str]
"""A table column: its field, its title, and its alignment (``left`` or ``right``)."""

_EPOCH = dt.datetime(1970, 1, 1)

CHART_POINTS: Final = 1000
"""The most points a chart's series keeps (see :func:`chart`)."""


def clock(seconds: float, *, with_seconds: bool) -> str:
    """A duration as ``HH:MM`` (``HH:MM:SS``)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    text = f"{hours:02d}:{rest // 60:02d}"
    return f"{text}:{rest % 60:02d}" if with_seconds else text


def time_format(plugin: ReportPlugin) -> str:
    """How a time of day is shown: with seconds when the plugin asks."""
    return "%H:%M:%S" if plugin.show_seconds is True else "%H:%M"


def value(text: str, raw: float, **more: Any) -> dict[str, Any]:
    """A cell: ``text`` shown, ``raw`` kept, and any more keys (``location``)."""
    return {"v": text, "raw": raw, "type": "value", **more}


def moment(point: TrackPointRecord) -> float:
    """A point's time as the ``raw`` of a cell: UNIX milliseconds."""
    return (point.get_time - _EPOCH).total_seconds() * 1000


def place(
    when: dt.datetime, address: str, point: TrackPointRecord, plugin: ReportPlugin
) -> dict[str, Any]:
    """A cell of where and when something began: ``when`` (the user's time) and ``address``
    shown, the point's position and time (UNIX milliseconds) kept."""
    shown = when.strftime(time_format(plugin))
    text = f"{shown} - {address}" if address else shown
    if plugin.show_coordinates is True:
        text += f" ({point.lat:.6f}, {point.lng:.6f})"
    return value(text, moment(point), location={"lat": point.lat, "lng": point.lng})


def seconds_of(rows: Sequence[dict[str, Any]]) -> float:
    """The rows' ``duration`` cells summed, in seconds."""
    return float(sum(r["duration"]["raw"] for r in rows))


def duration_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    """The ``total`` of a day's rows that last: their durations summed."""
    seconds = seconds_of(rows)
    shown = clock(seconds, with_seconds=plugin.show_seconds is True)
    return {"text": "In total:", "duration": value(shown, seconds)}


def served_points(ctx: Context, source: Source) -> Sequence[TrackPointRecord]:
    """The tracker's points in the served part of the source's period (found by bisection)."""
    if source.served is None:
        return ()
    points = ctx.world.points_of(source.tracker.id)
    first, last = time_span(points, *source.served)
    return points[first:last]


def runs(
    points: Iterable[TrackPointRecord], within: Callable[[TrackPointRecord], bool]
) -> Iterator[tuple[list[TrackPointRecord], TrackPointRecord]]:
    """The runs of consecutive points ``within`` a condition, each with where it ended: the
    first point after it that is not, or its own last point when the points end first (the
    moments the service's events of entering and leaving mark)."""
    run: list[TrackPointRecord] = []
    for point in points:
        if within(point):
            run.append(point)
        elif run:
            yield run, point
            run = []
    if run:
        yield run, run[-1]


def chart(
    header: str,
    axis: str,
    series: Sequence[tuple[str, Sequence[tuple[float, float]]]],
) -> Section:
    """A ``chart`` section: ``series`` of ``(x, y)`` points under a ``header``, along an
    ``axis`` of ``time`` (x in UNIX milliseconds, as a time cell's ``raw``) or ``mileage``
    (x in km). A series longer than :data:`CHART_POINTS` keeps, of each of as many equal runs
    of its points as half that, the lowest and the highest in their order, so that a drain or
    a peak stays on the chart."""
    return {
        "type": "chart",
        "header": header,
        "x_axis": axis,
        "series": [{"title": title, "points": _thin(points)} for title, points in series],
    }


def _thin(points: Sequence[tuple[float, float]]) -> list[list[float]]:
    if len(points) <= CHART_POINTS:
        return [[x, y] for x, y in points]
    buckets = CHART_POINTS // 2
    kept: list[list[float]] = []
    for n in range(buckets):
        run = points[n * len(points) // buckets : (n + 1) * len(points) // buckets]
        low = min(range(len(run)), key=lambda i: run[i][1])
        high = max(range(len(run)), key=lambda i: run[i][1])
        kept += [[run[i][0], run[i][1]] for i in sorted({low, high})]
    return kept


@attrs.frozen
class Request:
    """What a report was asked for: its subjects, period (world time), plugin and filter."""

    trackers: Sequence[TrackerRecord]
    """The trackers of the request, in its order, repeats dropped."""
    employees: Sequence[EmployeeRecord]
    """The employees of the request (reports by employees), in its order."""
    start: dt.datetime
    end: dt.datetime
    plugin: ReportPlugin
    time_filter: TimeFilter


def _no_check(ctx: Context, request: Request) -> None:
    """Accept every plugin's parameters."""


def _no_sections(ctx: Context, source: Source, plugin: ReportPlugin) -> list[Section]:
    """No more sections."""
    return []


@attrs.frozen
class Kind:
    """How a plugin's sheet is made: its rows, table columns, totals and summary."""

    header: str
    rows: Callable[[Context, Source, ReportPlugin], Rows]
    columns: Callable[[ReportPlugin], Sequence[Column]]
    total: Callable[[Sequence[dict[str, Any]], ReportPlugin], dict[str, Any]]
    summary: Callable[
        [Context, Sequence[dict[str, Any]], ReportPlugin], list[tuple[str, str, float]]
    ]
    check: Callable[[Context, Request], None] = _no_check
    """Refuse the request before anything is made: the plugin's parameters as documented,
    the entities they name (raising the API error)."""
    sections: Callable[[Context, Source, ReportPlugin], list[Section]] = _no_sections
    """More sections of a tracker's sheet after its summary: charts, notes."""
    decision: str = ""
    """How the mock makes the plugin's figures where the service's documentation is silent:
    a row of the decisions page and the plugin's entry on the reports page."""
    sheets: Callable[[Context, Request], list[ReportSheet]] | None = None
    """When set, makes the report's sheets itself (a report by employees), instead of a
    sheet per tracker from ``rows``."""
