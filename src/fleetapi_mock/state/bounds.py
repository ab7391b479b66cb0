"""What the mock accepts at most: JSON depth, finite numbers, the date/times a world holds.

Every door reads JSON through :func:`read_json` (API bodies, form and query fields, control
routes, world files), so that no input reaches recursive code (the strict converter, the world
loader) nested deeper than :data:`MAX_JSON_DEPTH`, and no ``NaN``, ``Infinity`` or ``1e999``
is stored to be answered later as invalid JSON. Both are refused with code 7 naming the
parameter. The date/time bounds keep every stored time showable in every time zone.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Callable
from typing import Any, Final

import orjson

from fleetapi._errors import InvalidParametersError

__all__ = [
    "CLOCK_MAX",
    "CLOCK_MIN",
    "MAX_JSON_DEPTH",
    "WORLD_TIME_MAX",
    "WORLD_TIME_MIN",
    "decimal_id",
    "in_clock_range",
    "json_problem",
    "read_json",
    "seconds_before",
]

MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects a request or a world document may have."""

WORLD_TIME_MIN = dt.datetime(1, 1, 2)
WORLD_TIME_MAX = dt.datetime(9999, 12, 30, 23, 59, 59)
"""The date/times (UTC) a world stores: a day inside Python's range at each end, so that the
time is a valid wall-clock time in every time zone (UTC-12 to UTC+14)."""

CLOCK_MIN = dt.datetime(1900, 1, 1)
CLOCK_MAX = dt.datetime(8999, 12, 31, 23, 59, 59)
"""Where the world clock may stand: far enough inside :data:`WORLD_TIME_MAX` that what
handlers add to *now* (a session's lifetime, a link's expiry, a subscription's year) stays in
range. A running clock stops at :data:`CLOCK_MAX`."""


MAX_ID_DIGITS = 18
"""The longest decimal ID text read as a number (an int64 has 19 digits; no record has more
than 18)."""


def decimal_id(text: str) -> int | None:
    """The ID that ``text`` writes in ASCII decimal digits, or ``None`` for any other text
    (``²`` is a digit to ``str.isdigit`` and no number to ``int``; thousands of digits are
    refused by ``int``): callers answer their own not-found or invalid code."""
    if not text or len(text) > MAX_ID_DIGITS or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def seconds_before(moment: dt.datetime, seconds: int) -> dt.datetime:
    """``moment`` less ``seconds`` (naive UTC), no earlier than :data:`CLOCK_MIN`: an age of any
    size a caller sends ("older than 10^11 seconds") reaches back to the clock's first time."""
    if seconds >= (moment - CLOCK_MIN).total_seconds():
        return CLOCK_MIN
    return moment - dt.timedelta(seconds=seconds)


def in_clock_range(value: dt.datetime) -> bool:
    """Whether ``value`` (naive UTC, or aware in any zone) is a time the clock may show."""
    offset = value.utcoffset() or dt.timedelta(0)
    try:
        moment = value.replace(tzinfo=None) - offset
    except OverflowError:
        return False
    return CLOCK_MIN <= moment <= CLOCK_MAX


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_SUSPECT_NUMBERS = (b"NaN", b"Infinity", b"e000", b"E000", b"e+000", b"E+000")
"""Text that may decode to a number that is not finite, once every digit reads 0: a constant,
or an exponent of three digits or more. Each is looked for as a substring (a fast linear
search; a regular expression of the alternatives takes ten times as long on a large body,
holding the interpreter meanwhile)."""
_LONG_MANTISSA = b"0" * 300
"""A mantissa of hundreds of digits, which may overflow (a substring search: linear)."""
_LONG_NUMBER = b"0" * 19
"""Digits that may be an integer beyond orjson's 64 bits, once every digit reads 0."""


def _limit_error(path: str, error: str) -> InvalidParametersError:
    return InvalidParametersError(errors=[{"parameter": path or "body", "error": error}])


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def json_problem(value: Any, *, limit: int = MAX_JSON_DEPTH, path: str = "") -> tuple[str, str]:
    """The first value of decoded JSON beyond the bounds, else ``("", "")``.

    Answers ``(parameter, error)``: the dotted path of a number that is not finite, the
    top-level member (or ``path``) of a value nested too deep. Iterative: safe on any depth.
    A value within the bounds (nearly always) is checked without building any path.
    """
    if _within_bounds(value, limit):
        return "", ""
    return _first_problem(value, limit, path)


def _within_bounds(value: Any, limit: int) -> bool:
    """Whether decoded JSON is nested at most ``limit`` deep and every number is finite."""
    isfinite = math.isfinite
    if isinstance(value, float):
        return isfinite(value)
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        for child in children:
            kind = type(child)
            if kind is str or kind is int or kind is bool or child is None:
                continue
            if isinstance(child, float):
                if not isfinite(child):
                    return False
            elif isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return True


def _first_problem(value: Any, limit: int, path: str) -> tuple[str, str]:
    """:func:`json_problem` of a value beyond the bounds: the walk that names the place."""
    stack: list[tuple[Any, int, str, str]] = [(value, 1, path, path)]
    while stack:
        item, depth, where, top = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return where or "body", "must be a finite number"
        if not isinstance(item, (dict, list)):
            continue
        if depth > limit:
            return top or "body", f"is nested deeper than {limit} levels"
        pairs = list(item.items() if isinstance(item, dict) else enumerate(item))
        for key, child in reversed(pairs):
            inner = _join(where, key)
            stack.append((child, depth + 1, inner, top or inner))
    return "", ""


def _needs_walk(raw: bytes, folded: bytes, limit: int) -> bool:
    if raw.count(b"[") + raw.count(b"{") > limit:
        return True
    return any(text in folded for text in _SUSPECT_NUMBERS) or _LONG_MANTISSA in folded


def read_json(text: bytes | str, *, parameter: str = "") -> Any:
    """Decode JSON within the bounds.

    orjson reads it; the standard library reads what orjson refuses or reads otherwise (a
    number of 19 digits or more, which orjson may make a float; text that is not UTF-8), so
    that both read the same values and fail the same way.

    Args:
        text: The JSON text.
        parameter: The name the value goes by (a form field); paths inside it start there.

    Raises:
        ValueError: the text is not JSON (``json.JSONDecodeError``, or not UTF-8).
        InvalidParametersError: nested deeper than :data:`MAX_JSON_DEPTH`, or a number that
            is not finite (``NaN``, ``Infinity``, ``1e999``); code 7 naming the parameter.
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    folded = raw.translate(_DIGITS_AS_ZERO)
    if _LONG_NUMBER in folded:
        value = _loads(text, raw, parameter)
    else:
        try:
            value = orjson.loads(raw)
        except orjson.JSONDecodeError:
            value = _loads(text, raw, parameter)
    if _needs_walk(raw, folded, MAX_JSON_DEPTH):
        where, error = json_problem(value, path=parameter)
        if error:
            raise _limit_error(where, error)
    return value


JSON_PIECE: Final = 500
"""Items of a long list written as JSON in one go: a served mock's other threads (another
world's requests) get their turns between pieces, not only after a list of 10,000 tasks."""


def json_text(value: Any, *, default: Callable[[Any], Any] | None = None) -> bytes:
    """``value`` as compact UTF-8 JSON (``default`` writes what JSON has no form for): by
    orjson, or by the standard library for what orjson does not write (an integer beyond 64
    bits, a key that is not a string, a lone surrogate), then in ASCII with escapes.

    An object holding a list longer than :data:`JSON_PIECE` (an answer's ``list``) is written
    piece by piece, to the same bytes.
    """
    try:
        if isinstance(value, dict) and any(
            isinstance(v, list) and len(v) > JSON_PIECE for v in value.values()
        ):
            return _in_pieces(value, default)
        return orjson.dumps(value, default=default)
    except TypeError:
        return json.dumps(value, separators=(",", ":"), default=default).encode("ascii")


def _in_pieces(value: dict[Any, Any], default: Callable[[Any], Any] | None) -> bytes:
    """:func:`orjson.dumps` of ``value``, its long lists written :data:`JSON_PIECE` items at
    a time (raises ``TypeError`` as orjson does).

    The pieces are put together by one ``bytes.join``, which lets other threads run while it
    copies a large answer; adding bytes with ``+`` does not (two additions of a 6 MB answer
    held every other world's request for 8 ms)."""
    parts: list[bytes] = []
    opening = b"{"
    for key, item in value.items():
        if not isinstance(key, str):
            raise TypeError("a key that is not a string")
        parts += (opening, orjson.dumps(key), b":")
        opening = b","
        if isinstance(item, list) and len(item) > JSON_PIECE:
            before = b"["
            for at in range(0, len(item), JSON_PIECE):
                parts += (before, orjson.dumps(item[at : at + JSON_PIECE], default=default)[1:-1])
                before = b","
            parts.append(b"]")
        else:
            parts.append(orjson.dumps(item, default=default))
    parts.append(b"}")
    return b"".join(parts)


def _loads(text: bytes | str, raw: bytes, parameter: str) -> Any:
    """``json.loads`` of ``text``, its depth bounded."""
    try:
        return json.loads(text)
    except RecursionError:
        where = parameter or _deep_member(raw)
        raise _limit_error(where, f"is nested deeper than {MAX_JSON_DEPTH} levels") from None


def _deep_member(raw: bytes) -> str:
    """The key of the top-level member too deep to decode ("" when the body is not an
    object): each member is decoded alone, so only that member's value meets the guard."""
    text = raw.decode("utf-8", "replace")
    decoder = json.JSONDecoder()
    index = _skip_space(text, 0)
    if not text.startswith("{", index):
        return ""
    index += 1
    try:
        while True:
            key, index = decoder.raw_decode(text, _skip_space(text, index))
            index = _skip_space(text, _skip_space(text, index) + 1)  # past the colon
            try:
                _, index = decoder.raw_decode(text, index)
            except RecursionError:
                return str(key)
            index = _skip_space(text, index)
            if not text.startswith(",", index):
                return ""
            index += 1
    except ValueError:
        return ""


_SPACE = re.compile(r"[ \t\n\r]*")


def _skip_space(text: str, index: int) -> int:
    match = _SPACE.match(text, index)
    return match.end() if match else index
