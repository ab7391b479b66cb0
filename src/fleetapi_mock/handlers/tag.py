"""Tags, and what they are attached to.

Tags are the account's (``world.tags``, :class:`~fleetapi_mock.state.records.TagRecord`);
places, zones, employees, vehicles and tasks carry their IDs in ``tags``, trackers in
``tag_ids`` (answered as ``tag_bindings``).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import Any, Protocol, TypeVar

import attrs

from fleetapi._errors import (
    EntityExistsError,
    EntityNotFoundError,
    InvalidParametersError,
    OverQuotaError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.tag import (
    MAX_TAGS,
    TAG_AVATAR_ASSIGN,
    TAG_AVATAR_UPLOAD,
    TAG_CREATE,
    TAG_DELETE,
    TAG_LIST,
    TAG_SEARCH,
    TAG_UPDATE,
)
from fleetapi.models.tag import (
    TAGGED_ENTITY_TYPES,
    Tag,
    TagAvatarAssignParams,
    TagAvatarUploadParams,
    TagCreateParams,
    TagDeleteParams,
    TagListParams,
    TagSearchParams,
    TagUpdateParams,
)
from fleetapi.models.tag_search import TagSearchResult
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import visible_employees, wire_employee
from fleetapi_mock.domain.file import avatar_name
from fleetapi_mock.domain.place import wire_place
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.task_schedule import tagged_schedules
from fleetapi_mock.domain.tracker import wire_tracker
from fleetapi_mock.domain.vehicle import visible_vehicles, wire_vehicle
from fleetapi_mock.domain.zone import wire_zone
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TagRecord, convert
from fleetapi_mock.state.table import Table


@handles(TAG_LIST)
def tag_list(ctx: Context, params: TagListParams) -> list[Tag]:
    """The account's tags by id, those whose name holds ``filter`` (any case) if given."""
    tags = ctx.owned(ctx.world.tags)
    if isinstance(params.filter, str):
        wanted = params.filter.casefold()
        tags = [t for t in tags if wanted in t.name.casefold()]
    return [convert(Tag, t) for t in tags]


def _check_name(ctx: Context, name: str, tag_id: int | None) -> None:
    """247 when another tag of the account has the name (any case)."""
    folded = name.casefold()
    for other in ctx.owned(ctx.world.tags):
        if other.id != tag_id and other.name.casefold() == folded:
            raise EntityExistsError(f"tag {other.id} is named {other.name!r}")


@handles(TAG_CREATE)
def tag_create(ctx: Context, params: TagCreateParams) -> int:
    """A new tag of the account (247 for a name in use, 268 past :data:`MAX_TAGS`)."""
    _check_name(ctx, params.tag.name, None)
    if len(ctx.owned(ctx.world.tags)) >= MAX_TAGS:
        raise OverQuotaError(f"an account may hold at most {MAX_TAGS} tags")
    tag_id = ctx.world.ids.next("tags")
    ctx.world.tags[tag_id] = convert(TagRecord, params.tag, id=tag_id, user_id=ctx.account.id)
    return tag_id


@handles(TAG_UPDATE)
def tag_update(ctx: Context, params: TagUpdateParams) -> None:
    """Rename or recolor a tag of the account (201 otherwise); its avatar stays."""
    stored = ctx.owned_get(ctx.world.tags, params.tag.id)
    if stored is None:
        raise EntityNotFoundError(f"no tag {params.tag.id}")
    _check_name(ctx, params.tag.name, stored.id)
    ctx.world.tags[stored.id] = attrs.evolve(stored, name=params.tag.name, color=params.tag.color)


class _Tagged(Protocol):
    """A record that carries tags by ID."""

    @property
    def id(self) -> int:
        """Its ID."""

    @property
    def tags(self) -> list[int]:
        """The IDs of the tags it carries."""


_R = TypeVar("_R", bound=_Tagged)


def _untag(table: Table[int, _R], records: Iterable[_R], doomed: Set[int]) -> None:
    """Take the tags ``doomed`` off ``records`` of ``table``."""
    for record in records:
        if not doomed.isdisjoint(record.tags):
            tags = [t for t in record.tags if t not in doomed]
            table[record.id] = attrs.evolve(record, tags=tags)  # type: ignore[misc]


@handles(TAG_DELETE)
def tag_delete(ctx: Context, params: TagDeleteParams) -> None:
    """Delete a tag (201 when it is not the account's) or several (those missing skipped);
    the entities carrying them lose them."""
    if isinstance(params.tag_ids, Unset) and not isinstance(params.tag_id, Unset):
        if ctx.owned_get(ctx.world.tags, params.tag_id) is None:
            raise EntityNotFoundError(f"no tag {params.tag_id}")
        wanted = [params.tag_id]
    elif isinstance(params.tag_id, Unset) and not isinstance(params.tag_ids, Unset):
        wanted = [t for t in params.tag_ids if ctx.owned_get(ctx.world.tags, t) is not None]
    else:
        raise InvalidParametersError(
            errors=[{"parameter": "tag_id", "error": "give exactly one of tag_id and tag_ids"}]
        )
    doomed = set(wanted)
    world = ctx.world
    for tag_id in doomed:
        del world.tags[tag_id]
    _untag(world.places, ctx.owned(world.places), doomed)
    _untag(world.zones, ctx.owned(world.zones), doomed)
    _untag(world.employees, ctx.owned(world.employees), doomed)
    _untag(world.vehicles, ctx.owned(world.vehicles), doomed)
    _untag(world.tasks, ctx.owned(world.tasks), doomed)
    for tracker in ctx.owned(world.trackers):
        if not doomed.isdisjoint(tracker.tag_ids):
            tag_ids = [t for t in tracker.tag_ids if t not in doomed]
            world.trackers[tracker.id] = attrs.evolve(tracker, tag_ids=tag_ids)


@handles(TAG_SEARCH)
def tag_search(ctx: Context, params: TagSearchParams) -> TagSearchResult:
    """The entities the caller sees that carry every tag of ``tag_ids``, by kind and id."""
    required = set(params.tag_ids)
    kinds = TAGGED_ENTITY_TYPES if isinstance(params.entity_types, Unset) else params.entity_types

    def carries(tags: Iterable[int]) -> bool:
        return required <= set(tags)

    found: dict[str, list[Any]] = {}
    if "place" in kinds:
        found["place"] = [wire_place(p) for p in ctx.visible_places() if carries(p.tags)]
    if "zone" in kinds:
        found["zone"] = [wire_zone(z) for z in ctx.visible_zones() if carries(z.tags)]
    if "employee" in kinds:
        found["employee"] = [wire_employee(e) for e in visible_employees(ctx) if carries(e.tags)]
    if "vehicle" in kinds:
        found["vehicle"] = [wire_vehicle(ctx, v) for v in visible_vehicles(ctx) if carries(v.tags)]
    if "task" in kinds:
        board = Board(ctx)
        found["task"] = [board.wire(t) for t in board.tasks() if carries(t.tags)]
    if "task_schedule" in kinds:
        found["task_schedule"] = tagged_schedules(ctx, required)
    if "tracker" in kinds:
        found["tracker"] = [wire_tracker(t) for t in ctx.visible_trackers() if carries(t.tag_ids)]
    return TagSearchResult(**found)


@handles(TAG_AVATAR_ASSIGN)
def tag_avatar_assign(ctx: Context, params: TagAvatarAssignParams) -> None:
    """Keep the tag's icon (201: not a tag of the account)."""
    tag = ctx.owned_one(ctx.world.tags, params.tag_id, "tag")
    ctx.world.tags[tag.id] = attrs.evolve(tag, icon_id=params.icon_id)


@handles(TAG_AVATAR_UPLOAD)
def tag_avatar_upload(ctx: Context, params: TagAvatarUploadParams) -> str:
    """The image part ``file`` as the tag's avatar: its new file name (201: not a tag of the
    account; 233: no image; 234: not an avatar type; 271: too large)."""
    tag = ctx.owned_one(ctx.world.tags, params.tag_id, "tag")
    name = avatar_name(ctx)
    ctx.world.tags[tag.id] = attrs.evolve(tag, avatar_file_name=name)
    return name
