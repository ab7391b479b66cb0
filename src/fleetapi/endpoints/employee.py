"""Employees and drivers: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.employee import (
    Employee,
    EmployeeAssignParams,
    EmployeeBatchConvertParams,
    EmployeeBatchResult,
    EmployeeCreateParams,
    EmployeeDeleteParams,
    EmployeeList,
    EmployeeListParams,
    EmployeeReadParams,
    EmployeeUpdateParams,
    TrackerEmployee,
    TrackerEmployeeReadParams,
)

_CHECKS = (
    "Before anything else, the checks of the service's employee calls: 221 when the trackers "
    "of the dealer's accounts exceed its device limit, 217 when a sub-user's tracker list "
    "names a tracker that no longer exists."
)
_CONTENT = (
    "A `tracker_id`, `department_id` or tag that is not the account's is 204, a tracker "
    "already bound to another employee 247. `icon_id` and `avatar_file_name` keep their "
    "stored values (the service's avatar calls set them). A change of `tracker_id` is the "
    "tracker's last employee change (`tracker/employee/read`)."
)

EMPLOYEE_LIST = Endpoint(
    path="employee/list",
    params=EmployeeListParams,
    result=Result.body(EmployeeList),
    summary="List the account's employees (drivers), a page at a time, with their count.",
    errors=(7, 217, 221),
    safe=True,
    paging=Paging(total="count"),
    origin="service",
    notes=(
        f"{_CHECKS} Sorted by `id` unless `sort` says otherwise; `object_label` sorts by the "
        "bound tracker's label, `department_label` by the department's, `address` by the "
        "location's. `filter` finds the text (any case) in any of the sort fields. A sub-user "
        "whose record lists trackers sees the employees of those trackers and those bound to "
        "none."
    ),
)
EMPLOYEE_READ = Endpoint(
    path="employee/read",
    params=EmployeeReadParams,
    result=Result.field("value", Employee),
    summary="Read one employee.",
    errors=(201, 217, 221),
    safe=True,
    origin="service",
    notes=f"{_CHECKS} 201 for an employee the caller cannot see.",
)
EMPLOYEE_CREATE = Endpoint(
    path="employee/create",
    params=EmployeeCreateParams,
    result=Result.field("id", int),
    summary="Create an employee (driver) and get its ID.",
    right="employee_update",
    errors=(7, 204, 217, 221, 247),
    origin="service",
    notes=f"{_CHECKS} {_CONTENT}",
)
EMPLOYEE_UPDATE = Endpoint(
    path="employee/update",
    params=EmployeeUpdateParams,
    result=Result.nothing(),
    summary="Replace an employee, named by its `id`.",
    right="employee_update",
    errors=(7, 201, 204, 217, 221, 247),
    origin="service",
    notes=f"{_CHECKS} 201 for an employee the caller cannot see. {_CONTENT}",
    current="employee/read",
)
EMPLOYEE_DELETE = Endpoint(
    path="employee/delete",
    params=EmployeeDeleteParams,
    result=Result.nothing(),
    summary="Delete an employee; its tracker is left without one.",
    right="employee_update",
    errors=(201, 217, 221),
    origin="service",
    notes=(
        f"{_CHECKS} 201 for an employee the caller cannot see. The check-ins that named the "
        "employee keep no `employee_id`."
    ),
)
EMPLOYEE_BATCH_CONVERT = Endpoint(
    path="employee/batch_convert",
    params=EmployeeBatchConvertParams,
    result=Result.body(EmployeeBatchResult),
    summary="Check tab-delimited employees (or a stored spreadsheet) before creating them.",
    right="employee_update",
    errors=(7, 201, 234),
    origin="service",
    notes=(
        "Creates nothing, as `vehicle/batch_convert`: each row is an employee to create with "
        "its problems in `errors` (`line`, `parameter`, `error`), wrapped as documented in "
        '`{"success": true, "value": ...}`. `address` is looked up in the gazetteer '
        "(`location` with `default_radius`, 100 m by default; an unknown address is a row "
        "error), `tracker_label` names a tracker of the caller's, `tags` tag names. 234 for "
        "text that is not tab-delimited, 201 for an unknown `file_id`."
    ),
)
TRACKER_EMPLOYEE_ASSIGN = Endpoint(
    path="tracker/employee/assign",
    params=EmployeeAssignParams,
    result=Result.nothing(),
    summary="Bind an employee (driver) to a tracker, or none (`new_employee_id` null).",
    right="employee_update",
    errors=(201, 208, 236, 263),
    origin="service",
    notes=(
        "201 for a tracker or an employee the caller cannot see, 208 for a blocked tracker, "
        "236 without the tariff feature `app_fleet`, 263 when the employee is already the "
        "tracker's. The tracker's former employee is unbound, and the new one leaves the "
        "tracker it had; the change is recorded with origin `supervisor`."
    ),
)
TRACKER_EMPLOYEE_READ = Endpoint(
    path="tracker/employee/read",
    params=TrackerEmployeeReadParams,
    result=Result.body(TrackerEmployee),
    summary="Read a tracker's employee (driver) and the last change of it.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes=(
        "201 for a tracker the caller cannot see, 208 for a blocked one. `last_change` is null "
        "until the binding changes; its `location` is the tracker's position at the change."
    ),
)

ENDPOINTS = (
    EMPLOYEE_LIST,
    EMPLOYEE_READ,
    EMPLOYEE_CREATE,
    EMPLOYEE_UPDATE,
    EMPLOYEE_DELETE,
    EMPLOYEE_BATCH_CONVERT,
    TRACKER_EMPLOYEE_ASSIGN,
    TRACKER_EMPLOYEE_READ,
)
