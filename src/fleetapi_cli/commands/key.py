"""``fleet key``: create, list and delete API keys (master user, standard session)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from fleetapi_cli._typer import (
    OutputOption,
    YesOption,
    confirm_delete,
    examples,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.output import OutputFormat, note, to_jsonable

__all__ = ["app"]

app = new_group(
    "API keys: create, list, delete (a master user's session).",
    epilog=examples(
        "fleet key create 'Nightly export'",
        "fleet key list -o json | jq -r '.[].hash'",
    ),
)

COLUMNS = ["title", "create_date", "hash"]


@app.command()
@wraps_call("api/key/create")
def create(
    ctx: typer.Context,
    title: Annotated[str, typer.Argument(help="A name for the key (printable, at most 255).")],
    output: OutputOption = None,
) -> None:
    """Create an API key and print it in full: store it now."""
    state = state_of(ctx)
    with state.client() as client:
        key = client.api.key.create(title=title)
    state.emit(key, output=output, columns=COLUMNS)


@app.command("list")
@wraps_call("api/key/list")
def list_keys(
    ctx: typer.Context,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Show the keys in full in a table.")
    ] = False,
    output: OutputOption = None,
) -> None:
    """List the account's API keys (masked in tables unless --reveal; JSON has them in full)."""
    from fleetapi._secrets import mask

    state = state_of(ctx)
    with state.client() as client:
        keys = to_jsonable(client.api.key.list())
    fmt = state.output_format(output)
    if fmt is OutputFormat.table and not reveal:
        keys = [{**k, "hash": mask(k.get("hash"))} for k in keys]
    state.emit(keys, output=fmt, columns=COLUMNS)


@app.command()
@wraps_call("api/key/delete")
def delete(
    ctx: typer.Context,
    key: Annotated[str, typer.Argument(help="The API key to delete (- reads it from stdin).")],
    yes: YesOption = False,
) -> None:
    """Delete (revoke) an API key. Asks first on a terminal; elsewhere needs --yes."""
    from fleetapi._secrets import mask

    state = state_of(ctx)
    if key == "-":
        key = sys.stdin.readline().strip()
    if not key:
        ctx.fail("The key is empty.")
    confirm_delete(ctx, f"Delete API key {mask(key)}?", yes)
    with state.client() as client:
        client.api.key.delete(key=key)
    note(f"Deleted API key {mask(key)}.")
