"""``fleet data``: upload and preview a spreadsheet, follow import processes."""

from __future__ import annotations

import sys
from typing import Annotated, Any, Optional

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help

__all__ = ["app"]

_SPREADSHEET_PARSE_PARAMS = "fleetapi.models.data:SpreadsheetParseParams"

app = new_group(
    "Spreadsheets and imports: parse a file, list imports.",
    epilog=examples(
        "printf 'label,lat\\nDepot,52.5\\n' | fleet data parse - --header",
        "fleet data imports -o json",
    ),
)

IMPORT_COLUMNS = [
    "id",
    "type",
    "filename",
    "status",
    "progress.percent",
    "progress.processed_lines",
    "progress.imported",
    "progress.failed",
    "created",
]


def _header_map(pairs: list[str], ctx: typer.Context) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for pair in pairs:
        column, sep, field = pair.partition("=")
        if not sep or not column.strip() or not field.strip():
            ctx.fail(f"--map takes COLUMN=FIELD, not {pair!r}.")
        mapping[column.strip()] = field.strip()
    return mapping


def _preview_rows(header: list[str] | None, rows: list[list[str]]) -> tuple[list[str], list[Any]]:
    """Table columns (unique names) and the rows as records."""
    width = max([len(header or [])] + [len(r) for r in rows])
    names: list[str] = []
    for index in range(width):
        name = header[index] if header and index < len(header) and header[index] else ""
        name = name or f"column {index + 1}"
        while name in names:
            name += "'"
        names.append(name)
    records = [dict(zip(names, row + [""] * (width - len(row)), strict=True)) for row in rows]
    return names, records


@app.command()
@wraps_call("data/spreadsheet/parse")
def parse(
    ctx: typer.Context,
    file: Annotated[
        str,
        typer.Argument(metavar="FILE", help="A .xlsx, .xls or .csv file (- reads stdin)."),
    ],
    preview: Annotated[
        int,
        typer.Option(
            "--preview", "-n", help=field_help(_SPREADSHEET_PARSE_PARAMS, "preview_count")
        ),
    ] = 5,
    header: Annotated[
        bool, typer.Option("--header", help="The first row is a header (column names).")
    ] = False,
    mapping: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--map",
            metavar="COLUMN=FIELD",
            help="Name a header column by a field identifier (with --header; repeatable).",
        ),
    ] = None,
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--name", help="The file name to send (default: the file's; stdin.csv for stdin)."
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Upload a spreadsheet, store it, and print its file_id and first rows.

    The file_id names the stored file in later calls (vehicle batch conversion). A table shows
    the file_id on its first line, then the preview; TSV writes the preview only (the file_id
    goes to stderr); JSON has the whole answer.
    """
    from fleetapi._types import UNSET
    from fleetapi_cli.output import OutputFormat, note

    state = state_of(ctx)
    header_map = _header_map(list(mapping or []), ctx)
    if header_map and not header:
        ctx.fail("--map needs --header.")
    from fleetapi_cli.files import upload_part

    upload = upload_part(file, name=name, stdin_name="stdin.csv")
    with state.client() as client:
        result = client.data.spreadsheet.parse(
            file=upload,
            preview_count=preview,
            parse_header=header,
            header_map=header_map or UNSET,
        )
    fmt = state.output_format(output)
    if fmt in (OutputFormat.json, OutputFormat.jsonl):
        state.emit(result, output=fmt)
        return
    columns = None if result.header is UNSET else result.header
    names, records = _preview_rows(columns, result.preview)
    if fmt is OutputFormat.tsv:
        note(f"file_id: {result.file_id}")
    else:
        sys.stdout.write(f"file_id: {result.file_id}\n")
    state.emit(records, output=fmt, columns=names)


@app.command()
@wraps_call("data/import/list")
def imports(
    ctx: typer.Context,
    types: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--type", "-t", metavar="TYPE", help="Only vehicle or employee imports (repeatable)."
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """List the import processes of the account, with their status and progress."""
    from fleetapi._types import UNSET

    allowed = ("vehicle", "employee")
    for kind in types or []:
        if kind not in allowed:
            ctx.fail(f"--type must be one of {', '.join(allowed)}, not {kind!r}.")
    state = state_of(ctx)
    with state.client() as client:
        processes = client.data.import_.list(types=list(types) if types else UNSET)  # type: ignore[arg-type]
    state.emit(processes, output=output, columns=IMPORT_COLUMNS)
