"""``zone/list``, a call of the service's documentation, through the SDK and the raw wire."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fleetapi.models.common import LatLng
from fleetapi.models.geo import CircleZone, PolygonZone, SausageZone
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
    zones = client.zones.list()
    assert [type(z) for z in zones] == [CircleZone, PolygonZone, SausageZone]
    pointed = client.zones.list(with_points=True)
    assert pointed[1].points == [
        LatLng(lat=52.53, lng=13.37),
        LatLng(lat=52.53, lng=13.43),
        LatLng(lat=52.505, lng=13.43),
        LatLng(lat=52.505, lng=13.37),
    ]
    assert [z.id for z in client.zones.list(filter="DEPOTWEG")] == [1]  # address, any case
    assert [z.id for z in client.zones.list(filter="route")] == [3]  # label
    assert [z.id for z in client.zones.list(tag_ids=[1])] == [1]
    assert client.zones.list(tag_ids=[1, 2]) == []  # every tag must be carried
    assert len(client.zones.list(tag_ids=[])) == 3  # no tag asked: no filter
    assert [z.id for z in client.zones.list(offset=1, limit=1)] == [2]
    assert [z.id for z in client.zones.iterate_list(page_size=2)] == [1, 2, 3]


def test_other_accounts_zones_are_never_listed(fleet_mock: FleetMock, client: Any) -> None:
    other = next(u for u in fleet_mock.world.users.values() if u.is_master and u.id != 1)
    with fleet_mock.world.lock:
        fleet_mock.world.zones[99] = ZoneRecord(
            id=99, user_id=other.id, label="Theirs", center=LatLng(lat=1, lng=2), radius=10
        )
    assert 99 not in [z.id for z in client.zones.list()]


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
        assert [z.id for z in client.zones.list()] == [1, 2, 3]
