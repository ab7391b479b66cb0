"""The limits a served mock puts on its clients, declared once: the defaults and the help of
``fleet mock serve``'s options, :func:`~fleetapi_mock.run`'s and
:class:`~fleetapi_mock.ThreadedServer`'s ``limits``, and the docs derive from
:class:`ServerLimits`.

The names of the server stack's parts (:class:`HttpParser`, :class:`EventLoop`) live here too.
This module imports nothing of the mock (the command line reads it to describe its options;
handlers read a request's limits from its context).
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

__all__ = [
    "DEFAULT_LIMITS",
    "HTTP_PROTOCOLS",
    "LOOPS",
    "EventLoop",
    "HttpParser",
    "ServerLimits",
    "limit_help",
]


class HttpParser(str, enum.Enum):
    """The HTTP/1.1 parsers a served mock may use (``--http``): ``auto`` takes httptools (C)
    when installed, else h11 (pure Python)."""

    AUTO = "auto"
    HTTPTOOLS = "httptools"
    H11 = "h11"


class EventLoop(str, enum.Enum):
    """The event loops a served mock may run on (``--loop``, uvicorn's names): ``auto`` takes
    uvloop when installed, else asyncio's own."""

    AUTO = "auto"
    UVLOOP = "uvloop"
    ASYNCIO = "asyncio"


HTTP_PROTOCOLS: Final = tuple(parser.value for parser in HttpParser)
"""The names of :class:`HttpParser`."""

LOOPS: Final = tuple(loop.value for loop in EventLoop)
"""The names of :class:`EventLoop`."""


def _limit(default: Any, help: str, *, minimum: float = 1) -> Any:
    return attrs.field(default=default, metadata={"help": help, "minimum": minimum})


@attrs.frozen(kw_only=True)
class ServerLimits:
    """How much a served mock takes from its clients before it refuses, and how long it waits
    for them."""

    world_queue: int = _limit(
        256,
        "Requests of one world that may wait while it is busy; one more is refused with "
        "code 14 (HTTP 503).",
    )
    max_connections: int = _limit(
        4096,
        "Open connections at most (fewer when the descriptor limit is lower); past it the "
        "longest idle connection is closed, or the new one refused with code 14.",
    )
    read_timeout: float = _limit(
        30.0,
        "Seconds a request's headers may take to arrive, and its body may pause; then HTTP "
        "408 and the connection closes.",
        minimum=0.1,
    )
    keep_alive: float = _limit(
        5.0, "Seconds an idle connection stays open between requests.", minimum=0.1
    )
    max_records: int = _limit(
        500_000,
        "Records one world holds at most (track points included): past it, calls that add "
        "records (create, upload, generate) are refused with code 268 until some are deleted "
        "or the world is reset.",
    )
    max_file_bytes: int = _limit(
        256 * 1024 * 1024,
        "Bytes of the files one world stores at most, every account's (reserved or "
        "uploaded): past it, reserving a file is refused with code 268 until files are "
        "deleted or the world is reset.",
        minimum=0,
    )
    max_sessions: int = _limit(
        1000,
        "Live sessions one user keeps at most; a login past it ends the user's oldest "
        "session, as the service expires sessions.",
    )
    max_fault_rules: int = _limit(
        100, "Fault rules one world holds at most; one more is refused with code 7.", minimum=0
    )
    max_fault_body_bytes: int = _limit(
        64 * 1024,
        "Bytes of JSON a fault rule's body (the request fields it matches) holds at most; a "
        "larger one is refused with code 7.",
        minimum=0,
    )
    max_body_bytes: int = _limit(
        32 * 1024 * 1024,
        "Bytes of a request's body at most, uploads included; a larger one is refused with "
        "HTTP 413. Parsing a JSON body holds the server about 10 ms per MB, every world "
        "waiting: lower it on a server many suites share.",
    )
    max_document_bytes: int = _limit(
        24 * 1024 * 1024,
        "Bytes of a world document loaded through the control API (POST /__mock__/reset) at "
        "most; a larger one is refused with HTTP 413 (code 5).",
    )
    max_memory_bytes: int = _limit(
        0,
        "Bytes of resident memory the server holds at most, every world together (0: three "
        "quarters of what the machine, or its container, allows): past it new worlds are "
        "refused with code 14, and calls that add records or load a world with code 268, "
        "until worlds are deleted or reset.",
        minimum=0,
    )
    max_streams: int = _limit(
        2048,
        "Event streams (event/subscription WebSockets) open at once, every world's; one more "
        "is answered an error frame with code 14 and closed.",
    )
    max_world_streams: int = _limit(
        1024,
        "Event streams one world keeps open at once; one more is answered an error frame "
        "with code 14 and closed.",
    )
    stream_queue: int = _limit(
        64,
        "Frames waiting for a slow stream reader at most; past it the oldest event is "
        "dropped (and counted), never an unbounded buffer.",
    )


DEFAULT_LIMITS: Final = ServerLimits()


def limit_help(name: str) -> str:
    """The help of the limit ``name`` (a field of :class:`ServerLimits`)."""
    field = attrs.fields_dict(ServerLimits)[name]
    return str(field.metadata["help"])
