"""Zones (geofences): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.zone import (
    DEFAULT_ZONE_COLOR,
    ZONE_POINT_LIMITS,
    Zone,
    ZoneBatchConvertParams,
    ZoneBatchResult,
    ZoneCreateParams,
    ZoneDeleteParams,
    ZoneLabel,
    ZoneListParams,
    ZonePoint,
    ZonePointListParams,
    ZonePointUpdateParams,
    ZoneReadParams,
    ZoneSearchLocationParams,
    ZoneUpdateParams,
)

MAX_ZONES = 10_000
"""Zones per account; one more answers 268."""

_POLYGON = ZONE_POINT_LIMITS["polygon"]
_SAUSAGE = ZONE_POINT_LIMITS["sausage"]
_POINTS = (
    f"A polygon has {_POLYGON[0]} to {_POLYGON[1]} points, a sausage {_SAUSAGE[0]} to "
    f"{_SAUSAGE[1]} (fewer: 284, more: 202); a circle none (230)."
)

ZONE_LIST = Endpoint(
    path="zone/list",
    params=ZoneListParams,
    result=Result.field("list", list[Zone]),
    summary="List the account's zones (geofences), by ID.",
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
    safe=True,
    origin="service",
    notes=(
        "Decided: a point on a zone's edge is inside it: within a circle's radius of its "
        "center (great-circle distance), on or inside a polygon's edges, within a sausage's "
        "radius of its polyline."
    ),
)

ZONE_CREATE = Endpoint(
    path="zone/create",
    params=ZoneCreateParams,
    result=Result.field("id", int),
    summary="Create a zone (geofence): a circle, a polygon or a sausage; get its ID.",
    right="zone_update",
    errors=(7, 202, 204, 230, 268, 284),
    origin="service",
    notes=(
        f"{_POINTS} The points come in `points`, else in `zone.points`. `color` defaults to "
        f"`{DEFAULT_ZONE_COLOR}`; a tag that is not the account's is 204; at most "
        f"{MAX_ZONES:,} zones per account (268). An `id` or `bounds` given is ignored."
    ),
)
ZONE_UPDATE = Endpoint(
    path="zone/update",
    params=ZoneUpdateParams,
    result=Result.nothing(),
    summary="Replace a zone, named by its `id`; its type stays.",
    right="zone_update",
    errors=(7, 201, 202, 204, 230, 231, 284),
    origin="service",
    notes=(
        "201 for a zone that is not the account's, 231 for a `type` other than the stored "
        f"one. A polygon's or sausage's `points`, if given, replace the stored ones; "
        f"{_POINTS} `bounds` is worked out, never taken."
    ),
)
ZONE_DELETE = Endpoint(
    path="zone/delete",
    params=ZoneDeleteParams,
    result=Result.nothing(),
    summary="Delete a zone (`zone_id`) or several (`zone_ids`), all or none.",
    right="zone_update",
    errors=(7, 201, 203),
    origin="service",
    notes=(
        "Exactly one of `zone_id` and `zone_ids` (7). 201 when a zone is not the account's; "
        "203 when rules watch one, with their IDs in the failure's `entities` "
        '(`[{"type": "rules", "ids": [...]}]`). Geo links bounded by a deleted zone lose it.'
    ),
)
ZONE_BATCH_CONVERT = Endpoint(
    path="zone/batch_convert",
    params=ZoneBatchConvertParams,
    result=Result.body(ZoneBatchResult),
    summary="Check tab-delimited circle zones (or a stored spreadsheet) before creating them.",
    right="zone_update",
    errors=(7, 201, 234),
    origin="service",
    notes=(
        "Creates nothing, as `vehicle/batch_convert`: each row is a circle zone to create "
        "with its problems in `errors` (`parameter`, `error`). A row without `lat` and `lng` "
        "has its `address` looked up in the gazetteer (an unknown one is a row error and a "
        "center of 0, 0); `radius` defaults to `default_radius` (100 m); `tags` are tag "
        "names. 234 for text that is not tab-delimited, 201 for an unknown `file_id`."
    ),
)
ZONE_POINT_LIST = Endpoint(
    path="zone/point/list",
    params=ZonePointListParams,
    result=Result.field("list", list[ZonePoint]),
    summary="List the points of a polygon or a sausage, simplified to `count` if given.",
    safe=True,
    errors=(7, 201, 230),
    origin="service",
    notes=(
        "201 for a zone that is not the account's, 230 for a circle. `count` keeps the first "
        "and last point and those that shape the line most (Ramer-Douglas-Peucker order)."
    ),
)
ZONE_POINT_UPDATE = Endpoint(
    path="zone/point/update",
    params=ZonePointUpdateParams,
    result=Result.nothing(),
    summary="Replace the points of a polygon or a sausage.",
    right="zone_update",
    errors=(7, 201, 202, 230, 284),
    origin="service",
    notes=f"201 for a zone that is not the account's. {_POINTS}",
)

ENDPOINTS = (
    ZONE_LIST,
    ZONE_READ,
    ZONE_CREATE,
    ZONE_UPDATE,
    ZONE_DELETE,
    ZONE_SEARCH_LOCATION,
    ZONE_BATCH_CONVERT,
    ZONE_POINT_LIST,
    ZONE_POINT_UPDATE,
)
