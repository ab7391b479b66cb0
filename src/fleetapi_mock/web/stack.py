"""The server stack of a served mock: uvicorn's HTTP parser and event loop, and how the
process shares the interpreter between the event loop and the worker threads.

The fast parts (httptools, uvloop) come with the ``mock`` extra where they install; without
them the mock serves on h11 and asyncio's own loop, answering the same bytes, slower.
"""

from __future__ import annotations

import gc
import importlib.util
import sys
from typing import Any, Final

from fleetapi_mock.state.limits import HTTP_PROTOCOLS, LOOPS, ServerLimits
from fleetapi_mock.web.connections import BACKLOG, connection_class

__all__ = [
    "COLLECTION_THRESHOLDS",
    "SWITCH_INTERVAL",
    "StackError",
    "served_with",
    "share_the_interpreter",
]

SWITCH_INTERVAL: Final = 0.0002
"""How often (seconds) a served mock's threads take turns (:func:`sys.setswitchinterval`;
Python's default is 0.005): the event loop, answering one world's quick call, waits about this
long for a thread busy with another world's long one, each time it needs the interpreter back
(a light world's median call beside four busy ones: 3.8 ms here against 6.1 ms at 0.001)."""

COLLECTION_THRESHOLDS: Final = (700, 10, 1000)
"""A served mock's garbage collector thresholds (:func:`gc.set_threshold`; Python's are
700, 10, 10): a full collection walks every world's objects with the interpreter held (50 to
120 ms beside worlds of 10,000 tasks), and a world's long answers brought one every few
calls; a hundred times fewer of them keep the longest wait of another world's call near
30 ms. Cycles of short-lived objects are still freed by the younger collections."""


class StackError(ValueError):
    """A server stack that cannot run here: a part by no known name, or not installed."""


_MODULES: Final = {"httptools": "httptools", "uvloop": "uvloop"}
"""The module each named part needs."""


def served_with(limits: ServerLimits, http: str = "auto", loop: str = "auto") -> dict[str, Any]:
    """uvicorn's settings for ``limits``: the connection protocol on the parser ``http`` (with
    the limits of :mod:`.connections`), the event loop ``loop`` and the keep-alive timeout.

    Raises:
        StackError: ``http`` or ``loop`` is not one of their names, or names a part that is
            not installed (saying how to install it).
    """
    if http not in HTTP_PROTOCOLS:
        raise StackError(f"--http must be one of {', '.join(HTTP_PROTOCOLS)}, not {http!r}")
    if loop not in LOOPS:
        raise StackError(f"--loop must be one of {', '.join(LOOPS)}, not {loop!r}")
    for part in (http, loop):
        module = _MODULES.get(part)
        if module is not None and importlib.util.find_spec(module) is None:
            raise StackError(f"{part} is not installed here: pip install '{module}'")
    return {
        "http": connection_class(limits, http),
        "loop": loop,
        "timeout_keep_alive": limits.keep_alive,
        "backlog": BACKLOG,
    }


def share_the_interpreter() -> None:
    """Tune this process for serving: threads take turns every :data:`SWITCH_INTERVAL`, the
    collector runs at :data:`COLLECTION_THRESHOLDS` (a process that serves the mock alone)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.set_threshold(*COLLECTION_THRESHOLDS)
