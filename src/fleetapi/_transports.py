"""The HTTP transports of the clients: an httpx transport, or for the
:class:`~fleetapi.AsyncClient` the name ``"aiohttp"``."""

from __future__ import annotations

from typing import Literal, TypeAlias

import httpx

__all__ = ["AsyncTransport", "Transport", "async_transport", "sync_transport"]

Transport: TypeAlias = httpx.BaseTransport
"""What a :class:`~fleetapi.Client` takes as ``transport``: an httpx transport."""

AsyncTransport: TypeAlias = httpx.AsyncBaseTransport | Literal["aiohttp"]
"""What an :class:`~fleetapi.AsyncClient` takes as ``transport``: an httpx transport, or
``"aiohttp"`` for aiohttp's connection pool (the ``fleetapi[aiohttp]`` extra), much faster
than httpx's own under many concurrent calls."""

AIOHTTP_MISSING = 'transport="aiohttp" needs the aiohttp extra: pip install "fleetapi[aiohttp]"'


def sync_transport(transport: Transport | None) -> httpx.BaseTransport | None:
    """The httpx transport of a :class:`~fleetapi.Client` (the one given)."""
    return transport


def async_transport(transport: AsyncTransport | None) -> httpx.AsyncBaseTransport | None:
    """The httpx transport of an :class:`~fleetapi.AsyncClient`: ``"aiohttp"`` is an httpx
    transport over aiohttp's pool (httpx-aiohttp), whose exceptions arrive as httpx's, so
    retries and errors behave as with httpx's own."""
    if transport != "aiohttp":
        return transport
    try:
        from httpx_aiohttp import AiohttpTransport
    except ImportError:
        raise ImportError(AIOHTTP_MISSING) from None
    return AiohttpTransport()
