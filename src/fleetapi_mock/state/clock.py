"""Time and ids of a world: the :class:`Clock`, time zones, and :class:`IdSequences`."""

from __future__ import annotations

import datetime as dt
import threading
import time
import zoneinfo
from collections.abc import Mapping
from functools import cache
from typing import Final

from fleetapi._converter import format_datetime
from fleetapi_mock.state.bounds import CLOCK_MAX, CLOCK_MIN, in_clock_range

__all__ = ["DEFAULT_START", "Clock", "IdSequences", "zone"]

DEFAULT_START: Final = dt.datetime(2026, 1, 15, 9, 0, 0)
"""The world time of a world whose document gives no ``now``."""


@cache
def zone(name: str) -> dt.tzinfo:
    """The time zone called ``name`` (IANA); ``KeyError`` when it is unknown."""
    if name.upper() == "UTC":
        return dt.timezone.utc
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise KeyError(name) from None


class Clock:
    """The world's time: frozen (tests) or running (a served mock), always settable.

    A frozen clock stands still until :meth:`set` or :meth:`advance` moves it. A running clock
    moves with the machine's monotonic clock from the time it was last set, so a served mock
    starts at the world's fixed start time and then ticks. Times are naive UTC date/times
    between :data:`~fleetapi_mock.state.bounds.CLOCK_MIN` and
    :data:`~fleetapi_mock.state.bounds.CLOCK_MAX`; a running clock stops at the latter.
    """

    def __init__(self, now: dt.datetime = DEFAULT_START, *, running: bool = False) -> None:
        self._lock = threading.Lock()
        self._base = _clock_time(now)
        self._anchor = time.monotonic()
        self._running = running

    def now(self) -> dt.datetime:
        """The current world time (naive UTC)."""
        with self._lock:
            return self._now_unlocked()

    @property
    def running(self) -> bool:
        """Whether the clock moves by itself."""
        return self._running

    def set(self, now: dt.datetime) -> None:
        """Jump to ``now`` (naive UTC, or aware in any zone).

        Raises:
            ValueError: ``now`` is outside the clock's range.
        """
        value = _clock_time(now)
        with self._lock:
            self._base = value
            self._anchor = time.monotonic()

    def advance(self, delta: dt.timedelta | float) -> dt.datetime:
        """Move forward by ``delta`` (a timedelta or seconds) and return the new time.

        Raises:
            ValueError: the new time is outside the clock's range (the clock stays put).
        """
        step = delta if isinstance(delta, dt.timedelta) else dt.timedelta(seconds=delta)
        with self._lock:
            try:
                moved = self._now_unlocked() + step
            except OverflowError:
                raise ValueError("moves the clock out of range") from None
            self._base = _clock_time(moved)
            self._anchor = time.monotonic()
            return self._base

    def freeze(self) -> None:
        """Stop the clock at the current time."""
        with self._lock:
            self._base = self._now_unlocked()
            self._anchor = time.monotonic()
            self._running = False

    def run(self) -> None:
        """Let the clock move with the machine's clock from the current time."""
        with self._lock:
            self._base = self._now_unlocked()
            self._anchor = time.monotonic()
            self._running = True

    def _now_unlocked(self) -> dt.datetime:
        if not self._running:
            return self._base
        elapsed = dt.timedelta(seconds=time.monotonic() - self._anchor)
        return self._base + min(elapsed, CLOCK_MAX - self._base)

    def __repr__(self) -> str:
        mode = "running" if self._running else "frozen"
        return f"Clock({format_datetime(self.now())}, {mode})"


def _clock_time(value: dt.datetime) -> dt.datetime:
    """``value`` as naive UTC, refused outside the clock's range."""
    if not in_clock_range(value):
        raise ValueError(
            f"the clock stays between {format_datetime(CLOCK_MIN)} and {format_datetime(CLOCK_MAX)}"
        )
    return _naive_utc(value)


def _naive_utc(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is not None:
        value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return value


class IdSequences:
    """Id sequences by name (``trackers``, ``users``...): each hands out increasing ids."""

    def __init__(self, start: Mapping[str, int] | None = None) -> None:
        self._next: dict[str, int] = dict(start or {})

    def next(self, name: str) -> int:
        """The next id of ``name`` (1 for a sequence never used)."""
        value = self._next.get(name, 1)
        self._next[name] = value + 1
        return value

    def ensure_above(self, name: str, used: int) -> None:
        """Make sure the next id of ``name`` is greater than ``used``."""
        if self._next.get(name, 1) <= used:
            self._next[name] = used + 1

    def snapshot(self) -> dict[str, int]:
        """The next id of every sequence."""
        return dict(sorted(self._next.items()))
