"""Geo links through the public SDK (sync and async clients) against the in-process mock."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest
import sharing_support
from sharing_support import Connect

from fleetapi import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    OverQuotaError,
    TariffRestrictionError,
)
from fleetapi._types import UNSET
from fleetapi.models.link import (
    GeoLink,
    GeoLinkDisplayOptions,
    GeoLinkLifetime,
    GeoLinkOptions,
    GeoLinkTracker,
    GeoLinkTrackerOptions,
)
from fleetapi_mock import FleetMock, demo_document

connect = sharing_support.connect
sdk = sharing_support.sdk

NOW = dt.datetime(2026, 1, 15, 9, 0, 0)


def tracker(tracker_id: int, alias: str | None = None, *data: Any) -> GeoLinkTracker:
    options = GeoLinkTrackerOptions(object_data=list(data) or ["speed"])
    if alias is None:
        return GeoLinkTracker(tracker_id=tracker_id, params=options)
    return GeoLinkTracker(tracker_id=tracker_id, alias=alias, params=options)


def options(**changes: Any) -> GeoLinkOptions:
    values: dict[str, Any] = {"bounding_zone_ids": [], "display_options": GeoLinkDisplayOptions()}
    values.update(changes)
    return GeoLinkOptions(**values)


def create(client: Any, *tracker_ids: int, **changes: Any) -> int:
    values: dict[str, Any] = {
        "description": "Shared for the test",
        "trackers": [tracker(t) for t in tracker_ids or (1,)],
        "params": options(),
    }
    values.update(changes)
    link_id: int = client.tracker.location.link.create(**values)
    return link_id


def listed(client: Any, **params: Any) -> list[GeoLink]:
    result: list[GeoLink] = client.tracker.location.link.list(**params)
    return result


def snapshot(mock: FleetMock) -> dict[int, Any]:
    return dict(mock.world.geo_links)


# --- Create, read, list ---------------------------------------------------------------------


def test_create_then_read_a_link(sdk: Any, fleet_mock: FleetMock):
    link_id = sdk.tracker.location.link.create(
        lifetime=GeoLinkLifetime(from_=NOW, to=NOW + dt.timedelta(days=2)),
        description="Today's deliveries",
        trackers=[tracker(1, "Your van", "speed", "address"), tracker(2)],
        params=options(
            bounding_zone_ids=[1, 2],
            bounding_mode="outside",
            place_ids=[2],
            display_options=GeoLinkDisplayOptions(map="satellite", trace_duration=60),
        ),
    )
    link = sdk.tracker.location.link.read(id=link_id)
    assert link.id == link_id
    assert len(link.hash) == 32
    assert link.create_date == NOW
    assert link.creator_id == 1
    assert link.enabled is True
    assert link.description == "Today's deliveries"
    assert link.lifetime == GeoLinkLifetime(from_=NOW, to=NOW + dt.timedelta(days=2))
    assert [(t.tracker_id, t.alias) for t in link.trackers] == [
        (1, "Your van"),
        (2, link.trackers[1].alias),
    ]
    assert link.trackers[0].params.object_data == ["speed", "address"]
    assert link.params.bounding_zone_ids == [1, 2]
    assert link.params.bounding_mode == "outside"
    assert link.params.place_ids == [2]
    # Display options not given take the service's defaults.
    assert link.params.display_options == GeoLinkDisplayOptions(
        map="satellite",
        autoscale=True,
        show_icons=False,
        show_driver_info=False,
        show_vehicle_info=False,
        trace_duration=60,
    )
    assert link_id in {item.id for item in listed(sdk)}
    assert fleet_mock.world.geo_links[link_id].user_id == 1


def test_link_hashes_come_from_the_world_random_source():
    fleet_mock = FleetMock({**demo_document(), "seed": 5})  # a seeded world repeats itself
    with fleet_mock.login() as client:
        first = client.tracker.location.link.read(id=create(client)).hash
    fleet_mock.reset()
    with fleet_mock.login() as client:
        again = client.tracker.location.link.read(id=create(client)).hash
        other = client.tracker.location.link.read(id=create(client)).hash
    assert first == again
    assert other != first


def test_a_link_without_lifetime_never_expires(connect: Connect, fleet_mock: FleetMock):
    link_id = create(connect())
    assert connect().tracker.location.link.read(id=link_id).lifetime is None
    fleet_mock.clock.advance(dt.timedelta(days=3650))
    assert next(link for link in listed(connect()) if link.id == link_id).status == "enabled"


def test_status_follows_the_clock_and_the_switch(sdk: Any, fleet_mock: FleetMock):
    link_id = create(
        sdk,
        lifetime=GeoLinkLifetime(from_=NOW + dt.timedelta(hours=1), to=NOW + dt.timedelta(hours=2)),
    )

    def status() -> str:
        return next(link.status for link in listed(sdk) if link.id == link_id)

    assert status() == "inactive"
    fleet_mock.clock.advance(dt.timedelta(minutes=90))
    assert status() == "enabled"
    sdk.tracker.location.link.status.change(id=link_id, is_active=False)
    assert status() == "disabled"
    assert sdk.tracker.location.link.read(id=link_id).enabled is False
    sdk.tracker.location.link.status.change(id=link_id, is_active=True)
    assert status() == "enabled"
    fleet_mock.clock.advance(dt.timedelta(hours=1))
    assert status() == "expired"


def test_the_demo_world_has_an_active_and_an_expired_link(sdk: Any):
    assert [(link.id, link.status) for link in listed(sdk)] == [(1, "enabled"), (2, "expired")]


def test_only_lists_carry_the_status(sdk: Any):
    assert sdk.tracker.location.link.read(id=1).status is UNSET
    assert listed(sdk)[0].status == "enabled"


def test_open_bounds_of_a_lifetime(sdk: Any, fleet_mock: FleetMock):
    starts = create(sdk, lifetime=GeoLinkLifetime(from_=NOW + dt.timedelta(hours=1)))
    ends = create(sdk, lifetime=GeoLinkLifetime(to=NOW + dt.timedelta(hours=1)))
    statuses = {link.id: link.status for link in listed(sdk)}
    assert (statuses[starts], statuses[ends]) == ("inactive", "enabled")
    fleet_mock.clock.advance(dt.timedelta(hours=2))
    statuses = {link.id: link.status for link in listed(sdk)}
    assert (statuses[starts], statuses[ends]) == ("enabled", "expired")


def test_lifetimes_are_in_the_callers_time_zone(fleet_mock: FleetMock):
    document = demo_document()
    document["users"][1]["rights"].append("weblocator_session_create")
    fleet_mock.reset(document)
    berlin_noon = dt.datetime(2026, 1, 16, 12, 0, 0)
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        link_id = create(dispatcher, lifetime=GeoLinkLifetime(to=berlin_noon))
        assert dispatcher.tracker.location.link.read(id=link_id).lifetime.to == berlin_noon
        assert dispatcher.tracker.location.link.read(id=link_id).create_date == NOW + dt.timedelta(
            hours=1
        )
    with fleet_mock.login() as demo:
        link = demo.tracker.location.link.read(id=link_id)
    assert link.lifetime.to == berlin_noon - dt.timedelta(hours=1)
    assert link.creator_id == 2


# --- Update, status, delete -----------------------------------------------------------------


def test_update_replaces_the_content_but_keeps_hash_and_url(sdk: Any):
    link_id = create(sdk, lifetime=GeoLinkLifetime(to=NOW + dt.timedelta(days=1)))
    before = sdk.tracker.location.link.read(id=link_id)
    sdk.tracker.location.link.update(
        id=link_id,
        description="Now with the truck",
        trackers=[tracker(3, "Truck")],
        params=options(bounding_zone_ids=[3], bounding_mode="inside"),
    )
    after = sdk.tracker.location.link.read(id=link_id)
    assert (after.hash, after.create_date, after.creator_id) == (
        before.hash,
        before.create_date,
        before.creator_id,
    )
    assert after.url("demo.fleet.test") == before.url("demo.fleet.test")
    assert after.description == "Now with the truck"
    assert [(t.tracker_id, t.alias) for t in after.trackers] == [(3, "Truck")]
    assert after.params.bounding_zone_ids == [3]
    assert after.lifetime is None  # the update omitted it: the link no longer expires


def test_update_keeps_a_disabled_link_disabled(sdk: Any):
    link_id = create(sdk)
    sdk.tracker.location.link.status.change(id=link_id, is_active=False)
    sdk.tracker.location.link.update(
        id=link_id, description="x", trackers=[tracker(1)], params=options()
    )
    assert sdk.tracker.location.link.read(id=link_id).enabled is False


def test_delete_a_link(sdk: Any):
    link_id = create(sdk)
    sdk.tracker.location.link.delete(id=link_id)
    assert link_id not in {link.id for link in listed(sdk)}
    with pytest.raises(EntityNotFoundError):
        sdk.tracker.location.link.read(id=link_id)
    with pytest.raises(EntityNotFoundError) as info:
        sdk.tracker.location.link.delete(id=link_id)
    assert (info.value.code, info.value.http_status) == (201, 400)


@pytest.mark.parametrize(
    "call",
    [
        lambda c, i: c.tracker.location.link.read(id=i),
        lambda c, i: c.tracker.location.link.delete(id=i),
        lambda c, i: c.tracker.location.link.status.change(id=i, is_active=False),
        lambda c, i: c.tracker.location.link.update(
            id=i, description="x", trackers=[tracker(1)], params=options()
        ),
    ],
    ids=["read", "delete", "status", "update"],
)
def test_missing_links_and_links_of_another_account_are_201(
    call: Any, connect: Connect, fleet_mock: FleetMock
):
    others = create(connect("other"), 7)
    demo = connect()
    before = snapshot(fleet_mock)
    for link_id in (others, 424242):
        with pytest.raises(EntityNotFoundError) as info:
            call(demo, link_id)
        assert info.value.code == 201
    assert snapshot(fleet_mock) == before


# --- Trackers, zones, places ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tracker_id", "why"),
    [(424242, "missing"), (7, "another account's"), (5, "blocked")],
)
def test_trackers_that_cannot_be_shared_are_217(
    sdk: Any, fleet_mock: FleetMock, tracker_id: int, why: str
):
    before = snapshot(fleet_mock)
    with pytest.raises(NonExistentEntitiesError) as info:
        create(sdk, 1, tracker_id)
    assert (info.value.code, info.value.http_status) == (217, 400), why
    with pytest.raises(NonExistentEntitiesError):
        sdk.tracker.location.link.update(
            id=1, description="x", trackers=[tracker(tracker_id)], params=options()
        )
    assert snapshot(fleet_mock) == before


def test_a_tracker_whose_tariff_lacks_geo_links_is_236(sdk: Any, fleet_mock: FleetMock):
    before = snapshot(fleet_mock)
    with pytest.raises(TariffRestrictionError) as info:
        create(sdk, 1, 6)
    assert (info.value.code, info.value.http_status) == (236, 402)
    with pytest.raises(TariffRestrictionError):
        sdk.tracker.location.link.update(
            id=1, description="x", trackers=[tracker(6)], params=options()
        )
    assert snapshot(fleet_mock) == before


@pytest.mark.parametrize(
    "params",
    [
        options(bounding_zone_ids=[1, 424242], bounding_mode="inside"),
        options(place_ids=[424242]),
    ],
    ids=["zone", "place"],
)
def test_missing_zones_and_places_are_204(sdk: Any, fleet_mock: FleetMock, params: GeoLinkOptions):
    before = snapshot(fleet_mock)
    with pytest.raises(EntityMissingError) as info:
        create(sdk, params=params)
    assert (info.value.code, info.value.http_status) == (204, 404)
    with pytest.raises(EntityMissingError):
        sdk.tracker.location.link.update(
            id=1, description="x", trackers=[tracker(1)], params=params
        )
    assert snapshot(fleet_mock) == before


def test_zones_and_places_of_another_account_are_204(fleet_mock: FleetMock):
    document = demo_document()
    document["zones"].append(
        {"id": 90, "user_id": 3, "label": "Theirs", "center": {"lat": 1, "lng": 2}, "radius": 5}
    )
    document["places"].append(
        {"id": 90, "user_id": 3, "label": "Theirs", "location": {"lat": 1, "lng": 2}}
    )
    fleet_mock.reset(document)
    with fleet_mock.login() as client:
        with pytest.raises(EntityMissingError):
            create(client, params=options(bounding_zone_ids=[90], bounding_mode="inside"))
        with pytest.raises(EntityMissingError):
            create(client, params=options(place_ids=[90]))


def bad_parameter(client: Any, **changes: Any) -> str:
    with pytest.raises(InvalidParametersError) as info:
        create(client, **changes)
    assert (info.value.code, info.value.http_status) == (7, 400)
    return str(info.value.errors[0]["parameter"])


def test_bounding_zones_need_a_bounding_mode(sdk: Any):
    assert bad_parameter(sdk, params=options(bounding_zone_ids=[1])) == "params.bounding_mode"


def test_limits_of_the_content_are_7(sdk: Any, fleet_mock: FleetMock):
    before = snapshot(fleet_mock)
    assert bad_parameter(sdk, trackers=[]) == "trackers"
    assert bad_parameter(sdk, trackers=[tracker(1)] * 101) == "trackers"
    assert bad_parameter(sdk, trackers=[tracker(1), tracker(1)]) == "trackers[1].tracker_id"
    many = list(range(1, 102))
    assert bad_parameter(sdk, params=options(bounding_zone_ids=many, bounding_mode="inside")) == (
        "params.bounding_zone_ids"
    )
    assert bad_parameter(sdk, params=options(place_ids=many)) == "params.place_ids"
    assert bad_parameter(sdk, description="x" * 256) == "description"
    assert bad_parameter(sdk, description="two\nlines") == "description"
    assert bad_parameter(sdk, trackers=[tracker(1, "a" * 256)]) == "trackers[0].alias"
    assert (
        bad_parameter(sdk, lifetime=GeoLinkLifetime(from_=NOW, to=NOW - dt.timedelta(seconds=1)))
        == "lifetime.to"
    )
    assert snapshot(fleet_mock) == before


def test_limits_at_their_edges_are_accepted(sdk: Any):
    link_id = create(
        sdk,
        description="x" * 255,
        params=options(bounding_zone_ids=[1, 2, 3], bounding_mode="inside", place_ids=[]),
    )
    assert sdk.tracker.location.link.read(id=link_id).description == "x" * 255


def test_one_hundred_trackers_fit_in_a_link(fleet_mock: FleetMock):
    document = demo_document()
    template = document["trackers"][0]
    document["trackers"] += [
        {**template, "id": 100 + n, "label": f"Bike {n}", "source_id": 9000 + n} for n in range(99)
    ]
    fleet_mock.reset(document)
    with fleet_mock.login() as client:
        link_id = create(client, 1, *range(100, 199))
        assert len(client.tracker.location.link.read(id=link_id).trackers) == 100


def test_the_10001st_link_of_an_account_is_over_quota(sdk: Any, fleet_mock: FleetMock):
    seed_links(fleet_mock, 10000 - 2)
    with pytest.raises(OverQuotaError) as info:
        create(sdk)
    assert (info.value.code, info.value.http_status) == (268, 402)
    assert len(fleet_mock.world.geo_links) == 10000
    # A freed place can be used again.
    sdk.tracker.location.link.delete(id=1)
    create(sdk)


def seed_links(mock: FleetMock, count: int) -> None:
    """Put ``count`` copies of demo link 1 straight into the world (quicker than the API)."""
    template = mock.world.geo_links[1]
    with mock.world.lock:
        for _ in range(count):
            link_id = mock.world.ids.next("geo_links")
            mock.world.geo_links[link_id] = attrs.evolve(template, id=link_id)


# --- Sub-users ------------------------------------------------------------------------------


def test_sub_users_without_the_right_get_13(connect: Connect, fleet_mock: FleetMock):
    dispatcher = connect("dispatcher")
    before = snapshot(fleet_mock)
    calls = [
        lambda: create(dispatcher),
        lambda: dispatcher.tracker.location.link.update(
            id=1, description="x", trackers=[tracker(1)], params=options()
        ),
        lambda: dispatcher.tracker.location.link.status.change(id=1, is_active=False),
        lambda: dispatcher.tracker.location.link.delete(id=1),
    ]
    for call in calls:
        with pytest.raises(OperationNotPermittedError) as info:
            call()
        assert (info.value.code, info.value.http_status) == (13, 403)
    assert snapshot(fleet_mock) == before
    # Reading needs no right.
    assert [link.id for link in listed(dispatcher)] == [1, 2]
    assert dispatcher.tracker.location.link.read(id=1).id == 1


def test_a_sub_user_with_a_tracker_list_sees_only_links_of_its_trackers(fleet_mock: FleetMock):
    document = demo_document()
    document["users"][1]["trackers"] = [3]
    document["users"][1]["rights"].append("weblocator_session_create")
    fleet_mock.reset(document)
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert [link.id for link in dispatcher.tracker.location.link.list()] == [2]
        with pytest.raises(EntityNotFoundError):
            dispatcher.tracker.location.link.read(id=1)
        with pytest.raises(NonExistentEntitiesError):
            create(dispatcher, 1)
        link_id = create(dispatcher, 3)
    with fleet_mock.login() as demo:
        assert link_id in {link.id for link in demo.tracker.location.link.list()}


# --- List: filter, conditions, sort, paging -------------------------------------------------


@pytest.fixture
def links(sdk: Any, fleet_mock: FleetMock) -> dict[str, int]:
    """Four more links of the demo account, one per status besides the demo world's two."""
    ids = {
        "later": create(
            sdk,
            4,
            description="Anna tomorrow",
            trackers=[tracker(4, "Anna")],
            lifetime=GeoLinkLifetime(from_=NOW + dt.timedelta(days=1)),
        ),
        "off": create(sdk, 3, description="Switched off"),
        "soon": create(
            sdk,
            description="Van 1 until noon",
            trackers=[tracker(1, "Van")],
            lifetime=GeoLinkLifetime(to=NOW + dt.timedelta(hours=3)),
        ),
    }
    sdk.tracker.location.link.status.change(id=ids["off"], is_active=False)
    return ids


def ids_of(client: Any, **params: Any) -> list[int]:
    return [link.id for link in listed(client, **params)]


def test_list_defaults_to_id_order(sdk: Any, links: dict[str, int]):
    assert ids_of(sdk) == sorted(ids_of(sdk))
    assert len(ids_of(sdk)) == 5


def test_sort_by_status_ranks_enabled_inactive_expired_disabled(sdk: Any, links: dict[str, int]):
    statuses = [link.status for link in listed(sdk, sort=["status=asc", "id=asc"])]
    assert statuses == ["enabled", "enabled", "inactive", "expired", "disabled"]
    statuses = [link.status for link in listed(sdk, sort=["status=desc"])]
    assert statuses[0] == "disabled"
    assert statuses[-1] == "enabled"


def test_sort_by_the_other_fields(sdk: Any, links: dict[str, int]):
    assert ids_of(sdk, sort=["id=desc"]) == sorted(ids_of(sdk), reverse=True)
    descriptions = [link.description for link in listed(sdk, sort=["description=asc"])]
    assert descriptions == sorted(descriptions, key=str.lower)
    # Links that never expire come last in both directions.
    assert ids_of(sdk, sort=["expire_date=asc"])[:3] == [2, links["soon"], 1]
    assert ids_of(sdk, sort=["expire_date=desc"])[:3] == [1, links["soon"], 2]
    assert ids_of(sdk, sort=["create_date=desc", "id=asc"])[-1] == 2  # created Jan 4
    assert ids_of(sdk, sort=["trackers=asc", "id=asc"])[0] == links["later"]  # "Anna's phone"
    assert ids_of(sdk, sort=["aliases=desc", "id=asc"])[0] == 1  # "Your delivery van"
    assert len(ids_of(sdk, sort=["creator=asc"])) == 5


@pytest.mark.parametrize("item", ["colour=asc", "id", "id=up"])
def test_bad_sort_items_are_7(sdk: Any, item: str):
    with pytest.raises(InvalidParametersError) as info:
        listed(sdk, sort=[item])
    assert info.value.errors[0]["parameter"] == "sort[0]"


def test_filter_looks_at_descriptions_labels_aliases_and_creator(sdk: Any, links: dict[str, int]):
    assert ids_of(sdk, filter="customer a") == [1]
    assert ids_of(sdk, filter="TRUCK") == [2, links["off"]]  # tracker 3 is "Truck 7"
    assert ids_of(sdk, filter="shuttle") == [2]  # an alias
    assert len(ids_of(sdk, filter="dana demo")) == 5  # the creator
    assert ids_of(sdk, filter="nothing like this") == []


def test_conditions_on_the_four_fields(sdk: Any, links: dict[str, int]):
    from fleetapi.models.search import (
        ContainsCondition,
        InCondition,
        NotCondition,
        OrCondition,
    )

    contains = ContainsCondition
    assert ids_of(sdk, conditions=[contains(field="trackers", value="van")]) == [1, links["soon"]]
    assert ids_of(sdk, conditions=[contains(field="aliases", value="anna")]) == [links["later"]]
    assert ids_of(sdk, conditions=[contains(field="description", value="off")]) == [links["off"]]
    assert len(ids_of(sdk, conditions=[contains(field="creator", value="Dana")])) == 5
    assert ids_of(sdk, conditions=[InCondition(field="aliases", value=["Shuttle"])]) == [2]
    either = OrCondition(
        conditions=[
            contains(field="aliases", value="shuttle"),
            contains(field="description", value="anna"),
        ]
    )
    assert ids_of(sdk, conditions=[either]) == [2, links["later"]]
    assert ids_of(
        sdk,
        conditions=[NotCondition(condition=contains(field="trackers", value="van"))],
        filter="o",
    ) == [2, links["later"], links["off"]]


def test_bad_conditions_are_7(sdk: Any, connect: Connect):
    from fleetapi.models.search import ContainsCondition, OrCondition, Period, PeriodCondition

    def parameter(client: Any, conditions: list[Any]) -> str:
        with pytest.raises(InvalidParametersError) as info:
            listed(client, conditions=conditions)
        return str(info.value.errors[0]["parameter"])

    assert parameter(sdk, [ContainsCondition(field="status", value="x")]) == "conditions[0].field"
    period = Period(from_=NOW, to=NOW)
    assert parameter(sdk, [PeriodCondition(field="description", value=period)]) == (
        "conditions[0].type"
    )
    one = ContainsCondition(field="description", value="a")
    assert parameter(sdk, [OrCondition(conditions=[one])]) == "conditions[0].conditions"
    assert parameter(sdk, [one] * 61) == "conditions"
    # Searching by creator is for master users only.
    dispatcher = connect("dispatcher")
    assert parameter(dispatcher, [ContainsCondition(field="creator", value="Dana")]) == (
        "conditions[0].field"
    )
    with pytest.raises(InvalidParametersError):
        listed(dispatcher, sort=["creator=asc"])


def test_offset_and_limit(sdk: Any, links: dict[str, int]):
    every = ids_of(sdk)
    assert ids_of(sdk, offset=1, limit=2) == every[1:3]
    assert ids_of(sdk, offset=4) == every[4:]
    assert ids_of(sdk, limit=0) == []
    for params in ({"offset": -1}, {"limit": -1}):
        with pytest.raises(InvalidParametersError) as info:
            listed(sdk, **params)
        assert info.value.errors[0]["parameter"] == next(iter(params))


def test_the_default_limit_is_10000(fleet_mock: FleetMock):
    seed_links(fleet_mock, 10001)
    with fleet_mock.login() as client:
        assert len(client.tracker.location.link.list()) == 10000
        assert len(client.tracker.location.link.list(limit=20000)) == 10003


# --- The URL --------------------------------------------------------------------------------


def test_the_url_of_a_link(sdk: Any):
    link = sdk.tracker.location.link.read(id=1)
    assert link.url("demo.fleet.test") == f"https://demo.fleet.test/ls/#{link.hash}"
    assert link.url("http://127.0.0.1:8000/") == f"http://127.0.0.1:8000/ls/#{link.hash}"
