"""Ordering the points of a route to visit.

The order is the shortest way from the start point (which stays first) through every point,
not back, by great-circle distance (haversine, as routes are planned); a point whose
window ends before another's starts is visited first. Up to :data:`EXACT_POINTS` points
every order is weighed (Held-Karp, in ``2^n n^2`` steps); more are ordered nearest first and
from the order given (when its windows allow it), each improved by reversing stretches and
moving stretches of up to :data:`_MOVED` points until no move shortens it, the shorter kept:
never longer than the order given. The same points always give the same order.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
from collections.abc import Sequence
from typing import Final

from gpxpy.geo import haversine_distance

from fleetapi._errors import GeocodingFailedError
from fleetapi._types import Unset
from fleetapi.endpoints.route import TASK_ROUTE_POINTS_OPTIMIZE
from fleetapi.models.route_plan import PointToVisit, RoutePointsOptimizeParams
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.handlers import handles

__all__ = ["EXACT_POINTS", "MAX_ROUTE_METERS", "Tour", "Window", "route_points_optimize"]

EXACT_POINTS: Final = 10
"""The most points ordered by weighing every order; more are ordered by local search."""
MAX_ROUTE_METERS: Final = 5_000_000
"""The longest route an order may make (210 beyond): 5000 km."""
Window = tuple[dt.datetime, dt.datetime]
"""A point's window, ``from`` and ``to`` (world time)."""

_MOVED: Final = 3
"""The longest stretch of points a move takes elsewhere at once."""
_GAIN: Final = 1e-7
"""The least shortening (meters) a move must bring, so that rounding never loops."""


class Tour:
    """The distances between the start (index ``n``) and the ``n`` points, and which point
    must come before which."""

    def __init__(
        self, start: tuple[float, float], points: Sequence[PointToVisit], windows: Sequence[Window]
    ) -> None:
        where = [(p.location.lat, p.location.lng) for p in points] + [start]
        self.count = len(points)
        self.start = self.count
        self.end = self.count + 1
        """A stop after the last point, at no distance from any: the way is not back."""
        self.meters = [[haversine_distance(*a, *b) for b in where] + [0.0] for a in where]
        self.meters.append([0.0] * (self.count + 2))
        self.before = [0] * self.count
        """Each point's bit mask of the points that must come before it."""
        for j, (starts, _) in enumerate(windows):
            for i, (_, ends) in enumerate(windows):
                if ends < starts:
                    self.before[j] |= 1 << i

    def length(self, order: Sequence[int]) -> float:
        """The length of the way from the start through ``order``, meters."""
        path = [self.start, *order]
        return sum(self.meters[a][b] for a, b in itertools.pairwise(path))

    def allows(self, order: Sequence[int]) -> bool:
        """Whether ``order`` visits every point after those that must come before it."""
        seen = 0
        for i in order:
            if self.before[i] & ~seen:
                return False
            seen |= 1 << i
        return True

    def best(self) -> list[int]:
        """The order to visit the points in, as the module describes."""
        if self.count <= EXACT_POINTS:
            return self.exact()
        given = list(range(self.count))
        seeds = [self.nearest_first(), *([given] if self.allows(given) else [])]
        tours = [self.improve(seed) for seed in seeds]
        return min(tours, key=self.length)

    def exact(self) -> list[int]:
        """The shortest order the windows allow, every order weighed (Held-Karp)."""
        n, meters, before = self.count, self.meters, self.before
        full = (1 << n) - 1
        cost = [[math.inf] * n for _ in range(full + 1)]
        came = [[-1] * n for _ in range(full + 1)]
        for j in range(n):
            if not before[j]:
                cost[1 << j][j] = meters[self.start][j]
        for mask in range(1, full + 1):
            row = cost[mask]
            for j in range(n):
                here = row[j]
                if here == math.inf:
                    continue
                for k in range(n):
                    if mask >> k & 1 or before[k] & ~mask:
                        continue
                    then = here + meters[j][k]
                    if then < cost[mask | 1 << k][k]:
                        cost[mask | 1 << k][k] = then
                        came[mask | 1 << k][k] = j
        last = min(range(n), key=lambda j: cost[full][j])
        order, mask = [], full
        while last >= 0:
            order.append(last)
            last, mask = came[mask][last], mask & ~(1 << last)
        return order[::-1]

    def nearest_first(self) -> list[int]:
        """Each next point the nearest of those the windows allow (the lower index of two)."""
        order: list[int] = []
        seen, here = 0, self.start
        while len(order) < self.count:
            ready = [
                k for k in range(self.count) if not seen >> k & 1 and not self.before[k] & ~seen
            ]
            here = min(ready, key=lambda k: (self.meters[here][k], k))
            order.append(here)
            seen |= 1 << here
        return order

    def improve(self, order: Sequence[int]) -> list[int]:
        """``order`` shortened by reversing and moving stretches (each move one the windows
        allow) until no move shortens it."""
        path = [self.start, *order, self.end]
        while self._reverse_once(path) or self._move_once(path):
            pass
        return path[1:-1]

    def _reverse_once(self, path: list[int]) -> bool:
        """Reverse the first stretch whose reversal shortens the way; whether one did."""
        meters, last = self.meters, len(path) - 2
        for i in range(1, last):
            mask = 1 << path[i]
            for j in range(i + 1, last + 1):
                mask |= 1 << path[j]
                a, b, c, d = path[i - 1], path[i], path[j], path[j + 1]
                gain = meters[a][b] + meters[c][d] - meters[a][c] - meters[b][d]
                if gain > _GAIN and not any(self.before[x] & mask for x in path[i : j + 1]):
                    path[i : j + 1] = path[i : j + 1][::-1]
                    return True
        return False

    def _move_once(self, path: list[int]) -> bool:
        """Move the first stretch of one to :data:`_MOVED` points whose move elsewhere (either
        way round) shortens the way; whether one did."""
        meters, last = self.meters, len(path) - 2
        for size in range(1, _MOVED + 1):
            for i in range(1, last - size + 2):
                j = i + size - 1  # the stretch is path[i..j]
                x, y, a, b = path[i], path[j], path[i - 1], path[j + 1]
                taken = meters[a][x] + meters[y][b] - meters[a][b]
                rest = path[:i] + path[j + 1 :]
                for k in range(len(rest) - 1):
                    if k == i - 1:
                        continue
                    p, q = rest[k], rest[k + 1]
                    for first, end in ((x, y), (y, x)):
                        added = meters[p][first] + meters[end][q] - meters[p][q]
                        if taken - added <= _GAIN:
                            continue
                        stretch = path[i : j + 1] if first == x else path[j : i - 1 : -1]
                        moved = rest[: k + 1] + stretch + rest[k + 1 :]
                        if self.allows(moved[1:-1]):
                            path[:] = moved
                            return True
        return False


@handles(TASK_ROUTE_POINTS_OPTIMIZE)
def route_points_optimize(ctx: Context, params: RoutePointsOptimizeParams) -> list[int]:
    """The indexes of ``route_points`` in the order to visit them."""
    points = params.route_points
    start = params.start_point
    if not isinstance(start.departure, Unset):
        ctx.request_time(start.departure, "start_point.departure")
    windows = []
    for i, point in enumerate(points):
        begins = ctx.request_time(point.from_, f"route_points[{i}].from")
        ends = ctx.request_time(point.to, f"route_points[{i}].to")
        if ends < begins:
            raise invalid(f"route_points[{i}].to", "must not be before from")
        windows.append((begins, ends))
    tour = Tour((start.lat, start.lng), points, windows)
    order = tour.best()
    length = tour.length(order)
    if length > MAX_ROUTE_METERS:
        raise GeocodingFailedError(
            f"the route is {length / 1000:.0f} km long, over {MAX_ROUTE_METERS // 1000} km"
        )
    return order
