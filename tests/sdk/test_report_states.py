"""The trips by state report (plugin 73): each trip's length and time by the jurisdiction of
the gazetteer entry nearest to its points."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from gpxpy.geo import haversine_distance

from fleetapi import InvalidParametersError
from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock

VAN = 1
BERLIN, MUNICH = (52.52, 13.40), (48.14, 11.58)
START = dt.datetime(2026, 1, 15, 10)


def _drive_to_munich(fleet_mock: FleetMock) -> dict[str, dt.datetime]:
    """The van drives from Berlin to Munich (about 500 km, a point a minute); answer the
    period of the drive."""
    points = fleet_mock.drive(VAN, [BERLIN, MUNICH], start=START, speed=100, every=60)
    return {"from_": START, "to": points[-1].get_time + dt.timedelta(minutes=1)}


def _sheet(client: Any, fleet_mock: FleetMock, period: Any, **options: Any) -> Any:
    report_id = client.report.tracker.generate(
        **period, trackers=[VAN], plugin=ReportPlugin(**{"plugin_id": 73, **options})
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def _nearest(fleet_mock: FleetMock, lat: float, lng: float) -> str:
    """The province of the gazetteer entry nearest to a position."""
    entry = min(
        fleet_mock.world.gazetteer, key=lambda e: haversine_distance(lat, lng, e.lat, e.lng)
    )
    return str(entry.details.province)


def test_a_trip_crossing_a_border_is_split_there(fleet_mock: FleetMock, client: Any) -> None:
    period = _drive_to_munich(fleet_mock)
    berlin, bavaria = _rows(_sheet(client, fleet_mock, period))
    assert (berlin["state"]["v"], bavaria["state"]["v"]) == ("Berlin", "Bavaria")
    (trip,) = _rows(_sheet(client, fleet_mock, period, plugin_id=4))
    assert berlin["length"]["raw"] + bavaria["length"]["raw"] == pytest.approx(
        trip["length"]["raw"], abs=2e-3
    )
    assert berlin["time"]["raw"] + bavaria["time"]["raw"] == trip["time"]["raw"]
    assert berlin["from"]["raw"] == trip["from"]["raw"]
    assert bavaria["to"]["raw"] == trip["to"]["raw"]
    assert berlin["to"]["raw"] == bavaria["from"]["raw"]  # the first point nearer to Munich
    points = fleet_mock.world.points_of(VAN)
    (border,) = [
        n for n, p in enumerate(points) if p.get_time.timestamp() * 1000 == bavaria["from"]["raw"]
    ]
    assert _nearest(fleet_mock, points[border].lat, points[border].lng) == "Bavaria"
    assert _nearest(fleet_mock, points[border - 1].lat, points[border - 1].lng) == "Berlin"
    assert bavaria["from"]["location"] == {"lat": points[border].lat, "lng": points[border].lng}


def test_by_country_the_trip_stays_whole(fleet_mock: FleetMock, client: Any) -> None:
    period = _drive_to_munich(fleet_mock)
    sheet = _sheet(client, fleet_mock, period, group_type="country")
    (germany,) = _rows(sheet)
    (trip,) = _rows(_sheet(client, fleet_mock, period, plugin_id=4))
    assert germany["state"]["v"] == "Germany"
    assert germany["length"]["raw"] == trip["length"]["raw"]
    assert sheet.sections[0]["columns"][0]["title"] == "Country"
    summary = {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}
    assert summary["Germany, km"] == germany["length"]["raw"]
    assert summary["United States, km"] == 0  # every jurisdiction of the gazetteer


def test_the_summary_has_each_province_of_the_gazetteer(fleet_mock: FleetMock, client: Any) -> None:
    period = _drive_to_munich(fleet_mock)
    summary = _sheet(client, fleet_mock, period).sections[1]["rows"]
    figures = {r["name"]: r["raw"] for r in summary}
    assert [r["name"] for r in summary] == [
        "Total length, km", "Travel time", "Berlin, km", "Berlin: travel time", "Bavaria, km",
        "Bavaria: travel time", "California, km", "California: travel time",
    ]  # fmt: skip
    assert figures["Berlin, km"] + figures["Bavaria, km"] == pytest.approx(
        figures["Total length, km"]
    )
    assert figures["California, km"] == 0


def test_without_a_gazetteer_every_point_is_unknown(fleet_mock: FleetMock, client: Any) -> None:
    period = _drive_to_munich(fleet_mock)
    with fleet_mock.world.lock:
        fleet_mock.world.gazetteer.clear()
    (row,) = _rows(_sheet(client, fleet_mock, period))
    assert row["state"]["v"] == "Unknown"


def test_the_demo_month_lies_in_berlin(fleet_mock: FleetMock, client: Any) -> None:
    month = {"from_": dt.datetime(2025, 12, 15), "to": dt.datetime(2026, 1, 14, 23, 59, 59)}
    rows = _rows(_sheet(client, fleet_mock, month))
    trips = _rows(_sheet(client, fleet_mock, month, plugin_id=4))
    assert len(rows) == len(trips) == 77
    assert {r["state"]["v"] for r in rows} == {"Berlin"}
    assert [r["length"]["raw"] for r in rows] == [t["length"]["raw"] for t in trips]


def test_an_unknown_group_type_is_refused(client: Any) -> None:
    with pytest.raises(InvalidParametersError) as caught:
        client.report.tracker.generate(
            from_=START, to=START + dt.timedelta(hours=1), trackers=[VAN],
            plugin=ReportPlugin(plugin_id=73, group_type="city"),  # type: ignore[arg-type]
        )  # fmt: skip
    assert [e["parameter"] for e in caught.value.errors] == ["plugin.group_type"]
