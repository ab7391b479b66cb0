"""The worker threads of a served mock: quick work never waits behind calls that turned long."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from fleetapi_mock.web.scheduling import Workers


async def _quick_answer_beside_a_long_call(workers: Workers, release: threading.Event) -> bool:
    """Whether a quick job finishes while the only thread is held by a long one."""
    long_started = threading.Event()

    def long_call() -> str:
        long_started.set()
        release.wait(10)
        return "long"

    long_job = asyncio.ensure_future(workers.run(long_call))
    while not long_started.is_set():
        await asyncio.sleep(0.005)
    quick_job = asyncio.ensure_future(workers.run(lambda: "quick"))
    done, _ = await asyncio.wait({quick_job}, timeout=1.0)
    release.set()
    assert await long_job == "long"
    assert await quick_job == "quick"
    return quick_job in done


def test_a_job_gets_a_thread_of_its_own_when_the_threads_are_held_by_long_calls() -> None:
    release = threading.Event()
    workers = Workers(1, most=2, stale=0.05)
    assert asyncio.run(_quick_answer_beside_a_long_call(workers, release))
    assert workers.threads == 2


def test_without_stale_a_job_waits_for_the_thread() -> None:
    release = threading.Event()
    workers = Workers(1)
    assert not asyncio.run(_quick_answer_beside_a_long_call(workers, release))
    assert workers.threads == 1


def test_the_threads_over_size_end_once_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Workers, "LINGER", 0.05)
    workers = Workers(1, most=2, stale=0.05)
    assert asyncio.run(_quick_answer_beside_a_long_call(workers, threading.Event()))
    deadline = time.monotonic() + 5
    while workers.threads > 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert workers.threads == 1

    async def later() -> str:  # the thread left still works
        return await workers.run(lambda: "again")

    assert asyncio.run(later()) == "again"


def test_no_more_than_most_threads_start() -> None:
    release = threading.Event()

    async def crowd() -> list[str]:
        workers = Workers(1, most=2, stale=0.01)
        started = threading.Semaphore(0)

        def long_call() -> str:
            started.release()
            release.wait(10)
            return "long"

        jobs = [asyncio.ensure_future(workers.run(long_call)) for _ in range(4)]
        await asyncio.sleep(0.3)
        running = workers.threads
        release.set()
        answers = await asyncio.gather(*jobs)
        assert running == 2
        return answers

    assert asyncio.run(crowd()) == ["long"] * 4
