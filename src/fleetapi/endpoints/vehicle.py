"""Vehicles: create, read, list, update and delete them, convert tab-delimited batches, import
spreadsheets, and their avatars."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.data import (
    FAILED_LINES_TYPE,
    MAX_RUNNING_IMPORTS,
    ImportProcess,
    ImportProcessIdParams,
    ImportStartParams,
)
from fleetapi.models.vehicle import (
    Vehicle,
    VehicleAvatarAssignParams,
    VehicleAvatarUploadParams,
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


VEHICLE_AVATAR_ASSIGN = Endpoint(
    path="vehicle/avatar/assign",
    params=VehicleAvatarAssignParams,
    result=Result.nothing(),
    summary="Show an icon of the standard set for a vehicle (null: its uploaded avatar).",
    right="vehicle_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "A vehicle's icon and avatar",
            "`vehicle/avatar/assign` sets `icon_id` and leaves `avatar_file_name`; "
            "`vehicle/avatar/upload` sets `avatar_file_name` (named as a tag's avatar) and "
            "leaves `icon_id`: null shows the uploaded avatar, as documented. Both are answered "
            "by `vehicle/read` and `vehicle/list`; a vehicle the caller does not see is 201 "
            "(`tests/sdk/test_vehicle_avatar.py`).",
        ),
    ),
)
VEHICLE_AVATAR_UPLOAD = Endpoint(
    path="vehicle/avatar/upload",
    params=VehicleAvatarUploadParams,
    result=Result.field("value", str),
    summary="Upload an image as a vehicle's avatar and get its file name.",
    right="vehicle_update",
    errors=(201, 233, 234),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request: the image travels as the part named `file` ("
        + ", ".join(f"`{t}`" for t in AVATAR_TYPES)
        + "; 234 for another type, 233 without it). The answer, the file's name, is the "
        "vehicle's `avatar_file_name` from then on."
    ),
)
VEHICLE_IMPORT_START = Endpoint(
    path="vehicle/import/start",
    params=ImportStartParams,
    result=Result.field("id", int),
    summary="Start importing vehicles from a stored spreadsheet; get the process's ID.",
    right="vehicle_update",
    errors=(7, 15, 233, 234, 247),
    origin="service",
    decisions=(
        Decision(
            "Import processes started through the API",
            "`filename` is the `file_id` of a spreadsheet `data/spreadsheet/parse` stored for "
            "the account (233 otherwise); `headers` name its columns in order (7 for a name "
            "that is no import field or one given twice, 234 when they are not as many as the "
            "file's columns). Every data line is checked at once as the batch call of the type "
            "checks a row (`vehicle/batch_convert`, `employee/batch_convert`), line 1 being "
            "the first after the header; a line with problems fails, with an error "
            "`<parameter>: <error>` for each. The process waits a minute, then passes 60 lines "
            "a minute (a world document's defaults) and ends `done`; the entity of each line "
            "it passed is made when the world is next touched, in the sight of the user who "
            "started it. A line whose entity cannot be made by then (its tracker taken by an "
            "earlier line, a tag deleted meanwhile) fails with the reason. Unlike "
            "`vehicle/create`, an imported vehicle never takes a tracker from another vehicle "
            f"(`tests/sdk/test_vehicle_import.py`). At most {MAX_RUNNING_IMPORTS} processes of "
            "an account wait or run at once (15 for one more); a process of the account "
            "importing the same file with the same headers, in any state, is 247.",
        ),
        Decision(
            "The columns of a vehicle import",
            "Those of `vehicle/batch_convert`, plus `garage` (a garage of the account by its "
            "organization name, any case, or its ID) and `trailer_reg_number`, read and left "
            "out: the vehicle object has no such field. `tracker_id` and `garage_id` are no "
            "import columns.",
        ),
    ),
)
VEHICLE_IMPORT_LIST = Endpoint(
    path="vehicle/import/list",
    params=NoParams,
    result=Result.field("list", list[ImportProcess]),
    summary="List the account's vehicle import processes, by ID.",
    safe=True,
    origin="service",
    notes='As `data/import/list` with `types` `["vehicle"]`.',
)
VEHICLE_IMPORT_READ = Endpoint(
    path="vehicle/import/read",
    params=ImportProcessIdParams,
    result=Result.field("value", ImportProcess),
    summary="Read one vehicle import process with its progress, warnings and errors.",
    errors=(201,),
    safe=True,
    origin="service",
    notes="201 for another account's process, or an employee import.",
)
VEHICLE_IMPORT_DOWNLOAD_FAILED = Endpoint(
    path="vehicle/import/download_failed",
    params=ImportProcessIdParams,
    result=Result.file(FAILED_LINES_TYPE),
    summary="Download the lines of a vehicle import that failed, as a CSV file.",
    errors=(201, 204),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The file of failed lines",
            "CSV (`text/csv`, UTF-8, comma-separated, named `import-<id>-failed.csv`): the "
            "spreadsheet's header line (else `user_headers`, else `headers`), then the lines "
            "that failed so far, as they were read, so that they can be corrected and stored "
            "again; their errors are the process's `errors`. 204 while no line has failed, and "
            "for a process a world document seeded without its `rows`.",
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
    VEHICLE_AVATAR_ASSIGN,
    VEHICLE_AVATAR_UPLOAD,
    VEHICLE_IMPORT_START,
    VEHICLE_IMPORT_LIST,
    VEHICLE_IMPORT_READ,
    VEHICLE_IMPORT_DOWNLOAD_FAILED,
)
