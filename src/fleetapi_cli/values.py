"""Reading values from the command line: JSON text, ``@file``, ``-`` for stdin, ``key=value``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

__all__ = [
    "parse_assignment",
    "parse_json",
    "read_body",
    "read_text",
]


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


def parse_assignment(arg: str) -> tuple[str, Any]:
    """Parse one ``key=value`` argument of ``fleet api``.

    - ``key=value``: JSON when ``value`` parses as JSON (``10``, ``true``, ``[1,2]``), else the
      string.
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
    return key, _json_or_text(value)
