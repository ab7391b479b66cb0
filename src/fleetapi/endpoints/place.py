"""Places (points of interest): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Paging, Result
from fleetapi.models.place import (
    PLACE_BATCH_DEFAULT_FIELDS,
    PLACE_FIELDS,
    Place,
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
            "`external_id` at most 32; `description` at most 1,024. The mock has no custom "
            "field definitions (`entity/fields`): `fields` are kept and answered as given, and "
            "`ignore_missing_fields` has nothing to relax. `icon_id` and `avatar_file_name` are "
            "the avatar calls' own (kept on update, none on create). A place of a world "
            "document without `address` or `radius` (the world format leaves them optional) is "
            "answered with an empty address and a radius of 100 m, the documented batch "
            "default. A tag that is not the account's is 204.",
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

ENDPOINTS = (
    PLACE_LIST,
    PLACE_READ,
    PLACE_CREATE,
    PLACE_UPDATE,
    PLACE_DELETE,
    PLACE_SEARCH_LOCATION,
    PLACE_BATCH_CONVERT,
)
