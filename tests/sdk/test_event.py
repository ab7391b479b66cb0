"""``client.event.subscription``: the event stream as typed events, on both clients, from a
mock in this process and from a served one."""

from __future__ import annotations

import datetime as dt
import http.server
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from fleetapi import (
    Client,
    FleetConnectionError,
    InvalidParametersError,
    ServiceUnavailableError,
    SessionNotFoundError,
    WrongHashError,
    WrongRequestFormatError,
)
from fleetapi._stream import KEPT_DATETIMES, read_frame
from fleetapi.endpoints.event import EVENT_SUBSCRIPTION
from fleetapi.models.event import (
    IotMonitorEvent,
    IotMonitorSubscription,
    LifecycleEvent,
    ReadingsBatchEvent,
    ReadingsBatchSubscription,
    StateBatchEvent,
    StateBatchSubscription,
    StateEvent,
    StateSubscription,
    SubscriptionTarget,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.web.server import ThreadedServer

ALL = SubscriptionTarget(type="all")


@pytest.fixture
def mock() -> Iterator[FleetMock]:
    made = FleetMock()
    yield made
    made.transport.shutdown()  # the loopback server of its WebSockets


def _feed(mock: FleetMock, tracker_id: int, speed: int) -> None:
    when = mock.clock.now().isoformat(sep=" ")
    point = {"tracker_id": tracker_id, "get_time": when, "lat": 52.5, "lng": 13.4, "speed": speed}
    mock.record_positions([point])


def test_a_state_subscription_yields_each_trackers_state_then_its_changes(
    mock: FleetMock,
) -> None:
    with mock.login("demo", "demo") as client:
        requests = [StateSubscription(trackers=[1, 2])]
        with client.event.subscription(requests=requests) as events:
            first = [next(events), next(events)]
            assert all(isinstance(e, StateEvent) for e in first)
            _feed(mock, 2, 64)
            change = next(events)
            assert isinstance(change, StateEvent)
            assert change.data.gps.speed == 64


def test_a_compact_batch_carries_the_compact_fields_only(mock: FleetMock) -> None:
    with mock.login("demo", "demo") as client:
        requests = [StateBatchSubscription(target=ALL, format="compact")]
        with client.event.subscription(requests=requests) as events:
            batch = next(events)
            assert isinstance(batch, StateBatchEvent)
            assert batch.data
            assert all(state.inputs == [] for state in batch.data)  # left out: the default


def test_the_async_client_streams_alike(mock: FleetMock) -> None:
    import asyncio

    async def main() -> list[Any]:
        async with mock.async_client(mock.session("demo")) as client:
            requests = [StateBatchSubscription(target=ALL)]
            async with client.event.subscription(requests=requests) as events:
                first = await events.__anext__()
                _feed(mock, 1, 55)
                return [first, await events.__anext__()]

    first, change = asyncio.run(main())
    assert isinstance(first, StateBatchEvent)
    assert [state.gps.speed for state in change.data] == [55]


def test_a_stream_reads_each_date_time_text_once_across_its_batches(mock: FleetMock) -> None:
    """A tracker's times that did not change since its last report are the same objects in
    the next batch: the stream keeps what it parsed (and the values are the state's)."""
    with mock.login("demo", "demo") as client:
        requests = [
            StateBatchSubscription(target=SubscriptionTarget(type="selected", tracker_ids=[1]))
        ]
        with client.event.subscription(requests=requests) as events:
            [first] = next(events).data
            _feed(mock, 1, 42)
            [moved] = next(events).data
        assert moved.gps.speed == 42
        assert moved.battery_update is first.battery_update is not None
        assert moved == client.tracker.get_state(tracker_id=1)


def test_the_date_times_a_stream_keeps_are_bounded() -> None:
    endpoint = EVENT_SUBSCRIPTION
    frame = {
        "type": "event",
        "event": "state_batch",
        "data": [{"source_id": 1, "gps": {}, "connection_status": "active",
                  "movement_status": "parked", "last_update": "2026-01-15 09:00:00"}],
    }  # fmt: skip
    kept = {f"{n}": dt.datetime(2026, 1, 1) for n in range(KEPT_DATETIMES + 1)}
    [state] = read_frame(endpoint, json.dumps(frame), datetimes=kept).data
    assert kept == {"2026-01-15 09:00:00": state.last_update}  # full: it started again
    [again] = read_frame(endpoint, json.dumps(frame), datetimes=kept).data
    assert again.last_update is state.last_update


def test_readings_come_first_whole_then_what_changed(mock: FleetMock) -> None:
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[ReadingsBatchSubscription(target=ALL)]) as events,
    ):
        first = next(events)
        assert isinstance(first, ReadingsBatchEvent)
        [readings] = first.data
        assert {item["sensor_id"] for item in readings["1"]["inputs"]} == {1, 2, 6}
        _feed(mock, 1, 30)  # the odometer moves; the tanks and thermometers do not
        [changed] = next(events).data
        assert changed["1"]["inputs"] == []
        assert {item["type"] for item in changed["1"]["counters"]} >= {"odometer"}


def test_iot_monitor_tells_the_attributes_of_the_last_messages(mock: FleetMock) -> None:
    target = SubscriptionTarget(type="selected", tracker_ids=[1])
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[IotMonitorSubscription(target=target)]) as events,
    ):
        first = next(events)
        assert isinstance(first, IotMonitorEvent)
        [values] = first.data["iot_last_values"]
        assert values["tracker_id"] == 1
        speeds = values["nonnull_fields"]["speed"]
        assert speeds[0]["msg_time"] > speeds[-1]["msg_time"]  # newest first
        _feed(mock, 1, 71)
        [latest] = next(events).data["iot_last_values"]
        assert latest["all_fields"]["speed"][0]["value"] == 71


def test_iot_monitor_watches_ten_trackers_at_most(mock: FleetMock) -> None:
    first = mock.world.trackers[1]
    with mock.world.lock:
        for number in range(10):
            copy = attrs.evolve(first, id=100 + number, source_id=90_000 + number)
            mock.world.trackers[copy.id] = copy
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[IotMonitorSubscription(target=ALL)]) as events,
        pytest.raises(InvalidParametersError),
    ):
        next(events)


def test_a_lifecycle_event_is_typed(mock: FleetMock) -> None:
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[StateSubscription(trackers=[2])]) as events,
    ):
        next(events)
        with mock.world.lock:
            mock.world.trackers.change(2, blocked=True)
        event = next(events)
        assert isinstance(event, LifecycleEvent)
        assert event.data.lifecycle_event == "block"


def test_an_error_frame_raises_the_class_of_its_code(mock: FleetMock) -> None:
    with mock.login("demo", "demo") as client:
        requests = [StateBatchSubscription(target=ALL, rate_limit="soon")]  # not a timespan
        with (
            client.event.subscription(requests=requests) as events,
            pytest.raises(InvalidParametersError),
        ):
            next(events)


def test_the_end_of_the_session_raises(mock: FleetMock) -> None:
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
    ):
        next(events)
        client.user.logout()
        with pytest.raises(SessionNotFoundError):
            next(events)


def test_a_client_without_a_credential_is_told_before_connecting(mock: FleetMock) -> None:
    with (
        Client(base_url=mock.base_url, transport=mock.transport) as client,
        pytest.raises(WrongHashError),
    ):
        client.event.subscription(requests=[StateSubscription(trackers=[1])])


def test_a_dropped_stream_is_opened_and_subscribed_again(no_backoff: None) -> None:
    server = ThreadedServer(FleetMock())
    server.start()
    port = server.port
    hash_ = server.mock.session("demo")
    with (
        Client(base_url=server.base_url, api_key=hash_, max_retries=5) as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
    ):
        assert isinstance(next(events), StateEvent)
        server.stop()  # the connection drops
        again = ThreadedServer(server.mock, port=port)
        again.start()
        try:
            assert isinstance(next(events), StateEvent)  # the first state, once more
        finally:
            again.stop()


def test_a_stream_that_cannot_connect_gives_up_after_the_retries(no_backoff: None) -> None:
    server = ThreadedServer(FleetMock())
    server.start()
    hash_ = server.mock.session("demo")
    url = server.base_url
    server.stop()  # nothing listens there now
    with (
        Client(base_url=url, api_key=hash_, max_retries=2) as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
        pytest.raises(FleetConnectionError),
    ):
        next(events)


@pytest.fixture
def refusing() -> Iterator[tuple[str, list[tuple[int, int]], list[tuple[int, int]]]]:
    """A server without the stream, on a socket: it answers each upgrade with the next
    (HTTP status, code) of a list, in a failure envelope; yields its URL, the list and the
    upgrades it saw (status and code answered)."""
    answers: list[tuple[int, int]] = []
    seen: list[tuple[int, int]] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, code = answers[min(len(seen), len(answers) - 1)]
            seen.append((status, code))
            status_ = {"code": code, "description": "no stream here"}
            body = json.dumps({"success": False, "status": status_}).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", answers, seen
    finally:
        server.shutdown()
        server.server_close()


def test_a_server_without_the_stream_is_told_at_once_by_the_class_of_its_code(
    refusing: tuple[str, list[tuple[int, int]], list[tuple[int, int]]],
) -> None:
    url, answers, seen = refusing
    answers.append((400, 5))
    with (
        Client(base_url=url, api_key="k") as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
        pytest.raises(WrongRequestFormatError, match="no stream here"),
    ):
        next(events)
    assert seen == [(400, 5)]  # an answer, not a dropped connection: never asked again


def test_a_busy_server_is_asked_again_after_the_back_off(
    refusing: tuple[str, list[tuple[int, int]], list[tuple[int, int]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("fleetapi._events.sleep", lambda seconds: None)
    url, answers, seen = refusing
    answers.append((503, 14))
    with (
        Client(base_url=url, api_key="k", max_retries=2) as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
        pytest.raises(ServiceUnavailableError),
    ):
        next(events)
    assert len(seen) == 3


def test_a_full_server_is_told_even_when_its_close_comes_before_the_subscription(
    mock: FleetMock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server with no room accepts the socket, says why and closes it: a subscription sent
    after the close came is not a protocol error, the server's own error is raised."""
    from httpx_ws import WebSocketSession
    from wsproto.connection import ConnectionState

    sent = WebSocketSession.send_text

    def after_the_close(self: WebSocketSession, data: str) -> None:
        waited = time.monotonic() + 5
        while self.connection.state is ConnectionState.OPEN and time.monotonic() < waited:
            time.sleep(0.01)
        assert self.connection.state is not ConnectionState.OPEN
        sent(self, data)

    monkeypatch.setattr(WebSocketSession, "send_text", after_the_close)
    mock.backend.limits = attrs.evolve(mock.backend.limits, max_streams=0)
    with (
        mock.login("demo", "demo") as client,
        client.event.subscription(requests=[StateSubscription(trackers=[1])]) as events,
        pytest.raises(ServiceUnavailableError, match="too many event streams"),
    ):
        next(events)


def test_receive_waits_at_most_its_timeout(mock: FleetMock) -> None:
    with mock.login("demo", "demo") as client:
        requests = [StateBatchSubscription(target=ALL)]
        with client.event.subscription(requests=requests) as events:
            assert isinstance(events.receive(timeout=10), StateBatchEvent)  # the first packet
            assert events.receive(timeout=0.2) is None  # nothing changed
            _feed(mock, 1, 77)
            change = events.receive(timeout=10)
            assert isinstance(change, StateBatchEvent)
            assert [s.gps.speed for s in change.data] == [77]


def test_the_async_receive_waits_at_most_its_timeout(mock: FleetMock) -> None:
    import asyncio

    async def main() -> None:
        async with mock.async_client(mock.session("demo")) as client:
            requests = [StateBatchSubscription(target=ALL)]
            async with client.event.subscription(requests=requests) as events:
                assert isinstance(await events.receive(timeout=10), StateBatchEvent)
                assert await events.receive(timeout=0.2) is None

    asyncio.run(main())


def test_another_client_closing_leaves_a_stream_open(mock: FleetMock) -> None:
    with mock.login("demo", "demo") as client:
        requests = [StateBatchSubscription(target=ALL)]
        with client.event.subscription(requests=requests) as events:
            assert isinstance(events.receive(timeout=10), StateBatchEvent)
            with mock.login("demo", "demo") as other:  # closes the shared transport after
                other.tracker.list()
            _feed(mock, 1, 66)
            change = events.receive(timeout=10)
            assert isinstance(change, StateBatchEvent)
            assert [s.gps.speed for s in change.data] == [66]
