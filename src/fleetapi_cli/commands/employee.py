"""``fleet employee``: list employees (drivers) as a table; the other employee calls, and
binding an employee to a tracker, keep generated commands."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import (
    AllOption,
    LimitOption,
    OffsetOption,
    OutputOption,
    examples,
    fetch,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help
from fleetapi_cli.output import tally

__all__ = ["app"]

_EMPLOYEE_LIST_PARAMS = "fleetapi.models.employee:EmployeeListParams"

app = new_group(
    "Employees (drivers): list, read, create, update, delete.",
    epilog=examples(
        "fleet employee list --sort first_name=asc",
        "fleet employee read 2 -o json",
        "fleet employee update 2 --first-name Ben",
    ),
)

COLUMNS = [
    "id",
    "first_name",
    "last_name",
    "tracker_id",
    "department_id",
    "personnel_number",
    "phone",
    "email",
]

LIST_CALL = "employee/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


@app.command("list")
@wraps_call(LIST_CALL)
def list_employees(
    ctx: typer.Context,
    search: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--filter", "-q", help=field_help(_EMPLOYEE_LIST_PARAMS, "filter")),
    ] = None,
    sort: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option("--sort", help=field_help(_EMPLOYEE_LIST_PARAMS, "sort")),
    ] = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List the employees (drivers), by ID unless sorted, with their tracker and department."""
    from fleetapi._types import UNSET

    state = state_of(ctx)
    with state.client() as client:
        employees, total = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=every,
            filter=search if search is not None else UNSET,
            sort=list(sort) if sort else UNSET,
        )
    state.emit(employees, output=output, columns=COLUMNS)
    tally(len(employees), total, "employees")
