"""The mock served over HTTP on loopback: ``fleet mock serve`` in its own process."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from bench.measure import Figure, Sizes, Tables, figure
from fleetapi_mock import DEMO_API_KEY

FLEET = Path(sys.executable).parent / "fleet"


@contextlib.contextmanager
def served_mock(world: Path | None = None) -> Iterator[str]:
    """Run ``fleet mock serve`` on a free loopback port (no rate limit, frozen clock); yield
    its base URL and stop it afterwards."""
    argv = [str(FLEET), "mock", "serve", "--port", "0", "--rate-limit", "0", "--frozen-clock"]
    if world is not None:
        argv += ["--world", str(world)]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if "listening on " not in line:
            raise RuntimeError(f"fleet mock serve did not start: {line!r}")
        yield line.rsplit(" ", 1)[1].strip()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def load(base_url: str, path: str, clients: int, sizes: Sizes) -> Figure:
    """``sizes.http_requests`` calls of ``path`` by ``clients`` concurrent workers (or fewer
    once the budget is spent): the latency of each call and the requests per second."""
    headers = {"Authorization": f"NVX {DEMO_API_KEY}"}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    latencies: list[float] = []
    budget = {"left": sizes.http_requests}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, limits=limits) as http:
        (await http.post(path, json={})).raise_for_status()  # warm-up: a connection is open
        deadline = time.perf_counter() + sizes.budget

        async def worker() -> None:
            while budget["left"] > 0 and time.perf_counter() < deadline:
                budget["left"] -= 1
                started = time.perf_counter()
                answer = await http.post(path, json={})
                latencies.append(time.perf_counter() - started)
                if answer.status_code != 200 or not answer.json().get("success"):
                    raise RuntimeError(f"{path} answered {answer.status_code}: {answer.text}")

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.perf_counter() - started
    measured = figure(f"{path}, {clients} concurrent client(s)", latencies)
    return Figure(
        measured.name, measured.iterations, measured.median, measured.p95,
        throughput=len(latencies) / elapsed,
    )  # fmt: skip


def bench_http(sizes: Sizes) -> Tables:
    """Requests per second of the served mock with N concurrent clients over loopback."""
    figures = []
    with served_mock() as base_url:
        for path in ("base/nothing", "tracker/list"):
            for clients in sizes.http_clients:
                figures.append(asyncio.run(load(base_url, path, clients, sizes)))
    return {"The served mock over HTTP (median and p95: latency; ops/s: throughput)": figures}
