"""Departments (groups of employees): list, create, update and delete them."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.department import (
    Department,
    DepartmentCreateParams,
    DepartmentDeleteParams,
    DepartmentUpdateParams,
)

DEPARTMENT_LIST = Endpoint(
    path="department/list",
    params=NoParams,
    result=Result.field("list", list[Department]),
    summary="List the user's departments.",
    errors=(7, 217, 221),
    safe=True,
    decisions=(
        Decision(
            "217 and 221 on `department/list` and `department/create`",
            "The checks the service makes before its employee calls: 221 when the trackers of "
            "the accounts of the caller's dealer exceed the dealer's device limit "
            "(`device_limit` in the world; none by default), then 217 when the caller is a "
            "sub-user whose `trackers` list names a tracker that no longer exists in the "
            "account. `department/update` and `delete` make no such check.",
        ),
    ),
)
DEPARTMENT_CREATE = Endpoint(
    path="department/create",
    params=DepartmentCreateParams,
    result=Result.field("id", int),
    summary="Create a department and get its ID.",
    right="employee_update",
    errors=(7, 217, 221),
    notes="7 for a blank `label` or an invalid `location`.",
)
DEPARTMENT_UPDATE = Endpoint(
    path="department/update",
    params=DepartmentUpdateParams,
    result=Result.nothing(),
    summary="Update a department.",
    right="employee_update",
    errors=(201,),
    current="department/list",
)
DEPARTMENT_DELETE = Endpoint(
    path="department/delete",
    params=DepartmentDeleteParams,
    result=Result.nothing(),
    summary="Delete a department; its employees are left without one.",
    right="employee_update",
    errors=(201,),
    notes="The employees of the deleted department get a null `department_id`.",
)

ENDPOINTS = (DEPARTMENT_LIST, DEPARTMENT_CREATE, DEPARTMENT_UPDATE, DEPARTMENT_DELETE)
