"""The pytest plugin's fixtures and the SDK against the in-process mock."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fleetapi import (
    AsyncClient,
    Client,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    OverQuotaError,
    SessionNotFoundError,
)
from fleetapi.models.department import NewDepartment
from fleetapi_mock import DEMO_API_KEY, FleetMock


def test_fleet_mock_is_fresh_per_test_a(fleet_mock: FleetMock):
    fleet_mock.world.trackers.clear()


def test_fleet_mock_is_fresh_per_test_b(fleet_mock: FleetMock):
    assert len(fleet_mock.world.trackers) == 7


def test_fleet_client_is_logged_in_as_demo(fleet_client: Client, fleet_mock: FleetMock):
    assert fleet_client.hash in fleet_mock.world.sessions
    keys = fleet_client.api.key.list()
    assert [k.title for k in keys] == ["Demo key"]
    key = fleet_client.api.key.create(title="CI")
    assert len(key.hash) == 32
    fleet_client.api.key.delete(key=key.hash)
    fleet_client.base.nothing()
    assert [t.id for t in fleet_client.tracker.list()] == [1, 2, 3, 4, 5, 6]
    assert fleet_client.tracker.read(tracker_id=2).label == "Van 2"
    assert fleet_client.tracker.get_state(tracker_id=1).connection_status == "active"
    states = fleet_client.tracker.get_states(trackers=[1, 5], list_blocked=True)
    assert set(states.states) == {"1"}
    assert states.blocked == [5]
    with pytest.raises(NonExistentEntitiesError):
        fleet_client.tracker.get_states(trackers=[99])


def test_sdk_errors_from_the_mock(fleet_mock: FleetMock):
    key_client = fleet_mock.client(DEMO_API_KEY, max_retries=0)
    with key_client, pytest.raises(SessionNotFoundError):
        key_client.api.key.list()
    with fleet_mock.login("dispatcher", "demo") as client:
        with pytest.raises(OperationNotPermittedError) as info:
            client.api.key.list()
        assert info.value.http_status == 403


def test_sdk_quota(fleet_client: Client):
    for index in range(19):
        fleet_client.api.key.create(title=f"k{index}")
    with pytest.raises(OverQuotaError):
        fleet_client.api.key.create(title="too many")


def test_sdk_dealer_config_and_iso_mode(fleet_mock: FleetMock):
    with fleet_mock.client() as client:
        config = client.dealer.get_ui_config(domain="demo.fleet.test")
        assert config.settings.domain == "demo.fleet.test"
    with fleet_mock.login("dispatcher", "demo", iso_datetime=True) as client:
        state = client.tracker.get_state(tracker_id=1)
        assert state.last_update is not None
        assert state.last_update.utcoffset() is not None


def test_sdk_credential_in_body_and_query(fleet_mock: FleetMock):
    for placement in ("body", "query"):
        with fleet_mock.client(DEMO_API_KEY, credential_in=placement) as client:
            assert len(client.tracker.list()) == 6


def test_raw_request(fleet_client: Client):
    answer = fleet_client.request("v2/tracker/read/", {"tracker_id": 1})
    assert answer["value"]["label"] == "Van 1"


@pytest.mark.anyio
async def test_fleet_async_client(fleet_async_client: AsyncClient):
    keys = await fleet_async_client.api.key.list()
    assert keys[0].title == "Demo key"
    trackers = await fleet_async_client.tracker.list()
    assert len(trackers) == 6


@pytest.mark.anyio
async def test_async_httpx_over_the_transport(fleet_mock: FleetMock):
    async with httpx.AsyncClient(
        transport=fleet_mock.transport, base_url=fleet_mock.base_url
    ) as http:
        response = await http.post("/user/auth", json={"login": "demo", "password": "demo"})
        assert response.json()["success"] is True


def test_fleet_async_client_in_a_sync_test(fleet_async_client: AsyncClient):
    assert fleet_async_client.hash is not None


_SEEN: dict[str, Any] = {}


@pytest.mark.parametrize("turn", [1, 2])
def test_fleet_server_gives_each_test_a_fresh_world_on_one_server(fleet_server: Any, turn: int):
    """Both turns change the world the same way and see only their own change; the server is
    the same (started once per session)."""
    server = _SEEN.setdefault("server", fleet_server.server)
    assert fleet_server.server is server
    assert "/__world/" in fleet_server.base_url
    with Client(base_url=fleet_server.base_url, api_key=DEMO_API_KEY) as client:
        new = client.department.create(department=NewDepartment(label=f"Turn {turn}"))
        labels = [d.label for d in client.department.list()]
    assert labels.count(f"Turn {turn}") == 1
    assert not any(label.startswith("Turn") and label != f"Turn {turn}" for label in labels)
    assert new in fleet_server.world.departments
    fleet_server.mock.clock.advance(86400 * 40)  # gone with the world after the test
    _SEEN.setdefault("ids", []).append(new)
    if turn == 2:
        assert _SEEN["ids"][0] == _SEEN["ids"][1]  # each world its own id sequences
