"""The event stream under load: a thousand subscribers on one world, clients that vanish
mid-stream, the server still answering HTTP calls all along."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from fleetapi_mock import FleetMock
from fleetapi_mock.web.server import ThreadedServer

pytestmark = pytest.mark.e2e

SUBSCRIBERS = 1000


@pytest.fixture
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock()) as served:
        yield served


def _subscribe_frame(hash_: str) -> str:
    request = {"type": "state", "trackers": [1]}
    return json.dumps({"action": "subscribe", "hash": hash_, "requests": [request]})


async def _frame(ws: ClientConnection) -> dict[str, object]:
    while True:
        text = await asyncio.wait_for(ws.recv(), timeout=60)
        if text != "X":
            return dict(json.loads(text))


def test_a_thousand_subscribers_on_one_world_each_get_the_change(server: ThreadedServer) -> None:
    hash_ = server.mock.session("demo")
    url = server.base_url.replace("http://", "ws://") + "/event/subscription"

    async def main() -> tuple[int, float]:
        sockets = [await connect(url, open_timeout=60) for _ in range(SUBSCRIBERS)]
        try:
            for ws in sockets:
                await ws.send(_subscribe_frame(hash_))
            for ws in sockets:
                assert (await _frame(ws))["type"] == "response"
                assert (await _frame(ws))["event"] == "state"
            async with httpx.AsyncClient() as http:
                started = time.monotonic()
                answer = await http.get(f"{server.base_url}/__mock__/worlds", timeout=10)
                answered = time.monotonic() - started
                assert answer.status_code == 200
                point = {"tracker_id": 1, "lat": 52.5, "lng": 13.4, "speed": 88}
                await http.post(f"{server.base_url}/__mock__/positions", json={"points": [point]})
            got = 0
            for ws in sockets:
                frame = await _frame(ws)
                data = frame["data"]
                got += frame["event"] == "state" and data["gps"]["speed"] == 88  # type: ignore[index]
            return got, answered
        finally:
            await asyncio.gather(*(ws.close() for ws in sockets))

    got, answered = asyncio.run(main())
    assert got == SUBSCRIBERS
    assert answered < 10  # answered at all while a thousand streams are open


def test_clients_that_vanish_mid_stream_are_cleaned_up(server: ThreadedServer) -> None:
    host, port = "127.0.0.1", server.port
    for _ in range(20):  # each opens, subscribes, and drops its TCP connection unannounced
        raw = socket.create_connection((host, port), timeout=5)
        raw.sendall(
            b"GET /event/subscription HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )
        assert b"101" in raw.recv(4096).split(b"\r\n")[0]
        raw.close()
    assert server.app is not None
    streams = server.app.state.streams
    deadline = time.monotonic() + 10
    while streams.open and time.monotonic() < deadline:
        time.sleep(0.05)
    assert streams.open == 0
    answer = httpx.post(f"{server.base_url}/user/auth", json={"login": "demo", "password": "demo"})
    assert answer.json()["success"] is True


def test_stopping_the_server_closes_its_streams_within_the_graceful_timeout() -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect as connect_sync

    from fleetapi_mock.web.server import DEFAULT_SHUTDOWN_TIMEOUT

    server = ThreadedServer(FleetMock())
    server.start()
    hash_ = server.mock.session("demo")
    url = server.base_url.replace("http://", "ws://") + "/event/subscription"
    with connect_sync(url) as ws:
        ws.send(_subscribe_frame(hash_))
        ws.recv(timeout=5)
        started = time.monotonic()
        server.stop()
        assert time.monotonic() - started < DEFAULT_SHUTDOWN_TIMEOUT
        with pytest.raises(ConnectionClosed):
            _drain(ws)


def _drain(ws: Any) -> None:
    """Read frames until the connection closes (heartbeats and events left unread)."""
    while True:
        ws.recv(timeout=5)
