"""Reading the tab-delimited batches of the ``*/batch_convert`` calls.

A batch is text: each non-blank line is one row, its cells separated by tabs, in the order of
the call's ``fields``. A first line made of the field names themselves is a header and is
skipped. At most :data:`BATCH_ROW_LIMIT` rows are converted; ``limit_exceeded`` tells that
more came.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

__all__ = ["BATCH_ROW_LIMIT", "BatchLine", "batch_lines", "cut", "parse_decimal"]

BATCH_ROW_LIMIT: Final = 1000
"""Rows converted per call; ``limit_exceeded`` is true when the batch had more."""


@attrs.frozen
class BatchLine:
    """One row of a batch: its 1-based line number and its cells."""

    number: int
    cells: list[str]


def batch_lines(text: str, fields: Sequence[str]) -> tuple[list[BatchLine], bool]:
    """The rows of ``text`` (header skipped, cut at the limit) and whether it was cut."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if lines and [c.strip().lower() for c in lines[0][1].split("\t")] == list(fields):
        lines = lines[1:]
    return cut(BatchLine(n, line.split("\t")) for n, line in lines)


def cut(rows: Iterable[BatchLine]) -> tuple[list[BatchLine], bool]:
    """The first :data:`BATCH_ROW_LIMIT` of ``rows`` and whether there were more."""
    kept = list(rows)
    return kept[:BATCH_ROW_LIMIT], len(kept) > BATCH_ROW_LIMIT


def parse_decimal(text: str) -> float:
    """A finite decimal number written with a point or a comma; ``ValueError`` otherwise
    (``nan`` and ``inf`` too: JSON has no such numbers)."""
    value = float(text.strip().replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text!r}")
    return value
