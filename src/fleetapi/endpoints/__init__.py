"""The call table: every API call, declared once.

``ENDPOINTS`` holds one :class:`~fleetapi._endpoint.Endpoint` per call, in the order of the
specification; ``BY_PATH`` finds one by its path or an alias. Everything else (SDK resources,
mock routes and validation, the OpenAPI document, the CLI, the reference docs) reads this table.
"""

from __future__ import annotations

from collections.abc import Mapping

from fleetapi._endpoint import Endpoint
from fleetapi.endpoints import (
    account,
    checkin,
    data,
    dealer,
    delivery,
    department,
    garage,
    geocoder,
    link,
    map_layer,
    payment,
    retranslator,
    task,
    track,
    tracker,
    vehicle,
)

__all__ = ["BY_PATH", "ENDPOINTS", "by_path"]

ENDPOINTS: tuple[Endpoint, ...] = (
    *account.ENDPOINTS,
    *checkin.ENDPOINTS,
    *vehicle.ENDPOINTS,
    *task.ENDPOINTS,
    *retranslator.ENDPOINTS,
    *link.ENDPOINTS,
    *track.ENDPOINTS,
    *department.ENDPOINTS,
    *garage.ENDPOINTS,
    *geocoder.ENDPOINTS,
    *map_layer.ENDPOINTS,
    *payment.ENDPOINTS,
    *data.ENDPOINTS,
    *dealer.ENDPOINTS,
    *delivery.ENDPOINTS,
    *tracker.ENDPOINTS,
)

BY_PATH: Mapping[str, Endpoint] = {
    path: endpoint for endpoint in ENDPOINTS for path in endpoint.all_paths
}


def by_path(path: str) -> Endpoint:
    """The endpoint of ``group/action`` (or an alias); ``KeyError`` when there is none."""
    return BY_PATH[path.strip("/")]
