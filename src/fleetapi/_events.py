"""The event stream of a client (``client.event.subscription``).

Generated from ``_async_events.py`` by scripts/generate.py: do not edit.
"""

from __future__ import annotations

import contextlib
from types import TracebackType
from typing import TYPE_CHECKING, Any

import httpx

from fleetapi._core import ClientConfig, encode_params
from fleetapi._endpoint import Endpoint
from fleetapi._errors import FleetConnectionError
from fleetapi._sleep import sync_sleep as sleep
from fleetapi._stream import read_frame, stream_url, subscribe_frame

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from httpx_ws import WebSocketSession

__all__ = ["EventStream"]


class EventStream:
    """The events of a subscription as they come, typed (``StateBatchEvent``...)::

        with client.event.subscription(requests=[...]) as events:
            for event in events:
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
        http: httpx.Client,
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
        self._opened: AbstractContextManager[WebSocketSession] | None = None
        self._socket: WebSocketSession | None = None
        self._failures = 0

    def __enter__(self) -> EventStream:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __iter__(self) -> EventStream:
        return self

    def __next__(self) -> Any:
        """The next event (heartbeats and responses are not events)."""
        from httpx_ws import HTTPXWSException

        while True:
            try:
                socket = self._socket or self._open()
                text = socket.receive_text()
            except (HTTPXWSException, httpx.TransportError) as exc:
                self._after_failure(exc)
                continue
            event = read_frame(self._endpoint, text, iso=self._config.iso_datetime)
            if event is not None:
                self._failures = 0
                return event

    def close(self) -> None:
        """Close the socket (the service ends the subscriptions with it)."""
        opened, self._opened, self._socket = self._opened, None, None
        if opened is not None:
            opened.__exit__(None, None, None)

    def _open(self) -> WebSocketSession:
        from httpx_ws import connect_ws

        url = stream_url(self._config.base_url, self._endpoint)
        opened: AbstractContextManager[WebSocketSession] = connect_ws(
            url, self._http, keepalive_ping_interval_seconds=None
        )
        socket = opened.__enter__()
        self._opened, self._socket = opened, socket
        socket.send_text(self._frame)
        return socket

    def _after_failure(self, exc: Exception) -> None:
        from httpx_ws import HTTPXWSException

        opened, self._opened, self._socket = self._opened, None, None
        if opened is not None:
            with contextlib.suppress(HTTPXWSException, httpx.TransportError):
                opened.__exit__(None, None, None)
        self._failures += 1
        if self._failures > self._config.retry.max_retries:
            raise FleetConnectionError(
                f"GET {self._endpoint.path}: the event stream failed ({type(exc).__name__})"
            ) from None
        sleep(self._config.retry.delay(self._failures))
