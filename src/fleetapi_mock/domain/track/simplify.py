"""Simplifying point lists to a limit, by each point's Ramer-Douglas-Peucker drop-out tolerance.

A list is made of parts (trips, or the stretches of parking points between them). Each point's
drop-out tolerance is worked out in one pass (:func:`drop_out_tolerances`; a trip keeps its
own, :class:`~fleetapi_mock.domain.track.Trip`), and :func:`simplify` keeps the ends of every
part, then the points of the highest tolerance up to the limit; when the parts' ends alone pass
the limit, the ends are simplified as one line.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, Protocol, TypeVar

import attrs
from gpxpy.geo import ONE_DEGREE

from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["Located", "Part", "drop_out_tolerances", "ranking", "simplest_line", "simplify"]

_METERS_PER_DEGREE: Final = ONE_DEGREE
"""Meters per degree of latitude, on the sphere the distance checks use (gpxpy's)."""


class Located(Protocol):
    """Anything with a latitude and a longitude (a track point, a zone's point)."""

    @property
    def lat(self) -> float:
        """Degrees north."""

    @property
    def lng(self) -> float:
        """Degrees east."""


_P = TypeVar("_P", bound=Located)


@attrs.frozen
class Part:
    """Points simplified together (a trip's, or a stretch between trips), their drop-out
    tolerances and their inner points by tolerance, computed from them unless given (a
    trip's are computed once and kept)."""

    points: Sequence[TrackPointRecord]
    given: Callable[[], Sequence[float]] | None = None
    given_ranking: Callable[[], Iterable[int]] | None = None

    def tolerances(self) -> Sequence[float]:
        """Each point's drop-out tolerance (the ends' infinite: they always stay)."""
        return self.given() if self.given is not None else drop_out_tolerances(self.points)

    def ranking(self, tolerances: Sequence[float]) -> Iterable[int]:
        """The indexes of the inner points (the ends aside), highest ``tolerances`` first,
        the earlier of equal ones first."""
        if self.given_ranking is not None:
            return self.given_ranking()
        return ranking(tolerances)


def ranking(tolerances: Sequence[float]) -> list[int]:
    """The indexes of the inner values of ``tolerances`` (the ends aside), highest first, the
    earlier of equal ones first."""
    return sorted(range(1, len(tolerances) - 1), key=lambda i: -tolerances[i])


def drop_out_tolerances(points: Sequence[Located]) -> list[float]:
    """Each point's Ramer-Douglas-Peucker drop-out tolerance, in meters, in one pass.

    A point stays in the line simplified with tolerance ``t`` exactly when its value is above
    ``t``: the distance from the chord it splits, capped by the value of the point that made
    that chord (a point goes when the one it hangs on goes). The ends are infinite. Distances
    are planar, in meters around the line's first point.
    """
    count = len(points)
    values = [0.0] * count
    if not count:
        return values
    values[0] = values[-1] = math.inf
    scale = math.cos(math.radians(points[0].lat)) * _METERS_PER_DEGREE
    xs = [p.lng * scale for p in points]
    ys = [p.lat * _METERS_PER_DEGREE for p in points]
    stack = [(0, count - 1, math.inf)]
    while stack:
        low, high, ceiling = stack.pop()
        if high - low < 2:
            continue
        ax, ay = xs[low], ys[low]
        dx, dy = xs[high] - ax, ys[high] - ay
        norm = math.hypot(dx, dy)
        best, where = -1.0, low + 1
        if norm == 0:
            for i in range(low + 1, high):
                far = math.hypot(xs[i] - ax, ys[i] - ay)
                if far > best:
                    best, where = far, i
        else:
            for i in range(low + 1, high):
                far = abs(dy * (xs[i] - ax) - dx * (ys[i] - ay))
                if far > best:
                    best, where = far, i
            best /= norm
        value = min(best, ceiling)
        values[where] = value
        stack.append((where, high, value))
        stack.append((low, where, value))
    return values


def _highest(values: Sequence[float], count: int) -> list[int]:
    """The indexes of the ``count`` highest values (the earlier of equal ones), in order."""
    return sorted(heapq.nlargest(count, range(len(values)), key=lambda i: (values[i], -i)))


def simplest_line(points: Sequence[_P], limit: int) -> list[_P]:
    """At most ``limit`` (at least 2) of the points of one line, in order: its ends, then those
    of the highest drop-out tolerance."""
    if len(points) <= max(limit, 2):
        return list(points)
    return [points[i] for i in _highest(drop_out_tolerances(points), max(limit, 2))]


def _candidates(k: int, part: Part) -> Iterator[tuple[float, int, int]]:
    """``(tolerance, k, index)`` of the inner points of part ``k``, highest tolerance first."""
    values = part.tolerances()
    return ((values[i], k, i) for i in part.ranking(values))


def simplify(parts: Sequence[Part], limit: int) -> list[list[TrackPointRecord]]:
    """The points of each part kept within ``limit`` in all, as the module describes.

    Every point stays while they are within the limit. Otherwise each part keeps its first and
    last point and the parts share what is left of the limit by drop-out tolerance; when the
    ends alone pass the limit, the limit's worth of them is kept by their own tolerances as
    one line. Deterministic: the same points give the same result.
    """
    limit = max(limit, 2)
    if sum(len(part.points) for part in parts) <= limit:
        return [list(part.points) for part in parts]
    ends = [
        (k, i)
        for k, part in enumerate(parts)
        if part.points
        for i in sorted({0, len(part.points) - 1})
    ]
    if len(ends) >= limit:
        line = [parts[k].points[i] for k, i in ends]
        kept = [ends[j] for j in _highest(drop_out_tolerances(line), limit)]
    else:
        # Each part's inner points by tolerance, merged: only the best are ever looked at.
        ranked = [_candidates(k, part) for k, part in enumerate(parts) if len(part.points) > 2]
        merged = heapq.merge(*ranked, key=lambda c: (c[0], -c[1], -c[2]), reverse=True)
        best = itertools.islice(merged, limit - len(ends))
        kept = sorted([*ends, *((k, i) for _, k, i in best)])
    chosen: list[list[TrackPointRecord]] = [[] for _ in parts]
    for k, i in kept:
        chosen[k].append(parts[k].points[i])
    return chosen
