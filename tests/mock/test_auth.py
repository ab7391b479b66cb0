"""Credentials: where they travel, their forms, access levels, rights, session expiry."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest
from mock_helpers import DEMO_KEY, Api, assert_failure, assert_success

from fleetapi import OperationNotPermittedError
from fleetapi_mock import FleetMock
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.web.server import ThreadedServer


def test_login_gives_a_32_character_session(api: Api):
    body = assert_success(api.post("/user/auth", {"login": "demo", "password": "demo"}))
    assert len(body["hash"]) == 32
    assert body["hash"] in api.mock.world.sessions


def test_login_is_case_insensitive_for_the_login_only(api: Api):
    assert_success(api.post("/user/auth", {"login": "DEMO", "password": "demo"}))
    assert_failure(api.post("/user/auth", {"login": "demo", "password": "DEMO"}), 102, 400)


@pytest.mark.parametrize(
    ("login", "password"), [("demo", "wrong"), ("nobody", "demo"), ("", ""), ("demo", "")]
)
def test_wrong_login_or_password_is_102(api: Api, login: str, password: str):
    before = api.document()
    assert_failure(api.post("/user/auth", {"login": login, "password": password}), 102, 400)
    assert api.document() == before


def test_login_of_a_user_not_activated_is_103(fleet_mock: FleetMock, api: Api):
    fleet_mock.world.users.change(1, activated=False)
    assert_failure(api.post("/user/auth", {"login": "demo", "password": "demo"}), 103, 400)


def test_credential_in_the_header(api: Api, demo: str):
    assert_success(api.post("/base/nothing", {}, hash=demo))


def test_credential_in_the_body(api: Api, demo: str):
    assert_success(api.post("/base/nothing", {"hash": demo}))


def test_credential_in_a_form_body(api: Api, demo: str):
    assert_success(api.http.post("/base/nothing", data={"hash": demo}))


def test_credential_in_the_query(api: Api, demo: str):
    assert_success(api.http.post("/base/nothing", params={"hash": demo}, json={}))


def test_api_key_works_on_user_calls(api: Api):
    assert_success(api.post("/base/nothing", {}, hash=DEMO_KEY))
    assert_success(api.post("/tracker/list", {}, hash=DEMO_KEY))


def test_the_header_wins_over_the_body(api: Api, demo: str):
    assert_success(api.post("/base/nothing", {"hash": "0" * 32}, hash=demo))
    assert_failure(api.post("/base/nothing", {"hash": demo}, hash="0" * 32), 4, 400)


def test_the_body_wins_over_the_query(api: Api, demo: str):
    response = api.http.post("/base/nothing", params={"hash": "0" * 32}, json={"hash": demo})
    assert_success(response)


@pytest.mark.parametrize(
    "header",
    [
        "NVX{h}",
        "NVX  {h}",
        "nvx {h}",
        "Bearer {h}",
        "NVX {h}0",
        "NVX {short}",
        "NVX",
        "NVX ",
        "",
        "{h}",
    ],
)
def test_wrong_authorization_header_is_3(api: Api, demo: str, header: str):
    value = header.format(h=demo, short=demo[:31])
    before = api.document()
    response = api.http.post("/base/nothing", json={}, headers={"Authorization": value})
    assert_failure(response, 3, 400)
    assert api.document() == before


def test_a_wrong_header_is_not_rescued_by_a_good_body_hash(api: Api, demo: str):
    response = api.http.post(
        "/base/nothing", json={"hash": demo}, headers={"Authorization": f"NVX  {demo}"}
    )
    assert_failure(response, 3, 400)


@pytest.mark.parametrize("value", [123, "short", "x" * 33, ["a" * 32], {"h": 1}, True])
def test_malformed_body_hash_is_3(api: Api, value: object):
    assert_failure(api.post("/base/nothing", {"hash": value}), 3, 400)


def test_no_credential_is_3(api: Api):
    assert_failure(api.post("/base/nothing", {}), 3, 400)
    assert_failure(api.post("/base/nothing", {"hash": ""}), 3, 400)
    assert_failure(api.post("/base/nothing", {"hash": None}), 3, 400)


def test_unknown_hash_is_4(api: Api):
    assert_failure(api.post("/base/nothing", {}, hash="0" * 32), 4, 400)
    assert_failure(api.post("/tracker/list", {"hash": "a" * 32}), 4, 400)


def test_calls_without_authentication_ignore_credentials(api: Api):
    response = api.http.post(
        "/user/auth",
        json={"login": "demo", "password": "demo"},
        headers={"Authorization": "garbage"},
    )
    assert_success(response)


# --- Access levels and rights -------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/key/list", "/api/key/create", "/api/key/delete"])
def test_api_key_on_a_session_call_is_4(api: Api, path: str):
    before = api.document()
    assert_failure(api.post(path, {"title": "x", "key": "k" * 32}, hash=DEMO_KEY), 4, 400)
    assert api.document() == before


@pytest.mark.parametrize("path", ["/api/key/list", "/api/key/create", "/api/key/delete"])
def test_sub_user_on_key_calls_is_13(api: Api, dispatcher: str, path: str):
    before = api.document()
    assert_failure(api.post(path, {"title": "x", "key": DEMO_KEY}, hash=dispatcher), 13, 403)
    assert api.document() == before


def test_sub_user_may_make_calls_without_a_right(api: Api, dispatcher: str):
    assert_success(api.post("/base/nothing", {}, hash=dispatcher))
    assert_success(api.post("/tracker/list", {}, hash=dispatcher))


def test_sub_user_without_the_right_of_a_call_is_13(fleet_mock: FleetMock, api: Api):
    import attrs

    from fleetapi.endpoints import BY_PATH
    from fleetapi_mock.web.access import authorize, identify

    dispatcher = identify(fleet_mock.world, fleet_mock.session("dispatcher"))
    master = identify(fleet_mock.world, fleet_mock.session("demo"))
    assert dispatcher is not None
    assert master is not None
    nothing = BY_PATH["base/nothing"]
    for right, allowed in [("task_update", True), ("vehicle_update", False), ("admin", False)]:
        endpoint = attrs.evolve(nothing, right=right)
        assert authorize(endpoint, master) is master
        if allowed:
            assert authorize(endpoint, dispatcher) is dispatcher
        else:
            with pytest.raises(OperationNotPermittedError):
                authorize(endpoint, dispatcher)
    with pytest.raises(OperationNotPermittedError):
        authorize(attrs.evolve(nothing, master_only=True), dispatcher)


@pytest.mark.parametrize("right", ["task_update", "vehicle_update"])
def test_rights_over_http(monkeypatch: pytest.MonkeyPatch, api: Api, dispatcher: str, right: str):
    from fleetapi.endpoints import ENDPOINTS
    from fleetapi_mock.handlers import HANDLERS

    endpoint = next((e for e in ENDPOINTS if e.right == right and not e.master_only), None)
    if endpoint is None:
        pytest.skip(f"no call of the table needs {right} yet")
    monkeypatch.setitem(HANDLERS, endpoint.path, lambda ctx, params: None)
    response = api.post(endpoint.path, {}, hash=dispatcher)
    if right in api.mock.world.users[2].rights:
        assert response.json()["status"]["code"] != 13  # past the rights check
    else:
        assert_failure(response, 13, 403)


@pytest.mark.parametrize("who", ["demo", "dispatcher", "key"])
def test_root_calls_are_13_for_everyone(api: Api, who: str):
    credential = DEMO_KEY if who == "key" else api.login(who, "demo")
    body = {
        "from": "a@b.c",
        "to": "d@e.f",
        "title": "t",
        "message": "m",
        "service_id": 1,
        "service_pass": 2,
    }
    assert_failure(api.post("/base/send_email", body, hash=credential), 13, 403)


def test_root_call_without_a_valid_credential_is_an_auth_error(api: Api):
    assert_failure(api.post("/base/send_email", {}), 3, 400)
    assert_failure(api.post("/base/send_email", {}, hash="0" * 32), 4, 400)


def test_delivery_session_only_works_on_delivery_calls(fleet_mock: FleetMock, api: Api):
    world = fleet_mock.world
    session = world.create_session(world.users[1], kind="delivery")
    assert_failure(api.post("/base/nothing", {}, hash=session.hash), 4, 400)


# --- Session expiry -----------------------------------------------------------------------


def test_session_ends_after_30_days_without_use(fleet_mock: FleetMock, api: Api, demo: str):
    fleet_mock.clock.advance(dt.timedelta(days=30))
    assert_success(api.post("/base/nothing", {}, hash=demo))  # exactly 30 days: still valid
    fleet_mock.clock.advance(dt.timedelta(days=30, seconds=1))
    assert_failure(api.post("/base/nothing", {}, hash=demo), 4, 400)
    assert_success(api.post("/base/nothing", {}, hash=DEMO_KEY))  # API keys never expire


def test_use_keeps_a_session_alive(fleet_mock: FleetMock, api: Api, demo: str):
    for _ in range(4):
        fleet_mock.clock.advance(dt.timedelta(days=20))
        assert_success(api.post("/tracker/list", {}, hash=demo))
    assert fleet_mock.world.sessions[demo].last_used == fleet_mock.clock.now()


def test_authenticated_failures_count_as_use(fleet_mock: FleetMock, api: Api, demo: str):
    fleet_mock.clock.advance(60)
    assert_failure(api.post("/api/key/create", {"title": ""}, hash=demo), 7, 400)
    # Authenticated requests count as use even when their parameters are wrong.
    assert fleet_mock.world.sessions[demo].last_used == fleet_mock.clock.now()


def test_a_user_keeps_at_most_a_thousand_sessions_the_oldest_ending_first(
    fleet_mock: FleetMock, api: Api
):
    """Thousands of logins (a suite logging in per test) do not grow a world without bound:
    past the limit a login ends the user's oldest session, as the service ends sessions."""
    most = DEFAULT_LIMITS.max_sessions
    first = api.login()
    opened = [fleet_mock.session("demo") for _ in range(most)]
    other = fleet_mock.session("dispatcher")
    mine = [s for s in fleet_mock.world.sessions.values() if s.user_id == 1]
    assert len(mine) == most
    assert_failure(api.post("/tracker/list", {}, hash=first), 4, 400)
    assert_success(api.post("/tracker/list", {}, hash=opened[0]))
    assert_success(api.post("/tracker/list", {}, hash=other))  # another user's stay


def test_a_server_s_limit_of_sessions_is_its_own() -> None:
    """``fleet mock serve --max-sessions 2``: a third login ends the first session."""
    with (
        ThreadedServer(FleetMock(), limits=ServerLimits(max_sessions=2)) as served,
        httpx.Client(base_url=served.base_url) as http,
    ):
        login = {"login": "demo", "password": "demo"}
        hashes = [http.post("/user/auth", json=login).json()["hash"] for _ in range(3)]
        alive = [http.post("/tracker/list", json={"hash": h}).json()["success"] for h in hashes]
    assert alive == [False, True, True]
