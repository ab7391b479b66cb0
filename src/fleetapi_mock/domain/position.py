"""Feeding positions to the mock: record track points and move trackers' current states.

:func:`record_positions` is what a device does to the service: its points join
its tracker's track in ``World.track_points`` (by GPS time) and each tracker's current state
(what ``tracker/get_state`` answers) follows its newest point. The control route
``POST /__mock__/positions`` and :meth:`FleetMock.record_positions
<fleetapi_mock.FleetMock.record_positions>` both use it; :func:`drive_points` makes the points
of a drive along waypoints (:meth:`FleetMock.drive <fleetapi_mock.FleetMock.drive>`).
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
from gpxpy.geo import get_course, haversine_distance

from fleetapi.models.common import LatLng
from fleetapi.models.tracker import AdditionalState
from fleetapi_mock.domain.history import record_point_event
from fleetapi_mock.domain.rule import record_rule_events
from fleetapi_mock.domain.service_task import review_service_tasks
from fleetapi_mock.state.records import (
    ADDITIONAL_STATE_READINGS,
    MovementStatus,
    TrackerStateRecord,
    TrackPointRecord,
    reading_text,
)
from fleetapi_mock.state.world import World

__all__ = ["drive_points", "followed", "record_positions"]


def record_positions(world: World, points: Iterable[TrackPointRecord]) -> list[TrackPointRecord]:
    """Record ``points`` (naive UTC times, or aware ones) as if their trackers had sent them.

    Each point joins its tracker's track in ``world.track_points`` by GPS time (a point of a
    time already recorded comes after the ones there). A tracker whose newest point is newer
    than its state's ``gps_updated`` takes that point as its current state: position, speed,
    heading, altitude, ``gps_updated`` and ``last_update`` the point's time, connection
    ``active``, movement ``moving`` (speed above 0), ``parked`` (a parking point) or
    ``stopped``, and the ignition and digital inputs when the point reports them. Older
    (buffered) points leave the state alone. A point reporting an ``event`` makes that
    event, and the owner's rules make theirs (:mod:`fleetapi_mock.domain.rule`); the service
    tasks of their vehicles tell what they reached (:mod:`fleetapi_mock.domain.service_task`).

    Raises:
        KeyError: a point names a tracker the world does not have; nothing is recorded then.

    Returns:
        The recorded points.
    """
    batch = [
        attrs.evolve(p, get_time=p.get_time.astimezone(dt.timezone.utc).replace(tzinfo=None))
        if p.get_time.tzinfo is not None
        else p
        for p in points
    ]
    with world.lock:
        missing = sorted({p.tracker_id for p in batch} - set(world.trackers))
        if missing:
            raise KeyError(f"no tracker {missing[0]}")
        world.track_points.add(batch)
        for point in sorted(batch, key=lambda p: p.get_time):
            record_point_event(world, point)
            record_rule_events(world, point)
        newest: dict[int, TrackPointRecord] = {}
        for point in batch:
            best = newest.get(point.tracker_id)
            if best is None or point.get_time >= best.get_time:
                newest[point.tracker_id] = point
        for tracker_id, point in newest.items():
            tracker = world.trackers[tracker_id]
            state = followed(tracker.state, point)
            if state is not tracker.state:
                world.trackers[tracker_id] = attrs.evolve(tracker, state=state)
        review_service_tasks(world, newest)
    return batch


def followed(state: TrackerStateRecord, point: TrackPointRecord) -> TrackerStateRecord:
    """A tracker's state once it reported ``point`` (the same state for an older point)."""
    if state.gps_updated is not None and point.get_time < state.gps_updated:
        return state
    movement: MovementStatus = (
        "moving" if point.speed > 0 else "parked" if point.parking else "stopped"
    )
    changes: dict[str, Any] = {
        "lat": point.lat,
        "lng": point.lng,
        "speed": point.speed,
        "heading": point.heading,
        "alt": point.alt,
        "gps_updated": point.get_time,
        "last_update": max(point.get_time, state.last_update or point.get_time),
        "connection_status": "active",
        "precision": point.precision,
        "gsm_lbs": point.gsm_lbs,
    }
    if movement != state.movement_status:
        changes["movement_status"] = movement
        changes["movement_status_update"] = point.get_time
    if movement == "moving":
        changes["actual_track_update"] = point.get_time
    if point.ignition is not None:
        if point.ignition != state.ignition:
            changes["ignition_update"] = point.get_time
        changes["ignition"] = point.ignition
    if point.inputs is not None:
        changes["inputs"] = list(point.inputs)
        changes["inputs_update"] = point.get_time
    shown = ADDITIONAL_STATE_READINGS.intersection(point.readings)
    if shown:
        changes["additional"] = {
            **state.additional,
            **{
                name: AdditionalState(
                    value=reading_text(point.readings[name]), updated=point.get_time
                )
                for name in sorted(shown)
            },
        }
    return attrs.evolve(state, **changes)


def drive_points(
    tracker_id: int,
    waypoints: Sequence[LatLng | tuple[float, float]],
    *,
    start: dt.datetime,
    speed: int = 40,
    every: dt.timedelta = dt.timedelta(seconds=30),
    mileage: float = 0.0,
    start_address: str = "",
    end_address: str = "",
    readings: Mapping[str, float | tuple[float, float]] | None = None,
) -> list[TrackPointRecord]:
    """The points a tracker reports driving along ``waypoints`` at a steady ``speed``.

    One point every ``every`` from ``start`` (UTC) along the polyline, each with its heading
    and the odometer (``mileage``, km) counting on, then an arrival point standing still at
    the last waypoint. The first point carries ``start_address`` and the arrival
    ``end_address``, as the service records addresses at a trip's ends. The ignition is on
    while driving and off at the arrival; each point reports ``readings``.

    Args:
        tracker_id: The tracker the points belong to.
        waypoints: At least two (lat, lng) pairs or :class:`~fleetapi.models.common.LatLng`.
        start: GPS time of the first point (naive UTC).
        speed: km/h, above 0.
        every: Time between two points.
        mileage: The odometer at the start, km.
        start_address: Address recorded with the first point.
        end_address: Address recorded with the arrival.
        readings: Values each point reports, by name: a constant, or a ``(first, last)``
            pair that moves evenly along the drive (``{"fuel_level": (60.0, 52.5)}``).
    """
    coords = [(w.lat, w.lng) if isinstance(w, LatLng) else (w[0], w[1]) for w in waypoints]
    if len(coords) < 2:
        raise ValueError("a drive needs at least two waypoints")
    if speed <= 0 or every <= dt.timedelta(0):
        raise ValueError("speed and every must be positive")
    legs = [haversine_distance(*a, *b) for a, b in itertools.pairwise(coords)]
    total = sum(legs)
    step = speed / 3.6 * every.total_seconds()  # meters between two points
    points: list[TrackPointRecord] = []
    travelled = 0.0
    time = start
    while travelled < total:
        lat, lng, heading = _along(coords, legs, travelled)
        points.append(
            TrackPointRecord(
                tracker_id=tracker_id,
                get_time=time,
                lat=round(lat, 6),
                lng=round(lng, 6),
                speed=speed,
                heading=heading,
                satellites=12,
                mileage=round(mileage + travelled / 1000, 3),
                address=start_address if not points else "",
                ignition=True,
                readings=_readings(readings, travelled / total if total else 1.0),
            )
        )
        travelled += step
        time += every
    arrival = time - every + dt.timedelta(seconds=(total - (travelled - step)) / (speed / 3.6))
    last_heading = points[-1].heading if points else 0
    points.append(
        TrackPointRecord(
            tracker_id=tracker_id,
            get_time=arrival.replace(microsecond=0),
            lat=coords[-1][0],
            lng=coords[-1][1],
            speed=0,
            heading=last_heading,
            satellites=12,
            mileage=round(mileage + total / 1000, 3),
            address=end_address,
            ignition=False,
            readings=_readings(readings, 1.0),
        )
    )
    return points


def _readings(
    readings: Mapping[str, float | tuple[float, float]] | None, share: float
) -> dict[str, float]:
    """The values a point ``share`` (0 to 1) of the way along a drive reports."""
    values = {}
    for name, value in (readings or {}).items():
        if isinstance(value, tuple):
            first, last = value
            values[name] = round(first + (last - first) * share, 3)
        else:
            values[name] = value
    return values


def _along(
    coords: Sequence[tuple[float, float]], legs: Sequence[float], distance: float
) -> tuple[float, float, int]:
    """The position and heading ``distance`` meters along the polyline."""
    for (a, b), leg in zip(itertools.pairwise(coords), legs, strict=True):
        if distance <= leg and leg > 0:
            share = distance / leg
            lat = a[0] + (b[0] - a[0]) * share
            lng = a[1] + (b[1] - a[1]) * share
            return lat, lng, round(get_course(*a, *b)) % 360
        distance -= leg
    a, b = coords[-2], coords[-1]
    return b[0], b[1], round(get_course(*a, *b)) % 360
