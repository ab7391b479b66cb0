"""Map layers: KML documents."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
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
        "and travels as the part named `file`. The CLI's `fleet map-layer upload FILE --label L` "
        "and `fleet map-layer download ID -O FILE` are hand-made."
    ),
    decisions=(
        Decision(
            "Map layer upload types (234)",
            "`application/vnd.google-earth.kml+xml`, `application/xml`, `text/xml`, and "
            "`application/octet-stream` (what browsers send for unknown extensions; the content "
            "is then checked). KMZ and anything else answer 234. The SDK sends `.kml` files as "
            "KML whatever the system's MIME table says.",
        ),
        Decision(
            "Map layer body (242)",
            "UTF-8 (a byte order mark is allowed), well-formed XML without entity declarations, "
            "root element `kml` in the namespace `http://www.opengis.net/kml/2.2` (or Google's "
            "older `kml/2.x`); otherwise 242 with `errors` naming `file`. A missing or empty "
            "file part is 233.",
        ),
        Decision("Map layer label", "Not blank, printable, at most 255 characters."),
        Decision("Map layer quota (268)", "100 per account."),
        Decision(
            "`redirect_target`",
            "An absolute `http` or `https` URL with a host and no whitespace (a CR or LF would "
            "split the `Location` header): anything else is 7, before anything is stored. HTTP "
            "303 to `<redirect_target>?response=<urlencoded JSON>` (`&response=` when the "
            "target has a query), for the upload's success and its own failures (233, 234, "
            "242, 268); credential and parameter failures answer JSON as usual. The SDK reads "
            "the answer from the redirect. The service answers such a redirect instead of JSON "
            "for browser forms.",
        ),
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
