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
    "The CLI puts the three calls in an `import` group, named after the workflow they serve "
    "(parse a spreadsheet, then follow the import): `fleet import parse FILE`, "
    "`fleet import list`, `fleet import read ID --type vehicle`."
)

DATA_SPREADSHEET_PARSE = Endpoint(
    path="data/spreadsheet/parse",
    params=SpreadsheetParseParams,
    result=Result.body(SpreadsheetPreview),
    summary="Upload a spreadsheet (.xlsx, .xls, .csv), store it and preview its first rows.",
    resource="data",
    method="parse_spreadsheet",
    errors=(234,),
    upload=True,
    cli=("import", "parse"),
    notes=(
        "A `multipart/form-data` request: the params model holds the form fields "
        "(`preview_count`, `parse_header`, `header_map` as JSON text); the spreadsheet itself is "
        "passed separately to the SDK's upload helper and travels as the part named `file`. "
        "`header_map` is optional (the spec uses it only with `parse_header`). `preview` is typed "
        "as rows of cell texts (`list[list[str]]`): the spec's summary says a string array, the "
        "service's documentation an array of string arrays, one per row. " + _CLI
    ),
)
DATA_IMPORT_LIST = Endpoint(
    path="data/import/list",
    params=ImportListParams,
    result=Result.field("list", list[ImportProcess]),
    summary="List the user's import processes, optionally of some types only.",
    resource="data",
    method="list_imports",
    safe=True,
    cli=("import", "list"),
    notes=_CLI,
)
DATA_IMPORT_READ = Endpoint(
    path="data/import/read",
    params=ImportReadParams,
    result=Result.field("value", ImportProcess),
    summary="Read one import process with its progress, warnings and errors.",
    resource="data",
    method="read_import",
    errors=(201,),
    safe=True,
    cli=("import", "read"),
    notes=_CLI,
)

ENDPOINTS = (DATA_SPREADSHEET_PARSE, DATA_IMPORT_LIST, DATA_IMPORT_READ)
