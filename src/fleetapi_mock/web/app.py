"""The ASGI app of the mock (Starlette): every HTTP request goes to a :class:`Backend`."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
import urllib.parse
import weakref
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.types import Receive, Scope, Send

from fleetapi._errors import (
    FleetApiError,
    ServiceUnavailableError,
    UnexpectedError,
    WrongHashError,
)
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.web import control
from fleetapi_mock.web.dashboard.feed import MAX_FEEDS, serve_feed
from fleetapi_mock.web.request import request_origin
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.scheduling import (
    LARGE_BODY_BYTES,
    LONG_WORKERS,
    MOST_SHORT_WORKERS,
    QUICK_BODY_BYTES,
    SHORT_WORKERS,
    Lane,
    Pace,
    Workers,
)
from fleetapi_mock.web.stream import Streams
from fleetapi_mock.web.wire import FormFields, LowerCaseHeaders, failure_response, form_fields
from fleetapi_mock.web.wire import Response as Reply
from fleetapi_mock.web.worlds import Worlds

__all__ = ["create_app"]

logger: logging.Logger = logging.getLogger("fleetapi_mock")


class ClientGone(Exception):
    """The client closed its connection before its request's body had arrived."""


async def _read_body(receive: Receive, headers: dict[str, str], limit: int) -> tuple[bytes, int]:
    """The body and its size, reading no further than one chunk past ``limit``.

    A body larger than ``limit`` is not kept: the backend answers 413 from the size alone.

    Raises:
        ClientGone: The client disconnected first.
    """
    declared = headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        return b"", int(declared)
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise ClientGone
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return b"", size
        if not message.get("more_body", False):
            return b"".join(chunks), size


def _headers(scope: Scope) -> LowerCaseHeaders:
    """The request's headers (the last of a repeated one); ASGI gives names in lower case."""
    return LowerCaseHeaders(
        (k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in scope["headers"]
    )


def _query(scope: Scope) -> FormFields:
    """The request's query parameters (a repeated key holds the list of its values)."""
    raw = scope["query_string"]
    if not raw:
        return {}
    return form_fields(urllib.parse.parse_qsl(raw.decode("latin-1"), keep_blank_values=True))


def _refused_control(headers: LowerCaseHeaders, token: str) -> Reply | None:
    """The refusal of a control request without the server's token (``None``: it has it)."""
    given = headers.get("authorization", "")
    if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return None
    error = WrongHashError(
        "the control API needs 'Authorization: Bearer <token>' (fleet mock serve --control-token)",
        http_status=401,
    )
    refusal = failure_response(error)
    challenge = {"www-authenticate": 'Bearer realm="fleet mock control"'}
    return attrs.evolve(refusal, headers={**refusal.headers, **challenge})


def create_app(
    backend: Backend | Worlds | None = None,
    *,
    control_token: str | None = None,
    limits: ServerLimits | None = None,
) -> Starlette:
    """A Starlette app answering every path and method from ``backend`` (the demo world's
    backend when not given), and from the named worlds beside it (:mod:`.worlds`).

    With ``limits``, every world of the app takes them (without, each keeps its backend's:
    the defaults, or a :class:`Backend`'s ``max_body_bytes``).

    With ``control_token``, a control route (but the public ones: the file routes and the
    OpenAPI document) needs ``Authorization: Bearer <control_token>``; without it the answer
    is code 3, HTTP 401. Without ``control_token``, world documents are answered with their
    passwords and hashes masked.

    A small request known to be quick in its world (:mod:`.scheduling`) is answered on the
    event loop when the world is free: such a call takes tens of microseconds, less than
    handing it to a thread and back. Others, and any request while another thread holds the
    world (a test moving the clock, a request already in a worker), wait in their world's lane
    (at most ``limits.world_queue`` of them; code 14 past it) and are read and answered in a worker
    thread, so that the loop goes on serving the other worlds.

    Every HTTP request goes straight to the backend (the mock has one route for all paths) but
    the journal's live feed asked for as a stream (``GET /__mock__/journal/live`` accepting
    ``text/event-stream``, at most ``MAX_FEEDS`` at once: :mod:`.dashboard.feed`); a WebSocket
    to ``event/subscription`` is the event stream (:mod:`.stream`); Starlette serves the rest of
    ASGI (lifespan).
    """
    worlds = backend if isinstance(backend, Worlds) else Worlds(backend or Backend())
    if limits is not None:
        for _, served in worlds.backends():  # a world made later takes the main one's
            served.limits = limits
    world_queue = worlds.main.limits.world_queue
    short_work = Workers(SHORT_WORKERS, most=MOST_SHORT_WORKERS, stale=Pace.SLOW)
    long_work = Workers(LONG_WORKERS, name="fleet-mock-worker-long")
    pace = Pace()
    lanes: weakref.WeakKeyDictionary[Backend, Lane] = weakref.WeakKeyDictionary()
    feeds = _Count()
    limit = worlds.main.max_body_bytes

    async def world_of(path: str, headers: Mapping[str, str]) -> Backend:
        # A world made on first use loads the starting document: never on the event loop.
        found = worlds.find(path, headers)
        if found is not None:
            return found
        return await short_work.run(partial(worlds.select, path, headers))

    async def reply(scope: Scope, receive: Receive, send: Send) -> Reply | None:
        headers = _headers(scope)
        path: str = scope["path"]
        method: str = scope["method"]
        query = _query(scope)
        if control_token is not None and control.needs_token(method, path):
            refusal = _refused_control(headers, control_token)
            if refusal is not None:
                return refusal
        try:
            if control.server_route(method, path):
                body, _ = await _read_body(receive, headers, limit)
                origin = request_origin(headers, scope["scheme"])
                main = worlds.main
                return control.handle(
                    main, method, path, query, headers, body, origin=origin, worlds=worlds
                )
            served = await world_of(path, headers)
            streams_asked = "text/event-stream" in headers.get("accept", "")
            feed = control.live_feed(method, path, query) if streams_asked else None
            if feed is not None and feeds.open >= MAX_FEEDS:
                raise ServiceUnavailableError(f"mock: at most {MAX_FEEDS} journal feeds at once")
        except FleetApiError as exc:
            return failure_response(exc)
        if feed is not None:
            with feeds:
                await serve_feed(scope, receive, send, served.journal, feed, headers)
            return None
        client = scope.get("client")
        key = (id(served), path)

        def call(body: bytes, size: int) -> Reply:
            started = time.thread_time()
            try:
                return served.handle(
                    method,
                    path,
                    query,
                    headers,
                    body,
                    client=client[0] if client else None,
                    body_size=size,
                    scheme=scope["scheme"],
                    secrets=control_token is not None,
                )
            finally:
                pace.note(key, time.thread_time() - started)

        declared = _declared_size(headers)
        large = declared is None or declared >= LARGE_BODY_BYTES

        def workers() -> Workers:
            # Chosen when the request's turn comes, not when it arrives: the requests queued
            # behind a world's first call of a path learn from it whether the path is slow.
            return long_work if large or pace.slow(key) else short_work

        async def in_a_worker() -> Reply:
            body, size = await _read_body(receive, headers, limit)
            return await workers().run(partial(call, body, size))

        work: Callable[[], Awaitable[Reply]] = in_a_worker
        if declared is not None and declared <= QUICK_BODY_BYTES and pace.quick(key):
            body, size = await _read_body(receive, headers, limit)
            lock = served.world.lock
            if lock.acquire(blocking=False):  # the world is free: answer on the loop
                try:
                    answered = call(body, size)
                finally:
                    lock.release()
                return await _deliver(answered, send)
            quick_call = partial(call, body, size)

            async def later() -> Reply:
                return await workers().run(quick_call)

            work = later
        lane = lanes.get(served)
        if lane is None:
            lane = lanes[served] = Lane(worlds.name_of(served), depth=world_queue)
        try:
            answered = await lane.run(work)
        except ServiceUnavailableError as exc:
            return failure_response(exc)
        return await _deliver(answered, send)

    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            answered = await reply(scope, receive, send)
        except ClientGone:
            return
        except ConnectionAbortedError:
            raise
        except Exception:  # never the server's bare 500: the API's envelope
            logger.exception("unexpected error answering %s", scope.get("path"))
            answered = failure_response(UnexpectedError())
        if answered is not None:
            await _send(scope, answered, send)
        if streams.open:  # what the request changed reaches the event streams at once
            streams.nudge()

    streams = Streams(lambda: worlds.main.limits)

    async def stream(scope: Scope, receive: Receive, send: Send) -> None:
        await streams.serve(
            scope, receive, send, select=lambda: world_of(scope["path"], _headers(scope))
        )

    app = _App(answer, stream)
    app.state.backend = worlds.main
    app.state.streams = streams
    app.state.worlds = worlds
    return app


_Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


class _Count:
    """How many of something are open: ``with count:`` holds one."""

    def __init__(self) -> None:
        self.open = 0

    def __enter__(self) -> None:
        self.open += 1

    def __exit__(self, *_: object) -> None:
        self.open -= 1


class _App(Starlette):
    """The Starlette app: HTTP requests go to ``answer``, WebSockets to ``stream`` (the event
    stream, :mod:`.stream`); Starlette serves the rest (lifespan)."""

    def __init__(self, answer: _Asgi, stream: _Asgi) -> None:
        super().__init__()
        self._answer = answer
        self._stream = stream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._answer(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._stream(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


async def _deliver(answered: Reply, send: Send) -> Reply:
    """``answered``, once a fault rule's delay has passed (or its connection dropped)."""
    if answered.delay:
        await asyncio.sleep(answered.delay)
    if answered.drop:
        await _drop(send)
    return answered


def _declared_size(headers: LowerCaseHeaders) -> int | None:
    """The body's size as ``Content-Length`` declares it (``None``: not declared, or not a
    number); a request without a body declares none but has none."""
    declared = headers.get("content-length")
    if declared is None:
        return None if "transfer-encoding" in headers else 0
    return int(declared) if declared.isascii() and declared.isdigit() else None


async def _drop(send: Send) -> None:
    """Close the request's connection without an answer (a fault rule's ``drop``).

    uvicorn's ``send`` belongs to the request's cycle, which holds the connection: it is
    aborted, and the answer then sent is dropped as one to a client gone. Under a server that
    hides its connection, the request fails instead (the server answers as it answers an
    application error).
    """
    cycle = getattr(send, "__self__", None)
    transport: Any = getattr(cycle, "transport", None)
    if not callable(getattr(transport, "abort", None)):  # asyncio's transports and uvloop's
        raise ConnectionAbortedError("a fault rule drops this connection")
    transport.abort()
    for _ in range(100):  # the loop tells the cycle at its next turn
        if getattr(cycle, "disconnected", True):
            return
        await asyncio.sleep(0)


async def _send(scope: Scope, answered: Reply, send: Send) -> None:
    """Send an answer: its status, its headers with ``content-length``, its body."""
    try:
        headers = _raw_headers(answered)
    except UnicodeEncodeError:  # a header HTTP cannot carry: still the API's envelope
        logger.exception("could not send the answer to %s", scope.get("path"))
        answered = failure_response(UnexpectedError())
        headers = _raw_headers(answered)
    await send({"type": "http.response.start", "status": answered.status, "headers": headers})
    await send({"type": "http.response.body", "body": answered.body})


def _raw_headers(answered: Reply) -> list[tuple[bytes, bytes]]:
    """The answer's headers as ASGI sends them (Latin-1), with ``content-length`` but for the
    statuses that carry no body (1xx, 204, 304)."""
    raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in answered.headers.items()]
    bodiless = answered.status < 200 or answered.status in (204, 304)
    if not bodiless and all(name != b"content-length" for name, _ in raw):
        raw.append((b"content-length", str(len(answered.body)).encode("latin-1")))
    return raw
