"""Vehicles: create, read, list, update and delete them, and convert tab-delimited batches."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.vehicle import (
    Vehicle,
    VehicleBatchConvertParams,
    VehicleBatchResult,
    VehicleCreateParams,
    VehicleDeleteParams,
    VehicleListParams,
    VehicleReadParams,
    VehicleUpdateParams,
)

VEHICLE_CREATE = Endpoint(
    path="vehicle/create",
    params=VehicleCreateParams,
    result=Result.field("id", int),
    summary="Create a vehicle and get its ID.",
    right="vehicle_update",
    errors=(247,),
    notes=(
        "Code 247 when `tracker_id` is not null, the tracker is bound to another vehicle and "
        "`force_reassign` is false (when true, the default, the tracker moves to the new "
        "vehicle). Nulls are accepted for every field but `label` and `type`. Not shown, "
        "decided: a tracker, garage or tag the user does not have answers 204, a blocked "
        "tracker 208, a subtype outside its type's 7 naming `vehicle.subtype`."
    ),
)
VEHICLE_DELETE = Endpoint(
    path="vehicle/delete",
    params=VehicleDeleteParams,
    result=Result.nothing(),
    summary="Delete a vehicle, or several at once.",
    right="vehicle_update",
    errors=(201,),
    notes=(
        "Give exactly one of `vehicle_id` and `vehicle_ids` (code 7 otherwise). Code 201 only "
        "for an unknown `vehicle_id`; unknown IDs in `vehicle_ids` are skipped silently."
    ),
)
VEHICLE_LIST = Endpoint(
    path="vehicle/list",
    params=VehicleListParams,
    result=Result.field("list", list[Vehicle]),
    summary="List the user's vehicles, a page at a time.",
    safe=True,
    paging=Paging(items="list", total=None),
    notes=(
        "Sort fields (not shown in the spec; the service's): id, label, model, reg_number, "
        "vin, type, subtype, tracker_label, garage_organization_name, fuel_type, fuel_grade, "
        "norm_avg_fuel_consumption, fuel_tank_volume, payload_weight, chassis_number, "
        "wheel_arrangement, tyres_number, tyre_size, max_speed, passengers; at most 2 sort "
        "items (code 7 otherwise). No total count is returned."
    ),
)
VEHICLE_READ = Endpoint(
    path="vehicle/read",
    params=VehicleReadParams,
    result=Result.field("value", Vehicle),
    summary="Read one vehicle.",
    errors=(201,),
    safe=True,
)
VEHICLE_UPDATE = Endpoint(
    path="vehicle/update",
    params=VehicleUpdateParams,
    result=Result.nothing(),
    summary="Update a vehicle (`icon_id` changes only through the avatar calls).",
    right="vehicle_update",
    errors=(201, 247, 261),
    notes=(
        "Code 261 when `tracker_id` changes while service tasks are linked to the vehicle; "
        "247 as in `vehicle/create`. Not shown, decided: 204 and 208 as in `vehicle/create`; "
        "`tracker_label`, `garage_organization_name`, `icon_id` and `avatar_file_name` sent "
        "here are ignored."
    ),
    current="vehicle/read",
)
VEHICLE_BATCH_CONVERT = Endpoint(
    path="vehicle/batch_convert",
    params=VehicleBatchConvertParams,
    result=Result.body(VehicleBatchResult),
    summary="Convert tab-delimited vehicle rows into vehicles to create, with row errors.",
    right="vehicle_update",
    errors=(234,),
    safe=True,
    notes=(
        "Creates nothing: it parses rows into vehicle objects for a later `vehicle/create`. "
        "Each element of a row's `errors` is an object with `line`, `parameter` (the field) "
        "and `error` (the text), like code-7 errors (the spec does not show the shape). "
        "`limit_exceeded` is true when the batch was cut by a limit (not shown; the mock "
        "takes 1000 rows). Not shown, decided: 234 for text without a tab when several "
        "columns are expected, 201 for an unknown `file_id`, 7 for an unknown column name."
    ),
)

ENDPOINTS = (
    VEHICLE_CREATE,
    VEHICLE_DELETE,
    VEHICLE_LIST,
    VEHICLE_READ,
    VEHICLE_UPDATE,
    VEHICLE_BATCH_CONVERT,
)
