"""The track helpers of the mock: simplification to a point limit."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi_mock.domain import track as tracks
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
def test_simplify_keeps_the_ends_within_the_limit(limit):
    points = zigzag(100)
    kept = tracks.simplify(points, limit)
    assert 2 <= len(kept) <= limit
    assert (kept[0], kept[-1]) == (points[0], points[-1])
    assert kept == sorted(kept, key=lambda p: p.get_time)


def test_simplify_leaves_short_lists_alone():
    points = zigzag(10)
    assert tracks.simplify(points, 10) == points


def test_simplify_samples_evenly_when_the_shape_is_too_deep(monkeypatch):
    def too_deep(points, tolerance):
        raise RecursionError

    monkeypatch.setattr(tracks, "simplify_polyline", too_deep)
    points = zigzag(101)
    kept = tracks.simplify(points, 5)
    assert kept == [points[0], points[25], points[50], points[75], points[100]]
