"""``fleet tracker output``: switch a device's digital outputs, and title them (generated beside
it)."""

from __future__ import annotations

from typing import Annotated

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Digital outputs of devices: switch one or all of them, title one.",
    epilog=examples(
        "fleet tracker output set 1 2 --on",
        "fleet tracker output set-all --tracker-id 6 --outputs '[true, false, true]'",
        "fleet tracker output update --tracker-id 1 --number 2 --title Siren",
    ),
)


@app.command("set")
@wraps_call("tracker/output/set", uses=("tracker/command/unconfirmed/count",))
def set_(
    ctx: typer.Context,
    tracker_id: Annotated[int, typer.Argument(metavar="TRACKER_ID", help="The tracker's ID.")],
    number: Annotated[int, typer.Argument(metavar="OUTPUT", help="The output's number, from 1.")],
    on: Annotated[bool, typer.Option("--on/--off", help="Switch it on, or off.")],
    output: OutputOption = None,
) -> None:
    """Switch one digital output of a device on or off.

    The device confirms it later; prints the tracker and how many of its commands wait for
    confirmation (fleet tracker command unconfirmed count).
    """
    state = state_of(ctx)
    with state.client() as client:
        client.tracker.output.set(tracker_id=tracker_id, output=number, enable=on)
        waiting = client.tracker.command.unconfirmed.count(tracker_id=tracker_id)
    state.emit({"tracker_id": tracker_id, "unconfirmed": waiting}, output=output)
