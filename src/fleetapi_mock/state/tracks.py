"""Where the world keeps recorded track points: one sorted track per tracker.

``World.track_points`` is a :class:`TrackStore`. It reads as the world document's list (every
point, by tracker, then by GPS time, points of the same time in their arrival order), but each
tracker's points live in their own :class:`Track`, so that a point is placed by bisection
(recording one costs the same in a world of a million points as in an empty one) and a period
is found by bisection too.

What the domain derives from a track (its trips, their simplification ranks) is kept on the
track in :attr:`Track.derived`: each value is told the first index that changed when points
arrive (:class:`Derived`), so it can update from there instead of starting over.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import attrgetter
from typing import Final, Protocol

from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["Derived", "Track", "TrackStore", "track_point_order"]

_time: Final[Callable[[TrackPointRecord], dt.datetime]] = attrgetter("get_time")


def track_point_order(point: TrackPointRecord) -> tuple[int, dt.datetime]:
    """The order ``World.track_points`` lists points in: by tracker, then by GPS time."""
    return (point.tracker_id, point.get_time)


class Derived(Protocol):
    """A value the domain keeps on a :class:`Track` and updates when points arrive."""

    def changed_from(self, index: int) -> None:
        """Points from ``index`` on (in the track's list) are new or have moved."""


class Track:
    """One tracker's recorded points, oldest first (see the module)."""

    __slots__ = ("derived", "points")

    def __init__(self, points: Iterable[TrackPointRecord] = ()) -> None:
        self.points: list[TrackPointRecord] = sorted(points, key=_time)
        """The points by GPS time (read it, never change it: use :meth:`add`)."""
        self.derived: dict[object, Derived] = {}
        """Values derived from the points, by the key their owner chose."""

    def add(self, point: TrackPointRecord) -> int:
        """Place ``point`` after the points of its time or earlier; answer its index."""
        index = bisect.bisect_right(self.points, point.get_time, key=_time)
        self.points.insert(index, point)
        for value in self.derived.values():
            value.changed_from(index)
        return index

    def before(self, point: TrackPointRecord) -> TrackPointRecord | None:
        """The point recorded just before ``point`` (one of this track's), if any."""
        index = bisect.bisect_left(self.points, point.get_time, key=_time)
        while self.points[index] is not point:
            index += 1
        return self.points[index - 1] if index else None

    def __len__(self) -> int:
        return len(self.points)

    def __repr__(self) -> str:
        return f"Track({len(self.points)} points)"


_EMPTY: Final = Track()


class TrackStore:
    """Every tracker's :class:`Track`; iterates as the world document lists the points."""

    __slots__ = ("_tracks",)

    def __init__(self, points: Iterable[TrackPointRecord] = ()) -> None:
        by_tracker: dict[int, list[TrackPointRecord]] = {}
        for point in points:
            by_tracker.setdefault(point.tracker_id, []).append(point)
        self._tracks = {key: Track(found) for key, found in sorted(by_tracker.items())}

    def track(self, tracker_id: int) -> Track:
        """The tracker's track (an empty one, not stored, when it has no points)."""
        return self._tracks.get(tracker_id, _EMPTY)

    def points_of(self, tracker_id: int) -> Sequence[TrackPointRecord]:
        """The tracker's points, oldest first (never change the answer)."""
        return self.track(tracker_id).points

    def add(self, points: Iterable[TrackPointRecord]) -> None:
        """Record ``points``, each in its tracker's track by GPS time (after the points of
        the same time already there)."""
        for point in points:
            track = self._tracks.get(point.tracker_id)
            if track is None:
                track = self._tracks[point.tracker_id] = Track()
                self._tracks = dict(sorted(self._tracks.items()))
            track.add(point)

    def remove_tracker(self, tracker_id: int) -> None:
        """Forget every point of a tracker."""
        self._tracks.pop(tracker_id, None)

    def clear(self) -> None:
        """Forget every point."""
        self._tracks.clear()

    def __iter__(self) -> Iterator[TrackPointRecord]:
        return itertools.chain.from_iterable(t.points for t in self._tracks.values())

    def __len__(self) -> int:
        return sum(len(t) for t in self._tracks.values())

    def __bool__(self) -> bool:
        return any(self._tracks.values())

    def __repr__(self) -> str:
        return f"TrackStore({len(self._tracks)} trackers, {len(self)} points)"
