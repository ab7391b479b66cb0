"""``fleet tracker``: list trackers, read one, read current states."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi.models.tracker import TrackerStatesParams
from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help

__all__ = ["app"]

app = new_group(
    "Trackers: list, read, current states.",
    epilog=examples(
        "fleet tracker read 1",
        "fleet tracker state 2 -o json",
        "fleet tracker states 1 2 -o jsonl",
    ),
)

TRACKER_COLUMNS = ["id", "label", "source.model", "source.device_id", "source.blocked"]
STATE_COLUMNS = [
    "source_id",
    "connection_status",
    "movement_status",
    "last_update",
    "gps.location.lat",
    "gps.location.lng",
    "gps.speed",
    "ignition",
    "gsm.signal_level",
    "battery_level",
    "inputs",
    "outputs",
]


@app.command("list")
@wraps_call("tracker/list")
def list_trackers(
    ctx: typer.Context,
    label: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--label", "-l", help="Only labels containing this text (repeat for several)."
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """List the trackers available to the user."""
    from fleetapi._types import UNSET

    state = state_of(ctx)
    with state.client() as client:
        trackers = client.trackers.list(labels=list(label) if label else UNSET)
    state.emit(trackers, output=output, columns=TRACKER_COLUMNS)


@app.command()
@wraps_call("tracker/read")
def read(
    ctx: typer.Context,
    tracker_id: Annotated[int, typer.Argument(metavar="TRACKER_ID", help="The tracker's ID.")],
    output: OutputOption = None,
) -> None:
    """Read one tracker."""
    state = state_of(ctx)
    with state.client() as client:
        tracker = client.trackers.read(tracker_id=tracker_id)
    state.emit(tracker, output=output)


@app.command()
@wraps_call("tracker/get_state")
def state(
    ctx: typer.Context,
    tracker_id: Annotated[int, typer.Argument(metavar="TRACKER_ID", help="The tracker's ID.")],
    output: OutputOption = None,
) -> None:
    """Read the current state of a tracker: position, connection, movement."""
    cli = state_of(ctx)
    with cli.client() as client:
        current = client.trackers.get_state(tracker_id=tracker_id)
    cli.emit(current, output=output)


@app.command()
@wraps_call("tracker/get_states")
def states(
    ctx: typer.Context,
    tracker_ids: Annotated[
        list[int], typer.Argument(metavar="TRACKER_ID...", help="The trackers' IDs.")
    ],
    list_blocked: Annotated[
        bool,
        typer.Option("--list-blocked", help=field_help(TrackerStatesParams, "list_blocked")),
    ] = False,
    allow_not_exist: Annotated[
        bool,
        typer.Option("--allow-not-exist", help=field_help(TrackerStatesParams, "allow_not_exist")),
    ] = False,
    output: OutputOption = None,
) -> None:
    """Read the current states of several trackers at once.

    A table has one row per tracker; JSON has the whole answer (states, blocked, not_exist).
    """
    from fleetapi._types import UNSET
    from fleetapi_cli.output import OutputFormat, note, to_jsonable

    cli = state_of(ctx)
    with cli.client() as client:
        result = client.trackers.get_states(
            trackers=list(tracker_ids),
            list_blocked=True if list_blocked else UNSET,
            allow_not_exist=True if allow_not_exist else UNSET,
        )
    data = to_jsonable(result)
    if cli.output_format(output) is OutputFormat.table:
        rows = [{"tracker_id": key, **value} for key, value in data.get("states", {}).items()]
        cli.emit(rows, output=output, columns=["tracker_id", *STATE_COLUMNS[1:]])
        for kind in ("blocked", "not_exist"):
            if data.get(kind):
                note(f"{kind}: {', '.join(str(i) for i in data[kind])}")
    else:
        cli.emit(data, output=output)
