"""What the dashboard's map draws: a world's trackers, zones, places, tasks and a day's tracks
(and its reports, listed beside the map).

:func:`map_view` reads them from the world as they are at its time (tasks evaluated as
``task/list`` evaluates them), for every account of the world: the dashboard looks at the
world, not through one user's eyes. Positions are ``[lat, lng]`` pairs; times are the world's
UTC.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Sequence
from operator import attrgetter
from typing import Final

import attrs

from fleetapi.models.task import TaskStatus
from fleetapi.models.tracker import ConnectionStatus, MovementStatus
from fleetapi.models.zone import ZoneType
from fleetapi_mock.domain.report import percent
from fleetapi_mock.domain.task import forms_by_task, task_progress, value_or
from fleetapi_mock.state.records import TrackerRecord, TrackPointRecord, ZoneRecord
from fleetapi_mock.state.world import World

__all__ = [
    "MAX_TRACK_POINTS",
    "MapPlace",
    "MapReport",
    "MapTask",
    "MapTrack",
    "MapTracker",
    "MapView",
    "MapZone",
    "map_view",
]

MAX_TRACK_POINTS: Final = 2000
"""Points drawn of one tracker's day at most (the track is thinned evenly, its first and last
points kept)."""

LatLng = tuple[float, float]


@attrs.frozen(kw_only=True)
class MapTracker:
    """A tracker where the world last saw it."""

    id: int
    label: str
    user_id: int
    """Its account (the master user)."""
    position: LatLng | None
    """Its last position; ``None`` before its first."""
    speed: int
    """Its last speed, km/h."""
    heading: int
    """Its last heading, degrees."""
    connection_status: ConnectionStatus
    movement_status: MovementStatus
    blocked: bool
    updated: dt.datetime | None
    """When it last sent a position."""


@attrs.frozen(kw_only=True)
class MapZone:
    """A geofence: a circle (``center``, ``radius``), a polygon (``points``) or a sausage
    (``points`` and ``radius``, meters either side)."""

    id: int
    label: str
    user_id: int
    type: ZoneType
    color: str
    """Its colour, ``RRGGBB``."""
    center: LatLng | None = None
    radius: int | None = None
    points: list[LatLng] = attrs.Factory(list)


@attrs.frozen(kw_only=True)
class MapPlace:
    """A place (POI)."""

    id: int
    label: str
    user_id: int
    position: LatLng
    radius: int | None


@attrs.frozen(kw_only=True)
class MapTask:
    """A task or a route's checkpoint, with its status at the world's time."""

    id: int
    label: str
    user_id: int
    type: str
    """``task`` or ``checkpoint``."""
    status: TaskStatus
    tracker_id: int | None
    route_id: int | None
    """The route of a checkpoint."""
    position: LatLng
    radius: int
    from_: dt.datetime
    to: dt.datetime


@attrs.frozen(kw_only=True)
class MapTrack:
    """A tracker's points of the chosen day, in time order."""

    tracker_id: int
    points: list[LatLng]
    """At most :data:`MAX_TRACK_POINTS`."""
    recorded: int
    """How many points the tracker recorded that day (before thinning)."""


@attrs.frozen(kw_only=True)
class MapReport:
    """A tracker report and how far its generation is."""

    id: int
    user_id: int
    """The user who asked for it."""
    title: str
    plugin_id: int
    percent: int
    """Of its generation done at the world's time; 100: ready to read."""


@attrs.frozen(kw_only=True)
class MapView:
    """Everything the dashboard's map draws."""

    now: dt.datetime
    """The world time (UTC)."""
    day: dt.date
    """The day of :attr:`tracks` (UTC)."""
    trackers: list[MapTracker]
    zones: list[MapZone]
    places: list[MapPlace]
    tasks: list[MapTask]
    tracks: list[MapTrack]
    reports: list[MapReport]
    """The accounts' tracker reports (not drawn: listed beside the map)."""


def map_view(world: World, day: dt.date | None = None) -> MapView:
    """The map of ``world`` at its time, with the tracks of ``day`` (UTC; the world's
    today when not given). Hold the world's lock around it."""
    now = world.now()
    day = now.date() if day is None else day
    return MapView(
        now=now,
        day=day,
        trackers=[_tracker(t) for t in world.trackers.values()],
        zones=[_zone(z) for z in world.zones.values()],
        places=[
            MapPlace(
                id=p.id,
                label=p.label,
                user_id=p.user_id,
                position=(p.location.lat, p.location.lng),
                radius=value_or(p.location.radius, None),
            )
            for p in world.places.values()
        ],
        tasks=_tasks(world, now),
        tracks=[
            track
            for tracker_id in world.trackers
            if (track := _track(tracker_id, world.points_of(tracker_id), day)) is not None
        ],
        reports=[
            MapReport(
                id=r.id,
                user_id=r.user_id,
                title=r.title,
                plugin_id=r.plugin.plugin_id,
                percent=percent(r, now),
            )
            for r in world.reports.values()
        ],
    )


def _tracker(record: TrackerRecord) -> MapTracker:
    state = record.state
    position = None if state.lat is None or state.lng is None else (state.lat, state.lng)
    return MapTracker(
        id=record.id,
        label=record.label,
        user_id=record.user_id,
        position=position,
        speed=state.speed,
        heading=state.heading,
        connection_status=state.connection_status,
        movement_status=state.movement_status,
        blocked=record.blocked,
        updated=state.gps_updated,
    )


def _zone(record: ZoneRecord) -> MapZone:
    center = None if record.center is None else (record.center.lat, record.center.lng)
    return MapZone(
        id=record.id,
        label=record.label,
        user_id=record.user_id,
        type=record.type,
        color=record.color,
        center=center,
        radius=record.radius,
        points=[(p.lat, p.lng) for p in record.points],
    )


def _tasks(world: World, now: dt.datetime) -> list[MapTask]:
    forms = forms_by_task(world)
    tasks = []
    for task in world.tasks.values():
        progress = task_progress(world, task, now, forms.get(task.id))
        location = task.location
        tasks.append(
            MapTask(
                id=task.id,
                label=task.label,
                user_id=task.user_id,
                type=task.type,
                status=progress.status,
                tracker_id=task.tracker_id,
                route_id=task.parent_id,
                position=(location.lat, location.lng),
                radius=value_or(location.radius, 0),
                from_=task.from_,
                to=task.to,
            )
        )
    return tasks


def _track(tracker_id: int, points: Sequence[TrackPointRecord], day: dt.date) -> MapTrack | None:
    start = dt.datetime.combine(day, dt.time())
    end = dt.datetime.combine(day, dt.time.max)  # the last day of the calendar has no next
    first = bisect.bisect_left(points, start, key=_TIME)
    last = bisect.bisect_right(points, end, key=_TIME)
    if first == last:
        return None
    count = last - first
    if count <= MAX_TRACK_POINTS:
        picked: Sequence[int] = range(first, last)
    else:  # evenly, the first and the last kept
        span = (count - 1) / (MAX_TRACK_POINTS - 1)
        picked = [first + round(i * span) for i in range(MAX_TRACK_POINTS)]
    drawn = [(points[i].lat, points[i].lng) for i in picked]
    return MapTrack(tracker_id=tracker_id, points=drawn, recorded=count)


_TIME: Final = attrgetter("get_time")
"""A point's time, the order of a track."""
