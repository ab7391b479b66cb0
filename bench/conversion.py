"""Converter throughput: big task and track payloads, lenient (SDK) and strict (mock)."""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from bench.measure import Sizes, Tables, figure, timed
from bench.worlds import big_document
from fleetapi._converter import converter_for, format_datetime
from fleetapi.models.task import Task
from fleetapi.models.track import PointInfo
from fleetapi_mock import FleetMock

ANNA = 1
"""The demo employee carrying tracker 4, which the generated world drives for a day."""


def payloads(sizes: Sizes) -> dict[str, tuple[Any, type]]:
    """Wire payloads by name, with their types: tasks as ``task/list`` answers them, and a
    day of an employee's points as ``asset/track/read`` answers them."""
    mock = FleetMock(big_document(sizes.convert_items, sizes.points_every))
    with mock.login() as client:
        tasks = client.request("task/list", {"limit": None})["list"]
        now = mock.clock.now()
        answer = client.request(
            "asset/track/read",
            {
                "asset": {"id": ANNA, "type": "employee"},
                "from": format_datetime(now - dt.timedelta(days=1)),
                "to": format_datetime(now),
                "simplify": False,
                "filter": False,
            },
        )
    points = answer["list"][0]["track_points"]
    return {
        f"{len(tasks)} tasks": (tasks, list[Task]),
        f"{len(points)} track points": (points, list[PointInfo]),
    }


def bench_converter(sizes: Sizes) -> Tables:
    """Structure and unstructure big payloads with the lenient and the strict converter.

    ops/s counts items (tasks, points) per second.
    """
    lenient, strict = converter_for(), converter_for(strict=True)
    figures = []
    for name, (wire, kind) in payloads(sizes).items():
        items = len(wire)
        models = lenient.structure(wire, kind)
        runs = {
            f"structure {name} (lenient, SDK)": partial(lenient.structure, wire, kind),
            f"structure {name} (strict, mock)": partial(strict.structure, wire, kind),
            f"unstructure {name}": partial(lenient.unstructure, models, kind),
        }
        for label, run in runs.items():
            figures.append(figure(label, timed(run, sizes), per=items))
    return {"Converter throughput (per item)": figures}
