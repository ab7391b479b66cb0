"""Zones (geofences): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.geo import Zone, ZoneListParams

ZONE_LIST = Endpoint(
    path="zone/list",
    params=ZoneListParams,
    result=Result.field("list", list[Zone]),
    summary="List the account's zones (geofences), by ID.",
    resource="zones",
    method="list",
    safe=True,
    paging=Paging(total=None),
    origin="service",
    notes=(
        "Decided: `filter` matches the label or the address; the points of polygons and "
        "sausages are answered only with `with_points`."
    ),
)

ENDPOINTS = (ZONE_LIST,)
