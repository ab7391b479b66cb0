"""A ready report as the file ``report/tracker/download`` answers: an xlsx workbook or a pdf.

Both show the report the way its sheets hold it (:mod:`.content`): unless ``headless``, a title
page (the title, the plugin, the period, when it was made, and a table of contents), then per
sheet its tables (column titles, each day's header, rows and total), its summary, its notes and
its charts. The workbook (:mod:`.workbook`) has a worksheet per sheet, numbers as numbers and
native charts; the document (:mod:`.document`) is landscape A4, its charts drawn
(:mod:`.plot`). Times are those of the time zone the report was made in.
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi.models.report import ReportFormat
from fleetapi.report_plugins import BY_ID
from fleetapi_mock.domain.context import FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, ExportFormat
from fleetapi_mock.domain.report.files.content import Block, blocks
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.records import ReportRecord

__all__ = ["FileReport", "FileSheet", "report_file", "report_reply"]


@attrs.frozen
class FileSheet:
    """A report sheet to write: its header and its sections as blocks."""

    header: str
    blocks: list[Block]


@attrs.frozen
class FileReport:
    """What a report file shows."""

    title: str
    plugin: str
    """The plugin's title (``Trips``)."""
    period: str
    """``2025-12-15 00:00 to 2026-01-14 23:59``."""
    created: dt.datetime
    """When the report was made (its time zone's wall-clock time)."""
    time_zone: dt.tzinfo
    """The zone the report's times are in (a chart's x axis of time)."""
    sheets: list[FileSheet]
    headless: bool
    """Without the title page."""

    @classmethod
    def of(cls, record: ReportRecord, *, headless: bool) -> FileReport:
        """The file form of a stored report, in the time zone it was made in."""
        try:
            tz = zone(record.time_zone)
        except KeyError:
            tz = dt.timezone.utc

        def local(value: dt.datetime) -> dt.datetime:
            return value.replace(tzinfo=dt.timezone.utc).astimezone(tz).replace(tzinfo=None)

        known = BY_ID.get(record.plugin.plugin_id)
        return cls(
            title=record.title,
            plugin=known.title if known else f"Plugin {record.plugin.plugin_id}",
            period=f"{local(record.from_):%Y-%m-%d %H:%M} to {local(record.to):%Y-%m-%d %H:%M}",
            created=local(record.created),
            time_zone=tz,
            sheets=[FileSheet(s.header, blocks(s.sections)) for s in record.sheets],
            headless=headless,
        )


def report_file(record: ReportRecord, fmt: ExportFormat, *, headless: bool) -> bytes:
    """The report as an ``xlsx`` workbook or a ``pdf`` document."""
    report = FileReport.of(record, headless=headless)
    if fmt == "pdf":
        from fleetapi_mock.domain.report.files.document import pdf

        return pdf(report)
    from fleetapi_mock.domain.report.files.workbook import xlsx

    return xlsx(report)


def report_reply(
    record: ReportRecord, format: ReportFormat, *, headless: bool = False
) -> FileReply:
    """The report as the file ``download`` answers and a report schedule mails: an xlsx
    workbook (also for ``xls``: the mock writes no legacy workbook) or a pdf document."""
    fmt: ExportFormat = "pdf" if format == "pdf" else "xlsx"
    return FileReply(
        content=report_file(record, fmt, headless=headless),
        content_type=CONTENT_TYPES[fmt],
        filename=f"report-{record.id}.{fmt}",
    )
