"""Planning a way between points, by any provider.

No call leaves the machine: every provider's route runs along the great circle from the start
through each waypoint to the end (a road graph the mock does not have would only lengthen
it). Its ``distance`` is the length of those legs (haversine, meters), its ``time`` that
length at :data:`SPEED_KMH`. The line (``list``) holds each leg's points at most
:data:`STEP_METERS` apart (a route longer than :data:`MAX_STEPS` steps: its length over
:data:`MAX_STEPS`), the points asked exactly as given. ``point_limit`` (and Progorod's
``minsize``) simplify it by Ramer-Douglas-Peucker drop-out tolerance, as tracks are
simplified, keeping the points asked first.

A location beyond :data:`MAP_LATITUDE` (north or south) lies off every road: 218, with the
provider's own ``errors``. The providers differ only there and in Google's waypoint limit
(:data:`GOOGLE_MAX_WAYPOINTS`). 236 when a tracker the caller sees has a tariff without
:data:`ROUTING_FEATURE`.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Sequence
from typing import Any, Final

from gpxpy.geo import haversine_distance

from fleetapi._errors import ExternalServiceParametersError, TariffRestrictionError
from fleetapi._types import Unset
from fleetapi.endpoints.route import (
    ROUTE_GET,
    ROUTE_GOOGLE_GET,
    ROUTE_OSRM_GET,
    ROUTE_PROGOROD_GET,
)
from fleetapi.models.common import LatLng, RouteProvider
from fleetapi.models.route_plan import (
    DEFAULT_MINSIZE,
    GoogleKeyPoint,
    GoogleRoute,
    PlannedRoute,
    RouteGetParams,
    RouteKeyPoint,
    RoutePlanParams,
    RouteProgorodParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tariff import has_feature
from fleetapi_mock.domain.track.simplify import drop_out_tolerances, ranking
from fleetapi_mock.handlers import handles

__all__ = [
    "GOOGLE_MAX_WAYPOINTS",
    "MAP_LATITUDE",
    "MAX_STEPS",
    "ROUTING_FEATURE",
    "SPEED_KMH",
    "STEP_METERS",
    "Plan",
    "plan",
]

SPEED_KMH: Final = 60
"""The speed a route's ``time`` assumes all along, km/h."""
STEP_METERS: Final = 1000.0
"""The longest distance between neighbouring points of a route's line."""
MAX_STEPS: Final = 1000
"""The most steps of that length a line is cut into: a longer route gets longer steps."""
MAP_LATITUDE: Final = 85.05112878
"""Where web maps (and their roads) end, north and south, in degrees."""
GOOGLE_MAX_WAYPOINTS: Final = 8
"""The most waypoints Google plans a route through (218 ``MAX_WAYPOINTS_EXCEEDED`` beyond)."""
ROUTING_FEATURE: Final = "routing"
"""The tariff feature a tracker needs for its user to plan routes (236 otherwise)."""
_OSRM_NOT_FOUND: Final = {
    "status": "NOT_FOUND",
    "status_code": 207,
    "message": "Cannot find route between points",
}
"""OSRM's entry of 218 when it finds no way."""
_DECIMALS: Final = 6
"""The decimals of the line's points made between those asked (about 0.1 m)."""


class Plan:
    """A route through ``points`` (the start, the waypoints, the end) and its line."""

    def __init__(self, points: Sequence[LatLng]) -> None:
        self.points = list(points)
        legs = [_meters(a, b) for a, b in itertools.pairwise(self.points)]
        self.reached = [0.0]
        """The length of the route from its start to each point asked, meters."""
        for leg in legs:
            self.reached.append(self.reached[-1] + leg)
        step = max(STEP_METERS, self.reached[-1] / MAX_STEPS)
        self.line: list[LatLng] = [self.points[0]]
        """The route's line: its points in order."""
        self.along: list[float] = [0.0]
        """The length of the route up to each point of the line."""
        self.keys: list[int] = [0]
        """The index in the line of each point asked."""
        for k, leg in enumerate(legs):
            a, b = self.points[k], self.points[k + 1]
            parts = max(1, math.ceil(leg / step))
            for part in range(1, parts):
                self.line.append(_between(a, b, part / parts))
                self.along.append(self.reached[k] + leg * part / parts)
            self.line.append(b)
            self.along.append(self.reached[k + 1])
            self.keys.append(len(self.line) - 1)

    @property
    def distance(self) -> int:
        """The route's length, meters."""
        return round(self.reached[-1])

    def answer(self, kept: Sequence[int]) -> tuple[int, list[LatLng], list[int]]:
        """The route's ``time``, the line's ``kept`` points and each key point's index among
        them: its own, else the kept point nearest to it along the route (the earlier of two
        as near)."""
        where = {i: j for j, i in enumerate(kept)}
        reached = [self.along[i] for i in kept]
        ids = []
        for k in self.keys:
            if k in where:
                ids.append(where[k])
                continue
            after = min(bisect.bisect_left(reached, self.along[k]), len(kept) - 1)
            near = [j for j in (after - 1, after) if j >= 0]
            ids.append(min(near, key=lambda j: (abs(reached[j] - self.along[k]), j)))
        return seconds(self.reached[-1]), [self.line[i] for i in kept], ids

    def kept(self, limit: int | None, minsize: float | None = None) -> list[int]:
        """The indexes of the line's points an answer keeps: every point asked and every
        inner point whose drop-out tolerance passes ``minsize``, then, past ``limit``, the
        points asked first and the inner ones that shape the line most; when the points asked
        alone pass the limit, they are simplified as one line."""
        count = len(self.line)
        keys = sorted(set(self.keys))
        crowded = limit is not None and count > limit
        tolerances = drop_out_tolerances(self.line) if crowded or minsize is not None else []
        asked = set(keys)
        inner = [
            i
            for i in range(count)
            if i not in asked and (minsize is None or tolerances[i] > minsize)
        ]
        if limit is None or len(keys) + len(inner) <= limit:
            return sorted([*keys, *inner])
        if len(keys) >= limit:
            own = drop_out_tolerances([self.line[i] for i in keys])
            chosen = {0, len(keys) - 1, *ranking(own)[: limit - 2]}
            return [keys[j] for j in sorted(chosen)]
        best = sorted(inner, key=lambda i: -tolerances[i])[: limit - len(keys)]
        return sorted([*keys, *best])


def seconds(meters: float) -> int:
    """The time of ``meters`` at :data:`SPEED_KMH`, whole seconds."""
    return round(meters * 3.6 / SPEED_KMH)


def _meters(a: LatLng, b: LatLng) -> float:
    return haversine_distance(a.lat, a.lng, b.lat, b.lng)


def _vector(p: LatLng) -> tuple[float, float, float]:
    lat, lng = math.radians(p.lat), math.radians(p.lng)
    return (math.cos(lat) * math.cos(lng), math.cos(lat) * math.sin(lng), math.sin(lat))


def _between(a: LatLng, b: LatLng, fraction: float) -> LatLng:
    """The point ``fraction`` of the way from ``a`` to ``b`` along their great circle (of two
    antipodes: the one through the north pole, or through longitude 0 from a pole)."""
    u, v = _vector(a), _vector(b)
    dot = max(-1.0, min(1.0, sum(x * y for x, y in zip(u, v, strict=True))))
    angle = math.acos(dot)
    toward = [y - dot * x for x, y in zip(u, v, strict=True)]
    if math.hypot(*toward) < 1e-12:  # antipodes: any great circle joins them
        aim = (0.0, 0.0, 1.0) if abs(u[2]) < 1 - 1e-12 else (1.0, 0.0, 0.0)
        along = sum(x * y for x, y in zip(u, aim, strict=True))
        toward = [y - along * x for x, y in zip(u, aim, strict=True)]
    norm = math.hypot(*toward)
    theta = angle * fraction
    x, y, z = (
        math.cos(theta) * p + math.sin(theta) * t / norm for p, t in zip(u, toward, strict=True)
    )
    lat = math.degrees(math.asin(max(-1.0, min(1.0, z))))
    lng = math.degrees(math.atan2(y, x))
    return LatLng(lat=round(lat, _DECIMALS), lng=round(lng, _DECIMALS))


def _points(params: RoutePlanParams) -> list[LatLng]:
    waypoints = [] if isinstance(params.waypoints, Unset) else params.waypoints
    return [params.start, *waypoints, params.end]


def _check(ctx: Context, params: RoutePlanParams, provider: RouteProvider) -> list[LatLng]:
    """The points asked, once the caller may plan and the provider finds a way (236, 218)."""
    for tracker in ctx.visible_trackers():
        if not has_feature(ctx.world, tracker, ROUTING_FEATURE):
            raise TariffRestrictionError(f"the tariff of tracker {tracker.id} has no routing")
    points = _points(params)
    waypoints = len(points) - 2
    if provider == "google" and waypoints > GOOGLE_MAX_WAYPOINTS:
        raise ExternalServiceParametersError(
            f"at most {GOOGLE_MAX_WAYPOINTS} waypoints, not {waypoints}",
            extra={"errors": ["MAX_WAYPOINTS_EXCEEDED"]},
        )
    off = [i for i, p in enumerate(points) if abs(p.lat) > MAP_LATITUDE]
    if off:
        raise _no_route(provider, off, len(points))
    return points


def _no_route(
    provider: RouteProvider, off: list[int], count: int
) -> ExternalServiceParametersError:
    """218 for the points asked at ``off`` (of ``count``), as ``provider`` tells it."""
    text = f"no road reaches beyond {MAP_LATITUDE}° of latitude"
    if provider == "google":
        return ExternalServiceParametersError(text, extra={"errors": ["NOT_FOUND"]})
    if provider == "osrm":
        return ExternalServiceParametersError(text, errors=[_OSRM_NOT_FOUND])
    if len(off) == count:
        return ExternalServiceParametersError(text, errors=[{"type": "isolated", "point": "all"}])
    entries: list[dict[str, Any]] = []
    for i in off:
        if i == 0:
            entries.append({"type": "isolated", "point": "start"})
        elif i == count - 1:
            entries.append({"type": "isolated", "point": "end"})
        else:
            entries.append({"type": "isolated", "point": "waypoint", "index": i - 1})
    return ExternalServiceParametersError(text, errors=entries)


def _limit(params: RoutePlanParams) -> int | None:
    return None if isinstance(params.point_limit, Unset) else params.point_limit


def plan(points: Sequence[LatLng], limit: int | None, minsize: float | None = None) -> PlannedRoute:
    """The planned route through ``points``, its line within ``limit`` points."""
    route = Plan(points)
    time, line, ids = route.answer(route.kept(limit, minsize))
    keys = [RouteKeyPoint(id=j, lat=p.lat, lng=p.lng) for j, p in zip(ids, points, strict=True)]
    return PlannedRoute(distance=route.distance, time=time, list=line, key_points=keys)


@handles(ROUTE_GET)
def route_get(ctx: Context, params: RouteGetParams) -> PlannedRoute:
    """A route planned by the provider named, or by the caller's."""
    provider = params.provider_type
    if isinstance(provider, Unset):
        provider = ctx.require_user().preferences.route_provider
    return plan(_check(ctx, params, provider), _limit(params))


@handles(ROUTE_OSRM_GET)
def route_osrm_get(ctx: Context, params: RoutePlanParams) -> PlannedRoute:
    """A route planned by OSRM."""
    return plan(_check(ctx, params, "osrm"), _limit(params))


@handles(ROUTE_PROGOROD_GET)
def route_progorod_get(ctx: Context, params: RouteProgorodParams) -> PlannedRoute:
    """A route planned by Progorod, smoothed by ``minsize``."""
    minsize = DEFAULT_MINSIZE if isinstance(params.minsize, Unset) else params.minsize
    return plan(_check(ctx, params, "progorod"), _limit(params), minsize)


@handles(ROUTE_GOOGLE_GET)
def route_google_get(ctx: Context, params: RoutePlanParams) -> GoogleRoute:
    """A route planned by Google: each key point with the length and time up to it."""
    points = _check(ctx, params, "google")
    route = Plan(points)
    time, line, ids = route.answer(route.kept(_limit(params)))
    keys = [
        GoogleKeyPoint(id=j, lat=p.lat, lng=p.lng, distance=round(reached), time=seconds(reached))
        for j, p, reached in zip(ids, points, route.reached, strict=True)
    ]
    return GoogleRoute(distance=route.distance, time=time, list=line, key_points=keys)
