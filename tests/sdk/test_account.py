"""The accounts slice through the public SDK, sync and async, against the in-process mock."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi import (
    Client,
    DealerNotFoundError,
    OperationNotPermittedError,
    OverQuotaError,
    SessionNotFoundError,
    UnexpectedError,
    WrongLoginError,
)


def test_login_then_manage_api_keys(fleet_mock):
    with fleet_mock.login("demo", "demo") as client:
        before = {k.hash for k in client.api.key.list()}
        key = client.api.key.create(title="CI pipeline")
        assert len(key.hash) == 32
        assert key.title == "CI pipeline"
        assert key.create_date == fleet_mock.clock.now().replace(microsecond=0)
        assert {k.hash for k in client.api.key.list()} == before | {key.hash}
        client.api.key.delete(key=key.hash)
        assert {k.hash for k in client.api.key.list()} == before


def test_an_api_key_works_for_calls_but_cannot_manage_keys(fleet_client, fleet_mock):
    key = fleet_client.api.key.create(title="integration")
    with fleet_mock.client(api_key=key.hash) as by_key:
        by_key.base.nothing()
        assert by_key.tracker.list()
        with pytest.raises(SessionNotFoundError) as info:
            by_key.api.key.list()
    assert info.value.code == 4
    assert info.value.endpoint == "api/key/list"


def test_a_sub_user_cannot_manage_keys(fleet_mock):
    with (
        fleet_mock.login("dispatcher", "demo") as dispatcher,
        pytest.raises(OperationNotPermittedError) as info,
    ):
        dispatcher.api.key.create(title="mine")
    assert (info.value.code, info.value.http_status) == (13, 403)


def test_the_21st_key_is_over_quota(fleet_client):
    existing = len(fleet_client.api.key.list())
    for n in range(20 - existing):
        fleet_client.api.key.create(title=f"key {n}")
    with pytest.raises(OverQuotaError) as info:
        fleet_client.api.key.create(title="one too many")
    assert (info.value.code, info.value.http_status) == (268, 402)
    assert len(fleet_client.api.key.list()) == 20


def test_wrong_password_is_refused(fleet_mock):
    with pytest.raises(WrongLoginError) as info:
        fleet_mock.login("demo", "not the password")
    assert info.value.code == 102


def test_sessions_expire_after_30_idle_days_but_api_keys_do_not(fleet_mock):
    client = fleet_mock.login("demo", "demo")
    key = client.api.key.create(title="long-lived")
    fleet_mock.clock.advance(dt.timedelta(days=29))
    client.base.nothing()  # use renews the session
    fleet_mock.clock.advance(dt.timedelta(days=30, seconds=1))
    with pytest.raises(SessionNotFoundError):
        client.base.nothing()
    with fleet_mock.client(api_key=key.hash) as by_key:
        by_key.base.nothing()


def test_send_email_needs_root(fleet_client):
    with pytest.raises(OperationNotPermittedError):
        fleet_client.base.send_email(
            from_="a@b.c", to="d@e.f", title="t", message="m", service_id=1, service_pass=2
        )


def test_dealer_config_by_domain_or_by_hash(fleet_mock, fleet_client):
    with fleet_mock.client() as anonymous:
        by_domain = anonymous.dealer.get_ui_config(domain="demo.fleet.test")
        by_hash = anonymous.dealer.get_ui_config(hash=fleet_client.hash)
        with pytest.raises(DealerNotFoundError):
            anonymous.dealer.get_ui_config(domain="nobody.example")
    assert by_domain == by_hash
    assert by_domain.settings.domain == "demo.fleet.test"
    assert by_domain.platform["file_storage.hard_max_file_size"] == 16777216


def test_trackers_and_their_states(fleet_client):
    trackers = fleet_client.tracker.list()
    assert len(trackers) >= 5
    first = trackers[0]
    assert fleet_client.tracker.read(tracker_id=first.id) == first
    state = fleet_client.tracker.get_state(tracker_id=first.id)
    assert state.source_id == first.source.id
    ids = [t.id for t in trackers if not t.source.blocked]
    states = fleet_client.tracker.get_states(trackers=ids)
    assert set(states.states) == {str(i) for i in ids}


def test_calls_the_mock_does_not_implement_yet_say_so(fleet_client, monkeypatch):
    from fleetapi_mock.handlers import HANDLERS

    monkeypatch.delitem(HANDLERS, "task/count")
    with pytest.raises(UnexpectedError) as info:
        fleet_client.task.count()
    assert info.value.http_status == 501
    assert "not implemented by the mock" in info.value.description


def test_iso_datetime_mode(fleet_mock):
    with fleet_mock.login("demo", "demo", iso_datetime=True) as client:
        key = client.api.key.create(title="iso")
        raw = client.request("api/key/list")
    assert key.create_date.tzinfo is not None
    assert "T" in raw["list"][0]["create_date"]
    assert "user_time" in raw


@pytest.mark.anyio
async def test_the_async_client_covers_the_same_slice(fleet_async_client):
    key = await fleet_async_client.api.key.create(title="async")
    assert key.hash in {k.hash for k in await fleet_async_client.api.key.list()}
    await fleet_async_client.api.key.delete(key=key.hash)
    trackers = await fleet_async_client.tracker.list()
    assert trackers


def test_client_type_is_public(fleet_client):
    assert isinstance(fleet_client, Client)
