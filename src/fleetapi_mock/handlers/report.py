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
    PluginNotFoundError,
    TimeSpanTooBigError,
    TooManyRequestsError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.report import (
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
from fleetapi_mock.domain.report import KINDS, percent
from fleetapi_mock.domain.report.files import report_reply
from fleetapi_mock.domain.report.making import make_report, report_subjects
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ReportRecord


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
    """Make a report of the period now; it is ready
    :data:`~fleetapi.endpoints.report.GENERATION_SECONDS` world seconds later."""
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
    trackers, employees = report_subjects(
        ctx,
        [] if isinstance(params.trackers, Unset) else params.trackers,
        [] if isinstance(params.employees, Unset) else params.employees,
    )
    user_id = ctx.require_user().id
    now = ctx.now().replace(microsecond=0)
    running = [r for r in ctx.world.reports.values() if r.user_id == user_id and now < r.ready]
    if len(running) >= MAX_PARALLEL_REPORTS:
        raise TooManyRequestsError(f"{len(running)} reports are being generated")
    record = make_report(
        ctx,
        trackers,
        employees,
        (start, end),
        plugin,
        time_filter=None if isinstance(params.time_filter, Unset) else params.time_filter,
        title=params.title if isinstance(params.title, str) else None,
        geocoder=None if isinstance(params.geocoder, Unset) else params.geocoder,
    )
    return record.id


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
    """The caller's ready report as a file: an xlsx workbook (also for ``xls``) or a pdf
    document of its sheets, after a title page unless ``headless``
    (:mod:`fleetapi_mock.domain.report.files`)."""
    record = find_report(ctx, params.report_id, ready=True)
    return report_reply(record, params.format, headless=params.headless is True)
