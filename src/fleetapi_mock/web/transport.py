"""An in-process httpx transport onto a :class:`~fleetapi_mock.web.router.Backend` (no sockets).

One transport object serves both ``httpx.Client`` and ``httpx.AsyncClient``::

    transport = MockTransport(backend)
    httpx.Client(transport=transport, base_url="http://fleet.localhost")
    httpx.AsyncClient(transport=transport, base_url="http://fleet.localhost")
"""

from __future__ import annotations

import httpx

from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import form_fields

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

    def _answer(self, request: httpx.Request, body: bytes) -> httpx.Response:
        response = self.backend.handle(
            request.method,
            request.url.path,
            form_fields(request.url.params.multi_items()),
            request.headers,
            body,
            client=self.client,
            scheme=request.url.scheme,
        )
        return httpx.Response(
            response.status, headers=response.headers, content=response.body, request=request
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        """Answer a request of a synchronous client."""
        return self._answer(request, request.read())

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Answer a request of an asynchronous client."""
        return self._answer(request, await request.aread())

    def close(self) -> None:
        """Nothing to release."""

    async def aclose(self) -> None:
        """Nothing to release."""
