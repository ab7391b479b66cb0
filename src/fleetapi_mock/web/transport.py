"""An in-process httpx transport onto a :class:`~fleetapi_mock.web.router.Backend` (no sockets).

One transport object serves both ``httpx.Client`` and ``httpx.AsyncClient``::

    transport = MockTransport(backend)
    httpx.Client(transport=transport, base_url="http://fleet.localhost")
    httpx.AsyncClient(transport=transport, base_url="http://fleet.localhost")

A fault rule's answer (:mod:`fleetapi_mock.web.faults`) meets the client as it would over a
network: a delay is slept (past the request's read timeout, :class:`httpx.ReadTimeout` is
raised once the timeout has passed), and a dropped connection raises
:class:`httpx.RemoteProtocolError`.
"""

from __future__ import annotations

import time

import anyio
import httpx

from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import Response, form_fields

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
        response = self._answer(request, request.read())
        if response.delay:
            wait, timed_out = _wait(request, response.delay)
            time.sleep(wait)
            if timed_out:
                raise httpx.ReadTimeout("timed out", request=request)
        return _delivered(request, response)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Answer a request of an asynchronous client."""
        response = self._answer(request, await request.aread())
        if response.delay:
            wait, timed_out = _wait(request, response.delay)
            await anyio.sleep(wait)
            if timed_out:
                raise httpx.ReadTimeout("timed out", request=request)
        return _delivered(request, response)

    def close(self) -> None:
        """Nothing to release."""

    async def aclose(self) -> None:
        """Nothing to release."""


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
