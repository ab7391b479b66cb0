"""Target 7: batch conversion through the SDK, in rows converted per second.

The project is ``client.vehicle.batch_convert`` and ``client.task.batch_convert`` as a user
makes them: a ``FleetMock`` client in-process (the SDK's request, the mock's routing,
validation, handler and answer, the SDK's reading of the answer into models). A call converts
at most :data:`~fleetapi_mock.domain.batch.BATCH_ROW_LIMIT` rows (``limit_exceeded`` tells the
rest was dropped), so ``sizes.rows`` rows go in calls of that many, and what is counted is the
rows the answers hold. The baseline splits the same batches into cells and writes them as JSON,
the least any conversion does. The target is the project's own rate.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from bench.measure import Ratio, Sizes, Target, compare, per_second
from fleetapi import Client
from fleetapi.models.task_batch import BatchField
from fleetapi_mock import DEMO_API_KEY, FleetMock
from fleetapi_mock.domain.batch import BATCH_ROW_LIMIT

TARGET_ROWS_PER_SECOND = 50_000

VEHICLE_FIELDS = ["label", "model", "reg_number", "fuel_grade"]
TASK_FIELDS: list[BatchField] = ["label", "address", "from", "to"]


def vehicle_rows(count: int, first: int = 0) -> str:
    """``count`` vehicle rows (label, model, registration, fuel grade)."""
    return "".join(f"Van {i}\tSprinter\tB-V {i}\tDiesel\n" for i in range(first, first + count))


def task_rows(count: int, first: int = 0) -> str:
    """``count`` task rows (label, address, from, to) at addresses of the demo gazetteer."""
    return "".join(
        f"Delivery {i}\tAlexanderplatz 1, Berlin\t2026-01-15 10:00:00\t2026-01-15 12:00:00\n"
        for i in range(first, first + count)
    )


def batches(rows: Callable[[int, int], str], total: int) -> list[str]:
    """``total`` rows in batches of at most the row limit a call converts."""
    return [
        rows(min(BATCH_ROW_LIMIT, total - first), first)
        for first in range(0, total, BATCH_ROW_LIMIT)
    ]


def _split(text: str) -> int:
    """Split ``text`` into rows of cells and write them as JSON; the rows split."""
    rows = [line.split("\t") for line in text.splitlines()]
    json.dumps(rows).encode()
    return len(rows)


class Converting:
    """Every batch converted through one SDK method, once a run: the rows the answers hold."""

    def __init__(self, convert: Callable[[str], Any], texts: list[str]):
        self.convert, self.texts = convert, texts
        self.converted = self.with_errors = self.cut = 0

    def __call__(self) -> int:
        """One run: each batch in a call of its own; the rows answered."""
        converted = with_errors = cut = 0
        for text in self.texts:
            result = self.convert(text)
            converted += len(result.list)
            with_errors += sum(1 for row in result.list if row.errors)
            cut += result.limit_exceeded
        self.converted, self.with_errors, self.cut = converted, with_errors, cut
        return converted

    def note(self) -> str:
        """What the last run sent and what came back."""
        sent = sum(text.count("\n") for text in self.texts)
        return (
            f"{sent:,} rows sent in {len(self.texts)} call(s) of at most {BATCH_ROW_LIMIT:,}; "
            f"{self.converted:,} rows in the answers ({self.with_errors:,} with errors), "
            f"{self.cut} answer(s) cut at the limit"
        )


def bench_batch(sizes: Sizes) -> list[Ratio]:
    """Rows converted per second by both batch conversions through the SDK, against
    splitting the same text."""
    mock = FleetMock(running_clock=False)
    client: Client = mock.client(DEMO_API_KEY)
    calls: dict[str, tuple[Callable[[str], Any], list[str]]] = {
        "vehicle/batch_convert": (
            lambda text: client.vehicle.batch_convert(batch=text, fields=VEHICLE_FIELDS),
            batches(vehicle_rows, sizes.rows),
        ),
        "task/batch_convert": (
            lambda text: client.task.batch_convert(
                batch=text, fields=TASK_FIELDS, geocoder="google"
            ),
            batches(task_rows, sizes.rows),
        ),
    }
    ratios = []
    with client:
        for path, (convert, texts) in calls.items():
            project = Converting(convert, texts)
            baseline = per_second(
                lambda texts=texts: sum(_split(t) for t in texts),  # type: ignore[misc]
                sizes.sample_time,
            )
            ratio = compare(
                f"{path} through the SDK, {sizes.rows:,} rows",
                per_second(project, sizes.sample_time),
                baseline,
                Target(TARGET_ROWS_PER_SECOND, at_least=True, absolute=True),
                sizes,
                unit="rows/s",
            )
            ratios.append(dataclasses.replace(ratio, note=project.note()))
    return ratios
