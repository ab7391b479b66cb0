"""Map layers: ``map_layer/*``.

A layer is stored as the shared :class:`~fleetapi.models.map_layer.MapLayer` beside the
account that owns it and its KML body. ``map_layer/upload`` is a multipart request: its file
part ``file`` must be there and not empty (233), of a KML or XML content type (234), and hold a
well-formed UTF-8 KML document (242). With ``redirect_target`` the router answers a redirect
carrying the response (see :mod:`fleetapi_mock.web.router`).
"""

from __future__ import annotations

from pyexpat import ExpatError, ParserCreate
from typing import Final

from defusedxml import EntitiesForbidden

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    InvalidDataFormatError,
    NoDataFileError,
    OverQuotaError,
    ValidationFailedError,
)
from fleetapi.endpoints.map_layer import (
    MAP_LAYER_DELETE,
    MAP_LAYER_LIST,
    MAP_LAYER_READ,
    MAP_LAYER_UPDATE,
    MAP_LAYER_UPLOAD,
)
from fleetapi.models.map_layer import (
    MapLayer,
    MapLayerDeleteParams,
    MapLayerReadParams,
    MapLayerUpdateParams,
    MapLayerUploadParams,
)
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import MapLayerRecord, convert, with_model

MAX_MAP_LAYERS: Final = 100
"""Map layers per account; one more answers 268."""

KML_CONTENT_TYPE: Final = MAP_LAYER_READ.result.media_types[0]
"""The content type ``map_layer/read`` answers."""

ACCEPTED_TYPES: Final = frozenset(
    {
        "application/vnd.google-earth.kml+xml",
        "application/xml",
        "text/xml",
        # Browsers send it for file names they do not know; the content is checked as KML.
        "application/octet-stream",
    }
)
"""Content types of the file part that ``map_layer/upload`` accepts (others answer 234)."""

KML_NAMESPACES: Final = frozenset(
    {
        "http://www.opengis.net/kml/2.2",
        "http://earth.google.com/kml/2.0",
        "http://earth.google.com/kml/2.1",
        "http://earth.google.com/kml/2.2",
    }
)
"""The namespaces of a ``kml`` root element that make a document KML."""


def check_kml(data: bytes) -> str:
    """The KML text of an uploaded body; 242 when it is not a UTF-8 KML document.

    The document is read as a stream (:func:`_root_element`): its size in memory is the text
    alone, not a tree of every element.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _invalid_kml("the file is not UTF-8 text") from None
    try:
        root = _root_element(data)  # UTF-8 (a byte order mark is read as such)
    except ExpatError as exc:
        raise _invalid_kml(f"the file is not well-formed XML: {exc}") from None
    except EntitiesForbidden as exc:
        declared = f"the file declares an XML entity ({exc.name}), which is refused"
        raise _invalid_kml(declared) from None
    namespace, _, name = root.rpartition("}")
    if name != "kml" or namespace not in KML_NAMESPACES:
        raise _invalid_kml(
            "the root element must be kml in the namespace http://www.opengis.net/kml/2.2"
        )
    return text


def _root_element(data: bytes) -> str:
    """The root element's name (``namespace}name``) of a well-formed XML document, read
    without building it; entity declarations are refused (as :mod:`defusedxml` refuses them:
    no entity expansion bomb).

    Raises:
        ExpatError: The document is not well-formed.
        EntitiesForbidden: It declares an entity.
    """
    parser = ParserCreate(namespace_separator="}")
    found: list[str] = []

    def start(name: str, attributes: object) -> None:
        found.append(name)
        parser.StartElementHandler = None  # the root is all it needs: the rest is only checked

    def forbid(name: str, *_: object) -> None:
        raise EntitiesForbidden(name, None, None, None, None, None)

    parser.StartElementHandler = start
    parser.EntityDeclHandler = forbid
    parser.UnparsedEntityDeclHandler = forbid
    parser.Parse(data, True)
    return found[0]


def _invalid_kml(error: str) -> ValidationFailedError:
    return ValidationFailedError(
        f"not a valid KML document: {error}", errors=[{"parameter": "file", "error": error}]
    )


def _find(ctx: Context, layer_id: int) -> MapLayerRecord:
    return ctx.owned_one(ctx.world.map_layers, layer_id, "map layer")


@handles(MAP_LAYER_UPLOAD)
def map_layer_upload(ctx: Context, params: MapLayerUploadParams) -> int:
    """Store the KML file part ``file`` as a new layer.

    233 without a ``file`` part, 234 for a file type that is not accepted, 242 for content that
    is not KML, 268 past 100 layers per account. With ``redirect_target`` the answer is a 303
    redirect.
    """
    upload = ctx.files.get("file")
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    if upload.content_type.lower() not in ACCEPTED_TYPES:
        raise InvalidDataFormatError(
            f"a map layer is a KML file, not {upload.content_type}: send it as "
            "application/vnd.google-earth.kml+xml"
        )
    kml = check_kml(upload.data)
    if len(ctx.owned(ctx.world.map_layers)) >= MAX_MAP_LAYERS:
        raise OverQuotaError(f"an account may hold at most {MAX_MAP_LAYERS} map layers")
    layer_id = ctx.world.ids.next("map_layers")
    ctx.world.map_layers[layer_id] = MapLayerRecord(
        id=layer_id, label=params.label, user_id=ctx.account.id, kml=kml
    )
    return layer_id


@handles(MAP_LAYER_READ)
def map_layer_read(ctx: Context, params: MapLayerReadParams) -> FileReply:
    """The layer's KML body (201 when the account has no such layer)."""
    record = _find(ctx, params.id)
    return FileReply(content=record.kml.encode("utf-8"), content_type=KML_CONTENT_TYPE)


@handles(MAP_LAYER_LIST)
def map_layer_list(ctx: Context, params: NoParams) -> list[MapLayer]:
    """The account's layers by id (metadata only)."""
    return [convert(MapLayer, r) for r in ctx.owned(ctx.world.map_layers)]


@handles(MAP_LAYER_UPDATE)
def map_layer_update(ctx: Context, params: MapLayerUpdateParams) -> None:
    """Rename a layer (201 when the account has no such layer)."""
    record = _find(ctx, params.layer.id)
    ctx.world.map_layers[record.id] = with_model(record, params.layer)


@handles(MAP_LAYER_DELETE)
def map_layer_delete(ctx: Context, params: MapLayerDeleteParams) -> None:
    """Delete a layer (201 when the account has no such layer)."""
    del ctx.world.map_layers[_find(ctx, params.id).id]
