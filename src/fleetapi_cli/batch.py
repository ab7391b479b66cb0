"""What the ``batch-convert`` commands share: reading the batch, reporting row errors.

Imported inside commands only (it imports nothing heavy either).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

__all__ = ["BATCH_ERRORS_EXIT", "read_batch", "report_rows"]

BATCH_ERRORS_EXIT = 6
"""Exit code of the ``batch-convert`` commands when a row has errors (an invalid request)."""


def read_batch(ctx: typer.Context, source: str) -> str:
    """The text of ``source``: a file's, or stdin's for ``-``; a usage error if unreadable."""
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.BadParameter(
            f"cannot read {source}: {exc}", ctx=ctx, param_hint="FILE"
        ) from None


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
