"""``fleet task``: list, create, assign, delete tasks and convert tab-delimited batches.

The other task calls (read, update, count, transmute, route create) keep their generated
commands beside these.
"""

from __future__ import annotations

import datetime as dt
import typing
from typing import Annotated, Any, Optional, cast

import typer

from fleetapi.models.common import TaskStatus, TaskType
from fleetapi_cli._typer import (
    AllOption,
    LimitOption,
    OffsetOption,
    OutputOption,
    YesOption,
    completes,
    confirm_delete,
    examples,
    fetch,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help
from fleetapi_cli.values import parse_until, parse_when

__all__ = ["app"]

_TASK = "fleetapi.models.task:TaskContent"
"""The model whose fields ``task create`` takes as options (their help is its docstrings)."""

app = new_group(
    "Tasks: list, create, assign, delete; check batches.",
    epilog=examples(
        "fleet task list --tracker 1 --sort from=asc",
        "fleet task assign 1 --tracker 2",
        "fleet task delete 3 --yes",
    ),
)

TASK_COLUMNS = [
    "id",
    "label",
    "status",
    "tracker_id",
    "from",
    "to",
    "external_id",
    "location.address",
]
BATCH_COLUMNS = [
    "label",
    "from",
    "to",
    "location.lat",
    "location.lng",
    "location.radius",
    "location.address",
    "tracker_id",
    "external_id",
]
STATUSES: tuple[str, ...] = typing.get_args(TaskStatus)
"""The statuses ``--status`` takes: those of the model."""
TYPES: tuple[str, ...] = typing.get_args(TaskType)
"""The kinds ``--type`` takes: those of the model."""


LIST_CALL = "task/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


@app.command("list")
@wraps_call(LIST_CALL)
def list_tasks(
    ctx: typer.Context,
    status: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--status",
            "-s",
            help=f"Only this status (repeat): {', '.join(STATUSES)}.",
            autocompletion=completes(STATUSES),
        ),
    ] = None,
    tracker: Annotated[
        Optional[list[int]],  # noqa: UP045
        typer.Option("--tracker", "-t", help="Only tasks of this tracker (repeat)."),
    ] = None,
    kind: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--type",
            help=f"List this kind (repeat; default task and checkpoint): {', '.join(TYPES)}.",
            autocompletion=completes(TYPES),
        ),
    ] = None,
    since: Annotated[
        Optional[dt.datetime],  # noqa: UP045
        typer.Option(
            "--from", metavar="WHEN", parser=parse_when, help="Only tasks still actual after."
        ),
    ] = None,
    until: Annotated[
        Optional[dt.datetime],  # noqa: UP045
        typer.Option(
            "--to", metavar="WHEN", parser=parse_until, help="Only tasks already actual before."
        ),
    ] = None,
    external_id: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--external-id", "-e", help="Only tasks with this external ID."),
    ] = None,
    search: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--search", "-q", help="Text to find in any field of the task."),
    ] = None,
    tag: Annotated[
        Optional[list[int]],  # noqa: UP045
        typer.Option("--tag", help="Only tasks carrying this tag ID (repeat: any of them)."),
    ] = None,
    sort: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option("--sort", help="FIELD=asc or FIELD=desc, e.g. from=asc (repeat)."),
    ] = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List tasks and route checkpoints, filtered; the number found goes to stderr."""
    from fleetapi._types import UNSET
    from fleetapi_cli.output import tally

    for values, choices, hint in ((status, STATUSES, "--status"), (kind, TYPES, "--type")):
        for value in values or []:
            if value not in choices:
                raise typer.BadParameter(
                    f"{value!r} is not one of {', '.join(choices)}", ctx=ctx, param_hint=hint
                )
    state = state_of(ctx)
    since_at, until_at = since, until
    with state.client() as client:
        tasks, count = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=every,
            statuses=cast("list[TaskStatus]", list(status)) if status else UNSET,
            types=cast("list[TaskType]", list(kind)) if kind else UNSET,
            trackers=list(tracker) if tracker else UNSET,
            from_=since_at or UNSET,
            to=until_at or UNSET,
            external_id=external_id if external_id is not None else UNSET,
            filter=search if search is not None else UNSET,
            tag_ids=list(tag) if tag else UNSET,
            sort=list(sort) if sort else UNSET,
        )
    state.emit(tasks, output=output, columns=TASK_COLUMNS)
    tally(len(tasks), count, "tasks")


@app.command()
@wraps_call("task/create")
def create(
    ctx: typer.Context,
    label: Annotated[str, typer.Option("--label", "-l", help=field_help(_TASK, "label"))],
    lat: Annotated[float, typer.Option("--lat", help="Latitude of the zone's centre.")],
    lng: Annotated[float, typer.Option("--lng", help="Longitude of the zone's centre.")],
    since: Annotated[
        dt.datetime,
        typer.Option("--from", metavar="WHEN", parser=parse_when, help="Visit after this."),
    ],
    until: Annotated[
        dt.datetime,
        typer.Option("--to", metavar="WHEN", parser=parse_until, help="Visit before this."),
    ],
    radius: Annotated[int, typer.Option("--radius", "-r", help="Zone radius, meters.")] = 100,
    description: Annotated[
        str, typer.Option("--description", "-d", help=field_help(_TASK, "description"))
    ] = "",
    address: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--address", "-a", help="The address of the zone."),
    ] = None,
    tracker: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--tracker", "-t", help="Assign at once to this tracker."),
    ] = None,
    external_id: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--external-id", "-e", help="Reference in another system."),
    ] = None,
    max_delay: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--max-delay", help="Minutes it may be late."),
    ] = None,
    min_stay: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--min-stay", help="Minutes to stay in the zone."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Create a task: a zone to visit in a time window, optionally assigned to a tracker."""
    from fleetapi._types import UNSET
    from fleetapi.models.task import NewTask, TaskLocation
    from fleetapi_cli.output import note

    start, end = since, until
    task = NewTask(
        location=TaskLocation(
            lat=lat, lng=lng, radius=radius, address=address if address is not None else UNSET
        ),
        label=label,
        description=description,
        from_=start,
        to=end,
        tracker_id=tracker if tracker is not None else UNSET,
        external_id=external_id if external_id is not None else UNSET,
        max_delay=max_delay if max_delay is not None else UNSET,
        min_stay_duration=min_stay if min_stay is not None else UNSET,
    )
    state = state_of(ctx)
    with state.client() as client:
        result = client.task.create(task=task)
    state.emit(result, output=output, columns=["id", "external_id_counts"])
    for count in result.external_id_counts or []:
        note(f"note: {count.count} other task(s) carry the external ID {count.external_id!r}")


@app.command()
@wraps_call("task/assign")
def assign(
    ctx: typer.Context,
    task_id: Annotated[int, typer.Argument(metavar="TASK_ID", help="The task (or route).")],
    tracker: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--tracker", "-t", help="The tracker to assign it to."),
    ] = None,
    unassign: Annotated[bool, typer.Option("--unassign", help="Assign it to nobody.")] = False,
) -> None:
    """Assign a task (or a route with its checkpoints) to a tracker, or unassign it."""
    from fleetapi_cli.output import note

    if (tracker is None) == (not unassign):
        raise typer.BadParameter(
            "give exactly one of --tracker ID and --unassign", ctx=ctx, param_hint="--tracker"
        )
    state = state_of(ctx)
    with state.client() as client:
        client.task.assign(task_id=task_id, tracker_id=tracker)
    if tracker is None:
        note(f"Task {task_id} is unassigned.")
    else:
        note(f"Task {task_id} is assigned to tracker {tracker}.")


@app.command()
@wraps_call("task/delete")
def delete(
    ctx: typer.Context,
    task_id: Annotated[
        int, typer.Argument(metavar="TASK_ID", help="The task, checkpoint or route.")
    ],
    yes: YesOption = False,
) -> None:
    """Delete a task (a route goes with its checkpoints). Asks on a terminal; else needs --yes."""
    from fleetapi_cli.output import note

    confirm_delete(ctx, f"Delete task {task_id}?", yes)
    state = state_of(ctx)
    with state.client() as client:
        client.task.delete(task_id=task_id)
    note(f"Deleted task {task_id}.")


@app.command("batch-convert")
@wraps_call("task/batch_convert")
def batch_convert(
    ctx: typer.Context,
    source: Annotated[
        str, typer.Argument(metavar="FILE", help="Tab-delimited tasks (- reads stdin).")
    ],
    fields: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--fields",
            "-f",
            help="Comma-separated column names [default: label,from,to,address,lat,lng,"
            "description].",
        ),
    ] = None,
    geocoder: Annotated[str, typer.Option("--geocoder", help="Geocoder to use.")] = "osm",
    radius: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--default-radius", help="Radius of rows without one (100)."),
    ] = None,
    duration: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--default-duration", help="Minutes from 'from' to a missing 'to' (60)."),
    ] = None,
    max_delay: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--default-max-delay", help="Minutes a task may be late (0)."),
    ] = None,
    min_stay: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--default-min-stay", help="Minutes to stay in the zone (0)."),
    ] = None,
    employee: Annotated[
        Optional[list[int]],  # noqa: UP045
        typer.Option("--employee", help="Assign automatically to these employees (repeat)."),
    ] = None,
    vehicle: Annotated[
        Optional[list[int]],  # noqa: UP045
        typer.Option("--vehicle", help="Assign automatically to these vehicles (repeat)."),
    ] = None,
    check: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--check",
            help="Location check of automatic assignment: no_check, entity_location, "
            "parent_location.",
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Check tab-delimited tasks without creating them: prints the converted rows, each row's
    errors on stderr, and exits 12 when any row has errors."""
    from fleetapi._types import UNSET
    from fleetapi_cli.batch import read_batch, report_rows
    from fleetapi_cli.errors import EXIT_ROW_ERRORS

    text = read_batch(ctx, source)
    names = [f.strip() for f in fields.split(",")] if fields else None
    state = state_of(ctx)
    params: dict[str, Any] = {
        "fields": names or UNSET,
        "geocoder": geocoder,
        "default_radius": radius if radius is not None else UNSET,
        "default_duration": duration if duration is not None else UNSET,
        "default_max_delay": max_delay if max_delay is not None else UNSET,
        "default_min_stay_duration": min_stay if min_stay is not None else UNSET,
        "employee_ids": list(employee) if employee else UNSET,
        "vehicle_ids": list(vehicle) if vehicle else UNSET,
        "location_check_mode": check or UNSET,
    }
    with state.client() as client:
        result = client.task.batch_convert(batch=text, **params)
    state.emit(result.list, output=output, columns=BATCH_COLUMNS)
    if report_rows(result.list, result.limit_exceeded):
        raise typer.Exit(EXIT_ROW_ERRORS)
