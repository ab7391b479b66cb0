"""The served mock's memory budget, every world together: the process's resident memory, as
the operating system counts it, against ``--max-memory-bytes``.

Each world is bounded on its own (records, files, sessions, the journal); the budget bounds
what all of them hold at once. Past it the server takes nothing more that grows: a new world
is refused (code 14, HTTP 503), and so are the calls that add records and world documents
loaded through the control API (code 268), in every world; reading, updating and deleting go
on, so that suites can make room (``DELETE /__mock__/worlds/NAME``, a reset).

The resident size is read from ``/proc/self/statm`` (Linux) at most every
:data:`READ_EVERY` seconds; where there is no such file the budget is not applied.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Final

from fleetapi._errors import OverQuotaError, ServiceUnavailableError

__all__ = ["READ_EVERY", "MemoryGauge", "budget_of", "gauge", "machine_bytes"]

READ_EVERY: Final = 0.25
"""Seconds a reading of the resident size is reused."""

SHARE: Final = 0.75
"""The share of the machine's (or container's) memory the budget takes by default."""

_CGROUP_LIMITS: Final = (
    Path("/sys/fs/cgroup/memory.max"),  # cgroup v2
    Path("/sys/fs/cgroup/memory/memory.limit_in_bytes"),  # cgroup v1
)


def machine_bytes() -> int | None:
    """The memory this process may use: the machine's, or its container's limit when lower
    (``None`` when neither can be read)."""
    found: list[int] = []
    with contextlib.suppress(ValueError, OSError, AttributeError):  # not a POSIX system
        found.append(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    for path in _CGROUP_LIMITS:
        try:
            text = path.read_text(encoding="ascii").strip()
        except OSError:
            continue
        if text.isdigit() and int(text) < 1 << 60:  # "max", or v1's "no limit" figure
            found.append(int(text))
    return min(found) if found else None


def budget_of(limit: int) -> int | None:
    """The budget in bytes for ``--max-memory-bytes limit`` (0: :data:`SHARE` of
    :func:`machine_bytes`); ``None`` when it cannot be known."""
    if limit:
        return limit
    machine = machine_bytes()
    return None if machine is None else int(machine * SHARE)


class MemoryGauge:
    """The process's resident size, read now and then, against a budget."""

    def __init__(self, statm: Path = Path("/proc/self/statm")) -> None:
        self._statm = statm
        self._page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
        self._lock = threading.Lock()
        self._read_at = -READ_EVERY
        self._resident: int | None = None

    def resident(self) -> int | None:
        """Resident bytes of this process (a reading at most :data:`READ_EVERY` old), or
        ``None`` where the system does not tell."""
        now = time.monotonic()
        with self._lock:
            if now - self._read_at >= READ_EVERY:
                self._read_at = now
                try:
                    pages = int(self._statm.read_text(encoding="ascii").split()[1])
                except (OSError, ValueError, IndexError):
                    self._resident = None
                else:
                    self._resident = pages * self._page
            return self._resident

    def spent(self, limit: int) -> str | None:
        """Why the budget of ``--max-memory-bytes limit`` is spent, or ``None`` while it is
        not (or cannot be known)."""
        budget = budget_of(limit)
        resident = self.resident()
        if budget is None or resident is None or resident < budget:
            return None
        return (
            f"the server holds {_size(resident)}, its budget is {_size(budget)} (fleet mock "
            "serve --max-memory-bytes): delete worlds or reset them"
        )

    def check_room(self, limit: int) -> None:
        """Code 268 past the budget: for what adds records or loads a world.

        Raises:
            OverQuotaError: the budget is spent.
        """
        problem = self.spent(limit)
        if problem is not None:
            raise OverQuotaError(problem)

    def check_new_world(self, limit: int) -> None:
        """Code 14 past the budget: for a world to make.

        Raises:
            ServiceUnavailableError: the budget is spent.
        """
        problem = self.spent(limit)
        if problem is not None:
            raise ServiceUnavailableError(f"mock: no new world now: {problem}", retry_after=5)


def _size(count: int) -> str:
    return f"{count / 2**20:.0f} MiB" if count >= 2**20 else f"{count} bytes"


gauge: Final = MemoryGauge()
"""The process's gauge (one process, one resident size)."""
