"""Spreadsheet parsing and import processes (``data/*``)."""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "EMPLOYEE_IMPORT_FIELDS",
    "FAILED_LINES_TYPE",
    "MAX_RUNNING_IMPORTS",
    "VEHICLE_IMPORT_FIELDS",
    "ImportLineError",
    "ImportListParams",
    "ImportProcess",
    "ImportProcessIdParams",
    "ImportProcessParams",
    "ImportProgress",
    "ImportReadParams",
    "ImportStartParams",
    "ImportStatus",
    "ImportType",
    "SpreadsheetParseParams",
    "SpreadsheetPreview",
]

ImportType = Literal["vehicle", "employee"]
"""What an import process creates."""

ImportStatus = Literal["created", "in_progress", "done", "failed", "finished"]
"""``finished`` appears in ``data/import/read`` answers only."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SpreadsheetParseParams:
    """The form fields of ``data/spreadsheet/parse``, beside the file part named ``file``."""

    preview_count: int = attrs.field(metadata=rules(minimum=1, maximum=20))
    """How many rows to preview, 1 to 20 (the range is checked by the service)."""
    parse_header: bool
    """Read the first row as a header."""
    header_map: dict[str, str] | Unset = UNSET
    """Column name to field identifier (``{"Label": "label"}``); used with ``parse_header``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SpreadsheetPreview:
    """The result of ``data/spreadsheet/parse``: the stored file and its first rows."""

    file_id: str
    """The stored file, to name in a later import."""
    header: list[str] | Unset = UNSET
    """The header row, when ``parse_header`` was asked."""
    preview: list[list[str]]
    """The first rows, each a list of cell texts."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportLineError:
    """A problem with one line of an imported file."""

    line: int
    error: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportProgress:
    """How far an import process got."""

    imported: int
    failed: int
    percent: int
    """Approximate share of the file processed."""
    processed_lines: int
    warnings: list[ImportLineError] = attrs.Factory(list)
    """The first 25 warnings."""
    errors: list[ImportLineError] = attrs.Factory(list)
    """The first 25 errors."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportProcessParams:
    """The parameters an import process was started with."""

    headers: list[str]
    """The field identifiers of the file's columns."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportProcess:
    """A background import of vehicles or employees from a parsed spreadsheet."""

    id: int
    user_id: int
    created: dt.date
    type: ImportType
    params: ImportProcessParams
    filename: str
    """The preloaded TSV file."""
    status: ImportStatus
    status_change_date: dt.date
    progress: ImportProgress


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportListParams:
    """Parameters of ``data/import/list``."""

    types: list[ImportType] | Unset = UNSET
    """Only processes of these types (all when omitted)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportReadParams:
    """Parameters of ``data/import/read``."""

    process_id: int
    """The import process (as data/import answered it)."""
    type: ImportType
    """What the process imports: vehicles or employees."""


MAX_RUNNING_IMPORTS: Final = 3
"""Import processes of an account that may wait or run at once; starting one more answers
15."""

FAILED_LINES_TYPE: Final = "text/csv"
"""The media type of the file of an import's failed lines (``*/import/download_failed``)."""

EMPLOYEE_IMPORT_FIELDS: Final = frozenset(
    {
        "first_name", "middle_name", "last_name", "email", "phone", "driver_license_number",
        "driver_license_cats", "driver_license_issue_date", "driver_license_valid_till",
        "hardware_key", "address", "lat", "lng", "radius", "personnel_number", "ssn",
        "tracker_label", "tags",
    }
)  # fmt: skip
"""The fields an ``employee/import/start`` column may hold: the employee's own texts and dates,
its location (``address``, or ``lat`` and ``lng``, and ``radius``), ``tracker_label`` (a
tracker of the caller's, by label) and ``tags`` (tag names or IDs, comma-separated);
``undefined`` skips a column."""

VEHICLE_IMPORT_FIELDS: Final = frozenset(
    {
        "label", "model", "max_speed", "type", "subtype", "garage", "trailer",
        "manufacture_year", "color", "additional_info", "trailer_reg_number", "reg_number",
        "chassis_number", "frame_number", "vin", "passengers", "payload_weight",
        "payload_height", "payload_width", "payload_length", "gross_weight", "fuel_grade",
        "fuel_tank_volume", "fuel_cost", "norm_avg_fuel_consumption", "fuel_type", "tyre_size",
        "tyres_number", "wheel_arrangement", "free_insurance_policy_number",
        "liability_insurance_policy_number", "free_insurance_valid_till",
        "liability_insurance_valid_till", "tracker_label", "tags",
    }
)  # fmt: skip
"""The fields a ``vehicle/import/start`` column may hold: the vehicle's own fields, ``garage``
(a garage of the account, by organization name or ID), ``tracker_label`` (a tracker of the
caller's, by label) and ``tags`` (tag names or IDs, comma-separated); ``undefined`` skips a
column. The vehicle object has no ``trailer_reg_number``: its column is read and left out."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportStartParams:
    """Parameters of ``employee/import/start`` and ``vehicle/import/start``."""

    filename: str = attrs.field(metadata=rules(not_blank=True, max_length=64))
    """The ``file_id`` of a spreadsheet stored by ``data/spreadsheet/parse``."""
    headers: list[str] = attrs.field(metadata=rules(min_items=1))
    """The field of each of the file's columns, in order: one of
    :data:`EMPLOYEE_IMPORT_FIELDS` (employees) or :data:`VEHICLE_IMPORT_FIELDS` (vehicles), or
    ``undefined`` to skip the column."""
    user_headers: list[str] | Unset = UNSET
    """The columns' names as the user sees them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportProcessIdParams:
    """Parameters of ``employee/import/read`` and ``download_failed`` (and of vehicles')."""

    process_id: int
    """The import process (as its start answered it)."""
