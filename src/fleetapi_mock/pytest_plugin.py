"""pytest fixtures for testing code against the mock (registered as a ``pytest11`` plugin).

* ``fleet_mock``: a fresh :class:`~fleetapi_mock.FleetMock` (demo world, frozen clock, no rate
  limit) for each test;
* ``fleet_client`` / ``fleet_async_client``: SDK clients logged in as the demo master user
  (``demo``/``demo``) through the in-process transport of ``fleet_mock``;
* ``fleet_server``: a world of its own for each test on a mock served over real HTTP
  (``.base_url``, which names the world, ``.mock``, ``.world``, ``.headers``); the server,
  ``fleet_shared_server``, is started once per session (per worker under pytest-xdist) on a
  free loopback port.

Nothing heavy is imported until a fixture is used.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from fleetapi import AsyncClient, Client
    from fleetapi_mock.web.mock import FleetMock
    from fleetapi_mock.web.server import ThreadedServer, WorldServer

_worlds = itertools.count(1)


def _mock_extra() -> None:
    """Fail the test with what to install when the mock's extra is missing (its fixtures
    import the mock on first use)."""
    try:
        import fleetapi_mock.web.server  # noqa: F401 - the server and what it needs
        from fleetapi_mock.handlers import load_handlers

        load_handlers()  # every call's handler, and what they need
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in ("", "fleetapi", "fleetapi_mock"):
            raise
    else:
        return
    pytest.fail(
        f"fleetapi's fixtures need the mock's extra: pip install 'fleetapi[mock]' ({missing} "
        "is missing)",
        pytrace=False,
    )


@pytest.fixture
def fleet_mock() -> Iterator[FleetMock]:
    """A fresh in-process mock with the demo world, for one test (the loopback server of its
    event streams, if a test opened one, stops after it)."""
    _mock_extra()
    from fleetapi_mock.web.mock import FleetMock

    mock = FleetMock()
    yield mock
    mock.transport.shutdown()


@pytest.fixture
def fleet_client(fleet_mock: FleetMock) -> Iterator[Client]:
    """A :class:`fleetapi.Client` logged in as ``demo`` on :func:`fleet_mock`."""
    client = fleet_mock.login("demo", "demo")
    with client:
        yield client


@pytest.fixture
def fleet_async_client(fleet_mock: FleetMock) -> Iterator[AsyncClient]:
    """A :class:`fleetapi.AsyncClient` logged in as ``demo`` on :func:`fleet_mock`.

    The session is opened through ``user/auth`` over the in-process transport, so the
    fixture works in synchronous and asynchronous tests alike.
    """
    import anyio
    import httpx

    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        answer = http.post("/user/auth", json={"login": "demo", "password": "demo"}).json()
    client = fleet_mock.async_client(answer["hash"])
    yield client
    anyio.run(client.aclose)


@pytest.fixture(scope="session")
def fleet_shared_server() -> Iterator[ThreadedServer]:
    """The demo world served over HTTP on a free loopback port, once per session."""
    _mock_extra()
    from fleetapi_mock.web.server import ThreadedServer

    with ThreadedServer() as server:
        yield server


@pytest.fixture
def fleet_server(
    fleet_shared_server: ThreadedServer, request: pytest.FixtureRequest
) -> Iterator[WorldServer]:
    """A fresh demo world of its own for one test, on :func:`fleet_shared_server`."""
    digest = hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:12]
    world = fleet_shared_server.world_server(f"test-{next(_worlds)}-{digest}")
    yield world
    world.close()
