"""Target 7: batch conversion of 10,000 tab-delimited rows in-process, in rows per second.

The project is ``vehicle/batch_convert`` and ``task/batch_convert`` through the mock's backend
(routing, validation, handler, answer); the baseline splits the same text into rows and cells
and writes them as JSON, the least any conversion does. The target is the project's own rate.
"""

from __future__ import annotations

import json

from bench.measure import Ratio, Sizes, Target, compare, per_run
from bench.worlds import caller
from fleetapi_mock import FleetMock

TARGET_ROWS_PER_SECOND = 50_000


def vehicle_rows(count: int) -> str:
    """``count`` vehicle rows (label, model, registration, fuel grade)."""
    return "".join(f"Van {i}\tSprinter\tB-V {i}\tDiesel\n" for i in range(count))


def task_rows(count: int) -> str:
    """``count`` task rows (label, address, from, to) at addresses of the demo gazetteer."""
    return "".join(
        f"Delivery {i}\tAlexanderplatz 1, Berlin\t2026-01-15 10:00:00\t2026-01-15 12:00:00\n"
        for i in range(count)
    )


def _split(text: str) -> bytes:
    return json.dumps([line.split("\t") for line in text.splitlines()]).encode()


def bench_batch(sizes: Sizes) -> list[Ratio]:
    """Rows per second of both batch conversions against splitting the same text."""
    mock = FleetMock(running_clock=False)
    bodies = {
        "vehicle/batch_convert": {
            "batch": vehicle_rows(sizes.rows),
            "fields": ["label", "model", "reg_number", "fuel_grade"],
        },
        "task/batch_convert": {
            "batch": task_rows(sizes.rows),
            "fields": ["label", "address", "from", "to"],
            "geocoder": "google",
        },
    }
    ratios = []
    for path, body in bodies.items():
        project = per_run(caller(mock, path, body), sizes.sample_time)
        baseline = per_run(lambda text=body["batch"]: _split(text), sizes.sample_time)  # type: ignore[misc]
        ratios.append(
            compare(
                f"{path}, {sizes.rows:,} rows",
                lambda project=project: sizes.rows / project(),  # type: ignore[misc]
                lambda baseline=baseline: sizes.rows / baseline(),  # type: ignore[misc]
                Target(TARGET_ROWS_PER_SECOND, at_least=True, absolute=True),
                sizes,
                unit="rows/s",
            )
        )
    return ratios
