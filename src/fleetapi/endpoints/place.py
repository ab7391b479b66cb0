"""Places (points of interest): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Paging, Result
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.entity import (
    FIELD_TEXT_LENGTHS,
    MAX_DECIMAL,
    MAX_DECIMAL_PLACES,
    PHONE_DIGITS,
)
from fleetapi.models.place import (
    PLACE_BATCH_DEFAULT_FIELDS,
    PLACE_FIELDS,
    PLACE_UPLOAD_COLUMNS,
    Place,
    PlaceAvatarAssignParams,
    PlaceAvatarUploadParams,
    PlaceBatchConvertParams,
    PlaceBatchResult,
    PlaceCreateParams,
    PlaceDeleteParams,
    PlaceLabel,
    PlaceList,
    PlaceListParams,
    PlaceReadParams,
    PlaceSearchLocationParams,
    PlaceUpdateParams,
    PlaceUploadParams,
    PlaceUploadResult,
)

MAX_PLACES = 10_000
"""Places per account; one more answers 268."""

PLACE_LIST = Endpoint(
    path="place/list",
    params=PlaceListParams,
    result=Result.body(PlaceList),
    summary="List the account's places (points of interest), a page at a time, with their count.",
    errors=(7,),
    safe=True,
    paging=Paging(total="count"),
    origin="service",
    decisions=(
        Decision(
            "`place/list`",
            "Sorted by `order_by`, one of the built-in fields "
            f"{', '.join(f'`{f}`' for f in PLACE_FIELDS)} or a custom field's ID (digits; places "
            "without that field come last), `id` by default; another name is 7. `filter` is a "
            "case-insensitive substring of a built-in field or a custom field's value; "
            "`conditions` search the built-in fields; `place_ids`, `tag_ids` (every tag "
            "carried), `filter` and `conditions` must all match. `count` is the number found "
            "before paging. The order is ascending unless `ascending` is false.",
        ),
    ),
)
PLACE_READ = Endpoint(
    path="place/read",
    params=PlaceReadParams,
    result=Result.field("value", Place),
    summary="Read one place (point of interest).",
    errors=(201,),
    safe=True,
    origin="service",
)
PLACE_CREATE = Endpoint(
    path="place/create",
    params=PlaceCreateParams,
    result=Result.field("id", int),
    summary="Create a place (point of interest) and get its ID.",
    right="place_update",
    errors=(7, 204, 268),
    origin="service",
    decisions=(
        Decision(
            "Place fields",
            "As the documented place object: `location` with `address` (at most 255 characters) "
            "and `radius` (1 to 300,000 m) required; `label` not blank, at most 255; "
            "`external_id` at most 32; `description` at most 1,024; `fields` as the custom "
            "fields of the account's place entity declare them (below). `icon_id` and "
            "`avatar_file_name` are "
            "the avatar calls' own (kept on update, none on create). A place of a world "
            "document without `address` or `radius` (the world format leaves them optional) is "
            "answered with an empty address and a radius of 100 m, the documented batch "
            "default. A tag that is not the account's is 204.",
        ),
        Decision(
            "Custom field values of places",
            "Each key of `fields` is the ID (as text) of a custom field of the account's "
            "place entity (`entity/fields/read`), else 7 naming `place.fields.<key>`; the "
            "value's `type` is the field's (7 naming `place.fields.<key>.type`), and its "
            f"`value` text of at most {FIELD_TEXT_LENGTHS['text']:,} characters (`text`) or "
            f"{FIELD_TEXT_LENGTHS['bigtext']:,} (`bigtext`), an e-mail address (`email`), "
            f"{PHONE_DIGITS[0]} to {PHONE_DIGITS[1]} digits with perhaps a leading `+` and "
            "spaces, hyphens or parentheses (`phone`), a number within "
            f"±{MAX_DECIMAL:,} with at most {MAX_DECIMAL_PLACES} decimals (`decimal`), a "
            "64-bit integer (`integer`) or an employee ID (`employee`), a number perhaps "
            "written as text (kept as the number); else 7 naming `place.fields.<key>.value`. "
            "An employee ID naming no employee of the account is 204, as a tag's. Null or "
            "empty text is no value. A required field "
            "without a value is 7 naming `place.fields.<key>`, unless `place/create` says "
            "`ignore_missing_fields`; `place/update` needs them all. Every problem is "
            "reported at once (the 7s before a 204), and nothing changes. A world document's "
            "values are not checked when it loads (`tests/sdk/test_entity.py`).",
        ),
        Decision(
            "Places per account, and rights",
            f"At most {MAX_PLACES:,} (268 beyond). Every user of the account lists and reads "
            "every place; creating, changing and deleting need `place_update`.",
        ),
    ),
)
PLACE_UPDATE = Endpoint(
    path="place/update",
    params=PlaceUpdateParams,
    result=Result.nothing(),
    summary="Replace a place, named by its `id`.",
    right="place_update",
    errors=(7, 201, 204),
    origin="service",
    current="place/read",
)
PLACE_DELETE = Endpoint(
    path="place/delete",
    params=PlaceDeleteParams,
    result=Result.nothing(),
    summary="Delete a place; geo links that showed it lose it.",
    right="place_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "`place/delete`",
            "A geo link that showed the place loses it from `place_ids`; nothing else refers "
            "to places.",
        ),
    ),
)
PLACE_SEARCH_LOCATION = Endpoint(
    path="place/search_location",
    params=PlaceSearchLocationParams,
    result=Result.field("list", list[PlaceLabel]),
    summary="The account's places whose radius holds a point, by ID.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`place/search_location`",
            "Documented beside the other place calls: the places whose radius holds the point "
            "(great-circle distance, the edge included), by ID.",
        ),
    ),
)
PLACE_BATCH_CONVERT = Endpoint(
    path="place/batch_convert",
    params=PlaceBatchConvertParams,
    result=Result.body(PlaceBatchResult),
    summary="Check tab-delimited places (or a stored spreadsheet) before creating them.",
    right="place_update",
    errors=(7, 201, 234),
    origin="service",
    decisions=(
        Decision(
            "`place/batch_convert`",
            "The documentation shows no request: rows of the default columns "
            f"({', '.join(f'`{f}`' for f in PLACE_BATCH_DEFAULT_FIELDS)}; `external_id` may be "
            "named in `fields`). A row's point is its `lat` and `lng` when it gives either, else "
            "its address from the gazetteer; without one its location is 0, 0 with a "
            "`place.location` error. Each row answers `tag_names`, the names of its tags. "
            "Creates nothing, as `zone/batch_convert`: each row is a place to create, with its "
            "problems in `errors`; `radius` defaults to `default_radius`, else 100 m.",
        ),
    ),
)


PLACE_AVATAR_ASSIGN = Endpoint(
    path="place/avatar/assign",
    params=PlaceAvatarAssignParams,
    result=Result.nothing(),
    summary="Show an icon of the standard set for a place (null: its uploaded avatar).",
    right="place_update",
    errors=(7, 201),
    origin="service",
    decisions=(
        Decision(
            "A place's icon and avatar",
            "`place/avatar/assign` sets `icon_id` (1 to 255, as the place object's; left out "
            "is null) and leaves `avatar_file_name`; `place/avatar/upload` sets "
            "`avatar_file_name` (named as a tag's avatar) and leaves `icon_id`: null shows the "
            "uploaded avatar, as documented. Both are answered by `place/read` and "
            "`place/list` (`tests/sdk/test_place_avatar.py`).",
        ),
    ),
)
PLACE_AVATAR_UPLOAD = Endpoint(
    path="place/avatar/upload",
    params=PlaceAvatarUploadParams,
    result=Result.field("value", str),
    summary="Upload an image as a place's avatar and get its file name.",
    right="place_update",
    errors=(201, 233, 234),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request: the image travels as the part named `file` ("
        + ", ".join(f"`{t}`" for t in AVATAR_TYPES)
        + "; 234 for another type, 233 without it). The answer, the file's name, is the "
        "place's `avatar_file_name` from then on."
    ),
)
PLACE_UPLOAD = Endpoint(
    path="place/upload",
    params=PlaceUploadParams,
    result=Result.body(PlaceUploadResult),
    summary="Create places from a CSV file (`;`-separated, with a header line).",
    right="place_update",
    errors=(7, 233, 234, 247, 268),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request whose part `file` is the CSV file: UTF-8, columns "
        "separated by `;`, a header line naming them among "
        + ", ".join(f"`{c}`" for c in PLACE_UPLOAD_COLUMNS)
        + "."
    ),
    decisions=(
        Decision(
            "What `place/upload` reads",
            "The header line names the columns, in any order, each once (234 for another "
            "name, one named twice, or no `label`); a row is read as a `place/batch_convert` "
            "row (its point from `lat` and `lng`, else its address from the gazetteer; "
            "`radius` else `default_radius`, else 100 m) and its place created as "
            "`place/create` with `ignore_missing_fields` would. Lines are counted from the "
            "header (line 1). A file without a byte is 233, one that is not UTF-8 text 234. "
            "`total` counts the file's rows, `errors` those not imported for their problems.",
        ),
        Decision(
            "`place/upload` policies",
            "`error_policy` `fail` refuses the file (234 naming the first row with a problem "
            "and the problem) and creates nothing; `ignore` skips such rows. `duplicate_policy` "
            "concerns rows whose `external_id` is a place's of the account, or an earlier "
            "row's: `fail` refuses the file (247) and creates nothing, `skip` leaves the place "
            "as it is, `update` rewrites its label, location and description (its tags, custom "
            f"fields and avatar stay). Past {MAX_PLACES:,} places, 268 and nothing is created "
            "(`tests/sdk/test_place_upload.py`).",
        ),
    ),
)

ENDPOINTS = (
    PLACE_LIST,
    PLACE_READ,
    PLACE_CREATE,
    PLACE_UPDATE,
    PLACE_DELETE,
    PLACE_SEARCH_LOCATION,
    PLACE_BATCH_CONVERT,
    PLACE_AVATAR_ASSIGN,
    PLACE_AVATAR_UPLOAD,
    PLACE_UPLOAD,
)
