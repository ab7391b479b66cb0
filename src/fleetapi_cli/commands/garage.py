"""``fleet garage``: list garages (depots); the other garage calls keep generated commands."""

from __future__ import annotations

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Garages (depots): list; create, update, delete.",
    epilog=examples(
        "fleet garage list -o json",
        "fleet garage delete 1 --yes",
    ),
)

COLUMNS = [
    "id",
    "organization_name",
    "location.address",
    "mechanic_name",
    "dispatcher_name",
]


@app.command("list")
@wraps_call("garage/list")
def list_garages(ctx: typer.Context, output: OutputOption = None) -> None:
    """List the garages (depots) of the account."""
    state = state_of(ctx)
    with state.client() as client:
        garages = client.garage.list()
    state.emit(garages, output=output, columns=COLUMNS)
