"""Spreadsheet parsing and import processes (``data/*``)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "ImportLineError",
    "ImportListParams",
    "ImportProcess",
    "ImportProcessParams",
    "ImportProgress",
    "ImportReadParams",
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
