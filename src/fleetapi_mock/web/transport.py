"""An in-process httpx transport onto a :class:`~fleetapi_mock.web.router.Backend` (no sockets).

One transport object serves both ``httpx.Client`` and ``httpx.AsyncClient``::

    transport = MockTransport(backend)
    httpx.Client(transport=transport, base_url="http://fleet.localhost")
    httpx.AsyncClient(transport=transport, base_url="http://fleet.localhost")

A fault rule's answer (:mod:`fleetapi_mock.web.faults`) meets the client as it would over a
network: a delay is slept (past the request's read timeout, :class:`httpx.ReadTimeout` is
raised once the timeout has passed), and a dropped connection raises
:class:`httpx.RemoteProtocolError`.

A WebSocket upgrade (the event stream, ``event/subscription``) is the one request that needs a
connection: the transport serves its backend on a loopback port of this process the first time
one comes (:class:`~fleetapi_mock.web.server.ThreadedServer`, the same world) and hands the
upgrade to it, so that ``client.event.subscription`` works on a ``FleetMock`` client as on a
served mock.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

import anyio
import httpx

from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import Response, form_fields

if TYPE_CHECKING:
    from fleetapi_mock.web.server import ThreadedServer

__all__ = ["MockTransport"]


class MockTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """An httpx transport (sync and async) that answers from a backend in the same process.

    Args:
        backend: The backend to answer from.
        client: The client address the backend sees (rate limiting of anonymous calls).
    """

    def __init__(self, backend: Backend, *, client: str = "127.0.0.1") -> None:
        self.backend = backend
        self.client = client
        self._server: ThreadedServer | None = None
        self._server_lock = threading.Lock()

    def _upgraded(self, request: httpx.Request) -> httpx.Request | None:
        """``request`` addressed to the loopback server when it asks for a WebSocket (started
        on first use), else ``None``."""
        if request.headers.get("upgrade", "").lower() != "websocket":
            return None
        with self._server_lock:
            if self._server is None:
                from fleetapi_mock.web.mock import FleetMock
                from fleetapi_mock.web.server import ThreadedServer

                server = ThreadedServer(FleetMock.serving(self.backend))
                server.start()
                self._server = server
            server = self._server
        url = request.url.copy_with(scheme="http", host=server.host, port=server.port)
        return httpx.Request(
            request.method, url, headers=request.headers, extensions=request.extensions
        )

    def _answer(self, request: httpx.Request, body: bytes) -> Response:
        return self.backend.handle(
            request.method,
            request.url.path,
            form_fields(request.url.params.multi_items()),
            request.headers,
            body,
            client=self.client,
            scheme=request.url.scheme,
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        """Answer a request of a synchronous client."""
        upgrade = self._upgraded(request)
        if upgrade is not None:  # the connection becomes the WebSocket's: its own transport
            return httpx.HTTPTransport().handle_request(upgrade)
        response = self._answer(request, request.read())
        if response.delay:
            wait, timed_out = _wait(request, response.delay)
            time.sleep(wait)
            if timed_out:
                raise httpx.ReadTimeout("timed out", request=request)
        return _delivered(request, response)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Answer a request of an asynchronous client."""
        upgrade = self._upgraded(request)
        if upgrade is not None:
            return await httpx.AsyncHTTPTransport().handle_async_request(upgrade)
        response = self._answer(request, await request.aread())
        if response.delay:
            wait, timed_out = _wait(request, response.delay)
            await anyio.sleep(wait)
            if timed_out:
                raise httpx.ReadTimeout("timed out", request=request)
        return _delivered(request, response)

    def close(self) -> None:
        """A client of the transport closed (httpx closes the transport with it): stop the
        loopback server of WebSockets unless a stream is still open on it (another client's,
        on the same transport); :meth:`shutdown` stops it in any case."""
        self._stop(streams_too=False)

    async def aclose(self) -> None:
        """As :meth:`close`, for an asynchronous client."""
        self.close()

    def shutdown(self) -> None:
        """Stop the loopback server of WebSockets, if one started, and its open streams."""
        self._stop(streams_too=True)

    def _stop(self, *, streams_too: bool) -> None:
        with self._server_lock:
            server = self._server
            if server is None or (not streams_too and _streams_open(server)):
                return
            self._server = None
        server.stop()


def _wait(request: httpx.Request, delay: float) -> tuple[float, bool]:
    """How long to wait before answering, and whether the client's read timeout ends it."""
    timeouts = request.extensions.get("timeout", {})
    limit = timeouts.get("read") if isinstance(timeouts, dict) else None
    if isinstance(limit, (int, float)) and limit < delay:
        return float(limit), True
    return delay, False


def _delivered(request: httpx.Request, response: Response) -> httpx.Response:
    """The httpx response, or the exception of a dropped connection."""
    if response.drop:
        raise httpx.RemoteProtocolError(
            "Server disconnected without sending a response.", request=request
        )
    return httpx.Response(
        response.status, headers=response.headers, content=response.body, request=request
    )


def _streams_open(server: ThreadedServer) -> int:
    """The event streams open on ``server``."""
    return 0 if server.app is None else int(server.app.state.streams.open)
