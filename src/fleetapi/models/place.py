"""Places (points of interest): ``place/*``, as the service documents them.

A place is a point with a radius that the account's employees visit (a shop, a warehouse, a
delivery point). Geo links show places, task batches look addresses up among them, and
``place/search_location`` finds the places that contain a point.
"""

from __future__ import annotations

from typing import Final

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng
from fleetapi.models.entity import CustomFieldType, CustomFieldValue
from fleetapi.models.search import SearchCondition
from fleetapi.models.vehicle import BatchError, LocatedBatchSource

__all__ = [
    "PLACE_BATCH_DEFAULT_FIELDS",
    "PLACE_BATCH_FIELDS",
    "PLACE_FIELDS",
    "CheckedPlace",
    "CustomFieldType",
    "CustomFieldValue",
    "NewPlace",
    "Place",
    "PlaceBatchConvertParams",
    "PlaceBatchResult",
    "PlaceCreateParams",
    "PlaceDeleteParams",
    "PlaceLabel",
    "PlaceList",
    "PlaceListParams",
    "PlaceLocation",
    "PlaceReadParams",
    "PlaceSearchLocationParams",
    "PlaceUpdateParams",
]

PLACE_FIELDS: Final = ("id", "label", "address", "description", "external_id")
"""The built-in fields that ``place/list`` sorts by (``order_by``) and searches
(``filter``, ``conditions``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceLocation:
    """Where a place is: a point, its address and its radius."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    """Latitude in degrees (north positive)."""
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    """Longitude in degrees (east positive)."""
    address: str = attrs.field(metadata=rules(max_length=255))
    radius: int = attrs.field(metadata=rules(minimum=1, maximum=300000))
    """Meters around the point that count as the place."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewPlace:
    """A place without its ID: the ``place`` of ``place/create``."""

    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255))
    location: PlaceLocation
    description: str | None = attrs.field(default=None, metadata=rules(max_length=1024))
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""
    external_id: str | None = attrs.field(default=None, metadata=rules(max_length=32))
    """A reference to the place in another system."""
    fields: dict[str, CustomFieldValue] = attrs.Factory(dict)
    """Custom field values by the field's ID (as text): fields of the account's place entity
    (``entity/fields/read``), each value of its field's type."""
    icon_id: int | None = None
    """Set by the service's avatar calls only: ignored in ``create`` and ``update``."""
    avatar_file_name: str | None = None
    """Set by the service's avatar calls only: ignored in ``create`` and ``update``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Place(NewPlace):
    """A place (point of interest) of the account."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceListParams:
    """Parameters of ``place/list``."""

    place_ids: list[int] | Unset = UNSET
    """Only these places."""
    filter: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """Only places with this text (any case) in a built-in field or a custom field's value."""
    conditions: list[SearchCondition] | Unset = UNSET
    """Search conditions on :data:`PLACE_FIELDS`, all to be met (and ``filter`` too)."""
    order_by: str | Unset = UNSET
    """A field of :data:`PLACE_FIELDS` or a custom field's ID (default ``id``)."""
    ascending: bool = True
    """False sorts from the last."""
    tag_ids: list[int] | Unset = UNSET
    """Only places carrying every one of these tags."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many places (a page)."""


@attrs.frozen(kw_only=True, slots=False)
class PlaceList:
    """One page of ``place/list``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[Place]
    count: int
    """The number of places found, ignoring paging."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceReadParams:
    """Parameters of ``place/read``."""

    place_id: int
    """The place."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceCreateParams:
    """Parameters of ``place/create``."""

    place: NewPlace
    """The new place."""
    ignore_missing_fields: bool = False
    """Create the place even when required custom fields are missing."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceUpdateParams:
    """Parameters of ``place/update``: the whole place, named by its ``id``."""

    place: Place
    """The place with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceDeleteParams:
    """Parameters of ``place/delete``."""

    place_id: int
    """The place to delete."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceSearchLocationParams:
    """Parameters of ``place/search_location``."""

    location: LatLng
    """The point whose places are wanted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceLabel:
    """A place's ID and label (what ``place/search_location`` answers)."""

    id: int
    label: str


PLACE_BATCH_FIELDS: Final = frozenset(
    {"label", "address", "lat", "lng", "radius", "description", "tags", "external_id"}
)
"""The columns a ``place/batch_convert`` batch may hold: the place's texts, ``address``
(geocoded into the location when ``lat`` and ``lng`` are not given), ``lat``, ``lng``,
``radius`` (meters) and ``tags`` (tag names, comma-separated); ``undefined`` skips a column."""

PLACE_BATCH_DEFAULT_FIELDS: Final = (
    "label",
    "address",
    "lat",
    "lng",
    "radius",
    "description",
    "tags",
)
"""The columns of a batch without ``fields``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceBatchConvertParams(LocatedBatchSource):
    """Parameters of ``place/batch_convert``: ``batch`` text or a preloaded ``file_id``."""

    fields: list[str] | Unset = UNSET
    """The columns, in order, from :data:`PLACE_BATCH_FIELDS` (default
    :data:`PLACE_BATCH_DEFAULT_FIELDS`; for a file with a header, its column names)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedPlace(NewPlace):
    """One converted row of ``place/batch_convert``: a place to create, with its errors."""

    id: int | None = None
    """Not created yet: null."""
    errors: list[BatchError] | Unset = UNSET
    """Present when the row has problems."""
    tag_names: list[str] | Unset = UNSET
    """The names of the row's tags."""


@attrs.frozen(kw_only=True, slots=False)
class PlaceBatchResult:
    """The result of ``place/batch_convert``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[CheckedPlace]
    limit_exceeded: bool
    """True when the batch was cut by a limit."""
