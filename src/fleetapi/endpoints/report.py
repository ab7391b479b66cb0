"""Tracker reports: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Decision, Endpoint, NoParams, Result
from fleetapi.models.report import (
    Report,
    ReportDownloadParams,
    ReportGenerateParams,
    ReportInfo,
    ReportParams,
)
from fleetapi.report_plugins import PLUGINS

REPORT_PLUGINS = {plugin.id: plugin.title for plugin in PLUGINS}
"""The report plugins of the service's documentation, by ``plugin_id``, with their default
titles (:data:`fleetapi.report_plugins.PLUGINS`)."""

GENERATION_SECONDS = 5
"""World seconds a report takes to generate; ``status`` counts the percent through them."""

MAX_PARALLEL_REPORTS = 5
"""Reports of one user being generated at once; one more answers 15."""

REPORT_GENERATE = Endpoint(
    path="report/tracker/generate",
    params=ReportGenerateParams,
    result=Result.field("id", int),
    summary="Start generating a report; answers its ID at once.",
    right="reports",
    errors=(7, 15, 211, 217, 222, 236),
    origin="service",
    notes=(
        "A span longer than `report.max_time_span` is 211 with `max_time_span` in the envelope."
    ),
    decisions=(
        Decision(
            "Plugins",
            f"The mock makes every plugin of the service's documentation ({len(PLUGINS)}, "
            "[Reports](reports.md) says how each is made); another `plugin_id` is 222. The "
            "plugin's options are one object of every documented option; each plugin reads "
            "those its documentation lists and ignores the others, and refuses what its "
            "documentation rules out with 7 naming the option (`plugin.zone_ids`).",
        ),
        Decision(
            "Generation",
            "A report is made whole when it is asked for, from the data of its period as the "
            f"world holds it then, and is ready {GENERATION_SECONDS} world seconds later: "
            "`status` and `list` answer the percent of those seconds passed (0 at once, 100 when "
            "ready; a frozen clock keeps it where it is), `retrieve` and `download` are 229 "
            "before.",
        ),
        Decision(
            "Mileage",
            "The service's documentation has no mileage plugin, and the mock invents none: a "
            "period's mileage is the trips report's (each trip's `length`, each day's `total`, "
            "the summary's `Total trips length, km`), which for a tracker that only drove in "
            "trips equals `tracker/stats/mileage/read` of the same days and the odometer's "
            "advance (tested); `show_mileage` adds the km inside each zone to the geofence "
            "visits. From the shell: `fleet report generate --plugin trips`, or `fleet tracker "
            "stats mileage read` for the day figures.",
        ),
        Decision(
            "Time filter",
            "A trip (a stop) counts when it starts on one of `weekdays` (ISO, 1 Monday to 7 "
            "Sunday) between `from` and `to` of the day (the user's time zone; a window ending "
            "before it starts runs past midnight). Without `time_filter`, the whole day every "
            "day, answered as `00:00:00`-`23:59:59`.",
        ),
        Decision(
            "Trackers and sheets",
            "One sheet per tracker, in the order of `trackers` (repeats dropped), headed by its "
            "label; `hide_empty_tabs` leaves out those without rows. A tracker the caller does "
            "not see is 217 for all; one whose tariff has `has_reports` false 236. The reports "
            "by drivers (plugin 82) have a sheet per employee of `employees` instead (217 for "
            "one not of the account); the other plugins ignore `employees`.",
        ),
        Decision(
            "`title`",
            "Null or omitted: the plugin's name (`Trips`).",
        ),
        Decision(
            "Parallel reports",
            f"At most {MAX_PARALLEL_REPORTS} of a user's reports in progress at once; one more "
            "is 15.",
        ),
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
    decisions=(
        Decision(
            "Whose reports",
            "A report is the user's who asked for it (a sub-user's are its own, as they need the "
            "`reports` right); another user's report is 204 for every call, as an unknown one. "
            "`delete` works in any state.",
        ),
    ),
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
    decisions=(
        Decision(
            "Report cells",
            '`{"v": text, "raw": number, "type": "value"}` as documented: '
            "a time's `v` in the user's time zone (`HH:MM`, with seconds when `show_seconds`), "
            "its `raw` the UNIX time in milliseconds of the point it comes from; places add "
            "`location` (`lat`, `lng`); durations' `raw` in seconds, lengths in km, speeds in "
            "km/h.",
        ),
    ),
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
    decisions=(
        Decision(
            "`download`",
            "The report as `retrieve` answers it, in the time zone it was made in: unless "
            "`headless`, a title page (the title, the plugin, the period, when it was made, "
            "and a table of contents), then each sheet under its header: each table's column "
            "titles, each day's header, its rows and its total in bold, then the summary's "
            "name/value rows, the notes and the charts. `xlsx` and `xls` answer an xlsx "
            "workbook (the mock writes no legacy xls): a title worksheet linking each sheet's, "
            "a worksheet per sheet named after its header (forbidden characters replaced, cut "
            "to 31 characters, repeats numbered), numbers as numbers where the report shows a "
            "number (times, durations and places as shown), and each chart as its points' "
            "columns beside a native scatter chart of them. `pdf` answers a landscape A4 "
            "document with the title page's contents linked and numbered, bookmarks per sheet "
            "and section, column titles again on each page a table continues on, one line per "
            "row (a longer text cut with `...`), each chart drawn with its axes, labels and "
            "legend; its fonts write Latin-1 alone (other characters as `?`).",
        ),
    ),
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
