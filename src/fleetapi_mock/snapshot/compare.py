"""Shadow mode: the same reading requests to the service and to a world made from a snapshot,
and where their answers differ.

:func:`covered_requests` makes the requests a snapshot covers (every list it read, each
tracker's state and track of the window); :func:`compare` sends each to both and walks the two
answers side by side. A difference names the call, the path in the answer
(``list[0].source.phone``) and what differs: a key only one side has, a type, a value (times
within a tolerance of seconds, numbers within a relative tolerance), or a failure's code.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

import attrs

from fleetapi._converter import format_datetime, parse_datetime
from fleetapi._errors import FleetApiError
from fleetapi_mock.snapshot.events import event_pages
from fleetapi_mock.snapshot.reading import LISTS, Reader

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


def covered_requests(
    client: Reader, *, since: dt.datetime, until: dt.datetime
) -> list[tuple[str, dict[str, Any]]]:
    """The reading requests a snapshot of the window covers, made from the service's own
    lists (``client`` is the service's)."""
    window = {"from": format_datetime(since), "to": format_datetime(until)}
    trackers = client.request("tracker/list")["list"]
    ids = [t["id"] for t in trackers]
    requests: list[tuple[str, dict[str, Any]]] = [
        ("tracker/list", {}),
        ("tracker/get_states", {"trackers": ids, "list_blocked": True, "allow_not_exist": True}),
        *((call, dict(params)) for _, call, params, _ in LISTS),
        ("subuser/list", {}),
        ("task/list", dict(window)),
        ("task/list", {**window, "types": ["route"]}),
    ]
    unblocked = [t["id"] for t in trackers if not t["source"].get("blocked")]
    requests += [("tracker/sensor/list", {"tracker_id": i}) for i in unblocked]
    requests.append(("tracker/rule/list", {}))
    if unblocked:  # each page of the window's events, as the snapshot read them
        requests += [("history/tracker/list", p) for p, _ in event_pages(client, unblocked, window)]
    requests += [("track/read", {"tracker_id": i, **window}) for i in unblocked]
    return requests


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
