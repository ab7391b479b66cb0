"""What the ``batch-convert`` commands share: reading the batch, reporting row errors.

Imported inside commands only (it imports nothing heavy either).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer

__all__ = ["read_batch", "report_rows"]


def read_batch(ctx: typer.Context, source: str) -> str:
    """The text of ``source``: a file's, or stdin's for ``-``; a usage error if unreadable."""
    from fleetapi_cli.files import read_input

    text = read_input(source)
    assert isinstance(text, str)
    return text


def report_rows(rows: Sequence[Any], limit_exceeded: bool) -> int:
    """Write each row's errors to stderr (``line 3: type: ...``) and a summary; answer how
    many rows have errors."""
    from fleetapi_cli.output import note, to_jsonable

    bad = 0
    for index, row in enumerate(rows, start=1):
        errors = to_jsonable(row.errors) if row.errors else []
        for error in errors:
            where = f"line {error['line']}" if "line" in error else f"row {index}"
            note(f"{where}: {error.get('parameter', '?')}: {error.get('error', '')}")
        bad += bool(errors)
    if limit_exceeded:
        note("The batch was cut: only the first rows were converted.")
    note(f"{len(rows)} rows, {bad} with errors")
    return bad
