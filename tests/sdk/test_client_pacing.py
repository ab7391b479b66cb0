"""``rate_limit``: a client spaces its requests so that a burst is never refused (code 15)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import fleetapi._async_client
import fleetapi._client
from fleetapi import AsyncClient, Client, TooManyRequestsError
from fleetapi._pacing import Pacer
from fleetapi_mock import DEMO_API_KEY, FleetMock
from fleetapi_mock.web.access import RateLimiter


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_turns_are_one_interval_apart_in_the_order_asked() -> None:
    clock = FakeClock()
    pacer = Pacer(50, clock=clock)
    assert [pacer.reserve() for _ in range(4)] == pytest.approx([0, 0.02, 0.04, 0.06])
    clock.now += 0.05  # time passes: the next turn is closer
    assert pacer.reserve() == pytest.approx(0.03)
    clock.now += 10  # a quiet spell gives no credit for a burst afterwards
    assert [pacer.reserve() for _ in range(2)] == pytest.approx([0, 0.02])


@pytest.mark.parametrize("per_second", [0, -1, float("nan")])
def test_a_rate_that_is_not_positive_is_refused(per_second: float) -> None:
    with pytest.raises(ValueError, match="rate_limit must be more than 0"):
        Client(base_url="http://127.0.0.1:9", rate_limit=per_second)


def test_the_sync_client_waits_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(fleetapi._client, "sleep", waits.append)
    mock = FleetMock()
    client = Client(base_url=mock.base_url, api_key=DEMO_API_KEY, transport=mock.transport,
                    rate_limit=10)  # fmt: skip
    for _ in range(4):
        client.tracker.list()
    # the first goes at once; the others wait their turns (no time passes: sleep is a record)
    assert waits == pytest.approx([0.1, 0.2, 0.3], abs=0.05)


def test_the_async_client_and_its_clones_share_one_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []

    async def record(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(fleetapi._async_client, "sleep", record)
    mock = FleetMock()

    async def burst() -> None:
        async with AsyncClient(base_url=mock.base_url, api_key=DEMO_API_KEY,
                               transport=mock.transport, rate_limit=10) as client:  # fmt: skip
            quick = client.with_options(timeout=5)
            await asyncio.gather(*(c.tracker.list() for c in (client, quick) * 3))

    asyncio.run(burst())
    assert sorted(waits) == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=0.05)


@pytest.mark.parametrize(("rate_limit", "refusals"), [(45, 0), (None, 70)])
def test_a_burst_at_the_services_rate_is_never_refused(
    monkeypatch: pytest.MonkeyPatch, rate_limit: float | None, refusals: int
) -> None:
    """120 calls at once against the service's limit (50 a second, a sliding window), on one
    clock that only waiting moves: paced a little under it, none is refused; unpaced, all but
    50 are."""
    clock = FakeClock()

    async def wait(seconds: float) -> None:
        clock.now += seconds

    monkeypatch.setattr(fleetapi._async_client, "sleep", wait)
    mock = FleetMock()
    mock.backend.limiter = RateLimiter(50, timer=clock)

    async def burst() -> list[Any]:
        options: dict[str, Any] = {"transport": mock.transport, "rate_limit": rate_limit}
        async with AsyncClient(
            base_url=mock.base_url, api_key=DEMO_API_KEY, max_retries=0, **options
        ) as client:
            if client.config.pacer is not None:
                client.config.pacer._clock = clock
            calls = (client.tracker.list() for _ in range(120))
            return await asyncio.gather(*calls, return_exceptions=True)

    results = asyncio.run(burst())
    assert sum(isinstance(r, TooManyRequestsError) for r in results) == refusals
    assert sum(e.code == 15 for e in mock.journal) == refusals
