"""Routes and checkpoints on their own: ``task/route/*`` and ``task/checkpoint/*``.

The objects are those of :mod:`fleetapi.models.task`: a route is a :class:`~fleetapi.models.
task.Route`, a checkpoint a :class:`~fleetapi.models.task.Task` of type ``checkpoint`` with its
route in ``parent_id`` and its zero-based ``order``. The calls here change them one at a time
(a checkpoint) or whole (a route and its checkpoints); ``task/route/create`` and the ``task/*``
calls stay in :mod:`fleetapi.models.task`.
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.task import (
    MAX_DESCRIPTION,
    MAX_LABEL,
    NewTask,
    TaskStatus,
    TaskUpdate,
)

__all__ = [
    "CheckpointCreateParams",
    "CheckpointListParams",
    "CheckpointParams",
    "CheckpointUpdate",
    "CheckpointUpdateParams",
    "NewCheckpoint",
    "RouteAssignParams",
    "RouteChange",
    "RouteCheckpoint",
    "RouteListParams",
    "RouteParams",
    "RouteUpdateParams",
]

_ORDER = rules(minimum=0)


# --- Routes -----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteListParams:
    """Parameters of ``task/route/list``; every filter is optional, null is no filter."""

    statuses: list[TaskStatus] | Unset | None = UNSET
    """Only routes in these statuses (default: all)."""
    trackers: list[int] | Unset | None = UNSET
    """Only the routes of these trackers."""
    from_: dt.datetime | Unset | None = UNSET
    """Routes actual after this time (their ``to`` not earlier)."""
    to: dt.datetime | Unset | None = UNSET
    """Routes actual before this time (their ``from`` not later)."""
    filter: str | Unset | None = UNSET
    """Text found (any case) in the label or description."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteParams:
    """Parameters of ``task/route/read`` and ``task/route/delete``."""

    route_id: int
    """The route."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteAssignParams:
    """Parameters of ``task/route/assign``."""

    route_id: int
    """The route; its checkpoints move with it."""
    tracker_id: int | None
    """The tracker to assign; null unassigns."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteChange:
    """The ``route`` of ``task/route/update``: the route's own fields, named by its ``id``
    (its tracker, window and status are not changed here)."""

    id: int
    label: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_LABEL))
    """1 to :data:`~fleetapi.models.common.MAX_LABEL` characters."""
    description: str = attrs.field(metadata=rules(max_length=MAX_DESCRIPTION))
    """0 to :data:`~fleetapi.models.common.MAX_DESCRIPTION` characters."""
    external_id: str | Unset | None = UNSET
    """Omitted: kept."""
    tags: list[int] | Unset = UNSET
    """Omitted: kept."""
    checkpoint_ids: list[int] | Unset | None = UNSET
    """Without ``checkpoints``: the route's checkpoints in their new order (all of them)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteCheckpoint(NewTask):
    """A checkpoint of ``task/route/update``: with an ``id``, one of the route's checkpoints
    rewritten; without, a new one. Its tracker is the route's."""

    id: int | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteUpdateParams:
    """Parameters of ``task/route/update``."""

    route: RouteChange
    """The route's label, description, external ID and tags."""
    checkpoints: list[RouteCheckpoint] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(min_items=1, max_items=500)
    )
    """The route's checkpoints as they are to be, in order of execution (1 to 500): those with
    an ID are rewritten, those without created, the route's others deleted. Omitted or null:
    the checkpoints stay (reordered by ``route.checkpoint_ids`` if given)."""
    create_form: bool | Unset = UNSET
    """Create, replace or delete each checkpoint's form after its ``form_template_id``
    (default false)."""


# --- Checkpoints ------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointListParams:
    """Parameters of ``task/checkpoint/list``."""

    checkpoint_ids: list[int] = attrs.field(metadata=rules(max_items=100000))
    """The checkpoints wanted; IDs of anything else are skipped."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointParams:
    """Parameters of ``task/checkpoint/read``, ``delete`` and ``transmute``."""

    checkpoint_id: int
    """The checkpoint."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewCheckpoint(NewTask):
    """A checkpoint to add to a route: a task with its route and position."""

    parent_id: int
    """The route."""
    order: int | Unset = attrs.field(default=UNSET, metadata=_ORDER)
    """Zero-based position; the checkpoints from there on move one down. Default: last."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointCreateParams:
    """Parameters of ``task/checkpoint/create``."""

    checkpoint: NewCheckpoint
    """The new checkpoint; its tracker is its route's."""
    create_form: bool | Unset = UNSET
    """Create a form from ``checkpoint.form_template_id`` when it is not null (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointUpdate(TaskUpdate):
    """A checkpoint's new content, named by its ``id``; ``order`` moves it in its route."""

    parent_id: int | Unset = UNSET
    """Its route (a checkpoint does not change routes)."""
    order: int | Unset = attrs.field(default=UNSET, metadata=_ORDER)
    """Its new zero-based position; the others shift. Omitted: it stays."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckpointUpdateParams:
    """Parameters of ``task/checkpoint/update``."""

    checkpoint: CheckpointUpdate
    """The checkpoint with its ID and every field as it should be."""
    create_form: bool | Unset = UNSET
    """Create, replace or delete the form after ``checkpoint.form_template_id`` (default
    false)."""
