"""Places (points of interest): ``place/*``, as the service documents them.

A place is a point with a radius that the account's employees visit (a shop, a warehouse, a
delivery point). Geo links show places, task batches look addresses up among them, and
``place/search_location`` finds the places that contain a point.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng
from fleetapi.models.common import PlaceLabel as PlaceLabel
from fleetapi.models.entity import CustomFieldType, CustomFieldValue
from fleetapi.models.geocoder import GeocoderType
from fleetapi.models.search import SearchCondition
from fleetapi.models.vehicle import BatchError, LocatedBatchSource

__all__ = [
    "PLACE_BATCH_DEFAULT_FIELDS",
    "PLACE_BATCH_FIELDS",
    "PLACE_FIELDS",
    "PLACE_UPLOAD_COLUMNS",
    "CheckedPlace",
    "CustomFieldType",
    "CustomFieldValue",
    "NewPlace",
    "Place",
    "PlaceAvatarAssignParams",
    "PlaceAvatarUploadParams",
    "PlaceBatchConvertParams",
    "PlaceBatchResult",
    "PlaceCreateParams",
    "PlaceDeleteParams",
    "PlaceList",
    "PlaceListParams",
    "PlaceLocation",
    "PlaceReadParams",
    "PlaceSearchLocationParams",
    "PlaceUpdateParams",
    "PlaceUploadDuplicatePolicy",
    "PlaceUploadErrorPolicy",
    "PlaceUploadParams",
    "PlaceUploadResult",
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


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceAvatarAssignParams:
    """Parameters of ``place/avatar/assign``."""

    place_id: int
    """The place."""
    icon_id: int | None = attrs.field(default=None, metadata=rules(minimum=1, maximum=255))
    """An icon of the standard set, 1 to 255; null (or left out) shows the uploaded avatar
    instead."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceAvatarUploadParams:
    """The form fields of ``place/avatar/upload``, beside the image part named ``file``."""

    place_id: int
    """The place."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""


PlaceUploadErrorPolicy = Literal["ignore", "fail"]
"""What ``place/upload`` does with a row that has errors: skip it, or refuse the file."""

PlaceUploadDuplicatePolicy = Literal["skip", "update", "fail"]
"""What ``place/upload`` does with a row whose ``external_id`` a place of the account has."""

PLACE_UPLOAD_COLUMNS: Final = (
    "label",
    "address",
    "lat",
    "lng",
    "radius",
    "external_id",
    "description",
)
"""The columns a ``place/upload`` file may name in its header line, separated by ``;``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceUploadParams:
    """The form fields of ``place/upload``, beside the CSV part named ``file``."""

    error_policy: PlaceUploadErrorPolicy
    """``ignore`` skips the rows with errors; ``fail`` refuses the file (234) when one has."""
    duplicate_policy: PlaceUploadDuplicatePolicy
    """For a row whose ``external_id`` is a place's of the account: ``skip`` leaves the place,
    ``update`` rewrites its label, location and description, ``fail`` refuses the file (247)."""
    default_radius: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=1, maximum=300000)
    )
    """The radius of a row without one, in meters (default 100)."""
    geocoder: GeocoderType | Unset = UNSET
    """The geocoder that reads addresses (default: the user's)."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceUploadResult:
    """The result of ``place/upload``."""

    total: int
    """The rows of the file."""
    errors: int
    """The rows not imported for their errors (``error_policy`` ``ignore``)."""
