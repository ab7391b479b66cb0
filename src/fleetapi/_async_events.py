"""The event stream of a client (``client.event.subscription``). ``_events.py`` is generated
from this file by scripts/generate.py."""

from __future__ import annotations

import contextlib
from types import TracebackType
from typing import TYPE_CHECKING, Any

import httpx

from fleetapi._core import ClientConfig, encode_params
from fleetapi._endpoint import Endpoint
from fleetapi._errors import FleetConnectionError
from fleetapi._sleep import async_sleep as sleep
from fleetapi._stream import read_frame, stream_url, subscribe_frame

if TYPE_CHECKING:
    from contextlib import AbstractAsyncContextManager

    from httpx_ws import AsyncWebSocketSession

__all__ = ["AsyncEventStream"]


class AsyncEventStream:
    """The events of a subscription as they come, typed (``StateBatchEvent``...)::

        async with client.event.subscription(requests=[...]) as events:
            async for event in events:
                ...

    The socket opens at the first event asked for and closes with the ``async with``. A
    dropped connection is opened and subscribed again after the back-off of the client's
    retry policy, as the service's Atmosphere client does; more failures in a row than
    ``max_retries`` raise :class:`~fleetapi.FleetConnectionError`. An error frame raises the
    exception class of its code; a ``logout`` event raises
    :class:`~fleetapi.SessionNotFoundError` (the subscriptions ended with the session).
    """

    def __init__(
        self,
        http: httpx.AsyncClient,
        config: ClientConfig,
        endpoint: Endpoint,
        params: Any,
        *,
        credential: str | None,
    ) -> None:
        self._http = http
        self._config = config
        self._endpoint = endpoint
        self._frame = subscribe_frame(credential, encode_params(params, iso=config.iso_datetime))
        self._opened: AbstractAsyncContextManager[AsyncWebSocketSession] | None = None
        self._socket: AsyncWebSocketSession | None = None
        self._failures = 0

    async def __aenter__(self) -> AsyncEventStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __aiter__(self) -> AsyncEventStream:
        return self

    async def __anext__(self) -> Any:
        """The next event (heartbeats and responses are not events)."""
        from httpx_ws import HTTPXWSException

        while True:
            try:
                socket = self._socket or await self._open()
                text = await socket.receive_text()
            except (HTTPXWSException, httpx.TransportError) as exc:
                await self._after_failure(exc)
                continue
            event = read_frame(self._endpoint, text, iso=self._config.iso_datetime)
            if event is not None:
                self._failures = 0
                return event

    async def aclose(self) -> None:
        """Close the socket (the service ends the subscriptions with it)."""
        opened, self._opened, self._socket = self._opened, None, None
        if opened is not None:
            await opened.__aexit__(None, None, None)

    async def _open(self) -> AsyncWebSocketSession:
        from httpx_ws import aconnect_ws

        url = stream_url(self._config.base_url, self._endpoint)
        opened: AbstractAsyncContextManager[AsyncWebSocketSession] = aconnect_ws(
            url, self._http, keepalive_ping_interval_seconds=None
        )
        socket = await opened.__aenter__()
        self._opened, self._socket = opened, socket
        await socket.send_text(self._frame)
        return socket

    async def _after_failure(self, exc: Exception) -> None:
        from httpx_ws import HTTPXWSException

        opened, self._opened, self._socket = self._opened, None, None
        if opened is not None:
            with contextlib.suppress(HTTPXWSException, httpx.TransportError):
                await opened.__aexit__(None, None, None)
        self._failures += 1
        if self._failures > self._config.retry.max_retries:
            raise FleetConnectionError(
                f"GET {self._endpoint.path}: the event stream failed ({type(exc).__name__})"
            ) from None
        await sleep(self._config.retry.delay(self._failures))
