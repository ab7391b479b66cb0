"""Helpers shared by the tasks slice tests: task content and a sync view of the async client."""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
from typing import Any

from fleetapi.models.task import NewTask, TaskLocation
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

NOW = dt.datetime(2026, 1, 15, 9, 0, 0)
"""The demo world's start time (UTC, the demo user's time zone)."""

SPOT = (52.40, 13.10)
"""A zone centre far from every point of the demo world."""


def new_task(
    label: str = "Deliver parcels",
    *,
    start: dt.datetime = NOW,
    end: dt.datetime = NOW + dt.timedelta(hours=2),
    lat: float = SPOT[0],
    lng: float = SPOT[1],
    radius: int = 100,
    **fields: Any,
) -> NewTask:
    """A valid task to create, with a window from ``start`` to ``end``."""
    return NewTask(
        location=fields.pop("location", TaskLocation(lat=lat, lng=lng, radius=radius)),
        label=label,
        description=fields.pop("description", ""),
        from_=start,
        to=end,
        **fields,
    )


def add_point(mock: FleetMock, tracker_id: int, when: dt.datetime, lat: float, lng: float) -> None:
    """Record a point of ``tracker_id`` in the mock's world."""
    mock.record_positions(
        [TrackPointRecord(tracker_id=tracker_id, get_time=when, lat=lat, lng=lng)]
    )


def inside(mock: FleetMock, tracker_id: int, when: dt.datetime) -> None:
    """A point of ``tracker_id`` at the centre of :data:`SPOT` at ``when``."""
    add_point(mock, tracker_id, when, *SPOT)


def outside(mock: FleetMock, tracker_id: int, when: dt.datetime) -> None:
    """A point of ``tracker_id`` 2 km north of :data:`SPOT` at ``when``."""
    add_point(mock, tracker_id, when, SPOT[0] + 0.018, SPOT[1])


def without_demo_tasks(mock: FleetMock) -> None:
    """Remove the demo world's tasks and routes (for tests that count what they list)."""
    with mock.world.lock:
        mock.world.tasks.clear()
        mock.world.routes.clear()


def without_points(mock: FleetMock, tracker_id: int) -> None:
    """Remove the recorded points of ``tracker_id`` (the demo world drives some trackers)."""
    with mock.world.lock:
        mock.world.track_points.remove_tracker(tracker_id)


class SyncView:
    """Runs the coroutine methods of an async client (and its resources) to completion."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._target, name)
        if inspect.iscoroutinefunction(attribute):
            return lambda *args, **kwargs: asyncio.run(attribute(*args, **kwargs))
        if inspect.isasyncgenfunction(attribute):
            return lambda *args, **kwargs: asyncio.run(_collect(attribute(*args, **kwargs)))
        if not callable(attribute) and hasattr(attribute, "__dict__"):
            return SyncView(attribute)
        return attribute


async def _collect(items: Any) -> list[Any]:
    return [item async for item in items]


def login(mock: FleetMock, kind: str, login: str = "demo", password: str = "demo") -> Any:
    """A client of ``login`` on ``mock``: the sync client, or the async one behind a sync view."""
    if kind == "sync":
        return mock.login(login, password)
    from fleetapi import AsyncClient

    client = asyncio.run(
        AsyncClient.login(mock.base_url, login, password, transport=mock.transport)
    )
    return SyncView(client)
