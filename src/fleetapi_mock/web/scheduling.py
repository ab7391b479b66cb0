"""How the requests of a served mock share its time: the worker threads, which requests may
run on the event loop, and each world's lane.

A served mock answers many worlds at once (one per CI suite). What one world asks must not hold
up another's answers:

- a request runs on the event loop only when it is known to be quick in its world and its body
  is small (:class:`Pace`, :data:`QUICK_BODY_BYTES`); every other runs in a worker thread
  (:class:`Workers`), its body read and parsed there: one known to be slow, or with a large
  body, in the one thread of long work, the others in the threads of short work, so that a
  suite's quick calls never wait behind another suite's slow ones;
- a world has a lane (:class:`Lane`): at most :data:`LANE_WIDTH` of its requests are in worker
  threads at once (a world's work is serialised by its lock anyway), the others wait in its own
  queue, without holding a thread, and past the queue's limit are refused with code 14 (HTTP 503).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Final, TypeVar

from fleetapi._errors import ServiceUnavailableError
from fleetapi_mock.state.limits import DEFAULT_LIMITS

__all__ = [
    "LANE_WIDTH",
    "LARGE_BODY_BYTES",
    "LONG_WORKERS",
    "MOST_SHORT_WORKERS",
    "QUICK_BODY_BYTES",
    "SHORT_WORKERS",
    "Lane",
    "Pace",
    "Workers",
]

QUICK_BODY_BYTES: Final = 64 * 1024
"""A request whose body is larger (or of unknown size) never runs on the event loop."""

LANE_WIDTH: Final = 1
"""How many requests of one world run in worker threads at once."""

SHORT_WORKERS: Final = 2
"""Threads for the requests not known to be slow (while they answer quickly)."""

MOST_SHORT_WORKERS: Final = 8
"""Threads for those requests when the first ones are held by calls that turned out long."""

LONG_WORKERS: Final = 1
"""Threads for the requests known to be slow (and the large bodies): Python runs one thread at
a time, so more of them would not answer slow calls sooner, only make every other request,
the event loop's included, wait longer for its turn."""

LARGE_BODY_BYTES: Final = 1024 * 1024
"""A body at least this large (or of unknown size) is long work: parsing it takes a while."""

_T = TypeVar("_T")
_Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[[], Any]]
"""A call to make, and where to hand its outcome."""


class Workers:
    """Daemon threads that run the backend's blocking work for the event loop.

    Threads start as work arrives, up to ``size``, and wait for more. With ``stale``, a thread
    whose job has run ``stale`` seconds no longer counts against ``size``: work that would
    wait while most threads are held by calls that turned out long (a world's first call of a
    path nobody knows yet) gets a thread of its own, up to ``most`` threads; the threads over
    ``size`` end after :attr:`LINGER` idle seconds. Being daemons, threads never hold up the
    process once the server has stopped: a request still running past the shutdown timeout is
    abandoned with them (anyio's worker threads would be joined at exit).
    """

    LINGER: Final = 10.0

    def __init__(
        self,
        size: int,
        name: str = "fleet-mock-worker",
        *,
        most: int | None = None,
        stale: float | None = None,
    ) -> None:
        self.size = size
        self.most = max(size, most or size)
        self.stale = stale
        self.name = name
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._idle = 0
        self._queued = 0
        self._started: dict[int, float] = {}
        """When each busy thread (by identity) began its job."""

    @property
    def threads(self) -> int:
        """Threads started and not ended."""
        return self._threads

    async def run(self, call: Callable[[], _T]) -> _T:
        """``call()`` in a worker thread; cancelling the awaiting task abandons the result."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        with self._lock:
            self._queued += 1
        self._jobs.put((loop, future, call))
        if not self._staff() and self.stale is not None:
            loop.call_later(self.stale, self._look_again, loop)
        return await future

    def _staff(self) -> bool:
        """Start a thread if a queued job may have one; whether every queued job has one."""
        with self._lock:
            if self._queued <= self._idle:
                return True
            if self._threads < self.size:
                start = True
            elif self.stale is None or self._threads >= self.most:
                start = False
            else:
                since = time.monotonic() - self.stale
                fresh = sum(began > since for began in self._started.values())
                start = fresh + self._idle < self.size
            if start:
                self._threads += 1
                self._idle += 1
        if start:
            threading.Thread(target=self._work, name=self.name, daemon=True).start()
        return start and self._queued <= self._idle

    def _look_again(self, loop: asyncio.AbstractEventLoop) -> None:
        """A job has waited ``stale`` seconds: staff it if the threads turned long."""
        if not self._staff() and self.stale is not None and not loop.is_closed():
            loop.call_later(self.stale, self._look_again, loop)

    def _work(self) -> None:
        me = threading.get_ident()
        while True:
            try:
                loop, future, call = self._jobs.get(timeout=self.LINGER)
            except queue.Empty:
                with self._lock:  # leave no queued job without an idle thread
                    if self._threads > self.size and self._queued < self._idle:
                        self._threads -= 1
                        self._idle -= 1
                        return
                continue
            with self._lock:
                self._idle -= 1
                self._queued -= 1
                self._started[me] = time.monotonic()
            try:
                result = call()
            except BaseException as exc:  # handed to the awaiting task
                _settle(loop, future, exc=exc)
            else:
                _settle(loop, future, result=result)
            with self._lock:
                del self._started[me]
                self._idle += 1


class Pace:
    """Which requests answer quickly enough to be answered on the event loop.

    A request is known by a key (a world and a path: the same call may be quick in a small
    world and slow in a large one). It is quick when its answers have taken less than
    :attr:`QUICK` seconds of the processor (the answering thread's own time: waiting for
    another thread's turn does not make a call slow): the time of a slow answer counts at
    once, a quick one brings the estimate down a tenth of the way. A key never answered yet is
    not quick, so that a long call (a patched handler, a huge track) never holds up the loop,
    and with it the shutdown, twice. It is slow when its answers typically take :attr:`SLOW`
    seconds (an average that gives the last answer a quarter of the weight, so that one
    answer held up by a garbage collection does not send a quick call behind the long
    ones). At most :attr:`PATHS` keys are remembered (the others are never quick).
    """

    QUICK: Final = 0.002
    SLOW: Final = 0.05
    PATHS: Final = 16384

    def __init__(self) -> None:
        self._cost: dict[Hashable, tuple[float, float]] = {}
        """Each key's (worst lately, typical) seconds."""

    def quick(self, path: Hashable) -> bool:
        """Whether requests of ``path`` may be answered on the event loop."""
        return self._cost.get(path, (math.inf, math.inf))[0] < self.QUICK

    def slow(self, path: Hashable) -> bool:
        """Whether requests of ``path`` typically take :attr:`SLOW` seconds or more."""
        return self._cost.get(path, (0.0, 0.0))[1] >= self.SLOW

    def note(self, path: Hashable, seconds: float) -> None:
        """A request of ``path`` was answered in ``seconds``."""
        before = self._cost.get(path)
        if before is None:
            if len(self._cost) < self.PATHS:
                self._cost[path] = (seconds, seconds)
            return
        worst, typical = before
        worst = seconds if seconds > worst else worst * 0.9 + seconds * 0.1
        self._cost[path] = (worst, typical * 0.75 + seconds * 0.25)


def _settle(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    *,
    result: Any = None,
    exc: BaseException | None = None,
) -> None:
    def settle() -> None:
        if future.done():  # cancelled: nobody waits
            return
        if exc is not None:
            future.set_exception(exc)
        else:
            future.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop: the server has stopped
        loop.call_soon_threadsafe(settle)


class Lane:
    """One world's way to the worker threads: at most ``width`` of its requests run at once,
    at most ``depth`` wait (in arrival order); one more is refused.

    Waiting costs no thread and holds no body: a request enters its lane before its body is
    read.
    """

    def __init__(
        self, name: str, *, width: int = LANE_WIDTH, depth: int = DEFAULT_LIMITS.world_queue
    ) -> None:
        self.name = name
        self.depth = depth
        self._slots = asyncio.Semaphore(width)
        self.waiting = 0
        """Requests waiting for a slot."""

    async def run(self, work: Callable[[], Awaitable[_T]]) -> _T:
        """``await work()`` once a slot is free.

        Raises:
            ServiceUnavailableError: ``depth`` requests already wait (code 14, HTTP 503).
        """
        if self._slots.locked() and self.waiting >= self.depth:
            raise ServiceUnavailableError(
                f"mock: world {self.name!r} already has {self.depth} requests waiting "
                "(fleet mock serve --world-queue); try again shortly",
                retry_after=1,
            )
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        try:
            return await work()
        finally:
            self._slots.release()
