"""Report schedules (``report/schedule/*``): the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.endpoints.report import GENERATION_SECONDS, MAX_PARALLEL_REPORTS
from fleetapi.models.report_schedule import (
    ReportSchedule,
    ReportScheduleCreateParams,
    ReportScheduleDeleteParams,
    ReportScheduleUpdateParams,
)

MAX_CATCH_UP_DAYS = 31
"""The days before the clock's one whose missed firings a schedule still makes when the world
is next touched; those of earlier days are skipped."""

_CHECKS = (
    "As for `report/tracker/generate`: a tracker or employee the caller does not see is 217, "
    "a `plugin_id` the mock does not make 222, a tracker whose tariff has no reports 236, "
    "and the plugin's own options are checked as `generate` checks them (7 naming "
    "`schedule.parameters.report.plugin.<option>`). Code 7 also names a weekday outside 1-7 "
    "(`schedule.parameters.schedule.weekdays[i]`), an address that is not one "
    "(`schedule.parameters.emails[i]`), a `sending_time` off the hour, and a `period` longer "
    "than the plugin covers (the point report covers a day)."
)

REPORT_SCHEDULE_CREATE = Endpoint(
    path="report/schedule/create",
    params=ReportScheduleCreateParams,
    result=Result.field("id", int),
    summary="Create a report schedule: a report made and mailed on its days.",
    right="reports",
    errors=(7, 217, 222, 236),
    origin="service",
    notes=_CHECKS,
    decisions=(
        Decision(
            "`period` of a report schedule",
            "`d`, `w` or `y` (also written `1d`, `1w`, `1y`, as the documentation's examples "
            "do) for the day, the 7 days or the year before, `Xm` with X from 1 to 12 for X "
            "calendar months before (a day the month lacks is its last day); anything else is "
            "7 naming `schedule.parameters.period`. The period ends as the day the report is "
            "made begins (00:00, the user's time zone).",
        ),
        Decision(
            "`sending_time` of a report schedule",
            "`HH:MM:SS` or `HH:MM`, on the hour (hourly granularity, as documented): minutes "
            "or seconds other than 0 are 7 naming `schedule.parameters.sending_time`; "
            "default `00:00:00`, answered as `HH:00:00`. The report is made at that hour of "
            "each of its days in the time zone of the schedule's user (as the user's zone is "
            "then). A schedule made at or after today's hour first fires on its next day.",
        ),
        Decision(
            "What a report schedule makes",
            "On each of its weekdays at `sending_time`, if `enabled`: the report "
            "`report/tracker/generate` makes of the same parameters and the period before, "
            "made by that user at that time (in `report/tracker/list`, `created` then, ready "
            f"{GENERATION_SECONDS} seconds later, made even while the user has "
            f"{MAX_PARALLEL_REPORTS} reports being generated), "
            "`fire_time` and `last_result` (`success` and the report's `id`) set. "
            "When the user could not make it then (a tracker no longer seen, a tariff without "
            "reports, a zone gone), `last_result` is `success` false with a null `id` and "
            "nothing is made or mailed. A disabled schedule makes nothing, and on being "
            "enabled starts from the next firing, not the missed ones.",
        ),
        Decision(
            "The e-mail of a scheduled report",
            "One e-mail per address of `emails` (none without addresses: the report is "
            "listed only), in the sent box of the mock (`GET /__mock__/mail`, kind `report`, "
            "never sent), carrying the file `report/tracker/download` answers for the report: "
            "a pdf for `pdf`, an xlsx workbook for `xls`, in a zip archive when `email_zip`; "
            "its `values` name the `report_id` and `schedule_id`.",
        ),
        Decision(
            "Firings missed while the clock jumped",
            "No thread runs: the world makes the firings that came due when it is next "
            "touched (a request of any account, after `mock.clock.advance`), in time order, "
            f"each once. After a jump of more than {MAX_CATCH_UP_DAYS} days, the firings "
            f"before the last {MAX_CATCH_UP_DAYS} days are skipped.",
        ),
    ),
)
REPORT_SCHEDULE_UPDATE = Endpoint(
    path="report/schedule/update",
    params=ReportScheduleUpdateParams,
    result=Result.nothing(),
    summary="Rewrite a report schedule whole; what it made stays.",
    right="reports",
    errors=(7, 201, 217, 222, 236),
    origin="service",
    current="report/schedule/list",
    notes=f"201 when `schedule.id` is not one of the caller's schedules. {_CHECKS}",
    decisions=(
        Decision(
            "`report/schedule/update`",
            "`enabled` and `parameters` are rewritten whole (the optional fields left out "
            "take their defaults); `fire_time`, `last_result` and the reports made stay. The "
            "next firing is counted from now, as for a new schedule.",
        ),
    ),
)
REPORT_SCHEDULE_DELETE = Endpoint(
    path="report/schedule/delete",
    params=ReportScheduleDeleteParams,
    result=Result.nothing(),
    summary="Delete a report schedule; the reports it made stay.",
    right="reports",
    errors=(201,),
    origin="service",
    notes="201 when `schedule_id` is not one of the caller's schedules.",
)
REPORT_SCHEDULE_LIST = Endpoint(
    path="report/schedule/list",
    params=NoParams,
    result=Result.field("list", list[ReportSchedule]),
    summary="The caller's report schedules, by ID.",
    right="reports",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Whose report schedules",
            "A schedule is the user's who made it, as its reports are: a sub-user's are its "
            "own, and another user's (its master's too) are 201 for `update` and `delete` "
            "and not listed. Deleting a sub-user deletes its schedules. `fire_time` is in the "
            "caller's time zone; `fire_time` and `last_result` are null before the first "
            "firing.",
        ),
    ),
)

ENDPOINTS = (
    REPORT_SCHEDULE_CREATE,
    REPORT_SCHEDULE_DELETE,
    REPORT_SCHEDULE_LIST,
    REPORT_SCHEDULE_UPDATE,
)
