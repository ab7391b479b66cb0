"""What every reading step shares: the reader, the snapshot being taken, how far it has come,
and the answers shaped into records (unknown fields left out, date/times brought to UTC)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, Protocol
from zoneinfo import ZoneInfo

import attrs

from fleetapi._converter import converter_for, format_datetime
from fleetapi_mock.state.world import World

__all__ = [
    "PAGE",
    "Progress",
    "Reader",
    "Step",
    "Taking",
    "pages",
    "spans",
    "structure",
    "to_utc",
    "utc",
]

PAGE: Final = 1000
"""Rows asked for per page of a paged list."""


class Reader(Protocol):
    """What a snapshot needs of a client: :meth:`fleetapi.Client.request`."""

    def request(self, path: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The answer of a call, as JSON."""
        ...


@attrs.frozen(kw_only=True)
class Step:
    """How far a snapshot has come: the step it is reading and how much of it is read."""

    name: str
    """What the step reads: a world collection (``trackers``, ``track_points``...)."""
    records: int = 0
    """Records read by the step so far."""
    done: int = 0
    """Of :attr:`total`, the units (trackers, sub-users, tasks) gone through."""
    total: int | None = None
    """The units the step goes through, a request or more each; ``None`` for a step of one
    request or of pages."""
    finished: bool = False
    """The step is over: :attr:`records` is its count."""


Progress = Callable[[Step], None]
"""Told how far a snapshot has come, as each step advances and ends."""


@attrs.frozen(kw_only=True)
class Taking:
    """A snapshot being taken: where from, into which world, for which account."""

    client: Reader
    world: World
    account: int
    zone: ZoneInfo
    """The user's time zone, which the answers' date/times are in."""
    counts: dict[str, int]
    """Records read, by collection."""
    told: Progress

    def tell(self, name: str, records: int, *, done: int = 0, total: int | None = None) -> None:
        """Say how far step ``name`` has come."""
        self.told(Step(name=name, records=records, done=done, total=total))

    def finish(self, name: str, records: int) -> None:
        """Count ``records`` of step ``name``, and say that it is over."""
        self.counts[name] = records
        self.told(Step(name=name, records=records, finished=True))


def pages(client: Reader, call: str, params: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The rows of a paged list (``offset`` and ``limit``), page after page."""
    offset = 0
    while True:
        rows = client.request(call, {**params, "offset": offset, "limit": PAGE})["list"]
        yield from rows
        if len(rows) < PAGE:
            return
        offset += PAGE


def spans(since: dt.datetime, until: dt.datetime, longest: dt.timedelta) -> list[dict[str, str]]:
    """The window ``since`` to ``until`` cut into periods of at most ``longest`` (both ends
    included, a second apart), each as ``from`` and ``to``."""
    found = []
    start = since
    while True:
        end = min(start + longest, until)
        found.append({"from": format_datetime(start), "to": format_datetime(end)})
        if end >= until:
            return found
        start = end + dt.timedelta(seconds=1)


def structure(data: Mapping[str, Any], cls: type[Any]) -> Any:
    """``data`` read into ``cls``, the fields ``cls`` does not have left out."""
    return converter_for().structure(dict(data), cls)


def to_utc(value: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    """A date/time of ``zone`` (or with its own offset) in UTC, without a zone."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(dt.timezone.utc).replace(tzinfo=None)


def utc(record: Any, zone: ZoneInfo) -> Any:
    """``record`` with every date/time in it (nested records included) from the user's time
    zone to UTC, as a world keeps them."""
    if zone.key == "UTC":
        return record
    if isinstance(record, dt.datetime):
        return to_utc(record, zone)
    if isinstance(record, dict):
        return {k: utc(v, zone) for k, v in record.items()}
    if isinstance(record, list):
        return [utc(v, zone) for v in record]
    if not attrs.has(type(record)):
        return record
    changes = {f.name: utc(getattr(record, f.name), zone) for f in attrs.fields(type(record))}
    return attrs.evolve(record, **{k.lstrip("_"): v for k, v in changes.items()})
