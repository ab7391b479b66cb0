"""Reading what happened in the window: routes, tasks with their forms, events, track
points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final
from zoneinfo import ZoneInfo

from fleetapi_mock.snapshot.events import CALLS as EVENT_CALLS
from fleetapi_mock.snapshot.events import read_events
from fleetapi_mock.snapshot.shaping import Taking, pages, structure, utc
from fleetapi_mock.state.records import FormRecord, TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = ["CALLS", "read_window"]

CALLS: Final = ("task/list", *EVENT_CALLS, "track/read")
"""The calls this module makes."""


def read_window(taking: Taking, window: Mapping[str, str], unblocked: Sequence[int]) -> None:
    """What happened in the window: routes, tasks with their forms, events, track points."""
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
    read_events(taking, window, unblocked)
    points = taking.counts["track_points"] = 0
    for tracker in unblocked:
        answer = client.request("track/read", {"tracker_id": tracker, **window})
        read = [_point(tracker, p, zone) for p in answer["list"]]
        world.track_points.add(read)
        points += len(read)
        taking.finish("track_points", points)


def _point(tracker_id: int, point: Mapping[str, Any], zone: ZoneInfo) -> TrackPointRecord:
    record: TrackPointRecord = utc(
        structure({**point, "tracker_id": tracker_id}, TrackPointRecord), zone
    )
    return record
