"""``fleet tracker``: list trackers, read one, read current states and sensor readings, watch
them live."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, Optional, cast

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help
from fleetapi_cli.output import OutputFormat, is_terminal, to_jsonable

if TYPE_CHECKING:
    from fleetapi.models.reading import SensorTypeFilter

__all__ = ["app"]

_READINGS_LIST_PARAMS = "fleetapi.models.reading:ReadingsListParams"
_TRACKER_STATES_PARAMS = "fleetapi.models.tracker:TrackerStatesParams"

app = new_group(
    "Trackers: list, read, states, readings, counters, watch live.",
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


WATCH_COLUMNS = [
    "tracker_id",
    "label",
    "connection_status",
    "movement_status",
    "gps.speed",
    "gps.location.lat",
    "gps.location.lng",
    "last_update",
]
"""The columns of the live table of states."""


@app.command()
@wraps_call(uses=("event/subscription",))
def watch(
    ctx: typer.Context,
    tracker_ids: Annotated[
        Optional[list[int]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Argument(metavar="TRACKER_ID...", help="The trackers [default: every one]."),
    ] = None,
    readings: Annotated[
        bool, typer.Option("--readings", help="Their sensor readings, not their states.")
    ] = False,
    compact: Annotated[
        bool, typer.Option("--compact", help="Position and movement only (states).")
    ] = False,
    rate_limit: Annotated[
        str,
        typer.Option("--rate-limit", metavar="SPAN", help="At most one batch per SPAN: 500ms, 5s."),
    ] = "1s",
    output: OutputOption = None,
) -> None:
    """Follow trackers live: a row per state (or reading) as it changes, until Ctrl-C.

    A live table on a terminal, JSON Lines when piped. Uses the event stream
    (event/subscription); fleet event subscription takes raw subscriptions.
    """
    from fleetapi.models.event import (
        ReadingsBatchSubscription,
        StateBatchSubscription,
        SubscriptionTarget,
    )

    cli = state_of(ctx)
    ids = list(tracker_ids or ())
    target = (
        SubscriptionTarget(type="selected", tracker_ids=ids)
        if ids
        else SubscriptionTarget(type="all")
    )
    request: Any = (
        ReadingsBatchSubscription(target=target, rate_limit=rate_limit)
        if readings
        else StateBatchSubscription(
            target=target, rate_limit=rate_limit, format="compact" if compact else "full"
        )
    )
    try:
        with cli.client() as client:
            labels = {t.source.id: (t.id, t.label) for t in client.tracker.list()}
            with client.event.subscription(requests=[request]) as events:
                rows = _rows(events, labels)
                fmt = cli.output_format(output)
                if fmt is OutputFormat.table and is_terminal() and not readings:
                    _live(rows)
                else:
                    lines = cli.stream_format(output)
                    for row in rows:
                        cli.emit([row], output=lines)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def _rows(events: Iterable[Any], labels: dict[int, tuple[int, str]]) -> Iterator[dict[str, Any]]:
    """A row per tracker state, or per reading, of each event: tracker ID and label first."""
    for event in events:
        data = to_jsonable(event.data)
        if event.event in ("state", "state_batch"):
            for state in data if isinstance(data, list) else [data]:
                tracker_id, label = labels.get(state.get("source_id"), (None, None))
                yield {"tracker_id": tracker_id, "label": label, **state}
        elif event.event == "readings_batch":
            for batch in data:
                for tracker, lists in batch.items():
                    for kind, items in lists.items():
                        for item in items:
                            yield {"tracker_id": int(tracker), "kind": kind, **item}
        else:  # lifecycle
            yield {"event": event.event, **data}


def _live(rows: Iterable[dict[str, Any]]) -> None:
    """Keep a table of each tracker's last state on the terminal, redrawn as states come."""
    from rich.live import Live
    from rich.table import Table

    from fleetapi_cli.output import flatten

    last: dict[Any, dict[str, Any]] = {}

    def table() -> Table:
        drawn = Table(box=None, header_style="bold", pad_edge=False)
        for column in WATCH_COLUMNS:
            drawn.add_column(column, no_wrap=True)
        for key in sorted(last, key=str):
            flat = flatten(last[key])
            drawn.add_row(*("" if flat.get(c) is None else str(flat.get(c)) for c in WATCH_COLUMNS))
        return drawn

    with Live(table(), auto_refresh=False) as live:
        for row in rows:
            last[row.get("tracker_id", row.get("source_id"))] = row
            live.update(table(), refresh=True)
