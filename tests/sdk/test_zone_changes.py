"""Creating, changing and deleting zones, their points, and checking batches of them."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from fleetapi import (
    UNSET,
    EntityInUseError,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    InvalidParametersError,
    NotSupportedForEntityTypeError,
    OverQuotaError,
    TooFewZonePointsError,
    TooManyZonePointsError,
)
from fleetapi.models.common import LatLng
from fleetapi.models.zone import (
    ZONE_POINT_LIMITS,
    CircleZone,
    NewCircleZone,
    NewPolygonZone,
    NewSausageZone,
    PolygonZone,
    SausageZone,
    ZonePoint,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.zone import contains

CENTER = LatLng(lat=52.5, lng=13.4)


def _line(count: int) -> list[ZonePoint]:
    """``count`` points zigzagging east from Berlin's centre (distinct, in order)."""
    return [ZonePoint(lat=52.5 + (i % 2) * 0.001, lng=13.4 + i * 0.0005) for i in range(count)]


def _world_zones(fleet_mock: FleetMock) -> dict[int, Any]:
    with fleet_mock.world.lock:
        return {k: json.dumps(repr(v)) for k, v in fleet_mock.world.zones.items()}


# --- create -------------------------------------------------------------------------------


def test_each_kind_is_created_and_read_back_with_its_bounds(client: Any) -> None:
    circle = client.zone.create(zone=NewCircleZone(label="Yard", center=CENTER, radius=200))
    polygon = client.zone.create(zone=NewPolygonZone(label="Block"), points=_line(4))
    sausage = client.zone.create(
        zone=NewSausageZone(label="Road", radius=30, color="FF0000", points=_line(3))
    )
    read = client.zone.read(zone_id=circle)
    assert isinstance(read, CircleZone)
    assert (read.label, read.center, read.radius, read.color) == ("Yard", CENTER, 200, "27A9E3")
    shaped = client.zone.read(zone_id=polygon, with_points=True)
    assert isinstance(shaped, PolygonZone)
    assert shaped.points == _line(4)
    road = client.zone.read(zone_id=sausage, with_points=True)
    assert isinstance(road, SausageZone)
    assert (road.points, road.radius, road.color) == (_line(3), 30, "FF0000")
    # The bounds hold the whole zone: a circle's edge, a sausage's corridor.
    box = read.bounds
    assert box.nw.lat > CENTER.lat + 0.0017
    assert box.se.lat < CENTER.lat - 0.0017
    assert box.nw.lng < CENTER.lng - 0.0029
    assert box.se.lng > CENTER.lng + 0.0029
    assert road.bounds.nw.lat > max(p.lat for p in _line(3))
    assert shaped.bounds.nw == LatLng(lat=52.501, lng=13.4)
    assert shaped.bounds.se == LatLng(lat=52.5, lng=13.4015)


def test_points_of_the_parameter_win_over_those_of_the_zone(client: Any) -> None:
    zone_id = client.zone.create(
        zone=NewSausageZone(label="Road", radius=30, points=_line(2)), points=_line(5)
    )
    assert client.zone.point.list(zone_id=zone_id) == _line(5)


@pytest.mark.parametrize("kind", ["polygon", "sausage"])
def test_the_points_limits_of_each_kind(client: Any, kind: str) -> None:
    fewest, most = ZONE_POINT_LIMITS[kind]
    zone = NewPolygonZone(label="P") if kind == "polygon" else NewSausageZone(label="S", radius=9)
    with pytest.raises(TooFewZonePointsError):
        client.zone.create(zone=zone, points=_line(fewest - 1))
    with pytest.raises(TooManyZonePointsError):
        client.zone.create(zone=zone, points=_line(most + 1))
    smallest = client.zone.create(zone=zone, points=_line(fewest))
    largest = client.zone.create(zone=zone, points=_line(most))
    assert len(client.zone.point.list(zone_id=smallest)) == fewest
    assert len(client.zone.point.list(zone_id=largest)) == most


def test_a_circle_takes_no_points(fleet_mock: FleetMock, client: Any) -> None:
    before = _world_zones(fleet_mock)
    with pytest.raises(NotSupportedForEntityTypeError):
        client.zone.create(zone=NewCircleZone(label="C", center=CENTER, radius=5), points=_line(3))
    assert _world_zones(fleet_mock) == before


def test_tags_must_be_the_accounts_and_the_quota_holds(
    fleet_mock: FleetMock, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(EntityMissingError):
        client.zone.create(zone=NewCircleZone(label="C", center=CENTER, radius=5, tags=[999]))
    monkeypatch.setattr("fleetapi_mock.handlers.zone.MAX_ZONES", 4)
    client.zone.create(zone=NewCircleZone(label="Fourth", center=CENTER, radius=5))
    with pytest.raises(OverQuotaError):
        client.zone.create(zone=NewCircleZone(label="Fifth", center=CENTER, radius=5))
    assert len(fleet_mock.world.zones) == 4


@pytest.mark.parametrize(
    ("zone", "parameter"),
    [
        ({"type": "circle", "label": " ", "center": {"lat": 1, "lng": 2}, "radius": 5}, "label"),
        ({"type": "circle", "label": "C", "center": {"lat": 91, "lng": 2}, "radius": 5}, "lat"),
        ({"type": "circle", "label": "C", "center": {"lat": 1, "lng": 2}, "radius": 0}, "radius"),
        ({"type": "square", "label": "C"}, "zone.type"),
        ({"label": "C", "center": {"lat": 1, "lng": 2}, "radius": 5}, "zone.type"),
        ({"type": ["circle"], "label": "C"}, "zone.type"),
        ("a circle", "zone"),
        ({"type": "polygon", "label": "C", "color": "red"}, "color"),
    ],
)
def test_bad_zones_are_code_7(fleet_mock: FleetMock, zone: Any, parameter: str) -> None:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = {"hash": fleet_mock.session("demo"), "zone": zone}
    answer = http.post("/v2/zone/create", json=body)
    assert (answer.status_code, answer.json()["status"]["code"]) == (400, 7)
    assert parameter in answer.json()["errors"][0]["parameter"]
    assert len(fleet_mock.world.zones) == 3


# --- update -------------------------------------------------------------------------------


def test_update_replaces_the_zone_and_keeps_its_points_unless_given(client: Any) -> None:
    client.zone.update(zone=PolygonZone(id=2, label="Centre", color="000000"))
    read = client.zone.read(zone_id=2, with_points=True)
    assert (read.label, read.color, len(read.points)) == ("Centre", "000000", 4)
    client.zone.update(zone=PolygonZone(id=2, label="Centre", points=_line(3)))
    assert client.zone.point.list(zone_id=2) == _line(3)
    with pytest.raises(TooFewZonePointsError):
        client.zone.update(zone=PolygonZone(id=2, label="Centre", points=_line(2)))


def test_update_keeps_the_type_and_the_owner(fleet_mock: FleetMock, client: Any) -> None:
    before = _world_zones(fleet_mock)
    with pytest.raises(EntityTypeMismatchError):
        client.zone.update(zone=CircleZone(id=2, label="Now a circle", center=CENTER, radius=9))
    with pytest.raises(EntityNotFoundError):
        client.zone.update(zone=CircleZone(id=404, label="Nowhere", center=CENTER, radius=9))
    assert _world_zones(fleet_mock) == before


# --- delete -------------------------------------------------------------------------------


def test_delete_one_or_several_and_links_lose_the_zone(fleet_mock: FleetMock, client: Any):
    assert fleet_mock.world.geo_links[1].params.bounding_zone_ids == [2]
    client.zone.delete(zone_id=2)
    assert fleet_mock.world.geo_links[1].params.bounding_zone_ids == []
    made = [
        client.zone.create(zone=NewCircleZone(label=f"Z{i}", center=CENTER, radius=5))
        for i in range(2)
    ]
    client.zone.delete(zone_ids=made)
    assert [z.id for z in client.zone.list()] == [1, 3]


def test_delete_is_all_or_nothing(fleet_mock: FleetMock, client: Any) -> None:
    before = _world_zones(fleet_mock)
    with pytest.raises(EntityNotFoundError):
        client.zone.delete(zone_ids=[3, 404])
    with pytest.raises(InvalidParametersError):
        client.zone.delete()
    with pytest.raises(InvalidParametersError):
        client.zone.delete(zone_id=3, zone_ids=[3])
    assert _world_zones(fleet_mock) == before


def test_a_zone_that_rules_watch_is_not_deleted_and_the_rules_are_named(
    fleet_mock: FleetMock, client: Any
) -> None:
    watching = [r.id for r in fleet_mock.world.rules.values() if 1 in r.zone_ids]
    assert watching
    before = _world_zones(fleet_mock)
    with pytest.raises(EntityInUseError) as info:
        client.zone.delete(zone_ids=[3, 1])
    assert info.value.entities == [{"type": "rules", "ids": watching}]
    assert _world_zones(fleet_mock) == before


def test_the_203_envelope_is_the_documented_one(fleet_mock: FleetMock) -> None:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = {"hash": fleet_mock.session("demo"), "zone_id": 1}
    answer = http.post("/v2/zone/delete", json=body).json()
    assert answer["success"] is False
    assert answer["status"]["code"] == 203
    assert answer["entities"] == [{"type": "rules", "ids": [1]}]


# --- points -------------------------------------------------------------------------------


def test_point_list_simplifies_to_count_keeping_the_ends_and_the_corners(client: Any) -> None:
    corner = ZonePoint(lat=52.6, lng=13.5)
    straight = [ZonePoint(lat=52.5, lng=13.4 + i * 0.01) for i in range(10)]
    zone_id = client.zone.create(
        zone=NewSausageZone(label="L", radius=10), points=[*straight, corner]
    )
    assert client.zone.point.list(zone_id=zone_id, count=3) == [straight[0], straight[-1], corner]
    assert len(client.zone.point.list(zone_id=zone_id, count=50)) == 11


def test_points_of_a_circle_or_a_missing_zone(client: Any) -> None:
    with pytest.raises(NotSupportedForEntityTypeError):
        client.zone.point.list(zone_id=1)
    with pytest.raises(NotSupportedForEntityTypeError):
        client.zone.point.update(zone_id=1, points=_line(3))
    with pytest.raises(EntityNotFoundError):
        client.zone.point.list(zone_id=404)


def test_point_update_replaces_within_the_limits(fleet_mock: FleetMock, client: Any) -> None:
    client.zone.point.update(zone_id=3, points=_line(6))
    assert client.zone.point.list(zone_id=3) == _line(6)
    with pytest.raises(TooManyZonePointsError):
        client.zone.point.update(zone_id=3, points=_line(1025))
    with pytest.raises(TooFewZonePointsError):
        client.zone.point.update(zone_id=3, points=_line(1))
    assert client.zone.point.list(zone_id=3) == _line(6)
    inside = _line(6)[2]
    assert contains(fleet_mock.world.zones[3], inside.lat, inside.lng)


# --- batch_convert ------------------------------------------------------------------------


def test_batch_rows_become_circles_to_create_and_nothing_is_created(
    fleet_mock: FleetMock, client: Any
) -> None:
    before = _world_zones(fleet_mock)
    batch = "\n".join(
        [
            "Depot\tDepotweg 1, Berlin\t\t\t\tURGENT, vip",
            "Yard\t\t52.5\t13.4\t250\t",
            "Nowhere\tNo such street 99\t\t\t\t",
            "Tagged\t\t52.5\t13.4\tx\tNo such tag",
        ]
    )
    result = client.zone.batch_convert(batch=batch, default_radius=70)
    depot, yard, nowhere, tagged = result.list
    assert (depot.center, depot.radius, depot.errors) == (LatLng(lat=52.49, lng=13.36), 70, UNSET)
    assert depot.tags == [1, 3]
    assert (yard.center, yard.radius, yard.id, yard.type) == (CENTER, 250, None, "circle")
    assert yard.bounds.nw.lat > 52.5
    assert [e.parameter for e in nowhere.errors] == ["zone.center"]
    assert nowhere.center == LatLng(lat=0, lng=0)
    assert sorted(e.parameter for e in tagged.errors) == ["zone.radius", "zone.tags"]
    assert result.limit_exceeded is False
    assert _world_zones(fleet_mock) == before


def test_the_documented_batch_without_a_tab_is_one_label(client: Any) -> None:
    (row,) = client.zone.batch_convert(batch="Geofence for test Karlsplatz, 2").list
    assert row.label == "Geofence for test Karlsplatz, 2"
    assert [e.parameter for e in row.errors] == ["zone.center"]
