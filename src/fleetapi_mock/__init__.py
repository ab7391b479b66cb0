"""A behaviour-complete in-memory stand-in for the fleet API.

Examples:
    >>> from fleetapi_mock import FleetMock
    >>> mock = FleetMock()                      # the demo world, in this process
    >>> client = mock.login("demo", "demo")     # a fleetapi.Client over the in-process transport
    >>> [t.label for t in client.trackers.list()]

The same :class:`~fleetapi_mock.web.router.Backend` is reached through an in-process httpx
transport (:attr:`FleetMock.transport`), an ASGI app (:func:`create_app`), ``fleet mock serve``
(:func:`run`) and :class:`ThreadedServer` for tests that need a real port. Names are imported on
first use, so ``import fleetapi_mock`` pulls in neither Starlette nor uvicorn.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fleetapi_mock.state.clock import Clock
    from fleetapi_mock.state.limits import ServerLimits
    from fleetapi_mock.state.world import (
        World,
        WorldDocumentError,
        demo_document,
        demo_world,
    )
    from fleetapi_mock.web.app import create_app
    from fleetapi_mock.web.control.client import MockControl
    from fleetapi_mock.web.mock import DEMO_API_KEY, FleetMock, load_world
    from fleetapi_mock.web.router import Backend
    from fleetapi_mock.web.server import ThreadedServer, run
    from fleetapi_mock.web.transport import MockTransport

__all__ = [
    "DEMO_API_KEY",
    "LAYERS",
    "Backend",
    "Clock",
    "FleetMock",
    "MockControl",
    "MockTransport",
    "ServerLimits",
    "ThreadedServer",
    "World",
    "WorldDocumentError",
    "create_app",
    "demo_document",
    "demo_world",
    "load_world",
    "run",
]

LAYERS: tuple[tuple[str, str], ...] = (
    ("fleetapi_mock", "Entry points"),
    ("fleetapi_mock.web", "Doors and HTTP"),
    ("fleetapi_mock.snapshot", "Snapshots of real accounts"),
    ("fleetapi_mock.handlers", "Handlers"),
    ("fleetapi_mock.domain", "Domain"),
    ("fleetapi_mock.state", "State"),
)
"""The packages of the mock from the top down: a module imports modules of its own layer or
of the layers below it, never above (``tests/unit/test_mock_structure.py`` holds the code to
it). A request flows down: the doors hand it to the router, the router to a handler, the
handler works with the domain pieces, and everything reads and writes the state."""

_WHERE = {
    "DEMO_API_KEY": "web.mock",
    "FleetMock": "web.mock",
    "load_world": "web.mock",
    "Backend": "web.router",
    "MockControl": "web.control.client",
    "MockTransport": "web.transport",
    "ThreadedServer": "web.server",
    "ServerLimits": "state.limits",
    "run": "web.server",
    "create_app": "web.app",
    "Clock": "state.clock",
    "World": "state.world",
    "WorldDocumentError": "state.world",
    "demo_document": "state.world",
    "demo_world": "state.world",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'fleetapi_mock' has no attribute {name!r}")
    return getattr(importlib.import_module(f"fleetapi_mock.{module}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
