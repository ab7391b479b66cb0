"""What a subscription of the event stream sends, and when, in world time
(``fleetapi_mock.domain.event``; the stream itself is tested served, in
``tests/e2e/test_event_stream.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi._formats import format_datetime
from fleetapi.models.event import StateBatchSubscription, SubscriptionTarget
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.context import local_time
from fleetapi_mock.domain.event import Subscriber, rate_limit_of, subscription_of
from fleetapi_mock.state.clock import Clock, zone


def _subscriber(mock: FleetMock, rate_limit: str) -> Subscriber:
    subscriber = Subscriber(user_id=mock.world.user_by_login("demo").id, credential="x" * 32)
    request = StateBatchSubscription(
        target=SubscriptionTarget(type="selected", tracker_ids=[1, 2]), rate_limit=rate_limit
    )
    subscriber.subscriptions["state_batch"] = subscription_of(request)
    return subscriber


def _feed(mock: FleetMock, tracker_id: int, speed: int) -> None:
    now = mock.clock.now().isoformat(sep=" ")
    mock.record_positions(
        [{"tracker_id": tracker_id, "get_time": now, "lat": 52.5, "lng": 13.4, "speed": speed}]
    )


def _speeds(frames: list[dict[str, Any]]) -> list[int]:
    return [state["gps"]["speed"] for frame in frames for state in frame["data"]]


def test_a_running_clock_batches_changes_per_rate_limit_of_world_time() -> None:
    mock = FleetMock()
    mock.world.clock = Clock(mock.clock.now(), running=True)
    subscriber = _subscriber(mock, "1h")
    assert len(subscriber.collect(mock.world, first=True)[0]["data"]) == 2  # the first packet
    _feed(mock, 1, 30)
    _feed(mock, 2, 40)
    assert subscriber.collect(mock.world) == []  # an hour of world time has not passed
    assert subscriber.next_batch(mock.world) == pytest.approx(3600, abs=5)
    mock.world.clock.advance(3600)
    [batch] = subscriber.collect(mock.world)
    assert sorted(_speeds([batch])) == [30, 40]  # both changes, in one batch
    assert subscriber.collect(mock.world) == []


def test_a_frozen_clock_sends_each_change_at_once() -> None:
    mock = FleetMock()  # frozen: world time never passes by itself
    subscriber = _subscriber(mock, "1h")
    subscriber.collect(mock.world, first=True)
    _feed(mock, 1, 30)
    assert _speeds(subscriber.collect(mock.world)) == [30]


def test_a_tracker_removed_is_a_corrupt_lifecycle_event() -> None:
    mock = FleetMock()
    subscriber = _subscriber(mock, "1s")
    subscriber.collect(mock.world, first=True)
    source = mock.world.trackers[2].source_id
    del mock.world.trackers[2]
    [lifecycle] = subscriber.collect(mock.world)
    assert lifecycle["data"] == {"source_id": source, "lifecycle_event": "corrupt"}


@pytest.mark.parametrize(
    ("text", "seconds"), [(None, 1), ("500ms", 0.5), ("5s", 5), ("2m", 120), ("1h", 3600)]
)
def test_rate_limits_read_as_timespans(text: str | None, seconds: float) -> None:
    assert rate_limit_of(text).total_seconds() == seconds


def test_a_command_the_device_confirms_is_a_change_the_stream_sends() -> None:
    mock = FleetMock()
    subscriber = _subscriber(mock, "1s")
    subscriber.collect(mock.world, first=True)
    with mock.login() as client:
        client.tracker.output.set(tracker_id=2, output=1, enable=True)
    assert subscriber.collect(mock.world) == []  # not confirmed yet
    mock.clock.advance(10)  # no request comes: the stream looks by itself
    [batch] = subscriber.collect(mock.world)
    assert [state["outputs"] for state in batch["data"]] == [[True, False]]


def test_the_date_times_of_a_batch_follow_a_change_of_the_users_time_zone() -> None:
    """A connection writes its user's date/times once and keeps them from batch to batch,
    until the user's time zone changes."""
    mock = FleetMock()
    subscriber = _subscriber(mock, "1s")
    [first] = subscriber.collect(mock.world, first=True)
    battery = mock.world.trackers[1].state.battery_update
    assert battery is not None
    assert first["data"][0]["battery_update"] == format_datetime(battery)  # UTC
    mock.world.users.change(subscriber.user_id, time_zone="Asia/Kathmandu")
    _feed(mock, 1, 30)
    [batch] = subscriber.collect(mock.world)
    shown = local_time(battery, zone("Asia/Kathmandu"))
    assert batch["data"][0]["battery_update"] == format_datetime(shown)  # 5:45 ahead
