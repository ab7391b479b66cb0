"""Map layers: KML documents."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi.models.map_layer import (
    MapLayer,
    MapLayerDeleteParams,
    MapLayerReadParams,
    MapLayerUpdateParams,
    MapLayerUploadParams,
)

KML_MEDIA_TYPE = "application/vnd.google-earth.kml+xml; charset=utf-8"
"""What ``map_layer/read`` answers."""

MAP_LAYER_READ = Endpoint(
    path="map_layer/read",
    params=MapLayerReadParams,
    result=Result.file(KML_MEDIA_TYPE),
    summary="Download the body of a map layer (a KML document).",
    errors=(201,),
    safe=True,
    notes=(
        f"Answers the KML document itself, with content type `{KML_MEDIA_TYPE}`, not JSON; "
        "failures are JSON as usual."
    ),
)
MAP_LAYER_LIST = Endpoint(
    path="map_layer/list",
    params=NoParams,
    result=Result.field("list", list[MapLayer]),
    summary="List the user's map layers (metadata only).",
    safe=True,
)
MAP_LAYER_UPLOAD = Endpoint(
    path="map_layer/upload",
    params=MapLayerUploadParams,
    result=Result.field("id", int),
    summary="Upload a KML file as a new map layer.",
    errors=(233, 234, 242, 268),
    upload=True,
    notes=(
        "A `multipart/form-data` request: the params model holds the form fields `label` and "
        "`redirect_target`; the KML file itself is passed separately to the SDK's upload helper "
        "and travels as the part named `file`. With `redirect_target` the service answers a "
        "redirect (HTTP 303 in the mock) to `<redirect_target>?response=<urlencoded response "
        "JSON>` instead of JSON, for browser forms; the SDK reads the answer from it. Accepted "
        "file types: KML, `application/xml`, `text/xml`, `application/octet-stream`; at most "
        "100 layers per account. The CLI's `fleet map-layer upload FILE --label L` and "
        "`fleet map-layer download ID -O FILE` are hand-made."
    ),
)
MAP_LAYER_UPDATE = Endpoint(
    path="map_layer/update",
    params=MapLayerUpdateParams,
    result=Result.nothing(),
    summary="Rename a map layer.",
    errors=(201,),
    current="map_layer/list",
)
MAP_LAYER_DELETE = Endpoint(
    path="map_layer/delete",
    params=MapLayerDeleteParams,
    result=Result.nothing(),
    summary="Delete a map layer.",
    errors=(201,),
)

ENDPOINTS = (MAP_LAYER_READ, MAP_LAYER_LIST, MAP_LAYER_UPLOAD, MAP_LAYER_UPDATE, MAP_LAYER_DELETE)
