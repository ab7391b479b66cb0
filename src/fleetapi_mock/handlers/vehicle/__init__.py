"""Vehicles.

Vehicles belong to the account. A sub-user whose record lists ``trackers`` sees the vehicles
bound to those trackers and the vehicles bound to none. A tracker carries at most one vehicle:
binding it to another takes it from the first (``force_reassign``, default true) or answers
247. ``tracker_label`` and ``garage_organization_name`` are read from the tracker and the
garage; ``icon_id`` and ``avatar_file_name`` change only through the avatar calls.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from fleetapi._errors import (
    DeviceBlockedError,
    EntityExistsError,
    EntityHasLinksError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.vehicle import (
    VEHICLE_CREATE,
    VEHICLE_DELETE,
    VEHICLE_LIST,
    VEHICLE_READ,
    VEHICLE_UPDATE,
)
from fleetapi.models.vehicle import (
    VEHICLE_SORT_FIELDS,
    NewVehicle,
    Vehicle,
    VehicleCreateParams,
    VehicleDeleteParams,
    VehicleListParams,
    VehicleReadParams,
    VehicleUpdateParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.vehicle import (
    garage_name,
    subtype_error,
    tracker_label,
    vehicle_visible,
    visible_among,
    visible_vehicles,
    wire_vehicle,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import VehicleRecord, convert


def _vehicle(ctx: Context, vehicle_id: int) -> VehicleRecord:
    record = ctx.world.vehicles.get(vehicle_id)
    if record is None or not vehicle_visible(ctx, record):
        raise EntityNotFoundError(f"no vehicle {vehicle_id}")
    return record


def _check(
    ctx: Context, vehicle: NewVehicle, current: VehicleRecord | None, force: bool
) -> VehicleRecord | None:
    """Check a vehicle to store (``current`` is the stored one on update).

    Answers the other vehicle the tracker must be taken from, if any. Raises 7 for a subtype
    that does not fit the type, 204 for a tracker, garage or tag the caller does not have,
    208 for a newly bound blocked tracker, 261 for a tracker change of a vehicle with service
    tasks, 247 for a tracker bound to another vehicle without ``force_reassign``.
    """
    problem = subtype_error(vehicle.type, vehicle.subtype)
    if problem:
        raise InvalidParametersError(errors=[{"parameter": "vehicle.subtype", "error": problem}])
    tracker_changes = current is None or current.tracker_id != vehicle.tracker_id
    if vehicle.tracker_id is not None and tracker_changes:
        tracker = ctx.visible_tracker(vehicle.tracker_id)
        if tracker is None:
            raise EntityMissingError(f"no tracker {vehicle.tracker_id}")
        if tracker.blocked:
            raise DeviceBlockedError(f"tracker {vehicle.tracker_id} is blocked")
    if vehicle.garage_id is not None:
        ctx.owned_one(ctx.world.garages, vehicle.garage_id, "garage", EntityMissingError)
    for tag_id in vehicle.tags:
        ctx.owned_one(ctx.world.tags, tag_id, "tag", EntityMissingError)
    if current is not None and tracker_changes:
        linked = [t.id for t in ctx.world.service_tasks.values() if t.vehicle_id == current.id]
        if linked:
            raise EntityHasLinksError(
                f"vehicle {current.id} has service tasks: its tracker cannot change"
            )
    if vehicle.tracker_id is None or not tracker_changes:
        return None
    holder = next(
        (v for v in ctx.world.vehicles.values() if v.tracker_id == vehicle.tracker_id), None
    )
    if holder is not None and not force:
        raise EntityExistsError(f"tracker {vehicle.tracker_id} is bound to vehicle {holder.id}")
    return holder


def _store(ctx: Context, record: VehicleRecord, holder: VehicleRecord | None) -> None:
    if holder is not None and holder.id != record.id:
        ctx.world.vehicles[holder.id] = attrs.evolve(holder, tracker_id=None)
    ctx.world.vehicles[record.id] = record


@handles(VEHICLE_CREATE)
def vehicle_create(ctx: Context, params: VehicleCreateParams) -> int:
    """A new vehicle of the account; answers its id.

    ``label`` may not be blank. ``tracker_label`` and ``garage_organization_name`` are read from
    the tracker and the garage; ``icon_id`` and ``avatar_file_name`` are never written (null).
    """
    holder = _check(ctx, params.vehicle, None, params.force_reassign is not False)
    vehicle_id = ctx.world.ids.next("vehicles")
    record = convert(
        VehicleRecord,
        params.vehicle,
        id=vehicle_id,
        user_id=ctx.account.id,
        garage_organization_name=None,
        icon_id=None,
        avatar_file_name=None,
    )
    _store(ctx, record, holder)
    return vehicle_id


@handles(VEHICLE_READ)
def vehicle_read(ctx: Context, params: VehicleReadParams) -> Vehicle:
    """One vehicle (201 when the caller does not see it)."""
    return wire_vehicle(ctx, _vehicle(ctx, params.vehicle_id), remember=True)


@handles(VEHICLE_UPDATE)
def vehicle_update(ctx: Context, params: VehicleUpdateParams) -> None:
    """Replace a vehicle's fields but its icon and avatar.

    201 for a vehicle the caller does not see. ``label`` may not be blank. ``tracker_label`` and
    ``garage_organization_name`` are read from the tracker and the garage; ``icon_id`` and
    ``avatar_file_name`` keep their values.
    """
    current = _vehicle(ctx, params.vehicle.id)
    holder = _check(ctx, params.vehicle, current, params.force_reassign is not False)
    record = convert(
        VehicleRecord,
        params.vehicle,
        user_id=current.user_id,
        garage_organization_name=None,
        icon_id=current.icon_id,
        avatar_file_name=current.avatar_file_name,
        icon_color=(
            current.icon_color if params.vehicle.icon_color is UNSET else params.vehicle.icon_color
        ),
    )
    _store(ctx, record, holder)


@handles(VEHICLE_DELETE)
def vehicle_delete(ctx: Context, params: VehicleDeleteParams) -> None:
    """Delete one vehicle (201 when unknown) or several (unknown ones skipped).

    Giving neither answers 7 naming ``vehicle_id``, giving both 7 naming ``vehicle_ids``. The
    vehicles' service tasks go with them.
    """
    if params.vehicle_id is UNSET and params.vehicle_ids is UNSET:
        raise InvalidParametersError(
            errors=[{"parameter": "vehicle_id", "error": "give vehicle_id or vehicle_ids"}]
        )
    if params.vehicle_id is not UNSET and params.vehicle_ids is not UNSET:
        raise InvalidParametersError(
            errors=[
                {
                    "parameter": "vehicle_ids",
                    "error": "give only one of vehicle_id and vehicle_ids",
                }
            ]
        )
    if params.vehicle_id is not UNSET:
        doomed = {_vehicle(ctx, params.vehicle_id).id}
    else:
        assert params.vehicle_ids is not UNSET
        doomed = {
            vehicle_id
            for vehicle_id in params.vehicle_ids
            if (record := ctx.world.vehicles.get(vehicle_id)) is not None
            and vehicle_visible(ctx, record)
        }
    for vehicle_id in doomed:
        del ctx.world.vehicles[vehicle_id]
    for task in list(ctx.world.service_tasks.values()):
        if task.vehicle_id in doomed:
            del ctx.world.service_tasks[task.id]


@functools.cache
def _value(name: str) -> Callable[[VehicleRecord], Any]:
    """A stored field's value (one function per field, so that indexes are found again)."""

    def get(vehicle: VehicleRecord) -> Any:
        value = getattr(vehicle, name)
        return None if value is UNSET else value

    return get


def _sort_fields(ctx: Context) -> search.Fields[VehicleRecord]:
    """What ``vehicle/list`` sorts by, read from the stored records (text case-insensitively,
    vehicles without a value last in both directions)."""
    read: dict[str, Callable[[VehicleRecord], Any]] = {
        "tracker_label": functools.partial(tracker_label, ctx),
        "garage_organization_name": functools.partial(garage_name, ctx),
    }
    return {
        name: search.Field("text", read[name])
        if name in read
        else search.Field("text", _value(name), indexed=True)
        for name in sorted(VEHICLE_SORT_FIELDS)
    }


@handles(VEHICLE_LIST)
def vehicle_list(ctx: Context, params: VehicleListParams) -> list[Vehicle]:
    """The vehicles the caller sees: filtered, sorted (by id unless told), paged.

    At most 2 ``sort`` items ``field=asc|desc`` (case-insensitive), else 7 naming ``sort[i]``;
    nulls sort last when ascending. ``filter`` is a case-insensitive substring of ``vin``,
    ``reg_number`` or ``label``. ``offset`` and ``limit`` are at least 0.
    """
    sort = [] if params.sort is UNSET else params.sort
    fields = _sort_fields(ctx)
    search.check_sort(sort, fields)
    filtered = params.filter is not UNSET and params.filter is not None and params.filter != ""
    ordered = search.indexed_order(ctx.world.vehicles, ctx.account.id, sort, fields)
    if ordered is not None and not filtered:
        shown = search.take(visible_among(ctx, ordered), params.offset, params.limit)
        return [wire_vehicle(ctx, r) for r in shown]
    records = visible_vehicles(ctx)
    if filtered:
        assert isinstance(params.filter, str)
        wanted = params.filter.casefold()
        records = [
            v
            for v in records
            if any(wanted in (text or "").casefold() for text in (v.vin, v.reg_number, v.label))
        ]
    records = search.sort_records(records, sort, fields)
    return [wire_vehicle(ctx, r) for r in search.page(records, params.offset, params.limit)]
