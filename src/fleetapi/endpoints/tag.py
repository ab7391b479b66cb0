"""Tags: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.tag import (
    Tag,
    TagCreateParams,
    TagDeleteParams,
    TagListParams,
    TagSearchParams,
    TagSearchResult,
    TagUpdateParams,
)

MAX_TAGS = 10_000
"""Tags per account; one more answers 268."""

TAG_LIST = Endpoint(
    path="tag/list",
    params=TagListParams,
    result=Result.field("list", list[Tag]),
    summary="List the account's tags, by ID.",
    errors=(7,),
    safe=True,
    origin="service",
    notes="`filter` finds the text (any case) in the name; 3 to 60 characters, or null.",
)
TAG_CREATE = Endpoint(
    path="tag/create",
    params=TagCreateParams,
    result=Result.field("id", int),
    summary="Create a tag and get its ID.",
    right="tag_update",
    errors=(7, 247, 268),
    origin="service",
    notes=(
        "A name another tag of the account has (any case) is 247; at most "
        f"{MAX_TAGS:,} tags per account (268)."
    ),
)
TAG_UPDATE = Endpoint(
    path="tag/update",
    params=TagUpdateParams,
    result=Result.nothing(),
    summary="Rename or recolor a tag, named by its `id`.",
    right="tag_update",
    errors=(7, 201, 247),
    origin="service",
    current="tag/list",
    notes=(
        "201 for a tag that is not the account's, 247 for the name of another of its tags. "
        "`avatar_file_name` keeps its stored value."
    ),
)
TAG_DELETE = Endpoint(
    path="tag/delete",
    params=TagDeleteParams,
    result=Result.nothing(),
    summary="Delete a tag (`tag_id`) or several (`tag_ids`); the entities carrying them lose them.",
    right="tag_update",
    errors=(7, 201),
    origin="service",
    notes=(
        "Exactly one of `tag_id` and `tag_ids` (7). A `tag_id` that is not the account's is "
        "201; `tag_ids` skips those silently, as documented. Places, zones, employees, "
        "vehicles, tasks and trackers carrying a deleted tag lose it."
    ),
)
TAG_SEARCH = Endpoint(
    path="tag/search",
    params=TagSearchParams,
    result=Result.field("result", TagSearchResult),
    summary="The entities carrying every one of some tags, by kind.",
    errors=(7,),
    safe=True,
    origin="service",
    notes=(
        "Only entities the caller may see: a sub-user's trackers, their employees, vehicles "
        "and tasks; every place and zone of the account. Each kind by ID; kinds left out of "
        "`entity_types` are answered empty."
    ),
)

ENDPOINTS = (TAG_LIST, TAG_CREATE, TAG_UPDATE, TAG_DELETE, TAG_SEARCH)
