"""Retranslators through the public SDK (sync and async clients) against the in-process mock."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
import sharing_support
from sharing_support import Connect

from fleetapi import (
    EntityExistsError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
    OverQuotaError,
)
from fleetapi._types import UNSET
from fleetapi.models.retranslator import NewRetranslator, Retranslator, RetranslatorProtocol
from fleetapi_mock import FleetMock, demo_document

connect = sharing_support.connect
sdk = sharing_support.sdk

WIALON_IPS, WIALON_RETRANSLATOR, EGTS, NIS, GRANIT = 1, 2, 3, 4, 5


def new(**changes: Any) -> NewRetranslator:
    values: dict[str, Any] = {
        "name": "Insurer",
        "protocol_id": EGTS,
        "address": "egts.insurer.example",
        "port": 5001,
        "enabled": True,
    }
    values.update(changes)
    return NewRetranslator(**values)


def snapshot(mock: FleetMock) -> dict[int, Any]:
    return dict(mock.world.retranslators)


def test_the_protocol_catalogue(sdk: Any):
    protocols = sdk.retranslator.protocol.list()
    assert [p.id for p in protocols] == [1, 2, 3, 4, 5]
    nis = protocols[NIS - 1]
    assert (nis.name, nis.has_login, nis.required_login, nis.required_password) == (
        "NIS (SOAP)",
        True,
        True,
        True,
    )
    assert nis.fake_device_id_pattern is UNSET
    assert protocols[EGTS - 1].fake_device_id_pattern == "^[0-9]{1,10}$"


def test_a_world_brings_its_own_protocols(fleet_mock: FleetMock):
    document = demo_document()
    document["retranslator_protocols"] = [
        {
            "id": 77,
            "name": "House protocol",
            "has_login": True,
            "has_password": False,
            "required_login": False,
            "required_password": False,
        }
    ]
    document["retranslators"] = []
    document["retranslator_bindings"] = []  # the demo's binding names a demo retranslator
    fleet_mock.reset(document)
    with fleet_mock.login() as client:
        assert client.retranslator.protocol.list() == [
            RetranslatorProtocol(
                id=77,
                name="House protocol",
                has_login=True,
                has_password=False,
                required_login=False,
                required_password=False,
            )
        ]
        client.retranslator.create(retranslator=new(protocol_id=77, login="me"))


def test_create_list_update_delete(sdk: Any):
    new_id = sdk.retranslator.create(
        retranslator=new(name="Ministry", protocol_id=NIS, login="fleet", password="pw")
    )
    listed = {r.id: r for r in sdk.retranslator.list()}
    assert set(listed) == {1, new_id}
    created = listed[new_id]
    assert created == Retranslator(
        id=new_id,
        name="Ministry",
        protocol_id=NIS,
        address="egts.insurer.example",
        port=5001,
        login="fleet",
        password="pw",  # answered as stored, like the service does
        enabled=True,
    )
    assert "pw" not in repr(created)
    sdk.retranslator.update(retranslator=attrs.evolve(created, port=5002, enabled=False))
    updated = next(r for r in sdk.retranslator.list() if r.id == new_id)
    assert (updated.port, updated.enabled, updated.login) == (5002, False, "fleet")
    sdk.retranslator.delete(retranslator_id=new_id)
    assert [r.id for r in sdk.retranslator.list()] == [1]


def test_empty_credentials_are_stored_as_absent(sdk: Any):
    new_id = sdk.retranslator.create(retranslator=new(protocol_id=WIALON_IPS, password=""))
    created = next(r for r in sdk.retranslator.list() if r.id == new_id)
    assert (created.login, created.password) == (UNSET, UNSET)


def bad(call: Any) -> list[str]:
    with pytest.raises(InvalidParametersError) as info:
        call()
    assert (info.value.code, info.value.http_status) == (7, 400)
    return [e["parameter"] for e in info.value.errors]


def test_credentials_the_protocol_wants_are_checked(sdk: Any, fleet_mock: FleetMock):
    before = snapshot(fleet_mock)
    create = sdk.retranslator.create
    assert bad(lambda: create(retranslator=new(protocol_id=NIS))) == [
        "retranslator.login",
        "retranslator.password",
    ]
    assert bad(lambda: create(retranslator=new(protocol_id=NIS, login="", password="x"))) == [
        "retranslator.login"
    ]
    assert bad(lambda: create(retranslator=new(protocol_id=GRANIT))) == ["retranslator.login"]
    assert bad(lambda: create(retranslator=new(login="me"))) == ["retranslator.login"]
    assert bad(lambda: create(retranslator=new(protocol_id=GRANIT, login="a", password="b"))) == [
        "retranslator.password"
    ]
    assert bad(lambda: create(retranslator=new(protocol_id=99))) == ["retranslator.protocol_id"]
    # The same rules hold for updates.
    demo = sdk.retranslator.list()[0]
    update = sdk.retranslator.update
    assert bad(lambda: update(retranslator=attrs.evolve(demo, protocol_id=NIS))) == [
        "retranslator.login"  # it has a password already
    ]
    assert snapshot(fleet_mock) == before


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"port": 0}, "retranslator.port"),
        ({"port": 65536}, "retranslator.port"),
        ({"name": "  "}, "retranslator.name"),
        ({"address": ""}, "retranslator.address"),
        ({"address": "host\tname"}, "retranslator.address"),
        ({"name": "n" * 256}, "retranslator.name"),
    ],
)
def test_field_limits_are_7(sdk: Any, changes: dict[str, Any], parameter: str):
    assert bad(lambda: sdk.retranslator.create(retranslator=new(**changes))) == [parameter]


def test_the_same_address_port_and_login_is_247(sdk: Any, fleet_mock: FleetMock):
    first = sdk.retranslator.create(retranslator=new(protocol_id=GRANIT, login="a"))
    before = snapshot(fleet_mock)
    with pytest.raises(EntityExistsError) as info:
        sdk.retranslator.create(
            retranslator=new(protocol_id=GRANIT, login="a", address="EGTS.insurer.example")
        )
    assert (info.value.code, info.value.http_status) == (247, 409)
    # The demo world's retranslator has no login: the same address and port clash too.
    with pytest.raises(EntityExistsError):
        sdk.retranslator.create(
            retranslator=new(protocol_id=WIALON_IPS, address="gps.partner.example", port=20332)
        )
    assert snapshot(fleet_mock) == before
    # Another login or port is another target.
    second = sdk.retranslator.create(retranslator=new(protocol_id=GRANIT, login="b"))
    sdk.retranslator.create(retranslator=new(protocol_id=GRANIT, login="a", port=5009))
    # An update may keep its own target but not take another's.
    mine = next(r for r in sdk.retranslator.list() if r.id == second)
    sdk.retranslator.update(retranslator=attrs.evolve(mine, name="Renamed"))
    with pytest.raises(EntityExistsError):
        sdk.retranslator.update(retranslator=attrs.evolve(mine, login="a"))
    assert first != second


def test_another_account_may_use_the_same_target(connect: Connect):
    connect().retranslator.create(retranslator=new())
    connect("other").retranslator.create(retranslator=new())


def test_the_101st_retranslator_is_over_quota(sdk: Any, fleet_mock: FleetMock):
    for port in range(1, 100):
        sdk.retranslator.create(retranslator=new(port=port))
    before = snapshot(fleet_mock)
    with pytest.raises(OverQuotaError) as info:
        sdk.retranslator.create(retranslator=new(port=60000))
    assert (info.value.code, info.value.http_status) == (268, 402)
    assert snapshot(fleet_mock) == before
    assert len(sdk.retranslator.list()) == 100


def test_missing_retranslators_and_those_of_another_account_are_201(
    connect: Connect, fleet_mock: FleetMock
):
    theirs = connect("other").retranslator.create(retranslator=new())
    demo = connect()
    mine = demo.retranslator.list()[0]
    before = snapshot(fleet_mock)
    for missing in (theirs, 424242):
        with pytest.raises(EntityNotFoundError) as info:
            demo.retranslator.update(retranslator=attrs.evolve(mine, id=missing))
        assert info.value.code == 201
        with pytest.raises(EntityNotFoundError):
            demo.retranslator.delete(retranslator_id=missing)
    assert snapshot(fleet_mock) == before
    assert [r.id for r in demo.retranslator.list()] == [1]


def test_sub_users_may_list_but_not_change(connect: Connect, fleet_mock: FleetMock):
    dispatcher = connect("dispatcher")
    assert [r.id for r in dispatcher.retranslator.list()] == [1]
    assert len(dispatcher.retranslator.protocol.list()) == 5
    mine = dispatcher.retranslator.list()[0]
    before = snapshot(fleet_mock)
    for call in (
        lambda: dispatcher.retranslator.create(retranslator=new()),
        lambda: dispatcher.retranslator.update(retranslator=attrs.evolve(mine, port=1)),
        lambda: dispatcher.retranslator.delete(retranslator_id=1),
    ):
        with pytest.raises(OperationNotPermittedError) as info:
            call()
        assert (info.value.code, info.value.http_status) == (13, 403)
    assert snapshot(fleet_mock) == before
