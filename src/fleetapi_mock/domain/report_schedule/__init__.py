"""Report schedules: their entries, the checks of what they ask for, and when they fire.

Schedules live in ``world.report_schedules`` (:class:`~fleetapi_mock.state.records.
ReportScheduleRecord`), each its user's (a sub-user's are its own, as its reports are). On
each of its weekdays at ``sending_time`` (its user's time zone) an enabled schedule makes the
report of the ``period`` before that day (:func:`period_bounds`) as ``report/tracker/generate``
would, and mails its file; :mod:`~fleetapi_mock.domain.report_schedule.firing` does it when the
world is next touched.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Final

import attrs

from fleetapi._errors import InvalidParametersError, PluginNotFoundError
from fleetapi._rules import EMAIL_PATTERN
from fleetapi._types import Unset
from fleetapi.models.report_schedule import (
    ReportSchedule,
    ReportScheduleParameters,
    ScheduledReport,
)
from fleetapi.report_plugins import BY_ID
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report import KINDS, WHOLE_DAY, Request
from fleetapi_mock.domain.report.making import report_subjects
from fleetapi_mock.domain.task_schedule import day_start, local_today, normal_time, scheduled_time
from fleetapi_mock.state.records import ReportScheduleRecord, convert

__all__ = [
    "DAY",
    "DEFAULT_SENDING_TIME",
    "check_report",
    "checked_parameters",
    "find_schedule",
    "fire_time",
    "first_day",
    "period_bounds",
    "wire_schedule",
]

DAY: Final = dt.timedelta(days=1)
"""One day."""

DEFAULT_SENDING_TIME: Final = "00:00:00"
"""The hour a schedule that names none makes its report."""

_AT: Final = "schedule.parameters"
"""Where a schedule's parameters are in ``create`` and ``update``."""

_EMAIL: Final = re.compile(EMAIL_PATTERN)

_LONGEST_HOURS: Final = {"d": 24, "w": 7 * 24, "m": 31 * 24, "y": 366 * 24}
"""The most hours one unit of a period spans."""


# --- Days and times ----------------------------------------------------------------------------


def _unit(period: str) -> tuple[str, int]:
    """A period's unit (``d``, ``w``, ``m``, ``y``) and count (``3m``: 3)."""
    return period[-1], int(period[:-1] or "1")


def _first_day(day: dt.date, period: str) -> dt.date:
    """The first day of the period a report made on ``day`` covers: the day, week, months or
    year before (a day the month lacks is its last day)."""
    unit, count = _unit(period)
    if unit == "d":
        return day - DAY
    if unit == "w":
        return day - 7 * DAY
    months = 12 if unit == "y" else count
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    if year < 1:
        return dt.date.min
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def period_bounds(day: dt.date, period: str, tz: dt.tzinfo) -> tuple[dt.datetime, dt.datetime]:
    """The period (world time) a report made on ``day`` covers: the ``period`` before the day
    begins in ``tz``, up to its start."""
    return day_start(_first_day(day, period), tz), day_start(day, tz)


def fire_time(day: dt.date, sending_time: str, tz: dt.tzinfo) -> dt.datetime:
    """When a schedule firing on ``day`` at ``sending_time`` (``tz``) fires, as world time."""
    return scheduled_time(day, sending_time, tz)


def first_day(now: dt.datetime, tz: dt.tzinfo, sending_time: str) -> dt.date:
    """The first day a schedule made (or changed) at ``now`` may fire on: today when its hour
    is still ahead, else tomorrow."""
    today = local_today(now, tz)
    return today if fire_time(today, sending_time, tz) > now else today + DAY


# --- Checking what is sent ---------------------------------------------------------------------


def checked_parameters(
    ctx: Context, parameters: ReportScheduleParameters
) -> ReportScheduleParameters:
    """``parameters`` with their defaults filled in (``emails``, ``email_zip``,
    ``sending_time`` as ``HH:00:00``), once the caller may make that report: 7 naming each
    field out of its limits, then as ``report/tracker/generate`` checks (222, 217, 236, and
    the plugin's own checks, named under ``schedule.parameters.report``)."""
    errors: list[dict[str, str]] = []
    for index, weekday in enumerate(parameters.schedule.weekdays):
        if not 1 <= weekday <= 7:
            where = f"{_AT}.schedule.weekdays[{index}]"
            errors.append({"parameter": where, "error": "must be between 1 and 7"})
    emails = [] if isinstance(parameters.emails, Unset) else list(parameters.emails)
    for index, email in enumerate(emails):
        if not email or _EMAIL.fullmatch(email) is None:
            where = f"{_AT}.emails[{index}]"
            errors.append({"parameter": where, "error": "must be an e-mail address"})
    sending = parameters.sending_time
    sending = DEFAULT_SENDING_TIME if isinstance(sending, Unset) else normal_time(sending)
    if not sending.endswith(":00:00"):
        where = f"{_AT}.sending_time"
        errors.append({"parameter": where, "error": "must be on the hour (HH:00:00)"})
    plugin_id = parameters.report.plugin.plugin_id
    known = BY_ID.get(plugin_id)
    hours = None if known is None else known.max_span_hours
    unit, count = _unit(parameters.period)
    if hours is not None and _LONGEST_HOURS[unit] * count > hours:
        where = f"{_AT}.period"
        errors.append({"parameter": where, "error": f"must be at most {hours} hours long"})
    if errors:
        raise InvalidParametersError(errors=errors)
    checked = attrs.evolve(
        parameters,
        emails=emails,
        email_zip=parameters.email_zip is True,
        sending_time=sending,
    )
    check_report(
        ctx, checked.report, checked.period, first_day(ctx.now(), ctx.time_zone(), sending)
    )
    return checked


def check_report(ctx: Context, report: ScheduledReport, period: str, day: dt.date) -> None:
    """Refuse a scheduled report the caller may not make as ``generate`` does (222, 217,
    236), and as its plugin checks a report made on ``day`` (7 named under the schedule)."""
    plugin = report.plugin
    if plugin.plugin_id not in KINDS:
        raise PluginNotFoundError(f"no report plugin {plugin.plugin_id}")
    trackers, employees = report_subjects(
        ctx,
        [] if isinstance(report.trackers, Unset) else report.trackers,
        [] if isinstance(report.employees, Unset) else report.employees,
    )
    start, end = period_bounds(day, period, ctx.time_zone())
    time_filter = WHOLE_DAY if isinstance(report.time_filter, Unset) else report.time_filter
    request = Request(trackers, employees, start, end, plugin, time_filter)
    try:
        KINDS[plugin.plugin_id].check(ctx, request)
    except InvalidParametersError as error:
        named = [{**e, "parameter": f"{_AT}.report.{e.get('parameter')}"} for e in error.errors]
        raise InvalidParametersError(error.description, errors=named) from None


# --- Reading -----------------------------------------------------------------------------------


def find_schedule(ctx: Context, schedule_id: int) -> ReportScheduleRecord | None:
    """The caller's schedule ``schedule_id``, or ``None`` (another user's too)."""
    record = ctx.world.report_schedules.get(schedule_id)
    return record if record is not None and record.user_id == ctx.require_user().id else None


def wire_schedule(ctx: Context, record: ReportScheduleRecord) -> ReportSchedule:
    """The entry as the API answers it, ``fire_time`` in the caller's time zone."""
    return convert(ReportSchedule, record, fire_time=ctx.optional_user_time(record.fire_time))
