"""Planning a way between points: ``route/get`` (and ``route/google/get``,
``route/osrm/get``, ``route/progorod/get``), and ordering the points of a route to visit:
``task/route/points/optimize``.

A planned route is its length, its duration, the points of its line (``list``) and, for each
point asked (the start, every waypoint, the end), where it lies in that line (``key_points``).
"""

from __future__ import annotations

import builtins
import datetime as dt
from typing import Final

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng, RouteProvider

__all__ = [
    "DEFAULT_MINSIZE",
    "MAX_POINTS_TO_VISIT",
    "MAX_WAYPOINTS",
    "GoogleKeyPoint",
    "GoogleRoute",
    "PlannedRoute",
    "PointToVisit",
    "RouteGetParams",
    "RouteKeyPoint",
    "RoutePlanParams",
    "RoutePointsOptimizeParams",
    "RouteProgorodParams",
    "StartPoint",
]

MAX_WAYPOINTS: Final = 498
"""The most waypoints a route may pass (with its start and end, the 500 locations of an OSRM
server's default limit); 7 beyond."""

DEFAULT_MINSIZE: Final = 5.0
"""Progorod's smoothing when ``minsize`` is not given, meters."""

MAX_POINTS_TO_VISIT: Final = 49
"""The most points ``task/route/points/optimize`` orders (beside the start point)."""


# --- Planning a route -------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class RoutePlanParams:
    """Parameters of ``route/google/get`` and ``route/osrm/get``: where the route starts,
    passes and ends."""

    start: LatLng
    """Where the route starts."""
    end: LatLng
    """Where the route ends."""
    waypoints: list[LatLng] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=MAX_WAYPOINTS)
    )
    """The points to pass between the start and the end, in order."""
    point_limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=2))
    """The most points the answer's line may hold: the line is simplified to fit. Default: no
    limit."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteGetParams(RoutePlanParams):
    """Parameters of ``route/get``: a route planned by the caller's provider, or the one
    named."""

    provider_type: RouteProvider | Unset = UNSET
    """The provider that plans the route. Default: the caller's ``route_provider`` setting."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteProgorodParams(RoutePlanParams):
    """Parameters of ``route/progorod/get``."""

    minsize: float | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Smoothing, in meters: the line drops the points that shape it by less (default
    :data:`DEFAULT_MINSIZE`)."""
    use_traffic: bool | Unset = UNSET
    """Plan for comfort with traffic (true) rather than the optimal way (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RouteKeyPoint:
    """A point asked (the start, a waypoint, the end) and where it lies in the line."""

    id: int
    """Its index in the route's ``list``."""
    lat: float
    """Latitude of the point asked, in degrees."""
    lng: float
    """Longitude of the point asked, in degrees."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GoogleKeyPoint(RouteKeyPoint):
    """A point asked, with the length and duration of the route up to it."""

    distance: int
    """Length of the route from its start to this point, in meters (0 at the start)."""
    time: int
    """Duration of the route from its start to this point, in seconds (0 at the start)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class _RouteLine:
    """What every planned route tells: its length, duration and line."""

    distance: int
    """Length in meters."""
    time: int
    """Duration in seconds."""
    list: builtins.list[LatLng]
    """The points of the route's line, from its start to its end."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlannedRoute(_RouteLine):
    """A planned route (``route/get``, ``route/osrm/get``, ``route/progorod/get``)."""

    key_points: builtins.list[RouteKeyPoint]
    """The start, each waypoint and the end, in that order, with their places in ``list``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GoogleRoute(_RouteLine):
    """A route planned by ``route/google/get``: its key points tell the way up to each."""

    key_points: builtins.list[GoogleKeyPoint]
    """The start, each waypoint and the end, in that order, with their places in ``list`` and
    the length and duration of the route up to each."""


# --- Ordering the points to visit -------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class StartPoint(LatLng):
    """Where (and when) the performer sets out."""

    departure: dt.datetime | Unset = UNSET
    """When the performer sets out."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PointToVisit:
    """A point the performer must visit, within its time window."""

    location: LatLng
    """Where the point is."""
    from_: dt.datetime
    """The start of its window."""
    to: dt.datetime
    """The end of its window (not before ``from``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RoutePointsOptimizeParams:
    """Parameters of ``task/route/points/optimize``."""

    start_point: StartPoint
    """Where and when the performer sets out; it stays first."""
    route_points: list[PointToVisit] = attrs.field(
        metadata=rules(min_items=2, max_items=MAX_POINTS_TO_VISIT)
    )
    """The points to visit, in any order."""
