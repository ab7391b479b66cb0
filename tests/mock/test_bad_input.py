"""Bad input of every kind: the right failure, never a 500, and the world unchanged."""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mock_helpers import assert_failure

from fleetapi.endpoints import ENDPOINTS
from fleetapi_mock import FleetMock
from fleetapi_mock.web.router import Backend

H = "0" * 32  # placeholder replaced by a real session hash

# (description, request kwargs, expected code, expected HTTP status)
BAD_REQUESTS: list[tuple[str, dict[str, Any], int, int]] = [
    ("malformed JSON", {"path": "/tracker/list", "content": b"{"}, 5, 400),
    ("JSON array body", {"path": "/tracker/list", "content": b"[]"}, 5, 400),
    ("JSON string body", {"path": "/tracker/list", "content": b'"x"'}, 5, 400),
    ("JSON number body", {"path": "/tracker/list", "content": b"12"}, 5, 400),
    ("JSON null body", {"path": "/tracker/list", "content": b"null"}, 5, 400),
    ("NaN in JSON", {"path": "/tracker/read", "content": b'{"tracker_id": NaN}'}, 7, 400),
    ("1e999 in JSON", {"path": "/tracker/read", "content": b'{"tracker_id": 1e999}'}, 7, 400),
    ("Infinity, unknown", {"path": "/tracker/list", "content": b'{"x": -Infinity}'}, 7, 400),
    (
        "deep JSON",
        {"path": "/tracker/list", "content": b'{"x": ' + b"[" * 5000 + b"]" * 5000 + b"}"},
        7,
        400,
    ),
    (
        "65 levels",
        {"path": "/tracker/list", "content": b'{"x": ' + b"[" * 64 + b"]" * 64 + b"}"},
        7,
        400,
    ),
    ("not UTF-8", {"path": "/tracker/list", "content": b'{"a": "\xff"}'}, 5, 400),
    ("trailing garbage", {"path": "/tracker/list", "content": b"{} x"}, 5, 400),
    ("unknown call", {"path": "/v2/no/such_call", "json": {}}, 5, 400),
    ("missing field", {"path": "/tracker/read", "json": {}}, 7, 400),
    ("wrong type", {"path": "/tracker/read", "json": {"tracker_id": "one"}}, 7, 400),
    ("number text with exponent", {"path": "/tracker/read", "json": {"tracker_id": "1e2"}}, 7, 400),
    ("number text with spaces", {"path": "/tracker/read", "json": {"tracker_id": " 1"}}, 7, 400),
    ("fraction text for int", {"path": "/tracker/read", "json": {"tracker_id": "1.5"}}, 7, 400),
    ("bool for int", {"path": "/tracker/read", "json": {"tracker_id": True}}, 7, 400),
    ("null for int", {"path": "/tracker/read", "json": {"tracker_id": None}}, 7, 400),
    ("fraction for int", {"path": "/tracker/read", "json": {"tracker_id": 1.5}}, 7, 400),
    ("object for array", {"path": "/tracker/get_states", "json": {"trackers": {}}}, 7, 400),
    ("string in array", {"path": "/tracker/get_states", "json": {"trackers": [1, "two"]}}, 7, 400),
    ("empty array", {"path": "/tracker/get_states", "json": {"trackers": []}}, 7, 400),
    ("labels not array", {"path": "/tracker/list", "json": {"labels": "Van"}}, 7, 400),
    ("control char", {"path": "/api/key/create", "json": {"title": "a\u0000b"}}, 7, 400),
    ("empty title", {"path": "/api/key/create", "json": {"title": ""}}, 7, 400),
    ("blank title", {"path": "/api/key/create", "json": {"title": "   "}}, 7, 400),
    ("long title", {"path": "/api/key/create", "json": {"title": "x" * 256}}, 7, 400),
    ("newline title", {"path": "/api/key/create", "json": {"title": "a\nb"}}, 7, 400),
    ("empty key", {"path": "/api/key/delete", "json": {"key": ""}}, 7, 400),
    ("unknown key", {"path": "/api/key/delete", "json": {"key": "9" * 32}}, 201, 400),
    ("missing tracker", {"path": "/tracker/read", "json": {"tracker_id": 99}}, 201, 400),
    ("blocked tracker", {"path": "/tracker/get_state", "json": {"tracker_id": 5}}, 208, 403),
    ("other's tracker", {"path": "/tracker/read", "json": {"tracker_id": 7}}, 201, 400),
    ("states of missing", {"path": "/tracker/get_states", "json": {"trackers": [99]}}, 217, 400),
    ("PUT method", {"path": "/tracker/list", "method": "PUT", "json": {}}, 5, 405),
]


def _send(mock: FleetMock, session: str, spec: dict[str, Any]) -> httpx.Response:
    spec = dict(spec)
    path = spec.pop("path")
    method = spec.pop("method", "POST")
    with httpx.Client(transport=mock.transport, base_url=mock.base_url) as http:
        return http.request(method, path, headers={"Authorization": f"NVX {session}"}, **spec)


@pytest.mark.parametrize(
    ("spec", "code", "status"),
    [pytest.param(s, c, h, id=name) for name, s, c, h in BAD_REQUESTS],
)
def test_bad_request_is_answered_exactly_and_changes_nothing(
    fleet_mock: FleetMock, spec: dict[str, Any], code: int, status: int
):
    session = fleet_mock.session("demo")
    before = fleet_mock.world.to_document()
    body = assert_failure(_send(fleet_mock, session, spec), code, status)
    assert fleet_mock.world.to_document() == before
    if code == 7:
        assert body["errors"]
        assert all(set(e) == {"parameter", "error"} for e in body["errors"])


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({}, "tracker_id"),
        ({"tracker_id": "x"}, "tracker_id"),
    ],
)
def test_validation_errors_name_the_parameter(
    fleet_mock: FleetMock, body: dict[str, Any], parameter: str
):
    session = fleet_mock.session()
    response = _send(fleet_mock, session, {"path": "/tracker/read", "json": body})
    errors = assert_failure(response, 7, 400)["errors"]
    assert [e["parameter"] for e in errors] == [parameter]


def test_every_bad_element_is_reported(fleet_mock: FleetMock):
    session = fleet_mock.session()
    response = _send(
        fleet_mock,
        session,
        {"path": "/tracker/get_states", "json": {"trackers": ["a", 2, None], "list_blocked": 3}},
    )
    errors = assert_failure(response, 7, 400)["errors"]
    assert {e["parameter"] for e in errors} == {"trackers[0]", "trackers[2]", "list_blocked"}


def test_missing_required_field_says_so(fleet_mock: FleetMock):
    response = _send(fleet_mock, fleet_mock.session(), {"path": "/api/key/create", "json": {}})
    errors = assert_failure(response, 7, 400)["errors"]
    assert errors == [{"parameter": "title", "error": "is required"}]


def test_oversized_body_is_413_code_5():
    backend = Backend(max_body_bytes=1024)
    session = _session(backend)
    answer = backend.handle(
        "POST",
        "/tracker/list",
        {},
        {"authorization": f"NVX {session}"},
        b" " * 1025,
    )
    assert answer.status == 413
    assert json.loads(answer.body)["status"]["code"] == 5


def test_oversized_upload_is_413_code_271(monkeypatch: pytest.MonkeyPatch):
    from fleetapi_mock.handlers import HANDLERS

    upload = next((e for e in ENDPOINTS if e.upload), None)
    if upload is None:
        pytest.skip("no upload call in the table yet")
    monkeypatch.setitem(HANDLERS, upload.path, lambda ctx, params: None)
    backend = Backend(max_body_bytes=1024)
    answer = backend.handle("POST", upload.path, {}, {}, b"x" * 2000)
    assert answer.status == 413
    assert json.loads(answer.body)["status"]["code"] == 271


def test_the_real_limit_is_32_mib(fleet_mock: FleetMock):
    session = fleet_mock.session()
    before = fleet_mock.world.to_document()
    big = b" " * (32 * 1024 * 1024 + 1)
    response = _send(fleet_mock, session, {"path": "/tracker/list", "content": big})
    assert_failure(response, 5, 413)
    assert fleet_mock.world.to_document() == before
    fine = b"{}" + b" " * (32 * 1024 * 1024 - 2)
    assert _send(fleet_mock, session, {"path": "/tracker/list", "content": fine}).is_success


def test_size_reported_by_a_server_that_stopped_reading():
    backend = Backend()
    answer = backend.handle("POST", "/tracker/list", {}, {}, b"", body_size=10**9)
    assert answer.status == 413


def test_an_unexpected_exception_is_code_6_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    from fleetapi_mock.handlers import HANDLERS

    def explode(ctx: object, params: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setitem(HANDLERS, "base/nothing", explode)
    backend = Backend()
    session = _session(backend)
    with caplog.at_level(logging.ERROR, logger="fleetapi_mock"):
        answer = backend.handle(
            "POST", "/base/nothing", {}, {"authorization": f"NVX {session}"}, b"{}"
        )
    assert answer.status == 500
    assert json.loads(answer.body) == {
        "success": False,
        "status": {"code": 6, "description": "Unexpected error"},
    }
    assert "boom" in caplog.text


def _session(backend: Backend) -> str:
    with backend.world.lock:
        return backend.world.create_session(backend.world.users[1]).hash


# --- Fuzzing raw bodies (tests/mock/test_fuzz.py fuzzes every call from its schema) ------

_CONTENT_TYPES = [
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=b",
    "",
]


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=64), kind=st.sampled_from(_CONTENT_TYPES))
def test_fuzz_raw_bodies_never_answer_500(raw: bytes, kind: str):
    backend = Backend()
    session = _session(backend)
    for path in ("/tracker/get_states", "/api/key/create", "/dealer/get_ui_config", "/user/auth"):
        answer = backend.handle(
            "POST",
            path,
            {},
            {"authorization": f"NVX {session}", "content-type": kind},
            raw,
        )
        assert answer.status != 500, answer.body


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=2),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=25,
)


@settings(max_examples=400)
@given(JSON_VALUES, st.integers(min_value=1, max_value=5))
def test_the_quick_bounds_check_agrees_with_the_walk_that_names_the_place(
    value: Any, limit: int
) -> None:
    # json_problem checks without building paths, and names the place only when one is found.
    from fleetapi_mock.state.bounds import _first_problem, json_problem

    assert json_problem(value, limit=limit) == _first_problem(value, limit, "")


FINITE_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3) | st.sampled_from(["\ud800", "caf\u00e9", 2**64, -(2**63) - 1, 1e-7]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=25,
)  # fmt: skip


@settings(max_examples=400)
@given(FINITE_JSON, st.booleans())
def test_requests_and_answers_read_and_write_json_as_the_standard_library(
    value: Any, ascii_only: bool
) -> None:
    # orjson reads and writes; what it would read otherwise (integers beyond 64 bits, lone
    # surrogates) goes to the standard library, so the values are the same, types included.
    from fleetapi_mock.state.bounds import json_text, read_json

    text = json.dumps(value, ensure_ascii=ascii_only)
    raw = text.encode("utf-8", "surrogatepass")
    assert repr(read_json(raw)) == repr(json.loads(text))
    assert repr(json.loads(json_text(value))) == repr(value)


@settings(max_examples=50)
@given(st.lists(FINITE_JSON, min_size=1, max_size=20), st.integers(501, 1300), st.booleans())
def test_a_long_list_is_written_in_pieces_to_the_same_bytes(
    kinds: list[Any], length: int, wrap: bool
) -> None:
    """An answer's long list is written a piece at a time, to the bytes of one go."""
    from fleetapi_mock.state.bounds import json_text

    items = [kinds[n % len(kinds)] for n in range(length)]
    body = {"success": True, "list": items, "count": len(items)} if wrap else {"list": items}
    whole = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8", "surrogatepass"
    )
    written = json_text(body)
    assert json.loads(written) == json.loads(whole)
    try:
        assert written == orjson.dumps(body)
    except TypeError:  # what orjson does not write goes to the standard library as a whole
        assert written == json.dumps(body, separators=(",", ":")).encode("ascii")


@pytest.mark.parametrize(
    ("path", "body", "answer"),
    [
        pytest.param(
            "/beacon/data/last_values",
            {"skip_older_than_seconds": 63_904_064_401},
            lambda a: a["list"],
            id="an age older than the clock: every value",
        ),
        pytest.param(
            "/report/tracker/generate",
            {
                "trackers": [1],
                "from": "2026-01-14 00:00:00",
                "to": "2026-01-15 00:00:00",
                "plugin": {"plugin_id": 27, "max_speed": 1, "min_duration_minutes": 2**62},
            },
            lambda a: a["id"],
            id="a speeding run longer than any clock",
        ),
    ],
)
def test_a_span_of_any_size_is_answered(
    fleet_mock: FleetMock, path: str, body: dict[str, Any], answer: Any
):
    # A 64-bit count of seconds or minutes is beyond Python's dates: it reaches back to the
    # clock's first time (or never passes), not a code 6.
    session = fleet_mock.session("demo")
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        response = http.post(path, json={"hash": session, **body})
    assert response.status_code == 200, response.text
    assert answer(response.json()) is not None
