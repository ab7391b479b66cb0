"""The zone calls of the service's documentation, through the SDK and the raw wire."""

from __future__ import annotations

import math
from typing import Any

import httpx
import pytest

from fleetapi import UNSET, EntityNotFoundError
from fleetapi.models.common import LatLng
from fleetapi.models.zone import CircleZone, PolygonZone, SausageZone, ZonePoint
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import ZoneRecord


def _raw(fleet_mock: FleetMock) -> tuple[httpx.Client, str]:
    return httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url), (
        fleet_mock.session("demo")
    )


def test_the_documented_requests_are_answered_with_the_documented_shape(
    fleet_mock: FleetMock,
) -> None:
    http, session = _raw(fleet_mock)
    posted = http.post("/v2/zone/list", json={"hash": session}).json()  # the cURL example
    got = http.get("/v2/zone/list", params={"hash": session}).json()  # the HTTP GET example
    assert posted == got
    assert posted["success"] is True
    zones = posted["list"]
    assert [z["type"] for z in zones] == ["circle", "polygon", "sausage"]
    for zone in zones:
        assert {"id", "type", "label", "address", "color", "tags"} <= set(zone)
        assert isinstance(zone["id"], int)
        assert isinstance(zone["tags"], list)
    circle, polygon, sausage = zones
    assert set(circle["center"]) == {"lat", "lng"}
    assert isinstance(circle["radius"], int)
    assert isinstance(sausage["radius"], int)
    assert "points" not in polygon
    assert "points" not in sausage


def test_list_with_points_filter_tags_and_paging(client: Any) -> None:
    zones = client.zone.list()
    assert [type(z) for z in zones] == [CircleZone, PolygonZone, SausageZone]
    pointed = client.zone.list(with_points=True)
    assert pointed[1].points == [
        ZonePoint(lat=52.53, lng=13.37),
        ZonePoint(lat=52.53, lng=13.43),
        ZonePoint(lat=52.505, lng=13.43),
        ZonePoint(lat=52.505, lng=13.37),
    ]
    assert [z.id for z in client.zone.list(filter="DEPOTWEG")] == [1]  # address, any case
    assert [z.id for z in client.zone.list(filter="route")] == [3]  # label
    assert [z.id for z in client.zone.list(tag_ids=[1])] == [1]
    assert client.zone.list(tag_ids=[1, 2]) == []  # every tag must be carried
    assert len(client.zone.list(tag_ids=[])) == 3  # no tag asked: no filter
    assert [z.id for z in client.zone.list(offset=1, limit=1)] == [2]
    assert [z.id for z in client.zone.iterate_list(page_size=2)] == [1, 2, 3]


def test_other_accounts_zones_are_never_listed(fleet_mock: FleetMock, client: Any) -> None:
    other = next(u for u in fleet_mock.world.users.values() if u.is_master and u.id != 1)
    with fleet_mock.world.lock:
        fleet_mock.world.zones[99] = ZoneRecord(
            id=99, user_id=other.id, label="Theirs", center=LatLng(lat=1, lng=2), radius=10
        )
    assert 99 not in [z.id for z in client.zone.list()]


@pytest.mark.parametrize(
    ("body", "parameter"), [({"offset": -1}, "offset"), ({"tag_ids": "1"}, "tag_ids")]
)
def test_bad_parameters_are_code_7(fleet_mock: FleetMock, body: dict[str, Any], parameter: str):
    http, session = _raw(fleet_mock)
    answer = http.post("/v2/zone/list", json={"hash": session, **body})
    assert answer.status_code == 400
    assert answer.json()["status"]["code"] == 7
    assert answer.json()["errors"][0]["parameter"] == parameter


def test_every_user_of_the_account_lists_every_zone(fleet_mock: FleetMock) -> None:
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    assert not any(r.startswith("zone") for r in sub_user.rights)  # no right needed
    with fleet_mock.login(sub_user.login, sub_user.password) as client:
        assert [z.id for z in client.zone.list()] == [1, 2, 3]


# --- zone/read and zone/search_location --------------------------------------------------

_METERS_PER_DEGREE = math.pi / 180 * 6_371_000


def _moved(lat: float, lng: float, east: float, north: float) -> LatLng:
    """The point ``east`` and ``north`` meters from (``lat``, ``lng``)."""
    return LatLng(
        lat=lat + north / _METERS_PER_DEGREE,
        lng=lng + east / (_METERS_PER_DEGREE * math.cos(math.radians(lat))),
    )


def test_read_answers_one_zone_with_points_when_asked(client: Any) -> None:
    depot = client.zone.read(zone_id=1)
    assert isinstance(depot, CircleZone)
    assert (depot.label, depot.radius, depot.center) == ("Depot", 150, LatLng(lat=52.49, lng=13.36))
    assert client.zone.read(zone_id=3).points is UNSET
    assert client.zone.read(zone_id=3, with_points=True).points == [
        ZonePoint(lat=52.49, lng=13.36),
        ZonePoint(lat=52.52, lng=13.405),
    ]


def test_read_of_a_missing_or_foreign_zone_is_201(fleet_mock: FleetMock, client: Any) -> None:
    other = next(u for u in fleet_mock.world.users.values() if u.is_master and u.id != 1)
    with fleet_mock.world.lock:
        fleet_mock.world.zones[99] = ZoneRecord(
            id=99, user_id=other.id, label="Theirs", center=LatLng(lat=1, lng=2), radius=10
        )
    for zone_id in (99, 1000):
        with pytest.raises(EntityNotFoundError, match=f"no zone {zone_id}"):
            client.zone.read(zone_id=zone_id)


def _found(client: Any, point: LatLng) -> list[int]:
    return [z.id for z in client.zone.search_location(location=point)]


def test_search_location_finds_a_circle_up_to_its_radius(client: Any) -> None:
    for east, north, inside in [
        (0, 149, True),
        (0, 151, False),
        (-105, -105, True),
        (107, 107, False),
    ]:
        found = 1 in _found(client, _moved(52.49, 13.36, east, north))
        assert found is inside, (east, north)


def test_search_location_finds_a_polygon_up_to_its_edges(client: Any) -> None:
    # City centre: 52.505..52.53 north, 13.37..13.43 east
    assert 2 in _found(client, LatLng(lat=52.52, lng=13.40))
    assert 2 in _found(client, LatLng(lat=52.53, lng=13.40)), "on the edge"
    assert 2 in _found(client, LatLng(lat=52.53, lng=13.37)), "on a vertex"
    assert 2 in _found(client, _moved(52.53, 13.40, 0, -1))
    assert 2 not in _found(client, _moved(52.53, 13.40, 0, 1))
    assert 2 not in _found(client, _moved(52.52, 13.43, 1, 0))


def test_search_location_finds_a_sausage_within_its_radius_of_the_line(client: Any) -> None:
    # Route A: (52.49, 13.36) to (52.52, 13.405), 60 m either side, round ends
    start, end = (52.49, 13.36), (52.52, 13.405)
    east = (end[1] - start[1]) * _METERS_PER_DEGREE * math.cos(math.radians(start[0]))
    north = (end[0] - start[0]) * _METERS_PER_DEGREE
    length = math.hypot(east, north)
    across = (-north / length, east / length)  # a unit vector square to the line
    along = (east / length, north / length)
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    for distance, inside in [(55, True), (65, False), (-55, True), (-65, False)]:
        point = _moved(*middle, across[0] * distance, across[1] * distance)
        assert (3 in _found(client, point)) is inside, distance
    for distance, inside in [(55, True), (65, False)]:
        point = _moved(*start, -along[0] * distance, -along[1] * distance)
        assert (3 in _found(client, point)) is inside, f"before the start, {distance} m"


def test_search_location_answers_ids_and_labels_of_the_account_only(
    fleet_mock: FleetMock,
) -> None:
    http, session = _raw(fleet_mock)
    body = {"hash": session, "location": {"lat": 52.49, "lng": 13.36}}
    answer = http.post("/v2/zone/search_location", json=body).json()
    assert answer == {
        "success": True,
        "list": [{"id": 1, "label": "Depot"}, {"id": 3, "label": "Route A"}],
    }
    bad = http.post("/v2/zone/search_location", json={"hash": session, "location": {"lat": 91}})
    assert bad.json()["status"]["code"] == 7
