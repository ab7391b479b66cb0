"""Property-based robustness of every call: no client mistake ever gets a 500.

Bodies are generated from the OpenAPI document the mock serves (itself built from the call
table), so every call and alias is covered and a new call is fuzzed without touching this file.
Each example starts from a valid-looking body and may break it (a wrong type, a missing required
field, an extra field, junk deep inside), is sent in one of the three encodings with one of the
four credentials, and its answer must be the spec's envelope with the HTTP status its code maps
to. A failed call must leave the world document unchanged.

``FLEET_FUZZ_EXAMPLES`` sets the examples per call (default 12): raise it to dig deeper locally.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
import urllib.parse
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mock_helpers import DEMO_KEY

from fleetapi._errors import error_class
from fleetapi_mock.state.tracks import TrackStore
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import REDIRECT_STATUS, Response

EXAMPLES = int(os.environ.get("FLEET_FUZZ_EXAMPLES", "12"))
# The codes of the service's own failures (NOTES.md): a request must never produce them.
SERVICE_FAILURES = {1, 6, 8, 14}

_BACKEND = Backend(seed=1)  # a reset brings back the same world, hashes and all
_INITIAL = _BACKEND.world.to_document()


def _fetch_openapi() -> dict[str, Any]:
    answer = _BACKEND.handle("GET", "/openapi.json", {}, {}, b"")
    assert answer.status == 200
    document: dict[str, Any] = json.loads(answer.body)
    return document


OPENAPI = _fetch_openapi()
SCHEMAS: dict[str, Any] = OPENAPI["components"]["schemas"]
PATHS = sorted(  # the API's calls: the control API's routes change the world on purpose
    path
    for path, operations in OPENAPI["paths"].items()
    if not any("mock-control" in op["tags"] for op in operations.values())
    and "post" in operations  # the event stream is a WebSocket: tests/e2e/test_event_stream.py
)


def _resolve(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


# --- values ------------------------------------------------------------------------------

_EDGE_TEXT = st.sampled_from(
    ["", " ", "\t", "\u0000", "a\nb", "\ud800", "\ue000", "\u202e", "é" * 3, "😀", "0", "-1",
     "null", "[]", "{}", "1e999", "NaN", "x" * 300, "2024-02-30 25:61:61", "\uffff"]
)  # fmt: skip


def _world_ids(value: Any, key: str = "") -> set[int]:
    if isinstance(value, dict):
        return set().union(*(_world_ids(v, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(_world_ids(v, key) for v in value))
    if type(value) is int and (key == "id" or key.endswith("_id")):
        return {value}
    return set()


# Ids of the demo world (the caller's, the other account's, the sub-user's), unknown ones,
# negative and huge ones.
_IDS = (
    st.sampled_from(sorted(_world_ids(_INITIAL)))
    | st.integers(min_value=-3, max_value=3)
    | st.sampled_from([999_999, 2**31, 2**63, -(2**63)])
)
_PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn"))
_NOW = _BACKEND.world.now().replace(microsecond=0, tzinfo=None)
_DATETIMES = st.datetimes(
    min_value=_NOW - dt.timedelta(days=3), max_value=_NOW + dt.timedelta(days=30)
).map(lambda d: d.replace(microsecond=0))
_NUMBERS = (
    _IDS
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([1e308, -1e308, 0.5, 10**30])
)
_JUNK = st.recursive(
    st.none() | st.booleans() | _NUMBERS | _EDGE_TEXT | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
_DEEP = st.integers(min_value=20, max_value=200).map(
    lambda n: json.loads("[" * n + "]" * n)
) | st.integers(min_value=20, max_value=200).map(lambda n: json.loads('{"a":' * n + "1" + "}" * n))


def _text(schema: Mapping[str, Any]) -> st.SearchStrategy[str]:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    fmt = schema.get("format")
    if fmt == "date-time" or "HH:MM" in schema.get("description", ""):
        return _DATETIMES.map(lambda d: d.strftime("%Y-%m-%d %H:%M:%S"))
    if fmt == "date":
        return _DATETIMES.map(lambda d: d.strftime("%Y-%m-%d"))
    if "pattern" in schema and schema["pattern"] != "\\S":
        ascii_text = st.characters(min_codepoint=32, max_codepoint=126)
        return st.from_regex(schema["pattern"], fullmatch=True, alphabet=ascii_text)
    low, high = schema.get("minLength", 0), min(schema.get("maxLength", 40), 60)
    return st.text(_PRINTABLE, min_size=max(low, 1), max_size=max(low, high)).filter(
        lambda s: s.strip() != ""
    )


def valid(schema: Mapping[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values that look right for ``schema``: right types, in range."""
    schema = _resolve(schema)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return st.one_of([valid(s, depth) for s in schema[key]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([valid({**schema, "type": k}, depth) for k in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is None and high is None:
            return _IDS
        return st.integers(min_value=low, max_value=high)
    if kind == "number":
        return st.floats(
            min_value=schema.get("minimum"),
            max_value=schema.get("maximum"),
            allow_nan=False,
            allow_infinity=False,
        )
    if kind == "string":
        return _text(schema)
    if kind == "array":
        if depth > 3:
            return st.just([])
        low = schema.get("minItems", 0)
        high = min(schema.get("maxItems", 3), low + 3)
        return st.lists(valid(schema.get("items", {}), depth + 1), min_size=low, max_size=high)
    if kind == "object" or "properties" in schema:
        if depth > 3:
            return st.just({})
        return body(schema, depth + 1)
    return _JUNK


def body(schema: Mapping[str, Any], depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """An object for ``schema``: its required fields and some optional ones."""
    props: Mapping[str, Any] = schema.get("properties", {})
    required = [k for k in schema.get("required", []) if k in props]
    optional = [k for k in props if k not in required and k != "hash"]
    return st.fixed_dictionaries(
        {k: valid(props[k], depth) for k in required},
        optional={k: valid(props[k], depth) for k in optional},
    )


def _leaves(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaves(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _leaves(v, (*prefix, i))
    return out


def _set(value: Any, where: tuple[Any, ...], new: Any) -> Any:
    if not where:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[where[0]] = _set(value[where[0]], where[1:], new)
    return copy


def _drop(value: Any, where: tuple[Any, ...]) -> Any:
    if len(where) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        del copy[where[0]]
        return copy
    return _set(value, where[:1], _drop(value[where[0]], where[1:]))


@st.composite
def requests(draw: st.DrawFn, path: str) -> dict[str, Any]:
    """A valid-looking body for ``path``, perhaps broken in one place."""
    schema = OPENAPI["paths"][path]["post"]["requestBody"]["content"]
    schema = next(iter(schema.values()))["schema"]
    value: dict[str, Any] = draw(body(schema))
    mistake = draw(st.sampled_from(["none", "none", "replace", "replace", "drop", "extra", "deep"]))
    leaves = _leaves(value)
    if mistake == "replace" and leaves:
        value = _set(value, draw(st.sampled_from(leaves)), draw(_JUNK))
    elif mistake == "drop" and leaves:
        value = _drop(value, draw(st.sampled_from(leaves)))
    elif mistake == "extra":
        value = {**value, draw(st.text(min_size=1, max_size=8)): draw(_JUNK)}
    elif mistake == "deep" and leaves:
        value = _set(value, draw(st.sampled_from(leaves)), draw(_DEEP))
    return value


# --- sending -----------------------------------------------------------------------------


@cache
def _credentials() -> dict[str, str | None]:
    world = _BACKEND.world
    with world.lock:
        master = next(u for u in world.users.values() if u.login == "demo")
        sub = next(u for u in world.users.values() if u.login == "dispatcher")
        hashes = {
            "master": world.create_session(master).hash,
            "key": DEMO_KEY,
            "dispatcher": world.create_session(sub).hash,
        }
    return {**hashes, "none": None}


def _encode(fields: Mapping[str, Any]) -> dict[str, str]:
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()}


def send(path: str, fields: dict[str, Any], encoding: str, credential: str) -> Response:
    headers: dict[str, str] = {}
    secret = _credentials()[credential]
    if secret is not None:
        headers["authorization"] = f"NVX {secret}"
    url = "/v2" + path
    if encoding == "json":
        headers["content-type"] = "application/json"
        return _BACKEND.handle("POST", url, {}, headers, json.dumps(fields).encode())
    text = _encode(fields)
    if encoding == "form":
        headers["content-type"] = "application/x-www-form-urlencoded"
        return _BACKEND.handle(
            "POST", url, {}, headers, urllib.parse.urlencode(text, errors="surrogatepass").encode()
        )
    return _BACKEND.handle("GET", url, text, headers, b"")


def check_answer(status: int, headers: Mapping[str, str], content: bytes) -> dict[str, Any] | None:
    """The answer is the spec's envelope with the HTTP status of its code; the failure or None."""
    assert status < 500, content
    if status == REDIRECT_STATUS:  # redirect_target: the answer travels in the location
        query = urllib.parse.urlsplit(headers["location"]).query
        answer = json.loads(urllib.parse.parse_qs(query)["response"][-1])
        return None if answer["success"] is True else _check_failure(answer, None)
    if not headers.get("content-type", "").startswith("application/json"):
        assert status == 200
        return None
    answer = json.loads(content)
    assert isinstance(answer, dict)
    if answer.get("success") is True:
        assert status == 200, answer
        return None
    return _check_failure(answer, status)


ENVELOPE_EXTRAS: dict[int, set[str]] = {
    203: {"entities", "rules", "vehicles"},
    211: {"max_time_span"},
    290: {"assigned_assets"},
}
"""The failures whose envelope documents more keys: what uses a zone or a tracker, the longest
span, the assets already in a group (``AssetAlreadyGroupedError.assigned_assets``)."""


def _check_failure(answer: dict[str, Any], status: int | None) -> dict[str, Any]:
    assert answer["success"] is False, answer
    extra = ENVELOPE_EXTRAS.get(answer["status"]["code"], set())
    assert set(answer) <= {"success", "status", "errors", *extra}, answer
    code, description = answer["status"]["code"], answer["status"]["description"]
    assert type(code) is int, answer
    assert isinstance(description, str), answer
    assert description, answer
    assert code not in SERVICE_FAILURES, answer
    if status is not None:
        expected = {error_class(code).http_status} | ({413} if code in (5, 271) else set())
        expected |= {405} if code == 5 else set()  # a method the call does not take
        assert status in expected, answer
    if code == 7:
        assert answer["errors"], answer
        assert all(isinstance(e["parameter"], str) and e["parameter"] for e in answer["errors"])
    return answer


@pytest.mark.parametrize("path", PATHS)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_no_request_gets_a_500(path: str, data: st.DataObject) -> None:
    fields = data.draw(requests(path), label="body")
    encoding = data.draw(st.sampled_from(["json", "form", "query"]), label="encoding")
    credential = data.draw(
        st.sampled_from(["master", "key", "dispatcher", "none"]), label="credential"
    )
    world = _BACKEND.world
    world.clock.freeze()
    _credentials()
    before = _state()
    after = before
    try:
        answer = send(path, fields, encoding, credential)
        failure = check_answer(answer.status, answer.headers, answer.body)
        after = _state()
        if failure is not None:
            assert after == before, failure
        else:  # no credential of the demo account touches the other account
            assert _of_other_account(after) == _of_other_account(before), answer.body
    finally:
        if after != before:
            _BACKEND.reset()
            _credentials.cache_clear()


_OTHER = next(u["id"] for u in _INITIAL["users"] if u["login"] == "other")


def _of_other_account(document: dict[str, Any]) -> dict[str, list[Any]]:
    """The entries of ``document`` that the other account owns."""
    return {
        name: [e for e in entries if isinstance(e, dict) and e.get("user_id") == _OTHER]
        for name, entries in document.items()
        if isinstance(entries, list) and name != "users"
    }


def _state() -> dict[str, Any]:
    """The world document, less the sessions' last use (every authenticated call sets it),
    with the track points as the frozen records they are, equal when every field is (writing
    them out was most of this test's time)."""
    world = _BACKEND.world
    with world.lock:
        others = copy.copy(world)  # the same collections but the points
        others.track_points = TrackStore()
        document = others.to_document()
        document["track_points"] = tuple(world.track_points)
    for session in document.get("sessions", []):
        session.pop("last_used", None)
    return document
