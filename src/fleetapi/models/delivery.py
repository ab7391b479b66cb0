"""Delivery tracking by a task's external ID (``delivery/read``, ``delivery/list``)."""

from __future__ import annotations

import builtins
from typing import Any

import attrs

from fleetapi.models.task import Task
from fleetapi.models.tracker import Tracker

__all__ = [
    "DeliveryInfo",
    "DeliveryItem",
    "DeliveryList",
    "DeliveryListParams",
    "DeliveryReadParams",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeliveryItem:
    """A task or checkpoint being delivered, with its tracker and who carries it."""

    task: Task
    tracker: Tracker
    first_name: str | None = None
    """The assigned employee's first name; null without an employee."""
    middle_name: str | None = None
    last_name: str | None = None
    vehicle_label: str | None = None
    """The assigned vehicle's label; null without a vehicle."""
    estimated_time: int | None = None
    """Estimated time of arrival in seconds; null when unavailable."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeliveryInfo:
    """The result of ``delivery/read``: one delivery and its owner's tariff restrictions."""

    user_id: int
    """The master user who owns the task."""
    task: Task
    tracker: Tracker
    restrictions: dict[str, Any] = attrs.Factory(dict)
    """The owner's tariff restrictions (their fields are not specified)."""
    first_name: str | None = None
    """The assigned employee's first name; null without an employee."""
    middle_name: str | None = None
    last_name: str | None = None
    vehicle_label: str | None = None
    """The assigned vehicle's label; null without a vehicle."""
    estimated_time: int | None = None
    """Estimated time of arrival in seconds; null when unavailable."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeliveryList:
    """The result of ``delivery/list``: every matching delivery of one owner."""

    list: builtins.list[DeliveryItem]
    user_id: int
    """The master user who owns the tasks."""
    restrictions: dict[str, Any] = attrs.Factory(dict)
    """The owner's tariff restrictions (their fields are not specified)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeliveryReadParams:
    """Parameters of ``delivery/read``."""

    external_id: int
    """The task's external ID; the first matching task wins, else a checkpoint."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeliveryListParams:
    """Parameters of ``delivery/list``."""

    external_id: int
    """The tasks' external ID (several tasks may share it)."""
