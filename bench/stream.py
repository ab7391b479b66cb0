"""Real-time events: the event stream (``event/subscription``) of a served mock, through the SDK.

- Tracker states per second delivered to one ``state_batch`` subscriber: a world of many
  trackers all report at once, again and again, and the SDK's ``client.event.subscription``
  yields each batch as typed ``TrackerState`` objects (states converted, counted), timed from
  the moment the reports are recorded (feeding the world stands for the devices, and is not
  the stream's work). The baseline is what a program without the stream does: after each
  report, the same states read through the SDK with ``tracker/get_states``. Target: at least
  10,000 states a second.
- The delay from a position fed to the world to its event, under a running clock and a
  ``rate_limit`` of one second: the median of several positions fed at unrelated moments,
  against the batch period itself. Target: under one period plus 50 ms (ratio at most 1.05).

The server is ``fleet mock serve`` in a process of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime as dt
import statistics
import time
from collections.abc import Iterator
from typing import Any

from bench.measure import TINY, Ratio, Sizes, Target
from bench.served import FLEET, _process

TRACKERS = 2000
TRACKERS_TINY = 50
PERIOD = 1.0
"""The ``rate_limit`` of the delay figure, in seconds."""


def many_trackers(count: int) -> dict[str, Any]:
    """The demo world with ``count`` trackers of the demo account: copies of its first, each
    copy's state times a few seconds apart from the others' (as a real fleet's are), so
    that no date/time is converted once for all."""
    from fleetapi_mock.state.documents import demo_document

    document = demo_document()
    model = document["trackers"][0]
    for number in range(count):
        tracker = copy.deepcopy(model)
        tracker.update(
            id=10_000 + number,
            label=f"Bench {number}",
            source_id=500_000 + number,
            device_id=f"99{number:013d}",
        )
        _shift_times(tracker["state"], dt.timedelta(seconds=3 * number))
        document["trackers"].append(tracker)
    return document


def _shift_times(value: Any, by: dt.timedelta) -> None:
    """Move every date/time of a state (its ``…update`` and ``updated`` keys) back by ``by``."""
    for key, item in value.items():
        if isinstance(item, dict):
            _shift_times(item, by)
        elif key.endswith(("update", "updated")) and isinstance(item, str):
            value[key] = (dt.datetime.fromisoformat(item) - by).isoformat(sep=" ")


@contextlib.contextmanager
def _server(*, frozen: bool) -> Iterator[str]:
    argv = [str(FLEET), "mock", "serve", "--port", "0", "--rate-limit", "0"]
    with _process([*argv, "--frozen-clock"] if frozen else argv) as (url, _):
        yield url


def _positions(ids: list[int], speed: int) -> list[dict[str, Any]]:
    return [
        {"tracker_id": i, "lat": 52.5 + (i % 100) / 1000, "lng": 13.4, "speed": speed} for i in ids
    ]


def states_per_second(sizes: Sizes) -> Ratio:
    """Tracker states a second to one ``state_batch`` subscriber, against polling."""
    from fleetapi import Client
    from fleetapi.models.event import StateBatchSubscription, SubscriptionTarget
    from fleetapi_mock import MockControl

    count = TRACKERS_TINY if sizes == TINY else TRACKERS
    rounds = 3 if sizes == TINY else 20
    with _server(frozen=True) as url:
        MockControl(url).reset(document=many_trackers(count))
        ids = [10_000 + n for n in range(count)]
        control = MockControl(url)
        with Client.login(url, "demo", "demo") as client:
            stream_rates, poll_rates = [], []
            target = SubscriptionTarget(type="selected", tracker_ids=ids)
            requests = [StateBatchSubscription(target=target)]
            for sample in range(sizes.samples):
                with client.event.subscription(requests=requests) as events:
                    next(events)  # the first packet
                    spent, received = 0.0, 0
                    for speed in range(rounds):
                        control.record_positions(points=_positions(ids, sample + speed))
                        started = time.perf_counter()  # the devices' reports are not counted
                        received += len(next(events).data)
                        spent += time.perf_counter() - started
                    stream_rates.append(received / spent)
                spent, polled = 0.0, 0
                for speed in range(rounds):
                    control.record_positions(points=_positions(ids, sample + speed))
                    started = time.perf_counter()
                    polled += len(client.tracker.get_states(trackers=ids).states)
                    spent += time.perf_counter() - started
                poll_rates.append(polled / spent)
    return Ratio(
        "stream: tracker states/s to one state_batch subscriber (vs polling get_states)",
        statistics.median(stream_rates),
        statistics.median(poll_rates),
        "states/s",
        Target(10_000, at_least=True, absolute=True),
        sizes.samples,
        note=f"{count} trackers reporting at once, {rounds} rounds; from each report's end",
    )


def position_to_event(sizes: Sizes) -> Ratio:
    """The delay from a position to its ``state_batch`` event, against the batch period."""
    from fleetapi import Client
    from fleetapi.models.event import StateBatchSubscription, SubscriptionTarget
    from fleetapi_mock import MockControl

    positions = 5 if sizes == TINY else 12
    delays: list[float] = []
    with _server(frozen=False) as url:
        control = MockControl(url)
        target = SubscriptionTarget(type="selected", tracker_ids=[1])
        requests = [StateBatchSubscription(target=target, rate_limit="1s")]
        with (
            Client.login(url, "demo", "demo") as client,
            client.event.subscription(requests=requests) as events,
        ):
            next(events)
            for number in range(positions):
                time.sleep(0.37 * (number % 3))  # unrelated to the batches' phase
                control.record_positions(points=_positions([1], 10 + number))
                fed = time.perf_counter()
                while next(events).data[0].gps.speed != 10 + number:
                    pass
                delays.append(time.perf_counter() - fed)
    return Ratio(
        "stream: delay from a position to its event (vs the 1 s batch period)",
        statistics.median(delays),
        PERIOD,
        "s",
        Target(1.05),
        len(delays),
        note=f"worst {max(delays):.3f} s of {len(delays)} positions, rate_limit 1s, running clock",
    )


SUBSCRIBERS = 100
FAN_OUT_TRACKERS = 200


def fan_out(sizes: Sizes) -> Ratio:
    """Tracker states a second delivered to 100 ``state_batch`` subscribers in all, against
    the same world's states to one subscriber."""
    from fleetapi_mock import MockControl

    count = TRACKERS_TINY if sizes == TINY else FAN_OUT_TRACKERS
    subscribers = 5 if sizes == TINY else SUBSCRIBERS
    rounds = 2 if sizes == TINY else 5
    many, one = [], []
    with _server(frozen=True) as url:
        MockControl(url).reset(document=many_trackers(count))
        ids = [10_000 + n for n in range(count)]
        for _ in range(sizes.samples):
            many.append(asyncio.run(_delivered(url, ids, subscribers, rounds)))
            one.append(asyncio.run(_delivered(url, ids, 1, rounds)))
    return Ratio(
        f"stream: tracker states/s to {subscribers} state_batch subscribers in all (vs to one)",
        statistics.median(many),
        statistics.median(one),
        "states/s",
        Target(1.0, at_least=True),
        sizes.samples,
        note=f"{count} trackers reporting at once, {rounds} rounds; each subscriber's "
        "states converted by the SDK (AsyncClient), all in this one process",
    )


async def _delivered(url: str, ids: list[int], subscribers: int, rounds: int) -> float:
    """States a second that ``subscribers`` streams of one session receive, in all: each
    stream is read in a task of its own, as a stream belongs to the task that opens it."""
    from fleetapi import AsyncClient
    from fleetapi.models.event import StateBatchSubscription, SubscriptionTarget
    from fleetapi_mock import MockControl

    control = MockControl(url)
    target = SubscriptionTarget(type="selected", tracker_ids=ids)
    requests = [StateBatchSubscription(target=target)]
    got: asyncio.Queue[int] = asyncio.Queue()

    async def subscriber(credential: str) -> None:
        async with (
            AsyncClient(base_url=url, api_key=credential) as client,
            client.event.subscription(requests=requests) as events,
        ):
            for _ in range(rounds + 1):  # the first packet, then a batch a round
                await got.put(len((await events.receive()).data))

    async def states(count: int) -> int:
        return sum([await got.get() for _ in range(count)])

    async with await AsyncClient.login(url, "demo", "demo") as login:
        assert login.hash is not None
        tasks = [asyncio.create_task(subscriber(login.hash)) for _ in range(subscribers)]
        await states(subscribers)  # every first packet
        spent, received = 0.0, 0
        for speed in range(rounds):
            await asyncio.to_thread(control.record_positions, points=_positions(ids, speed))
            started = time.perf_counter()
            received += await states(subscribers)
            spent += time.perf_counter() - started
        await asyncio.gather(*tasks)
    return received / spent


def bench_stream(sizes: Sizes) -> list[Ratio]:
    """The event stream's figures."""
    return [states_per_second(sizes), fan_out(sizes), position_to_event(sizes)]
