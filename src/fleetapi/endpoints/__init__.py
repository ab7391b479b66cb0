"""The call table: every API call, declared once.

``ENDPOINTS`` holds one :class:`~fleetapi._endpoint.Endpoint` per call, in the order of the
specification; ``find`` (and ``by_path``) finds one by its path or an alias, importing its
area alone (``fleetapi._endpoint_areas``, generated); ``BY_PATH`` maps every path. Everything
else (SDK resources, mock routes and validation, the OpenAPI document, the CLI, the reference
docs) reads this table.

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
    "find",
]

AREAS: tuple[str, ...] = (
    "account",
    "beacon",
    "checkin",
    "vehicle",
    "task",
    "task_schedule",
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
    "tracker_chat",
    "tracker_command",
    "tracker_contact",
    "tracker_settings",
    "sensor",
    "reading",
    "rule",
    "history",
    "user",
    "zone",
    "place",
    "entity",
    "tag",
    "form",
    "route",
    "report",
    "report_schedule",
    "event",
    "subuser",
    "timezone",
    "plugin",
    "notification",
    "feedback",
    "file",
    "tariff",
    "transaction",
    "status",
    "asset_group",
    "service_task",
    "driver_journal",
    "task_form",
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


def find(path: str) -> Endpoint | None:
    """The endpoint of ``group/action`` (or an alias), importing the module of its area alone
    (``fleetapi._endpoint_areas``, generated); ``None`` when the table has no such call."""
    from fleetapi._endpoint_areas import AREA_OF

    path = path.strip("/")
    area = AREA_OF.get(path)
    if area is None:
        return None
    module = importlib.import_module(f"{__name__}.{area}")
    found: Endpoint = next(e for e in module.ENDPOINTS if path in e.all_paths)
    return found


def by_path(path: str) -> Endpoint:
    """The endpoint of ``group/action`` (or an alias); ``KeyError`` when there is none."""
    found = find(path)
    if found is None:
        raise KeyError(path.strip("/"))
    return found
