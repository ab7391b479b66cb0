"""Round trips of the SDK on the in-process mock, and where the time of one call goes."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import httpx

import fleetapi_mock.web.router as router
from bench.measure import Figure, Sizes, Tables, figure, sample
from bench.worlds import TRACKERS, big_document, stop
from fleetapi import AsyncClient, Client
from fleetapi._core import (
    build_request,
    encode_params,
    extract_result,
    read_response,
    resolve_config,
)
from fleetapi._endpoint import Endpoint, NoParams
from fleetapi.endpoints import BY_PATH
from fleetapi.models.search import ContainsCondition, InCondition
from fleetapi.models.task import NewTask, TaskLocation
from fleetapi.models.track import AssetRef
from fleetapi_mock import DEMO_API_KEY, FleetMock
from fleetapi_mock.handlers import HANDLERS

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's time (the generated world keeps it)."""


@dataclasses.dataclass(frozen=True)
class Call:
    """A representative call: its endpoint and parameters, on the demo or the large world."""

    name: str
    path: str
    params: Any
    big_world: bool = False

    @property
    def endpoint(self) -> Endpoint:
        """The call table's entry."""
        return BY_PATH[self.path]


def vehicle_rows(count: int) -> str:
    """``count`` tab-delimited vehicle rows (label, model, registration, fuel grade)."""
    return "".join(f"Van {i}\tSprinter\tB-V {i}\tDiesel\n" for i in range(count))


def representative_calls(sizes: Sizes) -> list[Call]:
    """The calls the round-trip and split benchmarks make."""
    p = {path: BY_PATH[path].params for path in BY_PATH}
    new_task = NewTask(
        location=TaskLocation(lat=stop(0)[0], lng=stop(0)[1], radius=150),
        label="Bench delivery",
        description="",
        from_=NOW,
        to=NOW + dt.timedelta(hours=2),
        tracker_id=TRACKERS[0],
    )
    conditions = [
        InCondition(field="status", value=["assigned", "done", "failed", "unassigned"]),
        ContainsCondition(field="label", value="Delivery"),
    ]
    return [
        Call("base/nothing", "base/nothing", NoParams()),
        Call("tracker/list", "tracker/list", p["tracker/list"]()),
        Call(
            f"task/list ({sizes.tasks} tasks, conditions)",
            "task/list",
            p["task/list"](conditions=conditions, sort=["to=desc"], limit=None),
            big_world=True,
        ),
        Call("task/create", "task/create", p["task/create"](task=new_task)),
        Call(
            f"asset/track/list (a day, a point every {sizes.points_every} s)",
            "asset/track/list",
            p["asset/track/list"](
                asset=AssetRef(id=1, type="employee"), from_=NOW - dt.timedelta(days=1), to=NOW
            ),
            big_world=True,
        ),
        Call(
            f"vehicle/batch_convert ({sizes.batch_rows} rows)",
            "vehicle/batch_convert",
            p["vehicle/batch_convert"](batch=vehicle_rows(sizes.batch_rows)),
        ),
    ]


class Mocks:
    """The demo mock and the large generated one (built once, on first use)."""

    def __init__(self, sizes: Sizes) -> None:
        self.sizes = sizes
        self.demo = FleetMock()
        self._big: FleetMock | None = None

    def for_call(self, call: Call) -> FleetMock:
        """The mock ``call`` runs on."""
        if not call.big_world:
            return self.demo
        if self._big is None:
            self._big = FleetMock(big_document(self.sizes.tasks, self.sizes.points_every))
        return self._big


def bench_roundtrip(sizes: Sizes) -> Tables:
    """Calls per second through ``Client`` and ``AsyncClient`` on the in-process mock."""
    mocks = Mocks(sizes)
    figures = []
    for call in representative_calls(sizes):
        mock = mocks.for_call(call)
        with Client(base_url=mock.base_url, api_key=DEMO_API_KEY, transport=mock.transport) as c:
            figures.append(
                sample(f"sync  {call.name}", partial(c.call, call.endpoint, call.params), sizes)
            )
        figures.append(asyncio.run(_async_figure(mock, call, sizes)))
    return {"SDK round trips on the in-process mock": figures}


async def _async_figure(mock: FleetMock, call: Call, sizes: Sizes) -> Figure:
    async with AsyncClient(
        base_url=mock.base_url, api_key=DEMO_API_KEY, transport=mock.transport
    ) as client:
        await client.call(call.endpoint, call.params)  # warm-up
        times: list[float] = []
        deadline = time.perf_counter() + sizes.budget
        while len(times) < sizes.iterations:
            started = time.perf_counter()
            await client.call(call.endpoint, call.params)
            ended = time.perf_counter()
            times.append(ended - started)
            if ended > deadline:
                break
    return figure(f"async {call.name}", times)


PHASES = (
    "sdk: build the request",
    "mock: route, authenticate, validate",
    "mock: handler",
    "mock: encode the answer",
    "sdk: read the answer (json, structure)",
)


@contextlib.contextmanager
def _phase_clocks(path: str, spent: dict[str, float]) -> Iterator[None]:
    """Time the handler of ``path`` and the mock's answer encoding into ``spent``."""
    handler = HANDLERS[path]
    success: Callable[..., Any] = router._success

    def timed_handler(ctx: Any, params: Any) -> Any:
        started = time.perf_counter()
        try:
            return handler(ctx, params)
        finally:
            spent["handler"] += time.perf_counter() - started

    def timed_success(ctx: Any, result: Any) -> Any:
        started = time.perf_counter()
        try:
            return success(ctx, result)
        finally:
            spent["encode"] += time.perf_counter() - started

    HANDLERS[path] = timed_handler
    router._success = timed_success  # type: ignore[assignment]
    try:
        yield
    finally:
        HANDLERS[path] = handler
        router._success = success  # type: ignore[assignment]


def split(mock: FleetMock, call: Call, sizes: Sizes) -> list[Figure]:
    """The time of each phase of ``call``, measured on the same requests."""
    config = resolve_config(base_url=mock.base_url, api_key=DEMO_API_KEY, env={})
    endpoint = call.endpoint
    spent = {"handler": 0.0, "encode": 0.0}
    clock = time.perf_counter

    def once(http: httpx.Client) -> tuple[float, ...]:
        spent.update(handler=0.0, encode=0.0)
        t0 = clock()
        prepared = build_request(config, endpoint.path, encode_params(call.params))
        request = prepared.to_httpx(http, config.timeout)
        content = request.read()
        t1 = clock()
        answer = mock.backend.handle(
            "POST", request.url.path, dict(request.url.params), request.headers, content
        )
        t2 = clock()
        extract_result(
            endpoint, read_response(endpoint.path, answer.status, answer.headers, answer.body)
        )
        t3 = clock()
        if answer.status != 200:
            raise RuntimeError(f"{call.path} answered HTTP {answer.status}: {answer.body[:200]!r}")
        handler, encode = spent["handler"], spent["encode"]
        return t1 - t0, t2 - t1 - handler - encode, handler, encode, t3 - t2

    rows: list[tuple[float, ...]] = []
    with httpx.Client() as http, _phase_clocks(call.path, spent):
        once(http)  # warm-up
        deadline = clock() + sizes.budget
        while len(rows) < sizes.iterations:
            rows.append(once(http))
            if clock() > deadline:
                break
    return [figure(phase, [row[index] for row in rows]) for index, phase in enumerate(PHASES)]


def bench_split(sizes: Sizes) -> Tables:
    """Where the time of each representative call goes (median and p95 of each phase)."""
    mocks = Mocks(sizes)
    return {
        f"Cost split: {call.name}": split(mocks.for_call(call), call, sizes)
        for call in representative_calls(sizes)
    }
