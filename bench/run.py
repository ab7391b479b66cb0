"""Run the benchmark suite: ``bench/run.py [--only GROUP ...] [--json PATH] [--profile GROUP]``.

Prints one table (figure, project, baseline, ratio, target) and writes it as JSON. Nothing
here fails on a slow figure: the figures are for reading (see ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: import the suite as the package ``bench``
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.batch import bench_batch
from bench.lists import bench_lists
from bench.measure import DEFAULT, TINY, Ratio, Sizes, print_ratios, write_json
from bench.memory import bench_memory
from bench.peers import bench_peers
from bench.reports import bench_reports
from bench.sdk import bench_sdk
from bench.served import bench_served
from bench.shared import bench_shared
from bench.startup import bench_startup
from bench.stream import bench_stream
from bench.tracks import bench_tracks

GROUPS: dict[str, Callable[[Sizes], list[Ratio]]] = {
    "served": bench_served,
    "peers": bench_peers,
    "lists": bench_lists,
    "tracks": bench_tracks,
    "memory": bench_memory,
    "sdk": bench_sdk,
    "cli": bench_startup,
    "batch": bench_batch,
    "shared": bench_shared,
    "stream": bench_stream,
    "reports": bench_reports,
}
"""The figures by group, in the order of the targets (``docs/benchmarks.md``)."""

DEFAULT_JSON = Path("build/bench.json")


def main(argv: list[str] | None = None) -> list[Ratio]:
    """Run the selected groups (all by default), print the table and write the JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--only", action="append", choices=list(GROUPS), metavar="GROUP",
        help=f"run only this group (repeatable): {', '.join(GROUPS)}",
    )  # fmt: skip
    parser.add_argument(
        "--json", type=Path, default=DEFAULT_JSON, metavar="PATH",
        help=f"where to write the figures (default {DEFAULT_JSON})",
    )  # fmt: skip
    parser.add_argument(
        "--profile", choices=list(GROUPS), metavar="GROUP",
        help="run one group under cProfile and print where its time went",
    )  # fmt: skip
    parser.add_argument(
        "--tiny", action="store_true", help="the smallest sizes: only checks that the suite runs"
    )
    args = parser.parse_args(argv)
    sizes = TINY if args.tiny else DEFAULT
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(GROUPS[args.profile], sizes)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        return []
    started = time.perf_counter()
    ratios: list[Ratio] = []
    for name, group in GROUPS.items():
        if args.only and name not in args.only:
            continue
        print(f"{name}: {(group.__doc__ or '').splitlines()[0]}", file=sys.stderr, flush=True)
        gc.collect()
        gc.freeze()  # the collections between samples walk what the group made, no more
        try:
            ratios += group(sizes)
        finally:
            gc.unfreeze()
    seconds = time.perf_counter() - started
    title = f"medians of {sizes.samples} samples, {sizes.http_samples} under load over HTTP"
    print_ratios(f"fleetapi against its baselines ({title})", ratios)
    scored = [r for r in ratios if not r.skipped and not r.target.info]
    others = [
        f"{count} {what}"
        for count, what in (
            (sum(r.target.info and not r.skipped for r in ratios), "for information"),
            (sum(bool(r.skipped) for r in ratios), "skipped"),
        )
        if count
    ]
    extra = f" ({', '.join(others)})" if others else ""
    met = sum(r.met for r in scored)
    print(f"\n{met} of {len(scored)} figures meet their target{extra} ({seconds:.0f} s)")
    write_json(args.json, ratios, sizes, seconds)
    print(f"written to {args.json}")
    return ratios


if __name__ == "__main__":
    main()
