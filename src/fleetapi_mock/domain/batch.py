"""Reading the tab-delimited batches of the ``*/batch_convert`` calls.

A batch is text: each non-blank line is one row, its cells separated by tabs, in the order of
the call's ``fields``. A first line made of the field names themselves is a header and is
skipped. At most :data:`BATCH_ROW_LIMIT` rows are converted; ``limit_exceeded`` tells that
more came.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from fleetapi._converter import RequestValidationError, structure_request
from fleetapi._errors import InvalidDataFormatError, InvalidParametersError
from fleetapi._types import UNSET, Unset
from fleetapi.models.vehicle import BatchError
from fleetapi_mock.domain import gazetteer
from fleetapi_mock.domain.context import Context
from fleetapi_mock.state.bounds import decimal_id

__all__ = [
    "BATCH_ROW_LIMIT",
    "DEFAULT_RADIUS",
    "SKIPPED",
    "BatchLine",
    "batch_lines",
    "checked_fields",
    "cut",
    "default_radius",
    "numbered",
    "parse_decimal",
    "row_cells",
    "row_point",
    "row_problems",
    "rows_of",
    "tag_ids",
]

SKIPPED: Final = "undefined"
"""The column name of a column to skip."""

BATCH_ROW_LIMIT: Final = 1000
"""Rows converted per call; ``limit_exceeded`` is true when the batch had more."""


DEFAULT_RADIUS: Final = 100
"""The radius, in meters, of a located row without one when the call gives no
``default_radius``."""


def default_radius(given: int | Unset) -> int:
    """A call's ``default_radius``, or :data:`DEFAULT_RADIUS` when it gives none."""
    return DEFAULT_RADIUS if isinstance(given, Unset) else given


@attrs.frozen
class BatchLine:
    """One row of a batch: its 1-based line number and its cells."""

    number: int
    cells: list[str]


def batch_lines(text: str, fields: Sequence[str]) -> tuple[list[BatchLine], bool]:
    """The rows of ``text`` (header skipped, cut at the limit) and whether it was cut.

    Only the rows kept are split into cells: the rest of a long batch is not read further.
    """
    lines: Iterator[tuple[int, str]] = (
        (n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()
    )
    first = next(lines, None)
    if first is not None and [c.strip().lower() for c in first[1].split("\t")] != list(fields):
        lines = itertools.chain([first], lines)
    return cut(BatchLine(n, line.split("\t")) for n, line in lines)


def cut(rows: Iterable[BatchLine]) -> tuple[list[BatchLine], bool]:
    """The first :data:`BATCH_ROW_LIMIT` of ``rows`` and whether there were more (the rows
    past the first one beyond the limit are never made)."""
    kept = list(itertools.islice(rows, BATCH_ROW_LIMIT + 1))
    return kept[:BATCH_ROW_LIMIT], len(kept) > BATCH_ROW_LIMIT


def parse_decimal(text: str) -> float:
    """A finite decimal number written with a point or a comma; ``ValueError`` otherwise
    (``nan`` and ``inf`` too: JSON has no such numbers)."""
    value = float(text.strip().replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value


def checked_fields(
    given: list[str], known: Collection[str], what: str, parameter: str = "fields"
) -> list[str]:
    """``given`` column names, once each is known (or :data:`SKIPPED`) and none repeats; 7
    naming ``<parameter>[i]`` otherwise. ``what`` names the entity and the call's kind of
    field (``vehicle batch``)."""
    errors = [
        {"parameter": f"{parameter}[{index}]", "error": f"{name!r} is no {what} field"}
        for index, name in enumerate(given)
        if name not in known and name != SKIPPED
    ]
    named = [name for name in given if name != SKIPPED]
    twice = sorted({name for name in named if named.count(name) > 1})
    if twice:
        errors.append({"parameter": parameter, "error": f"{twice[0]!r} is given twice"})
    if errors:
        raise InvalidParametersError(errors=errors)
    return given


def rows_of(
    ctx: Context,
    *,
    batch: str | Unset,
    file_id: str | Unset,
    fields: list[str] | Unset,
    known: Collection[str],
    default: Sequence[str],
    what: str,
    one_cell_rows: bool = False,
) -> tuple[list[str], list[BatchLine], bool]:
    """The columns and rows a ``*/batch_convert`` call converts, and whether they were cut.

    The rows of the spreadsheet ``file_id`` stored by ``data/spreadsheet/parse`` (201 for one
    the account does not have), else the tab-delimited lines of ``batch`` (234 when more than
    one column is expected and no line has a tab; 7 when neither is given). The columns are
    ``fields`` (:func:`checked_fields`), else a stored file's header (names that are no field
    are skipped), else ``default``. With ``one_cell_rows``, a batch without a tab is rows of
    one cell each rather than 234 (``zone/batch_convert``'s documented example sends one).
    """
    given = None if isinstance(fields, Unset) else checked_fields(fields, known, f"{what} batch")
    if not isinstance(file_id, Unset):
        stored = ctx.owned_one(ctx.world.data_files, file_id, "data file")
        header = stored.fields
        if given is not None:
            columns = given
        elif header is not None:
            columns = [name if name in known else SKIPPED for name in header]
        else:
            columns = list(default)
        first = 1 if stored.header is None else 2
        lines, exceeded = cut(
            BatchLine(first + index, list(cells)) for index, cells in enumerate(stored.rows)
        )
        return columns, lines, exceeded
    if not isinstance(batch, Unset):
        columns = given if given is not None else list(default)
        if len(columns) > 1 and batch.strip() and "\t" not in batch and not one_cell_rows:
            raise InvalidDataFormatError("the batch is not tab-delimited text")
        lines, exceeded = batch_lines(batch, columns)
        return columns, lines, exceeded
    raise InvalidParametersError(errors=[{"parameter": "batch", "error": "give batch or file_id"}])


def row_cells(fields: Sequence[str], line: BatchLine) -> tuple[dict[str, str], list[BatchError]]:
    """A row's cells by column (skipped columns left out, text stripped), and the error of a
    row with more cells than columns."""
    errors = []
    if len(line.cells) > len(fields):
        errors.append(BatchError(parameter="batch", error=f"{len(line.cells)} cells"))
    cells = {f: c.strip() for f, c in zip(fields, line.cells, strict=False) if f != SKIPPED}
    return cells, errors


def row_problems(wire: Mapping[str, Any], cls: type, prefix: str) -> list[BatchError]:
    """The problems of a converted row ``wire`` as a ``cls``, named ``<prefix>.<field>``."""
    try:
        structure_request(wire, cls)
    except RequestValidationError as exc:
        return [BatchError(parameter=f"{prefix}.{e.parameter}", error=e.error) for e in exc.errors]
    return []


def numbered(errors: Sequence[BatchError], line: BatchLine) -> list[BatchError] | Unset:
    """A row's ``errors`` with its line number, or ``UNSET`` when it has none."""
    return [attrs.evolve(e, line=line.number) for e in errors] or UNSET


def row_point(ctx: Context, cells: Mapping[str, str]) -> tuple[float, float] | None:
    """A row's point: its ``lat`` and ``lng`` when it gives either (both must be numbers),
    else its ``address`` looked up in the world's gazetteer; ``None`` when that fails."""
    if cells.get("lat") or cells.get("lng"):
        try:
            return parse_decimal(cells.get("lat", "")), parse_decimal(cells.get("lng", ""))
        except ValueError:
            return None
    found = gazetteer.search(ctx.world, cells["address"]) if cells.get("address") else []
    return (found[0].lat, found[0].lng) if found else None


def tag_ids(ctx: Context, text: str) -> tuple[list[int], str | None]:
    """The tags a cell names, comma-separated, by name (any case) or ID, and the error of the
    first it cannot find (then no tags)."""
    by_name = {t.name.casefold(): t.id for t in ctx.owned(ctx.world.tags)}
    ids: list[int] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        tag_id = by_name.get(item.casefold())
        if tag_id is None and decimal_id(item) in by_name.values():
            tag_id = decimal_id(item)
        if tag_id is None:
            return [], f"no tag {item!r}"
        ids.append(tag_id)
    return ids, None
