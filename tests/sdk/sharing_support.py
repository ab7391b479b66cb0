"""Run the sharing slice's SDK tests with both clients: :class:`Client` and :class:`AsyncClient`.

The ``sdk`` fixture of those tests is parametrized over ``sync`` and ``async``; the async
client is driven through :class:`Blocking`, which runs each coroutine method to completion, so
that one test body checks both clients.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import anyio
import pytest

from fleetapi_mock import FleetMock


class Blocking:
    """Wraps an :class:`~fleetapi.AsyncClient` (or one of its resources): coroutine methods
    become plain calls, each run in its own event loop."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if inspect.iscoroutinefunction(value):

            @functools.wraps(value)
            def call(*args: Any, **kwargs: Any) -> Any:
                return anyio.run(functools.partial(value, *args, **kwargs))

            return call
        if hasattr(value, "_client"):
            return Blocking(value)
        return value


Connect = Callable[..., Any]
"""``connect(login="demo")``: an SDK client of the test's kind, logged in as ``login``."""


@pytest.fixture(params=["sync", "async"])
def connect(request: pytest.FixtureRequest, fleet_mock: FleetMock) -> Iterator[Connect]:
    """Log in users with the client kind of the test's parameter (closed at the end)."""
    opened: list[Any] = []

    def login(login: str = "demo") -> Any:
        hash_ = fleet_mock.session(login)
        if request.param == "sync":
            client = fleet_mock.client(hash_)
            opened.append(client.close)
            return client
        async_client = fleet_mock.async_client(hash_)
        opened.append(lambda: anyio.run(async_client.aclose))
        return Blocking(async_client)

    yield login
    for close in opened:
        close()


@pytest.fixture
def sdk(connect: Connect) -> Any:
    """The demo master user's client, sync or async."""
    return connect()
