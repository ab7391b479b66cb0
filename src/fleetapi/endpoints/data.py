"""Spreadsheet parsing and import processes."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
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
        "Codes 233, 271 and 274 come from the service notes (the spec lists only 234). " + _CLI
    ),
    decisions=(
        Decision(
            "Which uploads `data/spreadsheet/parse` accepts",
            "A part named `file` (else 233) whose content type is a spreadsheet's "
            "(`…spreadsheetml.sheet`, `application/vnd.ms-excel`, `text/csv` and its variants) "
            "or generic (`application/octet-stream`, `text/plain`, none) with a `.xlsx`, `.xls` "
            "or `.csv` name; anything else answers 234.",
        ),
        Decision(
            "How the format is read",
            "By the content's signature: a ZIP archive is .xlsx (openpyxl), an OLE2 file .xls "
            "(xlrd), anything else UTF-8 text read as CSV (delimiter sniffed among `,` `;` tab "
            "`|`). The signature must agree with what the type or name claims (234 otherwise), "
            "except that a CSV sent as `application/vnd.ms-excel` is accepted, as Windows "
            "browsers send it. Only the first sheet of a workbook is read.",
        ),
        Decision(
            "Cell texts",
            "Integral numbers without `.0`; dates `YYYY-MM-DD`, date/times `YYYY-MM-DD "
            'HH:MM:SS`; booleans `true`/`false`; empty cells `""`. Blank rows are dropped and '
            "trailing empty cells trimmed.",
        ),
        Decision(
            "`header` and `header_map`",
            "With `parse_header` the first row is the header; the answer's `header` names each "
            "column by its `header_map` identifier when the map has one (matched ignoring case "
            "and surrounding spaces), else as written. Without `parse_header` there is no "
            "`header` and `header_map` is ignored. `header_map` is optional (the spec uses it "
            "only with `parse_header`).",
        ),
        Decision(
            "Empty files",
            "A file without bytes, or without a data row (a lone header row included), answers "
            "274.",
        ),
        Decision(
            "File size",
            "Above the dealer's `file_storage.hard_max_file_size` (16 MiB by default): 271.",
        ),
        Decision(
            "`file_id`",
            "A decimal string, unique in the world; the file is the account's (sub-users of the "
            "account may use it).",
        ),
        Decision(
            "Spreadsheet preview",
            "Rows of cells (`list[list[str]]`), as the service documents it. Its documentation "
            "gives an array of string arrays, one per row; the spec's summary says a string "
            "array.",
        ),
    ),
)
DATA_IMPORT_LIST = Endpoint(
    path="data/import/list",
    params=ImportListParams,
    result=Result.field("list", list[ImportProcess]),
    summary="List the user's import processes, optionally of some types only.",
    safe=True,
    notes=_CLI,
    decisions=(Decision("`data/import/list` `types`", "Omitted or empty: every type."),),
)
DATA_IMPORT_READ = Endpoint(
    path="data/import/read",
    params=ImportReadParams,
    result=Result.field("value", ImportProcess),
    summary="Read one import process with its progress, warnings and errors.",
    errors=(201,),
    safe=True,
    notes=_CLI,
    decisions=(
        Decision(
            "`data/import/read`",
            "201 for an unknown id, another account's process, or a `type` that is not the "
            "process's.",
        ),
        Decision(
            "Import progress",
            "Lines with errors count as `failed`, the others as `imported`; warnings and errors "
            "appear once the process passed their line, the first 25 of each; a failed process "
            "gets an error on the line where it stopped. `created` and `status_change_date` are "
            "dates in the caller's time zone.",
        ),
    ),
)

ENDPOINTS = (DATA_SPREADSHEET_PARSE, DATA_IMPORT_LIST, DATA_IMPORT_READ)
