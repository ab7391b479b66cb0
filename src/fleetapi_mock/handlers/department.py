"""Departments (groups of employees).

Departments belong to the account and every user of it sees them all. An employee joins a
department through its ``department_id``; deleting the department sets it to null.

``department/list`` and ``department/create`` first make the checks of the service's employee
calls: 221 when the trackers of the accounts of the caller's dealer exceed the dealer's
``device_limit``, 217 when the caller is a sub-user whose ``trackers`` list names a tracker that
no longer exists in the account.
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi.endpoints.department import (
    DEPARTMENT_CREATE,
    DEPARTMENT_DELETE,
    DEPARTMENT_LIST,
    DEPARTMENT_UPDATE,
)
from fleetapi.models.department import (
    Department,
    DepartmentCreateParams,
    DepartmentDeleteParams,
    DepartmentUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import check_employee_calls
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import DepartmentRecord, convert


@handles(DEPARTMENT_LIST)
def department_list(ctx: Context, params: NoParams) -> list[Department]:
    """The account's departments, by id; every user of the account sees them all."""
    check_employee_calls(ctx)
    return [convert(Department, r) for r in ctx.owned(ctx.world.departments)]


@handles(DEPARTMENT_CREATE)
def department_create(ctx: Context, params: DepartmentCreateParams) -> int:
    """A new department of the account; answers its id."""
    check_employee_calls(ctx)
    return ctx.world.add_owned("departments", DepartmentRecord, params.department, ctx.account.id)


@handles(DEPARTMENT_UPDATE)
def department_update(ctx: Context, params: DepartmentUpdateParams) -> None:
    """Replace a department's label and location (201 when it is not the account's)."""
    record = ctx.owned_one(ctx.world.departments, params.department.id, "department")
    ctx.world.departments[record.id] = convert(
        DepartmentRecord, params.department, user_id=record.user_id
    )


@handles(DEPARTMENT_DELETE)
def department_delete(ctx: Context, params: DepartmentDeleteParams) -> None:
    """Delete a department; its employees are left without one.

    201 when it is not the account's.
    """
    record = ctx.owned_one(ctx.world.departments, params.department_id, "department")
    del ctx.world.departments[record.id]
    for employee in list(ctx.world.employees.values()):
        if employee.department_id == record.id:
            ctx.world.employees[employee.id] = attrs.evolve(employee, department_id=None)
