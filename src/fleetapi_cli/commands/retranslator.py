"""``fleet retranslator``: the retranslators forwarding device data to third-party servers."""

from __future__ import annotations

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Retranslators: forward device data to third-party servers.",
    epilog=examples(
        "fleet retranslator protocol list -o json",
        "fleet retranslator list -o tsv",
    ),
)

COLUMNS = ["id", "name", "protocol", "address", "port", "login", "enabled"]


@app.command("list")
@wraps_call("retranslator/list", uses=("retranslator/protocol/list",))
def list_retranslators(ctx: typer.Context, output: OutputOption = None) -> None:
    """List the account's retranslators with their protocol's name.

    Tables leave passwords out; JSON, JSON Lines and TSV carry them as the service answers them.
    """
    from fleetapi_cli.output import to_jsonable

    state = state_of(ctx)
    with state.client() as client:
        protocols = {p.id: p.name for p in client.retranslator.protocol.list()}
        items = to_jsonable(client.retranslator.list())
    rows = [{**r, "protocol": protocols.get(r["protocol_id"], r["protocol_id"])} for r in items]
    state.emit(rows, output=output, columns=COLUMNS)
