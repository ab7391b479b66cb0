"""Pieces of the sensor reports' sheets beyond their rows: a table section of their own (the
figures of each day), a number as a cell, and :class:`SheetMemo`, which hands what a sheet's
rows were made from to its more sections, so that it is computed once per sheet.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.report.cells import CHART_POINTS, Column, Section, value
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["SheetMemo", "amount", "blank", "sampled", "series", "table"]

_T = TypeVar("_T")

_KEPT: Final = 16
"""The most sheets a memo holds (those whose more sections were never asked for go)."""


def amount(number: float, places: int = 2) -> dict[str, Any]:
    """A cell of a number: shown with ``places`` decimals, kept rounded to 6."""
    return value(f"{number:.{places}f}", round(number, 6))


def blank() -> dict[str, Any]:
    """An empty cell (a figure that does not apply to the row)."""
    return value("", 0.0)


def series(
    points: Sequence[TrackPointRecord],
    ys: Sequence[float],
    x: Callable[[TrackPointRecord], float],
) -> list[tuple[float, float]]:
    """A chart series of the ``ys`` at ``points``: the points :func:`~fleetapi_mock.domain.
    report.cells.chart` keeps of a long series (the lowest and highest ``y`` of each of as many
    equal runs as half :data:`~fleetapi_mock.domain.report.cells.CHART_POINTS`, in their
    order), picked before their ``x`` is worked out, so that a month of points costs what a
    thousand do; each ``y`` rounded to 6 places."""
    count = len(ys)
    if count <= CHART_POINTS:
        return [(x(point), round(y, 6)) for point, y in zip(points, ys, strict=True)]
    buckets = CHART_POINTS // 2
    kept: list[int] = []
    for n in range(buckets):
        low, high = n * count // buckets, (n + 1) * count // buckets
        run = ys[low:high]
        kept += sorted({low + run.index(min(run)), low + run.index(max(run))})
    return [(x(points[i]), round(ys[i], 6)) for i in kept]


def sampled(points: Sequence[TrackPointRecord]) -> Sequence[TrackPointRecord]:
    """At most :data:`~fleetapi_mock.domain.report.cells.CHART_POINTS` of the points, evenly
    spaced among them, the first and the last kept: enough to chart a figure that only grows
    (the km driven)."""
    count = len(points)
    if count <= CHART_POINTS:
        return points
    step = (count - 1) / (CHART_POINTS - 1)
    return [points[round(n * step)] for n in range(CHART_POINTS)]


def table(
    header: str,
    columns: Sequence[Column],
    rows: list[dict[str, Any]],
    total: dict[str, Any],
) -> Section:
    """A ``table`` section of one group of ``rows`` with its ``total``."""
    return {
        "type": "table",
        "header": header,
        "columns": [
            {
                "align": align, "field": field, "title": title,
                "width": 4 if align == "left" else 1, "weight": 3 if align == "left" else 0,
                "highlight_min_max": False,
            }
            for field, title, align in columns
        ],
        "column_groups": [],
        "data": [{"header": "", "rows": rows, "total": total}],
    }  # fmt: skip


class SheetMemo(Generic[_T]):
    """What a sheet is made from, computed once: a kind's ``rows`` and ``sections`` are asked
    for the same source and plugin one after the other, and the first to ask makes it.

    Each entry holds its source and plugin, so that no other object can take their IDs while
    it is kept; the last to ask takes the entry away.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int], tuple[Source, ReportPlugin, _T]] = {}
        self._lock = threading.Lock()

    def get(
        self,
        source: Source,
        plugin: ReportPlugin,
        make: Callable[[], _T],
        *,
        last: bool = False,
    ) -> _T:
        """The sheet's figures, made by ``make`` unless kept; with ``last`` not kept after."""
        key = (id(source), id(plugin))
        with self._lock:
            found = self._kept.pop(key, None)
        if found is not None and found[0] is source and found[1] is plugin:
            made = found[2]
        else:
            made = make()
        if not last:
            with self._lock:
                while len(self._kept) >= _KEPT:
                    del self._kept[next(iter(self._kept))]
                self._kept[key] = (source, plugin, made)
        return made
