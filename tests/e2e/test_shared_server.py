"""One `fleet mock serve` shared by many suites: no world holds up another, and no client
exhausts the server's connections.

Each test starts its own server. Latency bounds here are ten times above what the server does
and ten times below what it did before its lanes (a busy world held others for 2 to 15 s);
the figures themselves are measured by ``make bench`` (the shared-server group).
"""

from __future__ import annotations

import copy
import json
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from fleetapi_mock import DEMO_API_KEY, demo_document

pytestmark = pytest.mark.e2e

AUTH = {"Authorization": f"NVX {DEMO_API_KEY}"}

STACKS = [
    pytest.param((), id="httptools-uvloop"),
    pytest.param(("--http", "h11", "--loop", "asyncio"), id="h11-asyncio"),
]
"""The server stacks the connection limits are held on: the C parser and loop the ``mock``
extra installs, and the pure-Python fallback (``fleet mock serve --http h11 --loop asyncio``)."""


@contextmanager
def serve(*options: str, descriptors: int | None = None) -> Iterator[tuple[str, Any]]:
    """``fleet mock serve`` on a free port: its URL and process (stopped at the end)."""

    def limit() -> None:
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    command = [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--rate-limit", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("fleet mock: listening on "), line
        yield line.rsplit(" ", 1)[1].strip(), process
    finally:
        process.terminate()
        process.communicate(timeout=30)


def busy_world(url: str, tasks: int = 10_000) -> None:
    """Load the world ``heavy`` with ``tasks`` tasks: each ``task/list`` takes a while."""
    document = demo_document()
    first = document["tasks"][0]
    for n in range(tasks):
        document["tasks"].append({**copy.deepcopy(first), "id": 100_000 + n})
    loaded = httpx.post(f"{url}/__world/heavy/__mock__/reset", json=document, timeout=60)
    assert loaded.json()["success"] is True, loaded.text


def light_latencies(url: str, seconds: float) -> list[float]:
    """Seconds each ``base/nothing`` of the world ``light`` took, called for ``seconds`` once
    the world exists (making it from the starting document is not what is measured)."""
    taken: list[float] = []
    with httpx.Client(base_url=f"{url}/__world/light", headers=AUTH, timeout=60) as http:
        http.post("/base/nothing", json={})  # the world is made on its first call: not timed
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            started = time.perf_counter()
            assert http.post("/base/nothing", json={}).status_code == 200
            taken.append(time.perf_counter() - started)
            time.sleep(0.01)
    return taken


def p99(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.99)]


def hammer(url: str, path: str, body: bytes, threads: int, stop: threading.Event) -> list[int]:
    """Keep ``threads`` clients sending ``body`` to ``path`` of the world ``heavy``; the
    status of each answer, in a list that grows until ``stop`` is set."""
    statuses: list[int] = []

    def client() -> None:
        headers = {**AUTH, "content-type": "application/json"}
        with httpx.Client(base_url=f"{url}/__world/heavy", headers=headers, timeout=120) as http:
            while not stop.is_set():
                statuses.append(http.post(path, content=body).status_code)

    for _ in range(threads):
        threading.Thread(target=client, daemon=True).start()
    return statuses


def test_sixty_slow_calls_in_one_world_do_not_hold_up_another() -> None:
    """A suite flooding its world waits in its own lane; other suites are answered at once."""
    stop = threading.Event()
    with serve() as (url, _):
        busy_world(url)
        statuses = hammer(url, "/task/list", b"{}", 60, stop)
        try:
            time.sleep(1)  # every slow call has arrived
            taken = light_latencies(url, 4)
        finally:
            stop.set()
    assert statuses, "the slow calls were answered too"
    assert p99(taken) < 1.0, f"p99 {p99(taken):.3f} s"


def test_a_large_body_is_read_off_the_event_loop() -> None:
    """A 13.5 MB body to a call the server knows as quick does not stop other worlds."""
    big = json.dumps({"tag_bindings": [{"tracker_id": 1, "tag_ids": list(range(1_600_000))}]})
    stop = threading.Event()
    with serve() as (url, _):
        with httpx.Client(base_url=f"{url}/__world/heavy", headers=AUTH) as http:
            for _ in range(20):  # the path is learnt as quick in that world
                http.post("/tracker/tags/set", json={"tag_bindings": []})
        statuses = hammer(url, "/tracker/tags/set", big.encode(), 2, stop)
        try:
            taken = light_latencies(url, 4)
        finally:
            stop.set()
    assert len(big) > 13_000_000
    assert statuses
    assert max(taken) < 1.0, f"max {max(taken):.3f} s"


def test_making_a_world_does_not_hold_up_the_others(tmp_path: Path) -> None:
    """A suite's first call makes its world from the starting document (a second for 15,000
    tasks here): other worlds are answered meanwhile, and the new worlds are whole."""
    document = demo_document()
    first = document["tasks"][0]
    document["tasks"] += [{**copy.deepcopy(first), "id": 100_000 + n} for n in range(15_000)]
    starting = tmp_path / "world.json"
    starting.write_text(json.dumps(document))
    made: list[int] = []

    def make_worlds(url: str) -> None:
        for n in range(3):
            with httpx.Client(base_url=f"{url}/__world/new-{n}", headers=AUTH, timeout=60) as c:
                made.append(c.post("/task/list", json={"limit": 1}).json()["count"])

    with serve("--world", str(starting)) as (url, _):
        maker = threading.Thread(target=make_worlds, args=(url,))
        light = threading.Thread(target=lambda: taken.extend(light_latencies(url, 3)))
        taken: list[float] = []
        light.start()
        time.sleep(0.5)  # the light world exists before the first new one is asked for
        maker.start()
        maker.join()
        light.join()
    assert made == [len(document["tasks"])] * 3
    assert max(taken) < 0.4, f"max {max(taken):.3f} s"


def test_a_world_s_queue_is_bounded_and_refused_in_the_envelope() -> None:
    """Past --world-queue, the world answers code 14 (503, Retry-After) naming the option;
    other worlds go on."""
    stop = threading.Event()
    with serve("--world-queue", "1") as (url, _):
        busy_world(url, tasks=5_000)
        hammer(url, "/task/list", b"{}", 8, stop)
        try:
            answer = None
            deadline = time.monotonic() + 30
            with httpx.Client(base_url=f"{url}/__world/heavy", headers=AUTH, timeout=60) as http:
                while time.monotonic() < deadline:
                    answer = http.post("/task/list", json={})
                    if answer.status_code == 503:
                        break
            other = httpx.post(f"{url}/__world/light/base/nothing", headers=AUTH)
        finally:
            stop.set()
    assert other.status_code == 200
    assert answer is not None
    assert answer.status_code == 503
    assert answer.json()["status"]["code"] == 14
    assert "--world-queue" in answer.text
    assert answer.headers["retry-after"] == "1"


def _raise_own_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"this process may open {hard} descriptors, the test needs {wanted}")
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


@pytest.mark.parametrize("stack", STACKS)
def test_idle_connections_past_the_descriptor_limit_leave_the_server_answering(
    stack: tuple[str, ...],
) -> None:
    """1,100 idle sockets against a server limited to 1,024 descriptors: others still get
    answers, and the log stays quiet."""
    _raise_own_limit(1400)
    idle: list[socket.socket] = []
    with serve(*stack, descriptors=1024) as (url, process):
        host, port = url.removeprefix("http://").rsplit(":", 1)
        try:
            for _ in range(1100):
                idle.append(socket.create_connection((host, int(port)), timeout=10))
            started = time.monotonic()
            answer = httpx.post(f"{url}/base/nothing", headers=AUTH, json={}, timeout=10)
            waited = time.monotonic() - started
        finally:
            for sock in idle:
                sock.close()
        again = httpx.post(f"{url}/base/nothing", headers=AUTH, json={}, timeout=10)
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert answer.status_code == 200
    assert waited < 5
    assert again.status_code == 200
    assert len(err) < 10_000, err[-2000:]


def _exchange(url: str, data: bytes, *, wait: float = 10) -> bytes:
    """What the server answers ``data`` sent on a fresh connection (until it closes)."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def _envelope(answer: bytes) -> tuple[int, dict[str, Any]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


@pytest.mark.parametrize("stack", STACKS)
def test_a_request_that_trickles_in_is_cut_off_in_the_envelope(stack: tuple[str, ...]) -> None:
    """Headers that never end, or a body that stops, get HTTP 408 (code 5) after
    --read-timeout; a silent connection is closed without a word."""
    with serve("--read-timeout", "1", *stack) as (url, _):
        started = time.monotonic()
        answer = _exchange(url, b"POST /base/nothing HTTP/1.1\r\nHost: x\r\n")
        took = time.monotonic() - started
        head = b"POST /base/nothing HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{"
        stopped = _exchange(url, head)
        silent = _exchange(url, b"")
    for cut in (answer, stopped):
        status, body = _envelope(cut)
        assert status == 408
        assert body["status"]["code"] == 5
    assert took < 5
    assert silent == b""


@pytest.mark.parametrize("stack", STACKS)
def test_a_slow_body_that_keeps_coming_is_answered(stack: tuple[str, ...]) -> None:
    """The read timeout bounds a body's pauses, not its length: a body whose parts come
    0.5 s apart for 2.5 s under a timeout of 1 s is answered."""
    body = b'{"a": "' + b"x" * 4 + b'"}'
    head = (
        f"POST /base/nothing HTTP/1.1\r\nHost: x\r\nAuthorization: NVX {DEMO_API_KEY}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    with serve("--read-timeout", "1", *stack) as (url, _):
        host, port = url.removeprefix("http://").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(head)
            for piece in (body[:3], body[3:6], body[6:9], body[9:12], body[12:]):
                time.sleep(0.5)
                sock.sendall(piece)
            received = b""
            while chunk := sock.recv(65536):
                received += chunk
    status, answer = _envelope(received)
    assert status == 200, received
    assert answer["success"] is True


@pytest.mark.parametrize("stack", STACKS)
def test_malformed_http_is_answered_in_the_envelope(stack: tuple[str, ...]) -> None:
    """A request HTTP cannot read gets HTTP 400 with the API's failure envelope (code 5)."""
    with serve(*stack) as (url, _):
        answer = _exchange(url, b"GARBAGE\r\n\r\n")
        alive = httpx.post(f"{url}/base/nothing", headers=AUTH, json={})
    status, body = _envelope(answer)
    assert status == 400
    assert body["success"] is False
    assert body["status"]["code"] == 5
    assert alive.status_code == 200


@pytest.mark.parametrize("stack", STACKS)
def test_a_server_full_of_requests_in_progress_refuses_the_next_connection(
    stack: tuple[str, ...],
) -> None:
    """With every connection busy receiving a request, one more is refused with code 14."""
    with serve("--max-connections", "2", *stack) as (url, _):
        host, port = url.removeprefix("http://").rsplit(":", 1)
        head = b"POST /base/nothing HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
        busy = [socket.create_connection((host, int(port)), timeout=10) for _ in range(2)]
        try:
            for sock in busy:
                sock.sendall(head)
            time.sleep(0.3)
            answer = _exchange(url, b"")
        finally:
            for sock in busy:
                sock.close()
        alive = httpx.post(f"{url}/base/nothing", headers=AUTH, json={})
    status, body = _envelope(answer)
    assert status == 503
    assert body["status"]["code"] == 14
    assert alive.status_code == 200
