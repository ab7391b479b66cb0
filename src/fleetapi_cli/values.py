"""Reading values from the command line: JSON text, ``@file``, ``-`` for stdin, ``key=value``."""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Container
from pathlib import Path
from typing import Any

import typer

__all__ = [
    "WHEN_HELP",
    "near_location",
    "parse_assignment",
    "parse_json",
    "parse_until",
    "parse_when",
    "read_body",
    "read_text",
    "search_conditions",
]

WHEN_HELP = "'YYYY-MM-DD HH:MM:SS', 'YYYY-MM-DD HH:MM' or a date, in your time zone"
"""How every ``--from``/``--to``/``--until`` option reads a moment (for help texts)."""


def read_text(value: str, *, what: str = "value") -> str:
    """The text ``value`` names: ``-`` reads stdin, ``@path`` reads a file, else ``value``."""
    if value in ("-", "@-"):
        return sys.stdin.read()
    if value.startswith("@"):
        path = Path(value[1:]).expanduser()
        try:
            return path.read_text(encoding="utf-8")
        except OSError as exc:
            raise typer.BadParameter(f"cannot read {path} for {what}: {exc.strerror}") from None
    return value


def parse_json(value: str, *, what: str = "value") -> Any:
    """Parse JSON given as text, ``@file.json`` or ``-`` (stdin).

    Raises:
        typer.BadParameter: the text is not JSON.
    """
    text = read_text(value, what=what)
    try:
        return json.loads(text)
    except ValueError as exc:
        raise typer.BadParameter(f"{what} is not valid JSON: {exc}") from None


def read_body(value: str) -> dict[str, Any]:
    """Read a JSON object given to ``--input`` (a path, ``@path`` or ``-``)."""
    source = value if value == "-" or value.startswith("@") else f"@{value}"
    body = parse_json(source, what="--input")
    if not isinstance(body, dict):
        raise typer.BadParameter("--input must hold a JSON object")
    return body


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_assignment(arg: str, typed: Container[str] = ()) -> tuple[str, Any]:
    """Parse one ``key=value`` argument of ``fleet api`` (httpie's two forms).

    - ``key=value``: the string ``value``; for a key in ``typed`` (the call declares it a
      number, a boolean, a list or an object), JSON when ``value`` parses as JSON.
    - ``key:=json``: JSON, or an error when it does not parse.
    - ``key=@file``: the file's text, as a string (``@-`` reads stdin).
    - ``key:=@file``: the file's content, parsed as JSON.

    Raises:
        typer.BadParameter: the argument has no ``=`` or its JSON does not parse.
    """
    key, sep, value = arg.partition("=")
    if not sep or not key or key == ":":
        raise typer.BadParameter(f"expected key=value or key:=json, got {arg!r}")
    if key.endswith(":"):
        key = key[:-1]
        return key, parse_json(value, what=key)
    if value.startswith("@"):
        return key, read_text(value, what=key)
    return key, _json_or_text(value) if key in typed else value


def parse_when(value: str) -> dt.datetime:
    """The moment of a ``--from``/``--to`` option: ``YYYY-MM-DD HH:MM:SS`` (or ISO 8601), or
    a date alone (its midnight). Every command with a period parses it this way.

    Raises:
        typer.BadParameter: the text is neither.
    """
    from fleetapi._converter import parse_datetime

    text = value.strip()
    try:
        if len(text) == len("YYYY-MM-DD"):
            return dt.datetime.strptime(text, "%Y-%m-%d")
        return parse_datetime(text)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not {WHEN_HELP}") from None


def parse_until(value: str) -> dt.datetime:
    """Like :func:`parse_when`, but a date alone means the end of that day (23:59:59)."""
    moment = parse_when(value)
    if len(value.strip()) == len("YYYY-MM-DD"):
        moment = moment.replace(hour=23, minute=59, second=59)
    return moment


def search_conditions(texts: list[str], *, param_hint: str) -> list[Any]:
    """Search conditions given as JSON, ``@file`` or ``-`` (one per option), as SDK models."""
    from fleetapi._converter import converter_for
    from fleetapi.models.search import SearchCondition

    converter = converter_for()
    found: list[Any] = []
    for text in texts:
        raw = parse_json(text, what=param_hint)
        try:
            found.append(converter.structure(raw, SearchCondition))  # type: ignore[arg-type]
        except Exception as exc:  # cattrs raises several kinds
            raise typer.BadParameter(
                f"not a search condition: {exc}", param_hint=param_hint
            ) from None
    return found


def near_location(text: str, *, param_hint: str) -> Any:
    """A ``LAT,LNG,RADIUS`` option as the SDK's location (radius in meters)."""
    from fleetapi.models.common import Location

    try:
        lat, lng, radius = (float(p) for p in text.split(","))
    except ValueError:
        raise typer.BadParameter("expected LAT,LNG,RADIUS", param_hint=param_hint) from None
    return Location(lat=lat, lng=lng, radius=int(radius))
