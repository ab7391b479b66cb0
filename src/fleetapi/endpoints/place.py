"""Places (points of interest): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.place import (
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

_CONTENT = (
    "A tag that is not the account's is 204. `icon_id` and `avatar_file_name` keep their "
    "stored values (the service's avatar calls set them); custom `fields` are kept as given."
)

PLACE_LIST = Endpoint(
    path="place/list",
    params=PlaceListParams,
    result=Result.body(PlaceList),
    summary="List the account's places (points of interest), a page at a time, with their count.",
    errors=(7,),
    safe=True,
    paging=Paging(total="count"),
    origin="service",
    notes=(
        f"Sorted by `order_by` ({', '.join(f'`{f}`' for f in PLACE_FIELDS)} or a custom "
        "field's ID; `id` by default), `ascending` unless false. `filter` finds the text (any "
        "case) in a built-in field or a custom field's value; `conditions` search the same "
        "built-in fields; `place_ids` and `tag_ids` (every tag carried) narrow further."
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
    notes=f"At most {MAX_PLACES:,} places per account (268). {_CONTENT}",
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
    notes=f"201 for a place that is not the account's. {_CONTENT}",
)
PLACE_DELETE = Endpoint(
    path="place/delete",
    params=PlaceDeleteParams,
    result=Result.nothing(),
    summary="Delete a place; geo links that showed it lose it.",
    right="place_update",
    errors=(201,),
    origin="service",
    notes="201 for a place that is not the account's.",
)
PLACE_SEARCH_LOCATION = Endpoint(
    path="place/search_location",
    params=PlaceSearchLocationParams,
    result=Result.field("list", list[PlaceLabel]),
    summary="The account's places whose radius holds a point, by ID.",
    safe=True,
    origin="service",
    notes="A point at a place's radius (great-circle distance) is inside it.",
)
PLACE_BATCH_CONVERT = Endpoint(
    path="place/batch_convert",
    params=PlaceBatchConvertParams,
    result=Result.body(PlaceBatchResult),
    summary="Check tab-delimited places (or a stored spreadsheet) before creating them.",
    right="place_update",
    errors=(7, 201, 234),
    origin="service",
    notes=(
        "Creates nothing, as `zone/batch_convert`: each row is a place to create with its "
        "problems in `errors` and its tags' names in `tag_names`. A row without `lat` and "
        "`lng` has its `address` looked up in the gazetteer; `radius` defaults to "
        "`default_radius` (100 m). 234 for text that is not tab-delimited, 201 for an "
        "unknown `file_id`."
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
