"""A world's hub wakes its streams when the world changed: on its watch's turn, or at once when
the app nudges it after answering a request (no more often than the watch's period)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from fleetapi_mock import FleetMock
from fleetapi_mock.web import stream
from fleetapi_mock.web.stream import WATCH_SECONDS, Hub, Stream, Streams


async def _nothing(message: Any) -> None:
    return None


def _feed(mock: FleetMock) -> None:
    when = mock.clock.now().isoformat(sep=" ")
    mock.record_positions([{"tracker_id": 1, "get_time": when, "lat": 52.5, "lng": 13.4}])


async def _woken(hub: Hub, change: Any) -> bool:
    """Whether the hub wakes its streams within 0.2 s of ``change`` (nothing else looking)."""
    waiting = asyncio.ensure_future(hub.changed(timeout=5))
    await asyncio.sleep(0)  # it waits now
    change()
    done, _ = await asyncio.wait({waiting}, timeout=0.2)
    waiting.cancel()
    return bool(done)


def test_a_nudge_wakes_the_streams_of_a_changed_world_at_once() -> None:
    async def main() -> list[bool]:
        mock = FleetMock()
        streams = Streams(lambda: mock.backend.limits)
        hub = streams.hub(mock.backend)
        hub.streams.add(Stream(_nothing, mock.backend, queue=4))  # joined, no watch running
        streams.nudge()  # the first look: what the world is now
        await asyncio.sleep(WATCH_SECONDS)
        unchanged = await _woken(hub, streams.nudge)
        await asyncio.sleep(WATCH_SECONDS)
        changed = await _woken(hub, lambda: (_feed(mock), streams.nudge()))
        return [unchanged, changed]

    assert asyncio.run(main()) == [False, True]


def test_a_nudge_looks_no_sooner_than_a_watchs_period_after_the_last_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def main() -> list[bool]:
        mock = FleetMock()
        hub = Hub(mock.backend)
        hub.streams.add(Stream(_nothing, mock.backend, queue=4))
        hub.nudge()
        soon = await _woken(hub, lambda: (_feed(mock), hub.nudge()))  # within the period
        monkeypatch.setattr(stream, "WATCH_SECONDS", 0.0)  # the period has passed
        later = await _woken(hub, hub.nudge)  # the change, unseen so far, is seen now
        return [soon, later]

    monkeypatch.setattr(stream, "WATCH_SECONDS", 3600.0)
    assert asyncio.run(main()) == [False, True]


def test_the_watch_wakes_the_streams_of_a_changed_world_by_itself() -> None:
    async def main() -> bool:
        mock = FleetMock()
        hub = Hub(mock.backend)
        hub.join(Stream(_nothing, mock.backend, queue=4))  # the watch looks now and then
        woken = await _woken(hub, lambda: _feed(mock))
        hub.streams.clear()  # the watch ends
        return woken

    assert asyncio.run(main())
