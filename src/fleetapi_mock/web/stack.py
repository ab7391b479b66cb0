"""The server stack of a served mock: uvicorn's HTTP parser and event loop, and how the
process shares the interpreter between the event loop and the worker threads.

The fast parts (httptools, uvloop) come with the ``mock`` extra where they install; without
them the mock serves on h11 and asyncio's own loop, answering the same bytes, slower.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import re
import sys
import typing
from typing import Any, Final

from starlette.types import ASGIApp
from uvicorn._types import ASGI3Application, ASGIReceiveCallable, ASGISendCallable, Scope
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from fleetapi_mock.state.limits import HTTP_PROTOCOLS, LOOPS, ServerLimits
from fleetapi_mock.web.connections import BACKLOG, connection_class

__all__ = [
    "COLLECTION_THRESHOLDS",
    "DEFAULT_TRUSTED_PROXIES",
    "SWITCH_INTERVAL",
    "ForwardedHeaders",
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
        "proxy_headers": False,  # ForwardedHeaders reads them, X-Forwarded-Host included
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


DEFAULT_TRUSTED_PROXIES: Final = "127.0.0.1,::1"
"""The addresses whose forwarding headers a served mock believes, unless ``FORWARDED_ALLOW_IPS``
names others (uvicorn's variable and default: ``*`` believes everyone)."""

_HOST: Final = re.compile(rb"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
"""A host as ``X-Forwarded-Host`` may name it: a name or address, and a port."""


class ForwardedHeaders(ProxyHeadersMiddleware):
    """uvicorn's forwarding headers (``X-Forwarded-Proto``, ``X-Forwarded-For``) and
    ``X-Forwarded-Host``, believed from the proxies ``trusted`` names alone.

    A proxy that rewrites ``Host`` tells the client's in ``X-Forwarded-Host``: the addresses
    the mock hands out (upload tickets, downloads) are built from it, so they point at the
    proxy. The first host of the header is the one the client asked for; a value that is no
    host is ignored.
    """

    def __init__(self, app: ASGIApp, trusted: str | None = None) -> None:
        if trusted is None:
            trusted = os.environ.get("FORWARDED_ALLOW_IPS", DEFAULT_TRUSTED_PROXIES)
        super().__init__(typing.cast("ASGI3Application", app), trusted_hosts=trusted)

    async def __call__(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        """Take the forwarding headers of a trusted proxy into ``scope``, then answer."""
        client = scope.get("client") if scope["type"] != "lifespan" else None
        if client and client[0] in self.trusted_hosts:
            headers = scope["headers"]  # type: ignore[typeddict-item]
            forwarded = [value for name, value in headers if name == b"x-forwarded-host"]
            host = forwarded[0].split(b",")[0].strip() if forwarded else b""
            if _HOST.fullmatch(host):
                kept = [(name, value) for name, value in headers if name != b"host"]
                scope["headers"] = [*kept, (b"host", host)]  # type: ignore[typeddict-unknown-key]
        await super().__call__(scope, receive, send)
