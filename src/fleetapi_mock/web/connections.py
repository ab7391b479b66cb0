"""The connections of a served mock: how many stay open, how long a request may take to arrive,
and the answer to a request HTTP cannot read, all in the API's envelope.

uvicorn's HTTP/1.1 protocol (h11) keeps a connection open as long as the client likes until its
first request, and for ever while a request's headers trickle in; past the descriptor limit the
server can accept no one. :func:`connection_class` makes the protocol the server uses, with:

- a cap on open connections (:attr:`.ServerLimits.max_connections`, lowered to fit the
  process's descriptor limit): a connection beyond it first closes the longest idle one
  (waiting between requests, or still sending headers); when every open connection has a
  request being answered, the new one is answered code 14 (HTTP 503) and closed;
- a read timeout: a request's headers must arrive within it from the request's first byte
  (or from the connection's opening), and its body must not pause longer (a body the server
  is not reading yet, waiting in its world's lane, does not count); else HTTP 408 (code 5) and
  the connection closes;
- malformed HTTP framing answered HTTP 400 with the API's failure envelope (code 5), not
  uvicorn's plain text.
"""

from __future__ import annotations

import asyncio
import logging
import math
import resource
from typing import Any, Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from fleetapi._errors import FleetApiError, ServiceUnavailableError, WrongRequestFormatError
from fleetapi_mock.state.limits import DEFAULT_LIMITS, HTTP_PROTOCOLS, ServerLimits
from fleetapi_mock.web.wire import failure_response

__all__ = [
    "BACKLOG",
    "Limited",
    "connection_class",
    "fitting_connections",
    "quiet_accept_errors",
]

logger: logging.Logger = logging.getLogger("fleetapi_mock")

BACKLOG: Final = 128
"""The listening socket's backlog, which is also how many connections the event loop accepts at
once before the protocol of any of them runs (and can make room)."""

RESERVED_DESCRIPTORS: Final = 64 + 2 * BACKLOG
"""Descriptors kept for everything but connections under the cap: batches of accepted
connections not yet counted or not yet closed, the listening socket, state files, uploads,
logs."""


def fitting_connections(wanted: int) -> int:
    """``wanted``, or fewer when the process may not open that many descriptors and more.

    The soft descriptor limit is first raised to the hard one (as servers do), so that a low
    default soft limit does not cap the server needlessly.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or hard > soft):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (OSError, ValueError):  # not allowed here: keep the soft limit
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - RESERVED_DESCRIPTORS))


def quiet_accept_errors(loop: asyncio.AbstractEventLoop, every: float = 60.0) -> None:
    """Log the event loop's failures to accept a connection (out of descriptors) in one line at
    most every ``every`` seconds, instead of a traceback each time; pass other failures on."""
    last = -math.inf

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        nonlocal last
        if not str(context.get("message", "")).startswith("socket.accept() out of"):
            loop.default_exception_handler(context)
            return
        now = loop.time()
        if now - last >= every:
            last = now
            logger.warning(
                "fleet mock: cannot accept connections: %s (lower --max-connections or raise "
                "the descriptor limit)",
                context.get("exception"),
            )

    loop.set_exception_handler(handle)


def _raw_answer(error: FleetApiError) -> bytes:
    """A whole HTTP/1.1 answer of ``error`` in the envelope, closing the connection."""
    answer = failure_response(error)
    status = answer.status
    head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}"]
    head += [f"{k}: {v}" for k, v in answer.headers.items()]
    head += [f"content-length: {len(answer.body)}", "connection: close", "", ""]
    return "\r\n".join(head).encode("latin-1") + answer.body


_REASONS: Final = {
    400: "Bad Request",
    408: "Request Timeout",
    503: "Service Unavailable",
}


class Limited:
    """The limits of this module, for either of uvicorn's HTTP/1.1 protocols (set on the
    subclass that :func:`connection_class` makes); the protocol tells whether a request is
    arriving (:meth:`_arriving`) and whether any byte of one has come (:meth:`_begun`)."""

    max_connections: int = DEFAULT_LIMITS.max_connections
    read_timeout: float = DEFAULT_LIMITS.read_timeout
    # What the protocol provides:
    loop: Any
    transport: Any
    connections: Any
    cycle: Any
    flow: Any

    def _arriving(self) -> bool:
        """Whether a request has begun and is not all read."""
        raise NotImplementedError

    def _begun(self) -> bool:
        """Whether any byte of a request has come since the last one was read."""
        raise NotImplementedError

    def _open(self) -> None:
        """The connection is open: make room for it, then wait for a request."""
        self._reading: asyncio.TimerHandle | None = None
        self._quiet_since = self.loop.time()
        if len(self.connections) > self.max_connections and not self._close_an_idle_one():
            busy = ServiceUnavailableError("mock: too many open connections", retry_after=1)
            self._refuse(busy)
            return
        self._arm()

    def _idle(self) -> bool:
        """Whether no request of this connection is being answered."""
        cycle = self.cycle
        return (cycle is None or cycle.response_complete) and not self._arriving()

    def _close_an_idle_one(self) -> bool:
        """Close the connection idle the longest (never this one); whether there was one."""
        idle = [
            c
            for c in self.connections
            if c is not self
            and isinstance(c, Limited)
            and c._idle()
            and not c.transport.is_closing()
        ]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c._quiet_since)
        oldest.transport.close()
        oldest.connections.discard(oldest)
        return True

    def _arm(self) -> None:
        self._disarm()
        self._reading = self.loop.call_later(self.read_timeout, self._timed_out)

    def _disarm(self) -> None:
        if getattr(self, "_reading", None) is not None:
            self._reading.cancel()  # type: ignore[union-attr]
            self._reading = None

    def _timed_out(self) -> None:
        """The request did not arrive in time: HTTP 408 unless the server holds it up."""
        self._reading = None
        if self.transport.is_closing():
            return
        if self.flow.read_paused:  # a body waiting for its world's lane: not the client's fault
            self._arm()
            return
        cycle = self.cycle
        if not self._begun() or (cycle is not None and cycle.response_started):
            self.transport.close()  # a connection that never asked: closed without a word
            return
        self._refuse(
            WrongRequestFormatError("mock: the request took too long to arrive", http_status=408)
        )

    def _refuse(self, error: FleetApiError) -> None:
        """Answer ``error`` in the envelope and close, whatever state the connection is in."""
        self._disarm()
        if self.cycle is not None:  # the app's answer, if it comes, is dropped
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.write(_raw_answer(error))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Answer a request HTTP cannot read in the API's envelope (code 5) and close."""
        self._refuse(WrongRequestFormatError(f"malformed HTTP request: {msg}", http_status=400))


class _H11Connection(Limited, H11Protocol):
    """uvicorn's pure-Python protocol (h11) with the limits of this module."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open the connection, making room for it first, and start waiting for a request."""
        super().connection_made(transport)
        self._open()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection and its timer."""
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Read ``data``; a request's first bytes start its timer, its whole arrival stops it,
        and each part of its body moves it on."""
        if self._reading is None and self.conn.their_state is h11.IDLE:
            self._arm()
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            self._arm()
        elif state is not h11.IDLE:
            self._disarm()

    def on_response_complete(self) -> None:
        """The answer is sent: the connection is idle until the next request."""
        self._quiet_since = self.loop.time()
        super().on_response_complete()

    def _arriving(self) -> bool:
        return self.conn.their_state is not h11.IDLE

    def _begun(self) -> bool:
        return self.conn.their_state is not h11.IDLE or bool(self.conn.trailing_data[0])


def connection_class(limits: ServerLimits = DEFAULT_LIMITS, http: str = "auto") -> type[Limited]:
    """The protocol class a served mock gives uvicorn (``Config(http=...)``), with its limits
    (the connections fitted to the descriptor limit), on the parser ``http`` names.

    Raises:
        ImportError: ``http`` is ``httptools`` and httptools is not installed.
        ValueError: ``http`` is none of :data:`HTTP_PROTOCOLS`.
    """
    if http not in HTTP_PROTOCOLS:
        raise ValueError(f"http must be one of {', '.join(HTTP_PROTOCOLS)}, not {http!r}")
    base: type[Limited] = _H11Connection
    if http != "h11":
        try:
            from fleetapi_mock.web.httptools_connection import HttpToolsConnection
        except ImportError:
            if http == "httptools":
                raise
        else:
            base = HttpToolsConnection
    fitted = fitting_connections(limits.max_connections)
    return type(
        "MockConnection",
        (base,),
        {"max_connections": fitted, "read_timeout": limits.read_timeout},
    )
