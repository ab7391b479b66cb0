"""The control API (/__mock__/...), the OpenAPI document and the rate limit."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from mock_helpers import Api, assert_failure, assert_success

from fleetapi.endpoints import ENDPOINTS
from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.web.access import RateLimiter


def test_world_is_the_current_document(api: Api):
    response = api.http.get("/__mock__/world")
    assert response.status_code == 200
    assert response.json() == api.document()


def test_reset_goes_back_to_the_start(fleet_mock: FleetMock, api: Api, demo: str):
    start = demo_document()
    assert_success(api.post("/api/key/create", {"title": "x"}, hash=demo))
    fleet_mock.clock.advance(3600)
    assert_success(api.http.post("/v2/__mock__/reset"))
    document = api.document()
    assert document["now"] == start["now"]
    assert len(document["api_keys"]) == 1
    assert document["sessions"] == []
    assert_failure(api.post("/base/nothing", {}, hash=demo), 4, 400)


def test_reset_to_a_posted_world(fleet_mock: FleetMock, api: Api):
    document = demo_document()
    document["trackers"] = [t for t in document["trackers"] if t["id"] != 3]
    hanging = ("track_points", "tasks", "routes", "tracker_commands", "tracker_settings", "events")
    for name in hanging:  # what hangs on tracker 3
        document[name] = [e for e in document[name] if e.get("tracker_id") != 3]
    # what hangs on tracker 3 goes with it: its vehicle and that vehicle's service tasks
    document["vehicles"] = [v for v in document["vehicles"] if v.get("tracker_id") != 3]
    kept = {v["id"] for v in document["vehicles"]}
    document["service_tasks"] = [t for t in document["service_tasks"] if t["vehicle_id"] in kept]
    # and the geo links that share only tracker 3
    for record in document["geo_links"]:
        shared = record["trackers"]
        shared[:] = [t for t in shared if t["tracker_id"] != 3]
    document["geo_links"] = [r for r in document["geo_links"] if r["trackers"]]
    for rule in document["rules"]:  # and the rules it is bound to forget it
        rule["trackers"] = [t for t in rule["trackers"] if t != 3]
    # and its schedules: a task schedule, a route schedule with its checkpoints
    doomed = {s["id"] for s in document["task_schedules"] if s.get("tracker_id") == 3}
    document["task_schedules"] = [
        s
        for s in document["task_schedules"]
        if s["id"] not in doomed and s.get("parent_id") not in doomed
    ]
    document["now"] = "2030-05-05 05:05:05"
    assert_success(api.http.post("/__mock__/reset", json=document))
    assert 3 not in fleet_mock.world.trackers
    assert fleet_mock.clock.now() == dt.datetime(2030, 5, 5, 5, 5, 5)
    # and an empty reset still goes back to the starting world
    assert_success(api.http.post("/__mock__/reset"))
    assert 3 in fleet_mock.world.trackers


def test_reset_with_an_invalid_world_changes_nothing(api: Api):
    before = api.document()
    document = demo_document()
    document["users"][0]["dealer_id"] = "one"
    document["trackers"][0]["colour"] = "red"
    body = assert_failure(api.http.post("/__mock__/reset", json=document), 7, 400)
    assert {"parameter": "users[0].dealer_id", "error": "must be an integer, not a string"} in body[
        "errors"
    ]
    assert {"parameter": "trackers[0].colour", "error": "unknown key"} in body["errors"]
    assert api.document() == before
    assert_failure(api.http.post("/__mock__/reset", content=b"[1]"), 5, 400)
    assert_failure(api.http.post("/__mock__/reset", content=b"{"), 5, 400)


def test_clock_get_set_advance(fleet_mock: FleetMock, api: Api):
    assert api.http.get("/__mock__/clock").json() == {
        "success": True,
        "now": "2026-01-15 09:00:00",
        "running": False,
    }
    answer = api.http.post("/__mock__/clock", json={"advance": "P30DT1H"}).json()
    assert answer["now"] == "2026-02-14 10:00:00"
    answer = api.http.post("/__mock__/clock", json={"advance": 30}).json()
    assert answer["now"] == "2026-02-14 10:00:30"
    answer = api.http.post("/__mock__/clock", json={"now": "2027-01-01T00:00:00+01:00"}).json()
    assert answer["now"] == "2026-12-31 23:00:00"
    assert fleet_mock.clock.now() == dt.datetime(2026, 12, 31, 23)


def test_clock_can_run_and_freeze(fleet_mock: FleetMock, api: Api):
    assert api.http.post("/__mock__/clock", json={"running": True}).json()["running"] is True
    assert fleet_mock.clock.running
    assert api.http.post("/__mock__/clock", json={"running": False}).json()["running"] is False


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({"now": "yesterday"}, "now"),
        ({"now": 5}, "now"),
        ({"advance": "soon"}, "advance"),
        ({"advance": True}, "advance"),
        ({"advance": 10**12}, "advance"),
        ({"advance": "P999999999D"}, "advance"),
        ({"running": "yes"}, "running"),
        ({"speed": 2}, "speed"),
    ],
)
def test_clock_rejects_bad_values(api: Api, body: dict[str, object], parameter: str):
    before = api.document()
    errors = assert_failure(api.http.post("/__mock__/clock", json=body), 7, 400)["errors"]
    assert errors[0]["parameter"] == parameter
    assert api.document() == before


def test_unknown_control_route_is_5(api: Api):
    assert_failure(api.http.get("/__mock__/nothing"), 5, 400)
    assert_failure(api.http.get("/__mock__/reset"), 5, 400)


def test_journal_records_requests_without_secrets(api: Api, demo: str):
    api.post("/v2/tracker/list", {}, hash=demo)
    api.post("/tracker/read", {"tracker_id": 99}, hash=demo)
    entries = api.http.get("/__mock__/journal").json()["list"]
    assert [(e["call"], e["status"], e["code"]) for e in entries[-2:]] == [
        ("tracker/list", 200, 0),
        ("tracker/read", 400, 201),
    ]
    assert demo not in api.http.get("/__mock__/journal").text


def test_openapi_lists_every_call(api: Api):
    document = api.http.get("/v2/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    for endpoint in ENDPOINTS:
        for path in endpoint.all_paths:
            # the event stream is a GET upgraded to a WebSocket; every other call a POST
            method = "get" if endpoint.result.kind == "stream" else "post"
            operation = document["paths"]["/" + path][method]
            assert operation["summary"] == endpoint.summary
            assert "Error codes:" in operation["description"]
    operation = document["paths"]["/api/key/create"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["schema"]
    assert request["required"] == ["title"]
    assert "hash" in request["properties"]
    assert "`268` Over quota" in operation["description"]
    ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok["properties"]["value"] == {"$ref": "#/components/schemas/ApiKey"}
    assert "ApiKey" in document["components"]["schemas"]
    assert "Failure" in document["components"]["schemas"]
    assert document["paths"]["/dealer/get_ui_config"]["post"]["security"] == []
    stream = document["paths"]["/event/subscription"]["get"]
    assert "101" in stream["responses"]
    assert set(stream["x-fleet-frames"]) == {"subscribe", "event"}


def test_openapi_describes_what_the_mock_accepts_and_answers(api: Api):
    import re

    paths = api.http.get("/openapi.json").json()["paths"]
    create = paths["/api/key/create"]["post"]
    assert create["requestBody"]["required"] is True  # a field is required
    assert paths["/api/key/list"]["post"]["requestBody"]["required"] is False
    # the GET query encoding: text as text, the rest as JSON
    listing = {p["name"]: p for p in paths["/task/list"]["get"]["parameters"]}
    trackers = listing["trackers"]["content"]["application/json"]["schema"]
    assert {"type": "array", "items": {"type": "integer"}} in trackers["anyOf"]
    assert "hash" not in listing  # the hashQuery security scheme
    assert "get" not in paths["/map_layer/upload"]  # files need a body
    # forms where OpenAPI's form style is what the mock reads (no objects)
    assert "application/x-www-form-urlencoded" in create["requestBody"]["content"]
    assert set(paths["/task/list"]["post"]["requestBody"]["content"]) == {"application/json"}
    # in a form an array field may be one value (``labels=a``), as the mock reads it
    form = paths["/tracker/list"]["post"]["requestBody"]["content"]
    labels = form["application/x-www-form-urlencoded"]["schema"]["properties"]["labels"]
    assert [s.get("type") for s in labels["anyOf"]] == ["array", "string"]
    one = api.post("/tracker/list", data={"labels": "Van"}, hash=api.login())
    assert assert_success(one)["list"]
    # file answers with their real content types, the redirect of redirect_target
    assert set(paths["/map_layer/read"]["post"]["responses"]["200"]["content"]) == {
        "application/vnd.google-earth.kml+xml"
    }
    assert "303" in paths["/map_layer/upload"]["post"]["responses"]
    # date/times: a pattern that refuses what the mock refuses
    task = api.http.get("/openapi.json").json()["components"]["schemas"]["NewTask"]
    pattern = re.compile(task["properties"]["from"]["pattern"])
    assert pattern.match("2026-01-15 10:00:00")
    assert pattern.match("2024-02-29T10:00:00+02:00")
    for refused in ("0000-00-00 00:00:00", "2023-02-29 10:00:00", "2026-01-15 24:00:00"):
        assert not pattern.match(refused), refused


def test_the_date_pattern_is_the_calendar_of_python_dates():
    """A schema-valid date is one the mock reads: years 1 to 9999, leap days right."""
    from fleetapi_mock.state.schema import DATE_SCHEMA

    pattern = re.compile(DATE_SCHEMA["pattern"])
    for year in range(10000):
        for month, day in ((1, 1), (2, 29), (12, 31)):
            text = f"{year:04d}-{month:02d}-{day:02d}"
            try:
                dt.date(year, month, day)
                valid = True
            except ValueError:
                valid = False
            assert bool(pattern.match(text)) is valid, text


def test_openapi_references_resolve(api: Api):
    document = api.http.get("/openapi.json").json()
    schemas = document["components"]["schemas"]

    def refs(node: object):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref":
                    yield value
                else:
                    yield from refs(value)
        elif isinstance(node, list):
            for item in node:
                yield from refs(item)

    for ref in refs(document):
        assert ref.startswith("#/components/schemas/")
        assert ref.rsplit("/", 1)[1] in schemas, ref


# --- Rate limit ---------------------------------------------------------------------------


class FakeTimer:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_rate_limit_windows_move_with_real_time_not_the_world_clock():
    mock = FleetMock(rate_limit=50)
    timer = FakeTimer()
    mock.backend.limiter = RateLimiter(50, timer=timer)
    api = Api(mock)
    session = mock.session()
    for _ in range(50):
        assert_success(api.post("/base/nothing", {}, hash=session))
    response = api.post("/base/nothing", {}, hash=session)
    assert_failure(response, 15, 429)
    assert response.headers["retry-after"] == "1"
    # API keys count apart from the account's sessions
    assert_success(api.post("/base/nothing", {}, hash="f1ee7de0f1ee7de0f1ee7de0f1ee7de0"))
    mock.clock.advance(3600)  # the world clock does not lift the limit...
    assert_failure(api.post("/base/nothing", {}, hash=session), 15, 429)
    timer.now += 1  # ...a real second does, as Retry-After said, with the world clock frozen
    assert_success(api.post("/base/nothing", {}, hash=session))


def test_a_frozen_world_clock_never_locks_a_credential_out():
    mock = FleetMock(rate_limit=2)  # frozen clock
    timer = FakeTimer()
    mock.backend.limiter = RateLimiter(2, timer=timer)
    api = Api(mock)
    session = mock.session()
    for _ in range(3):
        for _ in range(2):
            assert_success(api.post("/base/nothing", {}, hash=session))
        assert_failure(api.post("/base/nothing", {}, hash=session), 15, 429)
        timer.now += 1.0


def test_rate_limit_is_shared_by_a_users_sessions_and_off_by_default(fleet_mock: FleetMock):
    assert fleet_mock.backend.rate_limit is None
    fleet_mock.backend.rate_limit = 3
    api = Api(fleet_mock)
    first, second = fleet_mock.session(), fleet_mock.session()
    for session in (first, second, first):
        assert_success(api.post("/base/nothing", {}, hash=session))
    assert_failure(api.post("/base/nothing", {}, hash=second), 15, 429)
    other = fleet_mock.session("other")
    assert_success(api.post("/base/nothing", {}, hash=other))


def test_rate_limit_of_anonymous_calls_is_per_client():
    mock = FleetMock(rate_limit=2)
    api = Api(mock)
    for _ in range(2):
        assert_success(api.post("/dealer/get_ui_config", {"domain": "demo.fleet.test"}))
    assert_failure(api.post("/dealer/get_ui_config", {"domain": "demo.fleet.test"}), 15, 429)


def test_setting_the_clock_back_does_not_lock_out(fleet_mock: FleetMock):
    fleet_mock.backend.limiter = RateLimiter(1, timer=FakeTimer())
    api = Api(fleet_mock)
    session = fleet_mock.session()
    assert_success(api.post("/base/nothing", {}, hash=session))
    fleet_mock.clock.set(fleet_mock.clock.now() - dt.timedelta(hours=1))
    fleet_mock.backend.limiter.timer.now += 1  # type: ignore[attr-defined]
    assert_success(api.post("/base/nothing", {}, hash=session))
