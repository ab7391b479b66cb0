"""Map layers: KML documents stored for the user (``map_layer/*``)."""

from __future__ import annotations

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "MapLayer",
    "MapLayerDeleteParams",
    "MapLayerReadParams",
    "MapLayerUpdateParams",
    "MapLayerUploadParams",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayer:
    """A map layer's metadata; its body is a KML document read with ``map_layer/read``."""

    id: int
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """Printable characters, not blank, at most 255."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayerReadParams:
    """Parameters of ``map_layer/read``."""

    id: int
    """The map layer."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayerUploadParams:
    """The form fields of ``map_layer/upload``, beside the KML file part named ``file``."""

    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """Printable characters, not blank, at most 255."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL. When given, the service answers with a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>`` (for browser forms), for a
    failure of the upload as for its success; the SDK reads the response from it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayerUpdateParams:
    """Parameters of ``map_layer/update``."""

    layer: MapLayer
    """The layer to update, named by its ``id``, with its new ``label``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayerDeleteParams:
    """Parameters of ``map_layer/delete``."""

    id: int
    """The map layer."""
