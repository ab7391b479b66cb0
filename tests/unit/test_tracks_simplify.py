"""The track helpers of the mock: simplification to a point limit."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fleetapi_mock.domain.track import Trip
from fleetapi_mock.domain.track.simplify import Part, simplify
from fleetapi_mock.state.records import TrackPointRecord


def zigzag(count: int) -> list[TrackPointRecord]:
    start = dt.datetime(2026, 1, 14, 10)
    return [
        TrackPointRecord(
            tracker_id=1,
            get_time=start + dt.timedelta(seconds=30 * n),
            lat=52.5 + 0.002 * (n % 2),
            lng=13.4 + 0.003 * n,
        )
        for n in range(count)
    ]


@pytest.mark.parametrize("limit", [2, 3, 10, 99])
def test_simplify_keeps_the_ends_and_fills_the_limit(limit):
    points = zigzag(100)
    (kept,) = simplify([Part(points)], limit)
    assert len(kept) == limit
    assert (kept[0], kept[-1]) == (points[0], points[-1])
    assert kept == sorted(kept, key=lambda p: p.get_time)


def test_simplify_leaves_short_lists_alone():
    points = zigzag(10)
    assert simplify([Part(points)], 10) == [points]


def test_a_long_line_needs_no_recursion():
    # A spiral-like line whose every point matters: the tolerances are worked out without
    # recursion however deep the splitting goes (each split peels one point off: 4,000
    # levels, four times the interpreter's default recursion limit; the work grows with the
    # square of the points, 20,000 took 22 s).
    points = zigzag(4_000)
    (kept,) = simplify([Part(points)], 600)
    assert len(kept) == 600
    assert (kept[0], kept[-1]) == (points[0], points[-1])


def test_when_the_parts_ends_pass_the_limit_the_ends_are_simplified_as_one_line():
    points = zigzag(40)
    parts = [Part(points[i : i + 4]) for i in range(0, 40, 4)]  # ten parts, twenty ends
    kept = simplify(parts, 6)
    flat = [p for chosen in kept for p in chosen]
    assert len(flat) == 6
    assert (flat[0], flat[-1]) == (points[0], points[-1])
    for part, chosen in zip(parts, kept, strict=True):
        assert all(p in (part.points[0], part.points[-1]) for p in chosen)


def _reference(parts: list[Part], limit: int) -> list[list[TrackPointRecord]]:
    """The simplification as its definition says, with every candidate listed and sorted:
    the parts' ends, then the inner points of highest tolerance, the earlier part and the
    earlier point first among equal ones."""
    ends = [(k, i) for k, part in enumerate(parts) for i in sorted({0, len(part.points) - 1})]
    inner = [
        (-value, k, i)
        for k, part in enumerate(parts)
        if len(part.points) > 2
        for i, value in enumerate(part.tolerances()[1:-1], 1)
    ]
    best = [(k, i) for _, k, i in sorted(inner)[: limit - len(ends)]]
    chosen: list[list[TrackPointRecord]] = [[] for _ in parts]
    for k, i in sorted([*ends, *best]):
        chosen[k].append(parts[k].points[i])
    return chosen


@settings(max_examples=200, deadline=None)
@given(
    shape=st.lists(
        st.tuples(st.integers(1, 40), st.integers(0, 40), st.integers(0, 40)),
        min_size=1,
        max_size=8,
    ),
    steps=st.lists(st.sampled_from([0, 0, 1, -1, 2]), min_size=40, max_size=40),
    limit=st.integers(2, 60),
)
def test_simplify_keeps_what_its_definition_keeps(shape, steps, limit):
    """Whole trips, cut trips (their ranking kept by the trip) and stretches alike; ties
    (points on a straight line) go to the earlier part and point."""
    start = dt.datetime(2026, 1, 14, 10)
    parts: list[Part] = []
    for number, (size, cut_a, cut_b) in enumerate(shape):
        points = tuple(
            TrackPointRecord(
                tracker_id=1,
                get_time=start + dt.timedelta(hours=number, seconds=n),
                lat=52.5 + 0.001 * steps[n],
                lng=13.4 + 0.001 * n,
            )
            for n in range(size)
        )
        first, last = sorted((min(cut_a, size), min(cut_b, size)))
        if number % 3 == 0:
            parts.append(Part(points))
        elif last > first:
            parts.append(Trip(points).part(first, last))
        else:
            parts.append(Trip(points).part(0, size))
    if sum(min(len(p.points), 2) for p in parts) >= limit:
        return  # the ends alone pass the limit: simplified as one line (tested above)
    if sum(len(p.points) for p in parts) <= limit:
        return
    assert simplify(parts, limit) == _reference(parts, limit)
