"""Target 4: memory per stored record against the size of its compact JSON.

A world is loaded from the JSON text of a document with N more records of one kind, and the
memory it holds (traced by :mod:`tracemalloc`, the parsed text freed) is compared with the same
world without them, loaded right after; the baseline is the compact JSON of one record. A first
load, not measured, makes what a process makes once (caches, converter hooks): counted in
one world and not the other, it would pass for the records' own.
"""

from __future__ import annotations

import datetime as dt
import gc
import json
import tracemalloc
from typing import Any

from bench.measure import Ratio, Sizes, Target, alternate
from bench.worlds import FORMAT, long_track, scaled_document
from fleetapi_mock.state.world import World, demo_document


def _held(text: str) -> int:
    """Bytes a world loaded from ``text`` holds once loading is over."""
    gc.collect()
    tracemalloc.start()
    try:
        world = World.from_document(json.loads(text))
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del world
    return held


def _documents(kind: str, count: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document with ``count`` more records of ``kind``, and the one without."""
    base = demo_document()
    if kind == "track_points":
        grown = demo_document()
        end = dt.datetime.strptime(grown["now"], FORMAT) - dt.timedelta(days=3)
        grown["track_points"] = long_track(3, end, count, 5) + grown["track_points"]
        return grown, base
    grown = scaled_document(count)
    for other in ("vehicles", "tasks", "checkins"):
        if other != kind:
            grown[other] = base[other]
    return grown, base


def bench_memory(sizes: Sizes) -> list[Ratio]:
    """Bytes per stored task, vehicle, check-in and track point against their JSON."""
    ratios = []
    bounds = {"tasks": 1.5, "vehicles": 1.5, "checkins": 1.5, "track_points": 2.0}
    count = sizes.memory_records
    gc.collect()
    gc.freeze()  # each collection walks only the worlds loaded since, not the whole process
    try:
        for kind, bound in bounds.items():
            ratios.append(_figure(kind, bound, count, sizes))
    finally:
        gc.unfreeze()
    return ratios


def _figure(kind: str, bound: float, count: int, sizes: Sizes) -> Ratio:
    """Bytes per stored record of ``kind`` against its compact JSON."""
    grown, base = _documents(kind, count)
    added = grown[kind][:count] if kind == "track_points" else grown[kind][-count:]
    compact = sum(len(json.dumps(r, separators=(",", ":"))) for r in added) / count
    grown_text, base_text = json.dumps(grown), json.dumps(base)
    _held(grown_text)  # what a first load makes once (caches, hooks) is not a record's
    project, baseline = alternate(
        lambda g=grown_text, b=base_text: (_held(g) - _held(b)) / count,  # type: ignore[misc]
        lambda c=compact: c,  # type: ignore[misc]
        sizes.samples,
    )
    return Ratio(
        f"memory per stored {kind.rstrip('s').replace('_', ' ')} (vs its compact JSON)",
        project,
        baseline,
        "B",
        Target(bound),
        sizes.samples,
        f"{count:,} records",
    )
