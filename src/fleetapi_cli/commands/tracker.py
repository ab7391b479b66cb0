"""``fleet tracker``: list trackers, read one, read current states and sensor readings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional, cast

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help

if TYPE_CHECKING:
    from fleetapi.models.reading import SensorTypeFilter

__all__ = ["app"]

_READINGS_LIST_PARAMS = "fleetapi.models.reading:ReadingsListParams"
_TRACKER_STATES_PARAMS = "fleetapi.models.tracker:TrackerStatesParams"

app = new_group(
    "Trackers: list, read, current states, sensor readings, counters.",
    epilog=examples(
        "fleet tracker read 1",
        "fleet tracker state 2 -o json",
        "fleet tracker states 1 2 -o jsonl",
        "fleet tracker readings 1",
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
        trackers = client.tracker.list(labels=list(label) if label else UNSET)
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
        tracker = client.tracker.read(tracker_id=tracker_id)
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
        current = client.tracker.get_state(tracker_id=tracker_id)
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
        typer.Option("--list-blocked", help=field_help(_TRACKER_STATES_PARAMS, "list_blocked")),
    ] = False,
    allow_not_exist: Annotated[
        bool,
        typer.Option(
            "--allow-not-exist", help=field_help(_TRACKER_STATES_PARAMS, "allow_not_exist")
        ),
    ] = False,
    output: OutputOption = None,
) -> None:
    """Read the current states of several trackers at once.

    One row (one JSON object) per tracker, its ID as tracker_id; the trackers that are blocked
    or do not exist are told on stderr.
    """
    from fleetapi._types import UNSET
    from fleetapi_cli.output import note, to_jsonable

    cli = state_of(ctx)
    with cli.client() as client:
        result = client.tracker.get_states(
            trackers=list(tracker_ids),
            list_blocked=True if list_blocked else UNSET,
            allow_not_exist=True if allow_not_exist else UNSET,
        )
    data = to_jsonable(result)
    rows = [{"tracker_id": int(key), **value} for key, value in data.get("states", {}).items()]
    cli.emit(rows, output=output, columns=["tracker_id", *STATE_COLUMNS[1:]])
    for kind in ("blocked", "not_exist"):
        if data.get(kind):
            note(f"{kind}: {', '.join(str(i) for i in data[kind])}")


READING_COLUMNS = ["kind", "id", "name", "value", "units", "updated"]
COUNTER_UNITS = {"odometer": "km", "engine_hours": "h"}


@app.command()
@wraps_call("tracker/readings/list")
def readings(
    ctx: typer.Context,
    tracker_id: Annotated[int, typer.Argument(metavar="TRACKER_ID", help="The tracker's ID.")],
    sensor_type: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--type", help=field_help(_READINGS_LIST_PARAMS, "sensor_type")),
    ] = None,
    no_components: Annotated[
        bool,
        typer.Option(
            "--no-components", help="Leave out the parts of composite sensors (their sums stay)."
        ),
    ] = False,
    output: OutputOption = None,
) -> None:
    """Read a tracker's last sensor values, states and counters.

    A table (or TSV) has one row per value (sensors, virtual sensors, states, counters); JSON
    has the whole answer.
    """
    from fleetapi._types import UNSET
    from fleetapi_cli.output import OutputFormat, to_jsonable

    cli = state_of(ctx)
    with cli.client() as client:
        result = client.tracker.readings.list(
            tracker_id=tracker_id,
            sensor_type=cast("SensorTypeFilter", sensor_type) if sensor_type else UNSET,
            include_components=False if no_components else UNSET,
        )
    data = to_jsonable(result)
    if cli.output_format(output) in (OutputFormat.json, OutputFormat.jsonl):
        cli.emit(data, output=output)
        return
    rows = [
        *(
            {
                "kind": "sensor",
                "id": r["sensor_id"],
                "name": r["label"],
                "value": r["value"],
                "units": r["units"] or r["units_type"],
                "updated": r["update_time"],
            }
            for r in data["inputs"]
        ),
        *(
            {
                "kind": "virtual",
                "id": r["sensor_id"],
                "name": r["label"],
                "value": r["value"],
                "units": "",
                "updated": r["update_time"],
            }
            for r in data.get("virtual_sensors", [])
        ),
        *(
            {
                "kind": "state",
                "id": "",
                "name": r["field"],
                "value": r["value"],
                "units": "",
                "updated": r["update_time"],
            }
            for r in data.get("states", [])
        ),
        *(
            {
                "kind": "counter",
                "id": "",
                "name": r["type"],
                "value": round(r["value"], 3),
                "units": COUNTER_UNITS.get(r["type"], ""),
                "updated": r["update_time"],
            }
            for r in data.get("counters", [])
        ),
    ]
    cli.emit(rows, output=output, columns=READING_COLUMNS)
