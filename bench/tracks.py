"""Target 3: tracks over a long history.

Tracker 1 (vehicle 1) holds a million points, one every five seconds (58 days); tracker 2
(vehicle 2) a million over a year, one every 31.5 seconds. The project is the call through the
mock's backend; the baseline writes the same answer's data as JSON text (the bytes a server
would send had it the answer ready). Feeding points one at a time into the full world is
compared with feeding them into the demo world. Loading a world document of many track points
from its file, as ``fleet mock serve --world`` does, is counted in points a second against
parsing the same file as JSON (the target: 10 million points within 20 seconds).
"""

from __future__ import annotations

import datetime as dt
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.measure import Ratio, Sizes, Target, compare, per_run, per_second
from bench.worlds import FORMAT, caller, long_track, served
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.tracks import TrackStore
from fleetapi_mock.state.world import demo_document
from fleetapi_mock.web.mock import load_world


def _points(tracker_id: int, end: dt.datetime, count: int, every: float) -> list[Any]:
    start = end - dt.timedelta(seconds=every * (count - 1))
    records = []
    for index, item in enumerate(long_track(tracker_id, end, count, 1)):
        item["get_time"] = start + dt.timedelta(seconds=round(index * every))
        records.append(TrackPointRecord(**item))
    return records


def long_history(sizes: Sizes) -> FleetMock:
    """The demo world with the two long tracks (the demo points of trackers 1 and 2 go)."""
    mock = FleetMock(running_clock=False)
    world = mock.world
    now = world.now()
    kept = [p for p in world.track_points if p.tracker_id not in (1, 2)]
    added = _points(1, now, sizes.points, 5) + _points(2, now, sizes.points, 31.5)
    world.track_points = TrackStore(kept + added)
    served(mock)
    return mock


def _baseline(answer: bytes) -> Any:
    data = json.loads(answer)
    return lambda: json.dumps(data, separators=(",", ":")).encode()


def bench_tracks(sizes: Sizes) -> list[Ratio]:
    """Track calls over the long histories, and feeding points into them."""
    mock = long_history(sizes)
    now = mock.world.now()
    span = dt.timedelta(seconds=5 * (sizes.points - 1))
    calls = {
        f"asset/track/read, point_limit=3000 over {sizes.points:,} points": (
            "asset/track/read",
            {
                "asset": {"id": 1, "type": "vehicle"},
                "from": (now - span).strftime(FORMAT),
                "to": now.strftime(FORMAT),
                "point_limit": 3000,
            },
        ),
        f"asset/track/list, the last day of {sizes.points:,} points": (
            "asset/track/list",
            {
                "asset": {"id": 2, "type": "vehicle"},
                "from": (now - dt.timedelta(days=1)).strftime(FORMAT),
                "to": now.strftime(FORMAT),
            },
        ),
    }
    ratios = []
    for name, (path, body) in calls.items():
        call = caller(mock, path, body)
        ratios.append(
            compare(
                f"{name} (vs writing the answer)",
                per_run(call, sizes.sample_time),
                per_run(_baseline(call()), sizes.sample_time),
                Target(20),
                sizes,
            )
        )
    ratios.append(feeding(mock, sizes))
    ratios.append(loading(sizes))
    return ratios


LOADED_POINTS_PER_SECOND = 500_000
"""Ten million points within 20 seconds."""


def loading(sizes: Sizes) -> Ratio:
    """Points a second of a world loaded from a document file holding a long track (a fifth
    of ``sizes.points``, one every 30 seconds), against parsing that file as JSON."""
    count = max(sizes.points // 5, 1)
    document = demo_document()
    end = dt.datetime.strptime(document["now"], FORMAT) - dt.timedelta(days=1)
    document["track_points"] = long_track(3, end, count, 30) + document["track_points"]
    total = len(document["track_points"])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "world.json"
        path.write_text(json.dumps(document))
        del document

        def load() -> int:
            return len(load_world(path).track_points)

        def parse() -> int:
            return len(json.loads(path.read_bytes())["track_points"])

        return compare(
            f"load a world file of {total:,} track points (vs parsing it as JSON)",
            per_second(load, sizes.sample_time),
            per_second(parse, sizes.sample_time),
            Target(LOADED_POINTS_PER_SECOND, at_least=True, absolute=True),
            sizes,
            unit="points/s",
        )


def feeding(full: FleetMock, sizes: Sizes) -> Ratio:
    """Recording points one at a time on tracker 3: in the full world against the demo one."""
    empty = FleetMock(running_clock=False)
    served(empty)

    def feeder(mock: FleetMock) -> Any:
        def sample() -> float:
            last = max(p.get_time for p in mock.world.points_of(3))
            points = [
                TrackPointRecord(
                    tracker_id=3,
                    get_time=last + dt.timedelta(seconds=5 * (n + 1)),
                    lat=52.5 + n * 1e-5,
                    lng=13.4,
                    speed=30,
                )
                for n in range(sizes.fed)
            ]
            before = len(mock.world.points_of(3))
            started = time.perf_counter()
            for point in points:
                mock.record_positions([point])
            elapsed = time.perf_counter() - started
            recorded = len(mock.world.points_of(3)) - before
            if recorded != sizes.fed:  # the time of points kept, not of points offered
                raise RuntimeError(f"{recorded} of {sizes.fed} points were recorded")
            return elapsed

        return sample

    return compare(
        f"record {sizes.fed:,} points one at a time (full world vs demo world)",
        feeder(full),
        feeder(empty),
        Target(2),
        sizes,
    )
