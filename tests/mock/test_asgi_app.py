"""The ASGI app: what it answers besides the calls (failures, websockets, a client gone)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx
import pytest

from fleetapi_mock import DEMO_API_KEY
from fleetapi_mock.web.app import create_app
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.scheduling import QUICK_BODY_BYTES
from fleetapi_mock.web.wire import Response as Reply
from fleetapi_mock.web.worlds import Worlds

AUTH = {"Authorization": f"NVX {DEMO_API_KEY}"}


def _post(app: Any, url: str, **kwargs: Any) -> httpx.Response:
    async def post() -> httpx.Response:
        transport = httpx.ASGITransport(app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://mock") as http:
            return await http.post(url, **kwargs)

    return asyncio.run(post())


def test_the_query_and_headers_reach_the_backend() -> None:
    app = create_app()
    by_query = _post(app, f"/v2/tracker/list?hash={DEMO_API_KEY}", json={})
    assert by_query.status_code == 200
    assert by_query.json()["success"] is True
    iso = _post(app, "/v2/base/nothing", headers={**AUTH, "NVX-ISO-DateTime": "true"}, json={})
    assert "T" in iso.json()["user_time"]
    assert _post(app, "/v2/tracker/list", json={}).json()["status"]["code"] == 3  # no hash


def test_an_unexpected_error_is_answered_in_the_api_s_envelope(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worlds = Worlds(Backend())

    def broken(path: str, headers: object) -> Backend:
        raise RuntimeError("boom")

    monkeypatch.setattr(worlds, "find", broken)
    answered = _post(create_app(worlds), "/v2/base/nothing", headers=AUTH, json={})
    assert answered.status_code == 500
    assert answered.headers["content-type"].startswith("application/json")
    body = answered.json()
    assert body["success"] is False
    assert body["status"]["code"] == 6


def test_a_websocket_is_refused() -> None:
    sent: list[dict[str, Any]] = []
    scope = {"type": "websocket", "path": "/v2/base/nothing", "headers": [], "query_string": b""}

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(create_app()(scope, receive, send))
    assert [m["type"] for m in sent] == ["websocket.close"]


def test_a_client_gone_before_its_body_gets_no_answer_and_changes_nothing() -> None:
    backend = Backend()
    app = create_app(backend)
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/v2/base/nothing", "raw_path": b"/v2/base/nothing",
        "query_string": b"", "root_path": "", "client": ("127.0.0.1", 1), "server": None,
        "headers": [(b"authorization", AUTH["Authorization"].encode())],
    }  # fmt: skip

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    assert sent == []
    assert backend.handled == 0


def test_an_answer_with_a_header_http_cannot_carry_is_the_api_s_envelope(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backend = Backend()
    odd = Reply(200, {"content-type": "application/json", "x-note": "a → b"}, b"{}")
    monkeypatch.setattr(backend, "handle", lambda *args, **kwargs: odd)
    answered = _post(create_app(backend), "/v2/base/nothing", headers=AUTH, json={})
    assert answered.status_code == 500
    assert answered.json()["status"]["code"] == 6
    assert answered.headers["content-length"] == str(len(answered.content))


def _threads_answering(app: Any, backend: Backend, bodies: list[bytes]) -> list[str]:
    """The thread each of ``bodies`` was answered in (posted in turn to ``base/nothing``)."""
    names: list[str] = []
    handle = backend.handle

    def spying(*args: Any, **kwargs: Any) -> Reply:
        names.append(threading.current_thread().name)
        return handle(*args, **kwargs)

    backend.handle = spying  # type: ignore[method-assign]

    async def post_all() -> None:
        transport = httpx.ASGITransport(app)
        async with httpx.AsyncClient(transport=transport, base_url="http://mock") as http:
            for body in bodies:
                headers = {**AUTH, "content-type": "application/json"}
                await http.post("/base/nothing", content=body, headers=headers)

    asyncio.run(post_all())
    return names


def test_only_small_requests_known_to_be_quick_are_answered_on_the_event_loop() -> None:
    """A large body, even to a quick call, is read and parsed in a worker thread."""
    backend = Backend()
    small = b"{}"
    large = b'{"pad": "' + b"x" * QUICK_BODY_BYTES + b'"}'
    # a first call that paid for warming caches is forgotten a tenth at a time: enough small
    # calls follow for the path to be learnt as quick whatever the first one cost
    names = _threads_answering(create_app(backend), backend, [small] * 60 + [large])
    loop_thread = threading.current_thread().name  # asyncio.run's loop runs here
    assert names[0] != loop_thread  # never answered yet: a worker
    assert names[59] == loop_thread  # learnt as quick
    assert names[60] != loop_thread  # too large for the loop
    assert names[60].startswith("fleet-mock-worker")


def test_a_call_known_to_be_slow_runs_apart_from_the_others() -> None:
    """Once a call took long, its next requests go to the thread of long work, so that other
    suites' calls never queue behind them."""
    backend = Backend()
    names: list[str] = []
    handle = backend.handle

    def slow_then_spying(*args: Any, **kwargs: Any) -> Reply:
        names.append(threading.current_thread().name)
        started = time.thread_time()
        while len(names) == 1 and time.thread_time() - started < 0.06:  # the first is slow
            pass
        return handle(*args, **kwargs)

    backend.handle = slow_then_spying  # type: ignore[method-assign]
    app = create_app(backend)
    for _ in range(2):
        assert _post(app, "/base/nothing", headers=AUTH, json={}).status_code == 200
    assert names[0] == "fleet-mock-worker"  # not known yet: short work
    assert names[1] == "fleet-mock-worker-long"


def test_requests_queued_behind_a_first_slow_call_learn_from_it() -> None:
    """The requests that arrived while a world's first call of a path was running wait in the
    world's lane; when their turn comes the path is known to be slow, and they go to the thread
    of long work, not to the threads other worlds' quick calls need."""
    backend = Backend()
    names: list[str] = []
    handle = backend.handle

    def slow(*args: Any, **kwargs: Any) -> Reply:
        names.append(threading.current_thread().name)
        started = time.thread_time()
        while time.thread_time() - started < 0.06:
            pass
        return handle(*args, **kwargs)

    backend.handle = slow  # type: ignore[method-assign]
    app = create_app(backend)

    async def three_at_once() -> list[int]:
        transport = httpx.ASGITransport(app)
        async with httpx.AsyncClient(transport=transport, base_url="http://mock") as http:
            answers = await asyncio.gather(
                *(http.post("/base/nothing", json={}, headers=AUTH) for _ in range(3))
            )
        return [answer.status_code for answer in answers]

    assert asyncio.run(three_at_once()) == [200] * 3
    assert names == ["fleet-mock-worker", "fleet-mock-worker-long", "fleet-mock-worker-long"]
