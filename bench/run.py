"""Benchmarks that print figures: converter, request building, in-process mock, CLI start-up.

Run with ``make bench``. Nothing here asserts a speed; the figures are for reading and comparing.
"""

from __future__ import annotations

import datetime as dt
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from fleetapi._converter import converter_for
from fleetapi._core import build_request, resolve_config
from fleetapi.models.tracker import TagBinding, Tracker, TrackerSource

BIN = Path(sys.executable).parent


def measure(name: str, func: Callable[[], object], *, number: int, repeat: int = 5) -> None:
    """Print the best and median time per call of ``func``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(number):
            func()
        times.append((time.perf_counter() - started) / number)
    best, median = min(times), statistics.median(times)
    print(f"{name:<48} best {best * 1e6:10.1f} µs   median {median * 1e6:10.1f} µs")


def trackers(count: int) -> list[Tracker]:
    source = TrackerSource(
        id=1, device_id="1234567", model="gt06", blocked=False, tariff_id=3,
        creation_date=dt.date(2026, 1, 1),
    )  # fmt: skip
    return [
        Tracker(
            id=i, label=f"Truck {i}", source=source, tag_bindings=[TagBinding(tag_id=1, ordinal=0)]
        )
        for i in range(count)
    ]


def bench_converter() -> None:
    conv = converter_for()
    items = trackers(1000)
    wire = conv.unstructure(items)
    measure("converter: unstructure 1000 trackers", lambda: conv.unstructure(items), number=5)
    measure(
        "converter: structure 1000 trackers (client)",
        lambda: conv.structure(wire, list[Tracker]),
        number=5,
    )
    strict = converter_for(strict=True)
    measure(
        "converter: structure 1000 trackers (strict)",
        lambda: strict.structure(wire, list[Tracker]),
        number=5,
    )


def bench_core() -> None:
    config = resolve_config(base_url="http://127.0.0.1:8765", api_key="a" * 32, env={})
    measure(
        "core: build one request",
        lambda: build_request(config, "tracker/list", {"labels": ["a"]}),
        number=2000,
    )


def bench_mock() -> None:
    from fleetapi import Client
    from fleetapi_mock import FleetMock

    mock = FleetMock()
    client = Client.login(mock.base_url, "demo", "demo", transport=mock.transport)
    measure("mock in-process: base/nothing", client.base.nothing, number=200)
    measure("mock in-process: tracker/list", client.trackers.list, number=200)


def best_process_time(argv: list[str], runs: int = 5) -> float:
    """The best wall time of a whole process, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return min(times) * 1e3


def bench_startup() -> None:
    python = sys.executable
    figures = {
        "process: python -c pass": [python, "-c", "pass"],
        "process: import fleetapi (errors, types)": [python, "-c", "import fleetapi"],
        "process: import the Client (table, models)": [python, "-c", "from fleetapi import Client"],
        "process: fleet --help (piped)": [str(BIN / "fleet"), "--help"],
        "process: fleet key --help (piped)": [str(BIN / "fleet"), "key", "--help"],
    }
    for name, argv in figures.items():
        print(f"{name:<48} best {best_process_time(argv):10.1f} ms")


def main() -> None:
    """Run every benchmark."""
    bench_converter()
    bench_core()
    bench_mock()
    bench_startup()


if __name__ == "__main__":
    main()
