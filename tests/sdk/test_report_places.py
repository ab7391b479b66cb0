"""The POI visits report (plugin 85), a row per stay within a place's radius, and the stay in
zones report (plugin 84), a row per stay in a zone and the time spent in each."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest
from gpxpy.geo import haversine_distance

from fleetapi import InvalidParametersError, NonExistentEntitiesError
from fleetapi.models.entity import CustomFieldValue, EntityFieldChange
from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.track import length_km

CUSTOMER = (52.5163, 13.3777)  # place 1 "Customer A": radius 50 m
WAREHOUSE = (52.4750, 13.4550)  # place 2 "Warehouse": radius 120 m
DEPOT = (52.49, 13.36)  # zone 1 "Depot": a circle of 150 m, tagged "urgent"
AWAY = (52.50, 13.40)
VAN = 1
BEN = 2
"""Employee 2, bound to tracker 1."""
ANNA = 1
"""Employee 1, bound to tracker 4 ("Anna's phone")."""
START = dt.datetime(2026, 1, 14)


def _call_twice(fleet_mock: FleetMock, where: tuple[float, float]) -> dt.datetime:
    """Drive tracker 1 to ``where`` and away again twice (staying 20 minutes, then 2);
    answer when the first drive began."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=1)
    fleet_mock.drive(VAN, [AWAY, where], start=start)
    fleet_mock.drive(VAN, [where, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=20))
    fleet_mock.drive(VAN, [AWAY, where], start=fleet_mock.world.now() + dt.timedelta(minutes=5))
    fleet_mock.drive(VAN, [where, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=2))
    return start


def _sheets(
    client: Any, fleet_mock: FleetMock, start: dt.datetime, plugin: ReportPlugin, **more: Any
) -> Any:
    """The sheets of a report of tracker 1 from ``start`` to now, once it is ready."""
    options: dict[str, Any] = {"trackers": [VAN], **more}
    end = fleet_mock.world.now()
    report_id = client.report.tracker.generate(from_=start, to=end, plugin=plugin, **options)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return client.report.tracker.retrieve(report_id=report_id).sheets


def _rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for group in table["data"] for row in group["rows"]]


def _figures(summary: dict[str, Any]) -> dict[str, float]:
    return {r["name"]: r["raw"] for r in summary["rows"]}


def _stays_within(fleet_mock: FleetMock, start: dt.datetime, radius: float) -> list[list[Any]]:
    """The runs of tracker 1's points since ``start`` within ``radius`` m of the customer,
    each with the first point after it."""
    found: list[list[Any]] = []
    points = [p for p in fleet_mock.world.points_of(VAN) if p.get_time >= start]
    inside = [haversine_distance(p.lat, p.lng, *CUSTOMER) <= radius for p in points]
    for n, point in enumerate(points):
        if inside[n] and (n == 0 or not inside[n - 1]):
            found.append([point])
        elif inside[n] or (n and inside[n - 1]):  # inside, or the first point out
            found[-1].append(point)
    return found


def test_a_visit_is_a_stay_within_the_places_radius(fleet_mock: FleetMock, client: Any) -> None:
    start = _call_twice(fleet_mock, CUSTOMER)
    plugin = ReportPlugin(plugin_id=85, place_ids=[1], show_seconds=True, show_mileage=True)
    (sheet,) = _sheets(client, fleet_mock, start, plugin)
    table, summary = sheet.sections
    (visit,) = _rows(table)  # the 2 minutes are shorter than the 5 a visit lasts by default
    (long_stay, short_stay) = _stays_within(fleet_mock, start, 50)
    arrival, departure = long_stay[0], long_stay[-1]
    assert visit["place"]["v"] == "Customer A"
    assert visit["from"]["v"].startswith(f"{arrival.get_time:%H:%M:%S}")
    assert visit["to"]["v"] == f"{departure.get_time:%H:%M:%S}"
    assert visit["duration"]["raw"] == (departure.get_time - arrival.get_time).total_seconds()
    assert visit["duration"]["raw"] > 20 * 60
    assert visit["mileage"]["raw"] == pytest.approx(length_km(long_stay), abs=1e-3)
    assert _figures(summary) == {
        "Visits": 1,
        "Time in places": visit["duration"]["raw"] / 60,
        "Mileage in places, km": visit["mileage"]["raw"],
        "Customer A": 1,
    }
    brief = attrs.evolve(plugin, min_minutes_in_place=1)
    (sheet,) = _sheets(client, fleet_mock, start, brief)
    durations = [r["duration"]["raw"] for r in _rows(sheet.sections[0])]
    assert durations == [
        (s[-1].get_time - s[0].get_time).total_seconds() for s in (long_stay, short_stay)
    ]


def test_places_without_visits_and_every_place(fleet_mock: FleetMock, client: Any) -> None:
    start = _call_twice(fleet_mock, CUSTOMER)
    named = ReportPlugin(plugin_id=85, place_ids=[2, 1], show_not_visited_places=True)
    (sheet,) = _sheets(client, fleet_mock, start, named)
    table, summary = sheet.sections
    assert [c["field"] for c in table["columns"]] == ["place", "from", "to", "duration"]
    figures = _figures(summary)
    assert (figures["Warehouse"], figures["Customer A"]) == (0, 1)
    (sheet,) = _sheets(client, fleet_mock, start, ReportPlugin(plugin_id=85))
    assert list(_figures(sheet.sections[1])) == ["Visits", "Time in places", "Customer A"]


def test_a_stop_next_door_is_no_visit(fleet_mock: FleetMock, client: Any) -> None:
    """A stay 40 m north and 40 m east of the customer (57 m away) is outside its 50 m."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=1)
    door = (CUSTOMER[0] + 40 / 111_195, CUSTOMER[1] + 40 / 67_690)
    assert 55 < haversine_distance(*door, *CUSTOMER) < 60
    stay = [start + dt.timedelta(minutes=m) for m in (0, 10, 20)]
    fleet_mock.record_positions(
        {"tracker_id": VAN, "get_time": f"{when:%Y-%m-%d %H:%M:%S}", "lat": lat, "lng": lng}
        for when, (lat, lng) in zip(stay, [door, door, AWAY], strict=True)
    )
    fleet_mock.clock.set(stay[-1])
    (sheet,) = _sheets(client, fleet_mock, start, ReportPlugin(plugin_id=85, place_ids=[1]))
    assert _rows(sheet.sections[0]) == []


def _assign(client: Any, employees: dict[int, int]) -> None:
    """Assign places to employees (``{place: employee}``) by an ``employee`` custom field of
    the place entity."""
    fields = client.entity.fields.update(
        entity_id=1, fields=[EntityFieldChange(label="Driver", type="employee")]
    )
    (field,) = [str(f.id) for f in fields if f.type == "employee"]
    for place_id, employee_id in employees.items():
        place = client.place.read(place_id=place_id)
        value = CustomFieldValue(type="employee", value=employee_id)
        client.place.update(place=attrs.evolve(place, fields={**place.fields, field: value}))


def test_places_of_the_trackers_employee(fleet_mock: FleetMock, client: Any) -> None:
    """With ``fetch_places_by_employees`` a tracker's places are those assigned to its
    employee, and each row names the employee."""
    _assign(client, {2: BEN, 1: ANNA})
    start = _call_twice(fleet_mock, WAREHOUSE)
    fleet_mock.drive(VAN, [AWAY, CUSTOMER, AWAY], start=fleet_mock.world.now())
    plugin = ReportPlugin(
        plugin_id=85,
        fetch_places_by_employees=True,
        show_not_visited_places=True,
        include_summary_sheet=False,
    )
    van, phone = _sheets(client, fleet_mock, start, plugin, trackers=[VAN, 4])
    table, summary = van.sections[:2]
    assert [(r["place"]["v"], r["employee"]["v"]) for r in _rows(table)] == [
        ("Warehouse", "Ben J. Keller")
    ]
    assert [c["field"] for c in table["columns"]][-1] == "employee"
    assert _figures(summary) == {  # the customer was visited, but is Anna's
        "Visits": 1,
        "Time in places": _rows(table)[0]["duration"]["raw"] / 60,
        "Warehouse": 1,
    }
    assert _rows(phone.sections[0]) == []
    assert _figures(phone.sections[1]) == {"Visits": 0, "Time in places": 0, "Customer A": 0}


@pytest.mark.parametrize(
    ("options", "parameter"),
    [
        ({"place_ids": []}, "plugin.place_ids"),
        ({"place_ids": list(range(1, 32))}, "plugin.place_ids"),
        ({"min_minutes_in_place": 0}, "plugin.min_minutes_in_place"),
        ({"place_ids": [1], "fetch_places_by_employees": True}, "plugin.fetch_places_by_employees"),
    ],
)
def test_poi_options_out_of_bounds_are_7(
    fleet_mock: FleetMock, client: Any, options: dict[str, Any], parameter: str
) -> None:
    with pytest.raises(InvalidParametersError) as error:
        _sheets(client, fleet_mock, START, ReportPlugin(plugin_id=85, **options))
    assert [e["parameter"] for e in error.value.errors] == [parameter]
    assert [r.id for r in client.report.tracker.list()] == [1]


def test_a_place_that_is_not_the_accounts_is_217(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(NonExistentEntitiesError, match="404"):
        _sheets(client, fleet_mock, START, ReportPlugin(plugin_id=85, place_ids=[1, 404]))


def test_stays_in_zones_are_its_long_geofence_visits(fleet_mock: FleetMock, client: Any) -> None:
    start = _call_twice(fleet_mock, DEPOT)
    plugin = ReportPlugin(plugin_id=84, zone_ids=[1, 2], show_tags=True, show_seconds=True)
    (sheet,) = _sheets(client, fleet_mock, start, plugin)
    table, summary = sheet.sections
    visits = ReportPlugin(plugin_id=8, zone_ids=[1, 2], show_seconds=True)
    (geofences,) = _sheets(client, fleet_mock, start, visits)
    every_visit = _rows(geofences.sections[0])
    assert len(every_visit) == 2
    (stay,) = _rows(table)  # 5 minutes at least by default: the 2-minute visit is none
    long_visit = every_visit[0]
    assert {k: stay[k] for k in long_visit} == long_visit
    (urgent,) = [t.name for t in client.tag.list() if t.id == 1]
    assert stay["tags"]["v"] == urgent
    assert _figures(summary) == {
        "Stays": 1,
        "Time in geofences": stay["duration"]["raw"] / 60,
        "Depot": stay["duration"]["raw"] / 60,
        "City centre": 0,
    }
    brief = ReportPlugin(plugin_id=84, zone_ids=[1], min_minutes_in_zone=1)
    (sheet,) = _sheets(client, fleet_mock, start, brief)
    assert len(_rows(sheet.sections[0])) == 2
    assert [c["field"] for c in sheet.sections[0]["columns"]] == ["zone", "from", "to", "duration"]


@pytest.mark.parametrize(
    ("options", "parameter"),
    [
        ({}, "plugin.zone_ids"),
        ({"zone_ids": []}, "plugin.zone_ids"),
        ({"zone_ids": list(range(1, 32))}, "plugin.zone_ids"),
        ({"zone_ids": [1], "min_minutes_in_zone": 0}, "plugin.min_minutes_in_zone"),
    ],
)
def test_stay_options_out_of_bounds_are_7(
    fleet_mock: FleetMock, client: Any, options: dict[str, Any], parameter: str
) -> None:
    with pytest.raises(InvalidParametersError) as error:
        _sheets(client, fleet_mock, START, ReportPlugin(plugin_id=84, **options))
    assert [e["parameter"] for e in error.value.errors] == [parameter]


def test_a_stay_zone_that_is_not_the_accounts_is_217(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(NonExistentEntitiesError, match="404"):
        _sheets(client, fleet_mock, START, ReportPlugin(plugin_id=84, zone_ids=[404]))
