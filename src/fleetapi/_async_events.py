"""The event stream of a client (``client.event.subscription``). ``_events.py`` is generated
from this file by scripts/generate.py."""

from __future__ import annotations

import contextlib
import datetime as dt
import queue
import time
from collections.abc import AsyncIterator
from types import TracebackType
from typing import TYPE_CHECKING, Any, cast

import httpx

from fleetapi._core import UNENVELOPED, ClientConfig, encode_params, read_response
from fleetapi._endpoint import Endpoint
from fleetapi._errors import FleetApiError, FleetConnectionError
from fleetapi._retry import answer_failure
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
        self._datetimes: dict[str, dt.datetime] = {}
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
        return await self.receive()  # without a timeout: an event, or an exception

    async def receive(self, timeout: float | None = None) -> Any:
        """The next event; ``None`` when none came within ``timeout`` seconds of the socket
        being open (``None``: wait as long as it takes)."""
        from httpx_ws import HTTPXWSException, WebSocketUpgradeError

        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                socket = self._socket or await self._open()
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return None
                text = await socket.receive_text(left)
            except (TimeoutError, queue.Empty):
                return None
            except WebSocketUpgradeError as exc:
                await self._refused(exc.response)
                continue
            except (HTTPXWSException, httpx.TransportError) as exc:
                await self._after_failure(exc)
                continue
            iso = self._config.iso_datetime
            event = read_frame(self._endpoint, text, iso=iso, datetimes=self._datetimes)
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
        from wsproto.utilities import LocalProtocolError

        url = stream_url(self._config.base_url, self._endpoint)
        http = cast("httpx.AsyncClient", _ReadingRefusals(self._http))
        opened: AbstractAsyncContextManager[AsyncWebSocketSession] = aconnect_ws(
            url, http, keepalive_ping_interval_seconds=None
        )
        socket = await opened.__aenter__()
        self._opened, self._socket = opened, socket
        with contextlib.suppress(LocalProtocolError):  # the server is closing it already:
            await socket.send_text(self._frame)  # what it said before the close is read next
        return socket

    async def _refused(self, response: httpx.Response) -> None:
        """A server that answered the upgrade without upgrading: the exception of the
        answer's code, unless the retry rule repeats it (opening a stream is safe to repeat:
        a 5xx, code 15 or HTTP 429), after its back-off."""
        self._failures += 1
        path = self._endpoint.path
        try:
            read_response(path, response.status_code, response.headers, response.content)
        except FleetApiError as exc:
            enveloped = not isinstance(exc, UNENVELOPED)
            failure = answer_failure(response.status_code, exc.code, enveloped=enveloped)
            if not self._config.retry.should_retry(self._failures, failure, safe=True):
                raise
            await sleep(self._config.retry.delay(self._failures, exc.retry_after))
            return
        raise FleetConnectionError(
            f"GET {path}: HTTP {response.status_code} to the upgrade, not a WebSocket"
        )

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


class _ReadingRefusals:
    """An httpx client, as the WebSocket library uses it, that reads the body of an answer
    refusing the upgrade before it is closed (so that its envelope can be told)."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self._http = http

    @contextlib.asynccontextmanager
    async def stream(self, *args: Any, **kwargs: Any) -> AsyncIterator[httpx.Response]:
        """``httpx.AsyncClient.stream``, the body read when the status is not 101."""
        async with self._http.stream(*args, **kwargs) as response:
            if response.status_code != 101:
                await response.aread()
            yield response
