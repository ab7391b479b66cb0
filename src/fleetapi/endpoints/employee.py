"""Employees and drivers: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.data import (
    FAILED_LINES_TYPE,
    ImportProcess,
    ImportProcessIdParams,
    ImportStartParams,
)
from fleetapi.models.employee import (
    Employee,
    EmployeeAssignParams,
    EmployeeAvatarAssignParams,
    EmployeeAvatarUploadParams,
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
    notes=_CHECKS,
    decisions=(
        Decision(
            "`tracker_id`, `department_id` and tags in `employee/create` and `update`",
            "Each must be the account's (a tracker the caller may see): 204 otherwise, the code "
            "the service gives for a missing referenced entity. A tracker already bound to "
            "another employee is 247, as documented; an employee's own tracker is no conflict.",
        ),
        Decision(
            "`icon_id` and `avatar_file_name`",
            "The documentation says only the avatar calls change them, yet its create example "
            "sends them: they are accepted and ignored (a new employee has none; an update keeps "
            "the stored ones).",
        ),
    ),
)
EMPLOYEE_UPDATE = Endpoint(
    path="employee/update",
    params=EmployeeUpdateParams,
    result=Result.nothing(),
    summary="Replace an employee, named by its `id`.",
    right="employee_update",
    errors=(7, 201, 204, 217, 221, 247),
    origin="service",
    notes=(
        f"{_CHECKS} 201 for an employee the caller cannot see. `tracker_id`, `department_id`, "
        "tags, `icon_id` and `avatar_file_name` as in `employee/create`."
    ),
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
    notes=f"{_CHECKS} 201 for an employee the caller cannot see.",
    decisions=(
        Decision(
            "Deleting an employee",
            "Its tracker is left without one (a recorded change), and the check-ins that named "
            "it keep no `employee_id`, so the world holds no dangling reference.",
        ),
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
    decisions=(
        Decision(
            "`employee/batch_convert`",
            "Like `vehicle/batch_convert`: nothing is created, the rows come from `batch` or a "
            "stored spreadsheet (`file_id`, its header naming the columns), each becomes an "
            "employee with its problems in `errors` (`line`, `parameter`, `error`) and the field "
            "at fault left empty, and each is wrapped as documented "
            '(`{"success": true, "value": ...}`). The columns: the employee\'s texts and dates, '
            "`address` (looked up in the gazetteer: `location` with `default_radius`, 100 m by "
            "default), `tracker_label` (a tracker of the caller's that no employee drives) and "
            "`tags` (names or IDs). `geocoder` is accepted; the mock has one gazetteer. An "
            "address the gazetteer does not know is a row error.",
        ),
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
        "263 when the employee is already the tracker's."
    ),
    decisions=(
        Decision(
            "`tracker/employee/assign` with `new_employee_id` null",
            "Leaves the tracker without an employee (263 when it has none already). The former "
            "employee is unbound; an employee bound elsewhere leaves its former tracker, which "
            "records a change too. The call needs the tariff feature `app_fleet` (236 without "
            "it), as documented.",
        ),
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
    notes="201 for a tracker the caller cannot see, 208 for a blocked one.",
    decisions=(
        Decision(
            "A tracker's last change (`tracker/employee/read`)",
            "Recorded by every change of a binding made by the employee calls (origin "
            "`supervisor`, where the tracker was, with the nearest known address); a world "
            "document may hold changes of origin `tracker` (a hardware key). Null until a "
            "binding changes.",
        ),
    ),
)


EMPLOYEE_AVATAR_ASSIGN = Endpoint(
    path="employee/avatar/assign",
    params=EmployeeAvatarAssignParams,
    result=Result.nothing(),
    summary="Show an icon of the standard set for an employee (null: its uploaded avatar).",
    right="employee_update",
    errors=(201, 217, 221),
    origin="service",
    notes=f"{_CHECKS} 201 for an employee the caller cannot see.",
    decisions=(
        Decision(
            "An employee's icon and avatar",
            "`employee/avatar/assign` sets `icon_id` and leaves `avatar_file_name`; "
            "`employee/avatar/upload` sets `avatar_file_name` (named as a tag's avatar) and "
            "leaves `icon_id`: null shows the uploaded avatar, as documented. Both are answered "
            "by `employee/read` and `employee/list` (`tests/sdk/test_employee_avatar.py`).",
        ),
    ),
)
EMPLOYEE_AVATAR_UPLOAD = Endpoint(
    path="employee/avatar/upload",
    params=EmployeeAvatarUploadParams,
    result=Result.field("value", str),
    summary="Upload an image as an employee's avatar and get its file name.",
    right="employee_update",
    errors=(201, 217, 221, 233, 234),
    upload=True,
    origin="service",
    notes=(
        f"{_CHECKS} A `multipart/form-data` request: the image travels as the part named "
        "`file` ("
        + ", ".join(f"`{t}`" for t in AVATAR_TYPES)
        + "; 234 for another type, 233 without it). The answer, the file's name, is the "
        "employee's `avatar_file_name` from then on."
    ),
)
EMPLOYEE_IMPORT_START = Endpoint(
    path="employee/import/start",
    params=ImportStartParams,
    result=Result.field("id", int),
    summary="Start importing employees from a stored spreadsheet; get the process's ID.",
    right="employee_update",
    errors=(7, 15, 217, 221, 233, 234, 247),
    origin="service",
    notes=(
        f"{_CHECKS} The process runs as `vehicle/import/start`'s does (see its decisions), "
        "each line checked as `employee/batch_convert` checks a row."
    ),
    decisions=(
        Decision(
            "The columns of an employee import",
            "Those of `employee/batch_convert`, plus `lat`, `lng` and `radius`: a line giving "
            "`lat` or `lng` is located there (both numbers, else an error), its address the "
            "`address` cell (not looked up), its radius `radius` (meters), else 100 m; else "
            "`address` is looked up in the gazetteer. An imported employee's tracker must be "
            "driven by no one when its line is passed, an earlier line's included "
            "(`tests/sdk/test_employee_import.py`).",
        ),
    ),
)
EMPLOYEE_IMPORT_LIST = Endpoint(
    path="employee/import/list",
    params=NoParams,
    result=Result.field("list", list[ImportProcess]),
    summary="List the account's employee import processes, by ID.",
    safe=True,
    origin="service",
    notes='As `data/import/list` with `types` `["employee"]`.',
)
EMPLOYEE_IMPORT_READ = Endpoint(
    path="employee/import/read",
    params=ImportProcessIdParams,
    result=Result.field("value", ImportProcess),
    summary="Read one employee import process with its progress, warnings and errors.",
    errors=(201,),
    safe=True,
    origin="service",
    notes="201 for another account's process, or a vehicle import.",
)
EMPLOYEE_IMPORT_DOWNLOAD_FAILED = Endpoint(
    path="employee/import/download_failed",
    params=ImportProcessIdParams,
    result=Result.file(FAILED_LINES_TYPE),
    summary="Download the lines of an employee import that failed, as a CSV file.",
    errors=(201, 204),
    safe=True,
    origin="service",
    notes="The file of `vehicle/import/download_failed`.",
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
    EMPLOYEE_AVATAR_ASSIGN,
    EMPLOYEE_AVATAR_UPLOAD,
    EMPLOYEE_IMPORT_START,
    EMPLOYEE_IMPORT_LIST,
    EMPLOYEE_IMPORT_READ,
    EMPLOYEE_IMPORT_DOWNLOAD_FAILED,
)
