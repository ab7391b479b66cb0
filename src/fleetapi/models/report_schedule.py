"""Report schedules (``report/schedule/*``): a report made and mailed on days of the week.

A schedule entry holds the report to make (``report/tracker/generate``'s parameters less the
period), how long a period it covers (``period``: the day, week, months or year before the
day it is made), on which days (``schedule``) and at what hour (``sending_time``, the user's
time zone) it is made, and the addresses it is mailed to as a ``pdf`` or ``xls`` file.
``fire_time`` and ``last_result`` tell when it was last made and what came of it.
"""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import CLOCK_PATTERN
from fleetapi.models.report import ReportPlugin, TimeFilter

__all__ = [
    "MAX_EMAILS",
    "PERIOD_PATTERN",
    "NewReportSchedule",
    "ReportSchedule",
    "ReportScheduleCreateParams",
    "ReportScheduleDays",
    "ReportScheduleDeleteParams",
    "ReportScheduleParameters",
    "ReportScheduleResult",
    "ReportScheduleUpdate",
    "ReportScheduleUpdateParams",
    "ScheduleEmailFormat",
    "ScheduledReport",
]

PERIOD_PATTERN: Final = r"^(1?[dwy]|([1-9]|1[0-2])m)$"
"""A schedule's period: ``d`` (a day), ``w`` (a week), ``y`` (a year), each also written with
the count 1 (``1w``), or ``Xm``, X months from 1 to 12 (``1m``, ``3m``)."""

MAX_EMAILS: Final = 20
"""The most addresses a schedule mails its report to."""

ScheduleEmailFormat = Literal["pdf", "xls"]
"""The file a scheduled report is mailed as."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleDays:
    """The days a report is made on: days of the week (``{"type": "weekdays", ...}``)."""

    type: Literal["weekdays"]
    """``weekdays``, the one kind of days the service documents."""
    weekdays: list[int] = attrs.field(metadata=rules(min_items=1, max_items=7))
    """ISO weekdays, 1 (Monday) to 7 (Sunday)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ScheduledReport:
    """The report a schedule makes: the parameters of ``report/tracker/generate`` but its
    period."""

    trackers: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """The trackers the report covers."""
    employees: list[int] | Unset = UNSET
    """For reports by employees."""
    title: str | Unset | None = attrs.field(default=UNSET, metadata=rules(max_length=100))
    """Null or omitted: the plugin's own title."""
    time_filter: TimeFilter | Unset = UNSET
    """Default: the whole day, every day."""
    geocoder: str | Unset = UNSET
    """The geocoder naming places in the report."""
    plugin: ReportPlugin
    """The report to make and its options."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleParameters:
    """What a schedule makes, when, and whom it mails it to."""

    period: str = attrs.field(metadata=rules(pattern=PERIOD_PATTERN))
    """How long before the day it is made the report starts: ``d``, ``w``, ``y`` (or ``1d``,
    ``1w``, ``1y``), ``Xm`` for X months (1 to 12); it ends as that day begins."""
    schedule: ReportScheduleDays
    """The days the report is made on."""
    report: ScheduledReport
    """The report to make."""
    emails: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=MAX_EMAILS))
    """The addresses the report is mailed to (at most 20; default none: it is only listed)."""
    email_format: ScheduleEmailFormat
    """The file mailed: ``pdf``, or ``xls`` (an xlsx workbook, as ``download`` answers it)."""
    email_zip: bool | Unset = UNSET
    """Mail the file in a zip archive (default false)."""
    sending_time: str | Unset = attrs.field(default=UNSET, metadata=rules(pattern=CLOCK_PATTERN))
    """The hour the report is made and mailed, ``HH:00:00`` (the user's time zone; default
    ``00:00:00``): hourly granularity, minutes and seconds 0."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleResult:
    """What came of a schedule's last firing."""

    success: bool
    """Whether the report was made."""
    id: int | None = None
    """The report made (``report/tracker/list``); null when none was."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewReportSchedule:
    """The ``schedule`` of ``report/schedule/create`` (an ``id``, ``fire_time`` or
    ``last_result`` sent is not read)."""

    enabled: bool
    """Whether the schedule makes its reports (a disabled one makes none)."""
    parameters: ReportScheduleParameters
    """The report, its period, days, hour and addresses."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleUpdate(NewReportSchedule):
    """The ``schedule`` of ``report/schedule/update``: the entry as it should be, named by its
    ``id``."""

    id: int
    """The schedule entry."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportSchedule(ReportScheduleUpdate):
    """A report schedule entry as ``report/schedule/list`` answers it."""

    fire_time: dt.datetime | None = None
    """When it last made its report (the user's time zone); null before its first time."""
    last_result: ReportScheduleResult | None = None
    """What came of its last firing; null before its first time."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleCreateParams:
    """Parameters of ``report/schedule/create``."""

    schedule: NewReportSchedule
    """The new schedule entry."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleUpdateParams:
    """Parameters of ``report/schedule/update``."""

    schedule: ReportScheduleUpdate
    """The schedule entry with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportScheduleDeleteParams:
    """Parameters of ``report/schedule/delete``."""

    schedule_id: int
    """The schedule entry."""
