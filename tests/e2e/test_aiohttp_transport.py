"""``AsyncClient(transport="aiohttp")``: the same calls and errors over aiohttp's pool."""

from __future__ import annotations

import sys

import pytest

from fleetapi import AsyncClient, EntityNotFoundError
from fleetapi_mock import DEMO_API_KEY, ThreadedServer

pytestmark = [pytest.mark.e2e, pytest.mark.anyio]


async def test_calls_and_errors_travel_over_aiohttp():
    with ThreadedServer() as server:
        async with AsyncClient(
            base_url=server.base_url, api_key=DEMO_API_KEY, transport="aiohttp"
        ) as client:
            assert type(client._http._transport).__name__ == "AiohttpTransport"
            trackers = await client.tracker.list()
            assert [t.id for t in trackers][:3] == [1, 2, 3]
            with pytest.raises(EntityNotFoundError):
                await client.tracker.read(tracker_id=999)


def test_without_the_extra_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "httpx_aiohttp", None)
    with pytest.raises(ImportError, match=r'pip install "fleetapi\[aiohttp\]"'):
        AsyncClient(base_url="http://127.0.0.1:1", api_key="k", transport="aiohttp")
