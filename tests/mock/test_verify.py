"""Verification: the journal keeps each request's fields (secrets masked), ``POST
/__mock__/verify`` and ``mock.journal.assert_called`` say whether a call was received, and
show the closest requests when it was not. Reading and verifying change nothing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from mock_helpers import DEMO_KEY, Api

from fleetapi_mock import FleetMock
from fleetapi_mock.web.request import JOURNALED_BODY_BYTES


def _assign(api: Api, session: str, task_id: int, tracker_id: int) -> dict[str, Any]:
    body = {"task_id": task_id, "tracker_id": tracker_id}
    answer: dict[str, Any] = api.post("/task/assign", body, hash=session).json()
    return answer


def test_the_journal_keeps_fields_with_every_secret_masked(api: Api, demo: str) -> None:
    api.post("/user/auth", {"login": "demo", "password": "s3cret-typo"})
    api.post("/tracker/read", {"hash": demo, "tracker_id": 1})
    api.post("/api/key/list", {"key": DEMO_KEY})
    entries = api.http.get("/__mock__/journal").json()["list"]
    params = [e["params"] for e in entries[-3:]]
    assert params[0] == {"login": "demo", "password": "***"}
    assert params[1] == {"hash": "***", "tracker_id": 1}
    assert params[2] == {"key": "***"}
    text = api.http.get("/__mock__/journal").text
    for secret in (demo, "s3cret-typo", DEMO_KEY):
        assert secret not in text


@pytest.mark.parametrize(
    "body",
    [
        b'{"h\\u0061sh": "%s", "tracker_id": 1}',  # an escaped key is still the secret's
        b'{"tracker_id": 1, "hash": "%s"}',
        b'{"tracker_id": 1, "x": {"session_key": "%s"}}',
        b'{"tracker_id": 1, "\\u0068ash": "%s", "label": "caf\\u00e9"}',
    ],
    ids=["escaped key", "plain key", "nested key", "escapes elsewhere"],
)
def test_a_secret_in_a_json_body_is_masked_however_it_is_written(
    api: Api, demo: str, body: bytes
) -> None:
    text = body % demo.encode()
    api.http.post("/tracker/read", content=text, headers={"Content-Type": "application/json"})
    (entry,) = api.mock.journal[-1:]
    assert entry.call == "tracker/read"
    assert demo not in str(entry.params)
    assert demo.encode() not in (entry.fields_json or b"")


def test_a_body_without_secrets_is_kept_as_its_fields(api: Api, demo: str) -> None:
    text = b'{ "tracker_id": 1,\n  "note": "caf\xc3\xa9" }'
    api.http.post("/tracker/read", content=text, headers={"Authorization": f"NVX {demo}"})
    assert api.mock.journal[-1].params == {"tracker_id": 1, "note": "caf\u00e9"}


def test_a_large_body_s_fields_are_not_kept(api: Api, demo: str) -> None:
    label = "x" * JOURNALED_BODY_BYTES
    api.post("/department/create", {"hash": demo, "department": {"label": label}})
    assert api.mock.journal[-1].call == "department/create"
    assert api.mock.journal[-1].params is None


def test_verify_counts_matching_requests(api: Api, demo: str) -> None:
    _assign(api, demo, 1, 1)
    _assign(api, demo, 1, 1)

    def verify(**pattern: Any) -> dict[str, Any]:
        answer: dict[str, Any] = api.http.post("/__mock__/verify", json=pattern).json()
        return answer

    found = verify(path="task/assign", body={"task_id": 1})
    assert (found["matched"], found["count"], found["expected"]) == (True, 2, "at least 1")
    assert found["near_misses"] == []
    assert verify(path="task/assign", body={"task_id": 1}, count=2)["matched"] is True
    assert verify(path="task/assign", count=1)["matched"] is False
    assert verify(path="task/*", at_least=3)["matched"] is False
    assert verify(path="task/assign", at_most=1)["expected"] == "at most 1"
    assert verify(path="task/assign", at_least=1, at_most=2)["matched"] is True
    assert verify(path="task/assign", body={"task_id": 1}, code=0, credential="session")["matched"]
    assert verify(path="task/assign", credential="api_key")["count"] == 0
    assert verify(path="task/assign", since="2026-01-15 09:00:01")["count"] == 0
    assert verify(path="tracker/list", count=0)["matched"] is True


def test_a_miss_shows_the_closest_requests_and_what_differed(api: Api, demo: str) -> None:
    _assign(api, demo, 1, 2)
    api.post("/tracker/list", {"hash": demo})
    pattern = {"path": "task/assign", "body": {"task_id": 1, "tracker_id": 1}}
    answer = api.http.post("/__mock__/verify", json=pattern).json()
    assert (answer["matched"], answer["count"]) == (False, 0)
    closest = answer["near_misses"][0]
    assert closest["call"] == "task/assign"
    assert closest["differences"] == [{"field": "tracker_id", "expected": 1, "actual": 2}]
    fields = [d["field"] for d in answer["near_misses"][1]["differences"]]
    assert fields[0] == "path"


def test_form_fields_match_the_numbers_they_spell(api: Api, demo: str) -> None:
    api.http.post("/task/assign", data={"hash": demo, "task_id": "1", "tracker_id": "1"})
    api.mock.journal.assert_called("task/assign", task_id=1, tracker_id=1)


def test_reading_and_verifying_change_nothing(api: Api, demo: str) -> None:
    api.mock.backend.rate_limit = 2
    api.post("/tracker/list", {"hash": demo})
    world = api.document()
    before = list(api.mock.journal)
    for _ in range(5):
        api.http.get("/__mock__/journal")
        api.http.post("/__mock__/verify", json={"path": "tracker/list"})
        api.http.get("/__mock__/faults")
    assert list(api.mock.journal) == before
    assert api.document() == world
    assert api.post("/tracker/list", {"hash": demo}).json()["success"], "no rate counted"


@pytest.mark.parametrize(
    ("pattern", "parameter"),
    [
        ({}, "path"),
        ({"path": ""}, "path"),
        ({"path": "task/assign", "count": 1, "at_most": 2}, "count"),
        ({"path": "task/assign", "count": -1}, "count"),
        ({"path": "task/assign", "credential": "cookie"}, "credential"),
        ({"path": "task/assign", "since": "yesterday"}, "since"),
        ({"path": "task/assign", "times": 1}, "times"),
    ],
)
def test_an_invalid_verification_is_refused_naming_the_field(
    api: Api, pattern: dict[str, Any], parameter: str
) -> None:
    answer = api.http.post("/__mock__/verify", json=pattern)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["parameter"] == parameter


def test_assert_called_explains_a_miss(fleet_mock: FleetMock) -> None:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    session = fleet_mock.session()
    http.post("/task/assign", json={"hash": session, "task_id": 1, "tracker_id": 2})
    found = fleet_mock.journal.assert_called("task/assign", task_id=1)
    assert [e.params["tracker_id"] for e in found if e.params] == [2]
    with pytest.raises(AssertionError) as caught:
        fleet_mock.journal.assert_called("task/assign", task_id=1, tracker_id=1)
    message = str(caught.value)
    assert "expected at least 1 task/assign(task_id=1, tracker_id=1)" in message
    assert "tracker_id: expected 1, got 2" in message
    fleet_mock.journal.assert_not_called("task/delete")
    with pytest.raises(AssertionError, match="expected exactly 0"):
        fleet_mock.journal.assert_not_called("task/assign")
    fleet_mock.journal.assert_called("task/assign", times=1)
