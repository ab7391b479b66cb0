"""Shadow mode: the same reading requests to the service and to a world made from a snapshot,
and where their answers differ.

:func:`covered_requests` makes the requests a snapshot covers (every list it read, each
tracker's state, sensors, counters and track, the window's tasks, check-ins and events:
:mod:`fleetapi_mock.snapshot.coverage`); :func:`compare` sends each to both and walks the two
answers side by side. A difference names the call, the path in the answer
(``list[0].source.phone``) and what differs: a key only one side has, a type, a value (times
within a tolerance of seconds, numbers within a relative tolerance), or a failure's code. A
file's ``download_url`` names the server and the file's own token: only whether there is one
is compared.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

import attrs

from fleetapi._converter import parse_datetime
from fleetapi._errors import FleetApiError
from fleetapi_mock.snapshot.coverage import covered_requests
from fleetapi_mock.snapshot.shaping import Reader

__all__ = ["Difference", "Exchange", "compare", "covered_requests"]

Kind = Literal["missing", "extra", "type", "value", "code"]


@attrs.frozen(kw_only=True)
class Difference:
    """One way the mirror's answer differs from the service's."""

    call: str
    params: Mapping[str, Any]
    path: str
    """Where in the answer (``list[2].label``; empty for the whole answer)."""
    kind: Kind
    """``missing`` (the service has it, the mirror not), ``extra`` (the reverse), ``type``,
    ``value`` or ``code`` (the answers' failure codes differ)."""
    source: Any = None
    mirror: Any = None

    def to_json(self) -> dict[str, Any]:
        """The difference as ``fleet mock compare -o json`` shows it."""
        return attrs.asdict(self)


@attrs.frozen(kw_only=True)
class Exchange:
    """One request and the two answers (what ``--record`` keeps)."""

    call: str
    params: Mapping[str, Any]
    source: Any
    mirror: Any


def _answer(reader: Reader, call: str, params: Mapping[str, Any]) -> Any:
    try:
        return reader.request(call, params)
    except FleetApiError as exc:
        return {"success": False, "status": {"code": exc.code}}


def compare(
    source: Reader,
    mirror: Reader,
    requests: Sequence[tuple[str, Mapping[str, Any]]],
    *,
    seconds: float = 1.0,
    relative: float = 1e-9,
    record: Callable[[Exchange], None] | None = None,
) -> list[Difference]:
    """Send each request to ``source`` and ``mirror``; the differences of their answers
    (times within ``seconds``, numbers within ``relative``)."""
    found: list[Difference] = []
    for call, params in requests:
        theirs, ours = _answer(source, call, params), _answer(mirror, call, params)
        if record is not None:
            record(Exchange(call=call, params=params, source=theirs, mirror=ours))
        codes = _code(theirs), _code(ours)
        if codes[0] != codes[1]:
            found.append(
                Difference(
                    call=call, params=params, path="", kind="code", source=codes[0], mirror=codes[1]
                )
            )
            continue
        for path, kind, a, b in _walk(theirs, ours, "", seconds, relative):
            found.append(
                Difference(call=call, params=params, path=path, kind=kind, source=a, mirror=b)
            )
    return found


def _code(answer: Any) -> int:
    if isinstance(answer, Mapping) and answer.get("success") is False:
        return int((answer.get("status") or {}).get("code") or -1)
    return 0


def _walk(
    a: Any, b: Any, path: str, seconds: float, relative: float
) -> Iterator[tuple[str, Kind, Any, Any]]:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in a:
            where = f"{path}.{key}" if path else str(key)
            if key not in b:
                yield where, "missing", a[key], None
            elif key == "download_url":  # the server's address and the file's own token
                if (a[key] is None) != (b[key] is None):
                    yield where, "value", a[key], b[key]
            else:
                yield from _walk(a[key], b[key], where, seconds, relative)
        for key in b:
            if key not in a:
                yield (f"{path}.{key}" if path else str(key)), "extra", None, b[key]
        return
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):  # the rest below
            yield from _walk(x, y, f"{path}[{index}]", seconds, relative)
        for index in range(len(b), len(a)):
            yield f"{path}[{index}]", "missing", a[index], None
        for index in range(len(a), len(b)):
            yield f"{path}[{index}]", "extra", None, b[index]
        return
    if _kind(a) != _kind(b):
        yield path, "type", a, b
    elif not _same(a, b, seconds, relative):
        yield path, "value", a, b


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, Mapping):
        return "object"
    return "array" if isinstance(value, list) else type(value).__name__


def _same(a: Any, b: Any, seconds: float, relative: float) -> bool:
    if a == b:
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=relative, abs_tol=relative)
    if isinstance(a, str) and isinstance(b, str):
        try:  # two wire date/times, within the tolerance
            return abs((parse_datetime(a) - parse_datetime(b)).total_seconds()) <= seconds
        except (ValueError, TypeError):  # not date/times, or one with an offset and one without
            return False
    return False
