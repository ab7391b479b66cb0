"""Tariff plans of trackers (``tariff/*``): the plans of the user's dealer and a tracker's
change of plan.

A tracker may switch to another active plan of the same group of its dealer's plans; a second
change within the platform's freeze period is allowed only to a plan with an
``early_change_price``, and charged.
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "MapFilter",
    "Tariff",
    "TariffTrackerChangeParams",
    "TariffTrackerList",
    "TariffTrackerParams",
    "TariffType",
]

TariffType = Literal["monthly", "everyday", "activeday"]
"""How a plan is paid: by the month, by the day, or by the day the tracker is active."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapFilter:
    """The maps a plan offers its users."""

    exclusion: bool
    """True: the maps of ``values`` are not offered; false: only those are."""
    values: list[str]
    """The maps excluded or offered (``roadmap``, ``osm``...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Tariff:
    """A tariff plan of trackers, as the dealer offers it."""

    id: int
    """The plan."""
    name: str
    """The plan's name."""
    group_id: int
    """The group of plans it belongs to: a tracker switches only between plans of one group."""
    active: bool
    """Whether users may switch to it themselves."""
    type: TariffType
    """How it is paid: ``monthly``, ``everyday`` or ``activeday``."""
    price: float
    """The price per month (``monthly``, ``everyday``) or per active day (``activeday``)."""
    early_change_price: float | None
    """What a switch to this plan costs within the freeze period after the last change; null:
    no such early switch."""
    device_limit: int
    """The most trackers an account on it may have."""
    has_reports: bool
    """Whether its trackers may be in reports."""
    paas_free: bool
    """Whether it is free for the PaaS owner."""
    store_period: str
    """How long data is kept: ``2h`` (hours), ``3d`` (days), ``5m`` (months), ``1y`` (years)."""
    features: list[str]
    """The features it allows (``map_layers``, ``app_tasks``...)."""
    map_filter: MapFilter
    """The maps it offers."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TariffTrackerParams:
    """Parameters of ``tariff/tracker/list``."""

    tracker_id: int
    """A tracker the user sees."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TariffTrackerChangeParams:
    """Parameters of ``tariff/tracker/change``."""

    tracker_id: int
    """A tracker of the account, not a clone."""
    tariff_id: int
    """The new plan: active, of the same group as the tracker's and of the user's dealer."""


@attrs.frozen(kw_only=True, slots=False)
class TariffTrackerList:
    """What ``tariff/tracker/list`` answers: the plans a tracker may switch to."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[Tariff]
    """The plans the tracker may switch to (also within the freeze period)."""
    days_to_next_change: int
    """Days until a change is free again; 0 when one is free now."""
