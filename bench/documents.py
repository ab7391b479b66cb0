"""World documents: load, save and ``__mock__/reset`` for the demo world and a large one."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from bench.measure import Figure, Sizes, Tables, sample
from bench.worlds import big_document
from fleetapi_mock import FleetMock, World, demo_document


def reset(mock: FleetMock, body: bytes) -> None:
    """``POST /__mock__/reset`` through the backend (the starting world, or ``body``)."""
    answer = mock.backend.handle("POST", "/__mock__/reset", {}, {}, body)
    if answer.status != 200:
        raise RuntimeError(f"reset answered {answer.status}: {answer.body[:200]!r}")


def world_figures(name: str, document: dict[str, Any], sizes: Sizes) -> list[Figure]:
    """Load, save and reset figures of one world document."""
    text = json.dumps(document)
    mock = FleetMock(document)
    return [
        sample(f"{name}: World.from_document", partial(World.from_document, document), sizes),
        sample(f"{name}: World.to_document", mock.world.to_document, sizes),
        sample(f"{name}: JSON text to World", lambda: World.from_document(json.loads(text)), sizes),
        sample(f"{name}: World to JSON text", lambda: json.dumps(mock.world.to_document()), sizes),
        sample(f"{name}: __mock__/reset (starting world)", partial(reset, mock, b""), sizes),
        sample(
            f"{name}: __mock__/reset (posted document)",
            partial(reset, mock, text.encode()),
            sizes,
        ),
    ]


def bench_world(sizes: Sizes) -> Tables:
    """World document load, save and reset: the demo world and a large generated one."""
    big = big_document(sizes.tasks, sizes.points_every)
    points = len(big["track_points"])
    return {
        "World documents": [
            *world_figures("demo", demo_document(), sizes),
            *world_figures(f"large ({sizes.tasks} tasks, {points} points)", big, sizes),
        ]
    }
