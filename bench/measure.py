"""Measuring: samples alternated between the project and its baseline, ratios and targets.

Every figure of the suite is a :class:`Ratio`: the median of at least five samples of the
project and of a baseline doing the same job the cheapest known way, taken in turn (project,
baseline, baseline, project...) so that a change in the machine's load falls on both. The
tiny run of the tests takes three: it checks that every figure is made, not what it shows.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO


@dataclasses.dataclass(frozen=True)
class Sizes:
    """How much work each figure does: the default run, or tiny (the tests)."""

    samples: int
    """Samples of the project and of the baseline per figure (the median is kept)."""
    sample_time: float
    """Seconds a timed sample runs at least (a fast call is repeated and averaged)."""
    http_time: float
    """Seconds of load per sample over HTTP."""
    http_samples: int
    """Samples of each server under load (more than elsewhere: a shared machine's other work
    moves these most)."""
    records: int
    """Records of the large world (vehicles, tasks, check-ins)."""
    small_records: int
    """Records of the small world the large one is compared with."""
    points: int
    """Track points of the tracker with a long history."""
    memory_records: int
    """Records stored to measure the memory of one."""
    decoded: int
    """Vehicles of the decoding figure."""
    rows: int
    """Rows of the batch conversions."""
    fed: int
    """Points fed into a world."""
    concurrency: tuple[int, ...]
    """Concurrent connections over HTTP."""
    month_points: int
    """Points of the month of one tracker the report plugins read (259,200: one every 10
    seconds)."""
    swept: int | None
    """Commands of each start-up sweep (every area's call, every group's help); ``None``: all."""
    loop_calls: int
    """Calls of one sample of a call made in a loop over HTTP (the SDK against plain clients)."""


DEFAULT = Sizes(
    samples=5, sample_time=0.2, http_time=1.0, http_samples=9, records=100_000,
    small_records=1000, points=1_000_000, memory_records=20_000, decoded=1000, rows=10_000,
    fed=1000, concurrency=(1, 32), month_points=259_200, swept=None, loop_calls=2000,
)  # fmt: skip
TINY = Sizes(
    samples=3, sample_time=0.0, http_time=0.02, http_samples=3, records=300, small_records=30,
    points=3000, memory_records=50, decoded=10, rows=50, fed=20, concurrency=(1, 4),
    month_points=4320, swept=2, loop_calls=10,
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Target:
    """What a figure must show: its ratio at most (times, sizes) or at least (rates)
    ``bound``, or with ``absolute``, the project's own value at least ``bound``."""

    bound: float
    at_least: bool = False
    absolute: bool = False
    info: bool = False
    """No target: the figure is for information (always met)."""

    def met(self, ratio: float, project: float) -> bool:
        """Whether the figure meets the target."""
        if self.info:
            return True
        value = project if self.absolute else ratio
        return value >= self.bound if self.at_least else value <= self.bound

    def describe(self, unit: str) -> str:
        """The target as printed: ``≤ 1.5x``, ``≥ 0.8x``, ``≥ 50000 rows/s``, ``none``."""
        if self.info:
            return "none"
        sign = "≥" if self.at_least else "≤"
        if self.absolute:
            return f"{sign} {self.bound:g} {unit}"
        return f"{sign} {self.bound:g}x"


@dataclasses.dataclass(frozen=True)
class Ratio:
    """One figure: the project against its baseline, and the target for their ratio."""

    figure: str
    project: float
    baseline: float
    unit: str
    """``s`` (time per run), ``req/s``, ``rows/s`` or ``B`` (bytes)."""
    target: Target
    samples: int
    note: str = ""
    """More of what was measured (server CPU per request, the sizes involved)."""
    skipped: str = ""
    """Why the figure was not measured, and how to make it measurable (nothing measured)."""

    @property
    def ratio(self) -> float:
        """The project's value over the baseline's."""
        return self.project / self.baseline if self.baseline else math.inf

    @property
    def met(self) -> bool:
        """Whether the target is met (never when skipped)."""
        return not self.skipped and self.target.met(self.ratio, self.project)

    def as_json(self) -> dict[str, Any]:
        """The figure as a JSON object."""
        measured = not self.skipped
        return {
            "figure": self.figure,
            "project": self.project if measured else None,
            "baseline": self.baseline if measured else None,
            "unit": self.unit,
            "ratio": self.ratio if measured else None,
            "target": self.target.describe(self.unit),
            "met": self.met,
            "samples": self.samples,
            "note": self.note,
            "skipped": self.skipped,
        }


def skipped(figure: str, unit: str, target: Target, reason: str) -> Ratio:
    """A figure that could not be measured here, saying why and how to install what it needs."""
    return Ratio(figure, math.nan, math.nan, unit, target, 0, skipped=reason)


Sample = Callable[[], float]
"""Takes one sample and answers its value (seconds per run, a rate, bytes)."""


def alternate(project: Sample, baseline: Sample, samples: int) -> tuple[float, float]:
    """The medians of ``samples`` samples of each, taken in turn (the order swaps each round
    so neither side always runs first)."""
    taken: tuple[list[float], list[float]] = ([], [])
    for round_ in range(samples):
        order = ((0, project), (1, baseline)) if round_ % 2 == 0 else ((1, baseline), (0, project))
        for side, take in order:
            gc.collect()
            taken[side].append(take())
    return statistics.median(taken[0]), statistics.median(taken[1])


def alternate_all(sides: list[Sample], samples: int) -> list[float]:
    """The medians of ``samples`` samples of each side, taken in rounds of one sample each;
    each round starts one side further on, so that every side takes every place in turn."""
    taken: list[list[float]] = [[] for _ in sides]
    for round_ in range(samples):
        for step in range(len(sides)):
            side = (round_ + step) % len(sides)
            gc.collect()
            taken[side].append(sides[side]())
    return [statistics.median(values) for values in taken]


def per_run(func: Callable[[], object], min_time: float) -> Sample:
    """A sample of the seconds one call of ``func`` takes: it is called until ``min_time``
    has passed (at least once) and the mean is the sample. ``func`` runs once first, as a
    warm-up."""
    func()

    def sample() -> float:
        clock = time.perf_counter
        runs = 0
        started = clock()
        while True:
            func()
            runs += 1
            elapsed = clock() - started
            if elapsed >= min_time:
                return elapsed / runs

    return sample


def per_loop(func: Callable[[], object], calls: int) -> Sample:
    """A sample of the seconds one call of ``func`` takes, over a loop of ``calls`` calls
    (``func`` runs once first, as a warm-up)."""
    func()

    def sample() -> float:
        started = time.perf_counter()
        for _ in range(calls):
            func()
        return (time.perf_counter() - started) / calls

    return sample


def per_second(func: Callable[[], int], min_time: float) -> Sample:
    """A sample of how much ``func`` does a second: it answers how much it did (rows
    converted, answers received: what was done, not what was asked) and is called until
    ``min_time`` has passed (at least once); the sample is the sum over the seconds.
    ``func`` runs once first, as a warm-up."""
    func()

    def sample() -> float:
        clock = time.perf_counter
        done = 0
        started = clock()
        while True:
            done += func()
            elapsed = clock() - started
            if elapsed >= min_time:
                return done / elapsed

    return sample


def compare(
    figure: str,
    project: Sample,
    baseline: Sample,
    target: Target,
    sizes: Sizes,
    *,
    unit: str = "s",
    note: str = "",
) -> Ratio:
    """The :class:`Ratio` of two samplers, alternated (see :func:`alternate`)."""
    mine, theirs = alternate(project, baseline, sizes.samples)
    return Ratio(figure, mine, theirs, unit, target, sizes.samples, note)


def _value(value: float, unit: str) -> str:
    if unit == "s":
        if value >= 1:
            return f"{value:.2f} s"
        if value >= 1e-3:
            return f"{value * 1e3:.2f} ms"
        return f"{value * 1e6:.1f} µs"
    if unit == "B":
        return f"{value:,.0f} B"
    return f"{value:,.0f} {unit}"


def _met(ratio: Ratio) -> str:
    if ratio.target.info:
        return "-"
    return "yes" if ratio.met else "NO"


def print_ratios(title: str, ratios: Iterable[Ratio], out: TextIO | None = None) -> None:
    """Print ``ratios`` as one table: figure, project, baseline, ratio, target, met."""
    stream = out if out is not None else sys.stdout
    rows = list(ratios)
    width = max([len(r.figure) for r in rows] + [30])
    print(f"\n== {title}", file=stream)
    header = (
        f"{'figure':<{width}} {'project':>13} {'baseline':>13} {'ratio':>9} {'target':>16}  met"
    )
    print(header, file=stream)
    print("-" * len(header), file=stream)
    for r in rows:
        if r.skipped:
            print(f"{r.figure:<{width}} skipped: {r.skipped}", file=stream, flush=True)
            continue
        print(
            f"{r.figure:<{width}} {_value(r.project, r.unit):>13} "
            f"{_value(r.baseline, r.unit):>13} {r.ratio:>8.2f}x "
            f"{r.target.describe(r.unit):>16}  {_met(r)}",
            file=stream,
            flush=True,
        )
        if r.note:
            print(f"{'':<{width}}   {r.note}", file=stream, flush=True)


def write_json(path: Path, ratios: Iterable[Ratio], sizes: Sizes, seconds: float) -> None:
    """Write the figures as JSON to ``path`` (its folder is made when missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "sizes": dataclasses.asdict(sizes),
        "seconds": round(seconds, 1),
        "figures": [r.as_json() for r in ratios],
    }
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
