"""The place (point of interest) calls of the service's documentation, through the SDK."""

from __future__ import annotations

import math
from typing import Any

import attrs
import httpx
import pytest

from fleetapi import (
    UNSET,
    EntityMissingError,
    EntityNotFoundError,
    OverQuotaError,
)
from fleetapi.models.common import LatLng
from fleetapi.models.place import (
    CustomFieldValue,
    NewPlace,
    Place,
    PlaceLocation,
)
from fleetapi.models.search import ContainsCondition
from fleetapi_mock import FleetMock
from fleetapi_mock.state.documents import demo_document

DOCK = CustomFieldValue(type="text", value="Deliveries before 10:00")
LOCATED = {"lat": 10.0, "lng": 20.0}
HERE = PlaceLocation(lat=52.5, lng=13.4, address="Somewhere 1, Berlin", radius=80)


def _snapshot(fleet_mock: FleetMock) -> dict[int, str]:
    with fleet_mock.world.lock:
        return {k: repr(v) for k, v in fleet_mock.world.places.items()}


# --- list and read ------------------------------------------------------------------------


def test_list_sorts_filters_and_pages_with_the_count(client: Any) -> None:
    everything = client.place.list()
    assert ([p.id for p in everything.list], everything.count) == ([1, 2, 3], 3)
    assert everything.list[0].fields == {"1": DOCK}
    assert [p.id for p in client.place.list(order_by="label", ascending=False).list] == [2, 3, 1]
    assert [p.id for p in client.place.list(order_by="1").list] == [1, 2, 3]  # custom field
    assert [p.id for p in client.place.list(filter="LAGERSTRASSE").list] == [2]  # address
    assert [p.id for p in client.place.list(filter="before 10").list] == [1]  # custom value
    found = client.place.list(conditions=[ContainsCondition(field="label", value="ware")])
    assert [p.id for p in found.list] == [2]
    assert [p.id for p in client.place.list(place_ids=[2, 99]).list] == [2]
    assert [p.id for p in client.place.list(tag_ids=[3]).list] == [1]
    page = client.place.list(offset=1, limit=1)
    assert ([p.id for p in page.list], page.count) == ([2], 3)
    assert [p.id for p in client.place.iterate_list(page_size=1)] == [1, 2, 3]


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({"order_by": "colour"}, "order_by"),
        ({"conditions": [{"type": "contains", "field": "size", "value": "x"}]}, "field"),
        ({"limit": -1}, "limit"),
    ],
)
def test_bad_list_parameters_are_code_7(fleet_mock: FleetMock, body: dict[str, Any], parameter):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    answer = http.post("/v2/place/list", json={"hash": fleet_mock.session("demo"), **body})
    assert (answer.status_code, answer.json()["status"]["code"]) == (400, 7)
    assert parameter in answer.json()["errors"][0]["parameter"]


def test_every_user_of_the_account_sees_the_places(fleet_mock: FleetMock) -> None:
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    with fleet_mock.login(sub_user.login, sub_user.password) as client:
        assert client.place.list().count == 2
        assert client.place.read(place_id=1).label == "Customer A"


def test_read_of_a_missing_or_foreign_place_is_201(fleet_mock: FleetMock, client: Any) -> None:
    other = next(u for u in fleet_mock.world.users.values() if u.is_master and u.id != 1)
    with fleet_mock.world.lock:
        fleet_mock.world.places[2] = attrs.evolve(fleet_mock.world.places[2], user_id=other.id)
    for place_id in (2, 404):
        with pytest.raises(EntityNotFoundError):
            client.place.read(place_id=place_id)
    assert client.place.list().count == 2  # Customers A and B


# --- create, update, delete ---------------------------------------------------------------


def test_create_then_read_back_and_the_avatar_is_not_taken(client: Any) -> None:
    new = NewPlace(label="Kiosk", location=HERE, tags=[1], external_id="K-1", icon_id=55)
    place_id = client.place.create(place=new, ignore_missing_fields=True)
    read = client.place.read(place_id=place_id)
    assert (read.label, read.location, read.tags, read.external_id) == ("Kiosk", HERE, [1], "K-1")
    assert read.icon_id is None  # set by the avatar calls only


def test_create_checks_tags_limits_and_the_quota(
    fleet_mock: FleetMock, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(fleet_mock)
    with pytest.raises(EntityMissingError):
        client.place.create(place=NewPlace(label="K", location=HERE, tags=[404]))
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    session = fleet_mock.session("demo")
    for place, parameter in [
        ({"label": "K", "location": {**attrs.asdict(HERE), "radius": 0}}, "place.location.radius"),
        ({"label": "K", "location": {**attrs.asdict(HERE), "radius": 300001}}, "radius"),
        ({"label": " ", "location": attrs.asdict(HERE)}, "place.label"),
        ({"label": "K", "location": attrs.asdict(HERE), "external_id": "x" * 33}, "external_id"),
        ({"label": "K", "location": {"lat": 1, "lng": 2}}, "place.location.address"),
    ]:
        answer = http.post("/v2/place/create", json={"hash": session, "place": place}).json()
        assert answer["status"]["code"] == 7, place
        assert parameter in answer["errors"][0]["parameter"]
    assert _snapshot(fleet_mock) == before
    monkeypatch.setattr("fleetapi_mock.handlers.place.MAX_PLACES", 2)
    with pytest.raises(OverQuotaError):
        client.place.create(place=NewPlace(label="Third", location=HERE))
    assert _snapshot(fleet_mock) == before


def test_update_replaces_the_place_and_keeps_its_avatar(fleet_mock: FleetMock, client: Any):
    with fleet_mock.world.lock:
        fleet_mock.world.places.change(2, icon_id=7)
    client.place.update(place=Place(id=2, label="Depot", location=HERE, icon_id=99))
    read = client.place.read(place_id=2)
    assert (read.label, read.location, read.icon_id, read.description) == ("Depot", HERE, 7, None)
    with pytest.raises(EntityNotFoundError):
        client.place.update(place=Place(id=404, label="Nowhere", location=HERE))


def test_delete_removes_the_place_from_geo_links(fleet_mock: FleetMock, client: Any) -> None:
    assert fleet_mock.world.geo_links[1].params.place_ids == [1]
    client.place.delete(place_id=1)
    assert fleet_mock.world.geo_links[1].params.place_ids == []
    assert [p.id for p in client.place.list().list] == [2, 3]
    with pytest.raises(EntityNotFoundError):
        client.place.delete(place_id=1)


# --- search_location and batch_convert ----------------------------------------------------


def test_search_location_finds_places_up_to_their_radius(client: Any) -> None:
    center, radius = LatLng(lat=52.5163, lng=13.3777), 50  # Customer A
    meters_per_degree = math.pi / 180 * 6_371_000
    inside = LatLng(lat=center.lat + (radius - 0.5) / meters_per_degree, lng=center.lng)
    outside = LatLng(lat=center.lat + (radius + 0.5) / meters_per_degree, lng=center.lng)
    assert [p.id for p in client.place.search_location(location=inside)] == [1]
    assert client.place.search_location(location=outside) == []


def test_batch_rows_become_places_to_create(fleet_mock: FleetMock, client: Any) -> None:
    before = _snapshot(fleet_mock)
    batch = "\n".join(
        [
            "Gate\tPariser Platz 1, Berlin\t\t\t\tNorth gate\turgent, VIP",
            "Yard\t\t52.5\t13.4\t250\t\t",
            "Lost\tNo such street 99\t\t\t\t\t",
            "Half\t\t52.5\t\t\t\tgold",
        ]
    )
    gate, yard, lost, half = client.place.batch_convert(batch=batch, default_radius=70).list
    assert (gate.location.lat, gate.location.lng, gate.location.radius) == (52.5163, 13.3777, 70)
    assert (gate.description, gate.tags, gate.tag_names) == (
        "North gate",
        [1, 3],
        ["urgent", "vip"],
    )
    assert gate.errors is UNSET
    assert (yard.location.lat, yard.location.radius, yard.id) == (52.5, 250, None)
    assert [e.parameter for e in lost.errors] == ["place.location"]
    assert sorted(e.parameter for e in half.errors) == ["place.location", "place.tags"]
    assert [e.line for e in half.errors] == [4, 4]
    assert _snapshot(fleet_mock) == before


def test_a_world_place_without_address_or_radius_is_answered_with_defaults(
    fleet_mock: FleetMock,
) -> None:
    document = demo_document()
    document["places"].append({"id": 9, "user_id": 1, "label": "Bare", "location": LOCATED})
    fleet_mock.reset(document)
    with fleet_mock.login() as client:
        bare = client.place.read(place_id=9)
        assert bare.location == PlaceLocation(**LOCATED, address="", radius=100)
        assert [p.id for p in client.place.search_location(location=LatLng(**LOCATED))] == [9]
