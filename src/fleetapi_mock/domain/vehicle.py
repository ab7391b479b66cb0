"""Vehicles as a request sees them: visibility, the API's vehicle of a record, subtype checks.

Vehicles belong to the account. A sub-user whose record lists ``trackers`` sees the vehicles
bound to those trackers and the vehicles bound to none; ``tracker_label`` and
``garage_organization_name`` are read from the tracker and the garage when answering.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from fleetapi.models.vehicle import (
    SUBTYPES_BY_TYPE,
    Vehicle,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.state.records import VehicleRecord, convert

__all__ = [
    "garage_name",
    "subtype_error",
    "tracker_label",
    "vehicle_visible",
    "visible_among",
    "visible_vehicles",
    "wire_vehicle",
]


def wire_vehicle(ctx: Context, record: VehicleRecord, *, remember: bool = False) -> Vehicle:
    """The API's vehicle of a record, with its tracker's label and its garage's name.

    With ``remember`` (a single read, such as ``vehicle/read``), the object is kept by the
    world's vehicles table (:meth:`~fleetapi_mock.state.table.Table.memo`, dropped when the
    record is replaced) and read again while the record, its tracker's label and its
    garage's name stay the same. Lists build theirs.
    """
    if not remember:
        return convert(
            Vehicle,
            record,
            tracker_label=tracker_label(ctx, record),
            garage_organization_name=garage_name(ctx, record),
        )
    label, garage = tracker_label(ctx, record), garage_name(ctx, record)
    memo = ctx.world.vehicles.memo("wire_vehicle")
    held = memo.get(record.id)
    if held is not None and held[0] is record and held[1:3] == (label, garage):
        return held[3]  # type: ignore[no-any-return]
    vehicle = convert(Vehicle, record, tracker_label=label, garage_organization_name=garage)
    memo[record.id] = (record, label, garage, vehicle)
    return vehicle


def tracker_label(ctx: Context, record: VehicleRecord) -> str | None:
    """The label of the vehicle's tracker (``tracker_label``), if it has one."""
    tracker = ctx.world.trackers.get(record.tracker_id) if record.tracker_id else None
    return tracker.label if tracker else None


def garage_name(ctx: Context, record: VehicleRecord) -> str | None:
    """The organization name of the vehicle's garage (``garage_organization_name``)."""
    garage = ctx.world.garages.get(record.garage_id) if record.garage_id else None
    return garage.organization_name if garage else None


def visible_vehicles(ctx: Context) -> list[VehicleRecord]:
    """The vehicles the caller sees, by id."""
    return list(visible_among(ctx, ctx.owned(ctx.world.vehicles)))


def visible_among(ctx: Context, records: Iterable[VehicleRecord]) -> Iterator[VehicleRecord]:
    """Those of the account's vehicles ``records`` the caller sees (on a tracker it sees, or
    on none), in their order, read as needed."""
    trackers = ctx.visible_tracker_ids()
    return (v for v in records if v.tracker_id is None or v.tracker_id in trackers)


def vehicle_visible(ctx: Context, record: VehicleRecord) -> bool:
    """Whether the caller sees the vehicle: of the account, on a tracker it sees or on none."""
    if not ctx.world.belongs(record, ctx.account.id):
        return False
    return record.tracker_id is None or ctx.visible_tracker(record.tracker_id) is not None


def subtype_error(vehicle_type: str, subtype: str | None) -> str | None:
    """Why ``subtype`` does not fit ``vehicle_type``, or ``None`` when it does."""
    if subtype is None or subtype in SUBTYPES_BY_TYPE[vehicle_type]:
        return None
    return f"{subtype!r} is not a subtype of {vehicle_type!r}"
