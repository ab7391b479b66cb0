"""Target 2: lists scale with the page, not the world.

Each call asks for a page of 100 (``limit=100``) in a world of many records and in a small
one; the ratio is the time at the large size over the time at the small one. Every field a
list filters on gets a figure of its own (:data:`FILTERS`), as a dispatcher filters. A whole list
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


_DAY = "2026-01-14"  # the scaled world's tasks and check-ins lie in the day before its now
_HOURS = {"from": f"{_DAY} 09:00:00", "to": f"{_DAY} 11:00:00"}  # the first two hours
_PERIOD = dict(_HOURS)


def _condition(kind: str, field: str, value: Any) -> dict[str, Any]:
    return {"conditions": [{"type": kind, "field": field, "value": value}]}


TASK_FILTERS: dict[str, dict[str, Any]] = {
    "condition id": _condition("eq", "id", 1500),
    "condition employee": _condition("eq", "employee", 1),
    "condition status": _condition("in", "status", ["assigned"]),
    "condition label": _condition("contains", "label", "Delivery 1"),
    "condition location": _condition("contains", "location", "Stop 1"),
    "condition description": _condition("contains", "description", "stop 3"),
    "condition external_id": _condition("in", "external_id", [str(100000 + n) for n in range(100)]),
    "condition stay_duration": _condition("eq", "stay_duration", 0),
    "condition form": _condition("eq", "form", 1),
    "condition from": _condition("period", "from", _PERIOD),
    "condition to": _condition(
        "period", "to", {"from": f"{_DAY} 11:00:00", "to": f"{_DAY} 13:00:00"}
    ),
    "condition status_change_date": _condition("period", "status_change_date", _PERIOD),
    "condition arrival_date": _condition("period", "arrival_date", _PERIOD),
    "external_id": {"external_id": "100500"},
    "statuses": {"statuses": ["assigned"]},
    "trackers": {"trackers": [1]},
    "from and to": dict(_HOURS),
    "filter": {"filter": "Delivery 1"},
    "filters": {"filters": ["Stop 1"]},
    "tag_ids": {"tag_ids": [1]},
    "location": {"location": {"lat": 52.52, "lng": 13.405, "radius": 2000}},
}
"""A filter of ``task/list`` on each field it filters on (conditions and its own parameters),
as a dispatcher sets one."""

CHECKIN_FILTERS: dict[str, dict[str, Any]] = {
    "condition employee": _condition("eq", "employee", 1),
    "condition tracker_id": _condition("eq", "tracker_id", 4),
    "condition marker_time": _condition("period", "marker_time", _PERIOD),
    "condition location": _condition("contains", "location", "Alexanderplatz"),
    "condition comment": _condition("contains", "comment", "Parcel 1"),
    "condition form": _condition("eq", "form", 1),
    "trackers": {"trackers": [4]},
    "from and to": dict(_HOURS),
    "location": {"location": {"lat": 52.52, "lng": 13.405, "radius": 2000}},
}
"""The same for ``checkin/list``."""

VEHICLE_FILTERS: dict[str, dict[str, Any]] = {
    "filter": {"filter": "Van 1"},
    "filter and a sort": {"filter": "Van 1", "sort": ["reg_number=desc"]},
}
"""The same for ``vehicle/list`` (its one filter: text over the VIN, registration and label)."""

FILTERS: dict[str, dict[str, dict[str, Any]]] = {
    "task/list": TASK_FILTERS,
    "checkin/list": CHECKIN_FILTERS,
    "vehicle/list": VEHICLE_FILTERS,
}


def _answered(call: Callable[[], bytes]) -> int:
    """The records one answer of ``call`` holds."""
    return len(json.loads(call())["list"])


def bench_lists(sizes: Sizes) -> list[Ratio]:
    """Pages of 100 at the large size against the small one; whole lists per record."""
    large = FleetMock(scaled_document(sizes.records), running_clock=False)
    small = FleetMock(scaled_document(sizes.small_records), running_clock=False)
    served(large, small)
    pages = [(name, path, body) for name, (path, body) in PAGE_CALLS.items()] + [
        (f"{path} filtered by {name}", path, {"limit": 100, **body})
        for path, filters in FILTERS.items()
        for name, body in filters.items()
    ]
    ratios = []
    for name, path, body in pages:
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
