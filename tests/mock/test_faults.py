"""Faults on purpose: every kind, in-process and over HTTP, with the SDK's retry rule observed.

Each fault fires once on a safe call (``tracker/list``) and on an unsafe one (``task/create``);
the journal counts the attempts and the world the tasks made, so the rule of docs/errors.md is
seen from both sides: a safe call is repeated after any transient fault, an unsafe call only
when the mock refused it before doing anything, and it never makes two tasks.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import httpx
import pytest

from fleetapi import (
    AsyncClient,
    Client,
    FleetApiError,
    FleetConnectionError,
    FleetTimeoutError,
    InvalidParametersError,
    MalformedAnswerError,
    ServiceOutageError,
    TooManyRequestsError,
)
from fleetapi.models.task import NewTask, TaskLocation
from fleetapi_mock import FleetMock
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.web.server import ThreadedServer, WorldServer

START = dt.datetime(2026, 1, 15, 10, 0)
NEW_TASK = NewTask(
    location=TaskLocation(lat=52.52, lng=13.405, radius=100),
    label="Fault probe",
    description="",
    from_=START,
    to=START + dt.timedelta(hours=2),
)
TIMEOUT = 0.4
"""The clients' timeout; a delay fault waits longer than this."""


@attrs.frozen
class Kind:
    """A fault rule and what the SDK does about it."""

    rule: dict[str, Any]
    safe_retried: bool
    unsafe_retried: bool
    did_work: bool
    """Whether the unsafe call's work was done before the fault (a task exists)."""
    raises: type[Exception]


KINDS: dict[str, Kind] = {
    "error 15": Kind({"error": 15, "retry_after": 0}, True, True, False, TooManyRequestsError),
    "status 503": Kind({"status": 503}, True, False, False, ServiceOutageError),
    "status 429": Kind({"status": 429, "retry_after": 0}, True, True, False, FleetApiError),
    "drop before": Kind({"drop": "before"}, True, False, False, FleetConnectionError),
    "drop after": Kind({"drop": "after"}, True, False, True, FleetConnectionError),
    "empty answer": Kind({"answer": "empty"}, True, False, True, MalformedAnswerError),
    "truncated answer": Kind({"answer": "truncated"}, True, False, True, MalformedAnswerError),
    "delay": Kind({"delay": 3 * TIMEOUT}, True, False, True, FleetTimeoutError),
    "error 7": Kind({"error": 7}, False, False, False, InvalidParametersError),
}

CALLS: dict[str, Callable[[Any], Any]] = {
    "tracker/list": lambda c: c.tracker.list(),
    "task/create": lambda c: c.task.create(task=NEW_TASK),
}


pytestmark = pytest.mark.usefixtures("no_backoff")


@pytest.fixture(scope="module")
def shared() -> Iterator[ThreadedServer]:
    with ThreadedServer() as server:
        yield server


@pytest.fixture
def world(shared: ThreadedServer, request: pytest.FixtureRequest) -> Iterator[WorldServer]:
    served = shared.world_server(f"faults-{abs(hash(request.node.nodeid))}")
    yield served
    served.close()


def _call(door: str, engine: str, mock: FleetMock, base_url: str, call: Callable[[Any], Any]):
    key = mock.session("demo")
    options: dict[str, Any] = {"api_key": key, "timeout": TIMEOUT}
    if door == "in-process":
        options["transport"] = mock.transport
    if engine == "sync":
        with Client(base_url=base_url, **options) as client:
            return call(client)

    async def main() -> Any:
        async with AsyncClient(base_url=base_url, **options) as client:
            return await call(client)

    return asyncio.run(main())


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("path", list(CALLS))
@pytest.mark.parametrize(
    ("door", "engine"), [("in-process", "sync"), ("in-process", "async"), ("http", "sync")]
)
def test_each_fault_kind_meets_the_sdk_retry_rule(
    kind: str, path: str, door: str, engine: str, world: WorldServer
) -> None:
    fault = KINDS[kind]
    if door == "in-process":
        mock, base_url = FleetMock(), FleetMock.base_url
    else:
        mock, base_url = world.mock, world.base_url
    rule = mock.faults.add(path=path, times=1, **fault.rule)
    tasks = len(mock.world.tasks)
    safe = path == "tracker/list"
    retried = fault.safe_retried if safe else fault.unsafe_retried
    if retried:
        _call(door, engine, mock, base_url, CALLS[path])
    else:
        with pytest.raises(fault.raises):
            _call(door, engine, mock, base_url, CALLS[path])
    attempts = mock.journal.find(path)
    assert len(attempts) == (2 if retried else 1)
    assert [e.fault for e in attempts][:1] == [rule.id]
    assert rule.fired == 1
    if not safe:
        made = 1 if retried or fault.did_work else 0
        assert len(mock.world.tasks) - tasks == made, "exactly one task or none"


def test_a_dropped_connection_leaves_the_server_answering(world: WorldServer) -> None:
    world.mock.faults.add(path="tracker/list", drop="before")
    session = world.mock.session("demo")
    with httpx.Client(base_url=world.base_url) as http:
        for _ in range(3):
            with pytest.raises(httpx.RemoteProtocolError):
                http.post("/tracker/list", json={"hash": session})
        answer = http.post("/tracker/read", json={"hash": session, "tracker_id": 1}).json()
    assert answer["success"] is True
    entries = world.mock.journal.find("tracker/list")
    assert [(e.status, e.fault) for e in entries] == [(0, 1)] * 3


def test_a_status_fault_carries_retry_after_and_no_envelope(world: WorldServer) -> None:
    with httpx.Client(base_url=world.base_url) as http:
        made = http.post("/__mock__/faults", json={"status": 429, "retry_after": 7}).json()
        assert made["fault"]["id"] == 1
        answer = http.post("/user/auth", json={"login": "demo", "password": "demo"})
    assert (answer.status_code, answer.headers["retry-after"]) == (429, "7")
    assert answer.headers["content-type"].startswith("text/plain")
    assert answer.text == "Too Many Requests\n"


@pytest.mark.parametrize(("wait", "header"), [(0, "0"), (2, "2")])
def test_an_error_fault_s_retry_after_is_sent_as_given(wait: int, header: str) -> None:
    """``retry_after: 0`` means retry at once: ``Retry-After: 0``, not one second."""
    mock = FleetMock()
    mock.faults.add(path="tracker/list", error=15, retry_after=wait)
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.post("/tracker/list", json={"hash": mock.session()})
    assert (answer.status_code, answer.headers["retry-after"]) == (429, header)


def test_an_error_fault_answers_the_code_with_its_status() -> None:
    mock = FleetMock()
    mock.faults.add(path="tracker/*", error=14)
    with mock.client(mock.session()) as client, pytest.raises(FleetApiError) as caught:
        client.with_options(max_retries=0).tracker.list()
    assert (caught.value.code, caught.value.http_status) == (14, 503)


def test_a_delay_alone_makes_the_answer_late_but_whole() -> None:
    mock = FleetMock()
    mock.faults.add(path="tracker/list", delay=0.05)
    with mock.client(mock.session()) as client:
        assert client.tracker.list()
    assert mock.journal.find("tracker/list")[0].fault == 1


def _rule_matches(mock: FleetMock, make: Callable[[], None]) -> int:
    before = mock.faults.list()[0].fired
    make()
    return mock.faults.list()[0].fired - before


def test_rules_match_by_credential_kind_user_and_body_fields() -> None:
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    demo, dispatcher = mock.session("demo"), mock.session("dispatcher")
    key = "f1ee7de0f1ee7de0f1ee7de0f1ee7de0"

    def fired(rule: dict[str, Any], requests: list[tuple[str, dict[str, Any]]]) -> list[bool]:
        mock.faults.clear()
        made = mock.faults.add(path="tracker/read", error=7, **rule)
        outcome = []
        for credential, body in requests:
            before = made.fired
            http.post("/tracker/read", json={"hash": credential, **body})
            outcome.append(made.fired > before)
        return outcome

    one = {"tracker_id": 1}
    assert fired({"credential": "api_key"}, [(key, one), (demo, one)]) == [True, False]
    assert fired({"credential": "session"}, [(key, one), (demo, one)]) == [False, True]
    assert fired({"credential": "none"}, [("0" * 32, one), (demo, one)]) == [True, False]
    assert fired({"login": "dispatcher"}, [(demo, one), (dispatcher, one)]) == [False, True]
    assert fired({"user_id": 1}, [(demo, one), (dispatcher, one)]) == [True, False]
    body = {"body": {"tracker_id": 2}}
    assert fired(body, [(demo, one), (demo, {"tracker_id": 2})]) == [False, True]
    form = http.post("/tracker/read", data={"hash": demo, "tracker_id": "2"})
    assert form.json()["status"]["code"] == 7, "a form field matches the number it spells"


def test_times_after_and_order_decide_which_requests_a_rule_hits() -> None:
    mock = FleetMock()
    first = mock.faults.add(path="tracker/list", error=13, after=1, times=2)
    second = mock.faults.add(path="tracker/*", error=7)
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    session = mock.session()
    codes = [
        http.post("/tracker/list", json={"hash": session}).json().get("status", {}).get("code", 0)
        for _ in range(5)
    ]
    assert codes == [7, 13, 13, 7, 7]
    assert (first.matched, first.fired, first.spent) == (3, 2, True)
    assert second.fired == 3


def test_a_seeded_probability_hits_the_same_requests_every_run() -> None:
    def pattern(seed: int) -> list[bool]:
        mock = FleetMock()
        rule = mock.faults.add(path="tracker/list", error=7, probability=0.5, seed=seed)
        http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
        session = mock.session()
        hits = []
        for _ in range(40):
            before = rule.fired
            http.post("/tracker/list", json={"hash": session})
            hits.append(rule.fired > before)
        return hits

    assert pattern(3) == pattern(3)
    assert pattern(3) != pattern(4)
    assert 5 < sum(pattern(3)) < 35
    world_seeded = [FleetMock(seed=9).faults.add(error=7, probability=0.5) for _ in range(2)]
    draws = [[r._chance.random() for _ in range(3)] for r in world_seeded]
    assert draws[0] == draws[1], "a rule's chances follow the world's seed"


def test_rules_are_listed_removed_cleared_and_gone_after_a_reset(world: WorldServer) -> None:
    with httpx.Client(base_url=world.base_url) as http:
        for path in ("task/*", "tracker/list"):
            assert http.post("/__mock__/faults", json={"path": path, "drop": "after"}).json()[
                "success"
            ]
        listed = http.get("/__mock__/faults").json()["list"]
        assert [(r["id"], r["path"], r["drop"], r["fired"]) for r in listed] == [
            (1, "task/*", "after", 0),
            (2, "tracker/list", "after", 0),
        ]
        assert http.delete("/__mock__/faults/1").json() == {"success": True}
        assert http.delete("/__mock__/faults/1").json()["status"]["code"] == 7
        assert [r["id"] for r in http.get("/__mock__/faults").json()["list"]] == [2]
        http.post("/__mock__/reset")
        assert http.get("/__mock__/faults").json()["list"] == []
        http.post("/__mock__/faults", json={"error": 7})
        assert http.delete("/__mock__/faults").json() == {"success": True}
        assert world.mock.faults.list() == []


@pytest.mark.parametrize(
    ("rule", "parameter"),
    [
        ({"path": "x", "error": 7, "drop": "after"}, "drop"),
        ({"path": "x"}, "error"),
        ({"error": 99999}, "error"),
        ({"error": 0}, "error"),
        ({"status": 200}, "status"),
        ({"drop": "sometimes"}, "drop"),
        ({"delay": -1}, "delay"),
        ({"delay": 601}, "delay"),
        ({"error": 7, "probability": 2}, "probability"),
        ({"error": 7, "times": 0}, "times"),
        ({"drop": "after", "retry_after": 1}, "retry_after"),
        ({"error": 7, "stauts": 503}, "stauts"),
        ({"error": "7"}, None),
        ({"error": 7, "body": [1]}, "body"),
    ],
)
def test_an_invalid_rule_is_refused_naming_the_field(rule: dict[str, Any], parameter: str | None):
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.post("/__mock__/faults", json=rule)
    body = answer.json()
    if parameter is None:  # a number as text is read as the number, as everywhere
        assert body["success"] is True
        return
    assert (answer.status_code, body["status"]["code"]) == (400, 7), body
    assert body["errors"][0]["parameter"] == parameter
    assert mock.faults.list() == []
    with pytest.raises(InvalidParametersError):
        mock.faults.add(rule)


def test_a_world_holds_a_bounded_number_of_rules() -> None:
    mock = FleetMock()
    for _ in range(DEFAULT_LIMITS.max_fault_rules):
        mock.faults.add(path="tracker/list", error=7)
    with pytest.raises(InvalidParametersError, match="at most"):
        mock.faults.add(path="tracker/list", error=7)


def test_faults_are_the_world_s_own(shared: ThreadedServer) -> None:
    one, other = shared.world_server("faults-one"), shared.world_server("faults-other")
    try:
        one.mock.faults.add(error=7)
        for served, code in ((one, 7), (other, 0)):
            with httpx.Client(base_url=served.base_url) as http:
                answer = http.post("/user/auth", json={"login": "demo", "password": "demo"})
                assert answer.json().get("status", {}).get("code", 0) == code
                assert http.get("/__mock__/clock").json()["success"], "control is never faulted"
    finally:
        one.close()
        other.close()


def test_a_rules_body_is_bounded():
    """A world's rules stay small: ``GET /__mock__/faults`` answers at most a hundred rules
    of at most 64 KiB of body each."""
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    label = "x" * DEFAULT_LIMITS.max_fault_body_bytes
    big = {"path": "task/*", "delay": 0.1, "body": {"label": label}}
    answer = http.post("/__mock__/faults", json=big).json()
    assert answer["status"]["code"] == 7
    assert answer["errors"][0]["parameter"] == "body"
    assert mock.faults.list() == []
    small = {**big, "body": {"label": "x" * 1000}}
    assert http.post("/__mock__/faults", json=small).json()["success"] is True


def test_a_server_s_limits_on_rules_are_its_own() -> None:
    """``--max-fault-rules`` and ``--max-fault-body-bytes`` set each world's bounds."""
    limits = ServerLimits(max_fault_rules=2, max_fault_body_bytes=100)
    with (
        ThreadedServer(FleetMock(), limits=limits) as served,
        httpx.Client(base_url=served.base_url, headers={"X-Mock-World": "rules"}) as http,
    ):
        rule = {"path": "task/*", "error": 7}
        added = [http.post("/__mock__/faults", json=rule).json() for _ in range(3)]
        http.delete("/__mock__/faults")
        large = {**rule, "body": {"label": "x" * 100}}
        too_large = http.post("/__mock__/faults", json=large).json()
    assert [a["success"] for a in added] == [True, True, False]
    assert "at most 2 rules" in added[2]["errors"][0]["error"]
    assert too_large["errors"][0]["parameter"] == "body"
