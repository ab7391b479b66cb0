"""Target 2: lists scale with the page, not the world.

Each call asks for a page of 100 (``limit=100``) in a world of many records and in a small
one; the ratio is the time at the large size over the time at the small one. A whole list
(no limit) is compared per record answered between the two sizes: it must grow linearly.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.measure import Ratio, Sizes, Target, compare, per_run
from bench.worlds import caller, scaled_document, served
from fleetapi_mock import FleetMock

PAGE_CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "vehicle/list": ("vehicle/list", {"limit": 100}),
    "task/list": ("task/list", {"limit": 100}),
    "task/list, two conditions and a sort": (
        "task/list",
        {
            "limit": 100,
            "conditions": [
                {"type": "contains", "field": "label", "value": "Delivery"},
                {
                    "type": "in",
                    "field": "external_id",
                    "value": [str(100000 + n) for n in range(0, 7000, 7)],
                },
            ],
            "sort": ["to=desc"],
        },
    ),
    "checkin/list": ("checkin/list", {"limit": 100}),
}
"""The page calls, by figure name: their path and body."""


def _answered(call: Callable[[], bytes]) -> int:
    """The records one answer of ``call`` holds."""
    return len(json.loads(call())["list"])


def bench_lists(sizes: Sizes) -> list[Ratio]:
    """Pages of 100 at the large size against the small one; whole lists per record."""
    large = FleetMock(scaled_document(sizes.records), running_clock=False)
    small = FleetMock(scaled_document(sizes.small_records), running_clock=False)
    served(large, small)
    ratios = []
    for name, (path, body) in PAGE_CALLS.items():
        big_call, small_call = caller(large, path, body), caller(small, path, body)
        ratios.append(
            compare(
                f"{name}, 100 of {sizes.records:,} vs of {sizes.small_records:,}",
                per_run(big_call, sizes.sample_time),
                per_run(small_call, sizes.sample_time),
                Target(3.0),
                sizes,
                note=f"records answered: {_answered(big_call)} vs {_answered(small_call)}",
            )
        )
    whole = sizes.records // 10
    mid = FleetMock(scaled_document(whole), running_clock=False)
    small_whole = FleetMock(scaled_document(whole // 10), running_clock=False)
    served(mid, small_whole)
    for path in ("vehicle/list", "task/list", "checkin/list"):
        big_call, small_call = caller(mid, path, {}), caller(small_whole, path, {})
        big_count, small_count = _answered(big_call), _answered(small_call)
        big_run = per_run(big_call, sizes.sample_time)
        small_run = per_run(small_call, sizes.sample_time)
        ratios.append(
            compare(
                f"{path}, whole list per record at {whole:,} vs at {whole // 10:,}",
                lambda big_run=big_run, n=big_count: big_run() / n,  # type: ignore[misc]
                lambda small_run=small_run, n=small_count: small_run() / n,  # type: ignore[misc]
                Target(1.5),
                sizes,
                note=f"per record answered: {big_count:,} vs {small_count:,} (the demo "
                "world's own records with the added ones)",
            )
        )
    return ratios
