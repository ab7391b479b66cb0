"""``subuser/zones/*`` and ``subuser/places/*``: the zones and places a sub-user sees, and every
call that lists, reads, changes or names them answering a sub-user only those."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from fleetapi import Client, EntityMissingError, EntityNotFoundError, InvalidParametersError
from fleetapi.models.common import LatLng
from fleetapi.models.rule import NewRule
from fleetapi.models.subuser import NewSecurityGroup, NewSubUser, SecurityGroupPrivileges
from fleetapi.models.zone import NewCircleZone
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import demo_document

DISPATCHER = 2
"""The demo's sub-user: its world document binds it to each zone and place."""

DEPOT, CITY, ROUTE = 1, 2, 3
"""The demo's zones (the depot circle holds the point below)."""

CUSTOMER, WAREHOUSE = 1, 2
"""The demo's places."""

AT_THE_DEPOT = LatLng(lat=52.49, lng=13.36)


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login("demo", "demo") as client:
        yield client


@pytest.fixture
def planner(master: Client) -> int:
    """A new sub-user whose group may change zones, places and rules."""
    rights = ["zone_update", "place_update", "tracker_rule_update"]
    group = master.subuser.security_group.create(
        group=NewSecurityGroup(label="Planners", privileges=SecurityGroupPrivileges(rights=rights))
    )
    new = NewSubUser(login="planner@fleet.test", security_group_id=group)
    return master.subuser.register(user=new, password="secret1")


def test_a_sub_user_sees_only_the_zones_and_places_bound_to_it(
    mock: FleetMock, master: Client, planner: int
) -> None:
    assert master.subuser.zones.list_ids(subuser_id=planner).list == []  # nothing until bound
    master.subuser.zones.bind(subuser_id=planner, zone_ids=[CITY])
    master.subuser.places.bind(subuser_id=planner, place_ids=[WAREHOUSE])
    assert master.subuser.zones.list_ids(subuser_id=planner).access_to_all is False
    assert [z.id for z in master.subuser.zones.list(subuser_id=planner).list] == [CITY]
    assert [p.id for p in master.subuser.places.list(subuser_id=planner).list] == [WAREHOUSE]

    with mock.login("planner@fleet.test", "secret1") as planner_client:
        assert [z.id for z in planner_client.zone.list()] == [CITY]
        assert [p.id for p in planner_client.place.list().list] == [WAREHOUSE]
        assert planner_client.zone.search_location(location=AT_THE_DEPOT) == []
        for unseen in (
            lambda: planner_client.zone.read(zone_id=DEPOT),
            lambda: planner_client.zone.delete(zone_ids=[DEPOT]),
            lambda: planner_client.place.read(place_id=CUSTOMER),
            lambda: planner_client.place.delete(place_id=CUSTOMER),
        ):
            with pytest.raises(EntityNotFoundError):
                unseen()
        rule = NewRule(type="inoutzone", name="Depot", zone_ids=[DEPOT], trackers=[])
        with pytest.raises(EntityMissingError):  # a rule may not name an unseen zone
            planner_client.tracker.rule.create(rule=rule)

        # what the sub-user creates, it sees
        circle = NewCircleZone(label="Yard", center=AT_THE_DEPOT, radius=30)
        yard = planner_client.zone.create(zone=circle)
        assert [z.id for z in planner_client.zone.list()] == [CITY, yard]
    assert master.subuser.zones.list_ids(subuser_id=planner).list == [CITY, yard]
    assert len(master.zone.list()) == 4  # the master sees every zone

    master.subuser.zones.unbind(subuser_id=planner, zone_ids=[CITY])
    master.subuser.places.unbind(subuser_id=planner, place_ids=[WAREHOUSE])
    assert master.subuser.zones.list_ids(subuser_id=planner).list == [yard]
    assert master.subuser.places.list(subuser_id=planner).count == 0


def test_access_to_all_shows_every_zone_and_keeps_the_bound_ones(
    mock: FleetMock, master: Client, planner: int
) -> None:
    master.subuser.zones.bind(subuser_id=planner, zone_ids=[ROUTE])
    master.subuser.zones.bind(subuser_id=planner, access_to_all=True)
    access = master.subuser.zones.list_ids(subuser_id=planner)
    assert (access.access_to_all, access.list) == (True, [ROUTE])
    with mock.login("planner@fleet.test", "secret1") as planner_client:
        assert [z.id for z in planner_client.zone.list()] == [DEPOT, CITY, ROUTE]
        master.subuser.zones.bind(subuser_id=planner, access_to_all=False)
        assert [z.id for z in planner_client.zone.list()] == [ROUTE]
    # places are bound apart from zones
    assert master.subuser.places.list_ids(subuser_id=planner).access_to_all is False


def test_a_world_documents_sub_user_sees_what_the_document_says(master: Client) -> None:
    zones = master.subuser.zones.list(subuser_id=DISPATCHER)  # bound to each zone
    assert (zones.access_to_all, zones.count) == (False, 3)
    places = master.subuser.places.list_ids(subuser_id=DISPATCHER)
    assert (places.access_to_all, places.list) == (False, [CUSTOMER, WAREHOUSE])


def test_a_sub_user_of_a_document_that_binds_nothing_sees_every_zone_and_place() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["id"] == DISPATCHER)
    del dispatcher["zones"], dispatcher["places"]
    mock = FleetMock(document)
    with mock.login("demo", "demo") as master:
        zones = master.subuser.zones.list(subuser_id=DISPATCHER)
        assert (zones.access_to_all, zones.count) == (True, 3)
    mock.world.zones[9] = attrs.evolve(mock.world.zones[1], id=9)
    with mock.login("dispatcher", "demo") as dirk:
        assert [z.id for z in dirk.zone.list()] == [DEPOT, CITY, ROUTE, 9]
        assert dirk.place.list().count == 3


def test_the_list_filters_sorts_and_pages(master: Client) -> None:
    page = master.subuser.zones.list(subuser_id=DISPATCHER, order="label", offset=1, limit=1)
    assert ([z.label for z in page.list], page.count) == (["Depot"], 3)  # City, Depot, Route
    found = master.subuser.zones.list(subuser_id=DISPATCHER, filter="route")
    assert ([z.id for z in found.list], found.count) == ([ROUTE], 1)
    tagged = master.subuser.zones.list(subuser_id=DISPATCHER, tag_ids=[1])
    assert [z.id for z in tagged.list] == [DEPOT]
    labels = [p.label for p in master.subuser.places.iterate_list(subuser_id=DISPATCHER)]
    assert labels == ["Customer A", "Warehouse"]


def test_binding_what_is_not_the_accounts_changes_nothing(master: Client, planner: int) -> None:
    with pytest.raises(EntityNotFoundError):
        master.subuser.zones.bind(subuser_id=planner, zone_ids=[CITY, 999])
    with pytest.raises(EntityNotFoundError):
        master.subuser.places.bind(subuser_id=planner, access_to_all=True, place_ids=[999])
    with pytest.raises(EntityNotFoundError):  # not a sub-user of the account
        master.subuser.zones.bind(subuser_id=3, zone_ids=[CITY])
    assert master.subuser.zones.list_ids(subuser_id=planner).list == []
    assert master.subuser.places.list_ids(subuser_id=planner).access_to_all is False
    with pytest.raises(InvalidParametersError):  # neither access_to_all nor IDs
        master.subuser.zones.bind(subuser_id=planner)
