"""Reading values from the command line: JSON text, ``@file``, ``-`` for stdin, ``key=value``."""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from collections.abc import Callable, Container
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

WHEN_HELP = (
    "'YYYY-MM-DD HH:MM:SS', 'YYYY-MM-DD HH:MM', a date (the whole day), today, yesterday, "
    "tomorrow, now, or from now: -2h, +1d, -1d12h (s, m, h, d, w), in your time zone, "
    "counted on the server's clock"
)
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


_DAYS: dict[str, int] = {"yesterday": -1, "today": 0, "tomorrow": 1}
_OFFSET = re.compile(r"([+-])((?:\d+[smhdw])+)")
_UNIT_SECONDS: dict[str, int] = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


_clock: Callable[[], dt.datetime] | None = None


def use_clock(clock: Callable[[], dt.datetime] | None) -> None:
    """Count ``now``, ``today`` and ``-2h`` from ``clock`` (the server's; the root command sets
    it for each invocation), or from this machine's when ``None``."""
    global _clock
    _clock = clock


def now() -> dt.datetime:
    """The user's current time, to the second (what ``now``, ``today`` and ``-2h`` count
    from): the server's clock when one is in use (:func:`use_clock`), else this machine's."""
    moment = _clock() if _clock is not None else dt.datetime.now()
    return moment.replace(microsecond=0)


def parse_when(value: str, *, end: bool = False) -> dt.datetime:
    """The moment of a ``--from``/``--to``/``--until`` option (every command reads them so).

    ``YYYY-MM-DD HH:MM:SS`` (or ISO 8601, or without seconds); a date alone, ``today``,
    ``yesterday`` or ``tomorrow`` stand for the whole day: its first second, or its last one
    when ``end`` (an option ending a period: ``--to``, ``--until``); ``now``; an offset from
    now (``-2h``, ``+1d``, ``-1d12h``; units s, m, h, d, w).

    Raises:
        typer.BadParameter: the text is none of these.
    """
    from fleetapi._converter import parse_datetime

    text = value.strip().lower()
    try:
        if text == "now":
            return now()
        if text in _DAYS:
            return _day(now().date() + dt.timedelta(days=_DAYS[text]), end)
        offset = _OFFSET.fullmatch(text)
        if offset is not None:
            sign, parts = offset.groups()
            seconds = sum(
                int(n) * _UNIT_SECONDS[unit] for n, unit in re.findall(r"(\d+)([smhdw])", parts)
            )
            return now() + dt.timedelta(seconds=-seconds if sign == "-" else seconds)
        if len(text) == len("YYYY-MM-DD"):
            return _day(dt.date.fromisoformat(text), end)
        return parse_datetime(value.strip())
    except (ValueError, OverflowError):
        raise typer.BadParameter(f"{value!r} is not {WHEN_HELP}") from None


def _day(day: dt.date, end: bool) -> dt.datetime:
    start = dt.datetime(day.year, day.month, day.day)
    return start.replace(hour=23, minute=59, second=59) if end else start


def parse_until(value: str) -> dt.datetime:
    """:func:`parse_when` for an option ending a period: a day stands for its last second."""
    return parse_when(value, end=True)


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
