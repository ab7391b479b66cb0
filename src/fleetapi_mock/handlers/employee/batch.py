"""Employees read from tab-delimited text or a stored file, and imported from a stored file.

The rows and columns come as for ``vehicle/batch_convert`` (:func:`fleetapi_mock.domain.batch.
rows_of`): ``batch`` text, or the spreadsheet ``file_id`` stored by ``data/spreadsheet/parse``,
columns from :data:`~fleetapi.models.employee.EMPLOYEE_BATCH_FIELDS` (default
:data:`~fleetapi.models.employee.EMPLOYEE_BATCH_DEFAULT_FIELDS`). Nothing is created: each row
becomes an employee to create, its problems in ``errors`` and the field at fault left empty.
``address`` is looked up in the world's gazetteer into ``location`` (``default_radius``
meters, 100 by default), ``tracker_label`` names a tracker of the caller's (one no other
employee drives), ``tags`` lists tag names or IDs.

``employee/import/start`` reads every line of a stored file so, and also its ``lat``, ``lng``
and ``radius`` columns; the process (:mod:`fleetapi_mock.domain.data`) makes the employees.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import attrs

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._endpoint import NoParams
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.employee import (
    EMPLOYEE_BATCH_CONVERT,
    EMPLOYEE_IMPORT_DOWNLOAD_FAILED,
    EMPLOYEE_IMPORT_LIST,
    EMPLOYEE_IMPORT_READ,
    EMPLOYEE_IMPORT_START,
)
from fleetapi.models.data import (
    EMPLOYEE_IMPORT_FIELDS,
    ImportProcess,
    ImportProcessIdParams,
    ImportStartParams,
)
from fleetapi.models.employee import (
    EMPLOYEE_BATCH_DEFAULT_FIELDS,
    EMPLOYEE_BATCH_FIELDS,
    CheckedEmployee,
    CheckedEmployeeAnswer,
    EmployeeBatchConvertParams,
    EmployeeBatchResult,
    NewEmployee,
)
from fleetapi.models.vehicle import BatchError
from fleetapi_mock.domain import gazetteer
from fleetapi_mock.domain.batch import (
    DEFAULT_RADIUS,
    SKIPPED,
    BatchLine,
    default_radius,
    parse_decimal,
    rows_of,
    tag_ids,
)
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.data import (
    failed_file,
    process_of,
    processes_of,
    start_import,
    wire_import,
)
from fleetapi_mock.domain.employee import check_employee_calls, driver_of
from fleetapi_mock.handlers import handles

_DATES: Final = ("driver_license_issue_date", "driver_license_valid_till")


class _Row:
    """One row being converted: its wire employee and its errors."""

    def __init__(self, line: BatchLine) -> None:
        self.line = line.number
        self.errors: list[BatchError] = []
        self.wire: dict[str, Any] = {"first_name": ""}

    def error(self, parameter: str, error: str) -> None:
        self.errors.append(BatchError(line=self.line, parameter=parameter, error=error))
        top = parameter.split(".")[0].split("[")[0]
        if top == "tags":
            self.wire["tags"] = []
        elif top == "first_name":
            self.wire["first_name"] = ""
        elif top in self.wire:
            self.wire[top] = None if top in (*_DATES, "tracker_id", "location") else ""


def _read_cells(ctx: Context, row: _Row, cells: dict[str, str], radius: int) -> None:
    for name, text in cells.items():
        if not text:
            continue
        if name == "address":
            found = gazetteer.search(ctx.world, text)
            if found:
                place = found[0]
                row.wire["location"] = {
                    "lat": place.lat, "lng": place.lng, "address": place.address,
                    "radius": radius,
                }  # fmt: skip
            else:
                row.error("address", f"no address found for {text!r}")
        elif name == "tracker_label":
            wanted = text.casefold()
            trackers = [t for t in ctx.visible_trackers() if t.label.casefold() == wanted]
            if not trackers:
                row.error("tracker_label", f"no tracker labelled {text!r}")
            elif (driver := driver_of(ctx, trackers[0].id)) is not None:
                row.error("tracker_label", f"employee {driver.id} drives tracker {text!r}")
            else:
                row.wire["tracker_id"] = trackers[0].id
        elif name == "tags":
            ids, problem = tag_ids(ctx, text)
            if problem is not None:
                row.error("tags", problem)
            row.wire["tags"] = ids
        elif name in _DATES:
            try:
                row.wire[name] = dt.date.fromisoformat(text).isoformat()
            except ValueError:
                row.error(name, f"must be a date as YYYY-MM-DD, not {text!r}")
        else:
            row.wire[name] = text


def _convert(ctx: Context, fields: list[str], line: BatchLine, radius: int) -> CheckedEmployee:
    row = _Row(line)
    if len(line.cells) > len(fields):
        row.error("batch", f"{len(line.cells)} cells for {len(fields)} fields")
    cells = {f: c.strip() for f, c in zip(fields, line.cells, strict=False) if f != SKIPPED}
    _read_cells(ctx, row, cells, radius)
    try:
        structure_request(row.wire, NewEmployee)
    except RequestValidationError as exc:
        for problem in exc.errors:
            row.error(problem.parameter, problem.error)
    checked = converter_for(strict=False).structure(row.wire, CheckedEmployee)
    errors: list[BatchError] | Unset = row.errors or UNSET
    return attrs.evolve(checked, errors=errors)


@handles(EMPLOYEE_BATCH_CONVERT)
def employee_batch_convert(ctx: Context, params: EmployeeBatchConvertParams) -> EmployeeBatchResult:
    """Convert the rows of a batch or stored file into employees to create, creating nothing."""
    check_employee_calls(ctx)
    fields, lines, exceeded = rows_of(
        ctx,
        batch=params.batch,
        file_id=params.file_id,
        fields=params.fields,
        known=EMPLOYEE_BATCH_FIELDS,
        default=EMPLOYEE_BATCH_DEFAULT_FIELDS,
        what="employee",
    )
    radius = default_radius(params.default_radius)
    return EmployeeBatchResult(
        list=[CheckedEmployeeAnswer(value=_convert(ctx, fields, line, radius)) for line in lines],
        limit_exceeded=exceeded,
    )


# --- Imports ----------------------------------------------------------------------------------

_LOCATED: Final = ("lat", "lng", "radius")
"""The import columns of a location given by its point (``employee/batch_convert`` has
none)."""


def _import_location(
    line: BatchLine, cells: dict[str, str], errors: list[BatchError]
) -> tuple[dict[str, Any] | None, int]:
    """A line's location from its ``lat``, ``lng`` and ``address`` cells (null without a
    point) and its radius (``radius``, else the default), the problems added to ``errors``."""
    radius = DEFAULT_RADIUS
    if cells.get("radius"):
        try:
            radius = int(parse_decimal(cells["radius"]))
        except ValueError:
            errors.append(BatchError(line=line.number, parameter="radius", error="not a number"))
    if not (cells.get("lat") or cells.get("lng")):
        return None, radius
    try:
        lat, lng = parse_decimal(cells.get("lat", "")), parse_decimal(cells.get("lng", ""))
    except ValueError:
        errors.append(BatchError(line=line.number, parameter="lat", error="lat and lng: numbers"))
        return None, radius
    located = {"lat": lat, "lng": lng, "address": cells.get("address", ""), "radius": radius}
    return located, radius


def _import_line(
    ctx: Context, headers: list[str], line: BatchLine
) -> tuple[dict[str, Any] | None, list[BatchError]]:
    """The employee of an import line, as ``employee/create`` takes it, or its problems."""
    cells = {h: c.strip() for h, c in zip(headers, line.cells, strict=False) if h != SKIPPED}
    errors: list[BatchError] = []
    location, radius = _import_location(line, cells, errors)
    skipped = {*_LOCATED, "address"} if location is not None else set(_LOCATED)
    fields = [SKIPPED if h in skipped else h for h in headers]
    checked = _convert(ctx, fields, line, radius)
    errors += [] if isinstance(checked.errors, Unset) else checked.errors
    wire = converter_for(strict=False).unstructure(checked)
    for extra in ("id", "errors"):
        wire.pop(extra, None)
    if location is not None:
        wire["location"] = location
        try:
            structure_request(wire, NewEmployee)
        except RequestValidationError as exc:
            errors += [
                BatchError(line=line.number, parameter=e.parameter, error=e.error)
                for e in exc.errors
            ]
    return (None, errors) if errors else (wire, [])


@handles(EMPLOYEE_IMPORT_START)
def employee_import_start(ctx: Context, params: ImportStartParams) -> int:
    """Start importing the employees of a stored spreadsheet; answer the process's ID."""
    check_employee_calls(ctx)
    return start_import(ctx, params, "employee", EMPLOYEE_IMPORT_FIELDS, _import_line)


@handles(EMPLOYEE_IMPORT_LIST)
def employee_import_list(ctx: Context, params: NoParams) -> list[ImportProcess]:
    """The account's employee import processes, by ID."""
    return processes_of(ctx, "employee")


@handles(EMPLOYEE_IMPORT_READ)
def employee_import_read(ctx: Context, params: ImportProcessIdParams) -> ImportProcess:
    """One employee import process of the account (201 otherwise)."""
    return wire_import(ctx, process_of(ctx, params.process_id, "employee"))


@handles(EMPLOYEE_IMPORT_DOWNLOAD_FAILED)
def employee_import_download_failed(ctx: Context, params: ImportProcessIdParams) -> FileReply:
    """The lines of an employee import that failed so far, as CSV (201: no such process of
    the account; 204: none failed)."""
    return failed_file(ctx, process_of(ctx, params.process_id, "employee"))
