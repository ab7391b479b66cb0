"""Tags: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.tag import (
    Tag,
    TagAvatarAssignParams,
    TagAvatarUploadParams,
    TagCreateParams,
    TagDeleteParams,
    TagListParams,
    TagSearchParams,
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
    decisions=(
        Decision(
            "`tag/list` `filter`",
            "A case-insensitive substring of the name, 3 to 60 characters as documented (7 "
            "otherwise); null or left out lists every tag.",
        ),
    ),
)
TAG_CREATE = Endpoint(
    path="tag/create",
    params=TagCreateParams,
    result=Result.field("id", int),
    summary="Create a tag and get its ID.",
    right="tag_update",
    errors=(7, 247, 268),
    origin="service",
    decisions=(
        Decision(
            "Tag names",
            "Not blank, at most 60 characters, unique in the account in any case (247 "
            "otherwise, on create and update), so that the batch calls' tag names name one tag; "
            f"`color` six hex digits. At most {MAX_TAGS:,} tags per account (268). "
            "`avatar_file_name` is the avatar calls' own. `tag/update` keeps its stored value.",
        ),
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
)
TAG_DELETE = Endpoint(
    path="tag/delete",
    params=TagDeleteParams,
    result=Result.nothing(),
    summary="Delete a tag (`tag_id`) or several (`tag_ids`); the entities carrying them lose them.",
    right="tag_update",
    errors=(7, 201),
    origin="service",
    decisions=(
        Decision(
            "`tag/delete`",
            "Exactly one of `tag_id` and `tag_ids` (7 for neither or both). A `tag_id` that is "
            "not the account's is 201; `tag_ids` skips such IDs silently, as documented. The "
            "places, zones, employees, vehicles, tasks and trackers that carried a deleted tag "
            "lose it.",
        ),
    ),
)
TAG_SEARCH = Endpoint(
    path="tag/search",
    params=TagSearchParams,
    result=Result.field("result", "fleetapi.models.tag_search:TagSearchResult"),
    summary="The entities carrying every one of some tags, by kind.",
    errors=(7,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tag/search`",
            "The entities carrying every listed tag (not any), each kind by ID, of the kinds in "
            "`entity_types` (all by default; the others answered empty). A sub-user finds the "
            "trackers it sees and the employees, vehicles and tasks of those (or of none); "
            "places and zones are the account's and found by every user. `task_schedule` holds "
            "task and checkpoint schedules, a sub-user's those of its trackers or of none.",
        ),
    ),
)
TAG_AVATAR_ASSIGN = Endpoint(
    path="tag/avatar/assign",
    params=TagAvatarAssignParams,
    result=Result.nothing(),
    summary="Show an icon of the standard set for a tag (null: its uploaded avatar).",
    right="tag_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "A tag's icon",
            "The documented tag object has no icon field: `tag/list` answers tags as "
            "documented and the icon is kept in the world document's tag (`icon_id`); "
            "assigning one leaves `avatar_file_name` as it is (`tests/sdk/test_tag.py`).",
        ),
    ),
)
TAG_AVATAR_UPLOAD = Endpoint(
    path="tag/avatar/upload",
    params=TagAvatarUploadParams,
    result=Result.field("value", str),
    summary="Upload an image as a tag's avatar and get its file name.",
    right="tag_update",
    errors=(201, 233, 234),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request: the image travels as the part named `file` ("
        + ", ".join(f"`{t}`" for t in AVATAR_TYPES)
        + "; 234 for another type, 233 without it). The answer, the file's name, is the "
        "tag's `avatar_file_name` from then on."
    ),
    decisions=(
        Decision(
            "An avatar's file",
            "Named with 16 random hex digits and the extension of its type (`.jpg`, `.png`, "
            "`.gif`, `.webp`); at most the platform's `file_storage.hard_max_file_size` bytes "
            "(271 beyond). The mock keeps the name the API shows, not the image: it serves no "
            "`static/` files (`tests/sdk/test_tag.py`).",
        ),
    ),
)

ENDPOINTS = (
    TAG_LIST,
    TAG_CREATE,
    TAG_UPDATE,
    TAG_DELETE,
    TAG_SEARCH,
    TAG_AVATAR_ASSIGN,
    TAG_AVATAR_UPLOAD,
)
