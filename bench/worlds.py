"""Generated worlds: the demo world grown to many tasks and a day of track points."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from fleetapi_mock.state.world import demo_document

CENTRE = (52.52, 13.405)
STOPS = 12
"""Stops on a circle around the centre that the trackers drive between."""
CYCLE = 1800
"""Seconds per stop: parked for the first two thirds, then driving to the next stop."""
TRACKERS = (1, 2, 3, 4)
"""The demo account's trackers on a tariff with tasks (4 is Anna's phone, employee 1)."""
FORMAT = "%Y-%m-%d %H:%M:%S"


def stop(index: int) -> tuple[float, float]:
    """The coordinates of stop ``index`` (about 3 km from the centre)."""
    angle = 2 * math.pi * (index % STOPS) / STOPS
    return CENTRE[0] + 0.027 * math.sin(angle), CENTRE[1] + 0.045 * math.cos(angle)


def day_points(tracker_id: int, end: dt.datetime, every: int) -> list[dict[str, Any]]:
    """A day of points up to ``end``, one every ``every`` seconds: parked at a stop, then
    driving to the next one."""
    start = end - dt.timedelta(days=1)
    points = []
    for second in range(0, 86400 + 1, every):
        cycle, phase = divmod(second, CYCLE)
        here, there = stop(cycle + tracker_id), stop(cycle + tracker_id + 1)
        share = max(0.0, (phase - 1200) / 600)
        points.append(
            {
                "tracker_id": tracker_id,
                "get_time": (start + dt.timedelta(seconds=second)).strftime(FORMAT),
                "lat": round(here[0] + (there[0] - here[0]) * share, 6),
                "lng": round(here[1] + (there[1] - here[1]) * share, 6),
                "speed": 0 if share == 0 else 30,
            }
        )
    return points


def big_document(tasks: int, every: int) -> dict[str, Any]:
    """The demo world with ``tasks`` more tasks and a day of points of each tracker of
    :data:`TRACKERS`, one every ``every`` seconds.

    A task waits at one of the stops for two hours of the day; most are assigned (their status
    follows the points), every tenth is unassigned.
    """
    document = demo_document()
    now = dt.datetime.strptime(document["now"], FORMAT)
    start = now - dt.timedelta(days=1)
    template = document["tasks"][0]
    kept = [p for p in document["track_points"] if p["tracker_id"] not in TRACKERS]
    document["track_points"] = kept + [p for t in TRACKERS for p in day_points(t, now, every)]
    first_id = max(t["id"] for t in document["tasks"]) + 100
    for number in range(tasks):
        tracker = TRACKERS[number % len(TRACKERS)]
        opens = start + dt.timedelta(minutes=(number * 7) % (23 * 60))
        lat, lng = stop(number)
        unassigned = number % 10 == 9
        document["tasks"].append(
            {
                **template,
                "id": first_id + number,
                "tracker_id": None if unassigned else tracker,
                "label": f"Delivery {number}",
                "description": f"Parcel {number} for stop {number % STOPS}",
                "external_id": str(100000 + number),
                "creation_date": start.strftime(FORMAT),
                "from": opens.strftime(FORMAT),
                "to": (opens + dt.timedelta(hours=2)).strftime(FORMAT),
                "status": "unassigned" if unassigned else "assigned",
                "status_change_date": start.strftime(FORMAT),
                "tags": [1 + number % 3],
                "location": {"lat": lat, "lng": lng, "radius": 150, "address": f"Stop {number}"},
            }
        )
    return document
