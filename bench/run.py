"""Run the benchmarks and print their figures: ``bench/run.py [--full] [--only NAME ...]``.

Nothing here asserts a speed; the figures are for reading and comparing (see
``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: import the suite as the package ``bench``
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.calls import bench_roundtrip, bench_split
from bench.conversion import bench_converter
from bench.documents import bench_world
from bench.measure import FULL, QUICK, TINY, Sizes, Tables, print_table
from bench.served import bench_http
from bench.startup import bench_cli

BENCHMARKS: dict[str, Callable[[Sizes], Tables]] = {
    "roundtrip": bench_roundtrip,
    "split": bench_split,
    "http": bench_http,
    "converter": bench_converter,
    "cli": bench_cli,
    "world": bench_world,
}
"""Every benchmark by name, in the order ``make bench`` runs them."""


def main(argv: list[str] | None = None) -> None:
    """Run the selected benchmarks (all by default) and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sizing = parser.add_mutually_exclusive_group()
    sizing.add_argument("--full", action="store_true", help="more iterations and bigger loads")
    sizing.add_argument(
        "--tiny", action="store_true", help="the smallest sizes: only checks that the suite runs"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(BENCHMARKS),
        metavar="NAME",
        help=f"run only this benchmark (repeatable): {', '.join(BENCHMARKS)}",
    )
    args = parser.parse_args(argv)
    sizes = FULL if args.full else TINY if args.tiny else QUICK
    started = time.perf_counter()
    for name, bench in BENCHMARKS.items():
        if args.only and name not in args.only:
            continue
        print(f"\n# {name}: {(bench.__doc__ or '').splitlines()[0]}", flush=True)
        for title, figures in bench(sizes).items():
            print_table(title, figures)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
