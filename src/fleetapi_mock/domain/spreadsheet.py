"""Reading uploaded spreadsheets (.xlsx, .xls, .csv) into rows of cell texts.

``data/spreadsheet/parse`` accepts a file whose MIME type or name says it is a spreadsheet and
whose content is one: the reader is chosen by the content's signature (a ZIP archive is
.xlsx, read with openpyxl; an OLE2 compound file is .xls, read with xlrd; anything else is
UTF-8 text read with the csv module, its delimiter sniffed among ``,`` ``;`` tab and ``|``).
Only the first sheet of a workbook is read.

Cells become text: numbers without a fractional part lose their ``.0``, dates are
``YYYY-MM-DD`` (``YYYY-MM-DD HH:MM:SS`` with a time), booleans ``true``/``false``, empty cells
``""``. Blank rows are dropped and trailing empty cells trimmed.

Reading is bounded, so that no upload can hold the server for long or fill its memory: an
.xlsx archive may inflate to :data:`MAX_INFLATED_BYTES` at most, no part of it more than
:data:`MAX_RATIO` times (a compression bomb); rows are read one at a time (openpyxl's
read-only mode) and reading stops past :data:`MAX_ROWS` rows or :data:`MAX_CELLS` cells.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import zipfile
from collections.abc import Iterable, Iterator
from typing import Any

from fleetapi_mock.state.records import DataFileFormat

__all__ = [
    "MAX_CELLS",
    "MAX_INFLATED_BYTES",
    "MAX_RATIO",
    "MAX_ROWS",
    "SpreadsheetError",
    "SpreadsheetTooLarge",
    "cell_text",
    "declared_formats",
    "read_rows",
    "sniff_format",
]

MAX_ROWS = 10_000
"""The most rows (blank ones included) a spreadsheet may have."""
MAX_CELLS = 200_000
"""The most cells a spreadsheet may have, over all its rows."""
MAX_INFLATED_BYTES = 32 * 1024 * 1024
"""The most an .xlsx archive may inflate to, all its parts together."""
MAX_RATIO = 100
"""How many times its compressed size a part of an .xlsx archive larger than 1 MiB may
inflate to: spreadsheets compress 5 to 20 times, compression bombs thousands of times."""

MIME_FORMATS: dict[str, DataFileFormat] = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.ms-excel": "xls",
    "text/csv": "csv",
    "application/csv": "csv",
    "text/comma-separated-values": "csv",
    "text/x-csv": "csv",
    "application/x-csv": "csv",
}
"""Content types that name a spreadsheet format."""

GENERIC_TYPES = frozenset({"", "application/octet-stream", "text/plain", "binary/octet-stream"})
"""Content types that say nothing about the format: the file name's extension decides."""

EXTENSIONS: dict[str, DataFileFormat] = {".xlsx": "xlsx", ".xls": "xls", ".csv": "csv"}

_ZIP = b"PK\x03\x04"
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_DELIMITERS = ",;\t|"


class SpreadsheetError(ValueError):
    """The upload is not a spreadsheet of an accepted format (code 234)."""


class SpreadsheetTooLarge(SpreadsheetError):
    """The spreadsheet is beyond a bound: too many rows or cells, or inflates too far (271)."""


def declared_formats(filename: str, content_type: str) -> set[DataFileFormat]:
    """The formats an upload claims by its content type and file name's extension.

    Raises:
        SpreadsheetError: the content type names something other than a spreadsheet.
    """
    kind = content_type.split(";", 1)[0].strip().lower()
    claimed: set[DataFileFormat] = set()
    if kind in MIME_FORMATS:
        claimed.add(MIME_FORMATS[kind])
    elif kind not in GENERIC_TYPES:
        raise SpreadsheetError(f"wrong MIME type {kind!r}: expected .xlsx, .xls or .csv")
    extension = os.path.splitext(filename)[1].lower()
    if extension in EXTENSIONS:
        claimed.add(EXTENSIONS[extension])
    if not claimed:
        raise SpreadsheetError(
            f"cannot tell the format of {filename!r}: expected a .xlsx, .xls or .csv file"
        )
    return claimed


def sniff_format(data: bytes) -> DataFileFormat:
    """The format of ``data`` by its signature (text is taken for CSV)."""
    if data.startswith(_ZIP):
        return "xlsx"
    if data.startswith(_OLE2):
        return "xls"
    return "csv"


def read_rows(data: bytes, fmt: DataFileFormat) -> list[list[str]]:
    """The non-blank rows of the first sheet of ``data``, as cell texts.

    Raises:
        SpreadsheetTooLarge: past a bound (rows, cells, inflated size).
        SpreadsheetError: ``data`` cannot be read as ``fmt``.
        MemoryError: the server ran short of memory (never reported as the client's fault).
    """
    try:
        if fmt == "xlsx":
            return _tidy(_xlsx_rows(data))
        if fmt == "xls":
            return _tidy(_xls_rows(data))
        return _tidy(_csv_rows(data))
    except (SpreadsheetError, MemoryError, RecursionError):
        raise
    except Exception as exc:  # every reader failure is a broken file, whatever its kind
        raise SpreadsheetError(f"not a readable .{fmt} file: {exc}") from None


def cell_text(value: Any) -> str:
    """The text of one cell value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, dt.datetime):
        if value.time() == dt.time():
            return value.date().isoformat()
        return value.replace(microsecond=0).isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def _tidy(rows: Iterable[Iterable[Any]]) -> list[list[str]]:
    """Cell texts of the non-blank rows, read one row at a time within the bounds."""
    tidy: list[list[str]] = []
    cells_read = 0
    for count, row in enumerate(rows, start=1):
        if count > MAX_ROWS:
            raise SpreadsheetTooLarge(f"the spreadsheet has more than {MAX_ROWS} rows")
        cells = [cell_text(v) for v in row]
        cells_read += len(cells)
        if cells_read > MAX_CELLS:
            raise SpreadsheetTooLarge(f"the spreadsheet has more than {MAX_CELLS} cells")
        while cells and not cells[-1].strip():
            cells.pop()
        if cells:
            tidy.append(cells)
    return tidy


def _check_archive(data: bytes) -> None:
    """Refuse an archive that inflates beyond the bounds, before anything is inflated.

    The sizes are the archive's own claims; ``zipfile`` stops at the claimed size and fails a
    part that holds more, so a forged claim cannot get past them.
    """
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = archive.infolist()
    inflated = sum(part.file_size for part in parts)
    if inflated > MAX_INFLATED_BYTES:
        raise SpreadsheetTooLarge(
            f"the spreadsheet inflates to {inflated} bytes, more than {MAX_INFLATED_BYTES}"
        )
    for part in parts:
        if part.file_size > 1024 * 1024 and part.file_size > MAX_RATIO * max(part.compress_size, 1):
            raise SpreadsheetError(
                f"{part.filename} inflates {part.file_size // max(part.compress_size, 1)} times:"
                " not a spreadsheet, a compression bomb"
            )


def _xlsx_rows(data: bytes) -> Iterator[tuple[Any, ...]]:
    import openpyxl

    _check_archive(data)
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        if not book.worksheets:
            return
        sheet = book.worksheets[0]
        # The stored dimension may be forged or stale: size the sheet by its real cells.
        sheet.reset_dimensions()
        yield from sheet.iter_rows(values_only=True)
    finally:
        book.close()


def _xls_rows(data: bytes) -> Iterator[list[Any]]:
    import xlrd

    book = xlrd.open_workbook(file_contents=data, on_demand=True)
    try:
        if book.nsheets == 0:
            return
        sheet = book.sheet_by_index(0)
        if sheet.nrows > MAX_ROWS:
            raise SpreadsheetTooLarge(f"the spreadsheet has more than {MAX_ROWS} rows")
        for index in range(sheet.nrows):
            row: list[Any] = []
            for cell in sheet.row(index):
                if cell.ctype == xlrd.XL_CELL_DATE:
                    row.append(xlrd.xldate.xldate_as_datetime(cell.value, book.datemode))
                elif cell.ctype == xlrd.XL_CELL_BOOLEAN:
                    row.append(bool(cell.value))
                elif cell.ctype == xlrd.XL_CELL_ERROR:
                    row.append(xlrd.error_text_from_code.get(cell.value, "#ERR"))
                else:
                    row.append(cell.value)
            yield row
    finally:
        book.release_resources()


def _csv_rows(data: bytes) -> Iterator[list[str]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SpreadsheetError("a .csv file must be UTF-8 text") from None
    if "\x00" in text:
        raise SpreadsheetError("a .csv file must be text, not binary data")
    try:
        dialect: Any = csv.Sniffer().sniff(text[:8192], delimiters=_DELIMITERS)
    except csv.Error:
        dialect = csv.excel
    return csv.reader(io.StringIO(text, newline=""), dialect)
