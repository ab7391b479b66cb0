"""Employees: the people behind trackers (the spec refers to them but does not show them).

The shape follows the service's documentation (``NOTES.md``). No call of the API reads or
writes employees directly; check-ins, tasks, departments and asset tracks refer to them by ID,
and the mock keeps them in its world.
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location

__all__ = ["Employee"]


@attrs.frozen(kw_only=True)
class Employee:
    """A person of the organization, optionally bound to a tracker and a department."""

    id: int
    tracker_id: int | None = None
    """The tracker assigned to the employee; null when none."""
    first_name: str
    """Not empty, at most 100 characters."""
    middle_name: str = ""
    """May be empty, never null; at most 100 characters."""
    last_name: str = ""
    """May be empty, never null; at most 100 characters."""
    email: str = ""
    """A valid address or empty; at most 100 characters."""
    phone: str = ""
    """Digits without ``+``, or empty; at most 32 characters."""
    driver_license_number: str = ""
    driver_license_cats: str = ""
    driver_license_valid_till: dt.date | None = None
    hardware_key: str | None = attrs.field(default=None, repr=False)
    """The key (card, tag) that identifies the employee to a device."""
    icon_id: int | None = None
    avatar_file_name: str | None = None
    department_id: int | None = None
    """Null when the employee belongs to no department (or it was deleted)."""
    location: Location | Unset | None = UNSET
    """Where the employee is based (``lat``, ``lng``, ``address``), or null."""
    personnel_number: str | Unset = UNSET
    """At most 15 characters."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""
    fuel_consumption: float | None = None
    """Liters per 100 km of the employee's vehicle."""
    fuel_cost: float | None = None
    """Cost of a liter of fuel for the employee's vehicle."""
