"""Report schedules: ``report/schedule/*``.

Schedules live in ``world.report_schedules``, each its user's; what they make, and when, is
:mod:`fleetapi_mock.domain.report_schedule`'s. A user's schedules are its own: another user's
(its master's or sub-users' too) answer as missing.
"""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.report_schedule import (
    REPORT_SCHEDULE_CREATE,
    REPORT_SCHEDULE_DELETE,
    REPORT_SCHEDULE_LIST,
    REPORT_SCHEDULE_UPDATE,
)
from fleetapi.models.report_schedule import (
    ReportSchedule,
    ReportScheduleCreateParams,
    ReportScheduleDeleteParams,
    ReportScheduleUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report_schedule import (
    checked_parameters,
    find_schedule,
    first_day,
    wire_schedule,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ReportScheduleRecord


@handles(REPORT_SCHEDULE_CREATE)
def report_schedule_create(ctx: Context, params: ReportScheduleCreateParams) -> int:
    """Create the caller's report schedule; it first fires at its next hour on one of its
    days (7 for fields out of their limits, 222, 217 and 236 as ``report/tracker/generate``)."""
    parameters = checked_parameters(ctx, params.schedule.parameters)
    assert isinstance(parameters.sending_time, str)
    record_id = ctx.world.ids.next("report_schedules")
    ctx.world.report_schedules[record_id] = ReportScheduleRecord(
        id=record_id,
        user_id=ctx.require_user().id,
        enabled=params.schedule.enabled,
        parameters=parameters,
        next_day=first_day(ctx.now(), ctx.time_zone(), parameters.sending_time),
    )
    return record_id


@handles(REPORT_SCHEDULE_UPDATE)
def report_schedule_update(ctx: Context, params: ReportScheduleUpdateParams) -> None:
    """Rewrite the caller's schedule ``schedule.id`` whole (201 for any other); its last
    firing and the reports it made stay, its next firing counts from now."""
    schedule = params.schedule
    record = find_schedule(ctx, schedule.id)
    if record is None:
        raise EntityNotFoundError(f"no report schedule {schedule.id}")
    parameters = checked_parameters(ctx, schedule.parameters)
    assert isinstance(parameters.sending_time, str)
    ctx.world.report_schedules.change(
        record.id,
        enabled=schedule.enabled,
        parameters=parameters,
        next_day=first_day(ctx.now(), ctx.time_zone(), parameters.sending_time),
    )


@handles(REPORT_SCHEDULE_DELETE)
def report_schedule_delete(ctx: Context, params: ReportScheduleDeleteParams) -> None:
    """Delete the caller's schedule (201 for any other); the reports it made stay."""
    record = find_schedule(ctx, params.schedule_id)
    if record is None:
        raise EntityNotFoundError(f"no report schedule {params.schedule_id}")
    del ctx.world.report_schedules[record.id]


@handles(REPORT_SCHEDULE_LIST)
def report_schedule_list(ctx: Context, params: NoParams) -> list[ReportSchedule]:
    """The caller's schedules, by ID."""
    user_id = ctx.require_user().id
    schedules = ctx.world.report_schedules
    return [wire_schedule(ctx, r) for _, r in sorted(schedules.items()) if r.user_id == user_id]
