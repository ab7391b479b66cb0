"""Tracker reports: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Endpoint, NoParams, Result
from fleetapi.models.report import (
    Report,
    ReportDownloadParams,
    ReportGenerateParams,
    ReportInfo,
    ReportParams,
)

REPORT_PLUGINS = {4: "Trips", 6: "Stops", 8: "Geofence visits", 27: "Speeding"}
"""The report plugins the mock makes, by ``plugin_id``, with their default titles."""

GENERATION_SECONDS = 5
"""World seconds a report takes to generate; ``status`` counts the percent through them."""

MAX_PARALLEL_REPORTS = 5
"""Reports of one user being generated at once; one more answers 15."""

_READY = "229 while it is being generated, 204 for a report that is not the user's."

REPORT_GENERATE = Endpoint(
    path="report/tracker/generate",
    params=ReportGenerateParams,
    result=Result.field("id", int),
    summary="Start generating a report; answers its ID at once.",
    right="reports",
    errors=(7, 15, 211, 217, 222, 236),
    origin="service",
    notes=(
        "The report is made from the data of the period as the call finds it and is ready "
        f"{GENERATION_SECONDS} world seconds later. A tracker the caller does not see is 217, "
        "one whose tariff has no reports 236, a plugin the mock does not make 222 (it makes "
        f"{', '.join(f'{k} ({v.lower()})' for k, v in REPORT_PLUGINS.items())}); a span longer "
        "than `report.max_time_span` is 211 with `max_time_span` in the envelope; more than "
        f"{MAX_PARALLEL_REPORTS} of the user's reports in progress is 15."
    ),
)
REPORT_LIST = Endpoint(
    path="report/tracker/list",
    params=NoParams,
    result=Result.field("list", list[ReportInfo]),
    summary="The user's reports, generated or in progress, by ID.",
    right="reports",
    safe=True,
    origin="service",
)
REPORT_STATUS = Endpoint(
    path="report/tracker/status",
    params=ReportParams,
    result=Result.field("percent_ready", int),
    summary="How far a report's generation is, in percent.",
    right="reports",
    errors=(204,),
    safe=True,
    origin="service",
)
REPORT_RETRIEVE = Endpoint(
    path="report/tracker/retrieve",
    params=ReportParams,
    result=Result.field("report", Report),
    summary="A generated report's content.",
    right="reports",
    errors=(204, 229),
    safe=True,
    origin="service",
    notes=_READY,
)
REPORT_DOWNLOAD = Endpoint(
    path="report/tracker/download",
    params=ReportDownloadParams,
    result=Result.file(*EXPORT_MEDIA_TYPES.values()),
    summary="A generated report as an xlsx workbook or a pdf document.",
    right="reports",
    errors=(204, 229),
    safe=True,
    origin="service",
    notes=f"`xls` answers the xlsx workbook. {_READY}",
)
REPORT_DELETE = Endpoint(
    path="report/tracker/delete",
    params=ReportParams,
    result=Result.nothing(),
    summary="Delete a report, ready or not.",
    right="reports",
    errors=(204,),
    origin="service",
)

ENDPOINTS = (
    REPORT_GENERATE,
    REPORT_LIST,
    REPORT_STATUS,
    REPORT_RETRIEVE,
    REPORT_DOWNLOAD,
    REPORT_DELETE,
)
