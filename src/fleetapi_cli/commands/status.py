"""``fleet status``: working statuses of employees' trackers. ``update`` changes what it is
given of a status and keeps the rest; the other status calls keep generated commands."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help

__all__ = ["app"]

app = new_group(
    "Working statuses of employees: listings, a tracker's status.",
    epilog=examples(
        "fleet status listing list",
        "fleet status list --listing-id 1",
        "fleet status update 2 --color FF5252",
        "fleet status tracker read 4",
    ),
)

_STATUS = "fleetapi.models.status:NewWorkStatus"


@app.command("update")
@wraps_call("status/update", uses=("status/listing/list", "status/list"))
def update(
    ctx: typer.Context,
    status_id: Annotated[int, typer.Argument(metavar="ID", help="The status's ID.")],
    label: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--label", help=field_help(_STATUS, "label"), show_default=False),
    ] = None,
    color: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--color", help=field_help(_STATUS, "color"), show_default=False),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Change a working status's label or color; what is not given stays as it is.

    The status is read from the account's listings first (status/listing/list, status/list):
    201 when none holds it. Prints the status as it is now.
    """
    from fleetapi import EntityNotFoundError
    from fleetapi.models.status import WorkStatus

    state = state_of(ctx)
    with state.client() as client:
        listings = client.status.listing.list()
        holder = next((s for s in listings if status_id in s.entries), None)
        found = None
        if holder is not None:
            statuses = client.status.list(listing_id=holder.id)
            found = next((s for s in statuses if s.id == status_id), None)
        if found is None:
            raise EntityNotFoundError(f"no working status {status_id}", endpoint="status/update")
        changed = WorkStatus(
            id=status_id,
            label=found.label if label is None else label,
            color=found.color if color is None else color,
        )
        client.status.update(status=changed)
    state.emit(changed, output=output)
