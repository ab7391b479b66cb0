"""Tracker groups (``tracker/group/*``): how the user interface groups trackers on the map.

Every tracker is in one group; group ``0``, the unnamed default, is never listed and cannot be
changed. A tracker's group is its ``group_id``.
"""

from __future__ import annotations

import attrs

from fleetapi._rules import HEX_COLOR_PATTERN, rules

__all__ = [
    "TrackerGroup",
    "TrackerGroupAssignParams",
    "TrackerGroupCreateParams",
    "TrackerGroupDeleteParams",
    "TrackerGroupUpdateParams",
]

_TITLE = rules(min_length=1, max_length=60, printable=True)
_COLOR = rules(pattern=HEX_COLOR_PATTERN)


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroup:
    """A group of trackers."""

    id: int
    title: str = attrs.field(metadata=_TITLE)
    """1 to 60 printable characters (``Main office``)."""
    color: str = attrs.field(metadata=_COLOR)
    """The color of its trackers' markers: a web color without ``#`` (``FF6DDC``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroupCreateParams:
    """Parameters of ``tracker/group/create``."""

    title: str = attrs.field(metadata=_TITLE)
    """1 to 60 printable characters (``Employees``)."""
    color: str = attrs.field(metadata=_COLOR)
    """A web color without ``#`` (``FF6DDC``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroupUpdateParams(TrackerGroupCreateParams):
    """Parameters of ``tracker/group/update``: the group's new title and color."""

    id: int
    """The group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroupDeleteParams:
    """Parameters of ``tracker/group/delete``; its trackers go to the default group 0."""

    id: int
    """The group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroupAssignParams:
    """Parameters of ``tracker/group/assign``."""

    id: int
    """The group, or 0 to take the trackers out of every group."""
    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers to move into the group."""
