"""The retry rule of docs/errors.md, driven through both clients against the in-process mock.

The table in docs/errors.md is the promise: every failure kind it names is injected once into
a real call (before the request reaches the mock, or after the mock has done the work) and
the test counts the attempts and the entities the mock created. An unsafe call is never
repeated once it may have done its work, so it creates exactly one entity or none.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest

from fleetapi import AsyncClient, Client, FleetApiError, FleetConnectionError, FleetTimeoutError
from fleetapi._retry import RETRY_RULES, Failure, Repeat, RetryPolicy
from fleetapi.models.task import NewTask, TaskLocation
from fleetapi_mock import FleetMock

ERRORS_PAGE = Path(__file__).parents[2] / "docs" / "errors.md"
HEADER = "| Failure | Safe call | Unsafe call |"
KML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'
    b"<Document><Placemark><Point><coordinates>13.4,52.5,0</coordinates></Point>"
    b"</Placemark></Document></kml>\n"
)


def documented_rules() -> dict[str, tuple[bool, bool]]:
    """The retry table of docs/errors.md: failure name -> (safe retried, unsafe retried)."""
    lines = ERRORS_PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADER) + 2
    rules: dict[str, tuple[bool, bool]] = {}
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        name, safe, unsafe = (cell.strip() for cell in line.strip("|").split("|"))
        assert {safe, unsafe} <= {"retried", "raised"}, line
        rules[name] = (safe == "retried", unsafe == "retried")
    return rules


DOCUMENTED = documented_rules()


def test_the_documented_table_is_the_rule_the_sdk_applies():
    assert set(DOCUMENTED) == {failure.value for failure in Failure}
    policy = RetryPolicy(max_retries=1)
    for failure in Failure:
        safe, unsafe = DOCUMENTED[failure.value]
        assert policy.should_retry(1, failure, safe=True) is safe, failure
        assert policy.should_retry(1, failure, safe=False) is unsafe, failure
        assert not policy.should_retry(2, failure, safe=True), "attempts are bounded"
    assert RETRY_RULES[Failure.READ_ERROR] is Repeat.SAFE


@attrs.frozen
class Fault:
    """One failure: raised (or answered) before the request reaches the mock, or after."""

    make: Callable[[httpx.Request], Exception | httpx.Response]
    after_work: bool


def _answer(status: int, code: int) -> Callable[[httpx.Request], httpx.Response]:
    def make(request: httpx.Request) -> httpx.Response:
        body = {"success": False, "status": {"code": code, "description": "injected"}}
        headers = {"retry-after": "0"} if status == 429 else {}
        return httpx.Response(status, json=body, headers=headers, request=request)

    return make


FAULTS: dict[Failure, Fault] = {
    Failure.CONNECT: Fault(lambda r: httpx.ConnectError("refused", request=r), False),
    Failure.CONNECT_TIMEOUT: Fault(lambda r: httpx.ConnectTimeout("slow", request=r), False),
    Failure.POOL_TIMEOUT: Fault(lambda r: httpx.PoolTimeout("busy", request=r), False),
    Failure.RATE_LIMITED: Fault(_answer(429, 15), False),
    Failure.WRITE_ERROR: Fault(lambda r: httpx.WriteError("reset", request=r), True),
    Failure.WRITE_TIMEOUT: Fault(lambda r: httpx.WriteTimeout("slow", request=r), True),
    Failure.READ_ERROR: Fault(lambda r: httpx.ReadError("reset", request=r), True),
    Failure.READ_TIMEOUT: Fault(lambda r: httpx.ReadTimeout("slow", request=r), True),
    Failure.PROTOCOL_ERROR: Fault(
        lambda r: httpx.RemoteProtocolError("peer closed", request=r), True
    ),
    Failure.SERVER_ERROR: Fault(_answer(502, 14), True),
    Failure.MALFORMED: Fault(lambda r: httpx.Response(200, content=b'{"succ', request=r), True),
    Failure.UNSUPPORTED: Fault(lambda r: httpx.UnsupportedProtocol("gopher", request=r), False),
    Failure.OTHER: Fault(_answer(400, 7), False),
}


class FaultOnce(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """Forwards to the mock; the first request fails by ``fault``, before or after the work."""

    def __init__(self, mock: FleetMock, fault: Fault) -> None:
        self.inner = mock.transport
        self.fault = fault
        self.attempts = 0

    def _fail_or(self, request: httpx.Request, answer: Callable[[], httpx.Response]) -> Any:
        self.attempts += 1
        if self.attempts > 1:
            return answer()
        if self.fault.after_work:
            answer()  # the mock does the work; its answer is lost
        outcome = self.fault.make(request)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self._fail_or(request, lambda: self.inner.handle_request(request))  # type: ignore[no-any-return]

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()
        replay = httpx.Request(request.method, request.url, headers=request.headers, content=body)
        return self._fail_or(request, lambda: self.inner.handle_request(replay))  # type: ignore[no-any-return]


pytestmark = pytest.mark.usefixtures("no_backoff")


START = dt.datetime(2026, 1, 15, 10, 0)
NEW_TASK = NewTask(
    location=TaskLocation(lat=52.52, lng=13.405, radius=100),
    label="Retry probe",
    description="",
    from_=START,
    to=START + dt.timedelta(hours=2),
)

CALLS: dict[str, tuple[Callable[[Any], Any], Callable[[FleetMock], int]]] = {
    "task/create": (lambda c: c.task.create(task=NEW_TASK), lambda m: len(m.world.tasks)),
    "map_layer/upload": (
        lambda c: c.map_layer.upload(file=("layer.kml", KML), label="Probe"),
        lambda m: len(m.world.map_layers),
    ),
    "task/list (safe)": (lambda c: c.task.list(), lambda m: 0),
}


def run(engine: str, mock: FleetMock, transport: FaultOnce, call: Callable[[Any], Any]) -> Any:
    """Make ``call`` with a sync or an async client on ``transport``, logged in as demo."""
    key = mock.session("demo")
    if engine == "sync":
        with Client(base_url=mock.base_url, api_key=key, transport=transport) as client:
            return call(client)

    async def main() -> Any:
        async with AsyncClient(base_url=mock.base_url, api_key=key, transport=transport) as client:
            return await call(client)

    return asyncio.run(main())


@pytest.mark.parametrize("engine", ["sync", "async"])
@pytest.mark.parametrize("call_name", list(CALLS))
@pytest.mark.parametrize("failure", list(Failure), ids=lambda f: f.name.lower())
def test_each_failure_kind_through_both_clients(engine: str, call_name: str, failure: Failure):
    mock = FleetMock()
    call, count = CALLS[call_name]
    safe = call_name.endswith("(safe)")
    retried = DOCUMENTED[failure.value][0 if safe else 1]
    fault = FAULTS[failure]
    transport = FaultOnce(mock, fault)
    before = count(mock)
    if retried:
        run(engine, mock, transport, call)
        assert transport.attempts == 2
    else:
        expected = FleetTimeoutError if "timeout" in failure.value else FleetConnectionError
        if failure in (
            Failure.RATE_LIMITED,
            Failure.SERVER_ERROR,
            Failure.MALFORMED,
            Failure.OTHER,
        ):
            expected = FleetApiError
        with pytest.raises(expected):
            run(engine, mock, transport, call)
        assert transport.attempts == 1
    if not safe:
        did_work = retried or fault.after_work
        assert count(mock) - before == (1 if did_work else 0), "exactly one entity or none"


def test_an_upload_reset_after_the_work_makes_one_layer_not_three():
    mock = FleetMock()
    transport = FaultOnce(mock, FAULTS[Failure.READ_ERROR])
    layers = len(mock.world.map_layers)
    with pytest.raises(FleetConnectionError, match="ReadError"):
        run("sync", mock, transport, CALLS["map_layer/upload"][0])
    assert len(mock.world.map_layers) == layers + 1


def test_the_rule_is_stated_in_the_readme():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert re.search(r"never repeat an unsafe\s+call", readme)
    assert "docs/errors.md" in readme or "errors.md" in readme
