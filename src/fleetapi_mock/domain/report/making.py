"""Making a report and keeping it: what ``report/tracker/generate`` does once it has checked
the request, and what a report schedule does on its days (:func:`make_report`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from fleetapi._errors import NonExistentEntitiesError, TariffRestrictionError
from fleetapi.endpoints.report import GENERATION_SECONDS, REPORT_PLUGINS
from fleetapi.models.report import ReportPlugin, TimeFilter
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report import WHOLE_DAY, Request, report_sheets
from fleetapi_mock.state.records import EmployeeRecord, ReportRecord, TrackerRecord

__all__ = ["make_report", "report_subjects"]


def report_subjects(
    ctx: Context, trackers: Sequence[int], employees: Sequence[int]
) -> tuple[list[TrackerRecord], list[EmployeeRecord]]:
    """The trackers and employees a report of the caller covers, in order, repeats dropped:
    217 for a tracker the caller does not see or an employee not of its account, 236 for a
    tracker whose tariff has no reports."""
    seen = {t.id: t for t in ctx.visible_trackers()}
    wanted = list(dict.fromkeys(trackers))
    missing = [t for t in wanted if t not in seen]
    if missing:
        raise NonExistentEntitiesError("no such trackers: " + ", ".join(map(str, missing)))
    found = {e: ctx.owned_get(ctx.world.employees, e) for e in dict.fromkeys(employees)}
    strangers = [str(e) for e, record in found.items() if record is None]
    if strangers:
        raise NonExistentEntitiesError("no such employees: " + ", ".join(strangers))
    for tracker_id in wanted:
        tariff = ctx.world.tariffs.get(seen[tracker_id].tariff_id)
        if tariff is not None and not tariff.has_reports:
            raise TariffRestrictionError(f"the tariff of tracker {tracker_id} has no reports")
    return [seen[t] for t in wanted], [r for r in found.values() if r is not None]


def make_report(
    ctx: Context,
    trackers: Sequence[TrackerRecord],
    employees: Sequence[EmployeeRecord],
    period: tuple[dt.datetime, dt.datetime],
    plugin: ReportPlugin,
    *,
    time_filter: TimeFilter | None = None,
    title: str | None = None,
    geocoder: str | None = None,
    created: dt.datetime | None = None,
) -> ReportRecord:
    """Make the caller's report of ``period`` (world time) from the world's data now, and
    keep it: made at ``created`` (default now), ready :data:`GENERATION_SECONDS` later,
    titled by its plugin when no ``title`` is given. The plugin's own checks may refuse it
    (the API error of :func:`~fleetapi_mock.domain.report.report_sheets`)."""
    user = ctx.require_user()
    made = (ctx.now() if created is None else created).replace(microsecond=0)
    time_filter = WHOLE_DAY if time_filter is None else time_filter
    start, end = period
    sheets = report_sheets(ctx, Request(trackers, employees, start, end, plugin, time_filter))
    report_id = ctx.world.ids.next("reports")
    record = ReportRecord(
        id=report_id,
        user_id=user.id,
        created=made,
        ready=made + dt.timedelta(seconds=GENERATION_SECONDS),
        title=REPORT_PLUGINS[plugin.plugin_id] if title is None else title,
        from_=start,
        to=end,
        time_filter=time_filter,
        geocoder=geocoder,
        trackers=[t.id for t in trackers],
        plugin=plugin,
        locale=user.locale,
        time_zone=user.time_zone,
        measurement_system=user.preferences.measurement_system,
        sheets=sheets,
    )
    ctx.world.reports[report_id] = record
    return record
