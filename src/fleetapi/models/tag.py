"""Tags: ``tag/*``, as the service documents them.

A tag is a named color that places, zones, employees, tasks, trackers and vehicles carry by ID
(trackers as ``tag_bindings``), so that they are found together: ``tag/search`` answers the
entities that carry every one of some tags.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from fleetapi._deprecation import moved_models
from fleetapi._rules import HEX_COLOR_PATTERN, rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "TAGGED_ENTITY_TYPES",
    "NewTag",
    "Tag",
    "TagCreateParams",
    "TagDeleteParams",
    "TagListParams",
    "TagSearchParams",
    "TagUpdateParams",
    "TaggedEntityType",
]

TaggedEntityType = Literal[
    "place", "task", "task_schedule", "employee", "vehicle", "zone", "tracker"
]
"""A kind of entity that carries tags."""

TAGGED_ENTITY_TYPES: Final[tuple[TaggedEntityType, ...]] = (
    "place",
    "task",
    "task_schedule",
    "employee",
    "vehicle",
    "zone",
    "tracker",
)
"""Every kind of entity that carries tags, in the order ``tag/search`` answers them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewTag:
    """A tag without its ID: the ``tag`` of ``tag/create``."""

    name: str = attrs.field(metadata=rules(not_blank=True, max_length=60))
    """Unique in the account (any case)."""
    color: str = attrs.field(metadata=rules(pattern=HEX_COLOR_PATTERN))
    """A hex color without ``#`` (``FF0000``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Tag(NewTag):
    """A tag of the account."""

    id: int
    avatar_file_name: str | None = None
    """Set by the service's avatar calls only: ignored in ``update``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagListParams:
    """Parameters of ``tag/list``."""

    filter: str | Unset | None = attrs.field(
        default=UNSET, metadata=rules(min_length=3, max_length=60)
    )
    """Only tags whose name holds this text (any case); 3 to 60 characters, or null."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagCreateParams:
    """Parameters of ``tag/create``."""

    tag: NewTag
    """The new tag."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagUpdateParams:
    """Parameters of ``tag/update``: the tag, named by its ``id``."""

    tag: Tag
    """The tag with its ID, its name and its color."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagDeleteParams:
    """Parameters of ``tag/delete``: one tag (201 when missing) or several (missing skipped)."""

    tag_id: int | Unset = UNSET
    """The tag to delete."""
    tag_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """The tags to delete; those that do not exist are skipped."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagSearchParams:
    """Parameters of ``tag/search``."""

    tag_ids: list[int] = attrs.field(metadata=rules(min_items=1))
    """The tags every entity found carries."""
    entity_types: list[TaggedEntityType] | Unset = UNSET
    """Only these kinds of entity (default: every kind)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagAvatarAssignParams:
    """Parameters of ``tag/avatar/assign``."""

    tag_id: int
    """The tag."""
    icon_id: int | None
    """An icon of the standard set; null shows the uploaded avatar instead."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagAvatarUploadParams:
    """The form fields of ``tag/avatar/upload``, beside the image part named ``file``."""

    tag_id: int
    """The tag."""
    redirect_target: str | Unset = attrs.field(default=UNSET, metadata=rules(url=True))
    """An http or https URL: the answer is then a redirect (HTTP 303) to
    ``<redirect_target>?response=<urlencoded response JSON>``."""


__getattr__: Callable[[str], Any] = moved_models(__name__)
"""The models that moved from here (:data:`fleetapi._deprecation.MOVED_MODELS`), each with
a warning."""
