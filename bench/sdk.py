"""Target 5: the SDK's own costs: decoding, a call over the network, concurrency.

- Decoding 1,000 vehicles as ``vehicle/list`` answers them into :class:`Vehicle` models,
  against a hand-written construction of the same models (every field read by name, dates
  parsed).
- ``client.vehicle.read`` against the served mock, against the same request made with plain
  ``httpx.Client.post().json()``, and with plain ``requests.Session().post().json()`` (what
  the public Python wrapper of this API uses); each sample is a loop of 2,000 calls on one
  keep-alive connection.
- ``AsyncClient(transport="aiohttp")`` at 32 concurrent calls against the default transport.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
from typing import Any

import attrs
import httpx
import requests

from bench.measure import Ratio, Sizes, Target, compare, per_loop, per_run
from bench.served import served_mock
from bench.worlds import caller, scaled_document
from fleetapi import AsyncClient, Client
from fleetapi._converter import converter_for
from fleetapi._formats import wire_name
from fleetapi.models.vehicle import Vehicle
from fleetapi_mock import DEMO_API_KEY, FleetMock

_DATES = ("liability_insurance_valid_till", "free_insurance_valid_till")
_PLAIN = tuple(
    (a.name, wire_name(a.name))
    for a in attrs.fields(Vehicle)
    if a.name not in (*_DATES, "tags", "icon_color")
)


def _date(value: str | None) -> dt.date | None:
    return None if value is None else dt.date.fromisoformat(value[:10])


def hand_vehicle(item: dict[str, Any]) -> Vehicle:
    """A vehicle built by hand from its wire form (the baseline of decoding)."""
    get = item.get
    return Vehicle(
        **{name: get(key) for name, key in _PLAIN},
        liability_insurance_valid_till=_date(get("liability_insurance_valid_till")),
        free_insurance_valid_till=_date(get("free_insurance_valid_till")),
        tags=list(get("tags") or ()),
    )


def decoding(sizes: Sizes) -> Ratio:
    """Structuring ``sizes.decoded`` vehicles with the SDK's converter against by hand."""
    mock = FleetMock(scaled_document(sizes.decoded), running_clock=False)
    wire = json.loads(caller(mock, "vehicle/list", {"limit": sizes.decoded})())["list"]
    conv = converter_for()
    assert conv.structure(wire, list[Vehicle]) == [hand_vehicle(v) for v in wire]
    return compare(
        f"decode {len(wire):,} vehicles (SDK converter vs by hand)",
        per_run(lambda: conv.structure(wire, list[Vehicle]), sizes.sample_time),
        per_run(lambda: [hand_vehicle(v) for v in wire], sizes.sample_time),
        Target(1.5),
        sizes,
    )


def network_calls(base_url: str, sizes: Sizes) -> list[Ratio]:
    """One ``vehicle/read`` through ``Client`` against plain httpx and plain requests, each on
    a keep-alive connection, in loops of :attr:`Sizes.loop_calls`."""
    headers = {"Authorization": f"NVX {DEMO_API_KEY}"}
    body = {"vehicle_id": 1}
    with (
        Client(base_url=base_url, api_key=DEMO_API_KEY) as client,
        httpx.Client(base_url=base_url, headers=headers) as raw,
        requests.Session() as session,
    ):
        session.headers.update(headers)
        url = f"{base_url}/vehicle/read"
        for answer in (
            raw.post("/vehicle/read", json=body).json(),
            session.post(url, json=body).json(),
        ):
            if answer.get("success") is not True:  # the baselines time a success, as the SDK's
                raise RuntimeError(f"vehicle/read answered {answer}")
        sdk = per_loop(lambda: client.vehicle.read(vehicle_id=1), sizes.loop_calls)
        loop = f"loops of {sizes.loop_calls:,} calls"
        return [
            compare(
                "vehicle/read over HTTP (Client vs httpx post().json())",
                sdk,
                per_loop(lambda: raw.post("/vehicle/read", json=body).json(), sizes.loop_calls),
                Target(1.05),
                sizes,
                note=loop,
            ),
            compare(
                "vehicle/read over HTTP (Client vs requests Session.post().json())",
                sdk,
                per_loop(lambda: session.post(url, json=body).json(), sizes.loop_calls),
                Target(1.0),
                sizes,
                note=loop,
            ),
        ]


async def _concurrent(base_url: str, transport: Any, clients: int, seconds: float) -> float:
    """Calls per second of ``clients`` concurrent ``tracker/list`` calls for ``seconds``."""
    async with AsyncClient(base_url=base_url, api_key=DEMO_API_KEY, transport=transport) as sdk:
        await sdk.tracker.list()  # warm-up: a connection is open
        done = 0
        deadline = time.perf_counter() + seconds

        async def worker() -> None:
            nonlocal done
            while time.perf_counter() < deadline:
                await sdk.tracker.list()
                done += 1

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        return done / (time.perf_counter() - started)


def concurrency(base_url: str, sizes: Sizes) -> Ratio:
    """``AsyncClient`` with the aiohttp transport against the default, 32 concurrent calls."""
    clients = max(sizes.concurrency)
    seconds = max(sizes.http_time, 0.2)
    return compare(
        f"AsyncClient tracker/list, {clients} concurrent (aiohttp vs httpx transport)",
        lambda: asyncio.run(_concurrent(base_url, "aiohttp", clients, seconds)),
        lambda: asyncio.run(_concurrent(base_url, None, clients, seconds)),
        Target(3.0, at_least=True),
        sizes,
        unit="calls/s",
    )


def bench_sdk(sizes: Sizes) -> list[Ratio]:
    """Decoding, one call over HTTP, and concurrent calls with either async transport."""
    ratios = [decoding(sizes)]
    with served_mock() as base_url:
        ratios.extend(network_calls(base_url, sizes))
        ratios.append(concurrency(base_url, sizes))
    return ratios
