"""Output formats: tables on a terminal, JSON, JSON Lines or TSV for scripts.

Data goes to stdout, progress and errors to stderr. Rich is imported only to draw a table on a
terminal; a table asked for when stdout is not a terminal is drawn as plain aligned text.
"""

from __future__ import annotations

import enum
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

__all__ = [
    "OutputFormat",
    "compile_jq",
    "default_format",
    "emit",
    "fit_columns",
    "flatten",
    "is_free_text",
    "is_terminal",
    "note",
    "tally",
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


def tally(shown: int, total: int | None, things: str) -> None:
    """Say on stderr how many of how many ``things`` a list shows (``3 of 12 tasks``), when
    the call tells its total."""
    if total is not None:
        note(f"{shown} of {total} {things}")


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


def _columns(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None,
    chosen: Sequence[str] | None = None,
) -> list[str]:
    """The columns to show: those ``chosen`` (``--columns``; each a field of some row or one
    of the command's columns), else the command's ``columns``, else every field of the rows,
    in order."""
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    if chosen:
        unknown = [name for name in chosen if name not in seen and name not in (columns or ())]
        if unknown and rows:
            import typer

            known = ", ".join(seen)
            raise typer.BadParameter(
                f"no column {unknown[0]!r} (columns: {known})", param_hint="'--columns'"
            )
        return list(chosen)
    if columns:
        return list(columns)
    return list(seen)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\S*")

MIN_TEXT_WIDTH = 12
"""A column of free text is shortened (with an ellipsis) to no less than this many cells."""


def is_free_text(value: Any) -> bool:
    """Whether a table may shorten ``value``: text of several words (not a date/time) or a
    list or object. Ids, numbers, dates, statuses and other single words are shown whole."""
    if isinstance(value, (list, dict)):
        return bool(value)
    if isinstance(value, str):
        return any(c.isspace() for c in value) and _DATE.fullmatch(value) is None
    return False


def fit_columns(
    header: Sequence[str],
    cells: Sequence[Sequence[str]],
    free: Sequence[bool],
    width: int,
    measure: Callable[[str], int] = len,
) -> list[int]:
    """The width of each column shown in a table ``width`` cells wide (two between columns),
    as many columns as fit, from the first.

    A column is as wide as its widest value and its header; a column of free text
    (``free``) may be narrower, down to :data:`MIN_TEXT_WIDTH` or its header, and shares what
    room is left with the others. Columns that do not fit at their narrowest are left out
    (the first is always shown).
    """
    natural = [
        max([measure(name), *(measure(row[i]) for row in cells)]) for i, name in enumerate(header)
    ]
    least = [
        min(natural[i], max(measure(name), MIN_TEXT_WIDTH)) if free[i] else natural[i]
        for i, name in enumerate(header)
    ]
    shown = len(header)
    while shown > 1 and sum(least[:shown]) + 2 * (shown - 1) > width:
        shown -= 1
    widths = least[:shown]
    room = width - sum(widths) - 2 * (shown - 1)
    growing = [i for i in range(shown) if widths[i] < natural[i]]
    while room > 0 and growing:
        for i in list(growing):
            if room == 0:
                break
            widths[i] += 1
            room -= 1
            if widths[i] == natural[i]:
                growing.remove(i)
    return widths


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


def render_tsv(
    data: Any,
    stream: TextIO,
    columns: Sequence[str] | None = None,
    chosen: Sequence[str] | None = None,
    fields: Sequence[str] | None = None,
) -> None:
    """Write records as tab-separated values with a header row; scalars one per line.

    Every field is written unless ``chosen`` (``--columns``) names some. Tabs, newlines and
    backslashes inside values are escaped (``\\t``, ``\\n``, ``\\\\``), nested objects become
    dotted columns and lists compact JSON. An empty list still writes its header: the
    ``chosen`` columns, else ``fields`` (those of the entities it would hold), when known.
    """
    if isinstance(data, list) and not data:
        header = chosen or fields
        if header:
            stream.write("\t".join(header) + "\n")
        return
    rows = _rows(data)
    if rows is None:
        for item in data if isinstance(data, list) else [data]:
            stream.write(_tsv_cell(item) + "\n")
        return
    names = _columns(rows, None, chosen)
    stream.write("\t".join(names) + "\n")
    for row in rows:
        stream.write("\t".join(_tsv_cell(row.get(name)) for name in names) + "\n")


def render_table(
    data: Any,
    stream: TextIO,
    columns: Sequence[str] | None = None,
    chosen: Sequence[str] | None = None,
) -> None:
    """Draw records as a table: with Rich on a terminal, as aligned plain text otherwise.

    The columns are ``chosen`` (``--columns``), else the command's ``columns``, else every
    field. On a terminal the table fits its width (:func:`fit_columns`): values are never
    broken, free text is shortened with an ellipsis, and columns that do not fit are left out
    with a note on stderr. A single object is drawn as a two-column field/value table.
    """
    if isinstance(data, Mapping) and not columns:
        data = _inner_list(data)
    if isinstance(data, list) and not data:
        note("(none)")
        return
    rows = _rows(data)
    if rows is None:
        for item in data if isinstance(data, list) else [data]:
            stream.write(_cell(item) + "\n")
        return
    if isinstance(data, Mapping) and not columns and not chosen:
        header = ["field", "value"]
        values = [[name, value] for name, value in rows[0].items()]
    else:
        header = _columns(rows, columns, chosen)
        if not columns and not chosen:
            header = _table_order(header, rows)
        values = [[row.get(name) for name in header] for row in rows]
    cells = [[_cell(value) for value in row] for row in values]
    if is_terminal(stream):
        free = [any(is_free_text(row[i]) for row in values) for i in range(len(header))]
        _rich_table(header, cells, free, stream)
    else:
        _plain_table(header, cells, stream)


def _plain_table(header: list[str], cells: list[list[str]], stream: TextIO) -> None:
    widths = [len(h) for h in header]
    for row in cells:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    for row in [[h.upper() for h in header], *cells]:
        line = "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
        stream.write(line.rstrip() + "\n")


def _inner_list(data: Mapping[str, Any]) -> Any:
    """An answer holding one list of objects beside plain values (``{"list": [...],
    "total": 3}``): the list, to draw as the table, with the other values noted on stderr.
    Any other object as it is."""
    lists = [key for key, value in data.items() if isinstance(value, list)]
    if len(lists) != 1 or any(isinstance(v, Mapping) for v in data.values()):
        return data
    items = data[lists[0]]
    if not items or not all(isinstance(item, Mapping) for item in items):
        return data
    for key, value in data.items():
        if key != lists[0]:
            note(f"{key}: {_cell(value)}")
    return items


def _table_order(names: list[str], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every field, for a command without columns of its own: ``id`` first, then the
    record's own values, then those of nested objects, then lists (each in their order)."""

    def rank(name: str) -> int:
        if name == "id":
            return 0
        if any(isinstance(row.get(name), (list, dict)) and row.get(name) for row in rows):
            return 3
        return 2 if "." in name else 1

    return sorted(names, key=rank)


def _rich_table(
    header: list[str], cells: list[list[str]], free: list[bool], stream: TextIO
) -> None:
    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table

    console = Console(file=stream, highlight=False, markup=False, emoji=False)
    widths = fit_columns(header, cells, free, console.width, cell_len)
    if len(widths) < len(header):
        left = header[len(widths) :]
        note(
            f"note: {len(left)} of {len(header)} columns left out to fit {console.width} "
            f"columns: {', '.join(left)} (choose with --columns, or -o json for every field)"
        )
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name, width in zip(header, widths, strict=False):
        table.add_column(name, width=width, no_wrap=True, overflow="ellipsis")
    for row in cells:
        table.add_row(*row[: len(widths)])
    console.print(table)


def compile_jq(expression: str) -> Any:
    """The jq program of ``--jq EXPR``.

    Raises:
        typer.BadParameter: the expression does not compile (jq's message).
    """
    import jq
    import typer

    try:
        return jq.compile(expression)
    except ValueError as exc:
        message = str(exc).removeprefix("jq: error: ").splitlines()[0].rstrip(":")
        raise typer.BadParameter(message, param_hint="'--jq'") from None


def render_jq(program: Any, data: Any, stream: TextIO, *, lines: bool = False) -> None:
    """Write what the compiled jq ``program`` makes of ``data`` (of each item of a list, with
    ``lines``: JSON Lines output): strings raw, other values as compact JSON, one per line.

    Raises:
        ValueError: the program fails on this data (``Cannot index array with "id"``).
    """
    items = data if lines and isinstance(data, list) else [data]
    for item in items:
        for value in program.input_value(item).all():
            text = (
                value
                if isinstance(value, str)
                else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            )
            stream.write(text + "\n")


def emit(
    data: Any,
    fmt: OutputFormat,
    *,
    columns: Sequence[str] | None = None,
    chosen: Sequence[str] | None = None,
    fields: Sequence[str] | None = None,
    stream: TextIO | None = None,
) -> None:
    """Write ``data`` (already plain JSON values) to stdout in format ``fmt``.

    Args:
        data: The result: an object, a list of objects, or a scalar.
        fmt: The output format.
        columns: The command's columns for a table (dotted paths into nested objects); every
            field when not given.
        chosen: The columns the user chose (``--columns``), for a table and TSV; JSON and
            JSON Lines always carry every field, but a name no record has is a usage error
            in every format (a typo must not pass unnoticed in a script's JSON run).
        fields: The fields of the entities a list holds, for the header of an empty TSV.
        stream: Where to write (stdout by default).
    """
    stream = sys.stdout if stream is None else stream
    if chosen and fmt in (OutputFormat.json, OutputFormat.jsonl):
        rows = _rows(data)
        if rows:
            _columns(rows, columns, chosen)  # refuses a name no record has
    if fmt is OutputFormat.json:
        render_json(data, stream)
    elif fmt is OutputFormat.jsonl:
        render_jsonl(data, stream)
    elif fmt is OutputFormat.tsv:
        render_tsv(data, stream, chosen=chosen, fields=fields)
    else:
        render_table(data, stream, columns, chosen)
    stream.flush()
