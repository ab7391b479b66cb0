"""The point report (plugin 91): every point of a period of at most a day."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import TimeSpanTooBigError
from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.gazetteer import nearest_address

VAN = 1
DAY = dt.datetime(2026, 1, 14)


def _sheet(client: Any, fleet_mock: FleetMock, **options: Any) -> Any:
    report_id = client.report.tracker.generate(
        from_=DAY, to=DAY + dt.timedelta(hours=24), trackers=[VAN],
        plugin=ReportPlugin(plugin_id=91, **options),
    )  # fmt: skip
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def test_every_point_of_the_day(fleet_mock: FleetMock, client: Any) -> None:
    table, summary = _sheet(client, fleet_mock, show_seconds=True).sections
    (day,) = table["data"]
    points = [
        p for p in fleet_mock.world.points_of(VAN) if DAY <= p.get_time <= DAY + dt.timedelta(1)
    ]
    assert len(day["rows"]) == len(points) > 100
    for row, point in zip(day["rows"], points, strict=True):
        assert row["time"]["v"] == f"{point.get_time:%H:%M:%S}"
        assert row["time"]["raw"] == point.get_time.replace(tzinfo=dt.UTC).timestamp() * 1000
        assert (row["lat"]["raw"], row["lng"]["raw"]) == (point.lat, point.lng)
        assert (row["speed"]["raw"], row["satellites"]["raw"]) == (point.speed, point.satellites)
        assert row["heading"]["raw"] == point.heading
    figures = {r["name"]: r["raw"] for r in summary["rows"]}
    assert figures == {"Points": len(points), "Max. speed, km/h": max(p.speed for p in points)}


def test_addresses_are_recorded_or_the_gazetteers(fleet_mock: FleetMock, client: Any) -> None:
    """A point without an address of its own gets the nearest gazetteer address within a km,
    as a reverse lookup answers it, whatever the points before it."""
    (day,) = _sheet(client, fleet_mock).sections[0]["data"]
    points = [p for p in fleet_mock.world.points_of(VAN) if p.get_time.date() == DAY.date()]
    expected = []
    for point in points:
        entry = nearest_address(fleet_mock.world, point.lat, point.lng)
        expected.append(point.address or (entry.address if entry is not None else ""))
    assert [row["address"]["v"] for row in day["rows"]] == expected
    assert len({a for a, p in zip(expected, points, strict=True) if not p.address}) > 3
    assert "" in expected  # some points are further than a km from every entry


def test_a_day_at_most(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(TimeSpanTooBigError) as caught:
        client.report.tracker.generate(
            from_=DAY, to=DAY + dt.timedelta(hours=24, seconds=1), trackers=[VAN],
            plugin=ReportPlugin(plugin_id=91),
        )  # fmt: skip
    assert caught.value.extra == {"max_time_span": "PT24H"}
    assert [r.id for r in client.report.tracker.list()] == [1]
    _sheet(client, fleet_mock)  # 24 hours exactly are fine
