"""Zones (geofences): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.geo import (
    Zone,
    ZoneLabel,
    ZoneListParams,
    ZoneReadParams,
    ZoneSearchLocationParams,
)

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

ZONE_READ = Endpoint(
    path="zone/read",
    params=ZoneReadParams,
    result=Result.field("value", Zone),
    summary="Read one zone (geofence) of the account.",
    resource="zones",
    method="read",
    safe=True,
    errors=(201,),
    origin="service",
    notes="Decided: the points of a polygon or a sausage are answered only with `with_points`.",
)

ZONE_SEARCH_LOCATION = Endpoint(
    path="zone/search_location",
    params=ZoneSearchLocationParams,
    result=Result.field("list", list[ZoneLabel]),
    summary="The account's zones that contain a point, by ID.",
    resource="zones",
    method="search_location",
    safe=True,
    origin="service",
    notes=(
        "Decided: a point on a zone's edge is inside it: within a circle's radius of its "
        "center (great-circle distance), on or inside a polygon's edges, within a sausage's "
        "radius of its polyline."
    ),
)

ENDPOINTS = (ZONE_LIST, ZONE_READ, ZONE_SEARCH_LOCATION)
