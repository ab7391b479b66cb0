"""File exports of listings: XLSX workbooks (openpyxl) and PDF reports (fpdf2).

A listing that can answer a file builds an :class:`Export`: a title, column headings and rows
of plain values (texts, numbers, naive date/times already in the caller's time zone), then
asks for the format it was given. ``checkin/list`` with ``format`` uses it.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from typing import Final

import attrs

from fleetapi._converter import format_datetime
from fleetapi._endpoint import EXPORT_MEDIA_TYPES, ExportFormat

__all__ = ["CONTENT_TYPES", "Cell", "Export", "ExportFormat", "sections"]

CONTENT_TYPES: Final[dict[str, str]] = EXPORT_MEDIA_TYPES
"""The content type of each export format."""

Cell = str | int | float | dt.datetime | None
"""A value of an exported table's cell."""


@attrs.frozen(kw_only=True)
class Export:
    """A table to export.

    Attributes:
        title: The sheet's name and the report's heading.
        subtitle: A line under the report's heading (the period, the time of the export).
        headings: The column headings.
        rows: The rows, one value per column.
        created: The document's creation time (the world's, in the caller's time zone).
        widths: Relative column widths of the report (equal when not given).
    """

    title: str
    subtitle: str = ""
    headings: Sequence[str]
    rows: Sequence[Sequence[Cell]]
    created: dt.datetime
    widths: Sequence[int] | None = None

    def render(self, fmt: ExportFormat) -> bytes:
        """The document in ``fmt``."""
        return self.xlsx() if fmt == "xlsx" else self.pdf()

    def xlsx(self) -> bytes:
        """A workbook of one sheet: a bold heading row, then the rows; date/times as dates."""
        from openpyxl import Workbook
        from openpyxl.styles import Font
        from openpyxl.utils import get_column_letter

        workbook = Workbook()
        sheet = workbook.active
        assert sheet is not None
        sheet.title = self.title[:31]
        sheet.append(list(self.headings))
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in self.rows:
            sheet.append(list(row))
        for index, heading in enumerate(self.headings, start=1):
            width = max([len(heading), *(len(_text(r[index - 1])) for r in self.rows)])
            sheet.column_dimensions[get_column_letter(index)].width = min(width + 2, 60)
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                if isinstance(cell.value, dt.datetime):
                    cell.number_format = "yyyy-mm-dd hh:mm:ss"
        sheet.freeze_panes = "A2"
        workbook.properties.created = self.created
        workbook.properties.modified = self.created
        workbook.properties.title = self.title
        buffer = io.BytesIO()
        workbook.save(buffer)
        return buffer.getvalue()

    def pdf(self) -> bytes:
        """A landscape A4 report: the heading, the subtitle, then the table.

        The built-in PDF fonts cover Latin-1 only: other characters are written as ``?``.
        Line breaks and tabs become spaces, and texts longer than
        :data:`PDF_CELL_CHARACTERS` are cut, so that every row fits on a page.
        """
        from fpdf import FPDF

        pdf = FPDF(orientation="landscape", format="A4")
        pdf.set_creation_date(self.created.replace(tzinfo=dt.timezone.utc))
        pdf.set_title(self.title)
        pdf.set_auto_page_break(auto=True, margin=12)
        pdf.add_page()
        pdf.set_font("Helvetica", style="B", size=16)
        pdf.cell(text=_latin1(self.title), new_x="LMARGIN", new_y="NEXT")
        if self.subtitle:
            pdf.set_font("Helvetica", size=9)
            pdf.cell(text=_latin1(self.subtitle), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        pdf.set_font("Helvetica", size=8)
        widths = tuple(self.widths) if self.widths else None
        with pdf.table(
            first_row_as_headings=True, line_height=5, col_widths=widths, text_align="LEFT"
        ) as table:
            table.row([_latin1(h) for h in self.headings])
            for values in self.rows:
                table.row([_pdf_cell(_text(v)) for v in values])
        return bytes(pdf.output())


def _text(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return format_datetime(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _latin1(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


PDF_CELL_CHARACTERS: Final = 300
"""Longer texts are cut in a report's cells (the workbook keeps them whole): a row must fit
on a page."""


def _pdf_cell(text: str) -> str:
    flat = " ".join(text.split())
    if len(flat) > PDF_CELL_CHARACTERS:
        flat = flat[: PDF_CELL_CHARACTERS - 3].rstrip() + "..."
    return _latin1(flat)


def sections(rows: Sequence[Sequence[Cell]], keys: Sequence[str], width: int) -> list[list[Cell]]:
    """``rows`` in sections (a grouped export): a heading row (its key in the first cell)
    before the rows of each key, the keys in order, each section keeping its rows' order."""
    grouped: dict[str, list[list[Cell]]] = {}
    for key, row in zip(keys, rows, strict=True):
        grouped.setdefault(key, []).append(list(row))
    out: list[list[Cell]] = []
    for key in sorted(grouped, key=str.casefold):
        out.append([key, *[None] * (width - 1)])
        out.extend(grouped[key])
    return out
