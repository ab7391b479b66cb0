"""The event stream (``event/subscription``) of a served mock, as a program written against the
service's WebSocket pages uses it: the Atmosphere client's request or a plain WebSocket client
sending the documented ``subscribe`` frame."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from fleetapi_mock import FleetMock, ServerLimits
from fleetapi_mock.web.server import ThreadedServer
from fleetapi_mock.web.stream import WATCH_SECONDS, Hub

pytestmark = pytest.mark.e2e

ATMOSPHERE = (
    "?X-Atmosphere-tracking-id=0&X-Atmosphere-Framework=2.3.6-javascript"
    "&X-Atmosphere-Transport=websocket&Content-Type=application/json&X-atmo-protocol=true"
)
ALL = {"type": "all"}


@pytest.fixture(autouse=True)
def changes_alone_wake_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """No look at the world but when it changes: an event that arrives came from the change."""
    monkeypatch.setattr("fleetapi_mock.web.stream.IDLE_CHECK_SECONDS", 60.0)


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock(), limits=ServerLimits(stream_queue=8)) as served:
        yield served


@pytest.fixture
def world(server: ThreadedServer) -> Iterator[str]:
    """A fresh named world of the server for one test: its name."""
    name = f"stream-{id(object())}"
    yield name
    httpx.delete(f"{server.base_url}/__mock__/worlds/{name}")


def _login(server: ThreadedServer, world: str) -> str:
    answer = httpx.post(
        f"{server.base_url}/__world/{world}/user/auth", json={"login": "demo", "password": "demo"}
    )
    return str(answer.json()["hash"])


def _socket(server: ThreadedServer, world: str, query: str = "") -> ClientConnection:
    base = server.base_url.replace("http://", "ws://")
    return connect(f"{base}/__world/{world}/v2/event/subscription{query}", open_timeout=5)


def _next(ws: ClientConnection, timeout: float = 5.0) -> Any:
    """The next JSON frame (heartbeats skipped)."""
    while True:
        frame = ws.recv(timeout=timeout)
        if frame != "X":
            return json.loads(frame)


def _subscribe(ws: ClientConnection, hash_: str, *requests: dict[str, Any]) -> Any:
    ws.send(json.dumps({"action": "subscribe", "hash": hash_, "requests": list(requests)}))
    return _next(ws)


def _feed(server: ThreadedServer, world: str, tracker_id: int, **fields: Any) -> None:
    point = {"tracker_id": tracker_id, "lat": 52.5, "lng": 13.4, "speed": 50, **fields}
    answer = httpx.post(
        f"{server.base_url}/__world/{world}/__mock__/positions", json={"points": [point]}
    )
    assert answer.json()["success"], answer.text


def test_the_atmosphere_client_gets_the_protocol_frame_first(
    server: ThreadedServer, world: str
) -> None:
    with _socket(server, world, ATMOSPHERE) as ws:
        tracking_id, heartbeat, padding, rest = str(ws.recv(timeout=5)).split("|")
        assert len(tracking_id) == 36
        assert (heartbeat, padding, rest) == ("30000", "X", "")


def test_state_batch_answers_statuses_then_every_unblocked_state(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        response = _subscribe(ws, hash_, {"type": "state_batch", "target": ALL})
        assert response["type"] == "response"
        assert response["action"] == "subscription/subscribe"
        assert response["events"] == ["state_batch"]
        statuses = response["data"]["state_batch"]["value"]
        assert statuses["5"] == "blocked"
        assert statuses["1"] == "normal"
        first = _next(ws)
        assert first["type"] == "event"
        assert first["event"] == "state_batch"
        sources = {state["source_id"] for state in first["data"]}
        assert len(sources) == sum(s == "normal" for s in statuses.values())
        assert "inputs" in first["data"][0]  # the full format by default
        assert first["user_time"]


def test_a_fed_position_reaches_a_batch_subscriber_in_the_compact_format(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        _subscribe(
            ws,
            hash_,
            {"type": "state_batch", "target": {"type": "selected", "tracker_ids": [1, 2]},
             "rate_limit": "5s", "format": "compact"},
        )  # fmt: skip
        first = _next(ws)
        assert len(first["data"]) == 2
        assert "inputs" not in first["data"][0]
        _feed(server, world, 2, speed=77)
        change = _next(ws)  # the world's clock is frozen: at once, not after 5 s
        assert change["event"] == "state_batch"
        [state] = change["data"]
        assert state["gps"]["speed"] == 77
        assert set(state) <= {
            "source_id", "gps", "connection_status", "movement_status",
            "movement_status_update", "ignition", "ignition_update", "last_update",
        }  # fmt: skip


def test_a_request_that_changed_the_world_wakes_its_streams_at_once(
    server: ThreadedServer, world: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app nudges a world's hub when it has answered a request: with the hub's watch
    looking at nothing, the position fed over HTTP still reaches the subscriber."""

    async def blind(hub: Hub) -> None:
        while hub.streams:
            await asyncio.sleep(0.01)

    monkeypatch.setattr(Hub, "_watch", blind)
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        target = {"type": "selected", "tracker_ids": [1]}
        _subscribe(ws, hash_, {"type": "state_batch", "target": target})
        _next(ws)  # the first packet
        time.sleep(2 * WATCH_SECONDS)  # a nudge looks no sooner than a period after a look
        _feed(server, world, 1, speed=66)
        [state] = _next(ws, timeout=2)["data"]
        assert state["gps"]["speed"] == 66


def test_the_documented_readings_example_filters_by_sensor_type(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        response = _subscribe(
            ws,
            hash_,
            {"type": "readings_batch", "target": ALL, "rate_limit": "5s",
             "sensor_type": "temperature", "include_components": False},
        )  # fmt: skip
        assert response["events"] == ["readings_batch"]
        first = _next(ws)
        assert first["event"] == "readings_batch"
        [readings] = first["data"]
        assert [i["type"] for i in readings["1"]["inputs"]] == ["temperature"]
        assert readings["1"]["states"] == readings["1"]["counters"] == []  # left out by type


def test_state_sends_one_event_per_tracker_and_the_deprecated_form_works(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        ws.send(
            json.dumps(
                {"action": "subscribe", "hash": hash_, "trackers": [1, 2, 99], "events": ["state"]}
            )
        )
        response = _next(ws)
        assert response["data"]["state"]["value"] == {"1": "normal", "2": "normal", "99": "unknown"}
        firsts = [_next(ws), _next(ws)]
        assert [f["event"] for f in firsts] == ["state", "state"]
        assert all(isinstance(f["data"], dict) for f in firsts)
        _feed(server, world, 1, speed=12)
        change = _next(ws)
        assert change["event"] == "state"
        assert change["data"]["gps"]["speed"] == 12


def test_blocking_and_unblocking_a_tracker_are_lifecycle_events(server: ThreadedServer) -> None:
    world = server.world  # the server's own world, named "default"
    hash_ = _login(server, "default")
    with _socket(server, "default") as ws:
        _subscribe(ws, hash_, {"type": "state", "trackers": [2]})
        source = _next(ws)["data"]["source_id"]
        with world.lock:
            world.trackers.change(2, blocked=True)
        assert _next(ws)["data"] == {"source_id": source, "lifecycle_event": "block"}
        with world.lock:
            world.trackers.change(2, blocked=False)
        assert _next(ws)["data"] == {"source_id": source, "lifecycle_event": "unblock"}
        assert _next(ws)["event"] == "state"  # its state follows, as the docs promise


def test_logging_out_ends_the_subscriptions_with_a_logout_event(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        _subscribe(ws, hash_, {"type": "state_batch", "target": ALL})
        _next(ws)
        httpx.post(f"{server.base_url}/__world/{world}/user/logout", json={"hash": hash_})
        assert _next(ws) == {"type": "event", "event": "logout", "data": "session closed"}
        _feed(server, world, 1)
        with pytest.raises(TimeoutError):
            _next(ws, timeout=0.5)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"action": "subscribe", "hash": "short", "requests": []}, 3),
        ({"action": "subscribe", "hash": "0" * 32, "requests": []}, 4),
        ({"action": "subscribe", "requests": []}, 3),
    ],
)
def test_a_wrong_credential_is_an_error_frame(
    server: ThreadedServer, world: str, frame: dict[str, Any], code: int
) -> None:
    with _socket(server, world) as ws:
        ws.send(json.dumps(frame))
        error = _next(ws)
        assert error["type"] == "error"
        assert error["action"] == "subscription/subscribe"
        assert error["status"]["code"] == code


def test_an_invalid_request_names_the_parameter(server: ThreadedServer, world: str) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        error = _subscribe(ws, hash_, {"type": "state_batch", "target": {"type": "some"}})
        assert error["status"]["code"] == 7
        assert error["errors"][0]["parameter"].startswith("requests")
        ws.send("not json")
        assert _next(ws)["status"]["code"] == 5


def test_worlds_do_not_see_each_others_changes(server: ThreadedServer, world: str) -> None:
    hash_ = _login(server, world)
    other = f"{world}-other"
    try:
        with _socket(server, world) as ws:
            _subscribe(ws, hash_, {"type": "state", "trackers": [1]})
            _next(ws)
            _feed(server, other, 1, speed=99)
            with pytest.raises(TimeoutError):
                _next(ws, timeout=0.5)
    finally:
        httpx.delete(f"{server.base_url}/__mock__/worlds/{other}")


def test_the_world_header_names_the_world_of_a_socket(server: ThreadedServer, world: str) -> None:
    hash_ = _login(server, world)
    base = server.base_url.replace("http://", "ws://")
    with connect(
        f"{base}/event/subscription", additional_headers={"X-Mock-World": world}, open_timeout=5
    ) as ws:
        response = _subscribe(ws, hash_, {"type": "state", "trackers": [1]})
        assert response["type"] == "response"  # the session is the named world's


def test_unsubscribing_stops_the_events(server: ThreadedServer, world: str) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        _subscribe(ws, hash_, {"type": "state", "trackers": [1]})
        _next(ws)
        ws.send(
            json.dumps(
                {
                    "action": "unsubscribe",
                    "hash": hash_,
                    "requests": [{"type": "state", "trackers": [1]}],
                }
            )
        )
        assert _next(ws)["action"] == "subscription/unsubscribe"
        _feed(server, world, 1)
        with pytest.raises(TimeoutError):
            _next(ws, timeout=0.5)


def test_another_path_is_not_upgraded(server: ThreadedServer) -> None:
    base = server.base_url.replace("http://", "ws://")
    with pytest.raises(InvalidStatus):
        connect(f"{base}/tracker/list", open_timeout=5)


def test_a_reader_that_never_reads_does_not_hold_up_the_server(
    server: ThreadedServer, world: str
) -> None:
    hash_ = _login(server, world)
    base = server.base_url.replace("http://", "ws://")
    # the client buffers one frame, then leaves the rest in the socket: the server must queue
    with connect(f"{base}/__world/{world}/event/subscription", max_queue=1) as ws:
        _subscribe(ws, hash_, {"type": "state", "trackers": [1]})
        with httpx.Client() as http:
            for speed in range(50):  # more events than the stream keeps for it
                point = {"tracker_id": 1, "lat": 52.5, "lng": 13.4, "speed": speed}
                http.post(
                    f"{server.base_url}/__world/{world}/__mock__/positions",
                    json={"points": [point]},
                )
            answer = http.get(f"{server.base_url}/__mock__/worlds", timeout=2)
            assert answer.status_code == 200
        speeds = []
        while True:
            try:
                frame = _next(ws, timeout=1)
            except TimeoutError:
                break
            if frame.get("event") == "state":
                speeds.append(frame["data"]["gps"]["speed"])
        assert speeds[-1] == 49  # the newest is never the one dropped


@pytest.mark.parametrize(
    "frame",
    ["[" * 100_000, '{"action": "subscribe", "hash": ' + "[" * 5000 + "]" * 5000 + "}", "\x00"],
)
def test_hostile_frames_get_an_error_and_the_stream_goes_on(
    server: ThreadedServer, world: str, frame: str
) -> None:
    hash_ = _login(server, world)
    with _socket(server, world) as ws:
        ws.send(frame)
        error = _next(ws)
        assert error["type"] == "error"
        assert error["status"]["code"] in (3, 5, 7)
        assert _subscribe(ws, hash_, {"type": "state", "trackers": [1]})["type"] == "response"


def test_a_stream_outlives_the_read_timeout() -> None:
    """The read timeout bounds how a request arrives, not how long a WebSocket stays open: a
    stream quiet for longer than it still subscribes and gets its events."""
    limits = ServerLimits(read_timeout=0.5)
    with ThreadedServer(FleetMock(), limits=limits) as served:
        hash_ = _login(served, "quiet")
        with _socket(served, "quiet") as ws:
            time.sleep(1.5)
            response = _subscribe(ws, hash_, {"type": "state_batch", "target": ALL})
            assert response["type"] == "response"
            assert _next(ws)["event"] == "state_batch"
