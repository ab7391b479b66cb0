"""Target 8: one served mock shared by several suites, each in its own named world.

- A light world's ``vehicle/read``, called one after another through the SDK's ``Client`` as a
  test suite calls, while heavy worlds (10,000 tasks each) are kept busy by other clients
  asking for their whole ``task/list``; against the same light world with those worlds idle.
  The figure is the 99th percentile of the latency of the light calls answered (failures are
  counted apart); rounds of each alternate and the median of the rounds' percentiles is kept.
- Requests per second of ``vehicle/read`` spread over 8 named worlds (each connection bound to
  one by ``X-Mock-World``), against the same load on one named world.

The server (``fleet mock serve``) and the load generators are processes of their own, so that
the measuring process shares neither its interpreter lock nor theirs. The generator is this
file run as a script (``python bench/shared.py HOST PORT CONNECTIONS REQUEST_FILE...``):
connection *i* sends the raw request of file *i* modulo their number, one request in flight on
each. On ``go`` (a line on its standard input) it opens its connections and starts, answering
``going`` once each has sent its first request; on ``count`` it answers one JSON line (answers
counted, those of HTTP 200 apart, and seconds since ``go``, connections answered) and goes on;
on ``stop`` it drops its connections (answers in flight are abandoned, so the server drops the
requests still queued for them) and answers one JSON line: answers counted (and of HTTP 200),
seconds, statuses, API codes of refusals, connection errors, median latency of the HTTP 200
answers. Standard input ending ends it. The figures count successful answers only: a refusal
(a world's queue full) is quick, and counted apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import json
import math
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if __package__ in (None, ""):  # run as a script: import the suite as the package ``bench``
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.measure import TINY, Ratio, Sizes, Target, alternate

if TYPE_CHECKING:
    from fleetapi import Client

# The generator runs this file as a script and needs only the standard library: the project's
# modules (and httpx, bench.served) are imported by the functions that use them, so that each
# generator starts in a tenth of the time.

SCRIPT = Path(__file__).resolve()
LIGHT = "light"
"""The light world's name."""
SPREAD = 8
"""Worlds the throughput figure spreads its connections over."""


@dataclasses.dataclass(frozen=True)
class SharedSizes:
    """The sizes of this group (a default run, or tiny: the tests)."""

    heavy_worlds: int
    """Heavy worlds kept busy beside the light one."""
    tasks: int
    """Tasks added to each heavy world's document."""
    heavy_clients: int
    """Concurrent clients (connections) asking each heavy world for its ``task/list``."""
    round_seconds: float
    """Seconds of light calls per round, alone or loaded."""
    ramp_seconds: float
    """Seconds between the heavy clients' first requests and a loaded round's first call."""


SHARED = SharedSizes(heavy_worlds=4, tasks=10_000, heavy_clients=15, round_seconds=3.0,
                     ramp_seconds=0.5)  # fmt: skip
SHARED_TINY = SharedSizes(heavy_worlds=1, tasks=500, heavy_clients=3, round_seconds=0.2,
                          ramp_seconds=0.1)  # fmt: skip


# --- The load generator (a process of its own) ---------------------------------------------


class _Generate:
    """Connections sending their requests from ``go`` to ``stop``."""

    def __init__(self, host: str, port: int, requests: list[bytes]):
        self.host, self.port, self.requests = host, port, requests
        self.stopped = True
        self.statuses: Counter[int] = Counter()
        self.codes: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.latencies: list[float] = []
        self.sent_first = 0
        self.answered: set[int] = set()
        """The connections (by index) that have had an answer since ``go``."""
        self.all_sent = asyncio.Event()

    async def connection(self, index: int, request: bytes) -> None:
        """Send ``request`` and read its answer, again and again, reconnecting when dropped."""
        first = True
        while not self.stopped:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
            except OSError as exc:
                self.errors[type(exc).__name__] += 1
                await asyncio.sleep(0.05)
                continue
            try:
                while not self.stopped:
                    started = time.perf_counter()
                    writer.write(request)
                    if first:
                        first = False
                        self.sent_first += 1
                        if self.sent_first == len(self.requests):
                            self.all_sent.set()
                    head = await reader.readuntil(b"\r\n\r\n")
                    length = 0
                    for line in head.split(b"\r\n"):
                        if line[:15].lower() == b"content-length:":
                            length = int(line[15:])
                            break
                    body = await reader.readexactly(length)
                    if self.stopped:
                        return
                    status = int(head[9:12])
                    if status == 200:  # the latency of answers, not of quick refusals
                        self.latencies.append(time.perf_counter() - started)
                    self.statuses[status] += 1
                    self.answered.add(index)
                    if status != 200:
                        try:
                            self.codes[str(json.loads(body).get("code"))] += 1
                        except ValueError:
                            self.codes["?"] += 1
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                self.errors[type(exc).__name__] += 1
            finally:
                writer.transport.abort()

    async def serve(self) -> None:
        """Obey ``go`` and ``stop`` lines from standard input until it ends."""
        loop = asyncio.get_running_loop()
        tasks: list[asyncio.Task[None]] = []
        started = 0.0
        while True:
            command = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if command == "go":
                self.stopped = False
                self.statuses.clear()
                self.codes.clear()
                self.errors.clear()
                self.latencies, self.sent_first = [], 0
                self.answered.clear()
                self.all_sent.clear()
                started = time.perf_counter()
                tasks = [
                    asyncio.create_task(self.connection(i, r)) for i, r in enumerate(self.requests)
                ]
                await self.all_sent.wait()
                print("going", flush=True)
            elif command == "count":
                seconds = time.perf_counter() - started
                report = {
                    "answers": sum(self.statuses.values()),
                    "ok": self.statuses[200],
                    "seconds": seconds,
                    "answered": len(self.answered),
                }
                print(json.dumps(report), flush=True)
            elif command == "stop":
                seconds = time.perf_counter() - started
                self.stopped = True
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                report = {
                    "answers": sum(self.statuses.values()),
                    "ok": self.statuses[200],
                    "seconds": seconds,
                    "statuses": self.statuses,
                    "codes": self.codes,
                    "errors": self.errors,
                    "median": statistics.median(self.latencies) if self.latencies else None,
                }
                print(json.dumps(report), flush=True)
            else:
                return


def _generate(argv: list[str]) -> None:
    host, port, connections, *files = argv
    raw = [Path(f).read_bytes() for f in files]
    requests = [raw[i % len(raw)] for i in range(int(connections))]
    asyncio.run(_Generate(host, int(port), requests).serve())


class Generator:
    """A load generator process (see the module's docstring), driven from here."""

    def __init__(self, url: str, requests: list[bytes], connections: int, folder: Path):
        self.url = urlsplit(url)
        files = []
        for request in requests:
            files.append(Path(tempfile.mkstemp(dir=folder)[1]))
            files[-1].write_bytes(request)
        argv = [
            sys.executable, str(SCRIPT), str(self.url.hostname), str(self.url.port),
            str(connections), *map(str, files),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the load generator ended (exit {self.process.wait()})")
        return line

    def go(self) -> None:
        """Start sending (returns at once; :meth:`going` waits until every connection has)."""
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()

    def going(self) -> None:
        """Wait until every connection has sent its first request."""
        if self._line().strip() != "going":
            raise RuntimeError("the load generator did not start")

    def _ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n")
        self.process.stdin.flush()
        report: dict[str, Any] = json.loads(self._line())
        return report

    def count(self) -> dict[str, Any]:
        """The answers counted since :meth:`go`, and the seconds since (still sending)."""
        return self._ask("count")

    def stop(self) -> dict[str, Any]:
        """Stop sending: the answers counted since :meth:`go`, and what else happened."""
        return self._ask("stop")

    def close(self) -> None:
        """End the process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def generators(url: str, loads: list[list[bytes]], connections: int) -> Iterator[list[Generator]]:
    """One generator process per list of requests (``connections`` connections each)."""
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        started = []
        for requests in loads:
            started.append(Generator(url, requests, connections, Path(folder)))
            stack.callback(started[-1].close)
        yield started


# --- The figures ------------------------------------------------------------------------------


def raw_request(host: str, path: str, body: dict[str, object], world: str) -> bytes:
    """The raw keep-alive request of ``path`` in ``world`` (by header), with the demo API key."""
    from fleetapi_mock import DEMO_API_KEY

    content = json.dumps(body).encode()
    head = (
        f"POST /{path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: NVX {DEMO_API_KEY}\r\n"
        f"X-Mock-World: {world}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(content)}\r\n\r\n"
    )
    return head.encode() + content


def heavy_document(tasks: int) -> dict[str, Any]:
    """The demo world with ``tasks`` more tasks: copies of its first, ids from 100,000."""
    from fleetapi_mock import demo_document

    document = demo_document()
    first = document["tasks"][0]
    for number in range(tasks):
        task = copy.deepcopy(first)
        task["id"] = 100_000 + number
        task["external_id"] = str(100_000 + number)
        document["tasks"].append(task)
    return document


def p99(latencies: list[float]) -> float:
    """The 99th percentile (nearest rank: at least 99% of the values are at most it)."""
    ordered = sorted(latencies)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def wait_idle(pid: int, timeout: float = 60.0) -> float:
    """Wait until the server uses under a tenth of a processor over 0.1 s; the seconds it took."""
    from bench.served import _cpu_seconds

    started = time.perf_counter()
    before = _cpu_seconds(pid)
    while time.perf_counter() - started < timeout:
        time.sleep(0.1)
        now = _cpu_seconds(pid)
        if now - before < 0.01:
            break
        before = now
    return time.perf_counter() - started


class LightRounds:
    """Rounds of the light world's calls: each a 99th percentile, with what was counted."""

    def __init__(self, client: Client, seconds: float):
        self.client, self.seconds = client, seconds
        self.calls: list[int] = []
        self.medians: list[float] = []
        self.longest: list[float] = []
        self.failures = 0

    def run(self) -> float:
        """Call ``vehicle/read`` one after another for a round; its 99th percentile."""
        from fleetapi import FleetError

        call = self.client.vehicle.read
        clock = time.perf_counter
        with contextlib.suppress(FleetError):  # opens a connection the pause let close
            call(vehicle_id=1)
        latencies = []
        end = clock() + self.seconds
        while True:
            started = clock()
            try:
                call(vehicle_id=1)
            except FleetError:
                self.failures += 1  # counted apart: a quick refusal is no quick answer
            else:
                latencies.append(clock() - started)
            if clock() >= end:
                break
        if not latencies:  # every call refused: no answer to time
            latencies = [math.inf]
        self.calls.append(len(latencies))
        self.medians.append(statistics.median(latencies))
        self.longest.append(max(latencies))
        return p99(latencies)


def _counted(reports: list[dict[str, Any]], key: str) -> Counter[str]:
    total: Counter[str] = Counter()
    for report in reports:
        total.update({str(k): v for k, v in report[key].items()})
    return total


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def light_under_load(url: str, pid: int, sizes: Sizes, shared: SharedSizes) -> Ratio:
    """The light world's p99 with the heavy worlds busy against with them idle."""
    import httpx

    from fleetapi import Client
    from fleetapi_mock import DEMO_API_KEY

    host = str(urlsplit(url).netloc)
    document = heavy_document(shared.tasks)
    heavy = [f"heavy-{n + 1}" for n in range(shared.heavy_worlds)]
    for name in heavy:
        reset = httpx.post(f"{url}/__world/{name}/__mock__/reset", json=document, timeout=120)
        reset.raise_for_status()
    answers = httpx.post(
        f"{url}/task/list",
        json={},
        headers={"Authorization": f"NVX {DEMO_API_KEY}", "X-Mock-World": heavy[0]},
        timeout=120,
    ).json()
    if answers.get("count", 0) <= shared.tasks:  # the list itself stops at 10,000
        raise RuntimeError(f"a heavy world holds {answers.get('count')} tasks: {answers}"[:300])
    loads = [[raw_request(host, "task/list", {}, name)] for name in heavy]
    client = Client(base_url=f"{url}/__world/{LIGHT}", api_key=DEMO_API_KEY, max_retries=0)
    with client, generators(url, loads, shared.heavy_clients) as busy:
        for _ in range(50):  # the light world is made, its calls known to be quick
            client.vehicle.read(vehicle_id=1)
        alone, loaded = (LightRounds(client, shared.round_seconds) for _ in range(2))
        reports: list[dict[str, Any]] = []
        drains: list[float] = []

        def loaded_round() -> float:
            for generator in busy:
                generator.go()
            for generator in busy:
                generator.going()
            time.sleep(shared.ramp_seconds)
            try:
                return loaded.run()
            finally:
                reports.extend(generator.stop() for generator in busy)

        def alone_round() -> float:
            drains.append(wait_idle(pid))
            return alone.run()

        project, baseline = alternate(loaded_round, alone_round, sizes.samples)
    heavy_answers = sum(r["ok"] for r in reports)
    medians = [r["median"] for r in reports if r["median"] is not None]
    codes = _counted(reports, "codes")
    errors = _counted(reports, "errors")
    note = (
        f"{sizes.samples} rounds each of {shared.round_seconds:g} s; light calls answered per "
        f"round (median) {statistics.median(loaded.calls):,.0f} loaded, "
        f"{statistics.median(alone.calls):,.0f} alone; light p50 "
        f"{_ms(statistics.median(loaded.medians))} vs {_ms(statistics.median(alone.medians))}; "
        f"light longest {_ms(max(loaded.longest))} vs {_ms(max(alone.longest))}; "
        f"light failures {loaded.failures} loaded, {alone.failures} alone. Heavy: "
        f"{shared.heavy_worlds} world(s) x {shared.tasks:,} tasks x {shared.heavy_clients} "
        f"clients, {heavy_answers} task/list answers (HTTP 200) in {sizes.samples} loaded rounds "
        f"({f'median {statistics.median(medians):.2f} s each' if medians else 'none finished'}), "
        f"refused by code {dict(codes) or 'none'}, connection errors {dict(errors) or 'none'}; "
        f"waiting for the server to go idle before an alone round: up to {max(drains):.1f} s"
    )
    return Ratio(
        f"light world vehicle/read p99 via Client, {shared.heavy_worlds} heavy world(s) busy "
        "vs idle",
        project,
        baseline,
        "s",
        Target(2.0),
        sizes.samples,
        note,
    )


def warm_up(generator: Generator, connections: int, timeout: float = 60.0) -> None:
    """Send until every connection has had an answer (the first request to a world makes it)
    and 0.2 s more."""
    generator.go()
    generator.going()
    started = time.perf_counter()
    while generator.count()["answered"] < connections:
        if time.perf_counter() - started > timeout:
            raise RuntimeError(f"the load generator's connections had no answer in {timeout} s")
        time.sleep(0.05)
    time.sleep(0.2)
    generator.stop()


def spread_throughput(url: str, sizes: Sizes) -> Ratio:
    """Requests per second of ``vehicle/read`` over 8 worlds against over one."""
    connections = max(SPREAD, sizes.concurrency[-1])
    ramp = min(0.2, sizes.http_time)
    host = str(urlsplit(url).netloc)
    body = {"vehicle_id": 1}
    spread = [raw_request(host, "vehicle/read", body, f"spread-{n}") for n in range(SPREAD)]
    single = [raw_request(host, "vehicle/read", body, "single")]
    with generators(url, [spread, single], connections) as (over_eight, over_one):
        reports: list[dict[str, Any]] = []
        measured: list[int] = []

        def sampler(generator: Generator) -> Callable[[], float]:
            def sample() -> float:
                generator.go()
                generator.going()
                time.sleep(ramp)  # every connection is under way
                first = generator.count()
                time.sleep(sizes.http_time)
                report = generator.stop()
                reports.append(report)
                answers = report["ok"] - first["ok"]  # successes, not refusals
                measured.append(answers)
                return float(answers) / (report["seconds"] - first["seconds"])

            return sample

        for generator in (over_eight, over_one):  # the worlds are made, their calls quick
            warm_up(generator, connections)
        eight, one = sampler(over_eight), sampler(over_one)
        reports.clear()
        measured.clear()
        project, baseline = alternate(eight, one, sizes.http_samples)
    refused = _counted(reports, "codes")
    errors = _counted(reports, "errors")
    statuses = _counted(reports, "statuses")
    note = (
        f"{connections} connections, {sizes.http_time:g} s per sample after "
        f"{ramp:g} s under way; {sum(measured):,} HTTP 200 answers counted in the samples "
        f"({sum(statuses.values()):,} in all), non-200: "
        f"{ {k: v for k, v in statuses.items() if k != '200'} or 'none' } "
        f"(codes {dict(refused) or 'none'}), connection errors {dict(errors) or 'none'}"
    )
    return Ratio(
        f"vehicle/read, {connections} connections over {SPREAD} worlds vs over one",
        project,
        baseline,
        "req/s",
        Target(0.9, at_least=True),
        sizes.http_samples,
        note,
    )


def bench_shared(sizes: Sizes) -> list[Ratio]:
    """One server shared by worlds: a light world's p99 beside busy ones, throughput over 8."""
    from bench.served import _served_mock

    shared = SHARED_TINY if sizes == TINY else SHARED
    with _served_mock() as (url, pid):
        # Throughput first, while the server holds small worlds only; then the heavy worlds.
        throughput = spread_throughput(url, sizes)
        latency = light_under_load(url, pid, sizes, shared)
    return [latency, throughput]


if __name__ == "__main__":
    _generate(sys.argv[1:])
