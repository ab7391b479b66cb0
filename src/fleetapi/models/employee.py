"""Employees and drivers (``employee/*``, ``tracker/employee/*``), as the service documents them.

An employee is a person of the organization, optionally bound to one tracker (its driver) and
a department. Check-ins, tasks, deliveries and asset tracks name employees by ID.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location
from fleetapi.models.vehicle import BatchError, LocatedBatchSource

__all__ = [
    "EMPLOYEE_BATCH_DEFAULT_FIELDS",
    "EMPLOYEE_BATCH_FIELDS",
    "EMPLOYEE_SORT_FIELDS",
    "CheckedEmployee",
    "CheckedEmployeeAnswer",
    "Employee",
    "EmployeeAssignParams",
    "EmployeeAssignment",
    "EmployeeAvatarAssignParams",
    "EmployeeAvatarUploadParams",
    "EmployeeBatchConvertParams",
    "EmployeeBatchResult",
    "EmployeeCreateParams",
    "EmployeeDeleteParams",
    "EmployeeList",
    "EmployeeListParams",
    "EmployeeReadParams",
    "EmployeeUpdateParams",
    "NewEmployee",
    "TrackerEmployee",
    "TrackerEmployeeReadParams",
]

EMPLOYEE_SORT_FIELDS = frozenset(
    {
        "id", "first_name", "object_label", "department_label", "personnel_number",
        "hardware_key", "phone", "email", "address", "driver_license_number",
        "driver_license_cats", "driver_license_valid_till", "ssn",
    }
)  # fmt: skip
"""What ``employee/list`` sorts by (``first_name=desc``) and what its ``filter`` searches."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewEmployee:
    """An employee without its ID: the ``employee`` of ``employee/create``."""

    first_name: str = attrs.field(metadata=rules(not_blank=True, max_length=100))
    middle_name: str = attrs.field(default="", metadata=rules(max_length=100))
    last_name: str = attrs.field(default="", metadata=rules(max_length=100))
    email: str = attrs.field(default="", metadata=rules(max_length=100, email=True))
    """An e-mail address, or empty."""
    phone: str = attrs.field(default="", metadata=rules(max_length=32))
    """The phone number without ``+``, or empty."""
    tracker_id: int | None = None
    """The tracker the employee drives (one employee per tracker); null when none."""
    department_id: int | None = None
    """Null when the employee belongs to no department (or it was deleted)."""
    driver_license_number: str = attrs.field(default="", metadata=rules(max_length=32))
    driver_license_cats: str = attrs.field(default="", metadata=rules(max_length=32))
    driver_license_issue_date: dt.date | None = None
    driver_license_valid_till: dt.date | None = None
    hardware_key: str | None = attrs.field(default=None, repr=False, metadata=rules(max_length=64))
    """The key (card, tag) that identifies the employee to a device."""
    icon_id: int | None = None
    """Set by the service's avatar calls only: ignored in ``create`` and ``update``."""
    avatar_file_name: str | None = None
    """Set by the service's avatar calls only: ignored in ``create`` and ``update``."""
    location: Location | None = None
    """Where the employee is based (``lat``, ``lng``, ``address``), or null."""
    personnel_number: str = attrs.field(default="", metadata=rules(max_length=15))
    ssn: str = attrs.field(default="", metadata=rules(max_length=32))
    """The social security number."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Employee(NewEmployee):
    """An employee (driver) of the user's account."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeListParams:
    """Parameters of ``employee/list``."""

    filter: str | Unset | None = attrs.field(default=UNSET, metadata=rules(max_length=100))
    """Only employees with this text (any case) in a field of :data:`EMPLOYEE_SORT_FIELDS`."""
    sort: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=2))
    """Up to two ``<field>=asc|desc`` options; the fields of :data:`EMPLOYEE_SORT_FIELDS`."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many employees (a page)."""


@attrs.frozen(kw_only=True, slots=False)
class EmployeeList:
    """One page of ``employee/list``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[Employee]
    count: int
    """The number of employees found, ignoring paging."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeCreateParams:
    """Parameters of ``employee/create``."""

    employee: NewEmployee
    """The new employee: names, contacts, department, tracker."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeReadParams:
    """Parameters of ``employee/read``."""

    employee_id: int
    """The employee."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeUpdateParams:
    """Parameters of ``employee/update``: the whole employee, named by its ``id``."""

    employee: Employee
    """The employee with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeDeleteParams:
    """Parameters of ``employee/delete``."""

    employee_id: int
    """The employee."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeAssignParams:
    """Parameters of ``tracker/employee/assign``."""

    tracker_id: int
    """The tracker the employee now uses."""
    new_employee_id: int | None
    """The employee to bind to the tracker; null leaves the tracker without one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerEmployeeReadParams:
    """Parameters of ``tracker/employee/read``."""

    tracker_id: int
    """The tracker whose employee to read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeAssignment:
    """The last change of a tracker's employee (``last_change`` of ``tracker/employee/read``)."""

    old_employee_id: int | None = None
    """Always null (the service no longer fills it)."""
    new_employee_id: int | None
    """The employee bound by the change; null when it unbound one."""
    location: Location | None = None
    """Where the tracker was at the change, or null."""
    changed: dt.datetime
    origin: Literal["supervisor", "tracker"]
    """``supervisor`` for a change through the API, ``tracker`` for a hardware key."""
    hardware_key: str | None = attrs.field(default=None, repr=False)
    """The hardware key that made the change (``tracker`` origin)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerEmployee:
    """The answer of ``tracker/employee/read``."""

    current: Employee | None
    """The employee bound to the tracker now, or null."""
    last_change: EmployeeAssignment | None
    """The last change of the binding, or null when there was none."""


EMPLOYEE_BATCH_FIELDS = frozenset(
    {
        "first_name", "middle_name", "last_name", "email", "phone", "driver_license_number",
        "driver_license_cats", "driver_license_issue_date", "driver_license_valid_till",
        "hardware_key", "personnel_number", "ssn", "address", "tracker_label", "tags",
    }
)  # fmt: skip
"""The columns an ``employee/batch_convert`` batch may hold: the employee's own texts and
dates, ``address`` (geocoded into ``location``), ``tracker_label`` (a tracker of the caller's,
by label) and ``tags`` (tag names, comma-separated); ``undefined`` skips a column."""

EMPLOYEE_BATCH_DEFAULT_FIELDS = ("first_name", "middle_name", "last_name", "email", "phone")
"""The columns of a batch without ``fields``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeBatchConvertParams(LocatedBatchSource):
    """Parameters of ``employee/batch_convert``: ``batch`` text or a preloaded ``file_id``."""

    fields: list[str] | Unset = UNSET
    """The columns, in order, from :data:`EMPLOYEE_BATCH_FIELDS` (default
    :data:`EMPLOYEE_BATCH_DEFAULT_FIELDS`; for a file with a header, its column names)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedEmployee(NewEmployee):
    """One converted row of ``employee/batch_convert``: an employee to create, with its errors."""

    id: int | None = None
    """Not created yet: null."""
    errors: list[BatchError] | Unset = UNSET
    """Present when the row has problems."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedEmployeeAnswer:
    """One element of ``employee/batch_convert``'s ``list``."""

    success: bool = True
    value: CheckedEmployee


@attrs.frozen(kw_only=True, slots=False)
class EmployeeBatchResult:
    """The result of ``employee/batch_convert``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[CheckedEmployeeAnswer]
    limit_exceeded: bool
    """True when the batch was cut by a limit."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeAvatarAssignParams:
    """Parameters of ``employee/avatar/assign``."""

    employee_id: int
    """The employee."""
    icon_id: int | None
    """An icon of the standard set; null shows the uploaded avatar instead."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeAvatarUploadParams:
    """The form fields of ``employee/avatar/upload``, beside the image part named ``file``."""

    employee_id: int
    """The employee."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""
