"""A behaviour-complete in-memory stand-in for the fleet API.

>>> from fleetapi_mock import FleetMock
>>> mock = FleetMock()                      # the demo world, in this process
>>> client = mock.login("demo", "demo")     # a fleetapi.Client over the in-process transport
>>> [t.label for t in client.trackers.list()]

The same :class:`~fleetapi_mock.router.Backend` is reached through an in-process httpx
transport (:attr:`FleetMock.transport`), an ASGI app (:func:`create_app`), ``fleet mock serve``
(:func:`run`) and :class:`ThreadedServer` for tests that need a real port. Names are imported on
first use, so ``import fleetapi_mock`` pulls in neither Starlette nor uvicorn.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fleetapi_mock.app import create_app
    from fleetapi_mock.mock import DEMO_API_KEY, FleetMock, load_world
    from fleetapi_mock.router import Backend
    from fleetapi_mock.server import ThreadedServer, run
    from fleetapi_mock.transport import MockTransport
    from fleetapi_mock.world import Clock, World, WorldDocumentError, demo_document, demo_world

__all__ = [
    "DEMO_API_KEY",
    "Backend",
    "Clock",
    "FleetMock",
    "MockTransport",
    "ThreadedServer",
    "World",
    "WorldDocumentError",
    "create_app",
    "demo_document",
    "demo_world",
    "load_world",
    "run",
]

_WHERE = {
    "DEMO_API_KEY": "mock",
    "FleetMock": "mock",
    "load_world": "mock",
    "Backend": "router",
    "MockTransport": "transport",
    "ThreadedServer": "server",
    "run": "server",
    "create_app": "app",
    "Clock": "world",
    "World": "world",
    "WorldDocumentError": "world",
    "demo_document": "world",
    "demo_world": "world",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'fleetapi_mock' has no attribute {name!r}")
    return getattr(importlib.import_module(f"fleetapi_mock.{module}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
