"""Firing report schedules: on each of a schedule's days at its hour, the report of the
period before, kept as ``report/tracker/generate`` keeps one, and mailed with its file
(:func:`fire_due_reports`, which the router calls before each handler)."""

from __future__ import annotations

import base64
import datetime as dt
import io
import zipfile

from fleetapi._errors import FleetApiError, OperationNotPermittedError, PluginNotFoundError
from fleetapi._types import Unset
from fleetapi.endpoints.report import REPORT_GENERATE
from fleetapi.endpoints.report_schedule import MAX_CATCH_UP_DAYS
from fleetapi.models.report_schedule import ReportScheduleResult
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.mail import send_mail
from fleetapi_mock.domain.report import KINDS
from fleetapi_mock.domain.report.files import report_reply
from fleetapi_mock.domain.report.making import make_report, report_subjects
from fleetapi_mock.domain.report_schedule import (
    DAY,
    DEFAULT_SENDING_TIME,
    fire_time,
    first_day,
    period_bounds,
)
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.domain.task_schedule import local_today
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.state.records import MailAttachment, ReportRecord, ReportScheduleRecord
from fleetapi_mock.state.world import World

__all__ = ["fire_due_reports", "reports_due_at"]

_ZIP_TYPE = "application/zip"


def _sending_time(record: ReportScheduleRecord) -> str:
    """The hour a schedule fires at (``HH:MM:SS``, its user's zone)."""
    hour = record.parameters.sending_time
    return DEFAULT_SENDING_TIME if isinstance(hour, Unset) else hour


def reports_due_at(world: World) -> dt.datetime | None:
    """When :func:`fire_due_reports` next has work, the world unchanged: the earliest
    schedule's hour on its ``next_day`` in its user's zone (now for a schedule never placed;
    ``None``: no schedule)."""
    due: list[dt.datetime] = []
    for record in world.report_schedules.values():
        user = world.users.get(record.user_id)
        if user is None:
            continue
        if record.next_day is None:
            return world.now()
        hour = _sending_time(record)
        try:
            due.append(fire_time(record.next_day, hour, zone(user.time_zone)))
        except OverflowError:  # a day at the end of the calendar: none after it
            continue
    return min(due, default=None)


def fire_due_reports(world: World, limits: ServerLimits = DEFAULT_LIMITS) -> None:
    """Fire every schedule whose hour came on one of its days since its ``next_day`` (those
    of the last :data:`~fleetapi.endpoints.report_schedule.MAX_CATCH_UP_DAYS` days), in time
    order, each once, and move ``next_day`` on. Cheap when nothing is due: the router calls
    it before every handler."""
    schedules = world.report_schedules
    if not schedules:
        return
    now = world.now()
    due: list[tuple[dt.datetime, int, dt.date]] = []
    for record in list(schedules.values()):
        user = world.users.get(record.user_id)
        if user is None:
            continue
        tz = zone(user.time_zone)
        hour = _sending_time(record)
        mine: list[tuple[dt.datetime, int, dt.date]] = []
        try:
            day = record.next_day
            if day is None:
                schedules.change(record.id, next_day=first_day(now, tz, hour))
                continue
            if fire_time(day, hour, tz) > now:
                continue
            day = max(day, local_today(now, tz) - (MAX_CATCH_UP_DAYS - 1) * DAY)
            while (moment := fire_time(day, hour, tz)) <= now:
                if record.enabled and day.isoweekday() in record.parameters.schedule.weekdays:
                    mine.append((moment, record.id, day))
                day += DAY
        except OverflowError:  # a clock at the end of the calendar: no day after it
            continue
        due += mine
        schedules.change(record.id, next_day=day)
    for moment, schedule_id, day in sorted(due):
        firing = schedules.get(schedule_id)
        if firing is not None and firing.user_id in world.users:
            _fire(world, firing, day, moment, limits)


def _fire(
    world: World,
    record: ReportScheduleRecord,
    day: dt.date,
    moment: dt.datetime,
    limits: ServerLimits,
) -> None:
    """Make the report ``record`` makes on ``day`` at ``moment``, note what came of it and
    mail it; nothing is made when its user could not make it then, nor without room."""
    user = world.users[record.user_id]
    ctx = Context(world=world, endpoint=REPORT_GENERATE, user=user, limits=limits)
    emails = record.parameters.emails
    addresses = list(dict.fromkeys([] if isinstance(emails, Unset) else emails))
    made: ReportRecord | None = None
    if world.record_count() + 1 + len(addresses) <= limits.max_records:
        try:
            made = _make(ctx, record, day, moment)
        except (FleetApiError, OverflowError):
            made = None
    result = ReportScheduleResult(success=made is not None, id=None if made is None else made.id)
    world.report_schedules.change(record.id, fire_time=moment, last_result=result)
    if made is not None and addresses:
        _mail(ctx, record, made, addresses, moment)


def _make(
    ctx: Context, record: ReportScheduleRecord, day: dt.date, moment: dt.datetime
) -> ReportRecord:
    """The report of the period before ``day``, made at ``moment`` as its user's
    ``generate`` would make it (raising what that call would answer)."""
    user = ctx.require_user()
    if not user.is_master and "reports" not in rights_of(ctx.world, user):
        raise OperationNotPermittedError("the user no longer holds the right 'reports'")
    report = record.parameters.report
    if report.plugin.plugin_id not in KINDS:
        raise PluginNotFoundError(f"no report plugin {report.plugin.plugin_id}")
    trackers, employees = report_subjects(
        ctx,
        [] if isinstance(report.trackers, Unset) else report.trackers,
        [] if isinstance(report.employees, Unset) else report.employees,
    )
    return make_report(
        ctx,
        trackers,
        employees,
        period_bounds(day, record.parameters.period, ctx.time_zone()),
        report.plugin,
        time_filter=None if isinstance(report.time_filter, Unset) else report.time_filter,
        title=report.title if isinstance(report.title, str) else None,
        geocoder=None if isinstance(report.geocoder, Unset) else report.geocoder,
        created=moment,
    )


def _mail(
    ctx: Context,
    record: ReportScheduleRecord,
    report: ReportRecord,
    addresses: list[str],
    moment: dt.datetime,
) -> None:
    """Mail ``report`` to each of ``addresses``, its file attached in the schedule's format
    (zipped with ``email_zip``), as sent at ``moment``."""
    parameters = record.parameters
    file = report_reply(report, parameters.email_format)
    filename = file.filename or f"report-{report.id}"
    content, content_type = file.content, file.content_type
    if parameters.email_zip is True:
        content = _zipped(filename, content, ctx.user_time(moment))
        filename, content_type = f"{filename.rsplit('.', 1)[0]}.zip", _ZIP_TYPE
    attachment = MailAttachment(
        filename=filename,
        content_type=content_type,
        content=base64.b64encode(content).decode("ascii"),
    )
    start, end = ctx.user_time(report.from_), ctx.user_time(report.to)
    text = (
        f"{report.title}, {start:%Y-%m-%d %H:%M} to {end:%Y-%m-%d %H:%M}: the report is "
        f"attached ({filename})."
    )
    values = {"report_id": str(report.id), "schedule_id": str(record.id)}
    for address in addresses:
        send_mail(
            ctx.world,
            ctx.require_user(),
            to=address,
            kind="report",
            subject=f"Scheduled report: {report.title}",
            text=text,
            values=values,
            attachments=[attachment],
            sent=moment,
        )


def _zipped(filename: str, content: bytes, when: dt.datetime) -> bytes:
    """A zip archive holding ``content`` as ``filename``, dated ``when``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        stamp = max(when, dt.datetime(1980, 1, 1)).timetuple()[:6]
        archive.writestr(zipfile.ZipInfo(filename, date_time=stamp), content)
    return buffer.getvalue()
