"""Generated worlds (the demo world grown to many records, long tracks) and calls into them."""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from typing import Any

from fleetapi_mock import DEMO_API_KEY, FleetMock
from fleetapi_mock.state.world import demo_document

CENTRE = (52.52, 13.405)
STOPS = 12
"""Stops on a circle around the centre that the trackers drive between."""
CYCLE = 1800
"""Seconds per stop: parked for the first two thirds, then driving to the next stop."""
TRACKERS = (1, 2, 3, 4)
"""The demo account's trackers on a tariff with tasks (4 is Anna's phone, employee 1)."""
FORMAT = "%Y-%m-%d %H:%M:%S"
HEADERS = {"Authorization": f"NVX {DEMO_API_KEY}", "Content-Type": "application/json"}


def stop(index: int) -> tuple[float, float]:
    """The coordinates of stop ``index`` (about 3 km from the centre)."""
    angle = 2 * math.pi * (index % STOPS) / STOPS
    return CENTRE[0] + 0.027 * math.sin(angle), CENTRE[1] + 0.045 * math.cos(angle)


def scaled_document(records: int) -> dict[str, Any]:
    """The demo world with ``records`` more vehicles, tasks and check-ins of the demo account
    (tasks spread over the day, most assigned to a tracker, with no track of their own)."""
    document = demo_document()
    now = dt.datetime.strptime(document["now"], FORMAT)
    start = now - dt.timedelta(days=1)
    vehicle, task, checkin = document["vehicles"][0], document["tasks"][0], document["checkins"][0]
    first = 1000
    for number in range(records):
        at = start + dt.timedelta(seconds=(number * 37) % 86400)
        lat, lng = stop(number)
        document["vehicles"].append(
            {
                **vehicle,
                "id": first + number,
                "label": f"Van {number}",
                "tracker_id": None,
                "reg_number": f"B-V {number}",
                "vin": f"WDB{number:014d}",
            }
        )
        unassigned = number % 10 == 9
        document["tasks"].append(
            {
                **task,
                "id": first + number,
                "tracker_id": None if unassigned else TRACKERS[number % len(TRACKERS)],
                "label": f"Delivery {number}",
                "description": f"Parcel {number} for stop {number % STOPS}",
                "external_id": str(100000 + number),
                "creation_date": start.strftime(FORMAT),
                "from": at.strftime(FORMAT),
                "to": (at + dt.timedelta(hours=2)).strftime(FORMAT),
                "status": "unassigned" if unassigned else "assigned",
                "status_change_date": start.strftime(FORMAT),
                "tags": [1 + number % 3],
                "location": {"lat": lat, "lng": lng, "radius": 150, "address": f"Stop {number}"},
            }
        )
        document["checkins"].append(
            {
                **checkin,
                "id": first + number,
                "marker_time": at.strftime(FORMAT),
                "location": {**checkin["location"], "lat": lat, "lng": lng},
                "comment": f"Parcel {number} delivered",
            }
        )
    return document


def long_track(tracker_id: int, end: dt.datetime, count: int, every: int) -> list[dict[str, Any]]:
    """``count`` points of a tracker up to ``end``, one every ``every`` seconds: driving
    between the stops with a stop of twenty minutes each half hour."""
    start = end - dt.timedelta(seconds=every * (count - 1))
    points = []
    for index in range(count):
        second = index * every
        cycle, phase = divmod(second, CYCLE)
        here, there = stop(cycle + tracker_id), stop(cycle + tracker_id + 1)
        share = max(0.0, (phase - 1200) / 600)
        points.append(
            {
                "tracker_id": tracker_id,
                "get_time": (start + dt.timedelta(seconds=second)).strftime(FORMAT),
                "lat": round(here[0] + (there[0] - here[0]) * share, 6),
                "lng": round(here[1] + (there[1] - here[1]) * share, 6),
                "speed": 0 if share == 0 else 30 + index % 7,
                "heading": (index * 13) % 360,
                "satellites": 9,
                "mileage": round(second / 60 * 0.4, 2),
            }
        )
    return points


def served(*mocks: FleetMock) -> None:
    """Freeze the mocks' worlds out of the garbage collector's reach, as ``fleet mock serve``
    does in its own process."""
    for mock in mocks:
        mock.backend.freeze()


def caller(mock: FleetMock, path: str, body: dict[str, Any]) -> Callable[[], bytes]:
    """A function making one call through the mock's backend (routing, credential,
    validation, handler, answer) and answering the answer's bytes."""
    content = json.dumps(body).encode()

    def call() -> bytes:
        answer = mock.backend.handle("POST", f"/{path}", {}, HEADERS, content)
        if answer.status != 200:
            raise RuntimeError(f"{path} answered {answer.status}: {answer.body[:300]!r}")
        return answer.body

    return call
