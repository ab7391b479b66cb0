"""Timing and printing: figures (median, p95, ops/s) and the sizes of a run."""

from __future__ import annotations

import dataclasses
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from typing import TextIO


@dataclasses.dataclass(frozen=True)
class Sizes:
    """How much work each benchmark does: the quick default, ``--full``, or tiny (tests)."""

    iterations: int
    """Timed calls per figure (at most; see ``budget``)."""
    budget: float
    """Seconds one figure may take before it stops with the calls it has."""
    tasks: int
    """Tasks in the generated world (``task/list``, the large world)."""
    points_every: int
    """Seconds between the track points of the generated world's day."""
    batch_rows: int
    """Rows of ``vehicle/batch_convert``."""
    convert_items: int
    """Items of the converter payloads."""
    http_requests: int
    """Requests per concurrency level over HTTP."""
    http_clients: tuple[int, ...]
    """The concurrency levels over HTTP."""
    processes: int
    """Runs of each CLI process."""


QUICK = Sizes(
    iterations=200, budget=0.8, tasks=10000, points_every=30, batch_rows=1000,
    convert_items=5000, http_requests=400, http_clients=(1, 4, 16), processes=5,
)  # fmt: skip
FULL = Sizes(
    iterations=2000, budget=10.0, tasks=10000, points_every=10, batch_rows=1000,
    convert_items=20000, http_requests=4000, http_clients=(1, 4, 16, 64), processes=20,
)  # fmt: skip
TINY = Sizes(
    iterations=2, budget=0.5, tasks=20, points_every=120, batch_rows=5,
    convert_items=10, http_requests=4, http_clients=(2,), processes=1,
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Figure:
    """One measured thing: how often it ran and its time per run (seconds)."""

    name: str
    iterations: int
    median: float
    p95: float
    throughput: float | None = None
    """Runs per second measured over the whole run (concurrent runs); else ``1 / median``."""

    @property
    def ops(self) -> float:
        """Runs per second: the measured throughput, else at the median time."""
        if self.throughput is not None:
            return self.throughput
        return 1 / self.median if self.median > 0 else math.inf


Tables = dict[str, list[Figure]]
"""What a benchmark answers: tables of figures by title."""


def figure(name: str, times: list[float], *, per: int = 1) -> Figure:
    """The figure of ``times`` (seconds per sample), each sample covering ``per`` operations."""
    ordered = sorted(t / per for t in times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return Figure(name, len(ordered) * per, statistics.median(ordered), p95)


def timed(func: Callable[[], object], sizes: Sizes, *, warmup: int = 1) -> list[float]:
    """The time of each call of ``func``: ``sizes.iterations`` calls, or fewer once the
    budget is spent (always at least one)."""
    for _ in range(warmup):
        func()
    times: list[float] = []
    deadline = time.perf_counter() + sizes.budget
    clock = time.perf_counter
    while len(times) < sizes.iterations:
        started = clock()
        func()
        ended = clock()
        times.append(ended - started)
        if ended > deadline:
            break
    return times


def sample(name: str, func: Callable[[], object], sizes: Sizes, *, warmup: int = 1) -> Figure:
    """Time ``func`` (see :func:`timed`) into a figure."""
    return figure(name, timed(func, sizes, warmup=warmup))


def _duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:8.2f} s "
    if seconds >= 1e-3:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds * 1e6:8.1f} µs"


def print_table(title: str, figures: Iterable[Figure], out: TextIO | None = None) -> None:
    """Print ``figures`` as a table under ``title``."""
    stream = out if out is not None else sys.stdout
    rows = list(figures)
    width = max([len(f.name) for f in rows] + [40])
    print(f"\n== {title}", file=stream)
    header = f"{'name':<{width}} {'iterations':>10} {'median':>11} {'p95':>11} {'ops/s':>10}"
    print(header, file=stream)
    print("-" * len(header), file=stream)
    for f in rows:
        print(
            f"{f.name:<{width}} {f.iterations:>10} {_duration(f.median):>11} "
            f"{_duration(f.p95):>11} {f.ops:>10.1f}",
            file=stream,
            flush=True,
        )
