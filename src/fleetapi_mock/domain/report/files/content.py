"""A report's sections read for a file: tables, summaries, notes and charts as plain values.

Both file formats read a sheet's sections through :func:`blocks`, so that they show the same
things: a ``table``'s column titles, each day group's header, rows and total; a ``map_table``'s
named values; a ``text``; a ``chart``'s series of finite ``(x, y)`` points. A cell is read by
:func:`cell_of`: its text as the user reads it, and its number (``raw``) where the text is a
number, so that a workbook holds numbers where the report shows them and texts elsewhere (a
time, a duration, a place).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeGuard

import attrs

__all__ = [
    "Block",
    "Cell",
    "ChartBlock",
    "Column",
    "Group",
    "SummaryBlock",
    "TableBlock",
    "TextBlock",
    "blocks",
    "cell_of",
    "decimals",
]

_NUMBER: Final = re.compile(r"-?\d+(?:\.(\d+))?")


@attrs.frozen
class Cell:
    """A cell as a file writes it: the text shown, and the number behind it when the text is
    a number (``None`` for a time, a duration, a place or an empty cell)."""

    text: str
    number: float | None = None


EMPTY: Final = Cell("")


def cell_of(value: Any) -> Cell:
    """A report cell (``{"v": text, "raw": number}``), a plain text or a number, as a
    :class:`Cell`: the number is ``raw`` when the shown text is a number."""
    if isinstance(value, Mapping):
        text = value.get("v")
        shown = "" if text is None else str(text)
        raw = value.get("raw")
        if _NUMBER.fullmatch(shown) and _finite(raw):
            return Cell(shown, float(raw))
        return Cell(shown)
    if isinstance(value, bool) or value is None:
        return EMPTY if value is None else Cell(str(value).lower())
    if _finite(value):
        number = float(value)
        return Cell(str(int(number)) if number.is_integer() else str(number), number)
    return Cell(str(value))


def decimals(text: str) -> int:
    """How many decimals a number's text shows (``12.50``: 2)."""
    found = _NUMBER.fullmatch(text)
    return len(found.group(1)) if found and found.group(1) else 0


def _finite(value: object) -> TypeGuard[float]:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(float(value))
    )


@attrs.frozen
class Column:
    """A table column: its field, title (lines apart with ``\\n``), alignment and relative
    width."""

    field: str
    title: str
    right: bool
    width: float


@attrs.frozen
class Group:
    """A table's day group: its header (``Jan 14, 2026 (Wed) : 5``), rows and total (empty
    when the group has none)."""

    header: str
    rows: list[list[Cell]]
    total: list[Cell]


@attrs.frozen
class TableBlock:
    """A ``table`` section."""

    header: str
    columns: list[Column]
    groups: list[Group]

    @property
    def row_count(self) -> int:
        """The rows of every group."""
        return sum(len(g.rows) for g in self.groups)


@attrs.frozen
class SummaryBlock:
    """A ``map_table`` section: named values."""

    header: str
    rows: list[tuple[str, Cell]]


@attrs.frozen
class TextBlock:
    """A ``text`` section: a note."""

    header: str
    text: str


@attrs.frozen
class ChartBlock:
    """A ``chart`` section: its series' finite points along ``axis`` (``time``: x in UNIX
    milliseconds; ``mileage``: x in km)."""

    header: str
    axis: str
    series: list[tuple[str, list[tuple[float, float]]]]

    @property
    def points(self) -> int:
        """The points of every series."""
        return sum(len(points) for _, points in self.series)


Block = TableBlock | SummaryBlock | TextBlock | ChartBlock
"""A section as a file shows it."""


def blocks(sections: Sequence[Mapping[str, Any]]) -> list[Block]:
    """A sheet's sections as blocks, in their order; a section of an unknown type is left
    out."""
    found: list[Block] = []
    for section in sections:
        kind = section.get("type")
        header = _text(section.get("header"))
        if kind == "table":
            found.append(_table(header, section))
        elif kind == "map_table":
            rows = _list(section.get("rows"))
            found.append(
                SummaryBlock(header, [(_text(r.get("name")), cell_of(r)) for r in _maps(rows)])
            )
        elif kind == "text":
            found.append(TextBlock(header, _text(section.get("text"))))
        elif kind == "chart":
            found.append(_chart(header, section))
    return found


def _table(header: str, section: Mapping[str, Any]) -> TableBlock:
    columns = [
        Column(
            field=_text(c.get("field")),
            title=_text(c.get("title")),
            right=c.get("align") == "right",
            width=float(c["width"]) if _finite(c.get("width")) and c["width"] > 0 else 1.0,
        )
        for c in _maps(_list(section.get("columns")))
    ]
    groups = []
    for group in _maps(_list(section.get("data"))):
        rows = [
            [cell_of(row.get(c.field)) for c in columns] for row in _maps(_list(group.get("rows")))
        ]
        total = group.get("total")
        groups.append(
            Group(
                _text(group.get("header")),
                rows,
                _total(total, columns) if isinstance(total, Mapping) and total else [],
            )
        )
    return TableBlock(header, columns, groups)


def _total(total: Mapping[str, Any], columns: Sequence[Column]) -> list[Cell]:
    """A group's total as a row: each column's figure, its ``text`` (``In total:``) in the
    first column the total leaves empty."""
    cells = [cell_of(total.get(c.field)) for c in columns]
    label = _text(total.get("text"))
    if label:
        for index, cell in enumerate(cells):
            if not cell.text:
                cells[index] = Cell(label)
                break
    return cells


def _chart(header: str, section: Mapping[str, Any]) -> ChartBlock:
    series = []
    for line in _maps(_list(section.get("series"))):
        points = [
            (float(p[0]), float(p[1]))
            for p in _list(line.get("points"))
            if isinstance(p, Sequence) and len(p) == 2 and _finite(p[0]) and _finite(p[1])
        ]
        series.append((_text(line.get("title")), points))
    axis = "mileage" if section.get("x_axis") == "mileage" else "time"
    return ChartBlock(header, axis, series)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _maps(values: list[Any]) -> list[Mapping[str, Any]]:
    return [v for v in values if isinstance(v, Mapping)]
