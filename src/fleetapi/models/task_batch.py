"""Task batches: ``task/batch_convert`` checks tab-delimited rows of tasks without creating them."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location
from fleetapi.models.geocoder import GeocoderType

__all__ = [
    "BatchField",
    "CheckedTask",
    "LocationCheckMode",
    "TaskBatchConvertParams",
    "TaskBatchConvertResult",
]


LocationCheckMode = Literal["no_check", "entity_location", "parent_location"]
"""How ``task/batch_convert`` checks the locations of the tasks it assigns."""


BatchField = Literal[
    "label",
    "description",
    "from",
    "to",
    "address",
    "lat",
    "lng",
    "radius",
    "external_id",
    "max_delay",
    "min_stay_duration",
]
"""The columns ``task/batch_convert`` reads (``fields``)."""

"""How ``task/batch_convert`` checks the locations of the tasks it assigns."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedTask:
    """One converted row of ``task/batch_convert``: a task not yet created, with its errors.

    Rows are checked, not saved: fields the row does not give are null, and ``errors`` lists
    what is wrong with the row. The specification does not show the element shape of
    ``errors``: the SDK keeps each as a JSON object (the suggested shape is that of validation
    errors, ``{"parameter": "to", "error": "..."}``).
    """

    tracker_id: int | None = None
    location: Location | None = None
    label: str | None = None
    description: str | None = None
    from_: dt.datetime | None = None
    to: dt.datetime | None = None
    external_id: str | None = None
    max_delay: int | None = None
    min_stay_duration: int | None = None
    tags: list[int] = attrs.Factory(list)
    errors: list[dict[str, Any]] | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class TaskBatchConvertParams:
    """Parameters of ``task/batch_convert``."""

    batch: str
    """Tab-delimited tasks, one per line."""
    fields: list[BatchField] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """Column names in order (default label, from, to, address, lat, lng, description)."""
    geocoder: GeocoderType
    """The geocoder that finds the rows' addresses."""
    default_radius: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=1, maximum=300000)
    )
    """Meters (default 100)."""
    default_max_delay: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=512000)
    )
    """Minutes (default 0)."""
    default_duration: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=512000)
    )
    """Minutes from ``from`` to ``to`` when a row gives no ``to`` (default 60)."""
    default_min_stay_duration: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0, maximum=512000)
    )
    """Minutes (default 0)."""
    location_check_mode: LocationCheckMode | Unset = UNSET
    """How a row's place is checked: not at all, against the entity's location or the parent's."""
    employee_ids: list[int] | Unset = UNSET
    """Assign the tasks automatically to these employees."""
    vehicle_ids: list[int] | Unset = UNSET
    """Assign automatically to these vehicles (ignored with ``entity_location``)."""


@attrs.frozen(kw_only=True, slots=False)
class TaskBatchConvertResult:
    """The result of ``task/batch_convert``."""

    list: list[CheckedTask]
    limit_exceeded: bool = False
    """The batch was cut by a limit."""
