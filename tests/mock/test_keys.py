"""API keys: create, list, delete, title rules, the quota of 20."""

from __future__ import annotations

import pytest
from mock_helpers import DEMO_KEY, Api, assert_failure, assert_success

from fleetapi_mock import FleetMock


def test_list_shows_the_demo_key(api: Api, demo: str):
    keys = assert_success(api.post("/api/key/list", {}, hash=demo))["list"]
    assert keys == [{"hash": DEMO_KEY, "create_date": "2026-01-01 00:00:00", "title": "Demo key"}]


def test_create_then_use_then_delete(fleet_mock: FleetMock, api: Api, demo: str):
    fleet_mock.clock.advance(90)
    value = assert_success(api.post("/api/key/create", {"title": "CI runner"}, hash=demo))["value"]
    assert set(value) == {"hash", "create_date", "title"}
    assert value["title"] == "CI runner"
    assert value["create_date"] == "2026-01-15 09:01:30"
    key = value["hash"]
    assert len(key) == 32
    assert_success(api.post("/tracker/list", {}, hash=key))
    titles = [k["title"] for k in assert_success(api.post("/api/key/list", {}, hash=demo))["list"]]
    assert titles == ["Demo key", "CI runner"]
    assert_success(api.post("/api/key/delete", {"key": key}, hash=demo))
    assert_failure(api.post("/tracker/list", {}, hash=key), 4, 400)
    assert_failure(api.post("/api/key/delete", {"key": key}, hash=demo), 201, 400)


def test_keys_survive_logout_style_session_loss(fleet_mock: FleetMock, api: Api, demo: str):
    key = assert_success(api.post("/api/key/create", {"title": "x"}, hash=demo))["value"]["hash"]
    fleet_mock.world.sessions.clear()
    fleet_mock.clock.advance(365 * 86400)
    assert_success(api.post("/base/nothing", {}, hash=key))


def test_the_21st_key_is_268(api: Api, demo: str):
    for index in range(19):  # the demo key is the first
        assert_success(api.post("/api/key/create", {"title": f"k{index}"}, hash=demo))
    assert len(assert_success(api.post("/api/key/list", {}, hash=demo))["list"]) == 20
    before = api.document()
    assert_failure(api.post("/api/key/create", {"title": "one too many"}, hash=demo), 268, 402)
    assert api.document() == before


def test_the_quota_is_per_account(api: Api, demo: str):
    for index in range(19):
        assert_success(api.post("/api/key/create", {"title": f"k{index}"}, hash=demo))
    other = api.login("other", "other")
    assert_success(api.post("/api/key/create", {"title": "mine"}, hash=other))


def test_an_account_cannot_see_or_delete_another_accounts_keys(api: Api):
    other = api.login("other", "other")
    assert assert_success(api.post("/api/key/list", {}, hash=other))["list"] == []
    assert_failure(api.post("/api/key/delete", {"key": DEMO_KEY}, hash=other), 201, 400)


@pytest.mark.parametrize(
    "title", ["x", "x" * 255, "Über-Schlüssel ✓", "with spaces and punctuation!?"]
)
def test_valid_titles(api: Api, demo: str, title: str):
    value = assert_success(api.post("/api/key/create", {"title": title}, hash=demo))["value"]
    assert value["title"] == title


@pytest.mark.parametrize("title", ["", " ", "x" * 256, "tab\there", "new\nline", "bell\x07"])
def test_invalid_titles_name_the_title(api: Api, demo: str, title: str):
    body = assert_failure(api.post("/api/key/create", {"title": title}, hash=demo), 7, 400)
    assert [e["parameter"] for e in body["errors"]] == ["title"]


def test_deleting_a_key_with_a_form_body(api: Api, demo: str):
    key = assert_success(api.post("/api/key/create", {"title": "x"}, hash=demo))["value"]["hash"]
    assert_success(api.http.post("/api/key/delete", data={"hash": demo, "key": key}))
