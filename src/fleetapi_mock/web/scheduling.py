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
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Final, TypeVar

from fleetapi._errors import ServiceUnavailableError
from fleetapi_mock.web.limits import DEFAULT_LIMITS

__all__ = [
    "LANE_WIDTH",
    "LARGE_BODY_BYTES",
    "LONG_WORKERS",
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
"""Threads for the requests not known to be slow."""

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

    Threads start as work arrives, up to ``size``, and wait for more. Being daemons, they never
    hold up the process once the server has stopped: a request still running past the
    shutdown timeout is abandoned with them (anyio's worker threads would be joined at exit).
    """

    def __init__(self, size: int, name: str = "fleet-mock-worker") -> None:
        self.size = size
        self.name = name
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._idle = 0

    async def run(self, call: Callable[[], _T]) -> _T:
        """``call()`` in a worker thread; cancelling the awaiting task abandons the result."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        with self._lock:
            if self._idle == 0 and self._threads < self.size:
                self._threads += 1
                threading.Thread(target=self._work, name=self.name, daemon=True).start()
            else:
                self._idle -= 1
        self._jobs.put((loop, future, call))
        return await future

    def _work(self) -> None:
        while True:
            loop, future, call = self._jobs.get()
            try:
                result = call()
            except BaseException as exc:  # handed to the awaiting task
                _settle(loop, future, exc=exc)
            else:
                _settle(loop, future, result=result)
            with self._lock:
                self._idle += 1


class Pace:
    """Which requests answer quickly enough to be answered on the event loop.

    A request is known by a key (a world and a path: the same call may be quick in a small
    world and slow in a large one). It is quick when its answers have taken less than
    :attr:`QUICK` seconds of the processor (the answering thread's own time: waiting for
    another thread's turn does not make a call slow): the time of a slow answer counts at
    once, a quick one brings the estimate down a tenth of the way. A key never answered yet is
    not quick, so that a long call (a patched handler, a huge track) never holds up the loop,
    and with it the shutdown, twice. At most :attr:`PATHS` keys are remembered (the others
    are never quick).
    """

    QUICK: Final = 0.002
    SLOW: Final = 0.05
    PATHS: Final = 16384

    def __init__(self) -> None:
        self._cost: dict[Hashable, float] = {}

    def quick(self, path: Hashable) -> bool:
        """Whether requests of ``path`` may be answered on the event loop."""
        return self._cost.get(path, math.inf) < self.QUICK

    def slow(self, path: Hashable) -> bool:
        """Whether requests of ``path`` are known to take :attr:`SLOW` seconds or more."""
        return self._cost.get(path, 0.0) >= self.SLOW

    def note(self, path: Hashable, seconds: float) -> None:
        """A request of ``path`` was answered in ``seconds``."""
        before = self._cost.get(path)
        if before is None:
            if len(self._cost) < self.PATHS:
                self._cost[path] = seconds
        else:
            self._cost[path] = seconds if seconds > before else before * 0.9 + seconds * 0.1


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
