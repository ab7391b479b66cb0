"""Spreadsheet parsing and import processes."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.data import (
    ImportListParams,
    ImportProcess,
    ImportReadParams,
    SpreadsheetParseParams,
    SpreadsheetPreview,
)

_CLI = (
    "The CLI puts the three calls in a `data` group: `fleet data parse FILE` uploads and "
    "previews a spreadsheet, `fleet data imports` lists import processes, "
    "`fleet data import read --process-id ID --type vehicle` reads one."
)

DATA_SPREADSHEET_PARSE = Endpoint(
    path="data/spreadsheet/parse",
    params=SpreadsheetParseParams,
    result=Result.body(SpreadsheetPreview),
    summary="Upload a spreadsheet (.xlsx, .xls, .csv), store it and preview its first rows.",
    errors=(233, 234, 271, 274),
    upload=True,
    notes=(
        "A `multipart/form-data` request: the params model holds the form fields "
        "(`preview_count`, `parse_header`, `header_map` as JSON text); the spreadsheet itself is "
        "passed separately to the SDK's upload helper and travels as the part named `file`. "
        "`header_map` is optional (the spec uses it only with `parse_header`). `preview` is typed "
        "as rows of cell texts (`list[list[str]]`): the spec's summary says a string array, the "
        "service's documentation an array of string arrays, one per row. "
        "Codes beyond the spec's 234 (from the service notes): 233 without a `file` part, 271 "
        "for a file above the dealer's `file_storage.hard_max_file_size`, 274 for a file "
        "without data rows. " + _CLI
    ),
)
DATA_IMPORT_LIST = Endpoint(
    path="data/import/list",
    params=ImportListParams,
    result=Result.field("list", list[ImportProcess]),
    summary="List the user's import processes, optionally of some types only.",
    safe=True,
    notes=_CLI,
)
DATA_IMPORT_READ = Endpoint(
    path="data/import/read",
    params=ImportReadParams,
    result=Result.field("value", ImportProcess),
    summary="Read one import process with its progress, warnings and errors.",
    errors=(201,),
    safe=True,
    notes=_CLI,
)

ENDPOINTS = (DATA_SPREADSHEET_PARSE, DATA_IMPORT_LIST, DATA_IMPORT_READ)
