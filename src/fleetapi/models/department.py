"""Departments: groups of employees (``department/*``).

An employee belongs to a department through its ``department_id``; deleting a department sets
that field of its employees to null.
"""

from __future__ import annotations

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location

__all__ = [
    "Department",
    "DepartmentCreateParams",
    "DepartmentDeleteParams",
    "DepartmentUpdateParams",
    "NewDepartment",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewDepartment:
    """A department without its ID: the ``department`` of ``department/create``."""

    label: str = attrs.field(metadata=rules(not_blank=True))
    location: Location | Unset | None = UNSET
    """Where the department is (``lat``, ``lng``, ``address``, ``radius`` in meters), or null."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Department(NewDepartment):
    """A department of the user."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class DepartmentCreateParams:
    """Parameters of ``department/create``."""

    department: NewDepartment
    """The new department: label, and optionally its location."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DepartmentUpdateParams:
    """Parameters of ``department/update``."""

    department: Department
    """The department with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DepartmentDeleteParams:
    """Parameters of ``department/delete``; its employees' ``department_id`` becomes null."""

    department_id: int
    """The department."""
