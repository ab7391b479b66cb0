"""Target: the served mock against the mock servers users run now, side by side.

``fleet mock serve``, WireMock 3 (static stubs, standalone jar), Stoplight Prism 5 (``prism
mock`` on the mock's OpenAPI document, answering from its examples) and a plain ASGI app on the
mock's uvicorn stack (:mod:`bench.bare`) answer the same bytes for ``vehicle/read`` and
``tracker/list`` (the demo world's answers). One load client meets them all: ``wrk`` with
``bench/wrk_post.lua`` when installed (and samples last whole seconds), else
:mod:`bench.load`. Each server first answers each call for ten samples' time (a JVM compiles
its hot paths); then rounds of one sample per server alternate (:func:`alternate_all`).

The peers are installed once into ``build/peers`` (git-ignored) by ``make peers``, which runs
``python bench/peers.py --install`` (npm); a peer that is missing here, or whose runtime
(java, node) is, gives figures that say ``skipped:`` and how to install it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as a script: import the suite as the package ``bench``
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import httpx

from bench.measure import Ratio, Sizes, Target, alternate_all, skipped
from bench.served import CALLS, _cpu_seconds, _process, request_bytes, stop
from fleetapi_mock import DEMO_API_KEY

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
CACHE = ROOT / "build" / "peers"
"""Where ``--install`` puts the peers (and the bench its stubs, document and logs)."""
PACKAGES = ("wiremock@3.13.2", "@stoplight/prism-cli@5.14.2")
"""The npm packages of the peers: WireMock's carries the standalone jar."""
PEER_CALLS = ("vehicle/read", "tracker/list")
WRK_SCRIPT = BENCH / "wrk_post.lua"
WARM_SAMPLES = 10
"""Each server answers each call this many samples' time before the rounds."""
START_SECONDS = 180.0
"""How long a peer may take to answer its first call (Prism reads a 2 MB document)."""
INSTALL = "make peers"

WIREMOCK = "WireMock 3"
PRISM = "Prism 5"
BARE = "bare ASGI app"
TARGETS = {
    WIREMOCK: Target(1.5, at_least=True),
    BARE: Target(0.9, at_least=True),
    PRISM: Target(0, info=True),
}
"""The peers in the order of the table, with the target of the mock's rate over theirs."""


def wiremock_jar(cache: Path = CACHE) -> Path | None:
    """The standalone jar inside the installed ``wiremock`` npm package, if any."""
    jars = sorted((cache / "node_modules" / "wiremock" / "build").glob("wiremock-standalone-*.jar"))
    return jars[-1] if jars else None


def prism_script(cache: Path = CACHE) -> Path | None:
    """Prism's command-line script inside the installed npm package, if any."""
    script = cache / "node_modules" / "@stoplight" / "prism-cli" / "dist" / "index.js"
    return script if script.is_file() else None


def missing(cache: Path = CACHE) -> dict[str, str]:
    """For each external peer: ``""`` when it can run here, else why not and how to install."""
    npm = "" if shutil.which("npm") else "apt-get install npm, "
    found = {
        WIREMOCK: ("java", "apt-get install openjdk-17-jre-headless", wiremock_jar(cache)),
        PRISM: ("node", "apt-get install nodejs", prism_script(cache)),
    }
    reasons = {}
    for peer, (runtime, get_runtime, package) in found.items():
        if shutil.which(runtime) is None:
            reasons[peer] = f"{runtime} not found: {get_runtime}, {npm}then {INSTALL}"
        elif package is None:
            then = f"{npm}then " if npm else ""
            reasons[peer] = f"not installed in {cache}: {then}{INSTALL}"
        else:
            reasons[peer] = ""
    return reasons


def server_stack() -> tuple[str, str]:
    """uvicorn's HTTP protocol and loop that ``auto`` takes here, named for both servers."""
    http = "httptools" if importlib.util.find_spec("httptools") else "h11"
    loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    return http, loop


@dataclasses.dataclass(frozen=True)
class Server:
    """A server under test: its name, URL and process."""

    name: str
    url: str
    pid: int


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _external(name: str, argv: list[str], url: str, log: Path) -> Iterator[Server]:
    """Start a peer writing to ``log``; yield it once it answers ``vehicle/read``."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{name} did not start (see {log}):\n{tail}")
            try:
                httpx.post(f"{url}/vehicle/read", json=CALLS["vehicle/read"])
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield Server(name, url, process.pid)
    finally:
        stop(process)


def _wiremock(
    answers: dict[str, httpx.Response], cache: Path
) -> contextlib.AbstractContextManager[Server]:
    """WireMock with one stub per call: the method and URL, answering the mock's bytes."""
    root = cache / "wiremock"
    shutil.rmtree(root / "mappings", ignore_errors=True)
    (root / "mappings").mkdir(parents=True)
    for index, (path, answer) in enumerate(answers.items()):
        stub = {
            "request": {"method": "POST", "url": f"/{path}"},
            "response": {
                "status": 200,
                "body": answer.text,
                "headers": {"Content-Type": answer.headers["content-type"]},
            },
        }
        (root / "mappings" / f"{index}.json").write_text(json.dumps(stub), encoding="utf-8")
    port = _free_port()
    argv = [
        str(shutil.which("java")), "-jar", str(wiremock_jar(cache)), "--port", str(port),
        "--bind-address", "127.0.0.1", "--disable-banner", "--no-request-journal",
        "--disable-request-logging", "--use-chunked-encoding", "never", "--root-dir", str(root),
    ]  # fmt: skip
    return _external(WIREMOCK, argv, f"http://127.0.0.1:{port}", cache / "logs" / "wiremock.log")


def _prism(
    document: dict[str, Any], answers: dict[str, httpx.Response], cache: Path
) -> contextlib.AbstractContextManager[Server]:
    """Prism on the mock's OpenAPI document, each call's answer its one example."""
    for path, answer in answers.items():
        success = document["paths"][f"/{path}"]["post"]["responses"]["200"]
        (media,) = success["content"].values()
        media["examples"] = {"demo": {"value": answer.json()}}
        success["content"] = {answer.headers["content-type"]: media}
    written = cache / "prism" / "openapi.json"
    written.parent.mkdir(parents=True, exist_ok=True)
    written.write_text(json.dumps(document), encoding="utf-8")
    port = _free_port()
    argv = [
        str(shutil.which("node")), str(prism_script(cache)), "mock", "-h", "127.0.0.1",
        "-p", str(port), "-v", "warn", str(written),
    ]  # fmt: skip
    return _external(PRISM, argv, f"http://127.0.0.1:{port}", cache / "logs" / "prism.log")


@contextlib.contextmanager
def _mock(http: str, loop: str) -> Iterator[Server]:
    """This tree's ``fleet mock serve`` (its ``src`` first on the path), as ``bench.served``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    argv = [
        sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--port", "0",
        "--rate-limit", "0", "--frozen-clock", "--http", http, "--loop", loop,
    ]  # fmt: skip
    with _process(argv, env) as (url, pid):
        yield Server("served mock", url, pid)


@contextlib.contextmanager
def _bare(
    answers: dict[str, httpx.Response], folder: Path, http: str, loop: str
) -> Iterator[Server]:
    """The plain ASGI app of :mod:`bench.bare` on the mock's parser and loop."""
    answers_file = Path(folder, "answers.json")
    answers_file.write_text(json.dumps({f"/{p}": a.text for p, a in answers.items()}))
    argv = [
        sys.executable, str(BENCH / "bare.py"), str(answers_file), "--asgi",
        "--http", http, "--loop", loop,
    ]  # fmt: skip
    with _process(argv) as (url, pid):
        yield Server(BARE, url, pid)


def _client_seconds() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


class Sampler:
    """Samples of one server under one call's load: requests per second; the server's
    processor time per request and the client's processor time over its run's, as notes."""

    def __init__(self, server: Server, request: Path, connections: int, seconds: float):
        self.server, self.request = server, request
        self.connections, self.seconds = connections, seconds
        self.wrk = shutil.which("wrk") if seconds >= 1 else None
        self.cpu: list[float] = []
        self.client: list[float] = []

    def __call__(self) -> float:
        """One sample: the requests per second of a run of the client."""
        server, client, started = _cpu_seconds(self.server.pid), _client_seconds(), time.time()
        total, measured, elapsed = self.run(self.seconds)
        self.cpu.append((_cpu_seconds(self.server.pid) - server) / total)
        self.client.append((_client_seconds() - client) / (time.time() - started))
        return measured / elapsed

    def run(self, seconds: float) -> tuple[int, int, float]:
        """Run the client: answers in all, answers measured, seconds measured."""
        url = urlsplit(self.server.url)
        if self.wrk is not None:
            argv = [
                self.wrk, "-t1", f"-c{self.connections}", f"-d{round(seconds)}s",
                "--timeout", "10s", "-s", str(WRK_SCRIPT), self.server.url, "--",
                str(self.request),
            ]  # fmt: skip
            out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
            requests, micros, *errors = map(int, out.splitlines()[-1].split())
            if any(errors):
                raise RuntimeError(f"{self.server.name}: wrk errors {errors}: {out}")
            return requests, requests, micros / 1e6
        argv = [
            sys.executable, str(BENCH / "load.py"), str(url.hostname), str(url.port),
            str(seconds), str(self.connections), str(self.request),
        ]  # fmt: skip
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
        return int(out[0]), int(out[1]), float(out[2])

    @property
    def client_name(self) -> str:
        """The load client: ``wrk`` or ``bench/load.py``."""
        return "wrk" if self.wrk is not None else "bench/load.py"


def _check(server: Server, answers: dict[str, httpx.Response]) -> list[str]:
    """Raise unless ``server`` answers the mock's bytes; the content types that differ."""
    headers = {"Authorization": f"NVX {DEMO_API_KEY}"}
    differ = []
    for path, expected in answers.items():
        answer = httpx.post(f"{server.url}/{path}", json=CALLS[path], headers=headers)
        if answer.status_code != 200 or answer.content != expected.content:
            raise RuntimeError(f"{server.name} answers {path} otherwise: {answer.text[:200]!r}")
        if answer.headers.get("content-type") != expected.headers["content-type"]:
            differ.append(f"{path} as {answer.headers.get('content-type')}")
    return differ


def _note(mock: Sampler, peer: Sampler, differ: list[str]) -> str:
    micros = statistics.median(mock.cpu) * 1e6, statistics.median(peer.cpu) * 1e6
    busy = statistics.median(mock.client), statistics.median(peer.client)
    note = (
        f"server CPU per request: {micros[0]:.0f} µs vs {micros[1]:.0f} µs; "
        f"{mock.client_name} busy {busy[0]:.0%} vs {busy[1]:.0%} of a core"
    )
    if differ:
        note += f"; {'; '.join(differ)}"
    return note


def bench_peers(sizes: Sizes) -> list[Ratio]:
    """Requests per second of the served mock, WireMock, Prism and a bare ASGI app."""
    reasons = missing()
    for peer, reason in reasons.items():
        if reason:
            print(f"peers: {peer} skipped: {reason}", file=sys.stderr, flush=True)
    http, loop = server_stack()
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        mock = stack.enter_context(_mock(http, loop))
        key = {"Authorization": f"NVX {DEMO_API_KEY}"}
        answers = {
            path: httpx.post(f"{mock.url}/{path}", json=CALLS[path], headers=key)
            for path in PEER_CALLS
        }
        for answer in answers.values():
            answer.raise_for_status()
        servers = {BARE: stack.enter_context(_bare(answers, folder, http, loop))}
        if not reasons[WIREMOCK]:
            servers[WIREMOCK] = stack.enter_context(_wiremock(answers, CACHE))
        if not reasons[PRISM]:
            document = httpx.get(f"{mock.url}/openapi.json").json()
            servers[PRISM] = stack.enter_context(_prism(document, answers, CACHE))
        differ = {name: _check(server, answers) for name, server in servers.items()}
        differ[BARE].append(f"uvicorn with {http} and {loop}")
        ratios = _measure(sizes, folder, mock, servers, differ, reasons)
    return ratios


def _measure(
    sizes: Sizes,
    folder: Path,
    mock: Server,
    servers: dict[str, Server],
    differ: dict[str, list[str]],
    reasons: dict[str, str],
) -> list[Ratio]:
    """Warm every server up on every call, then alternate their samples, call by call, level
    by level."""
    ratios = []
    everyone = [mock, *servers.values()]
    requests: dict[tuple[str, str], Path] = {}
    for path in PEER_CALLS:
        for server in everyone:
            file = Path(folder, f"{server.name}-{path}".replace("/", "_"))
            requests[server.name, path] = file
            file.write_bytes(request_bytes(str(urlsplit(server.url).netloc), path, CALLS[path]))
            warm = Sampler(server, file, max(sizes.concurrency), sizes.http_time)
            warm.run(sizes.http_time * WARM_SAMPLES)
    for path in PEER_CALLS:
        for connections in sizes.concurrency:
            samplers = [
                Sampler(server, requests[server.name, path], connections, sizes.http_time)
                for server in everyone
            ]
            medians = alternate_all(list(samplers), sizes.http_samples)
            taken = {
                s.name: (sampler, median)
                for s, sampler, median in zip(everyone, samplers, medians, strict=True)
            }
            for peer, target in TARGETS.items():
                figure = f"{path}, {connections} connection(s) (served mock vs {peer})"
                if peer not in taken:
                    ratios.append(skipped(figure, "req/s", target, reasons[peer]))
                    continue
                sampler, median = taken[peer]
                note = _note(samplers[0], sampler, differ[peer])
                ratios.append(
                    Ratio(figure, medians[0], median, "req/s", target, sizes.http_samples, note)
                )
    return ratios


def install(cache: Path = CACHE) -> int:
    """Install the peers' npm packages into ``cache``; say what can run here."""
    npm = shutil.which("npm")
    if npm is None:
        print("npm not found: apt-get install npm (Debian), then make peers")
        return 1
    cache.mkdir(parents=True, exist_ok=True)
    argv = [
        npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund", "--save-exact",
        *PACKAGES,
    ]  # fmt: skip
    print(" ".join(argv), flush=True)
    subprocess.run(argv, check=True)
    return status(cache)


def status(cache: Path = CACHE) -> int:
    """Print whether each peer and the load client can run here; 0 when all can."""
    reasons = missing(cache)
    for peer, reason in reasons.items():
        print(f"{peer}: {reason or 'ready'}")
    wrk = shutil.which("wrk")
    print(f"wrk: {wrk or 'not found (bench/load.py instead): apt-get install wrk'}")
    return 0 if wrk and not any(reasons.values()) else 1


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="The peers of the `peers` bench group.")
    parser.add_argument(
        "--install", action="store_true", help=f"npm install {' '.join(PACKAGES)} into {CACHE}"
    )
    args = parser.parse_args()
    sys.exit(install() if args.install else status())
