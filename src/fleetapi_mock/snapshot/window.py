"""Reading what happened in the window: routes, tasks with their forms and files, check-ins,
events, and track points with the values their sensors read."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any, Final
from zoneinfo import ZoneInfo

import attrs

from fleetapi._converter import parse_datetime
from fleetapi.models.sensor import MAX_SENSOR_DATA_SPAN
from fleetapi_mock.domain.sensor.values import is_composite
from fleetapi_mock.snapshot.checkins import CALLS as CHECKIN_CALLS
from fleetapi_mock.snapshot.checkins import read_checkins, read_task_files
from fleetapi_mock.snapshot.events import CALLS as EVENT_CALLS
from fleetapi_mock.snapshot.events import read_events
from fleetapi_mock.snapshot.shaping import Taking, pages, spans, structure, to_utc, utc
from fleetapi_mock.state.records import FormRecord, MeteringSensorRecord, TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = ["CALLS", "EVERY_POINT", "raw_sensors", "read_window"]

CALLS: Final = (
    "task/list",
    *CHECKIN_CALLS,
    *EVENT_CALLS,
    "track/read",
    "tracker/sensor/data/read",
)
"""The calls this module makes."""

EVERY_POINT: Final = {"simplify": False, "filter": False}
"""What ``track/read`` is asked for every point of a tracker (not simplified, parking points
included)."""


def read_window(
    taking: Taking, window: Mapping[str, str], since: dt.datetime, until: dt.datetime,
    unblocked: Sequence[int],
) -> None:  # fmt: skip
    """What happened in the window (``since`` to ``until``, the user's time): routes, tasks
    with their forms and the files of those, check-ins, events, track points."""
    client, world, account, zone = taking.client, taking.world, taking.account, taking.zone
    for name, types in (("routes", ["route"]), ("tasks", ["task", "checkpoint"])):
        record = World.COLLECTIONS[name].record
        table = getattr(world, name)
        for row in pages(client, "task/list", {**window, "types": types}):
            table[row["id"]] = utc(structure({**row, "user_id": account}, record), zone)
            form = row.get("form")
            if form:  # a task's form comes with it
                filled = structure({**form, "user_id": account}, FormRecord)
                world.forms[form["id"]] = utc(filled, zone)
        taking.finish(name, len(table))
    read_checkins(taking, window)
    read_task_files(taking)
    read_events(taking, window, unblocked)
    periods = spans(since, until, MAX_SENSOR_DATA_SPAN)
    points = values = 0
    for done, tracker in enumerate(unblocked):
        taking.tell("track_points", points, done=done, total=len(unblocked))
        answer = client.request("track/read", {"tracker_id": tracker, **window, **EVERY_POINT})
        read = [_point(tracker, p, zone) for p in answer["list"]]
        read, found = _with_readings(taking, tracker, read, periods)
        world.track_points.add(read)
        points += len(read)
        values += found
    taking.finish("track_points", points)
    taking.counts["readings"] = values


def raw_sensors(world: World, tracker: int) -> list[MeteringSensorRecord]:
    """The sensors of ``tracker`` whose raw values ``tracker/sensor/data/read`` answers: the
    metering ones reading an input (a composite one sums others)."""
    return [
        s
        for s in world.sensors.values()
        if isinstance(s, MeteringSensorRecord) and s.tracker_id == tracker and not is_composite(s)
    ]


def _with_readings(
    taking: Taking,
    tracker: int,
    points: list[TrackPointRecord],
    periods: Sequence[Mapping[str, str]],
) -> tuple[list[TrackPointRecord], int]:
    """``points`` with the raw value each reported of every input a metering sensor reads
    (``tracker/sensor/data/read`` with ``raw_data``, a period of at most 30 days at a time),
    and how many values they hold."""
    at: dict[dt.datetime, list[int]] = {}
    for index, point in enumerate(points):
        at.setdefault(point.get_time, []).append(index)
    readings: list[dict[str, int | float]] = [{} for _ in points]
    found = 0
    for sensor in raw_sensors(taking.world, tracker):
        seen: dict[dt.datetime, int] = {}
        for period in periods:
            which = {"tracker_id": tracker, "sensor_id": sensor.id, **period, "raw_data": True}
            for row in taking.client.request("tracker/sensor/data/read", which)["list"]:
                time = to_utc(parse_datetime(row["get_time"]), taking.zone)
                same = at.get(time, [])
                nth = seen.get(time, 0)
                seen[time] = nth + 1
                if nth < len(same):  # a value of a point the track answered
                    readings[same[nth]][sensor.input_name] = row["value"]
                    found += 1
    kept = [
        attrs.evolve(point, readings=values) if values else point
        for point, values in zip(points, readings, strict=True)
    ]
    return kept, found


def _point(tracker_id: int, point: Mapping[str, Any], zone: ZoneInfo) -> TrackPointRecord:
    record: TrackPointRecord = utc(
        structure({**point, "tracker_id": tracker_id}, TrackPointRecord), zone
    )
    return record
