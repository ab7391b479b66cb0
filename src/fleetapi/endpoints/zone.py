"""Zones (geofences): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import MAP_MEDIA_TYPES, Decision, Endpoint, Paging, Result
from fleetapi.models.zone import (
    DEFAULT_ZONE_COLOR,
    ZONE_POINT_LIMITS,
    ImportedZone,
    Zone,
    ZoneBatchConvertParams,
    ZoneBatchResult,
    ZoneCreateParams,
    ZoneDeleteParams,
    ZoneDownloadParams,
    ZoneLabel,
    ZoneListParams,
    ZonePoint,
    ZonePointListParams,
    ZonePointUpdateParams,
    ZoneReadParams,
    ZoneSearchLocationParams,
    ZoneUpdateParams,
    ZoneUploadParams,
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
    decisions=(
        Decision(
            "`zone/list` `filter`",
            "A case-insensitive substring of the zone's label or address (the documentation "
            'says "label and description"; a zone has no description field, its address is '
            "the free text beside the label).",
        ),
        Decision(
            "`zone/list` points and bounds",
            "The points of polygons and sausages are answered only with `with_points: true`; "
            "without it the key is absent. A circle never has points. Every zone is answered "
            "with its `bounds`, as the documented zone object has them: a circle's disc, a "
            "polygon's vertices, a sausage's polyline widened by its radius.",
        ),
        Decision(
            "`zone/list` `tag_ids`",
            "A zone must carry every listed tag, as documented; an empty list filters nothing.",
        ),
        Decision(
            "`zone/list` paging and rights",
            "`offset`/`limit` at least 0 (7 otherwise); no total is answered. Every user of "
            "the account sees every zone, and no right is needed to list them (the "
            "documentation lists `zone_update` for changes only).",
        ),
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
    decisions=(
        Decision(
            "`zone/read`",
            "As `zone/list` answers a zone (points only `with_points`, `bounds` always); a "
            "zone that is missing or another account's is 201.",
        ),
    ),
)

ZONE_SEARCH_LOCATION = Endpoint(
    path="zone/search_location",
    params=ZoneSearchLocationParams,
    result=Result.field("list", list[ZoneLabel]),
    summary="The account's zones that contain a point, by ID.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`zone/search_location` edges",
            "A point on a zone's boundary is inside it: within a circle's radius of its center "
            "(great-circle distance), on or inside a polygon's edges, within a sausage's radius "
            "of any segment of its polyline (round at the ends). Polygons and polylines are "
            "measured on a flat projection around the point, exact to well under a meter for "
            "zones of a city's size. Answered by zone ID, the account's zones only; every user "
            "of the account may ask.",
        ),
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
    notes=_POINTS,
    decisions=(
        Decision(
            "`zone/create` points",
            "The documentation gives a polygon's or sausage's points in `points` beside "
            "`zone`, and the zone object also has `points`: `points` wins when both are given. "
            "A circle with a non-empty `points` is 230; an empty list is nothing. Too few "
            "points is 284 and too many 202, before anything is stored; a point without `node` "
            "is a node.",
        ),
        Decision(
            "Zone fields",
            "`label` not blank and at most 255 characters, `address` at most 255, `color` six "
            f"hex digits (default `{DEFAULT_ZONE_COLOR}`), `radius` at least 1 meter; a tag "
            "that is not the account's is 204. An `id` or `bounds` sent with a new zone is "
            "ignored. A missing or unknown `type` is 7 on `zone.type`, naming the three kinds.",
        ),
        Decision(
            "Zones per account",
            f"At most {MAX_ZONES:,} (268 beyond), the same quota as geo links; the "
            "documentation names the error but not the number.",
        ),
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
    notes=_POINTS,
    decisions=(
        Decision(
            "`zone/update`",
            "The zone is replaced whole; its points stay unless the zone object gives them "
            "(then they are checked as on create), and `bounds` is worked out, never taken. "
            "Another `type` than the stored one is 231, a zone that is not the account's 201. "
            "The documented example request lacks a comma after its `id` (invalid JSON, "
            "answered 5); the same request with the comma is accepted.",
        ),
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
    decisions=(
        Decision(
            "`zone/delete`",
            "Exactly one of `zone_id` and `zone_ids` (7 for neither or both). All or nothing: "
            "a zone that is not the account's is 201 and none is deleted. Rules watching any "
            "of them stop the deletion with 203 and the documented `entities` "
            '(`[{"type": "rules", "ids": [...]}]`, the account\'s rules in ID order); the '
            "SDK's `EntityInUseError.entities` and `fleet`'s error lines show them. Geo links "
            "bounded by a deleted zone lose it from `bounding_zone_ids`.",
        ),
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
    decisions=(
        Decision(
            "`zone/batch_convert`",
            "Creates nothing. A row's center is its `lat` and `lng` when it gives either (both "
            "must be numbers), else its `address` looked up in the world's gazetteer; without "
            "one it is 0, 0 with the documented `zone.center` error. `radius` defaults to "
            "`default_radius`, else 100 m; `tags` are tag names or IDs; a row's problems name "
            "`zone.<field>` and its line. The documented example's batch has no tab (its tab "
            "was lost in the documentation): a batch without a tab is read as rows of one "
            "cell, the label, rather than refused with 234 as other batch calls do.",
        ),
    ),
)
ZONE_UPLOAD = Endpoint(
    path="zone/upload",
    params=ZoneUploadParams,
    result=Result.field("list", list[ImportedZone | int]),
    summary="Read zones from a KML file: answer them (dry run) or create them.",
    right="zone_update",
    errors=(202, 233, 234, 268, 284),
    upload=True,
    origin="service",
    notes="A `multipart/form-data` request whose part `file` is the KML document. A placemark's "
    "`Point` is a circle, its `LineString` a sausage, its `Polygon` a polygon (the outer "
    "boundary; holes are left out), each geometry of a `MultiGeometry` a zone; `radius` from "
    "the placemark's, its folder's or its document's extended data, else `default_radius`. "
    "With `dry_run` (the default) the answer is the zones, else their new IDs.",
    decisions=(
        Decision(
            "`zone/upload` names and colors",
            "A zone is named after its placemark; one without a name after its nearest named "
            "folder or document and its number there (`Simple line 1`), else `Zone N`. Labels "
            "are cut to 255 characters. Colors are the default, as the documented answers "
            "show. A sausage's ends are its nodes and the points between are not; a "
            "polygon's closing point (the first repeated) is dropped. A file without a zone "
            "answers 234; one that is not well-formed KML, or declares an XML entity, too "
            "(`tests/sdk/test_zone_files.py`).",
        ),
    ),
)
ZONE_DOWNLOAD = Endpoint(
    path="zone/download",
    params=ZoneDownloadParams,
    result=Result.file(MAP_MEDIA_TYPES["kml"], MAP_MEDIA_TYPES["kmz"]),
    summary="Download zones as a KML (or KMZ) file.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`zone/download` content",
            "A KML 2.2 document named `zones`: a placemark per zone, named by its label, a "
            "circle's center as a `Point`, a sausage's line as a `LineString` (both with their "
            "`radius` as extended data), a polygon as a closed `Polygon`; what `zone/upload` "
            "reads back as the same zones. `zone_ids` naming a zone the caller does not see "
            "answers 201. The file is `zones.kml` (or `zones.kmz`, the document zipped as "
            "`doc.kml`) (`tests/sdk/test_zone_files.py`).",
        ),
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
    decisions=(
        Decision(
            "`zone/point/list` `count`",
            "At least 2 (7 otherwise). The first and last point stay, then the points that "
            "shape the line most (each point's Ramer-Douglas-Peucker drop-out tolerance, as "
            "tracks are simplified), in their order. A circle is 230.",
        ),
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
    notes=_POINTS,
)

ENDPOINTS = (
    ZONE_LIST,
    ZONE_READ,
    ZONE_CREATE,
    ZONE_UPDATE,
    ZONE_DELETE,
    ZONE_SEARCH_LOCATION,
    ZONE_BATCH_CONVERT,
    ZONE_UPLOAD,
    ZONE_DOWNLOAD,
    ZONE_POINT_LIST,
    ZONE_POINT_UPDATE,
)
