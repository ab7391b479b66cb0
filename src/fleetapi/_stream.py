"""The event stream's frames, without I/O: the ``subscribe`` frame a client sends, and what
each pushed frame means (an event, nothing to tell, or an error to raise). Both clients'
``stream`` read them (:meth:`fleetapi.AsyncClient.stream`)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from fleetapi._converter import converter_for, shared_datetimes
from fleetapi._core import failure_error
from fleetapi._endpoint import Endpoint
from fleetapi._errors import SessionNotFoundError, WrongHashError

__all__ = ["HEARTBEAT", "KEPT_DATETIMES", "read_frame", "stream_url", "subscribe_frame"]

HEARTBEAT = "X"
"""A heartbeat frame: nothing to tell."""
KEPT_DATETIMES = 16_384
"""The date/times an event stream keeps read from its frames' texts (about 2.5 MB at most)."""


def stream_url(base_url: str, endpoint: Endpoint) -> str:
    """The address of the stream ``endpoint`` (httpx-ws upgrades an ``http(s)`` address)."""
    return f"{base_url.rstrip('/')}/{endpoint.path}"


def subscribe_frame(credential: str | None, body: dict[str, Any]) -> str:
    """The ``subscribe`` frame for the encoded params ``body`` and the client's credential.

    Raises:
        WrongHashError: the client has no credential (a stream needs one in its frames).
    """
    if not credential:
        raise WrongHashError("the event stream needs a credential: log in or give an API key")
    return json.dumps({"action": "subscribe", "hash": credential, **body})


def read_frame(
    endpoint: Endpoint,
    text: str,
    *,
    iso: bool = False,
    datetimes: dict[str, dt.datetime] | None = None,
) -> Any:
    """The typed event of a pushed frame, or ``None`` for one that tells nothing to the caller
    (a heartbeat, the Atmosphere frame, the response to a ``subscribe``).

    ``datetimes`` keeps the date/times read from the stream's frames so far (by their text),
    at most :data:`KEPT_DATETIMES`: a tracker's times that did not change since its last
    report are parsed once for the stream, not once per batch.

    Raises:
        fleetapi.FleetApiError: an error frame, as the exception class of its code.
        SessionNotFoundError: a ``logout`` event: the credential's session ended, and the
            subscriptions with it.
    """
    if text == HEARTBEAT or text.endswith("|X|"):
        return None
    frame = json.loads(text)
    kind = frame.get("type") if isinstance(frame, dict) else None
    if kind == "response":
        return None
    if kind == "error":
        raise failure_error(frame, endpoint=endpoint.path)
    if frame.get("event") == "logout":
        raise SessionNotFoundError(
            "the session ended (a logout event): the subscriptions ended with it",
            endpoint=endpoint.path,
        )
    if datetimes is not None and len(datetimes) > KEPT_DATETIMES:
        datetimes.clear()
    with shared_datetimes(datetimes):  # a batch repeats the same few times: each parsed once
        return converter_for(iso=iso).structure(frame, endpoint.result.type)
