"""uvicorn's protocol on the httptools parser (C), with the limits of :mod:`.connections`.

Imported only where httptools is installed: :func:`.connections.connection_class` falls back to
the pure-Python protocol (h11) without it.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from fleetapi_mock.web.connections import Limited

__all__ = ["HttpToolsConnection"]


class HttpToolsConnection(Limited, HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits of :mod:`.connections`: the parser's
    callbacks tell when a request begins, when its body moves on and when it is all read."""

    _message = False
    """Whether a request has begun and is not all read."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open the connection, making room for it first, and start waiting for a request."""
        super().connection_made(transport)
        self._open()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection and its timer."""
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        """A request's first byte: its timer starts (unless the connection's still runs)."""
        super().on_message_begin()
        self._message = True
        if self._reading is None:
            self._arm()

    def on_headers_complete(self) -> None:
        """The headers are in: a body may follow, and may not pause too long."""
        super().on_headers_complete()
        self._arm()

    def on_body(self, body: bytes) -> None:
        """A part of the body: its timer moves on."""
        super().on_body(body)
        self._arm()

    def on_message_complete(self) -> None:
        """The request is all read: no timer until the next one."""
        super().on_message_complete()
        self._message = False
        self._disarm()

    def on_response_complete(self) -> None:
        """The answer is sent: the connection is idle until the next request."""
        self._quiet_since = self.loop.time()
        super().on_response_complete()

    def handle_websocket_upgrade(self) -> None:
        """The connection becomes a WebSocket, which keeps its own time."""
        self._disarm()
        self._message = False
        super().handle_websocket_upgrade()

    def _arriving(self) -> bool:
        return self._message

    def _begun(self) -> bool:
        return self._message
