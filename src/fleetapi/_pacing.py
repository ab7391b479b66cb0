"""Pacing: a client that sends at most so many requests per second, each waiting its turn.

The service refuses more than 50 requests per second per credential (code 15, HTTP 429). The
SDK retries such a refusal, but a burst (``asyncio.gather`` over hundreds of calls) can spend
every retry. A client made with ``rate_limit=N`` spaces its requests ``1/N`` seconds apart
instead: :meth:`Pacer.reserve` answers how long the next request waits, and both engines
sleep that long before sending (sans-I/O: the pacer only does the arithmetic).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["SERVICE_RATE_LIMIT", "Pacer"]

SERVICE_RATE_LIMIT = 50
"""Requests per second the service allows per credential (and per client address)."""


class Pacer:
    """Hands out send times ``1/per_second`` seconds apart, in the order asked, to every
    request of the clients sharing it (threads and tasks alike).

    Args:
        per_second: Requests per second, more than 0.
        clock: Seconds from a monotonic clock (tests pass their own).
    """

    def __init__(self, per_second: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        if not per_second > 0:
            raise ValueError(
                f"rate_limit must be more than 0 requests per second, not {per_second!r}"
            )
        self.per_second = per_second
        self._interval = 1.0 / per_second
        self._clock = clock
        self._next = float("-inf")
        self._lock = threading.Lock()

    def reserve(self) -> float:
        """Take the next free turn; answer how many seconds to wait for it (0 when free)."""
        with self._lock:
            now = self._clock()
            turn = max(now, self._next)
            self._next = turn + self._interval
            return turn - now

    def __repr__(self) -> str:
        return f"Pacer(per_second={self.per_second:g})"
