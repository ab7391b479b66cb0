"""Optional HTTP transports of the :class:`~fleetapi.AsyncClient`."""

from __future__ import annotations

import httpx

__all__ = ["aiohttp_transport"]

AIOHTTP_MISSING = 'transport="aiohttp" needs the aiohttp extra: pip install "fleetapi[aiohttp]"'


def aiohttp_transport() -> httpx.AsyncBaseTransport:
    """An httpx transport over aiohttp's connection pool (httpx-aiohttp): aiohttp's
    exceptions arrive as httpx's, so retries and errors behave as with httpx's own."""
    try:
        from httpx_aiohttp import AiohttpTransport
    except ImportError:
        raise ImportError(AIOHTTP_MISSING) from None
    return AiohttpTransport()
