"""The track helpers of the mock: simplification to a point limit."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi_mock.domain.track_simplify import Part, simplify
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
    # recursion however deep the splitting goes.
    points = zigzag(20_000)
    (kept,) = simplify([Part(points)], 3000)
    assert len(kept) == 3000
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
