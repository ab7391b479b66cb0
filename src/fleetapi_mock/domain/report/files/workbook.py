"""A report as an xlsx workbook (openpyxl).

Unless ``headless``, a ``Report`` worksheet first: the title, the plugin, the period, when the
report was made and its contents, each sheet linked. Then a worksheet per report sheet, named
after its header (unique and at most 31 characters, as Excel requires): the header, then each
section down the sheet: a table's column titles, each day's header row, its rows (numbers as
numbers, shown with the report's decimals; times, durations and places as the report shows
them) and its total row in bold; the summary's name/value rows; a note; a chart's points (x and
y columns per series) beside a native scatter chart of them, lines without markers.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from fleetapi_mock.domain.report.files.content import (
    Cell,
    ChartBlock,
    SummaryBlock,
    TableBlock,
    TextBlock,
    decimals,
)

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

    from fleetapi_mock.domain.report.files import FileReport, FileSheet

__all__ = ["COVER", "sheet_names", "xlsx"]

COVER: Final = "Report"
"""The name of the title worksheet."""

_MAX_NAME: Final = 31
_FORBIDDEN: Final = re.compile(r"[\\/?*\[\]:]")
_RESERVED: Final = frozenset({"history"})
_EPOCH: Final = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_MAX_TEXT: Final = 32767
"""The longest text an Excel cell holds."""
_CHART_ROWS: Final = 26
"""Rows a chart covers (12 cm high), so that the next section starts below it."""


def sheet_names(headers: Sequence[str], reserved: Iterable[str] = ()) -> list[str]:
    """A worksheet name per header: Excel's forbidden characters replaced, at most 31
    characters, never blank, unique regardless of case (a repeat gets `` (2)``), and none of
    ``reserved``."""
    taken = {name.casefold() for name in reserved} | _RESERVED
    names = []
    for header in headers:
        base = _FORBIDDEN.sub("_", " ".join(header.split())).strip("'").strip() or "Sheet"
        name = base[:_MAX_NAME].rstrip("' ")
        number = 1
        while name.casefold() in taken:
            number += 1
            suffix = f" ({number})"
            name = base[: _MAX_NAME - len(suffix)].rstrip("' ") + suffix
        taken.add(name.casefold())
        names.append(name)
    return names


def xlsx(report: FileReport) -> bytes:
    """The report as an xlsx workbook."""
    from openpyxl import Workbook

    workbook = Workbook()
    cover = workbook.active
    assert cover is not None
    cover.title = COVER
    names = sheet_names([s.header for s in report.sheets], reserved=[COVER])
    for sheet, name in zip(report.sheets, names, strict=True):
        _Writer(workbook.create_sheet(name), report.time_zone).sheet(sheet)
    if not report.headless or not report.sheets:
        _cover(cover, report, names)
    else:
        workbook.remove(cover)
    workbook.properties.created = report.created
    workbook.properties.modified = report.created
    workbook.properties.title = report.title
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _cover(worksheet: Worksheet, report: FileReport, names: Sequence[str]) -> None:
    """The title worksheet: the title, the plugin, the period, when made, and the contents
    (each sheet linked, with its sections' headers)."""
    from openpyxl.styles import Font
    from openpyxl.worksheet.hyperlink import Hyperlink

    writer = _Writer(worksheet, report.time_zone)
    writer.put(1, report.title, font=Font(bold=True, size=16))
    writer.row += 1
    for name, shown in (
        ("Report", report.plugin),
        ("Period", report.period),
        ("Made", f"{report.created:%Y-%m-%d %H:%M}"),
    ):
        writer.put(1, name, font=writer.styles.bold)
        writer.put(2, shown)
        writer.row += 1
    writer.row += 1
    writer.put(1, "Contents", font=Font(bold=True, size=12))
    writer.row += 1
    if not report.sheets:
        writer.put(1, "The report has no sheets: nothing was found for its period.")
    for sheet, name in zip(report.sheets, names, strict=True):
        link = writer.put(1, sheet.header)
        quoted = name.replace("'", "''")
        link.hyperlink = Hyperlink(ref=link.coordinate, location=f"'{quoted}'!A1")
        link.style = "Hyperlink"
        writer.put(2, ", ".join(b.header for b in sheet.blocks if b.header))
        writer.row += 1
    writer.finish()


class _Styles:
    """The styles of a workbook's cells, made once (openpyxl is imported when writing)."""

    def __init__(self) -> None:
        from openpyxl.styles import Alignment, Font, PatternFill

        self.bold = Font(bold=True)
        self.heading = Font(bold=True, size=14)
        self.section = Font(bold=True, size=12)
        self.day = Font(bold=True, italic=True)
        self.titles_fill = PatternFill("solid", fgColor="D9D9D9")
        self.day_fill = PatternFill("solid", fgColor="F2F2F2")
        self.wrap = Alignment(wrap_text=True, vertical="top")
        self.right = Alignment(horizontal="right")


@functools.cache
def _styles() -> _Styles:
    """The styles, made on first use (openpyxl is imported when a workbook is written)."""
    return _Styles()


class _Writer:
    """Writes blocks down a worksheet, one row after another, keeping each column's width."""

    def __init__(self, sheet: Worksheet, time_zone: dt.tzinfo) -> None:
        self.ws = sheet
        self.zone = time_zone
        self.row = 1
        self.widths: dict[int, int] = {}
        self.styles = _styles()

    def put(self, column: int, value: Any, *, font: Any = None, fill: Any = None) -> Any:
        """Write a value at ``column`` of the current row (a text as text, never as a
        formula)."""
        if isinstance(value, str):
            value = _clean(value)
        cell = self.ws.cell(row=self.row, column=column, value=value)
        if isinstance(value, str):
            cell.data_type = "s"
            width = max((len(line) for line in value.split("\n")), default=0)
        else:
            width = 12 if isinstance(value, dt.datetime) else len(f"{value:g}")
        if width > self.widths.get(column, 0):
            self.widths[column] = width
        if font is not None:
            cell.font = font
        if fill is not None:
            cell.fill = fill
        return cell

    def value(self, column: int, cell: Cell, *, font: Any = None, fill: Any = None) -> None:
        """Write a report cell: its number when it has one (shown with its decimals), else
        its text."""
        if cell.number is None:
            if cell.text:
                self.put(column, cell.text, font=font, fill=fill)
            elif fill is not None:
                self.ws.cell(row=self.row, column=column).fill = fill
            return
        written = self.put(column, cell.number, font=font, fill=fill)
        places = decimals(cell.text)
        written.number_format = f"0.{'0' * places}" if places else "0"
        self.widths[column] = max(self.widths.get(column, 0), len(cell.text))

    def sheet(self, sheet: FileSheet) -> None:
        """A report sheet: its header, then its blocks."""
        self.put(1, sheet.header, font=self.styles.heading)
        self.row += 2
        for block in sheet.blocks:
            if block.header:
                self.put(1, block.header, font=self.styles.section)
                self.row += 1
            if isinstance(block, TableBlock):
                self.table(block)
            elif isinstance(block, SummaryBlock):
                for name, cell in block.rows:
                    self.put(1, name)
                    self.value(2, cell)
                    self.row += 1
            elif isinstance(block, TextBlock):
                self.put(1, block.text).alignment = self.styles.wrap
                self.row += 1
            else:
                self.chart(block)
            self.row += 1
        self.finish()

    def table(self, table: TableBlock) -> None:
        """Column titles, then each day group: its header, rows and bold total."""
        styles = self.styles
        for index, column in enumerate(table.columns, start=1):
            written = self.put(index, column.title, font=styles.bold, fill=styles.titles_fill)
            written.alignment = styles.wrap
        self.ws.row_dimensions[self.row].height = 15 * max(
            (c.title.count("\n") + 1 for c in table.columns), default=1
        )
        self.row += 1
        for group in table.groups:
            if group.header:
                self.put(1, group.header, font=styles.day, fill=styles.day_fill)
                for index in range(2, len(table.columns) + 1):
                    self.ws.cell(row=self.row, column=index).fill = styles.day_fill
                self.row += 1
            for row in group.rows:
                for index, cell in enumerate(row, start=1):
                    self.value(index, cell)
                self.row += 1
            if group.total:
                for index, cell in enumerate(group.total, start=1):
                    self.value(index, cell, font=styles.bold)
                self.row += 1

    def chart(self, block: ChartBlock) -> None:
        """The chart's points, two columns (x, y) per series under their titles, and a
        scatter chart of them to their right."""
        from openpyxl.chart import Reference, ScatterChart, Series

        lines = [(title, points) for title, points in block.series if points]
        if not lines:
            self.put(1, "No data for the chart.")
            self.row += 1
            return
        axis = "Time" if block.axis == "time" else "Mileage, km"
        top = self.row
        chart = ScatterChart()
        chart.title = block.header or None
        chart.style = 13
        chart.height, chart.width = 12, 24
        chart.x_axis.title = axis
        chart.x_axis.delete = False
        chart.y_axis.delete = False
        if chart.legend is not None:
            chart.legend.position = "b"
        for number, (title, points) in enumerate(lines):
            x_column = 1 + 2 * number
            self.row = top
            self.put(x_column, axis, font=self.styles.bold)
            self.put(x_column + 1, title or f"Series {number + 1}", font=self.styles.bold)
            for x, y in points:
                self.row += 1
                written = self.put(x_column, self._x(block.axis, x))
                if block.axis == "time":
                    written.number_format = "yyyy-mm-dd hh:mm:ss"
                self.put(x_column + 1, y)
            end = top + len(points)
            xs = Reference(self.ws, min_col=x_column, min_row=top + 1, max_row=end)
            ys = Reference(self.ws, min_col=x_column + 1, min_row=top, max_row=end)
            series = Series(ys, xs, title_from_data=True)
            series.marker.symbol = "none"
            series.smooth = False
            chart.series.append(series)
        chart.x_axis.number_format = self._x_format(block)
        from openpyxl.utils import get_column_letter

        self.ws.add_chart(chart, f"{get_column_letter(2 * len(lines) + 2)}{top}")
        longest = max(len(points) for _, points in lines)
        self.row = top + max(longest + 1, _CHART_ROWS)

    def _x(self, axis: str, x: float) -> float | dt.datetime:
        """A chart's x as written: a time in the report's zone, or km."""
        if axis != "time":
            return x
        moment = _EPOCH + dt.timedelta(milliseconds=x)
        return moment.astimezone(self.zone).replace(tzinfo=None)

    @staticmethod
    def _x_format(block: ChartBlock) -> str:
        if block.axis != "time":
            return "0"
        xs = [x for _, points in block.series for x, _ in points]
        return "mmm d" if max(xs) - min(xs) > 2 * 86_400_000 else "hh:mm"

    def finish(self) -> None:
        """Set each column's width from its longest text (at most 60 characters)."""
        from openpyxl.utils import get_column_letter

        for column, width in self.widths.items():
            self.ws.column_dimensions[get_column_letter(column)].width = min(width + 2, 60)


def _clean(text: str) -> str:
    """A text Excel can hold: no control characters, at most 32,767 characters."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    cleaned = ILLEGAL_CHARACTERS_RE.sub("", text)
    return cleaned[:_MAX_TEXT]
