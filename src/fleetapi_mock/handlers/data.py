"""Spreadsheets parsed into the data file store, and import processes.

``data/spreadsheet/parse`` stores the first sheet of an uploaded spreadsheet in the world's
``data_files`` (a :class:`~fleetapi_mock.state.records.DataFileRecord` per ``file_id``). Other calls
that take a ``file_id`` (``vehicle/batch_convert``) read it back as any owned record::

    record = ctx.owned_one(ctx.world.data_files, params.file_id, "data file")  # else 201
    record.fields                                  # header names mapped by header_map, or None
    record.rows                                    # the data rows, lists of cell texts

Import processes (started by ``employee/import/start`` and ``vehicle/import/start``, or seeded
by world documents) move by the world clock: see :mod:`fleetapi_mock.domain.data`.
"""

from __future__ import annotations

import datetime as dt

from fleetapi._errors import (
    EmptyDataFileError,
    FileTooLargeError,
    InvalidDataFormatError,
    NoDataFileError,
    OverQuotaError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.data import DATA_IMPORT_LIST, DATA_IMPORT_READ, DATA_SPREADSHEET_PARSE
from fleetapi.models.data import (
    ImportListParams,
    ImportProcess,
    ImportReadParams,
    SpreadsheetParseParams,
    SpreadsheetPreview,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.data import process_of, wire_import
from fleetapi_mock.domain.spreadsheet import (
    SpreadsheetError,
    SpreadsheetTooLarge,
    declared_formats,
    read_rows,
    sniff_format,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import DataFileRecord

__all__ = [
    "DEFAULT_MAX_FILE_SIZE",
    "MAX_STORED_CELLS",
    "MAX_STORED_FILES",
    "STORED_FILE_LIFETIME",
    "max_file_size",
]

MAX_STORED_FILES = 20
"""Spreadsheets an account may keep stored at once; one more answers 268."""
MAX_STORED_CELLS = 1_000_000
"""Cells an account's stored spreadsheets may hold together; past it 268."""
STORED_FILE_LIFETIME = dt.timedelta(hours=24)
"""A stored spreadsheet is dropped this long after its upload (world clock)."""

DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024
"""Uploads above the dealer's ``file_storage.hard_max_file_size`` (this by default) get 271."""


def max_file_size(ctx: Context) -> int:
    """The largest upload the caller's dealer accepts, in bytes."""
    dealer = ctx.world.dealers.get(ctx.account.dealer_id)
    value = dealer.platform.get("file_storage.hard_max_file_size") if dealer else None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return DEFAULT_MAX_FILE_SIZE


@handles(DATA_SPREADSHEET_PARSE)
def spreadsheet_parse(ctx: Context, params: SpreadsheetParseParams) -> SpreadsheetPreview:
    """Store the first sheet of an uploaded .xlsx, .xls or .csv file and preview it.

    The sheet is kept in the world's ``data_files`` for :data:`STORED_FILE_LIFETIME`, for
    later imports (see [Decisions](decisions.md#spreadsheets-and-import-processes)); the file
    is read outside the world lock, within the bounds of :mod:`fleetapi_mock.domain.spreadsheet`.
    233 without a ``file`` part; 234 for a MIME type or name that is not a spreadsheet's,
    content that is not a readable spreadsheet, or a compression bomb; 271 above the dealer's
    file size limit or past a bound (rows, cells, inflated size); 268 when the account keeps
    :data:`MAX_STORED_FILES` spreadsheets, or :data:`MAX_STORED_CELLS` cells, already; 274 for
    a file without data rows (a lone header row included).
    """
    upload = ctx.files.get("file")
    if upload is None:
        raise NoDataFileError("the request has no file part named 'file'")
    try:
        claimed = declared_formats(upload.filename, upload.content_type)
    except SpreadsheetError as exc:
        raise InvalidDataFormatError(str(exc)) from None
    limit = max_file_size(ctx)
    if len(upload.data) > limit:
        raise FileTooLargeError(f"the file is larger than {limit} bytes")
    if not upload.data.strip():
        raise EmptyDataFileError(f"{upload.filename!r} is empty")
    fmt = sniff_format(upload.data)
    if fmt not in claimed:
        wanted = " or ".join(f".{f}" for f in sorted(claimed))
        raise InvalidDataFormatError(f"{upload.filename!r} is not a {wanted} file")
    _check_quota(ctx, cells=0)
    try:
        with ctx.outside_lock():  # the longest work of any call: others go on meanwhile
            rows = read_rows(upload.data, fmt)
    except SpreadsheetTooLarge as exc:
        raise FileTooLargeError(str(exc)) from None
    except SpreadsheetError as exc:
        raise InvalidDataFormatError(str(exc)) from None
    header = rows.pop(0) if params.parse_header and rows else None
    if not rows:
        raise EmptyDataFileError(f"{upload.filename!r} holds no data rows")
    _check_quota(ctx, cells=sum(map(len, rows)))
    record = DataFileRecord(
        id=_new_file_id(ctx),
        user_id=ctx.account.id,
        filename=upload.filename,
        format=fmt,
        uploaded=ctx.now(),
        header=header,
        header_map=dict(params.header_map) if params.header_map is not UNSET else {},
        rows=rows,
    )
    ctx.world.data_files[record.id] = record
    fields = record.fields
    return SpreadsheetPreview(
        file_id=record.id,
        header=fields if fields is not None else UNSET,
        preview=[list(row) for row in rows[: params.preview_count]],
    )


def _check_quota(ctx: Context, *, cells: int) -> None:
    """Drop the account's spreadsheets older than :data:`STORED_FILE_LIFETIME`; 268 when
    one more file, or ``cells`` more cells, would pass the account's quota."""
    store = ctx.world.data_files
    oldest = ctx.now() - STORED_FILE_LIFETIME
    for record in list(ctx.owned(store)):
        if record.uploaded < oldest:
            del store[record.id]
    kept = list(ctx.owned(store))
    if len(kept) >= MAX_STORED_FILES:
        raise OverQuotaError(
            f"the account keeps {MAX_STORED_FILES} spreadsheets already;"
            f" they are dropped {_hours(STORED_FILE_LIFETIME)} hours after their upload"
        )
    stored = sum(len(row) for record in kept for row in record.rows)
    if stored + cells > MAX_STORED_CELLS:
        raise OverQuotaError(
            f"the account's spreadsheets would hold more than {MAX_STORED_CELLS} cells"
        )


def _hours(span: dt.timedelta) -> int:
    return int(span.total_seconds() // 3600)


def _new_file_id(ctx: Context) -> str:
    while True:
        file_id = str(ctx.world.ids.next("data_files"))
        if file_id not in ctx.world.data_files:
            return file_id


# --- Import processes -------------------------------------------------------------------------


@handles(DATA_IMPORT_LIST)
def import_list(ctx: Context, params: ImportListParams) -> list[ImportProcess]:
    """The account's import processes by id, only of ``types`` when given (and not empty).

    A process's status and progress are derived from the world clock.
    """
    types = set(params.types) if params.types is not UNSET and params.types else None
    return [
        wire_import(ctx, r)
        for r in ctx.owned(ctx.world.import_processes)
        if types is None or r.type in types
    ]


@handles(DATA_IMPORT_READ)
def import_read(ctx: Context, params: ImportReadParams) -> ImportProcess:
    """One import process: 201 when missing, another account's, or of another type.

    Its status and progress are derived from the world clock.
    """
    return wire_import(ctx, process_of(ctx, params.process_id, params.type))
