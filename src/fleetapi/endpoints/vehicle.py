"""Vehicles: create, read, list, update and delete them, and convert tab-delimited batches."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.vehicle import (
    Vehicle,
    VehicleBatchConvertParams,
    VehicleBatchResult,
    VehicleCreateParams,
    VehicleDeleteParams,
    VehicleListParams,
    VehicleReadParams,
    VehicleStatus,
    VehicleStatusListingUpdateParams,
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
        "vehicle)."
    ),
    decisions=(
        Decision(
            "A vehicle's `tracker_id` that is not the user's",
            "204 (entity not found), as `task/assign` answers for a tracker; a tracker the "
            "sub-user may not see counts as not the user's. A blocked tracker answers 208; only "
            "a newly bound one is checked, so a vehicle whose tracker got blocked can still be "
            "updated.",
        ),
        Decision("A vehicle's `garage_id` or tag that is not the user's", "204, like the tracker."),
        Decision(
            "`tracker_label`, `garage_organization_name`",
            "Read-only: answered from the tracker's label and the garage's `organization_name`; "
            "whatever a request sends is ignored.",
        ),
        Decision(
            "`icon_id`, `avatar_file_name`",
            "Changed only by the avatar calls: null on create, kept on update, whatever the "
            "request sends. `icon_color` is kept as sent (an update without it keeps the old "
            "one).",
        ),
        Decision(
            "Vehicle fields",
            "Every field but `label`, `type` and `tags` is nullable: the service's own examples "
            "send nulls for fields the spec shows as plain values. Creating a vehicle needs only "
            "`label` and `type`. A subtype outside its type's is 7 naming `vehicle.subtype`.",
        ),
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
        "Code 201 only for an unknown `vehicle_id`; unknown IDs in `vehicle_ids` are skipped "
        "silently."
    ),
    decisions=(
        Decision(
            "`vehicle/delete` with neither or both of `vehicle_id`, `vehicle_ids`",
            "7, naming `vehicle_id` when neither is given and `vehicle_ids` when both are.",
        ),
    ),
)
VEHICLE_LIST = Endpoint(
    path="vehicle/list",
    params=VehicleListParams,
    result=Result.field("list", list[Vehicle]),
    summary="List the user's vehicles, a page at a time.",
    safe=True,
    paging=Paging(items="list", total=None),
    notes="No total count is returned.",
    decisions=(
        Decision(
            "Vehicle list order",
            "By id unless `sort` says otherwise; text compares case-insensitively; nulls sort "
            "last when ascending (first when descending). The filter is a case-insensitive "
            "substring of `vin`, `reg_number` or `label`; an empty or null filter matches every "
            "vehicle.",
        ),
        Decision(
            "Vehicle list sort fields",
            "id, label, model, reg_number, vin, type, subtype, tracker_label, "
            "garage_organization_name, fuel_type, fuel_grade, norm_avg_fuel_consumption, "
            "fuel_tank_volume, payload_weight, chassis_number, wheel_arrangement, tyres_number, "
            "tyre_size, max_speed, passengers; at most 2. More sort items are 7; the fields are "
            "the service's (the spec names none).",
        ),
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
        "247, and `tracker_label`, `garage_organization_name`, `icon_id` and "
        "`avatar_file_name`, as in `vehicle/create`."
    ),
    decisions=(
        Decision(
            'What a "service task" is (code 261)',
            "A maintenance work planned for a vehicle (the service's vehicle service works). The "
            "mock has no call for them: they live in the world document (`service_tasks`). Any "
            "service task of the vehicle, whatever its status, blocks a change of `tracker_id` "
            "(to another tracker or to null); deleting the vehicle deletes its service tasks.",
        ),
        Decision(
            "Order of the checks of `vehicle/update`",
            "201 (vehicle), 7 (subtype), 204/208 (tracker, garage, tags), 261 (service tasks), "
            "247 (tracker taken).",
        ),
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
    notes="234 for text without a tab when several columns are expected.",
    decisions=(
        Decision(
            "`vehicle/batch_convert` columns",
            "`fields` names the columns in order: any vehicle field but `id`, `icon_id`, "
            "`avatar_file_name` and `garage_organization_name`, plus `tracker_label` (one of the "
            "caller's trackers by its label, case-insensitive), `tags` (tag names or IDs of the "
            "account, comma-separated) and `undefined` (a column to skip, as often as needed). "
            "Another name is 7 naming `fields[i]`, a name given twice 7 naming `fields`. A first "
            "line made of the field names is a header and is skipped.",
        ),
        Decision(
            "`vehicle/batch_convert` cells",
            "Empty cells are null (an empty label is a row error); `type` is `car` when its "
            "column is absent or empty; numbers accept a decimal comma; dates are `YYYY-MM-DD`. "
            "Each row is checked as `vehicle/create` checks a vehicle (label, enumerations, "
            "subtype of its type, tracker the caller sees and not blocked, garage of the "
            "account); every problem is listed and its field left null (`label` empty, `type` "
            "`car`). More cells than fields is an error on `batch`. A tracker already bound to a "
            "vehicle is no error (creating moves it). Nothing is created.",
        ),
        Decision(
            "Row limit of `vehicle/batch_convert`",
            "1000 rows, as for tasks; more set `limit_exceeded` and are dropped.",
        ),
        Decision(
            "`vehicle/batch_convert` `file_id`",
            "A spreadsheet stored by `data/spreadsheet/parse`; `batch` is then ignored. An "
            "unknown `file_id`, or another account's, answers 201. Without `fields`, a file "
            "stored with a header takes its columns from it (names mapped by its `header_map`; "
            "names that are no batch field are skipped), else the default columns. Lines are "
            "counted from the file's first row (the header is line 1).",
        ),
        Decision("`vehicle/batch_convert` with neither `batch` nor `file_id`", "7 naming `batch`."),
        Decision(
            "Element shape of `errors` in vehicle batch results",
            '`{"line": ..., "parameter": ..., "error": ...}` (`BatchError`): the 1-based line of '
            "the batch (or row of the file), then the field named like code 7; task batch rows "
            "carry the same keys as free-form objects.",
        ),
    ),
)
VEHICLE_STATUS_LISTING_READ = Endpoint(
    path="vehicle/status/listing/read",
    params=NoParams,
    result=Result.field("list", list[VehicleStatus]),
    summary="List the account's vehicle statuses, in order (deprecated by the service).",
    safe=True,
    origin="service",
    notes="Deprecated by the service; answered as documented. Every user of the account sees them.",
)
VEHICLE_STATUS_LISTING_UPDATE = Endpoint(
    path="vehicle/status/listing/update",
    params=VehicleStatusListingUpdateParams,
    result=Result.nothing(),
    summary="Replace the account's vehicle statuses (deprecated by the service).",
    right="vehicle_update",
    origin="service",
    notes="Deprecated by the service; answered as documented.",
    decisions=(
        Decision(
            "The right to change vehicle statuses",
            "`vehicle_update`, the right of the account's vehicle settings (the documentation "
            "names none).",
        ),
        Decision(
            "`statuses` of `vehicle/status/listing/update`",
            "At most 100, each label 1 to 255 printable characters and color 6 hexadecimal "
            "digits. An `id` that is no vehicle status of the account, or one given twice, is 7 "
            "naming `statuses[i].id` (only general codes are documented). A status's `order` "
            "is its place in the list, from 0, whatever was sent.",
        ),
    ),
)

ENDPOINTS = (
    VEHICLE_CREATE,
    VEHICLE_DELETE,
    VEHICLE_LIST,
    VEHICLE_READ,
    VEHICLE_UPDATE,
    VEHICLE_BATCH_CONVERT,
    VEHICLE_STATUS_LISTING_READ,
    VEHICLE_STATUS_LISTING_UPDATE,
)
