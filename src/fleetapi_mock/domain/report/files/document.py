"""A report as a landscape A4 pdf document (fpdf2).

Unless ``headless``, a title page: the title, the plugin, the period, when the report was made
and a table of contents (each sheet with its page, linked). Then each report sheet from a new
page, under its header: its tables (column titles again on each page they continue on, each
day's header on a grey band, the rows, the day's total in bold), its summary as name/value
rows, its notes and its charts (:mod:`.plot`). Each sheet and section is a bookmark; each page
has the title and its number at the foot. Rows are one line each: a longer text is cut with
``...`` (the workbook keeps it whole); the built-in fonts write Latin-1 only.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from fpdf import FPDF
from fpdf.outline import OutlineSection

from fleetapi_mock.domain.report.files.content import (
    Cell,
    ChartBlock,
    SummaryBlock,
    TableBlock,
    TextBlock,
)
from fleetapi_mock.domain.report.files.plot import (
    CHART_HEIGHT,
    draw_chart,
    fit,
    latin1,
    text_width,
    write,
)

if TYPE_CHECKING:
    from fleetapi_mock.domain.report.files import FileReport, FileSheet

__all__ = ["pdf"]

_MARGIN: Final = 10.0
_FOOT: Final = 12.0
"""Millimetres kept free at the foot of a page (its footer line)."""
_ROW: Final = 5.0
_TITLE_LINE: Final = 3.5
_TOC_LINE: Final = 6.0
_SIZE: Final = 8
_FONT: Final = "Helvetica"


class _Document(FPDF):
    """A report's pages: each with the report's title and its number at the foot."""

    def __init__(self, title: str) -> None:
        super().__init__(orientation="landscape", format="A4")
        self.report_title = latin1(title)
        self.fresh = False
        """Whether the current page is empty (the first after the table of contents)."""

    def footer(self) -> None:
        """The report's title and the page's number."""
        self.set_y(-_FOOT + 3)
        self.set_font(_FONT, size=7)
        self.set_text_color(110)
        width = self.epw / 2
        self.cell(width, 4, fit(self, self.report_title, width - 2))
        self.cell(width, 4, f"Page {self.page_no()} of {{nb}}", align="R")
        self.set_text_color(0)

    @property
    def bottom(self) -> float:
        """The lowest y a line may end at."""
        return self.h - _FOOT

    def new_page(self) -> None:
        """Go on on a new page (the current one when it is still empty)."""
        if self.fresh:
            self.fresh = False
            return
        self.add_page()

    def room(self, height: float) -> bool:
        """Whether ``height`` millimetres fit below the current position."""
        return self.y + height <= self.bottom


def pdf(report: FileReport) -> bytes:
    """The report as a pdf document."""
    doc = _Document(report.title)
    doc.set_auto_page_break(False)
    doc.set_margins(_MARGIN, _MARGIN, _MARGIN)
    doc.set_creation_date(report.created.replace(tzinfo=dt.timezone.utc))
    doc.set_title(latin1(report.title))
    if not report.headless or not report.sheets:
        _cover(doc, report)
    for sheet in report.sheets:
        _sheet(doc, sheet, report.time_zone)
    return bytes(doc.output())


def _cover(doc: _Document, report: FileReport) -> None:
    """The title page: the title, the plugin, the period, when made, and the contents."""
    doc.add_page()
    doc.set_font(_FONT, style="B", size=20)
    doc.multi_cell(doc.epw, 10, latin1(report.title)[:300], new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)
    for name, shown in (
        ("Report", report.plugin),
        ("Period", report.period),
        ("Made", f"{report.created:%Y-%m-%d %H:%M}"),
    ):
        doc.set_font(_FONT, style="B", size=11)
        doc.cell(25, 7, name)
        doc.set_font(_FONT, size=11)
        doc.cell(doc.epw - 25, 7, fit(doc, latin1(shown), doc.epw - 26), new_x="LMARGIN")
        doc.ln(7)
    doc.ln(6)
    if not report.sheets:
        doc.cell(text="The report has no sheets: nothing was found for its period.")
        return
    first = int((doc.bottom - doc.y - 10) // _TOC_LINE)
    others = int((doc.bottom - _MARGIN) // _TOC_LINE)
    extra = max(0, len(report.sheets) - first)
    doc.insert_toc_placeholder(_contents(first, others), pages=1 + math.ceil(extra / others))
    doc.fresh = True


def _contents(first: int, others: int) -> Callable[[FPDF, list[OutlineSection]], None]:
    """The table of contents: each sheet, its first page at the right, linked to it;
    ``first`` lines on the title page, ``others`` on each page after."""

    def render(pdf: FPDF, outline: list[OutlineSection]) -> None:
        pdf.set_x(pdf.l_margin)
        pdf.set_font(_FONT, style="B", size=13)
        pdf.cell(text="Contents", new_x="LMARGIN")
        pdf.ln(10)
        pdf.set_font(_FONT, size=10)
        room = first
        for section in (s for s in outline if s.level == 0):
            if room == 0:
                pdf.add_page()
                pdf.set_y(_MARGIN)
                room = others
            room -= 1
            page = section.page_number
            link = pdf.add_link(page=page)
            name = fit(pdf, latin1(section.name), pdf.epw - 22)
            pdf.cell(pdf.epw - 20, _TOC_LINE, name, link=link)
            pdf.cell(20, _TOC_LINE, str(page), align="R", link=link, new_x="LMARGIN")
            pdf.ln(_TOC_LINE)

    return render


def _sheet(doc: _Document, sheet: FileSheet, zone: dt.tzinfo) -> None:
    """A report sheet from a new page: its header, then its sections."""
    doc.new_page()
    doc.start_section(latin1(sheet.header) or "Sheet")
    doc.set_font(_FONT, style="B", size=14)
    doc.cell(doc.epw, 8, fit(doc, latin1(sheet.header), doc.epw), new_x="LMARGIN")
    doc.ln(10)
    for block in sheet.blocks:
        if isinstance(block, ChartBlock):
            if not doc.room(CHART_HEIGHT + 7):
                doc.add_page()
        elif not doc.room(7 + 3 * _ROW):
            doc.add_page()
        if block.header:
            doc.start_section(latin1(block.header), level=1)
            doc.set_font(_FONT, style="B", size=11)
            doc.cell(doc.epw, 6, fit(doc, latin1(block.header), doc.epw), new_x="LMARGIN")
            doc.ln(7)
        if isinstance(block, TableBlock):
            _table(doc, block)
        elif isinstance(block, SummaryBlock):
            _summary(doc, block)
        elif isinstance(block, TextBlock):
            doc.set_font(_FONT, size=9)
            doc.set_auto_page_break(True, margin=_FOOT)
            text = "\n".join(latin1(line) for line in block.text.splitlines())
            doc.multi_cell(doc.epw, _ROW, text, new_x="LMARGIN", new_y="NEXT")
            doc.set_auto_page_break(False)
        else:
            draw_chart(doc, block, zone)
        doc.ln(4)


def _table(doc: _Document, table: TableBlock) -> None:
    """Column titles, then each day group: its header band, rows and bold total; the titles
    again at the top of each page the table continues on."""
    if not table.columns:
        return
    aligns = ["R" if c.right else "L" for c in table.columns]
    titles = [[latin1(line) for line in c.title.split("\n")] for c in table.columns]
    widths = _widths(doc, table, titles)
    title_height = _TITLE_LINE * max(len(t) for t in titles) + 1.5

    def headings() -> None:
        doc.set_font(_FONT, style="B", size=_SIZE)
        doc.set_fill_color(217)
        top = doc.y
        doc.rect(doc.l_margin, top, doc.epw, title_height, style="F")
        x = doc.l_margin
        for width, lines, align in zip(widths, titles, aligns, strict=True):
            for number, line in enumerate(lines):
                write(doc, x, top + 0.75 + number * _TITLE_LINE, width, _TITLE_LINE, line, align)
            x += width
        doc.set_y(top + title_height)

    def line(cells: list[Cell], style: str) -> None:
        if not doc.room(_ROW):
            doc.add_page()
            headings()
        doc.set_font(_FONT, style=style, size=_SIZE)
        x, y = doc.l_margin, doc.y
        for width, cell, align in zip(widths, cells, aligns, strict=True):
            write(doc, x, y, width, _ROW, latin1(cell.text), align)
            x += width
        doc.set_y(y + _ROW)

    headings()
    for group in table.groups:
        if group.header:
            if not doc.room(2 * _ROW):
                doc.add_page()
                headings()
            doc.set_fill_color(242)
            doc.rect(doc.l_margin, doc.y, doc.epw, _ROW, style="F")
            doc.set_font(_FONT, style="BI", size=_SIZE)
            write(doc, doc.l_margin, doc.y, doc.epw, _ROW, latin1(group.header))
            doc.set_y(doc.y + _ROW)
        for row in group.rows:
            line(row, "")
        if group.total:
            if doc.room(_ROW):
                doc.set_draw_color(150)
                doc.line(doc.l_margin, doc.y, doc.l_margin + doc.epw, doc.y)
                doc.set_draw_color(0)
            line(group.total, "B")


def _widths(doc: _Document, table: TableBlock, titles: list[list[str]]) -> list[float]:
    """Each column as wide as its title's longest line, and the page's width left over shared
    by the columns' relative widths (all narrower alike when the titles alone are too wide)."""
    doc.set_font(_FONT, style="B", size=_SIZE)
    needed = [max(text_width(doc, line) for line in lines) + 3 for lines in titles]
    left = doc.epw - sum(needed)
    if left <= 0:
        return [width * doc.epw / sum(needed) for width in needed]
    weights = sum(c.width for c in table.columns)
    return [n + left * c.width / weights for n, c in zip(needed, table.columns, strict=True)]


def _summary(doc: _Document, block: SummaryBlock) -> None:
    """The named values, one a line."""
    doc.set_font(_FONT, size=9)
    for name, cell in block.rows:
        if not doc.room(_ROW):
            doc.add_page()
        write(doc, doc.l_margin, doc.y, 90, _ROW, latin1(name))
        write(doc, doc.l_margin + 90, doc.y, 60, _ROW, latin1(cell.text))
        doc.set_y(doc.y + _ROW)
