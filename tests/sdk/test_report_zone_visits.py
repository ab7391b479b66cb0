"""The geofence visits report (plugin 8): its visits are where the tracker's ``inzone`` and
``outzone`` events are, and its mileage that of the points between them."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from openpyxl import load_workbook

from fleetapi import NonExistentEntitiesError
from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.track import length_km

DEPOT = (52.49, 13.36)  # zone 1: a circle of 150 m
AWAY = (52.50, 13.38)
VAN = 1
VISITS = ReportPlugin(plugin_id=8, zone_ids=[1], show_seconds=True, show_mileage=True)


def _visit_twice(fleet_mock: FleetMock) -> dt.datetime:
    """Drive tracker 1 into the depot and out again twice (stopping 20 minutes, then 2);
    answer when the first drive began."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=1)
    fleet_mock.drive(VAN, [AWAY, DEPOT], start=start)
    fleet_mock.drive(VAN, [DEPOT, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=20))
    fleet_mock.drive(VAN, [AWAY, DEPOT], start=fleet_mock.world.now() + dt.timedelta(minutes=5))
    fleet_mock.drive(VAN, [DEPOT, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=2))
    return start


def _report(client: Any, fleet_mock: FleetMock, start: dt.datetime, **changes: Any) -> int:
    """A visits report of tracker 1 from ``start`` to now, once it is ready."""
    options: dict[str, Any] = {"plugin": VISITS, **changes}
    end = fleet_mock.world.now()
    report_id: int = client.report.tracker.generate(from_=start, to=end, trackers=[VAN], **options)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return report_id


def _rows(client: Any, fleet_mock: FleetMock, start: dt.datetime, **changes: Any) -> Any:
    """The sheet of a visits report of tracker 1 from ``start`` to now."""
    report_id = _report(client, fleet_mock, start, **changes)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def test_visits_are_where_the_zone_events_are(fleet_mock: FleetMock, client: Any) -> None:
    (rule,) = [r for r in client.tracker.rule.list() if r.type == "inoutzone"]
    assert rule.zone_ids == [1]  # the demo world's rule watches the depot for tracker 1
    assert VAN in rule.trackers
    start = _visit_twice(fleet_mock)
    table, summary = _rows(client, fleet_mock, start).sections
    visits = [row for group in table["data"] for row in group["rows"]]
    events = client.history.tracker.list(
        trackers=[VAN], from_=start, to=fleet_mock.world.now()
    ).list
    entries = [f"{e.time:%H:%M:%S}" for e in events if e.event == "inzone"]
    exits = [f"{e.time:%H:%M:%S}" for e in events if e.event == "outzone"]
    assert len(visits) == len(entries) == len(exits) == 2
    assert [v["from"]["v"][:8] for v in visits] == entries
    assert [v["to"]["v"] for v in visits] == exits
    assert [v["zone"]["v"] for v in visits] == ["Depot", "Depot"]
    assert visits[0]["duration"]["raw"] > 20 * 60 > visits[1]["duration"]["raw"]
    points = fleet_mock.world.points_of(VAN)
    for visit in visits:
        low, high = visit["from"]["raw"], visit["to"]["raw"]
        inside = [p for p in points if low <= p.get_time.timestamp() * 1000 <= high]
        assert visit["mileage"]["raw"] == pytest.approx(length_km(inside), abs=1e-3)
    totals = {r["name"]: r["raw"] for r in summary["rows"]}
    assert totals["Visits"] == 2
    assert totals["Depot"] == 2
    assert totals["Time in geofences"] * 60 == sum(v["duration"]["raw"] for v in visits)


def test_short_visits_and_unvisited_zones(fleet_mock: FleetMock, client: Any) -> None:
    start = _visit_twice(fleet_mock)
    plugin = ReportPlugin(
        plugin_id=8, zone_ids=[2, 1], min_minutes_in_zone=10, show_not_visited_zones=True
    )
    table, summary = _rows(client, fleet_mock, start, plugin=plugin).sections
    (visit,) = [row for group in table["data"] for row in group["rows"]]  # the 20 minutes
    assert visit["duration"]["raw"] > 20 * 60
    assert [c["field"] for c in table["columns"]] == ["zone", "from", "to", "duration"]
    assert {r["name"]: r["raw"] for r in summary["rows"]} == {
        "Visits": 1,
        "Time in geofences": visit["duration"]["raw"] / 60,
        "City centre": 0,
        "Depot": 1,
    }
    every_zone = ReportPlugin(plugin_id=8)  # no zone_ids: all the account's zones
    table, _ = _rows(client, fleet_mock, start, plugin=every_zone).sections
    zones = {r["zone"]["raw"] for group in table["data"] for r in group["rows"]}
    assert zones == {1.0, 3.0}  # the road to the depot runs along Route A


def test_the_download_has_a_row_per_visit(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _report(client, fleet_mock, _visit_twice(fleet_mock))
    workbook = load_workbook(
        io.BytesIO(client.report.tracker.download(report_id=report_id, format="xlsx"))
    )
    rows = list(workbook["Van 1"].iter_rows(values_only=True))
    heading = ("Geofence", "Entry", "Exit", "Time in geofence", "Mileage,\nkm")
    first = rows.index(heading) + 1
    table = rows[first : rows.index((None,) * len(heading), first)]  # up to a blank row
    assert [r[0] for r in table if r[1] is not None] == ["Depot", "Depot"]  # a day's header,
    assert table[-1][0] == "In total:"  # the visits and their total


def test_a_zone_that_is_not_the_accounts_is_217(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(NonExistentEntitiesError, match="404"):
        client.report.tracker.generate(
            from_=dt.datetime(2026, 1, 14),
            to=dt.datetime(2026, 1, 15),
            trackers=[VAN],
            plugin=ReportPlugin(plugin_id=8, zone_ids=[1, 404]),
        )
    assert [r.id for r in client.report.tracker.list()] == [1]


def test_a_days_mileage_is_the_trips_reports_total(fleet_mock: FleetMock, client: Any) -> None:
    """The service has no mileage plugin: the trips report's day totals are the mileage, the
    same as ``tracker/stats/mileage/read`` and the odometer of the day's drives."""
    start = _visit_twice(fleet_mock)
    end = fleet_mock.world.now()
    sheet = _rows(client, fleet_mock, start, plugin=ReportPlugin(plugin_id=4, filter=False))
    ((day, km),) = [
        (g["header"][:12], g["total"]["length"]["raw"]) for g in sheet.sections[0]["data"]
    ]
    stats = client.tracker.stats.mileage.read(trackers=[VAN], from_=start, to=end).result[str(VAN)]
    assert day == f"{start:%b} {start.day}, {start:%Y}"
    assert km == pytest.approx(stats[start.date().isoformat()].mileage, abs=0.01)
    driven = [p for p in fleet_mock.world.points_of(VAN) if p.get_time >= start]
    assert km == pytest.approx(driven[-1].mileage - driven[0].mileage, abs=0.01)
