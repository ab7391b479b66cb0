"""The track store: points placed by bisection, trips kept and updated, one-pass simplification."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from gpxpy.geo import ONE_DEGREE
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fleetapi_mock.domain.track import Trips, split_trips, trips_of
from fleetapi_mock.domain.track.simplify import Part, drop_out_tolerances, simplify
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.tracks import TrackStore

START = dt.datetime(2026, 1, 15, 8, 0)

# A point: seconds after START (gaps and stops of every length happen), its speed and a
# number that moves it sideways and now and then flags it parking (30) or located by LBS (29).
points_strategy = st.lists(
    st.tuples(st.integers(0, 7200), st.sampled_from([0, 0, 0, 20, 40]), st.integers(0, 30)),
    max_size=60,
)


def make(items: list[tuple[int, int, int]], *, tracker_id: int = 1) -> list[TrackPointRecord]:
    return [
        TrackPointRecord(
            tracker_id=tracker_id,
            get_time=START + dt.timedelta(seconds=second),
            lat=52.5 + wiggle * 1e-4,
            lng=13.4 + second * 1e-5,
            speed=speed,
            parking=wiggle == 30,
            gsm_lbs=wiggle == 29,
        )
        for second, speed, wiggle in items
    ]


def shape(trips: Trips | list) -> list[tuple[int, tuple[int, ...]]]:
    found = trips.trips if isinstance(trips, Trips) else trips
    return [(trip.start, tuple(id(p) for p in trip.points)) for trip in found]


@settings(max_examples=150, deadline=None)
@given(first=points_strategy, batches=st.lists(points_strategy, max_size=4))
def test_trips_kept_on_a_track_equal_a_fresh_split_after_points_arrive(first, batches):
    store = TrackStore(make(first))
    track = store.track(1)
    kept = trips_of(track)
    without_lbs = trips_of(track, include_gsm_lbs=False)
    assert shape(kept) == shape(split_trips(track.points))
    for batch in batches:  # earlier (buffered), later and same-time points alike
        store.add(make(batch))
        assert shape(kept) == shape(split_trips(track.points))
        plain = [p for p in track.points if not p.gsm_lbs]
        assert shape(without_lbs) == shape(split_trips(plain))
    assert trips_of(track) is kept


def test_points_join_their_tracker_in_time_order_after_those_of_the_same_time():
    store = TrackStore()
    at = START + dt.timedelta(minutes=5)
    first = TrackPointRecord(tracker_id=2, get_time=at, lat=1.0, lng=1.0)
    second = TrackPointRecord(tracker_id=2, get_time=at, lat=2.0, lng=2.0)
    earlier = TrackPointRecord(tracker_id=2, get_time=START, lat=3.0, lng=3.0)
    other = TrackPointRecord(tracker_id=1, get_time=at, lat=4.0, lng=4.0)
    store.add([first, second, earlier, other])
    assert list(store) == [other, earlier, first, second]
    assert store.track(2).before(second) is first
    assert store.track(2).before(earlier) is None
    assert len(store) == 4
    store.remove_tracker(2)
    assert list(store) == [other]


def reference_rdp(points: list[TrackPointRecord], tolerance: float) -> list[int]:
    """Textbook Ramer-Douglas-Peucker (recursive), in the same planar meters (the Earth the
    mock measures with: gpxpy's)."""
    scale = math.cos(math.radians(points[0].lat)) * ONE_DEGREE
    xy = [(p.lng * scale, p.lat * ONE_DEGREE) for p in points]

    def keep(low: int, high: int) -> list[int]:
        if high - low < 2:
            return [low]
        (ax, ay), (bx, by) = xy[low], xy[high]
        norm = math.hypot(bx - ax, by - ay)
        best, where = -1.0, low + 1
        for i in range(low + 1, high):
            x, y = xy[i]
            if norm:
                far = abs((by - ay) * (x - ax) - (bx - ax) * (y - ay)) / norm
            else:
                far = math.hypot(x - ax, y - ay)
            if far > best:
                best, where = far, i
        if best <= tolerance:
            return [low]
        return keep(low, where) + keep(where, high)

    return [*keep(0, len(points) - 1), len(points) - 1]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(-500, 500), st.integers(-500, 500)), min_size=2, max_size=40),
    st.floats(0, 300),
)
@example([(0, 0), (300, 60), (5, 100), (500, 0)], 150.0)  # a point farther out than its parent
@example([(-12, 12), (293, 119), (0, -1)], 238.5)  # at the tolerance: the same Earth
def test_drop_out_tolerances_give_the_textbook_line_at_every_tolerance(offsets, tolerance):
    points = [
        TrackPointRecord(tracker_id=1, get_time=START, lat=52.5 + dy * 1e-5, lng=13.4 + dx * 1e-5)
        for dx, dy in offsets
    ]
    values = drop_out_tolerances(points)
    kept = [i for i, value in enumerate(values) if value > tolerance]
    assert kept == reference_rdp(points, tolerance)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.lists(st.integers(-300, 300), min_size=1, max_size=30), max_size=8),
    st.integers(2, 40),
)
def test_simplify_keeps_the_limit_and_every_part_s_ends_while_they_fit(parts_offsets, limit):
    parts = [
        Part(
            [
                TrackPointRecord(
                    tracker_id=1, get_time=START, lat=52.5 + y * 1e-5, lng=13.4 + i * 1e-4
                )
                for i, y in enumerate(offsets)
            ]
        )
        for offsets in parts_offsets
    ]
    kept = simplify(parts, limit)
    total = sum(len(p.points) for p in parts)
    assert sum(len(k) for k in kept) == min(total, limit)
    ends = sum(min(len(p.points), 2) for p in parts)
    for part, chosen in zip(parts, kept, strict=True):
        positions = [part.points.index(p) for p in chosen]
        assert positions == sorted(positions)  # in time order, each once
        if ends <= limit:
            assert chosen[0] is part.points[0]
            assert chosen[-1] is part.points[-1]
    assert simplify(parts, limit) == kept


def test_points_without_readings_share_one_read_only_mapping() -> None:
    from fleetapi_mock.state.records import TrackPointRecord

    when = dt.datetime(2026, 1, 1)
    a, b = (TrackPointRecord(tracker_id=1, get_time=when, lat=0, lng=0) for _ in range(2))
    assert a.readings is b.readings
    with pytest.raises(TypeError):
        a.readings["fuel_level"] = 1.0  # type: ignore[index]
    c = TrackPointRecord(tracker_id=1, get_time=when, lat=0, lng=0, readings={"fuel_level": 5})
    assert c.readings == {"fuel_level": 5}
