"""Output formats: tables on a terminal, JSON, JSON Lines or TSV for scripts.

Data goes to stdout, progress and errors to stderr. Rich is imported only to draw a table on a
terminal; a table asked for when stdout is not a terminal is drawn as plain aligned text.
"""

from __future__ import annotations

import enum
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

__all__ = [
    "OutputFormat",
    "default_format",
    "emit",
    "flatten",
    "is_terminal",
    "note",
    "to_jsonable",
]


class OutputFormat(str, enum.Enum):
    """The formats of ``--output``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    tsv = "tsv"


def is_terminal(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (stdout by default) is an interactive terminal."""
    stream = sys.stdout if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def default_format(stream: TextIO | None = None) -> OutputFormat:
    """``table`` on a terminal, ``json`` otherwise (pipes, files, captured output)."""
    return OutputFormat.table if is_terminal(stream) else OutputFormat.json


def note(message: str) -> None:
    """Write a progress or status line to stderr (never mixed with the data on stdout)."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


def to_jsonable(value: Any) -> Any:
    """Turn an SDK result (attrs models, dates, lists of them) into plain JSON values.

    Plain JSON values come back unchanged; anything else goes through the SDK's converter, so
    date/times and durations read exactly as on the wire.
    """
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    from fleetapi._converter import converter_for

    return converter_for().unstructure(value)


def flatten(record: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Flatten nested objects into dotted keys (``source.model``); lists stay values."""
    flat: dict[str, Any] = {}
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            flat.update(flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def _rows(data: Any) -> list[dict[str, Any]] | None:
    """The records of ``data`` as flat dicts, or ``None`` when it is not a list of objects."""
    if isinstance(data, Mapping):
        return [flatten(data)]
    if isinstance(data, list) and data and all(isinstance(d, Mapping) for d in data):
        return [flatten(d) for d in data]
    return None


def _columns(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None) -> list[str]:
    if columns:
        return list(columns)
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    return list(seen)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def _tsv_cell(value: Any) -> str:
    text = _cell(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def render_json(data: Any, stream: TextIO) -> None:
    """Write ``data`` as indented JSON."""
    stream.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def render_jsonl(data: Any, stream: TextIO) -> None:
    """Write one compact JSON document per line: each item of a list, or the one value."""
    items = data if isinstance(data, list) else [data]
    for item in items:
        stream.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n")


def render_tsv(data: Any, stream: TextIO, columns: Sequence[str] | None = None) -> None:
    """Write records as tab-separated values with a header row; scalars one per line.

    Tabs, newlines and backslashes inside values are escaped (``\\t``, ``\\n``, ``\\\\``), nested
    objects become dotted columns and lists compact JSON.
    """
    rows = _rows(data)
    if rows is None:
        for item in data if isinstance(data, list) else [data]:
            stream.write(_tsv_cell(item) + "\n")
        return
    names = _columns(rows, columns)
    stream.write("\t".join(names) + "\n")
    for row in rows:
        stream.write("\t".join(_tsv_cell(row.get(name)) for name in names) + "\n")


def render_table(data: Any, stream: TextIO, columns: Sequence[str] | None = None) -> None:
    """Draw records as a table: with Rich on a terminal, as aligned plain text otherwise.

    A single object is drawn as a two-column field/value table.
    """
    if isinstance(data, list) and not data:
        note("(none)")
        return
    rows = _rows(data)
    if rows is None:
        for item in data if isinstance(data, list) else [data]:
            stream.write(_cell(item) + "\n")
        return
    if isinstance(data, Mapping) and not columns:
        header = ["field", "value"]
        cells = [[name, _cell(value)] for name, value in rows[0].items()]
    else:
        header = _columns(rows, columns)
        cells = [[_cell(row.get(name)) for name in header] for row in rows]
    if is_terminal(stream):
        _rich_table(header, cells, stream)
    else:
        _plain_table(header, cells, stream)


def _plain_table(header: list[str], cells: list[list[str]], stream: TextIO) -> None:
    widths = [len(h) for h in header]
    for row in cells:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    for row in [[h.upper() for h in header], *cells]:
        line = "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
        stream.write(line.rstrip() + "\n")


def _rich_table(header: list[str], cells: list[list[str]], stream: TextIO) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(box=None, header_style="bold", pad_edge=False)
    for name in header:
        table.add_column(name, overflow="fold")
    for row in cells:
        table.add_row(*row)
    Console(file=stream, highlight=False, markup=False, emoji=False).print(table)


def emit(
    data: Any,
    fmt: OutputFormat,
    *,
    columns: Sequence[str] | None = None,
    stream: TextIO | None = None,
) -> None:
    """Write ``data`` (already plain JSON values) to stdout in format ``fmt``.

    Args:
        data: The result: an object, a list of objects, or a scalar.
        fmt: The output format.
        columns: The columns of a table (dotted paths into nested objects); every field when
            not given. JSON, JSON Lines and TSV always carry every field.
        stream: Where to write (stdout by default).
    """
    stream = sys.stdout if stream is None else stream
    if fmt is OutputFormat.json:
        render_json(data, stream)
    elif fmt is OutputFormat.jsonl:
        render_jsonl(data, stream)
    elif fmt is OutputFormat.tsv:
        render_tsv(data, stream)
    else:
        render_table(data, stream, columns)
    stream.flush()
