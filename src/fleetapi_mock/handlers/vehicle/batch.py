"""Vehicles read from tab-delimited text or a stored file, and imported from a stored file.

The rows come from ``batch`` (tab-delimited text, see :mod:`fleetapi_mock.domain.batch`) or, when
``file_id`` is set, from a spreadsheet stored by ``data/spreadsheet/parse`` (``batch`` is then
ignored; an unknown ``file_id`` answers 201). Columns follow ``fields`` (names from
:data:`~fleetapi.models.vehicle.VEHICLE_BATCH_FIELDS`, else 7 naming ``fields[i]``), by
default :data:`~fleetapi.models.vehicle.VEHICLE_BATCH_DEFAULT_FIELDS`, or for a file stored
with a header its column names (names that are no vehicle field are skipped). Text with more
than one field expected and no tab at all is not tab-delimited: 234.

Each row becomes a vehicle to create (nothing is created): empty cells are null, an absent or
empty ``type`` is ``car``; numbers accept a decimal comma; ``tracker_label`` names one of the
caller's trackers, ``tags`` lists tag names (or IDs) separated by commas. Every problem of a
row is one ``{"line", "parameter", "error"}`` in its ``errors``, checked as ``vehicle/create``
checks a vehicle; the field at fault is left null in the answer.

``vehicle/import/start`` reads every line of a stored file so, its ``garage`` column naming a
garage of the account; the process (:mod:`fleetapi_mock.domain.data`) makes the vehicles.
"""

from __future__ import annotations

import typing
from functools import cache, cached_property
from typing import Any

from fleetapi._endpoint import NoParams
from fleetapi._request_check import request_errors
from fleetapi._types import UNSET
from fleetapi._wire_form import wire_form
from fleetapi.endpoints.vehicle import (
    VEHICLE_BATCH_CONVERT,
    VEHICLE_IMPORT_DOWNLOAD_FAILED,
    VEHICLE_IMPORT_LIST,
    VEHICLE_IMPORT_READ,
    VEHICLE_IMPORT_START,
)
from fleetapi.models.data import (
    VEHICLE_IMPORT_FIELDS,
    ImportProcess,
    ImportProcessIdParams,
    ImportStartParams,
)
from fleetapi.models.vehicle import (
    VEHICLE_BATCH_DEFAULT_FIELDS,
    VEHICLE_BATCH_FIELDS,
    BatchError,
    CheckedVehicle,
    NewVehicle,
    VehicleBatchConvertParams,
)
from fleetapi_mock.domain.batch import SKIPPED, BatchLine, parse_decimal, rows_of, tag_ids
from fleetapi_mock.domain.context import Context, FileReply, Reply
from fleetapi_mock.domain.data import (
    failed_file,
    process_of,
    processes_of,
    start_import,
    wire_import,
)
from fleetapi_mock.domain.vehicle import subtype_error
from fleetapi_mock.handlers import handles


@cache
def _kind(name: str) -> type | None:
    """``int`` or ``float`` for a numeric vehicle field, else ``None`` (read as text)."""
    hint = typing.get_type_hints(NewVehicle).get(name)
    for kind in (int, float):
        if hint is not None and kind in typing.get_args(hint):
            return kind
    return None


class _Row:
    """One row being converted: its wire vehicle and its errors."""

    def __init__(self, line: BatchLine) -> None:
        self.line = line.number
        self.errors: list[BatchError] = []
        self.wire: dict[str, Any] = {"label": "", "type": "car"}

    def error(self, parameter: str, error: str) -> None:
        self.errors.append(BatchError(line=self.line, parameter=parameter, error=error))
        top = parameter.split(".")[0].split("[")[0]
        if top in ("label", "type"):
            self.wire[top] = {"label": "", "type": "car"}[top]
        elif top in self.wire:
            self.wire[top] = [] if top == "tags" else None


class _Batch:
    """What the rows of one call share: the context, the columns, the lookups made once."""

    def __init__(self, ctx: Context, fields: list[str]) -> None:
        self.ctx, self.fields = ctx, fields

    @cached_property
    def tracker_labels(self) -> dict[str, int]:
        """The first of the caller's visible trackers with each label (folded)."""
        found: dict[str, int] = {}
        for tracker in self.ctx.visible_trackers():
            found.setdefault(tracker.label.casefold(), tracker.id)
        return found


def _read_cells(batch: _Batch, row: _Row, cells: dict[str, str]) -> None:
    for name, text in cells.items():
        if not text:
            continue
        kind = _kind(name)
        if name == "tracker_label":
            found = batch.tracker_labels.get(text.casefold())
            if found is not None:
                row.wire["tracker_id"] = found
            else:
                row.error("tracker_label", f"no tracker labelled {text!r}")
        elif name == "tags":
            row.wire["tags"] = _tags(batch.ctx, row, text)
        elif kind is None:
            row.wire[name] = text
        else:
            try:
                row.wire[name] = int(text) if kind is int else parse_decimal(text)
            except ValueError:
                article = "an integer" if kind is int else "a number"
                row.error(name, f"must be {article}, not {text!r}")


def _tags(ctx: Context, row: _Row, text: str) -> list[int]:
    ids, problem = tag_ids(ctx, text)
    if problem is not None:
        row.error("tags", problem)
    return ids


def _check_references(ctx: Context, row: _Row) -> None:
    """What ``vehicle/create`` would refuse: subtype, tracker, garage."""
    reported = {e.parameter for e in row.errors}
    problem = subtype_error(row.wire["type"], row.wire.get("subtype"))
    if problem and not reported & {"type", "subtype"}:
        row.error("subtype", problem)
    tracker_id = row.wire.get("tracker_id")
    if isinstance(tracker_id, int):
        tracker = ctx.visible_tracker(tracker_id)
        if tracker is None:
            row.error("tracker_id", f"no tracker {tracker_id}")
        elif tracker.blocked:
            row.error("tracker_id", f"tracker {tracker_id} is blocked")
    garage_id = row.wire.get("garage_id")
    if isinstance(garage_id, int) and ctx.owned_get(ctx.world.garages, garage_id) is None:
        row.error("garage_id", f"no garage {garage_id}")


def _convert(batch: _Batch, line: BatchLine) -> tuple[dict[str, Any], list[BatchError]]:
    """A row's vehicle as ``vehicle/create`` takes it (a field at fault left null), and the
    row's problems."""
    row, fields = _Row(line), batch.fields
    if len(line.cells) > len(fields):
        row.error("batch", f"{len(line.cells)} cells for {len(fields)} fields")
    cells = {f: c.strip() for f, c in zip(fields, line.cells, strict=False) if f != SKIPPED}
    _read_cells(batch, row, cells)
    for problem in request_errors(row.wire, NewVehicle):
        row.error(problem.parameter, problem.error)
    _check_references(batch.ctx, row)
    return row.wire, row.errors


@handles(VEHICLE_BATCH_CONVERT)
def vehicle_batch_convert(ctx: Context, params: VehicleBatchConvertParams) -> Reply:
    """Convert the rows of a batch or stored file into vehicles to create, creating nothing.

    The rows are the tab-delimited lines of ``batch``, or those of a spreadsheet stored by
    ``data/spreadsheet/parse`` (``file_id``); see [the
    decisions](decisions.md#vehicles-garages-and-departments).
    """
    # The answer is a VehicleBatchResult's JSON form, each row written without its models.
    fields, lines, exceeded = rows_of(
        ctx,
        batch=params.batch,
        file_id=params.file_id,
        fields=params.fields,
        known=VEHICLE_BATCH_FIELDS,
        default=VEHICLE_BATCH_DEFAULT_FIELDS,
        what="vehicle",
    )
    batch, form = _Batch(ctx, fields), wire_form(CheckedVehicle, iso=ctx.iso)
    converted = []
    for line in lines:
        wire, errors = _convert(batch, line)
        converted.append(form.echo(wire, errors=errors or UNSET))
    return Reply(value={"limit_exceeded": exceeded, "list": converted}, unstructured=True)


# --- Imports ----------------------------------------------------------------------------------


def _garage_id(ctx: Context, text: str) -> int | None:
    """The account's garage a ``garage`` cell names: by organization name (any case), else
    by ID."""
    garages = ctx.owned(ctx.world.garages)
    wanted = text.casefold()
    named = [g for g in garages if (g.organization_name or "").casefold() == wanted]
    if named:
        return named[0].id
    return next((g.id for g in garages if str(g.id) == text), None)


def _import_line(
    ctx: Context, headers: list[str], line: BatchLine
) -> tuple[dict[str, Any] | None, list[BatchError]]:
    """The vehicle of an import line, as ``vehicle/create`` takes it, or its problems."""
    fields = list(headers)
    cells = list(line.cells)
    errors: list[BatchError] = []
    for index, name in enumerate(headers):
        if name == "trailer_reg_number":  # the vehicle object has no such field
            fields[index] = SKIPPED
        elif name == "garage":
            fields[index] = "garage_id"
            text = cells[index].strip() if index < len(cells) else ""
            found = _garage_id(ctx, text) if text else None
            if text and found is None:
                errors.append(
                    BatchError(line=line.number, parameter="garage", error=f"no garage {text!r}")
                )
            if index < len(cells):
                cells[index] = "" if found is None else str(found)
    wire, problems = _convert(_Batch(ctx, fields), BatchLine(line.number, cells))
    errors += problems
    if errors:
        return None, errors
    vehicle = wire_form(CheckedVehicle).echo(wire)
    del vehicle["id"]
    return vehicle, []


@handles(VEHICLE_IMPORT_START)
def vehicle_import_start(ctx: Context, params: ImportStartParams) -> int:
    """Start importing the vehicles of a stored spreadsheet; answer the process's ID."""
    return start_import(ctx, params, "vehicle", VEHICLE_IMPORT_FIELDS, _import_line)


@handles(VEHICLE_IMPORT_LIST)
def vehicle_import_list(ctx: Context, params: NoParams) -> list[ImportProcess]:
    """The account's vehicle import processes, by ID."""
    return processes_of(ctx, "vehicle")


@handles(VEHICLE_IMPORT_READ)
def vehicle_import_read(ctx: Context, params: ImportProcessIdParams) -> ImportProcess:
    """One vehicle import process of the account (201 otherwise)."""
    return wire_import(ctx, process_of(ctx, params.process_id, "vehicle"))


@handles(VEHICLE_IMPORT_DOWNLOAD_FAILED)
def vehicle_import_download_failed(ctx: Context, params: ImportProcessIdParams) -> FileReply:
    """The lines of a vehicle import that failed so far, as CSV (201: no such process of the
    account; 204: none failed)."""
    return failed_file(ctx, process_of(ctx, params.process_id, "vehicle"))
