"""Contract tests of asset tracks: read-only, against any server.

They take the first vehicle riding a tracker and look at the two days before that tracker's
last GPS fix. See ``test_contract_accounts.py`` for how to point them at another server.
"""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi import (
    Client,
    EntityNotFoundError,
    InvalidParametersError,
    TimeSpanTooBigError,
)
from fleetapi.models.track import AssetRef, MergedTrack, RegularTrack

pytestmark = pytest.mark.e2e


@pytest.fixture
def vehicle(client: Client) -> tuple[AssetRef, dt.datetime, dt.datetime]:
    """A vehicle with a tracker, and the two days before its tracker's last fix."""
    for candidate in client.vehicle.list(limit=50):
        if candidate.tracker_id is None:
            continue
        state = client.tracker.get_state(tracker_id=candidate.tracker_id)
        if state.gps.updated is not None:
            end = state.gps.updated
            return AssetRef(id=candidate.id, type="vehicle"), end - dt.timedelta(days=2), end
    pytest.fail("no vehicle rides a tracker with a GPS fix")


def test_tracks_come_in_order_and_add_up_to_the_totals(client: Client, vehicle) -> None:
    asset, start, end = vehicle
    result = client.asset.track.list(asset=asset, from_=start, to=end)
    tracks = [t for element in result.list for t in element.tracks]
    assert result.total.count == len(tracks)
    starts = [t.start_date for t in tracks]
    assert starts == sorted(starts)
    regular = [t for t in tracks if isinstance(t, RegularTrack)]
    assert result.total.length == pytest.approx(sum(t.length for t in regular), abs=0.01)
    for track in regular:
        assert track.start_date <= track.end_date
        assert track.points >= 1
        assert track.max_speed >= track.avg_speed >= 0
        assert track.bounds.nw.lat >= track.bounds.se.lat
        assert track.bounds.nw.lng <= track.bounds.se.lng
    assert result.total.parking_duration >= dt.timedelta(0)
    if regular:
        assert result.total.trips_duration > dt.timedelta(0)


def test_one_tracks_points_lie_within_it(client: Client, vehicle) -> None:
    asset, start, end = vehicle
    result = client.asset.track.list(asset=asset, from_=start, to=end)
    regular = [t for e in result.list for t in e.tracks if isinstance(t, RegularTrack)]
    assert regular, "the vehicle made no trip in the two days before its last fix"
    track = regular[0]
    read = client.asset.track.read(
        asset=asset, from_=start, to=end, track_id=track.id, simplify=False
    )
    points = [p for element in read for p in element.track_points]
    assert 2 <= len(points) <= track.points
    assert all(track.start_date <= p.get_time <= track.end_date for p in points)
    merged = client.asset.track.list(asset=asset, from_=start, to=end, split=False)
    for element in merged.list:
        assert len(element.tracks) <= 1
        assert all(isinstance(t, MergedTrack) for t in element.tracks)


def test_the_period_and_the_asset_are_checked(client: Client, vehicle) -> None:
    asset, start, _ = vehicle
    with pytest.raises(InvalidParametersError):
        client.asset.track.list(asset=asset, from_=start, to=start - dt.timedelta(hours=1))
    with pytest.raises(TimeSpanTooBigError):
        client.asset.track.list(asset=asset, from_=start, to=start + dt.timedelta(days=3650))
    with pytest.raises(EntityNotFoundError):
        client.asset.track.read(
            asset=AssetRef(id=2_000_000_000, type="vehicle"),
            from_=start,
            to=start + dt.timedelta(days=1),
        )
