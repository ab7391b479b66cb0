"""Employees (drivers) as a request sees them: the checks of the service's employee calls,
visibility, the tracker's driver and the record of a binding's change."""

from __future__ import annotations

from fleetapi._errors import DeviceLimitExceededError, NonExistentEntitiesError
from fleetapi.models.common import Location
from fleetapi.models.employee import Employee
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.gazetteer import nearest_address
from fleetapi_mock.state.records import EmployeeChangeRecord, EmployeeRecord, convert

__all__ = [
    "check_employee_calls",
    "driver_of",
    "record_change",
    "visible_employee",
    "visible_employees",
    "wire_employee",
]


def check_employee_calls(ctx: Context) -> None:
    """The checks the service makes before its employee and department calls: 221 when the
    trackers of the dealer's accounts exceed its device limit, then 217 when the caller is a
    sub-user whose tracker list names a tracker that no longer exists."""
    user = ctx.require_user()
    if ctx.world.device_limit_exceeded(user):
        raise DeviceLimitExceededError("the device limit of the dealer is exceeded")
    if not user.is_master and user.trackers is not None:
        missing = [
            tracker_id
            for tracker_id in user.trackers
            if ctx.world.owned_record(ctx.world.trackers, user.account_id, tracker_id) is None
        ]
        if missing:
            raise NonExistentEntitiesError(
                "no such trackers: " + ", ".join(str(i) for i in missing)
            )


def visible_employees(ctx: Context) -> list[EmployeeRecord]:
    """The account's employees the caller sees, by id: a sub-user with a tracker list sees
    those bound to its trackers and those bound to none."""
    user = ctx.require_user()
    employees = ctx.owned(ctx.world.employees)
    if user.is_master or user.trackers is None:
        return employees
    allowed = set(user.trackers)
    return [e for e in employees if e.tracker_id is None or e.tracker_id in allowed]


def visible_employee(ctx: Context, employee_id: int) -> EmployeeRecord | None:
    """The employee ``employee_id`` if the caller sees it."""
    record = ctx.owned_get(ctx.world.employees, employee_id)
    if record is None:
        return None
    user = ctx.require_user()
    if user.is_master or user.trackers is None or record.tracker_id is None:
        return record
    return record if record.tracker_id in user.trackers else None


def driver_of(ctx: Context, tracker_id: int) -> EmployeeRecord | None:
    """The employee bound to the tracker ``tracker_id`` of the caller's account, if any."""
    return next((e for e in ctx.owned(ctx.world.employees) if e.tracker_id == tracker_id), None)


def wire_employee(record: EmployeeRecord) -> Employee:
    """The API's employee of ``record``."""
    return convert(Employee, record)


def record_change(ctx: Context, tracker_id: int, employee_id: int | None) -> None:
    """Keep the change of ``tracker_id``'s employee to ``employee_id`` (null: none) as the
    tracker's last one, made through the API (origin ``supervisor``) where the tracker is."""
    state = ctx.world.trackers[tracker_id].state
    where = None
    if state.lat is not None and state.lng is not None:
        entry = nearest_address(ctx.world, state.lat, state.lng)
        address = entry.address if entry is not None else ""
        where = Location(lat=state.lat, lng=state.lng, address=address)
    ctx.world.employee_changes[tracker_id] = EmployeeChangeRecord(
        tracker_id=tracker_id,
        new_employee_id=employee_id,
        location=where,
        changed=ctx.now().replace(microsecond=0),
        origin="supervisor",
    )
