"""``fleet department``: list departments; the other department calls keep generated
commands."""

from __future__ import annotations

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Departments (of employees): list, create, update, delete.",
    epilog=examples(
        'fleet department create --department \'{"label": "Night shift"}\'',
        "fleet department list -o json",
    ),
)

COLUMNS = ["id", "label", "location.address", "location.radius"]


@app.command("list")
@wraps_call("department/list")
def list_departments(ctx: typer.Context, output: OutputOption = None) -> None:
    """List the departments of the account."""
    state = state_of(ctx)
    with state.client() as client:
        departments = client.department.list()
    state.emit(departments, output=output, columns=COLUMNS)
