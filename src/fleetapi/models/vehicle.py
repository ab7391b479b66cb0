"""Vehicles (``vehicle/*``) and their batch conversion from tab-delimited text.

The service sends null for most vehicle fields it has no value for, and accepts null for them
on create and update (its own examples do both), so every field but ``id``, ``label``,
``type`` and ``tags`` is nullable here, and a missing field reads as null.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

import attrs

from fleetapi._rules import HEX_COLOR_PATTERN, rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.geocoder import GeocoderType

__all__ = [
    "MAX_VEHICLE_STATUSES",
    "SUBTYPES_BY_TYPE",
    "VEHICLE_BATCH_DEFAULT_FIELDS",
    "VEHICLE_BATCH_FIELDS",
    "VEHICLE_SORT_FIELDS",
    "BatchError",
    "BatchSource",
    "CheckedVehicle",
    "FuelType",
    "LocatedBatchSource",
    "NewVehicle",
    "Vehicle",
    "VehicleAvatarAssignParams",
    "VehicleAvatarUploadParams",
    "VehicleBatchConvertParams",
    "VehicleBatchResult",
    "VehicleCreateParams",
    "VehicleDeleteParams",
    "VehicleListParams",
    "VehicleReadParams",
    "VehicleStatus",
    "VehicleStatusEntry",
    "VehicleStatusListingUpdateParams",
    "VehicleSubtype",
    "VehicleType",
    "VehicleUpdateParams",
]

VehicleType = Literal["truck", "car", "bus", "special"]

VehicleSubtype = Literal[
    # car
    "sedan", "universal", "hatchback", "liftback", "limousine", "pickup", "minivan", "coupe",
    "coupe4d", "muscle", "convertible", "phaeton", "lando", "crossover", "roadster", "suv",
    # truck
    "tipper", "board", "covered", "awning", "mixer", "tanker", "refrigerator", "transporter",
    "container", "tractor",
    # bus
    "city", "shuttle", "platform", "school", "intercity", "sightseeing",
    # special (``tractor`` is also a truck subtype)
    "mobile_crane", "racing", "buggy", "ambulance", "firefighter", "hearse", "shop", "harvester",
    "snowplow", "grader", "excavator", "bulldozer", "armored", "amphibian", "boat",
]  # fmt: skip
"""Every vehicle subtype; which ones a type allows is :data:`SUBTYPES_BY_TYPE`."""

FuelType = Literal["petrol", "diesel", "gas"]

SUBTYPES_BY_TYPE: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "car": frozenset(
            {
                "sedan", "universal", "hatchback", "liftback", "limousine", "pickup", "minivan",
                "coupe", "coupe4d", "muscle", "convertible", "phaeton", "lando", "crossover",
                "roadster", "suv",
            }
        ),
        "truck": frozenset(
            {
                "tipper", "board", "covered", "awning", "mixer", "tanker", "refrigerator",
                "transporter", "container", "tractor",
            }
        ),
        "bus": frozenset({"city", "shuttle", "platform", "school", "intercity", "sightseeing"}),
        "special": frozenset(
            {
                "mobile_crane", "racing", "buggy", "ambulance", "firefighter", "hearse", "shop",
                "harvester", "snowplow", "tractor", "grader", "excavator", "bulldozer",
                "armored", "amphibian", "boat",
            }
        ),
    }
)  # fmt: skip
"""The subtypes each vehicle type allows (a null subtype means undefined)."""

VEHICLE_SORT_FIELDS: frozenset[str] = frozenset(
    {
        "id", "label", "model", "reg_number", "vin", "type", "subtype", "tracker_label",
        "garage_organization_name", "fuel_type", "fuel_grade", "norm_avg_fuel_consumption",
        "fuel_tank_volume", "payload_weight", "chassis_number", "wheel_arrangement",
        "tyres_number", "tyre_size", "max_speed", "passengers",
    }
)  # fmt: skip
"""Fields ``vehicle/list`` sorts by (the spec does not name them; these are the service's)."""

VEHICLE_BATCH_DEFAULT_FIELDS: tuple[str, ...] = ("label", "model", "reg_number", "fuel_grade")
"""The columns ``vehicle/batch_convert`` reads when ``fields`` is not given."""

VEHICLE_BATCH_FIELDS: frozenset[str] = frozenset(
    {
        "label", "type", "subtype", "model", "max_speed", "tracker_id", "tracker_label",
        "garage_id", "trailer", "manufacture_year", "color", "additional_info", "reg_number",
        "vin", "chassis_number", "frame_number", "payload_weight", "payload_height",
        "payload_length", "payload_width", "passengers", "gross_weight", "fuel_type",
        "fuel_grade", "norm_avg_fuel_consumption", "fuel_tank_volume", "fuel_cost",
        "wheel_arrangement", "tyre_size", "tyres_number", "liability_insurance_policy_number",
        "liability_insurance_valid_till", "free_insurance_policy_number",
        "free_insurance_valid_till", "tags", "undefined",
    }
)  # fmt: skip
"""The column names ``vehicle/batch_convert`` knows: vehicle fields, ``tracker_label`` (the
tracker by its label), ``tags`` (tag names, comma-separated) and ``undefined`` (a column to
skip)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewVehicle:
    """A vehicle without its ID: the ``vehicle`` of ``vehicle/create``.

    Fields left null are stored as null; the service accepts nulls even where the spec shows a
    plain value.
    """

    label: str = attrs.field(metadata=rules(not_blank=True))
    type: VehicleType
    subtype: VehicleSubtype | None = None
    """One of the subtypes its ``type`` allows; null means undefined."""
    tracker_id: int | None = None
    """The tracker (also called object_id): the user's, not blocked."""
    max_speed: int | None = None
    model: str | None = None
    garage_id: int | None = None
    garage_organization_name: str | None = None
    trailer: str | None = None
    manufacture_year: int | None = None
    color: str | None = None
    """A color name, not RGB."""
    additional_info: str | None = None
    reg_number: str | None = None
    """The license plate."""
    vin: str | None = None
    chassis_number: str | None = None
    frame_number: str | None = None
    payload_weight: int | None = None
    """Kilograms."""
    payload_height: float | None = None
    """Millimeters."""
    payload_length: float | None = None
    """Millimeters."""
    payload_width: float | None = None
    """Millimeters."""
    passengers: int | None = None
    """Maximum passenger count."""
    gross_weight: int | None = None
    """Kilograms."""
    fuel_type: FuelType | None = None
    fuel_grade: str | None = None
    norm_avg_fuel_consumption: float | None = None
    """Liters per 100 km."""
    fuel_tank_volume: int | None = None
    """Liters."""
    fuel_cost: float | None = None
    """Cost per liter."""
    wheel_arrangement: str | None = None
    tyre_size: str | None = None
    tyres_number: int | None = None
    liability_insurance_policy_number: str | None = None
    liability_insurance_valid_till: dt.date | None = None
    free_insurance_policy_number: str | None = None
    free_insurance_valid_till: dt.date | None = None
    icon_id: int | None = None
    """Read here; changed only through the avatar calls."""
    avatar_file_name: str | None = None
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""
    icon_color: str | Unset = UNSET
    """A hex color (``1E96DC``), sent on create and update only."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Vehicle(NewVehicle):
    """A vehicle of the user (``vehicle/read``, ``vehicle/list``, ``vehicle/update``)."""

    id: int
    tracker_label: str | None = None
    """The label of the tracker (read-only)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BatchError:
    """One problem found in a row of a batch conversion, named like a code-7 error."""

    line: int | Unset = UNSET
    """The 1-based line of the batch (or row of the file) the problem is on."""
    parameter: str
    """The field (column) at fault, e.g. ``type`` or ``manufacture_year``."""
    error: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckedVehicle(NewVehicle):
    """One converted row of ``vehicle/batch_convert``: a vehicle to create, with its errors."""

    id: int | None = None
    """Not created yet: null (or ignored when present)."""
    errors: list[BatchError] | Unset = UNSET
    """Present when the row has problems."""


@attrs.frozen(kw_only=True, slots=False)
class VehicleBatchResult:
    """The result of ``vehicle/batch_convert``."""

    limit_exceeded: bool
    """True when the batch was cut by a limit."""
    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[CheckedVehicle]


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleCreateParams:
    """Parameters of ``vehicle/create``."""

    vehicle: NewVehicle
    """The new vehicle: label, type, model, plate, tracker, garage."""
    force_reassign: bool | Unset = UNSET
    """Take the tracker from the vehicle it is bound to (default true; false gives 247)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleDeleteParams:
    """Parameters of ``vehicle/delete``: exactly one of ``vehicle_id`` or ``vehicle_ids``."""

    vehicle_id: int | Unset = UNSET
    """Code 201 when there is no such vehicle."""
    vehicle_ids: list[int] | Unset = UNSET
    """Unknown IDs are skipped silently."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleListParams:
    """Parameters of ``vehicle/list``."""

    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """The most vehicles to answer (default: all)."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """How many vehicles to skip first (default 0)."""
    sort: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=2))
    """At most 2 items ``<field>=asc|desc`` on :data:`VEHICLE_SORT_FIELDS`."""
    filter: str | Unset | None = attrs.field(default=UNSET, metadata=rules(max_length=100))
    """Only vehicles whose VIN, reg_number or label contains it (at most 100 characters)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleReadParams:
    """Parameters of ``vehicle/read``."""

    vehicle_id: int
    """The vehicle."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleUpdateParams:
    """Parameters of ``vehicle/update``."""

    vehicle: Vehicle
    """The vehicle with its ID and every field as it should be."""
    force_reassign: bool | Unset = UNSET
    """Take the tracker from the vehicle it is bound to (default true; false gives 247)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BatchSource:
    """What a ``*/batch_convert`` call reads: ``batch`` text or a preloaded ``file_id``."""

    batch: str | Unset = UNSET
    """Tab-delimited rows, one per line; ignored when ``file_id`` is set."""
    file_id: str | Unset = UNSET
    """A spreadsheet stored by ``data/spreadsheet/parse`` to read instead of ``batch``."""
    geocoder: GeocoderType | Unset = UNSET
    """The geocoder that reads addresses (default: the user's)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LocatedBatchSource(BatchSource):
    """What a ``*/batch_convert`` call of located rows reads, and their default radius."""

    default_radius: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=1, maximum=100000)
    )
    """The radius of a row's location when it gives none, in meters (default 100)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleBatchConvertParams(BatchSource):
    """Parameters of ``vehicle/batch_convert``: ``batch`` text or a preloaded ``file_id``."""

    fields: list[str] | Unset = UNSET
    """The columns, in order, from :data:`VEHICLE_BATCH_FIELDS` (default
    :data:`VEHICLE_BATCH_DEFAULT_FIELDS`; for a file with a header, its column names)."""


MAX_VEHICLE_STATUSES: Final = 100
"""The most vehicle statuses an account keeps (``vehicle/status/listing/update``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleStatus:
    """A vehicle status of the account (``vehicle/status/listing/read``, deprecated by the
    service)."""

    id: int
    """The status."""
    order: int
    """Its position in the account's list, from 0."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """What the status says: 1 to 255 printable characters."""
    color: str = attrs.field(metadata=rules(pattern=HEX_COLOR_PATTERN))
    """The color it is shown in: a web color without ``#`` (``FFFFFF``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleStatusEntry:
    """A vehicle status as ``vehicle/status/listing/update`` takes it."""

    id: int | None = None
    """The status to keep and change; null (or left out) for a new one."""
    order: int | Unset = UNSET
    """Ignored: a status's position is its place in ``statuses``."""
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """What the status says: 1 to 255 printable characters."""
    color: str = attrs.field(metadata=rules(pattern=HEX_COLOR_PATTERN))
    """The color it is shown in: a web color without ``#`` (``FFFFFF``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleStatusListingUpdateParams:
    """Parameters of ``vehicle/status/listing/update``: the account's whole new list."""

    statuses: list[VehicleStatusEntry] = attrs.field(metadata=rules(max_items=MAX_VEHICLE_STATUSES))
    """Every vehicle status of the account, in order: one with an ``id`` changes that status,
    one without is created, and the statuses left out are deleted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleAvatarAssignParams:
    """Parameters of ``vehicle/avatar/assign``."""

    vehicle_id: int
    """The vehicle."""
    icon_id: int | None
    """An icon of the standard set; null shows the uploaded avatar instead."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleAvatarUploadParams:
    """The form fields of ``vehicle/avatar/upload``, beside the image part named ``file``."""

    vehicle_id: int
    """The vehicle."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""
