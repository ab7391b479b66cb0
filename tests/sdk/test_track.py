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
    by_tracker = client.track.list(tracker_id=1, **period, **options)
    by_asset = client.asset.track.list(asset=VAN, **period, **options)
    assert by_tracker.list == by_asset.list[0].tracks
    assert by_tracker.list  # the demo van drove that day
    assert by_tracker.limit_exceeded is by_asset.list[0].limit_exceeded is False


def test_points_are_the_asset_points_of_the_tracker(client: Any) -> None:
    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    first = client.track.list(tracker_id=1, **period).list[0]
    for options in ({}, {"filter": False, "simplify": False}, {"track_id": first.id}):
        by_tracker = client.track.read(tracker_id=1, **period, **options)
        by_asset = client.asset.track.read(asset=VAN, **period, **options)
        assert by_tracker.list == by_asset[0].track_points
    one = client.track.read(tracker_id=1, **period, track_id=first.id, simplify=False)
    assert (one.list[0].get_time, len(one.list)) == (first.start_date, first.points)


def test_a_period_before_the_tracker_existed_has_no_tracks(client: Any) -> None:
    old = {"from_": dt.datetime(2020, 1, 1), "to": dt.datetime(2020, 1, 2)}
    assert client.track.list(tracker_id=1, **old).list == []
    assert client.track.read(tracker_id=1, **old).list == []


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
        client.track.list(tracker_id=tracker_id, from_=start, to=end)
    with pytest.raises(error):
        client.track.read(tracker_id=tracker_id, from_=start, to=end)


KML = "{http://www.opengis.net/kml/2.2}"


def _placemarks(kml: bytes) -> list[Any]:
    from defusedxml.ElementTree import fromstring

    return list(fromstring(kml).iter(f"{KML}Placemark"))


def test_download_answers_the_read_points_as_kml_or_kmz(client: Any) -> None:
    import io
    import zipfile

    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    points = client.track.read(tracker_id=1, **period, point_limit=50).list
    kml = client.track.download(tracker_id=1, **period, point_limit=50)
    marks = _placemarks(kml)
    assert len(marks) == len(points)
    first = marks[0]
    assert first.find(f"{KML}Point/{KML}coordinates").text == f"{points[0].lng},{points[0].lat}"
    assert first.find(f"{KML}description").text == f"{points[0].get_time:%Y-%m-%d %H:%M:%S}"
    speeds = [m.find(f"{KML}ExtendedData/{KML}Data/{KML}value").text for m in marks]
    assert speeds == [str(p.speed) for p in points]
    kmz = client.track.download(tracker_id=1, **period, point_limit=50, format="kmz")
    with zipfile.ZipFile(io.BytesIO(kmz)) as archive:
        assert archive.namelist() == ["doc.kml"]
        assert archive.read("doc.kml") == kml


def test_download_splits_by_track_or_keeps_the_tracks_asked(client: Any) -> None:
    from defusedxml.ElementTree import fromstring

    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    tracks = client.track.list(tracker_id=1, **period).list
    split = fromstring(client.track.download(tracker_id=1, **period, split=True))
    folders = list(split.iter(f"{KML}Folder"))
    assert len(folders) == len(tracks)
    names = [m.find(f"{KML}name").text for m in folders[0].iter(f"{KML}Placemark")]
    assert names[:2] == ["start", "end"]
    second = client.track.read(tracker_id=1, **period, track_id=tracks[1].id).list
    only = client.track.download(tracker_id=1, **period, track_ids=[tracks[1].id])
    assert len(_placemarks(only)) == len(second)


def test_download_refuses_what_read_refuses(client: Any) -> None:
    period = {"from_": DAY, "to": DAY + dt.timedelta(days=1)}
    with pytest.raises(DeviceBlockedError):
        client.track.download(tracker_id=5, **period)
    with pytest.raises(EntityNotFoundError):
        client.track.download(tracker_id=7, **period)
    with pytest.raises(TimeSpanTooBigError):
        client.track.download(tracker_id=1, from_=DAY - dt.timedelta(days=91), to=DAY)
