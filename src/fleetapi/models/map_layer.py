"""Map layers: KML documents stored for the user (``map_layer/*``)."""

from __future__ import annotations

import attrs

from fleetapi._types import UNSET, Unset

__all__ = [
    "MapLayer",
    "MapLayerDeleteParams",
    "MapLayerReadParams",
    "MapLayerUpdateParams",
    "MapLayerUploadParams",
]


@attrs.frozen(kw_only=True)
class MapLayer:
    """A map layer's metadata; its body is a KML document read with ``map_layer/read``."""

    id: int
    label: str


@attrs.frozen(kw_only=True)
class MapLayerReadParams:
    """Parameters of ``map_layer/read``."""

    id: int


@attrs.frozen(kw_only=True)
class MapLayerUploadParams:
    """The form fields of ``map_layer/upload``, beside the KML file part named ``file``."""

    label: str
    redirect_target: str | Unset = UNSET
    """When given, the service answers with a redirect to
    ``<redirect_target>?response=<urlencoded response JSON>`` (for browser forms)."""


@attrs.frozen(kw_only=True)
class MapLayerUpdateParams:
    """Parameters of ``map_layer/update``."""

    layer: MapLayer
    """The layer to update, named by its ``id``, with its new ``label``."""


@attrs.frozen(kw_only=True)
class MapLayerDeleteParams:
    """Parameters of ``map_layer/delete``."""

    id: int
