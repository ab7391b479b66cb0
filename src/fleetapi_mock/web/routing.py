"""Finding the call a URL path names, whatever the prefix before it.

Base URLs carry a prefix (``/v2``, ``/api-v2``, a mount point such as ``/panel/v2``) or none,
and clients add a trailing slash. The call is the longest trailing ``<group>/<action>`` of the
path that the call table declares; what comes before it is the prefix. A prefix never holds
the name of an API group: ``/v2/report/tracker/list`` names the call
``report/tracker/list``, not ``tracker/list`` under the prefix ``/v2/report``, so a call the
mock does not declare is unknown (code 5), never another call's answer.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from fleetapi._endpoint import Endpoint
from fleetapi.endpoints import BY_PATH

__all__ = ["DOCUMENTED_GROUPS", "api_groups", "route", "route_with_prefix"]

DOCUMENTED_GROUPS: Final = frozenset(
    {
        "api", "apn_settings", "asset", "asset_group", "base", "beacon", "bill", "checkin",
        "dealer", "delivery", "department", "driver", "employee", "entity", "feedback", "file",
        "form", "garage", "geocoder", "history", "map_layer", "notification", "payment_system",
        "place", "plugin", "report", "retranslator", "route", "status", "subscription",
        "subuser", "tag", "tariff", "task", "timezone", "track", "tracker", "transaction",
        "user", "vehicle", "zone",
    }
)  # fmt: skip
"""The groups of the service's documented calls (the first segment of each call path), the
table's own included: no prefix holds one."""


@cache
def api_groups() -> frozenset[str]:
    """The groups no prefix may hold: the documented ones and every group of the table."""
    return DOCUMENTED_GROUPS | {path.split("/", 1)[0] for path in BY_PATH}


def route(path: str) -> Endpoint | None:
    """The endpoint ``path`` names (see the module), or ``None`` for an unknown call."""
    return route_with_prefix(path)[0]


def route_with_prefix(path: str) -> tuple[Endpoint | None, str]:
    """The endpoint of ``path`` (see :func:`route`) and the path before it (``/v2``, ``""``);
    the answers for the last few thousand short paths are remembered."""
    return _remembered(path) if len(path) <= _REMEMBERED_LENGTH else _route_with_prefix(path)


_REMEMBERED_LENGTH: Final = 256
"""Paths up to this long have their routes remembered (at most a megabyte of paths in all)."""


@lru_cache(maxsize=4096)
def _remembered(path: str) -> tuple[Endpoint | None, str]:
    return _route_with_prefix(path)


def _route_with_prefix(path: str) -> tuple[Endpoint | None, str]:
    segments = [s for s in path.split("/") if s]
    for start in range(len(segments)):
        endpoint = BY_PATH.get("/".join(segments[start:]))
        if endpoint is not None:
            prefix = segments[:start]
            if api_groups().intersection(prefix):
                return None, ""
            return endpoint, "".join(f"/{s}" for s in prefix)
    return None, ""
