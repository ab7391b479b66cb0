"""The call table: every API call, declared once.

``ENDPOINTS`` holds one :class:`~fleetapi._endpoint.Endpoint` per call, in the order of the
specification; ``BY_PATH`` finds one by its path or an alias. Everything else (SDK resources,
mock routes and validation, the OpenAPI document, the CLI, the reference docs) reads this table.

Each area's calls live in a module of this package (``fleetapi.endpoints.tracker``); the table
is assembled on first use, so that a program making one area's calls imports that area alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from fleetapi._endpoint import Access, Endpoint, FileVariant, Paging, Result

__all__ = [
    "AREAS",
    "BY_PATH",
    "ENDPOINTS",
    "Access",
    "Endpoint",
    "FileVariant",
    "Paging",
    "Result",
    "by_path",
]

AREAS: tuple[str, ...] = (
    "account",
    "checkin",
    "vehicle",
    "task",
    "retranslator",
    "link",
    "track",
    "department",
    "employee",
    "garage",
    "geocoder",
    "map_layer",
    "payment",
    "data",
    "dealer",
    "delivery",
    "tracker",
    "tracker_group",
    "tracker_data",
    "sensor",
    "reading",
    "rule",
    "history",
    "user",
    "zone",
    "place",
    "tag",
    "form",
    "route",
    "report",
)
"""The modules of this package, in the order of the table (each has its ``ENDPOINTS``)."""

if TYPE_CHECKING:
    ENDPOINTS: tuple[Endpoint, ...]
    BY_PATH: Mapping[str, Endpoint]


@cache
def _table() -> tuple[tuple[Endpoint, ...], Mapping[str, Endpoint]]:
    endpoints = tuple(
        endpoint
        for area in AREAS
        for endpoint in importlib.import_module(f"{__name__}.{area}").ENDPOINTS
    )
    return endpoints, {path: e for e in endpoints for path in e.all_paths}


def __getattr__(name: str) -> Any:
    if name == "ENDPOINTS":
        return _table()[0]
    if name == "BY_PATH":
        return _table()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def by_path(path: str) -> Endpoint:
    """The endpoint of ``group/action`` (or an alias); ``KeyError`` when there is none."""
    return _table()[1][path.strip("/")]
