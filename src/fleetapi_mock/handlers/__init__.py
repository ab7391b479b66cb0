"""Handlers of the mock: one function per call, registered against the call table.

A handler takes the request :class:`~fleetapi_mock.domain.context.Context` and the validated
params model of its endpoint, and returns the call's result (what the endpoint's ``Result``
describes) or raises a :class:`~fleetapi.FleetApiError` subclass. The router does everything
else: routing, credentials, access levels and rights, validation, the envelope, HTTP statuses.
Handlers run with the world's lock held.

Each module is named after the module of :mod:`fleetapi.endpoints` declaring its calls
(``handlers/zone`` for ``endpoints/zone.py``); an area that outgrows one file becomes a package
of that name (``handlers/task/listing.py``), never a sibling with a new name. Add a group by
dropping a module in this package::

    from fleetapi.endpoints.garage import GARAGE_LIST
    from fleetapi_mock.domain.context import Context
    from fleetapi_mock.handlers import handles

    @handles(GARAGE_LIST)
    def garage_list(ctx: Context, params: NoParams) -> list[Garage]:
        ...

Every module of the package, in its subpackages too, is imported by :func:`load_handlers`.
Calls of the table without a handler answer code 6 with HTTP 501
(:func:`unimplemented_paths`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any, TypeVar

from fleetapi._endpoint import Endpoint
from fleetapi.endpoints import ENDPOINTS
from fleetapi_mock.domain.context import Context

__all__ = ["HANDLERS", "Handler", "handles", "load_handlers", "unimplemented_paths"]

Handler = Callable[[Context, Any], Any]
"""``handler(ctx, params) -> result``."""

HANDLERS: dict[str, Handler] = {}
"""Registered handlers by the endpoint's main path."""

_F = TypeVar("_F", bound=Callable[..., Any])


def handles(endpoint: Endpoint) -> Callable[[_F], _F]:
    """Register the decorated function as the handler of ``endpoint`` (and its aliases)."""

    def register(function: _F) -> _F:
        if endpoint.path in HANDLERS and HANDLERS[endpoint.path] is not function:
            raise ValueError(f"{endpoint.path} already has a handler")
        HANDLERS[endpoint.path] = function
        return function

    return register


_loaded = False


def load_handlers() -> dict[str, Handler]:
    """Import every handler module of this package once; return the registry."""
    global _loaded
    if not _loaded:
        for module in pkgutil.walk_packages(__path__, f"{__name__}."):
            importlib.import_module(module.name)
        _loaded = True
    return HANDLERS


def unimplemented_paths() -> frozenset[str]:
    """The paths of the call table that have no handler yet (they answer HTTP 501)."""
    registered = load_handlers()
    return frozenset(e.path for e in ENDPOINTS if e.path not in registered)
