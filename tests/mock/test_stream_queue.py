"""A stream keeps a bounded queue for a slow reader: the oldest events go first, counted."""

from __future__ import annotations

import asyncio
from typing import Any

from fleetapi_mock import FleetMock
from fleetapi_mock.web.stream import Stream


async def _nothing(message: Any) -> None:
    return None


def _stream(room: int) -> Stream:
    async def make() -> Stream:  # the stream's events belong to a running loop
        return Stream(_nothing, FleetMock().backend, queue=room)

    return asyncio.run(make())


def test_past_its_room_the_oldest_events_are_dropped_and_counted() -> None:
    stream = _stream(3)
    for number in range(10):
        stream._put(f"event {number}")
    assert [frame for frame, _ in stream._frames] == ["event 7", "event 8", "event 9"]
    assert stream.dropped == 7


def test_responses_outlast_events_but_the_queue_stays_bounded() -> None:
    stream = _stream(3)
    stream._put("response", keep=True)
    for number in range(5):
        stream._put(f"event {number}")
    assert [frame for frame, _ in stream._frames] == ["response", "event 3", "event 4"]
    for number in range(5):
        stream._put(f"response {number}", keep=True)
    assert len(stream._frames) == 3  # only responses left: the oldest of them goes
    assert [frame for frame, _ in stream._frames][-1] == "response 4"
