"""Target 1: the served mock against a bare Starlette app answering the same bytes.

Both run on the same uvicorn, each in its own process; :mod:`bench.load` (another process)
keeps N keep-alive connections busy for a while against one, then the other, in turn. The
figure is requests per second; the note gives the server's processor time per request
(user and system, read from ``/proc``).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from bench.measure import Ratio, Sizes, Target, alternate
from fleetapi_mock import DEMO_API_KEY

BENCH = Path(__file__).resolve().parent
FLEET = Path(sys.executable).parent / "fleet"
"""The ``fleet`` script of the interpreter running the suite; it runs the suite's own code in
the :func:`code_environment`."""

CALLS: dict[str, dict[str, object]] = {
    "vehicle/read": {"vehicle_id": 1},
    "tracker/list": {},
    "base/nothing": {},
}
"""The calls served, with their bodies."""


def code_environment() -> dict[str, str]:
    """This process's environment with the source folder of the code the suite imports first on
    ``PYTHONPATH``: a process started from it (``fleet`` included) runs that code, not what the
    interpreter's environment installed (another checkout, say)."""
    import fleetapi_mock

    source = str(Path(fleetapi_mock.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([source, *filter(None, [env.get("PYTHONPATH")])])
    return env


def stop(process: subprocess.Popen[Any]) -> None:
    """End a server process: asked to stop, killed if it has not within 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def _process(argv: list[str], env: dict[str, str] | None = None) -> Iterator[tuple[str, int]]:
    """Start a server process that prints ``... listening on URL``; yield its URL and pid."""
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, text=True, env=env if env is not None else code_environment()
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if "listening on " not in line:
            raise RuntimeError(f"{argv[0]} did not start: {line!r}")
        yield line.rsplit(" ", 1)[1].strip(), process.pid
    finally:
        stop(process)


@contextlib.contextmanager
def served_mock() -> Iterator[str]:
    """``fleet mock serve`` on a free loopback port (no rate limit, frozen clock): its URL."""
    with _served_mock() as (url, _):
        yield url


def _served_mock() -> contextlib.AbstractContextManager[tuple[str, int]]:
    argv = [str(FLEET), "mock", "serve", "--port", "0", "--rate-limit", "0", "--frozen-clock"]
    return _process(argv)


def request_bytes(host: str, path: str, body: dict[str, object]) -> bytes:
    """The raw keep-alive request of ``path`` with a JSON body and the demo API key."""
    content = json.dumps(body).encode()
    head = (
        f"POST /{path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: NVX {DEMO_API_KEY}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(content)}\r\n\r\n"
    )
    return head.encode() + content


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Load:
    """Samples of one server under load: requests per second, and its processor time."""

    def __init__(self, url: str, pid: int, request: Path, connections: int, seconds: float):
        self.url, self.pid, self.request = urlsplit(url), pid, request
        self.connections, self.seconds = connections, seconds
        self.cpu: list[float] = []

    def __call__(self) -> float:
        """One sample: the requests per second of a run of the generator."""
        before = _cpu_seconds(self.pid)
        argv = [
            sys.executable, str(BENCH / "load.py"), str(self.url.hostname), str(self.url.port),
            str(self.seconds), str(self.connections), str(self.request),
        ]  # fmt: skip
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
        total, measured, elapsed = int(out[0]), int(out[1]), float(out[2])
        self.cpu.append((_cpu_seconds(self.pid) - before) / total)
        return measured / elapsed


def bench_served(sizes: Sizes) -> list[Ratio]:
    """Requests per second of the served mock and the bare app, each call at each level."""
    ratios = []
    with tempfile.TemporaryDirectory() as folder, _served_mock() as (mock_url, mock_pid):
        host = str(urlsplit(mock_url).netloc)
        answers: dict[str, str] = {}
        requests: dict[str, Path] = {}
        for path, body in CALLS.items():
            raw = request_bytes(host, path, body)
            requests[path] = Path(folder, path.replace("/", "_"))
            requests[path].write_bytes(raw)
            answer = httpx.post(
                f"{mock_url}/{path}", json=body, headers={"Authorization": f"NVX {DEMO_API_KEY}"}
            )
            answer.raise_for_status()
            answers[f"/{path}"] = answer.text
        answers_file = Path(folder, "answers.json")
        answers_file.write_text(json.dumps(answers), encoding="utf-8")
        bare_argv = [sys.executable, str(BENCH / "bare.py"), str(answers_file)]
        with _process(bare_argv) as (bare_url, bare_pid):
            for path in CALLS:
                for connections in sizes.concurrency:
                    mine = Load(mock_url, mock_pid, requests[path], connections, sizes.http_time)
                    bare = Load(bare_url, bare_pid, requests[path], connections, sizes.http_time)
                    project, baseline = alternate(mine, bare, sizes.http_samples)
                    note = (
                        f"server CPU per request: {statistics.median(mine.cpu) * 1e6:.0f} µs vs "
                        f"{statistics.median(bare.cpu) * 1e6:.0f} µs"
                    )
                    ratios.append(
                        Ratio(
                            f"{path}, {connections} connection(s) (served mock vs bare Starlette)",
                            project,
                            baseline,
                            "req/s",
                            Target(0.8, at_least=True),
                            sizes.http_samples,
                            note,
                        )
                    )
    return ratios
