"""One tracker's tracks (``track/list``, ``track/read``): calls of the service's documentation.

They answer what the asset track calls answer for the asset riding the tracker: the same trips,
points and options, from one shared implementation. The documented examples run in
``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    TimeSpanTooBigError,
)
from fleetapi.models.track import AssetRef

VAN = AssetRef(id=1, type="vehicle")
"""Vehicle 1, Van 1, rides tracker 1."""
DAY = dt.datetime(2026, 1, 14)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"filter": False, "count_events": True, "with_points": True, "point_limit": 20},
        {"split": False},
        {"cluster_single_reports": True, "omit_addresses": True},
    ],
)
def test_tracks_are_the_asset_tracks_of_the_tracker(client: Any, options: dict[str, Any]) -> None:
    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    by_tracker = client.tracker_tracks.list(tracker_id=1, **period, **options)
    by_asset = client.asset_tracks.list(asset=VAN, **period, **options)
    assert by_tracker.list == by_asset.list[0].tracks
    assert by_tracker.list  # the demo van drove that day
    assert by_tracker.limit_exceeded is by_asset.list[0].limit_exceeded is False


def test_points_are_the_asset_points_of_the_tracker(client: Any) -> None:
    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    first = client.tracker_tracks.list(tracker_id=1, **period).list[0]
    for options in ({}, {"filter": False, "simplify": False}, {"track_id": first.id}):
        by_tracker = client.tracker_tracks.read(tracker_id=1, **period, **options)
        by_asset = client.asset_tracks.read(asset=VAN, **period, **options)
        assert by_tracker.list == by_asset[0].track_points
    one = client.tracker_tracks.read(tracker_id=1, **period, track_id=first.id, simplify=False)
    assert (one.list[0].get_time, len(one.list)) == (first.start_date, first.points)


def test_a_period_before_the_tracker_existed_has_no_tracks(client: Any) -> None:
    old = {"from_": dt.datetime(2020, 1, 1), "to": dt.datetime(2020, 1, 2)}
    assert client.tracker_tracks.list(tracker_id=1, **old).list == []
    assert client.tracker_tracks.read(tracker_id=1, **old).list == []


@pytest.mark.parametrize(
    ("tracker_id", "period", "error"),
    [
        (5, (DAY, DAY + dt.timedelta(days=1)), DeviceBlockedError),
        (7, (DAY, DAY + dt.timedelta(days=1)), EntityNotFoundError),  # another account's
        (999, (DAY, DAY + dt.timedelta(days=1)), EntityNotFoundError),
        (1, (DAY, DAY - dt.timedelta(hours=1)), InvalidParametersError),
        (1, (DAY - dt.timedelta(days=200), DAY), TimeSpanTooBigError),
    ],
)
def test_refusals(
    client: Any, tracker_id: int, period: tuple[dt.datetime, dt.datetime], error: type[Exception]
) -> None:
    start, end = period
    with pytest.raises(error):
        client.tracker_tracks.list(tracker_id=tracker_id, from_=start, to=end)
    with pytest.raises(error):
        client.tracker_tracks.read(tracker_id=tracker_id, from_=start, to=end)
