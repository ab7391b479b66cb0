"""Employees read from tab-delimited text or a stored file.

The rows and columns come as for ``vehicle/batch_convert`` (:func:`fleetapi_mock.domain.batch.
rows_of`): ``batch`` text, or the spreadsheet ``file_id`` stored by ``data/spreadsheet/parse``,
columns from :data:`~fleetapi.models.employee.EMPLOYEE_BATCH_FIELDS` (default
:data:`~fleetapi.models.employee.EMPLOYEE_BATCH_DEFAULT_FIELDS`). Nothing is created: each row
becomes an employee to create, its problems in ``errors`` and the field at fault left empty.
``address`` is looked up in the world's gazetteer into ``location`` (``default_radius``
meters, 100 by default), ``tracker_label`` names a tracker of the caller's (one no other
employee drives), ``tags`` lists tag names or IDs.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import attrs

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.employee import EMPLOYEE_BATCH_CONVERT
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
from fleetapi_mock.domain.batch import SKIPPED, BatchLine, default_radius, rows_of, tag_ids
from fleetapi_mock.domain.context import Context
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
