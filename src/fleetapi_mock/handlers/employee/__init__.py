"""Employees (drivers), and which employee drives each tracker.

Employees are the account's (``world.employees``, an
:class:`~fleetapi_mock.state.records.EmployeeRecord` each); a sub-user whose record lists
trackers sees those bound to its trackers and those bound to none. At most one employee is
bound to a tracker. Every change of a tracker's employee made here is kept as the tracker's last
change (``world.employee_changes``), which ``tracker/employee/read`` answers.
"""

from __future__ import annotations

import attrs

from fleetapi._errors import (
    EntityExistsError,
    EntityMissingError,
    EntityNotFoundError,
    NoChangeNeededError,
    TariffRestrictionError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.employee import (
    EMPLOYEE_CREATE,
    EMPLOYEE_DELETE,
    EMPLOYEE_LIST,
    EMPLOYEE_READ,
    EMPLOYEE_UPDATE,
    TRACKER_EMPLOYEE_ASSIGN,
    TRACKER_EMPLOYEE_READ,
)
from fleetapi.models.employee import (
    EMPLOYEE_SORT_FIELDS,
    Employee,
    EmployeeAssignment,
    EmployeeAssignParams,
    EmployeeCreateParams,
    EmployeeDeleteParams,
    EmployeeList,
    EmployeeListParams,
    EmployeeReadParams,
    EmployeeUpdateParams,
    NewEmployee,
    TrackerEmployee,
    TrackerEmployeeReadParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import (
    check_employee_calls,
    driver_of,
    record_change,
    visible_employee,
    visible_employees,
    wire_employee,
)
from fleetapi_mock.domain.tariff import FLEET_FEATURE, has_feature
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord, convert


def _fields(ctx: Context) -> search.Fields[EmployeeRecord]:
    """The sortable (and filtered) fields of ``employee/list``."""
    world = ctx.world

    def tracker_label(e: EmployeeRecord) -> str | None:
        tracker = world.trackers.get(e.tracker_id) if e.tracker_id is not None else None
        return tracker.label if tracker is not None else None

    def department_label(e: EmployeeRecord) -> str | None:
        department = world.departments.get(e.department_id) if e.department_id else None
        return department.label if department is not None else None

    def address(e: EmployeeRecord) -> str | None:
        if e.location is None or isinstance(e.location.address, Unset):
            return None
        return e.location.address

    def text(name: str) -> search.Field[EmployeeRecord]:
        return search.Field("text", lambda e: getattr(e, name) or None)

    derived: dict[str, search.Field[EmployeeRecord]] = {
        "id": search.Field("number", lambda e: e.id),
        "object_label": search.Field("text", tracker_label),
        "department_label": search.Field("text", department_label),
        "address": search.Field("text", address),
        "driver_license_valid_till": search.Field("text", lambda e: e.driver_license_valid_till),
    }
    # the other sort fields are the employee's own texts
    own = {name: text(name) for name in EMPLOYEE_SORT_FIELDS if name not in derived}
    return {**derived, **own}


@handles(EMPLOYEE_LIST)
def employee_list(ctx: Context, params: EmployeeListParams) -> EmployeeList:
    """The employees the caller sees: ``filter``ed (any case, in any sort field), sorted
    (``id`` by default), paged, with the ``count`` found."""
    check_employee_calls(ctx)
    fields = _fields(ctx)
    sort = ["id=asc"] if isinstance(params.sort, Unset) or not params.sort else params.sort
    search.check_sort(sort, fields)
    employees = visible_employees(ctx)
    if isinstance(params.filter, str) and params.filter.strip():
        wanted = params.filter.strip().casefold()
        employees = [
            e
            for e in employees
            if any(wanted in str(v).casefold() for f in fields.values() if (v := f.get(e)))
        ]
    ordered = search.sort_records(employees, sort, fields)
    shown = search.page(ordered, params.offset, params.limit)
    return EmployeeList(list=[wire_employee(e) for e in shown], count=len(ordered))


def _find(ctx: Context, employee_id: int) -> EmployeeRecord:
    record = visible_employee(ctx, employee_id)
    if record is None:
        raise EntityNotFoundError(f"no employee {employee_id}")
    return record


@handles(EMPLOYEE_READ)
def employee_read(ctx: Context, params: EmployeeReadParams) -> Employee:
    """One employee the caller sees (201 otherwise)."""
    check_employee_calls(ctx)
    return wire_employee(_find(ctx, params.employee_id))


def _check_content(ctx: Context, content: NewEmployee, employee_id: int | None) -> None:
    """204 for a tracker, department or tag not the account's; 247 for a tracker bound to
    another employee."""
    world = ctx.world
    if content.tracker_id is not None:
        if ctx.visible_tracker(content.tracker_id) is None:
            raise EntityMissingError(f"no tracker {content.tracker_id}")
        driver = driver_of(ctx, content.tracker_id)
        if driver is not None and driver.id != employee_id:
            raise EntityExistsError(
                f"employee {driver.id} is already bound to tracker {content.tracker_id}"
            )
    if (
        content.department_id is not None
        and ctx.owned_get(world.departments, content.department_id) is None
    ):
        raise EntityMissingError(f"no department {content.department_id}")
    missing = [t for t in content.tags if ctx.owned_get(world.tags, t) is None]
    if missing:
        raise EntityMissingError("no such tags: " + ", ".join(map(str, missing)))


@handles(EMPLOYEE_CREATE)
def employee_create(ctx: Context, params: EmployeeCreateParams) -> int:
    """A new employee of the account; answers its id."""
    check_employee_calls(ctx)
    _check_content(ctx, params.employee, None)
    employee_id = ctx.world.ids.next("employees")
    ctx.world.employees[employee_id] = convert(
        EmployeeRecord,
        params.employee,
        id=employee_id,
        user_id=ctx.account.id,
        icon_id=None,
        avatar_file_name=None,
    )
    if params.employee.tracker_id is not None:
        record_change(ctx, params.employee.tracker_id, employee_id)
    return employee_id


@handles(EMPLOYEE_UPDATE)
def employee_update(ctx: Context, params: EmployeeUpdateParams) -> None:
    """Replace an employee the caller sees (201 otherwise); its icon and avatar stay."""
    check_employee_calls(ctx)
    record = _find(ctx, params.employee.id)
    _check_content(ctx, params.employee, record.id)
    updated = convert(
        EmployeeRecord,
        params.employee,
        user_id=record.user_id,
        icon_id=record.icon_id,
        avatar_file_name=record.avatar_file_name,
    )
    ctx.world.employees[record.id] = updated
    if record.tracker_id != updated.tracker_id:
        if record.tracker_id is not None:
            record_change(ctx, record.tracker_id, None)
        if updated.tracker_id is not None:
            record_change(ctx, updated.tracker_id, updated.id)


@handles(EMPLOYEE_DELETE)
def employee_delete(ctx: Context, params: EmployeeDeleteParams) -> None:
    """Delete an employee the caller sees (201 otherwise); the check-ins that named it keep
    no employee."""
    check_employee_calls(ctx)
    record = _find(ctx, params.employee_id)
    del ctx.world.employees[record.id]
    if record.tracker_id is not None:
        record_change(ctx, record.tracker_id, None)
    for checkin in list(ctx.world.checkins.values()):
        if checkin.employee_id == record.id:
            ctx.world.checkins[checkin.id] = attrs.evolve(checkin, employee_id=UNSET)


@handles(TRACKER_EMPLOYEE_ASSIGN)
def tracker_employee_assign(ctx: Context, params: EmployeeAssignParams) -> None:
    """Bind ``new_employee_id`` (null: nobody) to the tracker; the former employee is unbound
    and the new one leaves its former tracker."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    if not has_feature(ctx.world, tracker, FLEET_FEATURE):
        raise TariffRestrictionError(f"the tariff of tracker {tracker.id} has no {FLEET_FEATURE}")
    new = None if params.new_employee_id is None else _find(ctx, params.new_employee_id)
    current = driver_of(ctx, tracker.id)
    if (current.id if current else None) == (new.id if new else None):
        raise NoChangeNeededError(f"the employee of tracker {tracker.id} is already that one")
    employees = ctx.world.employees
    if current is not None:
        employees[current.id] = attrs.evolve(current, tracker_id=None)
    if new is not None:
        if new.tracker_id is not None:
            record_change(ctx, new.tracker_id, None)
        employees[new.id] = attrs.evolve(new, tracker_id=tracker.id)
    record_change(ctx, tracker.id, new.id if new else None)


@handles(TRACKER_EMPLOYEE_READ)
def tracker_employee_read(ctx: Context, params: TrackerEmployeeReadParams) -> TrackerEmployee:
    """The tracker's employee and its last change (null until one was made)."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    current = driver_of(ctx, tracker.id)
    change = ctx.world.employee_changes.get(tracker.id)
    last = None
    if change is not None:
        last = convert(EmployeeAssignment, change, changed=ctx.user_time(change.changed))
    return TrackerEmployee(
        current=wire_employee(current) if current is not None else None, last_change=last
    )
