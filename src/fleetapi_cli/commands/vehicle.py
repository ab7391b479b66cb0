"""``fleet vehicle``: list, show and delete vehicles; convert tab-delimited batches.

The other vehicle calls (create, update) keep their generated commands beside these.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import (
    AllOption,
    LimitOption,
    OffsetOption,
    OutputOption,
    YesOption,
    confirm_delete,
    examples,
    fetch,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.output import tally

__all__ = ["app"]

app = new_group(
    "Vehicles: list, show, delete; check batches.",
    epilog=examples(
        "fleet vehicle list --sort label=asc -o tsv",
        "fleet vehicle show 2 -o json",
        "fleet vehicle delete 2 --yes",
    ),
)

VEHICLE_COLUMNS = [
    "id",
    "label",
    "type",
    "subtype",
    "model",
    "reg_number",
    "vin",
    "tracker_label",
    "garage_organization_name",
]
BATCH_COLUMNS = [*VEHICLE_COLUMNS[1:7], "fuel_grade", "tracker_id"]


LIST_CALL = "vehicle/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


@app.command("list")
@wraps_call(LIST_CALL)
def list_vehicles(
    ctx: typer.Context,
    search: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--filter", "-q", help="Only vehicles whose VIN, plate or label contains this text."
        ),
    ] = None,
    sort: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option("--sort", help="FIELD=asc or FIELD=desc, e.g. label=asc (at most twice)."),
    ] = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List the vehicles, by ID unless sorted: label, plate, VIN, tracker and garage."""
    from fleetapi._types import UNSET

    state = state_of(ctx)
    with state.client() as client:
        vehicles, total = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=every,
            filter=search if search is not None else UNSET,
            sort=list(sort) if sort else UNSET,
        )
    state.emit(vehicles, output=output, columns=VEHICLE_COLUMNS)
    tally(len(vehicles), total, "vehicles")


@app.command()
@wraps_call("vehicle/read")
def show(
    ctx: typer.Context,
    vehicle_id: Annotated[int, typer.Argument(metavar="VEHICLE_ID", help="The vehicle's ID.")],
    output: OutputOption = None,
) -> None:
    """Show every field of one vehicle."""
    state = state_of(ctx)
    with state.client() as client:
        vehicle = client.vehicle.read(vehicle_id=vehicle_id)
    state.emit(vehicle, output=output)


@app.command()
@wraps_call("vehicle/delete")
def delete(
    ctx: typer.Context,
    vehicle_id: Annotated[int, typer.Argument(metavar="VEHICLE_ID", help="The vehicle's ID.")],
    yes: YesOption = False,
) -> None:
    """Delete a vehicle. Asks first on a terminal; elsewhere needs --yes."""
    from fleetapi_cli.output import note

    confirm_delete(ctx, f"Delete vehicle {vehicle_id}?", yes)
    state = state_of(ctx)
    with state.client() as client:
        client.vehicle.delete(vehicle_id=vehicle_id)
    note(f"Deleted vehicle {vehicle_id}.")


@app.command("batch-convert")
@wraps_call("vehicle/batch_convert")
def batch_convert(
    ctx: typer.Context,
    source: Annotated[
        Optional[str],  # noqa: UP045
        typer.Argument(metavar="FILE", help="Tab-delimited vehicles (- reads stdin)."),
    ] = None,
    fields: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--fields",
            "-f",
            help="Comma-separated column names [default: label,model,reg_number,fuel_grade; "
            "undefined skips a column].",
        ),
    ] = None,
    file_id: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--file-id", help="A spreadsheet stored by 'fleet data parse' instead of FILE."
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Check tab-delimited vehicles without creating them: prints the converted rows, each
    row's errors on stderr, and exits 12 when any row has errors."""
    from fleetapi._types import UNSET
    from fleetapi_cli.batch import read_batch, report_rows
    from fleetapi_cli.errors import EXIT_ROW_ERRORS

    if (source is None) == (file_id is None):
        raise typer.BadParameter("give FILE or --file-id (one of them)", ctx=ctx)
    text = read_batch(ctx, source) if source is not None else UNSET
    names = [f.strip() for f in fields.split(",") if f.strip()] if fields else None
    state = state_of(ctx)
    with state.client() as client:
        result = client.vehicle.batch_convert(
            batch=text, file_id=file_id if file_id is not None else UNSET, fields=names or UNSET
        )
    state.emit(result.list, output=output, columns=BATCH_COLUMNS)
    if report_rows(result.list, result.limit_exceeded):
        raise typer.Exit(EXIT_ROW_ERRORS)
