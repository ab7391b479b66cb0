"""The eco-driving reports, by trackers (plugin 46) and by drivers (plugin 82): the violations
of a period, each costing its penalty points, and a rating of 100 less the points per 100 km
driven."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import InvalidParametersError
from fleetapi.models.report import ReportPlugin, TimeFilter
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.history import record_event
from fleetapi_mock.state.records import TrackPointRecord

WEST, EAST = (52.50, 13.30), (52.50, 13.40)  # 6.8 km apart
VAN = 1
"""Tracker 1 ("Van 1"), driven by employee 2 (Ben), its vehicle's speed limit 130 km/h."""
PHONE = 4
"""Tracker 4 ("Anna's phone"), whose last driver change bound employee 1 (Anna) at
2026-01-14 06:55."""
ECO = ReportPlugin(plugin_id=46, show_seconds=True)


def _drive(fleet_mock: FleetMock, *, speed: int = 40, hours: int = 1) -> list[TrackPointRecord]:
    """Drive tracker 1 from west to east ``hours`` after now, a point every 10 seconds."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=hours)
    return fleet_mock.drive(VAN, [WEST, EAST], start=start, speed=speed, every=10)


def _harsh(
    fleet_mock: FleetMock, near: TrackPointRecord, event: str = "harsh_braking"
) -> dt.datetime:
    """Record a point of tracker ``near``'s five seconds after ``near`` reporting ``event``;
    answer its time."""
    when = near.get_time + dt.timedelta(seconds=5)
    fleet_mock.record_positions(
        [
            {
                "tracker_id": near.tracker_id,
                "get_time": f"{when:%Y-%m-%d %H:%M:%S}",
                "lat": near.lat,
                "lng": near.lng,
                "speed": 25,
                "ignition": True,
                "event": event,
            }
        ]
    )
    return when


def _sheets(
    client: Any, fleet_mock: FleetMock, start: dt.datetime, plugin: ReportPlugin = ECO, **more: Any
) -> Any:
    """The sheets of a report of tracker 1 (or of the ``employees`` of ``more``) from
    ``start`` to now."""
    options: dict[str, Any] = more if "employees" in more else {"trackers": [VAN], **more}
    end = fleet_mock.world.now()
    report_id = client.report.tracker.generate(from_=start, to=end, plugin=plugin, **options)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return client.report.tracker.retrieve(report_id=report_id).sheets


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def _figures(sheet: Any) -> dict[str, float]:
    return {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}


def _driven_km(client: Any, start: dt.datetime, end: dt.datetime) -> float:
    """The km ``tracker/stats/mileage/read`` counts for tracker 1 in the period."""
    days = client.tracker.stats.mileage.read(trackers=[VAN], from_=start, to=end).result
    return float(sum(day.mileage for day in days[str(VAN)].values()))


def test_a_harsh_braking_lowers_the_rating(fleet_mock: FleetMock, client: Any) -> None:
    points = _drive(fleet_mock)
    start = points[0].get_time
    (calm,) = _sheets(client, fleet_mock, start)
    figures = _figures(calm)
    assert _rows(calm) == []
    assert (figures["Penalty points"], figures["Rating"]) == (0, 100)
    km = figures["Mileage, km"]
    assert km == pytest.approx(_driven_km(client, start, fleet_mock.world.now()), abs=0.01)
    braked = _harsh(fleet_mock, points[len(points) // 2])
    (sheet,) = _sheets(client, fleet_mock, start)
    (row,) = _rows(sheet)  # the point and the event it made are one harsh braking
    assert row["from"]["v"].startswith(f"{braked:%H:%M:%S}")
    assert (row["violation"]["v"], row["penalty"]["raw"], row["max_speed"]["raw"]) == (
        "Harsh braking", 5, 25,
    )  # fmt: skip
    figures = _figures(sheet)
    assert (figures["Harsh driving"], figures["Penalty points"]) == (1, 5)
    assert figures["Penalty points per 100 km"] == pytest.approx(5 * 100 / km, abs=0.01)
    assert figures["Rating"] == pytest.approx(100 - 5 * 100 / km, abs=0.05)
    assert figures["Rating"] < 100
    heavier = ReportPlugin(plugin_id=46, harsh_driving_penalties={"harshBraking": 20})
    (sheet,) = _sheets(client, fleet_mock, start, heavier)
    assert [r["penalty"]["raw"] for r in _rows(sheet)] == [20]
    assert 20 * 100 / km > 100
    assert _figures(sheet)["Rating"] == 0  # never below
    other = ReportPlugin(plugin_id=46, harsh_driving_penalties={"harshTurn": 3})
    (sheet,) = _sheets(client, fleet_mock, start, other)  # a braking costs nothing there
    assert ([r["penalty"]["raw"] for r in _rows(sheet)], _figures(sheet)["Rating"]) == ([0], 100)


def test_a_harsh_driving_event_alone_counts(fleet_mock: FleetMock, client: Any) -> None:
    """An event of a harsh driving kind counts even without a point reporting it."""
    points = _drive(fleet_mock)
    turn = points[5]
    with fleet_mock.world.lock:
        record_event(fleet_mock.world, turn, "harsh_turn", "Harsh turn")
    (sheet,) = _sheets(client, fleet_mock, points[0].get_time)
    (row,) = _rows(sheet)
    assert (row["violation"]["v"], row["penalty"]["raw"]) == ("Harsh turn", 5)
    assert row["from"]["raw"] == turn.get_time.replace(tzinfo=dt.UTC).timestamp() * 1000


def test_speeding_costs_the_step_its_excess_reaches(fleet_mock: FleetMock, client: Any) -> None:
    points = _drive(fleet_mock, speed=85)  # almost 5 minutes, 25 km/h over 60
    start = points[0].get_time
    limit = ReportPlugin(plugin_id=46, speed_limit=60, show_seconds=True)
    (sheet,) = _sheets(client, fleet_mock, start, limit)
    (row,) = _rows(sheet)
    assert row["violation"]["v"] == "Speeding +25 km/h"
    assert (row["penalty"]["raw"], row["max_speed"]["raw"]) == (10, 85)  # the "20" step
    assert row["duration"]["raw"] == (points[-1].get_time - start).total_seconds()
    assert (_figures(sheet)["Speeding"], _figures(sheet)["Penalty points"]) == (1, 10)
    steps = ReportPlugin(
        plugin_id=46, speed_limit=60, speeding_penalties={"10": 1, "20": 7, "30": 9}
    )
    (sheet,) = _sheets(client, fleet_mock, start, steps)
    assert [r["penalty"]["raw"] for r in _rows(sheet)] == [7]
    longer = ReportPlugin(plugin_id=46, speed_limit=60, min_speeding_duration=6)
    slight = ReportPlugin(plugin_id=46, speed_limit=80)  # 5 km/h over: under the first step
    for plugin in (longer, slight):
        (sheet,) = _sheets(client, fleet_mock, start, plugin)
        assert (_rows(sheet), _figures(sheet)["Rating"]) == ([], 100)


def test_the_vehicles_own_speed_limit(fleet_mock: FleetMock, client: Any) -> None:
    start = _drive(fleet_mock, speed=85)[0].get_time
    own = ReportPlugin(plugin_id=46, speed_limit=60, use_vehicle_speed_limit=True)
    (sheet,) = _sheets(client, fleet_mock, start, own)
    assert _rows(sheet) == []  # under the van's 130 km/h
    with fleet_mock.world.lock:
        fleet_mock.world.vehicles.change(1, max_speed=70)
    (sheet,) = _sheets(client, fleet_mock, start, own)
    assert [(r["violation"]["v"], r["penalty"]["raw"]) for r in _rows(sheet)] == [
        ("Speeding +15 km/h", 2)
    ]


def _stand(fleet_mock: FleetMock, *, ignition: bool) -> dt.datetime:
    """Tracker 1 stands still for six minutes an hour from now (a point every 30 seconds,
    ``ignition`` on or off), then drives off; answer when it began to stand."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=1)
    standing = [start + dt.timedelta(seconds=30 * n) for n in range(12)]
    fleet_mock.record_positions(
        {
            "tracker_id": VAN, "get_time": f"{when:%Y-%m-%d %H:%M:%S}", "lat": WEST[0],
            "lng": WEST[1], "speed": 0, "ignition": ignition,
        }
        for when in standing
    )  # fmt: skip
    fleet_mock.drive(VAN, [WEST, EAST], start=start + dt.timedelta(minutes=6), every=10)
    return start


def test_idling_costs_the_idling_penalty(fleet_mock: FleetMock, client: Any) -> None:
    """Standing with the ignition on for six minutes before driving off is an idling."""
    start = _stand(fleet_mock, ignition=True)
    plugin = ReportPlugin(plugin_id=46, idling_penalty=7)
    (sheet,) = _sheets(client, fleet_mock, start, plugin)
    (row,) = _rows(sheet)
    assert (row["violation"]["v"], row["penalty"]["raw"]) == ("Idling", 7)
    assert row["duration"]["raw"] == 6 * 60  # to the first point driving off
    assert (_figures(sheet)["Idling"], _figures(sheet)["Penalty points"]) == (1, 7)
    longer = ReportPlugin(plugin_id=46, idling_penalty=7, min_idling_duration=7)
    (sheet,) = _sheets(client, fleet_mock, start, longer)
    assert _rows(sheet) == []


def test_standing_with_the_ignition_off_is_no_idling(fleet_mock: FleetMock, client: Any) -> None:
    start = _stand(fleet_mock, ignition=False)
    (sheet,) = _sheets(client, fleet_mock, start, ReportPlugin(plugin_id=46, idling_penalty=7))
    assert (_rows(sheet), _figures(sheet)["Rating"]) == ([], 100)


def test_the_time_filter_keeps_its_violations_and_km(fleet_mock: FleetMock, client: Any) -> None:
    morning = _drive(fleet_mock)  # 10:00 UTC, the user's time zone
    afternoon = _drive(fleet_mock, hours=4)
    for points in (morning, afternoon):
        _harsh(fleet_mock, points[10])
    start, end = morning[0].get_time, fleet_mock.world.now()
    mornings = TimeFilter(from_="06:00", to="12:00", weekdays=[1, 2, 3, 4, 5, 6, 7])
    (sheet,) = _sheets(client, fleet_mock, start, time_filter=mornings)
    (row,) = _rows(sheet)
    assert row["from"]["v"].startswith(f"{morning[10].get_time:%H}")
    km = _driven_km(client, start, morning[-1].get_time)
    assert _figures(sheet)["Mileage, km"] == pytest.approx(km, abs=0.01)
    nights = TimeFilter(from_="12:00", to="09:00", weekdays=[1, 2, 3, 4, 5, 6, 7])
    (sheet,) = _sheets(client, fleet_mock, start, time_filter=nights)  # past midnight
    (row,) = _rows(sheet)
    assert row["from"]["v"].startswith(f"{afternoon[10].get_time:%H}")
    (whole,) = _sheets(client, fleet_mock, start)
    assert len(_rows(whole)) == 2
    assert _figures(whole)["Mileage, km"] == pytest.approx(_driven_km(client, start, end), abs=0.01)


def test_the_report_by_drivers_follows_who_drove(fleet_mock: FleetMock, client: Any) -> None:
    """Ben drove the van all along; Anna the phone from its driver change on; Clara nothing."""
    points = _drive(fleet_mock)
    _harsh(fleet_mock, points[10])
    change = dt.datetime(2026, 1, 14, 6, 55)
    phone = [
        TrackPointRecord(tracker_id=PHONE, get_time=change + dt.timedelta(minutes=m), lat=52.53,
                         lng=13.38, speed=20, ignition=True)
        for m in (-25, 35)
    ]  # fmt: skip
    _, after = (_harsh(fleet_mock, p) for p in phone)  # before the change, then after
    start = dt.datetime(2026, 1, 14)
    sheets = _sheets(client, fleet_mock, start, ReportPlugin(plugin_id=82), employees=[2, 1, 3])
    assert [(s.header, s.entity_ids) for s in sheets] == [
        ("Ben J. Keller", [2]), ("Anna Schmidt", [1]), ("Clara Weiss", [3]),
    ]  # fmt: skip
    ben, anna, clara = sheets
    (van,) = _sheets(client, fleet_mock, start, ReportPlugin(plugin_id=46))
    assert [r["tracker"]["v"] for r in _rows(ben)] == ["Van 1"] * len(_rows(van))
    assert [{k: v for k, v in r.items() if k != "tracker"} for r in _rows(ben)] == _rows(van)
    assert _figures(ben) == _figures(van)
    (row,) = _rows(anna)
    assert row["from"]["v"].startswith(f"{after:%H:%M}")
    assert _rows(clara) == []
    assert (_figures(clara)["Mileage, km"], _figures(clara)["Rating"]) == (0, 100)


@pytest.mark.parametrize(
    ("options", "parameter"),
    [
        ({"harsh_driving_penalties": {"harshSneeze": 1}}, "plugin.harsh_driving_penalties"),
        ({"harsh_driving_penalties": {"harshBraking": -1}}, "plugin.harsh_driving_penalties"),
        ({"speeding_penalties": {"fast": 1}}, "plugin.speeding_penalties"),
        ({"speeding_penalties": {"0": 1}}, "plugin.speeding_penalties"),
        ({"speeding_penalties": {"10": 10_001}}, "plugin.speeding_penalties"),
        ({"idling_penalty": 10**30}, "plugin.idling_penalty"),
    ],
)
@pytest.mark.parametrize("plugin_id", [46, 82])
def test_penalties_out_of_bounds_are_7(
    client: Any, options: dict[str, Any], parameter: str, plugin_id: int
) -> None:
    with pytest.raises(InvalidParametersError) as error:
        client.report.tracker.generate(
            from_=dt.datetime(2026, 1, 14),
            to=dt.datetime(2026, 1, 15),
            trackers=[VAN],
            employees=[2],
            plugin=ReportPlugin(plugin_id=plugin_id, **options),
        )
    assert [e["parameter"] for e in error.value.errors] == [parameter]
    assert [r.id for r in client.report.tracker.list()] == [1]


def test_the_report_by_drivers_needs_employees(client: Any) -> None:
    with pytest.raises(InvalidParametersError) as error:
        client.report.tracker.generate(
            from_=dt.datetime(2026, 1, 14),
            to=dt.datetime(2026, 1, 15),
            trackers=[VAN],
            plugin=ReportPlugin(plugin_id=82),
        )
    assert [e["parameter"] for e in error.value.errors] == ["employees"]
