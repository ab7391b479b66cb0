"""``fleet bill``: list the account's bills, create one."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import OutputOption, new_group
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group("Bills: list them, create one (needs plugin 29 and payment_create).")

COLUMNS = ["order_id", "created", "sum", "status", "positions", "link"]


@app.command("list")
def list_bills(
    ctx: typer.Context,
    limit: Annotated[
        Optional[int],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--limit", min=0, max=10000, help="At most this many bills [default: 10000]."),
    ] = None,
    offset: Annotated[
        int, typer.Option("--offset", min=0, help="Skip this many bills (newest first).")
    ] = 0,
    every: Annotated[
        bool,
        typer.Option("--all", help="Fetch every page (--limit sets the page size)."),
    ] = False,
    output: OutputOption = None,
) -> None:
    """List the account's bills, newest first; the total count goes to stderr."""
    from fleetapi._types import UNSET
    from fleetapi_cli.output import note

    state = state_of(ctx)
    with state.client() as client:
        if every:
            bills = list(client.bills.iterate(page_size=limit or 1000))
            total = len(bills)
        else:
            page = client.bills.list(
                limit=UNSET if limit is None else limit, offset=offset if offset else UNSET
            )
            bills, total = page.bills, page.count
    state.emit(bills, output=output, columns=COLUMNS)
    note(f"{len(bills)} of {total} bills")


@app.command()
def create(
    ctx: typer.Context,
    payer: Annotated[str, typer.Option("--payer", help="Who pays (printable, at most 255).")],
    total: Annotated[
        float, typer.Option("--sum", min=0.01, help="The amount, in the panel's currency.")
    ],
    output: OutputOption = None,
) -> None:
    """Create a bill and print its order ID."""
    from fleetapi_cli.output import note

    state = state_of(ctx)
    with state.client() as client:
        order_id = client.bills.create(payer=payer, sum=total)
    state.emit({"order_id": order_id}, output=output)
    note(f"Created bill {order_id}.")
