"""The three encodings (JSON, form, query), multipart, and the ISO date/time mode."""

from __future__ import annotations

import json

import httpx
import pytest
from mock_helpers import Api, assert_failure, assert_success

from fleetapi._types import UNSET
from fleetapi.models.tracker import TrackerListParams, TrackerStatesParams
from fleetapi_mock.web.decoding import decode_text_fields, parse_fields


def test_json_body(api: Api, demo: str):
    body = assert_success(api.post("/tracker/get_states", {"trackers": [1, 2]}, hash=demo))
    assert set(body["states"]) == {"1", "2"}


def test_form_body_with_arrays_as_json_text(api: Api, demo: str):
    response = api.http.post(
        "/tracker/get_states",
        data={"hash": demo, "trackers": "[1,2]", "allow_not_exist": "true"},
    )
    body = assert_success(response)
    assert set(body["states"]) == {"1", "2"}


def test_query_string_with_get(api: Api, demo: str):
    response = api.http.get(
        "/v2/tracker/get_states/", params={"hash": demo, "trackers": "[3]", "list_blocked": "false"}
    )
    assert set(assert_success(response)["states"]) == {"3"}


def test_query_parameters_also_count_for_post(api: Api, demo: str):
    response = api.http.post("/tracker/read", params={"tracker_id": "2"}, json={"hash": demo})
    assert assert_success(response)["value"]["id"] == 2


def test_the_body_wins_over_the_query(api: Api, demo: str):
    response = api.http.post("/tracker/read", params={"tracker_id": "2"}, json={"tracker_id": 1})
    # no credential here: only checks that parsing works before authentication fails
    assert_failure(response, 3, 400)
    response = api.http.post(
        "/tracker/read", params={"tracker_id": "2"}, json={"tracker_id": 1, "hash": demo}
    )
    assert assert_success(response)["value"]["id"] == 1


def test_text_fields_are_not_decoded_as_json():
    decoded = decode_text_fields(
        {"labels": '["1"]', "other": "[1]", "hash": "12345678901234567890123456789012"},
        TrackerListParams,
    )
    assert decoded == {"labels": ["1"], "other": "[1]", "hash": "12345678901234567890123456789012"}


def test_a_text_field_keeps_json_looking_text(api: Api, demo: str):
    # `login` is declared str: "123" and "[1]" stay strings (and simply do not log in).
    response = api.http.post("/user/auth", data={"login": "[1]", "password": "123"})
    assert_failure(response, 102, 400)
    response = api.http.post("/user/auth", data={"login": "demo", "password": "demo"})
    assert_success(response)


def test_form_values_that_are_not_json_stay_text_and_fail_validation(api: Api, demo: str):
    response = api.http.post("/tracker/get_states", data={"hash": demo, "trackers": "1,2"})
    body = assert_failure(response, 7, 400)  # one element (the form style's array), not a number
    assert body["errors"] == [
        {"parameter": "trackers[0]", "error": "must be an integer, not a string"}
    ]


def test_form_booleans_travel_as_json_text():
    fields, files = parse_fields(
        "POST",
        {},
        {"content-type": "application/x-www-form-urlencoded"},
        b"trackers=%5B1%5D&list_blocked=true&allow_not_exist=false",
        TrackerStatesParams,
    )
    assert fields == {"trackers": [1], "list_blocked": True, "allow_not_exist": False}
    assert files == {}


def test_multipart_fields_and_files():
    boundary = "XyZ"
    body = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="trackers"\r\n\r\n'
        "[1,2]\r\n"
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="file"; filename="a.kml"\r\n'
        "Content-Type: application/vnd.google-earth.kml+xml\r\n\r\n"
        "<kml/>\r\n"
        f"--{boundary}--\r\n"
    ).encode()
    fields, files = parse_fields(
        "POST",
        {},
        {"content-type": f"multipart/form-data; boundary={boundary}"},
        body,
        TrackerStatesParams,
    )
    assert fields == {"trackers": [1, 2]}
    assert files["file"].filename == "a.kml"
    assert files["file"].data == b"<kml/>"
    assert files["file"].content_type == "application/vnd.google-earth.kml+xml"


def test_multipart_over_http(api: Api, demo: str):
    response = api.http.post(
        "/tracker/read",
        data={"tracker_id": "1", "hash": demo},
        files={"file": ("x.txt", b"hello", "text/plain")},
    )
    assert assert_success(response)["value"]["id"] == 1


def test_broken_multipart_is_5(api: Api, demo: str):
    response = api.http.post(
        "/tracker/read",
        content=b"not multipart at all",
        headers={
            "content-type": "multipart/form-data; boundary=zzz",
            "Authorization": f"NVX {demo}",
        },
    )
    assert_failure(response, 5, 400)


def test_empty_post_body_is_an_empty_object(api: Api, demo: str):
    response = api.http.post("/base/nothing", headers={"Authorization": f"NVX {demo}"})
    assert_success(response)


def test_json_without_content_type_is_read_as_json(api: Api, demo: str):
    response = api.http.post(
        "/tracker/read",
        content=json.dumps({"tracker_id": 1}).encode(),
        headers={"Authorization": f"NVX {demo}", "content-type": "text/plain"},
    )
    assert assert_success(response)["value"]["id"] == 1


# --- ISO date/times -----------------------------------------------------------------------


def test_plain_date_times_by_default(api: Api, demo: str):
    body = assert_success(api.post("/tracker/get_state", {"tracker_id": 1}, hash=demo))
    assert body["state"]["last_update"] == "2026-01-15 08:59:30"
    assert body["user_time"] == "2026-01-15 09:00:00"  # get_state answers it in every mode
    listed = assert_success(api.post("/tracker/list", {}, hash=demo))
    assert "user_time" not in listed  # other calls in ISO mode only


def test_iso_mode_by_header(api: Api, demo: str):
    response = api.post(
        "/tracker/get_state", {"tracker_id": 1}, hash=demo, headers={"NVX-ISO-DateTime": "true"}
    )
    body = assert_success(response)
    assert body["state"]["last_update"] == "2026-01-15T08:59:30+00:00"
    assert body["user_time"] == "2026-01-15T09:00:00+00:00"


@pytest.mark.parametrize("flag", [True, "true"])
def test_iso_mode_by_parameter(api: Api, demo: str, flag: object):
    body = assert_success(
        api.post("/api/key/list", {"iso_datetime": flag}, hash=demo),
    )
    assert body["list"][0]["create_date"] == "2026-01-01T00:00:00+00:00"
    assert "user_time" in body


def test_iso_mode_by_query_parameter(api: Api, demo: str):
    response = api.http.get("/api/key/list", params={"hash": demo, "iso_datetime": "true"})
    assert assert_success(response)["user_time"].startswith("2026-01-15T09:00:00")


def test_date_times_are_in_the_users_time_zone(api: Api, dispatcher: str):
    plain = assert_success(api.post("/tracker/get_state", {"tracker_id": 1}, hash=dispatcher))
    assert plain["state"]["last_update"] == "2026-01-15 09:59:30"  # Europe/Berlin, UTC+1
    iso = assert_success(
        api.post("/tracker/get_state", {"tracker_id": 1, "iso_datetime": True}, hash=dispatcher)
    )
    assert iso["state"]["last_update"] == "2026-01-15T09:59:30+01:00"
    assert iso["user_time"] == "2026-01-15T10:00:00+01:00"


def test_an_array_may_come_as_a_repeated_key_or_a_single_value(fleet_mock):
    """OpenAPI's default form style: ``types=a&types=b`` is an array, ``types=a`` one element."""
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    auth = {"Authorization": f"NVX {fleet_mock.session()}"}

    def types_of(answer: httpx.Response) -> set[str]:
        assert answer.status_code == 200, answer.text
        return {p["type"] for p in answer.json()["list"]}

    everything = types_of(http.post("/data/import/list", json={}, headers=auth))
    assert everything == {"vehicle", "employee"}
    by_form = http.post("/data/import/list", content=b"types=vehicle&types=vehicle", headers={
        **auth, "content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert types_of(by_form) == {"vehicle"}
    by_query = http.get("/data/import/list", params=[("types", "employee")], headers=auth)
    assert types_of(by_query) == {"employee"}
    as_json = http.get("/data/import/list", params={"types": '["employee"]'}, headers=auth)
    assert types_of(as_json) == {"employee"}
    tasks = http.get("/task/list", params=[("trackers", "1"), ("trackers", "2")], headers=auth)
    assert {t["tracker_id"] for t in tasks.json()["list"]} <= {1, 2}
    label = http.get("/garage/list", params=[("hash", "x"), ("hash", "y")])
    assert label.json()["status"]["code"] == 3  # a credential given twice is no credential


# --- Numbers written as text ---------------------------------------------------------------


def test_a_number_may_come_as_a_json_string_of_its_digits(api: Api, demo: str):
    """Public clients send ``"tracker_id": "2"``; the service reads the number, and so does
    the mock (decision row "Numbers written as text")."""
    as_number = assert_success(api.post("/tracker/read", {"tracker_id": 2}, hash=demo))
    as_text = assert_success(api.post("/tracker/read", {"tracker_id": "2"}, hash=demo))
    assert as_text == as_number
    states = assert_success(api.post("/tracker/get_states", {"trackers": ["1", 2]}, hash=demo))
    assert set(states["states"]) == {"1", "2"}
    as_text = {"location": {"lat": "52.5163", "lng": "13.3777"}, "goal": "ui"}
    as_number = {"location": {"lat": 52.5163, "lng": 13.3777}, "goal": "ui"}
    answer = assert_success(api.post("/geocoder/search_location", as_text, hash=demo))
    assert answer == assert_success(api.post("/geocoder/search_location", as_number, hash=demo))
    assert "Pariser Platz" in answer["value"]


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({"lat": "91", "lng": 13.4}, "lat"),  # limits apply to numbers written as text
        ({"lat": "-90.5", "lng": 13.4}, "lat"),
        ({"lat": "1e1", "lng": 13.4}, "lat"),  # digits only: no exponent...
        ({"lat": "+52", "lng": 13.4}, "lat"),  # ...no sign but minus...
        ({"lat": " 52", "lng": 13.4}, "lat"),  # ...no spaces
        ({"lat": "NaN", "lng": 13.4}, "lat"),
        ({"lat": "", "lng": 13.4}, "lat"),
        ({"lat": 52.5, "lng": "east"}, "lng"),
    ],
)
def test_number_text_is_7_when_not_plain_digits_or_out_of_range(
    api: Api, demo: str, body: dict[str, object], parameter: str
):
    request = {"location": body, "goal": "ui"}
    failure = assert_failure(api.post("/geocoder/search_location", request, hash=demo), 7, 400)
    assert [e["parameter"] for e in failure["errors"]] == [f"location.{parameter}"]


def test_a_text_field_given_digits_stays_text(api: Api, demo: str):
    key = assert_success(api.post("/api/key/create", {"title": "2024"}, hash=demo))
    keys = assert_success(api.post("/api/key/list", {}, hash=demo))["list"]
    assert {"title": "2024", "hash": key["value"]["hash"]}.items() <= keys[-1].items()


def test_an_empty_string_leaves_out_only_the_fields_declaring_it(api: Api, demo: str):
    """The documented ``tracker/rule/create`` example sends ``"param": ""`` and
    ``"suspended": ""``: read as left out (decision row "Empty strings for numbers and
    booleans"). Elsewhere an empty string is no number (7), and the OpenAPI document says
    which fields take one."""
    rule = {"name": "P", "type": "track_change", "param": "", "suspended": ""}
    created = assert_success(api.post("/tracker/rule/create", {"rule": rule}, hash=demo))
    stored = api.mock.world.rules[created["id"]]
    assert (stored.param, stored.suspended) == (UNSET, UNSET)
    answered = assert_success(api.post("/tracker/rule/list", {}, hash=demo))["list"][-1]
    assert (answered["param"], answered["suspended"]) == (0, False)
    for wrong in ({**rule, "suspended": "no"}, {**rule, "param": " "}):
        answer = api.post("/tracker/rule/create", {"rule": wrong}, hash=demo)
        failure = assert_failure(answer, 7, 400)
        assert len(failure["errors"]) == 1
    failure = assert_failure(api.post("/tracker/read", {"tracker_id": ""}, hash=demo), 7, 400)
    assert failure["errors"][0]["parameter"] == "tracker_id"
    schema = api.http.get("/openapi.json").json()["components"]["schemas"]["NewRule"]
    assert {"type": "string", "enum": [""]} in schema["properties"]["param"]["anyOf"]
    assert "anyOf" not in schema["properties"]["name"]
