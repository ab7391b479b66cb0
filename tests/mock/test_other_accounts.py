"""An ID of another account is answered exactly like a missing one: same code, same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mock_helpers import Api

from fleetapi_mock import demo_document

MISSING = 999


def _other(collection: str) -> int:
    document = demo_document()
    other = next(u["id"] for u in document["users"] if u["login"] == "other")
    return int(next(i["id"] for i in document[collection] if i["user_id"] == other))


def _task(tracker_id: int) -> dict[str, Any]:
    return {"task": {"label": "x", "description": "", "from": "2026-01-15 10:00:00",
                     "to": "2026-01-15 12:00:00", "location": {"lat": 52.5, "lng": 13.4,
                     "radius": 50}, "tracker_id": tracker_id}}  # fmt: skip


CASES: list[tuple[str, str, Callable[[int], dict[str, Any]], str, int]] = [
    ("tracker/read", "/tracker/read", lambda i: {"tracker_id": i}, "trackers", 201),
    ("vehicle/read", "/vehicle/read", lambda i: {"vehicle_id": i}, "vehicles", 201),
    ("checkin/read", "/checkin/read", lambda i: {"checkin_id": i}, "checkins", 204),
    ("task/assign", "/task/assign", lambda i: {"task_id": 2, "tracker_id": i}, "trackers", 204),
    ("task/create", "/task/create", _task, "trackers", 201),
    ("checkin/form/create", "/checkin/form/create",
     lambda i: {"tracker_id": i, "template_id": 1}, "trackers", 201),
    ("vehicle/create garage", "/vehicle/create",
     lambda i: {"vehicle": {"label": "x", "type": "car", "garage_id": i}}, "garages", 204),
    ("vehicle/create tracker", "/vehicle/create",
     lambda i: {"vehicle": {"label": "x", "type": "car", "tracker_id": i}}, "trackers", 204),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body", "collection", "code"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_another_accounts_id_answers_like_a_missing_one(
    api: Api, demo: str, path: str, body: Callable[[int], dict[str, Any]], collection: str,
    code: int,
) -> None:  # fmt: skip
    other = _other(collection)
    before = api.document()
    theirs = api.post(path, body(other), hash=demo).json()
    missing = api.post(path, body(MISSING), hash=demo).json()
    assert theirs["status"]["code"] == missing["status"]["code"] == code
    described = theirs["status"]["description"].replace(str(other), str(MISSING))
    assert described == missing["status"]["description"]
    after = api.document()
    del before["sessions"], after["sessions"]
    assert after == before
