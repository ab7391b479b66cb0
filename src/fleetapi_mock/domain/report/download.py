"""A generated report as a file: what ``report/tracker/download`` answers, and what a report
schedule mails (:func:`report_file`, the one place a report's file is made)."""

from __future__ import annotations

from fleetapi.models.report import ReportFormat
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Export, ExportFormat
from fleetapi_mock.state.records import ReportRecord

__all__ = ["report_file"]


def report_file(
    ctx: Context, record: ReportRecord, format: ReportFormat, *, headless: bool = False
) -> FileReply:
    """The report ``record`` as one table (a row per trip, its tracker first): an xlsx
    workbook (also for ``xls``) or a pdf document, headed by the title and period unless
    ``headless``; its times in the time zone of ``ctx``'s user."""
    headings = ["Tracker"]
    rows: list[list[str | float | None]] = []
    for sheet in record.sheets:
        for section in sheet.sections:
            if section.get("type") != "table" or str(section["header"]).endswith(": summary"):
                continue
            fields = [c["field"] for c in section["columns"]]
            titles = [str(c["title"]).replace("\n", " ") for c in section["columns"]]
            headings = ["Tracker", *titles]
            for group in section["data"]:
                for row in group["rows"]:
                    rows.append([sheet.header, *(row[f]["v"] for f in fields)])
    fmt: ExportFormat = "pdf" if format == "pdf" else "xlsx"
    period = (
        f"{ctx.user_time(record.from_):%Y-%m-%d %H:%M} to {ctx.user_time(record.to):%Y-%m-%d %H:%M}"
    )
    export = Export(
        title=record.title,
        subtitle="" if headless else period,
        headings=headings,
        rows=rows,
        created=ctx.user_time(record.created).replace(tzinfo=None),
    )
    return FileReply(
        content=export.render(fmt),
        content_type=CONTENT_TYPES[fmt],
        filename=f"report-{record.id}.{fmt}",
    )
