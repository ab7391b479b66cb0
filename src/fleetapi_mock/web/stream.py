"""The event stream of a served mock: ``GET {base}/event/subscription`` upgraded to a WebSocket.

A client sends ``subscribe`` and ``unsubscribe`` frames (JSON, :class:`SubscriptionAction`) and
gets responses, errors and events (:mod:`fleetapi_mock.domain.event` makes them). A client of
the Atmosphere protocol (``X-atmo-protocol=true`` in the query, as the service's JavaScript
client sends) first gets the protocol's frame, ``<tracking id>|<heartbeat ms>|X|``; every
client gets a heartbeat frame ``X`` every :data:`HEARTBEAT_SECONDS`.

Each world has a :class:`Hub`: one task per world looks at the world's change counters
(:attr:`~fleetapi_mock.state.table.Table.version`) every :data:`WATCH_SECONDS` and wakes the
world's streams when one moved, so that a position fed to the world (``/__mock__/positions``,
``FleetMock.drive``, an API call) reaches subscribers at once, whatever moved it; the app
nudges it to look as soon as it has answered an HTTP request (no sooner than the watch's
period after the last look), so that what a request changed is not left waiting for the
watch's next turn. World work
(answering a frame, collecting events) runs in a thread holding the world's lock, never on the
event loop. A stream keeps at most ``limits.stream_queue`` frames for a slow reader: the oldest
event goes first, and is counted.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import math
import re
import time
import uuid
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.types import Receive, Scope, Send

from fleetapi._converter import RequestValidationError, structure_request
from fleetapi._errors import (
    FleetApiError,
    InvalidParametersError,
    OperationNotPermittedError,
    ServiceUnavailableError,
    SessionNotFoundError,
    WrongHashError,
    WrongRequestFormatError,
)
from fleetapi._stream import HEARTBEAT
from fleetapi.models.event import SubscriptionAction
from fleetapi_mock.domain.event import Subscriber, subscription_of
from fleetapi_mock.state.bounds import json_text
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.web.access import credential_of, identify
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import failure_body

__all__ = ["HEARTBEAT_SECONDS", "STREAM_PATH", "Hub", "Streams", "is_stream_path"]

logger: logging.Logger = logging.getLogger("fleetapi_mock")
_T = TypeVar("_T")

STREAM_PATH = "event/subscription"
HEARTBEAT_SECONDS = 30.0
"""Seconds between heartbeat frames (``X``), as the Atmosphere frame announces them."""
WATCH_SECONDS = 0.02
"""How often a world's hub looks at its change counters while it has streams."""
IDLE_CHECK_SECONDS = 1.0
"""How often a stream looks at its subscriptions when nothing changed (a session's end by
time, a batch due under a running clock)."""
IOT_MONITOR_TRACKERS = 10
"""The trackers an ``iot_monitor`` subscription watches at most, as documented."""
"""The subscription types the mock serves; the others are refused (code 7) until it does."""

_PATH = re.compile(r"(?:/[^/]+)*/event/subscription/?")


def is_stream_path(path: str) -> bool:
    """Whether ``path`` is the event stream's (after a base path, ``/v2``, or a world's)."""
    return _PATH.fullmatch(path) is not None


def _text(frame: dict[str, Any]) -> str:
    """A frame as compact JSON text (the mock's one JSON writer)."""
    return json_text(frame).decode()


def _error(action: str | None, error: FleetApiError, data: Any = None) -> dict[str, Any]:
    """The error frame of ``error``: the API's failure envelope, as a frame of ``action``."""
    envelope = failure_body(error)
    del envelope["success"]
    frame: dict[str, Any] = {"type": "error", "action": action, **envelope}
    if data is not None:
        frame["data"] = data
    return frame


class Hub:
    """The streams of one world, and the task that wakes them when the world changes."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.streams: set[Stream] = set()
        self._changed = asyncio.Event()
        self._seen: tuple[int, ...] = ()
        self._looked = -math.inf
        """When the world's change counters were last looked at (:func:`time.monotonic`)."""
        self._task: asyncio.Task[None] | None = None

    def signature(self) -> tuple[int, ...]:
        """Numbers that move whenever a tracker, session, user, API key or sensor of the world
        does."""
        world = self.backend.world
        tables = (world.trackers, world.sessions, world.users, world.api_keys, world.sensors)
        return (id(world), *(id(t) for t in tables), *(t.version for t in tables))

    async def changed(self, timeout: float) -> None:
        """Return when the world changes next, or after ``timeout`` seconds."""
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except asyncio.TimeoutError:
            return

    def join(self, stream: Stream) -> None:
        """Count ``stream`` among the world's; the watching task runs while there are some."""
        self.streams.add(stream)
        if self._task is None or self._task.done():
            self._seen, self._looked = self.signature(), time.monotonic()
            self._task = asyncio.get_running_loop().create_task(self._watch())

    def leave(self, stream: Stream) -> None:
        """Forget ``stream`` (closed)."""
        self.streams.discard(stream)

    def nudge(self) -> None:
        """Look at the world's change counters now (a request was just answered: a position
        fed, say), unless they were looked at less than :data:`WATCH_SECONDS` ago: a change
        reaches the streams at once, and the counters are looked at no more often than the
        watch alone looks."""
        if time.monotonic() - self._looked >= WATCH_SECONDS:
            self._look()

    def _look(self) -> None:
        """Wake the world's streams if a change counter moved since the last look."""
        self._looked = time.monotonic()
        seen = self.signature()
        if seen != self._seen:
            self._seen = seen
            woken, self._changed = self._changed, asyncio.Event()
            woken.set()

    async def _watch(self) -> None:
        while self.streams:
            wait = self._looked + WATCH_SECONDS - time.monotonic()
            if wait > 0:  # a nudge looked meanwhile
                await asyncio.sleep(wait)
            else:
                self._look()


class Streams:
    """Every stream of one app: the hubs of its worlds and the server-wide count."""

    def __init__(self, limits: Callable[[], ServerLimits]) -> None:
        self._limits = limits
        self._hubs: weakref.WeakKeyDictionary[Backend, Hub] = weakref.WeakKeyDictionary()
        self.open = 0

    def nudge(self) -> None:
        """A request was answered: each world with streams looks whether it changed
        (:meth:`Hub.nudge`)."""
        for hub in list(self._hubs.values()):
            if hub.streams:
                hub.nudge()

    def hub(self, backend: Backend) -> Hub:
        """The hub of ``backend``'s world."""
        hub = self._hubs.get(backend)
        if hub is None:
            hub = self._hubs[backend] = Hub(backend)
        return hub

    async def serve(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        select: Callable[[], Awaitable[Backend]],
    ) -> None:
        """Serve one WebSocket of ``scope``: refuse a path that is not the stream's (HTTP 403
        from the server), else accept it and run it until the client goes."""
        connect = await receive()
        if connect["type"] != "websocket.connect" or not is_stream_path(scope["path"]):
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "websocket.accept"})
        limits = self._limits()
        try:
            backend = await select()
        except FleetApiError as exc:
            await _refuse(send, exc)
            return
        hub = self.hub(backend)
        if self.open >= limits.max_streams or len(hub.streams) >= limits.max_world_streams:
            await _refuse(send, ServiceUnavailableError("mock: too many event streams open"))
            return
        query = scope.get("query_string", b"").decode("latin-1").lower()
        stream = Stream(send, backend, queue=limits.stream_queue)
        self.open += 1
        hub.join(stream)
        try:
            await stream.run(receive, hub, atmosphere="x-atmo-protocol=true" in query)
        finally:
            hub.leave(stream)
            self.open -= 1


async def _refuse(send: Send, error: FleetApiError) -> None:
    await send({"type": "websocket.send", "text": _text(_error(None, error))})
    await send({"type": "websocket.close", "code": 1013})


class Stream:
    """One client's stream: its subscriptions, and the frames waiting to be sent."""

    def __init__(self, send: Send, backend: Backend, *, queue: int) -> None:
        self._send = send
        self.backend = backend
        self.subscriber: Subscriber | None = None
        self.dropped = 0
        """Events dropped because the client read too slowly."""
        self._frames: collections.deque[tuple[str, bool]] = collections.deque()
        self._room = queue
        self._ready = asyncio.Event()

    async def run(self, receive: Receive, hub: Hub, *, atmosphere: bool) -> None:
        """Serve the stream until the client goes (or the server stops)."""
        if atmosphere:
            self._put(f"{uuid.uuid4()}|{int(HEARTBEAT_SECONDS * 1000)}|{HEARTBEAT}|", keep=True)
        jobs = [
            asyncio.ensure_future(self._read(receive)),
            asyncio.ensure_future(self._pump(hub)),
            asyncio.ensure_future(self._write()),
            asyncio.ensure_future(self._beat()),
        ]
        try:
            done, _ = await asyncio.wait(jobs, return_when=asyncio.FIRST_COMPLETED)
            for job in done:
                failure = job.exception()
                if failure is not None and not isinstance(failure, OSError):
                    logger.error("an event stream ended on an error", exc_info=failure)
        finally:
            for job in jobs:
                job.cancel()
            await asyncio.gather(*jobs, return_exceptions=True)

    def _put(self, frame: str, *, keep: bool = False) -> None:
        """Queue ``frame``; past the room the oldest event goes (the oldest frame of any kind
        when only responses wait), and is counted."""
        if len(self._frames) >= self._room:
            index = next((i for i, (_, kept) in enumerate(self._frames) if not kept), 0)
            del self._frames[index]
            self.dropped += 1
        self._frames.append((frame, keep))
        self._ready.set()

    async def _write(self) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._frames:
                frame, _ = self._frames.popleft()
                await self._send({"type": "websocket.send", "text": frame})

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            self._put(HEARTBEAT)

    async def _read(self, receive: Receive) -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", "replace")
            answered, _ = await self._in_world(self._answer, text)
            for frame, keep in answered:
                self._put(frame, keep=keep)

    async def _pump(self, hub: Hub) -> None:
        wait = IDLE_CHECK_SECONDS
        while True:
            await hub.changed(wait)
            frames, due = await self._in_world(self._collect)
            for frame, keep in frames:
                self._put(frame, keep=keep)
            wait = IDLE_CHECK_SECONDS if due is None else max(0.0, min(due, IDLE_CHECK_SECONDS))

    async def _in_world(
        self, work: Callable[..., tuple[list[dict[str, Any]], _T]], *args: Any
    ) -> tuple[list[tuple[str, bool]], _T]:
        """Run ``work`` in a thread holding the world's lock, then write its frames there
        (outside the lock): each frame's text, and whether it is kept when the queue is full
        (what is not an event)."""

        def run() -> tuple[list[tuple[str, bool]], _T]:
            with self.backend.world.lock:
                frames, rest = work(*args)
            return [(_text(f), f["type"] != "event") for f in frames], rest

        job: Awaitable[tuple[list[tuple[str, bool]], _T]] = asyncio.to_thread(run)
        return await job

    def _collect(self) -> tuple[list[dict[str, Any]], float | None]:
        """The events due: the subscriptions' changes, or ``logout`` once the credential
        ended (the subscriptions end with it); and the seconds until a batch is due."""
        subscriber = self.subscriber
        if subscriber is None:
            return [], None
        world = self.backend.world
        identity = identify(world, subscriber.credential)
        if identity is None or identity.user.id != subscriber.user_id:
            self.subscriber = None
            return [{"type": "event", "event": "logout", "data": "session closed"}], None
        return subscriber.collect(world), subscriber.next_batch(world)

    def _answer(self, text: str) -> tuple[list[dict[str, Any]], None]:
        """The frames answering one client frame: a response and the first events, or an
        error."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested past what can be read
            return [_error(None, WrongRequestFormatError("a frame is a JSON object"))], None
        if not isinstance(data, dict):
            return [_error(None, WrongRequestFormatError("a frame is a JSON object"))], None
        action = data.get("action")
        named = f"subscription/{action}" if action in ("subscribe", "unsubscribe") else None
        try:
            return self._act(data, named), None
        except FleetApiError as exc:
            echo = {k: data[k] for k in ("events", "trackers", "requests") if k in data}
            return [_error(named, exc, echo or None)], None

    def _act(self, data: dict[str, Any], named: str | None) -> list[dict[str, Any]]:
        world = self.backend.world
        credential, problem = credential_of({}, data)  # a frame's hash, as a call's
        if problem is not None or credential is None:
            raise problem or WrongHashError("no credential")
        identity = identify(world, credential)
        if identity is None:
            raise SessionNotFoundError("unknown hash, or the session has ended")
        try:
            frame = structure_request(data, SubscriptionAction)
        except RequestValidationError as exc:
            raise InvalidParametersError(
                errors=[{"parameter": e.parameter, "error": e.error} for e in exc.errors]
            ) from None
        requests = frame.subscriptions()
        if not requests:
            raise InvalidParametersError(
                errors=[{"parameter": "requests", "error": "must not be empty"}]
            )
        subscriber = self.subscriber
        if subscriber is None or subscriber.user_id != identity.user.id:
            if subscriber is not None and subscriber.subscriptions:
                raise OperationNotPermittedError(
                    "this stream's subscriptions are another user's: unsubscribe them first"
                )
            subscriber = self.subscriber = Subscriber(
                user_id=identity.user.id, credential=credential
            )
        subscriber.credential = credential
        answers: dict[str, Any] = {}
        for request in requests:
            made = subscription_of(request)
            too_many = len(subscriber.watched(world, made)) > IOT_MONITOR_TRACKERS
            if made.type == "iot_monitor" and frame.action == "subscribe" and too_many:
                limit = f"at most {IOT_MONITOR_TRACKERS} trackers"
                raise InvalidParametersError(
                    errors=[{"parameter": "requests.target", "error": limit}]
                )
            answers[made.type] = {"success": True, "value": subscriber.statuses(world, made)}
            if frame.action == "subscribe":
                subscriber.subscriptions[made.type] = made
            else:
                subscriber.subscriptions.pop(made.type, None)
        response = {"type": "response", "action": named, "events": list(answers), "data": answers}
        if frame.action == "unsubscribe":
            return [response]
        return [response, *subscriber.collect(world, first=True)]
