"""Tracker reports: generated, listed, retrieved, downloaded and deleted.

Reports are their user's (``world.reports``, :class:`~fleetapi_mock.state.records.
ReportRecord`): made whole when asked for, ready :data:`~fleetapi.endpoints.report.
GENERATION_SECONDS` world seconds later (:mod:`fleetapi_mock.domain.report`).
"""

from __future__ import annotations

import datetime as dt

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    DataNotReadyError,
    EntityMissingError,
    NonExistentEntitiesError,
    PluginNotFoundError,
    TariffRestrictionError,
    TimeSpanTooBigError,
    TooManyRequestsError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.report import (
    GENERATION_SECONDS,
    MAX_PARALLEL_REPORTS,
    REPORT_DELETE,
    REPORT_DOWNLOAD,
    REPORT_GENERATE,
    REPORT_LIST,
    REPORT_PLUGINS,
    REPORT_RETRIEVE,
    REPORT_STATUS,
)
from fleetapi.models.report import (
    LocaleInfo,
    Report,
    ReportDownloadParams,
    ReportGenerateParams,
    ReportInfo,
    ReportParameters,
    ReportParams,
)
from fleetapi.report_plugins import BY_ID
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Export, ExportFormat
from fleetapi_mock.domain.report import KINDS, WHOLE_DAY, Request, percent, report_sheets
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord, ReportRecord


def find_report(ctx: Context, report_id: int, *, ready: bool = False) -> ReportRecord:
    """The caller's report ``report_id`` (204 otherwise); with ``ready``, 229 until it is."""
    record = ctx.world.reports.get(report_id)
    if record is None or record.user_id != ctx.require_user().id:
        raise EntityMissingError(f"no report {report_id}")
    if ready and ctx.now() < record.ready:
        raise DataNotReadyError(f"report {report_id} is {percent(record, ctx.now())}% ready")
    return record


@handles(REPORT_GENERATE)
def report_generate(ctx: Context, params: ReportGenerateParams) -> int:
    """Make a report of the period now; it is ready :data:`GENERATION_SECONDS` later."""
    start, end = ctx.period(params.from_, params.to)
    plugin = params.plugin
    if plugin.plugin_id not in KINDS:
        raise PluginNotFoundError(f"no report plugin {plugin.plugin_id}")
    hours = BY_ID[plugin.plugin_id].max_span_hours
    if hours is not None and end - start > dt.timedelta(hours=hours):
        span = f"PT{hours}H"
        raise TimeSpanTooBigError(
            f"the {REPORT_PLUGINS[plugin.plugin_id]} report covers at most {hours} hours",
            extra={"max_time_span": span},
        )
    wanted = [] if isinstance(params.trackers, Unset) else list(dict.fromkeys(params.trackers))
    seen = {t.id: t for t in ctx.visible_trackers()}
    missing = [t for t in wanted if t not in seen]
    if missing:
        raise NonExistentEntitiesError("no such trackers: " + ", ".join(map(str, missing)))
    trackers = [seen[t] for t in wanted]
    employees = _employees(ctx, params)
    for tracker in trackers:
        tariff = ctx.world.tariffs.get(tracker.tariff_id)
        if tariff is not None and not tariff.has_reports:
            raise TariffRestrictionError(f"the tariff of tracker {tracker.id} has no reports")
    user = ctx.require_user()
    now = ctx.now().replace(microsecond=0)
    running = [r for r in ctx.world.reports.values() if r.user_id == user.id and now < r.ready]
    if len(running) >= MAX_PARALLEL_REPORTS:
        raise TooManyRequestsError(f"{len(running)} reports are being generated")
    time_filter = WHOLE_DAY if isinstance(params.time_filter, Unset) else params.time_filter
    request = Request(trackers, employees, start, end, plugin, time_filter)
    sheets = report_sheets(ctx, request)
    title = params.title if isinstance(params.title, str) else REPORT_PLUGINS[plugin.plugin_id]
    report_id = ctx.world.ids.next("reports")
    ctx.world.reports[report_id] = ReportRecord(
        id=report_id,
        user_id=user.id,
        created=now,
        ready=now + dt.timedelta(seconds=GENERATION_SECONDS),
        title=title,
        from_=start,
        to=end,
        time_filter=time_filter,
        geocoder=None if isinstance(params.geocoder, Unset) else params.geocoder,
        trackers=wanted,
        plugin=plugin,
        locale=user.locale,
        time_zone=user.time_zone,
        measurement_system=user.preferences.measurement_system,
        sheets=sheets,
    )
    return report_id


def _employees(ctx: Context, params: ReportGenerateParams) -> list[EmployeeRecord]:
    """The request's employees, repeats dropped (217 for one not of the caller's account)."""
    wanted = [] if isinstance(params.employees, Unset) else list(dict.fromkeys(params.employees))
    found = {e: ctx.owned_get(ctx.world.employees, e) for e in wanted}
    missing = [str(e) for e, record in found.items() if record is None]
    if missing:
        raise NonExistentEntitiesError("no such employees: " + ", ".join(missing))
    return [record for record in found.values() if record is not None]


def _info(ctx: Context, record: ReportRecord) -> ReportInfo:
    locale = LocaleInfo(
        locale=record.locale,
        time_zone=record.time_zone,
        measurement_system=record.measurement_system,
    )
    parameters = ReportParameters(
        geocoder=record.geocoder,
        trackers=record.trackers,
        plugins=[record.plugin],
        locale_info=locale,
    )
    return ReportInfo(
        id=record.id,
        created=ctx.user_time(record.created),
        title=record.title,
        time_filter=record.time_filter,
        parameters=parameters,
        percent=percent(record, ctx.now()),
        from_=ctx.user_time(record.from_),
        to=ctx.user_time(record.to),
    )


@handles(REPORT_LIST)
def report_list(ctx: Context, params: NoParams) -> list[ReportInfo]:
    """The caller's reports by id, with how far each is."""
    user_id = ctx.require_user().id
    return [_info(ctx, r) for _, r in sorted(ctx.world.reports.items()) if r.user_id == user_id]


@handles(REPORT_STATUS)
def report_status(ctx: Context, params: ReportParams) -> int:
    """How far the caller's report is, in percent (204 for another's)."""
    return percent(find_report(ctx, params.report_id), ctx.now())


@handles(REPORT_RETRIEVE)
def report_retrieve(ctx: Context, params: ReportParams) -> Report:
    """The content of the caller's report once it is ready (229 before)."""
    record = find_report(ctx, params.report_id, ready=True)
    return Report(
        id=record.id,
        created=ctx.user_time(record.created),
        title=record.title,
        time_filter=record.time_filter,
        sheets=record.sheets,
        from_=ctx.user_time(record.from_),
        to=ctx.user_time(record.to),
    )


@handles(REPORT_DELETE)
def report_delete(ctx: Context, params: ReportParams) -> None:
    """Delete the caller's report, ready or not (204 for another's)."""
    del ctx.world.reports[find_report(ctx, params.report_id).id]


@handles(REPORT_DOWNLOAD)
def report_download(ctx: Context, params: ReportDownloadParams) -> FileReply:
    """The caller's ready report as one table (a row per row of each sheet's first table,
    such as a trip, its tracker first): an xlsx workbook (also for ``xls``) or a pdf
    document, headed by the title and period unless ``headless``."""
    record = find_report(ctx, params.report_id, ready=True)
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
            break  # the sheet's rows: its more tables (each day's figures) are the report's
    fmt: ExportFormat = "pdf" if params.format == "pdf" else "xlsx"
    period = (
        f"{ctx.user_time(record.from_):%Y-%m-%d %H:%M} to {ctx.user_time(record.to):%Y-%m-%d %H:%M}"
    )
    export = Export(
        title=record.title,
        subtitle="" if params.headless is True else period,
        headings=headings,
        rows=rows,
        created=ctx.user_time(record.created).replace(tzinfo=None),
    )
    return FileReply(
        content=export.render(fmt),
        content_type=CONTENT_TYPES[fmt],
        filename=f"report-{record.id}.{fmt}",
    )
