"""``fleet bill``: list the account's bills, create one."""

from __future__ import annotations

from typing import Annotated

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

__all__ = ["app"]

_BILL_CREATE_PARAMS = "fleetapi.models.payment:BillCreateParams"

app = new_group(
    "Bills: list them, create one (plugin 29).",
    epilog=examples(
        "fleet bill list -n 5",
        "fleet bill create --payer 'Demo Logistics GmbH' --sum 10",
    ),
)

COLUMNS = ["order_id", "created", "sum", "status", "positions", "link"]


LIST_CALL = "bill/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


@app.command("list")
@wraps_call(LIST_CALL)
def list_bills(
    ctx: typer.Context,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List the account's bills, newest first; the total count goes to stderr."""
    from fleetapi_cli.output import tally

    state = state_of(ctx)
    with state.client() as client:
        bills, total = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=every,
        )
    state.emit(bills, output=output, columns=COLUMNS)
    tally(len(bills), total, "bills")


@app.command()
@wraps_call("bill/create")
def create(
    ctx: typer.Context,
    payer: Annotated[str, typer.Option("--payer", help=field_help(_BILL_CREATE_PARAMS, "payer"))],
    total: Annotated[float, typer.Option("--sum", help=field_help(_BILL_CREATE_PARAMS, "sum"))],
    output: OutputOption = None,
) -> None:
    """Create a bill and print its order ID."""
    from fleetapi_cli.output import note

    state = state_of(ctx)
    with state.client() as client:
        order_id = client.bill.create(payer=payer, sum=total)
    state.emit({"order_id": order_id}, output=output)
    note(f"Created bill {order_id}.")
