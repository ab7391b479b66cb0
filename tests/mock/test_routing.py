"""Routing: any prefix, trailing slashes, unknown calls, methods, unimplemented calls."""

from __future__ import annotations

import pytest
from mock_helpers import Api, assert_failure, assert_success

from fleetapi.endpoints import BY_PATH, ENDPOINTS
from fleetapi_mock.handlers import HANDLERS, load_handlers, unimplemented_paths
from fleetapi_mock.web.routing import route


@pytest.mark.parametrize(
    "path",
    [
        "/base/nothing",
        "/base/nothing/",
        "/v2/base/nothing",
        "/api-v2/base/nothing/",
        "base/nothing",
        "/some/deep/prefix/base/nothing",
    ],
)
def test_prefixes_and_trailing_slash_route_to_the_call(api: Api, demo: str, path: str):
    assert_success(api.post(path, {}, hash=demo))


def test_the_longest_known_suffix_wins():
    assert route("/v2/api/key/list").path == "api/key/list"
    assert route("/x/tracker/location/link/list/").path == "tracker/location/link/list"
    assert route("/tracker/list").path == "tracker/list"
    assert route("/v2/list") is None
    assert route("/") is None
    assert route("/panel/v2/tracker/list").path == "tracker/list"


def test_a_prefix_never_holds_an_api_group():
    assert route("/v2/tracker/zone/list") is None  # not zone/list
    assert route("/v2/history/tracker/list").path == "history/tracker/list"  # declared
    assert route("/plugin/tracker/list") is None  # not tracker/list under /plugin
    assert route("/tracker/task/list") is None  # not task/list
    assert route("/v2/task/api/key/list") is None


def test_aliases_route_to_their_call():
    for endpoint in ENDPOINTS:
        for path in endpoint.all_paths:
            assert route(f"/v2/{path}/") is endpoint


@pytest.mark.parametrize(
    "path",
    [
        "/v2/nope/nothing",
        "/",
        "/v2/",
        "/base",
        "/tracker/explode",
        # a call the table does not declare is unknown, never a shorter call's answer
        "/v2/tracker/zone/list",
        "/plugin/tracker/list",
        "/v2/tracker/task/list/",
        "/zone/base/nothing",
    ],
)
def test_unknown_call_is_code_5_naming_the_path(api: Api, demo: str, path: str):
    body = assert_failure(api.post(path, {}, hash=demo), 5, 400)
    assert repr(path) in body["status"]["description"]


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_methods_are_refused(api: Api, demo: str, method: str):
    response = api.http.request(method, "/base/nothing", headers={"Authorization": f"NVX {demo}"})
    assert_failure(response, 5, 405)
    assert response.headers["allow"] == "GET, POST"


def test_upload_calls_take_post_only(api: Api, demo: str):
    response = api.http.get("/map_layer/upload", params={"hash": demo, "label": "x"})
    assert_failure(response, 5, 405)
    assert response.headers["allow"] == "POST"


def test_iso_datetime_must_be_a_boolean(api: Api, demo: str):
    auth = {"Authorization": f"NVX {demo}"}
    for bad in (
        {"iso_datetime": {}},
        {"iso_datetime": None},
        {"iso_datetime": "yes"},
        {"iso_datetime": 1},
    ):
        body = assert_failure(api.http.post("/base/nothing", json=bad, headers=auth), 7, 400)
        assert body["errors"] == [{"parameter": "iso_datetime", "error": "must be a boolean"}]
    assert_success(api.http.post("/base/nothing", json={"iso_datetime": False}, headers=auth))
    form = api.http.post("/base/nothing", data={"iso_datetime": "false"}, headers=auth)
    assert "user_time" not in assert_success(form)
    answer = api.http.get("/base/nothing", params={"iso_datetime": "true", "hash": demo})
    assert "user_time" in assert_success(answer)


def test_a_malformed_body_hash_is_refused_beside_a_good_header(api: Api, demo: str):
    auth = {"Authorization": f"NVX {demo}"}
    for bad in (5, "short", ["x"], None):  # null too: the key is there, not a hash
        answer = api.http.post("/base/nothing", json={"hash": bad}, headers=auth)
        assert_failure(answer, 3, 400)
    assert_success(api.http.post("/base/nothing", json={"hash": demo}, headers=auth))


def test_get_with_a_query_string_works(api: Api, demo: str):
    assert_success(api.http.get("/v2/base/nothing/", params={"hash": demo}))


def test_every_unimplemented_call_answers_501(api: Api, demo: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delitem(HANDLERS, "garage/list")  # every call has a handler now
    assert "garage/list" in unimplemented_paths()
    for path in sorted(unimplemented_paths()):
        body = assert_failure(api.post(f"/v2/{path}", {}, hash=demo), 6, 501)
        assert body["status"]["description"] == f"{path} is not implemented by the mock yet"


def test_handlers_are_registered_for_table_paths_only():
    assert set(load_handlers()) <= set(BY_PATH)
    assert all(path == BY_PATH[path].path for path in HANDLERS)


# The calls the mock does not answer yet. This set may only shrink: when a handler lands,
# remove its path here. A path of the table missing from here and from the handlers fails.
UNIMPLEMENTED: set[str] = set()


def test_the_unimplemented_list_only_shrinks():
    current = set(unimplemented_paths())
    new = current - UNIMPLEMENTED
    assert not new, f"calls without a handler that the pinned list does not know: {sorted(new)}"
    done = UNIMPLEMENTED - current
    assert not done, f"implemented now, remove from UNIMPLEMENTED: {sorted(done)}"


def test_the_slice_of_this_session_is_implemented():
    slice_ = {
        "user/auth",
        "api/key/create",
        "api/key/delete",
        "api/key/list",
        "base/nothing",
        "base/send_email",
        "dealer/get_ui_config",
        "tracker/list",
        "tracker/read",
        "tracker/get_state",
        "tracker/get_states",
    }
    assert slice_ <= set(load_handlers())


def test_long_and_short_paths_route_alike_and_again():
    deep = "/" + "/".join(f"p{n}" for n in range(200)) + "/tracker/list"
    assert len(deep) > 256
    for _ in range(2):  # the second answers are the remembered ones for short paths
        assert route(deep).path == "tracker/list"
        assert route("/v2/tracker/list/").path == "tracker/list"
        assert route("/v2/tracker/" + "x" * 300) is None
