"""The journal's live feed: a world's answered requests as server-sent events.

A served feed is live when the request accepts ``text/event-stream`` (as ``EventSource`` and the
dashboard ask); otherwise, as in-process, the route answers what is there and ends.

Each request is one event ``request`` whose ``id`` is its sequence number in the world's
journal (:attr:`~fleetapi_mock.web.journal.Journal.appended`) and whose ``data`` is the entry as
``GET /__mock__/journal`` shows it. A served feed sends what the journal keeps after the point
it resumes from (``after``, else the browser's ``Last-Event-ID``), then each new request as it
is answered, for :data:`LIFETIME` seconds; it then ends and the browser's ``EventSource``
resumes after the last event it received, missing none the journal still keeps.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from fleetapi_mock.web.control.models import JournalFeed
from fleetapi_mock.web.journal import Journal, JournalEntry
from fleetapi_mock.web.wire import Response

if TYPE_CHECKING:  # the in-process mock imports this module without Starlette
    from starlette.types import Receive, Scope, Send

__all__ = ["HEARTBEAT", "LIFETIME", "MAX_FEEDS", "POLL", "RETRY_MS", "backlog", "serve_feed"]

LIFETIME: Final = 30.0
"""Seconds a served feed stays open; the browser then resumes where it was."""
POLL: Final = 0.1
"""Seconds between two looks at the journal (a request shows within this)."""
HEARTBEAT: Final = 10.0
"""Seconds of quiet after which a comment keeps the connection from looking dead."""
RETRY_MS: Final = 500
"""How long the browser waits before it resumes an ended feed."""
MAX_FEEDS: Final = 64
"""Live feeds a server holds open at once (code 14, HTTP 503, past it)."""

_MOST_DIGITS: Final = 18
"""Digits of a ``Last-Event-ID`` read (more: not an id this server gave)."""
_HEADERS: Final = {"cache-control": "no-store", "x-accel-buffering": "no"}
_MEDIA_TYPE: Final = "text/event-stream"


def _resume_point(feed: JournalFeed, headers: Mapping[str, str], journal: Journal) -> int:
    last = headers.get("last-event-id", "")
    told = last.isascii() and last.isdigit() and len(last) <= _MOST_DIGITS
    seq = feed.after if feed.after is not None else int(last) if told else 0
    return 0 if seq > journal.appended else seq  # a journal newer than the id: from its start


def _events(numbered: Sequence[tuple[int, JournalEntry]], feed: JournalFeed) -> bytes:
    wanted = feed.narrowing()
    chunks = [
        f"id: {seq}\nevent: request\ndata: {json.dumps({'seq': seq, **entry.to_json()})}\n\n"
        for seq, entry in numbered
        if entry.matches(path=feed.path, **wanted)
    ]
    return "".join(chunks).encode()


def backlog(journal: Journal, feed: JournalFeed, headers: Mapping[str, str]) -> Response:
    """The feed as one finite answer: the requests after the resume point, then its end."""
    numbered = journal.numbered_after(_resume_point(feed, headers, journal))
    body = f"retry: {RETRY_MS}\n\n".encode() + _events(numbered, feed)
    return Response(200, {"content-type": _MEDIA_TYPE, **_HEADERS}, body)


async def _live(
    journal: Journal, feed: JournalFeed, headers: Mapping[str, str], lifetime: float
) -> AsyncIterator[bytes]:
    yield f"retry: {RETRY_MS}\n\n".encode()
    seq = _resume_point(feed, headers, journal)
    ends = time.monotonic() + lifetime
    quiet_since = time.monotonic()
    while time.monotonic() < ends:
        numbered = journal.numbered_after(seq)
        if numbered:
            seq = numbered[-1][0]
            chunk = _events(numbered, feed)
            if chunk:
                quiet_since = time.monotonic()
                yield chunk
        if time.monotonic() - quiet_since >= HEARTBEAT:
            quiet_since = time.monotonic()
            yield b": still here\n\n"
        await asyncio.sleep(POLL)


async def serve_feed(
    scope: Scope,
    receive: Receive,
    send: Send,
    journal: Journal,
    feed: JournalFeed,
    headers: Mapping[str, str],
    *,
    lifetime: float | None = None,
) -> None:
    """Send ``journal``'s live feed on the request of ``scope`` until ``lifetime`` seconds
    (:data:`LIFETIME` when not given) end or the client goes."""
    from starlette.responses import StreamingResponse

    lasting = LIFETIME if lifetime is None else lifetime
    response = StreamingResponse(
        _live(journal, feed, headers, lasting), media_type=_MEDIA_TYPE, headers=_HEADERS
    )
    await response(scope, receive, send)
