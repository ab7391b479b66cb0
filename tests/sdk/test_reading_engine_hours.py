"""The engine hours report (plugin 7): the ignition-on time the engine hours counter counts,
split into time in motion (in a trip) and idling, by day."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

VAN = 1
START = dt.datetime(2026, 1, 15, 10, 0)
"""An hour after the demo world's now: the van's last point is at 08:59:30 (ignition on)."""


def _point(minute: float, lat: float, *, speed: int, ignition: bool) -> TrackPointRecord:
    return TrackPointRecord(
        tracker_id=VAN,
        get_time=START + dt.timedelta(minutes=minute),
        lat=lat,
        lng=13.40,
        speed=speed,
        satellites=12,
        ignition=ignition,
    )


def _drive_then_idle(fleet_mock: FleetMock) -> None:
    """The van drives north for 20 minutes, stands 10 with the engine on, then switches it
    off (a point a minute)."""
    points = [_point(m, 52.50 + 0.006 * m, speed=40, ignition=True) for m in range(20)]
    points += [_point(m, 52.62, speed=0, ignition=True) for m in range(20, 30)]
    points += [_point(m, 52.62, speed=0, ignition=False) for m in range(30, 40)]
    fleet_mock.record_positions(points)
    fleet_mock.clock.set(START + dt.timedelta(hours=1))


def _report(
    client: Any, fleet_mock: FleetMock, start: dt.datetime, end: dt.datetime, **options: Any
) -> Any:
    """The van's engine hours report sheet of the period, once ready."""
    report_id = client.report.tracker.generate(
        from_=start, to=end, trackers=[VAN], plugin=ReportPlugin(plugin_id=7, **options)
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def test_thirty_minutes_on_of_which_ten_parked(fleet_mock: FleetMock, client: Any) -> None:
    _drive_then_idle(fleet_mock)
    end = START + dt.timedelta(hours=1)
    (row,) = _rows(_report(client, fleet_mock, START, end))
    assert {k: row[k]["v"] for k in ("engine_hours", "in_motion", "idling")} == {
        "engine_hours": "00:30",
        "in_motion": "00:20",
        "idling": "00:10",
    }
    assert (row["from"]["v"], row["to"]["v"]) == ("10:00", "10:30")
    (detailed,) = _rows(_report(client, fleet_mock, START, end, show_detailed=True))
    assert (detailed["idling"]["raw"], detailed["engine_hours"]["raw"]) == (600, 1800)
    summary = {
        r["name"]: r["raw"] for r in _report(client, fleet_mock, START, end).sections[1]["rows"]
    }
    assert summary == {"Engine hours": 30, "In motion": 20, "Idling": 10}  # raw in minutes


def test_the_report_counts_what_the_counter_counts(fleet_mock: FleetMock, client: Any) -> None:
    """From the van's last point before the drive, the report's engine hours are what the
    engine hours counter added and what ``tracker/stats/engine_hours/read`` answers."""
    before = client.tracker.counter.value.get(tracker_id=VAN, type="engine_hours")
    _drive_then_idle(fleet_mock)
    after = client.tracker.counter.value.get(tracker_id=VAN, type="engine_hours")
    since, end = dt.datetime(2026, 1, 15, 8, 59, 30), START + dt.timedelta(hours=1)
    rows = _rows(_report(client, fleet_mock, since, end, show_detailed=True))
    seconds = sum(r["engine_hours"]["raw"] for r in rows)
    assert seconds == pytest.approx((after - before) * 3600, abs=0.5)
    stats = client.tracker.stats.engine_hours.read(tracker_id=VAN, from_=since, to=end)
    assert seconds == pytest.approx(stats * 3600, abs=0.5)
    # the hour from 08:59:30 to 10:00 had the ignition on without a trip: idling
    assert [r["idling"]["raw"] for r in rows] == [3630 + 600]


def test_a_month_of_days_agrees_with_the_stats(fleet_mock: FleetMock, client: Any) -> None:
    start, end = dt.datetime(2025, 12, 15), dt.datetime(2026, 1, 14, 23, 59, 59)
    sheet = _report(client, fleet_mock, start, end)
    days = sheet.sections[0]["data"]
    assert len(days) == 19  # the working days of the demo month, a row each
    assert all(len(day["rows"]) == 1 for day in days)
    for day in days[:3]:
        (row,) = day["rows"]
        assert day["total"]["engine_hours"]["raw"] == row["engine_hours"]["raw"]
        first = dt.datetime.strptime(day["header"].split(" : ")[0], "%b %d, %Y (%a)")
        stats = client.tracker.stats.engine_hours.read(
            tracker_id=VAN, from_=first, to=first + dt.timedelta(hours=23, minutes=59, seconds=59)
        )
        assert row["engine_hours"]["raw"] == pytest.approx(stats * 3600, abs=0.5)
    seconds = sum(day["total"]["engine_hours"]["raw"] for day in days)
    stats = client.tracker.stats.engine_hours.read(tracker_id=VAN, from_=start, to=end)
    assert seconds == pytest.approx(stats * 3600, abs=0.5)
    summary = {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}
    assert summary["Engine hours"] * 60 == pytest.approx(seconds)
    assert summary["In motion"] + summary["Idling"] == pytest.approx(summary["Engine hours"])


@pytest.mark.parametrize(("zone", "utc_offset"), [("UTC", 0), ("Europe/Berlin", 1)])
def test_a_period_past_midnight_counts_on_both_days(
    fleet_mock: FleetMock, client: Any, zone: str, utc_offset: int
) -> None:
    """The ignition on from 23:50 to 00:10 of the user's time zone: ten minutes a day."""
    with fleet_mock.world.lock:
        user = fleet_mock.world.user_by_login("demo")
        assert user is not None
        fleet_mock.world.users.change(user.id, time_zone=zone)
    night = dt.datetime(2026, 1, 15, 23, 50)  # the user's time
    fleet_mock.record_positions(
        TrackPointRecord(
            tracker_id=VAN, get_time=night + dt.timedelta(minutes=m - 60 * utc_offset),
            lat=52.50 + 0.006 * m, lng=13.40, speed=40, ignition=m < 20,
        )
        for m in range(22)
    )  # fmt: skip
    fleet_mock.clock.set(night + dt.timedelta(hours=1))
    sheet = _report(
        client, fleet_mock, night - dt.timedelta(hours=1), night + dt.timedelta(minutes=59)
    )
    days = sheet.sections[0]["data"]
    assert [d["header"] for d in days] == ["Jan 15, 2026 (Thu) : 1", "Jan 16, 2026 (Fri) : 1"]
    assert [d["total"]["in_motion"]["raw"] for d in days] == [600, 600]
    assert [d["rows"][0]["from"]["v"] for d in days] == ["23:50", "00:00"]


def test_filter_makes_a_short_trip_idling(fleet_mock: FleetMock, client: Any) -> None:
    """A drive of two points (too short to be a trip for the trips report's ``filter``)
    counts as idling, unless the plugin's ``filter`` is false."""
    fleet_mock.record_positions(
        [
            _point(0, 52.50, speed=10, ignition=True),
            _point(1, 52.5003, speed=10, ignition=True),
            _point(2, 52.5003, speed=0, ignition=False),
        ]
    )
    fleet_mock.clock.set(START + dt.timedelta(hours=1))
    end = START + dt.timedelta(hours=1)
    (filtered,) = _rows(_report(client, fleet_mock, START, end))
    (unfiltered,) = _rows(_report(client, fleet_mock, START, end, filter=False))
    assert (filtered["in_motion"]["raw"], filtered["idling"]["raw"]) == (0, 120)
    assert (unfiltered["in_motion"]["raw"], unfiltered["idling"]["raw"]) == (120, 0)
