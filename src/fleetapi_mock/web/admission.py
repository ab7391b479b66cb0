"""What an API request must pass before its handler runs: a method the call takes, a body within
the server's limit, room in its world for what it adds."""

from __future__ import annotations

from typing import Final

import attrs

from fleetapi._endpoint import Endpoint
from fleetapi._errors import FileTooLargeError, OverQuotaError, WrongRequestFormatError
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.world import World
from fleetapi_mock.web.memory import gauge
from fleetapi_mock.web.request import Request
from fleetapi_mock.web.wire import Response, failure_response

__all__ = ["ADDING_ACTIONS", "check_room", "check_size", "refused_method"]

ADDING_ACTIONS: Final = frozenset(
    {
        "create",
        "upload",
        "generate",
        "register",
        "register_quick",
        "send",  # a chat message, a raw command
        "broadcast",
        "execute",  # a saved command, queued
        "send_command",
        "send_email",
        "location_request",
        "batch_copy",
        "resend",  # a mailed code
        "resend_activation",
        "checkin",  # an audit entry
        "start",  # an import process
    }
)
"""The actions of the calls made to add records (by the naming rule): refused in a full
world. Updates and settings that keep a record on the side (a tracker's settings, a sub-user's
audit entry, the command an output change queues) go on, so that a suite can make room."""


def refused_method(request: Request, endpoint: Endpoint) -> Response | None:
    """HTTP 405 with ``Allow`` unless the method suits the call (uploads take POST only)."""
    allowed = ("POST",) if endpoint.upload else ("GET", "POST")
    if request.method in allowed:
        return None
    refusal = failure_response(
        WrongRequestFormatError(
            f"method {request.method} is not allowed: use {' or '.join(reversed(allowed))}",
            http_status=405,
        )
    )
    return attrs.evolve(refusal, headers={**refusal.headers, "allow": ", ".join(allowed)})


def check_room(world: World, limits: ServerLimits, endpoint: Endpoint) -> None:
    """Code 268 for a call that adds records to a world full to ``limits.max_records``, or
    to a server whose memory budget is spent (:mod:`.memory`)."""
    adding = endpoint.path.rsplit("/", 1)[-1] in ADDING_ACTIONS
    if adding:
        gauge.check_room(limits.max_memory_bytes)
    held = world.record_count() if adding else 0
    if held >= limits.max_records:
        raise OverQuotaError(
            f"the world holds {held} records, at most {limits.max_records} (fleet mock "
            "serve --max-records): delete some, or reset the world"
        )


def check_size(request: Request, limits: ServerLimits, *, upload: bool) -> None:
    """HTTP 413 for a body above ``limits.max_body_bytes`` (271 for an upload call, else 5)."""
    if request.size > limits.max_body_bytes:
        error = FileTooLargeError if upload else WrongRequestFormatError
        raise error(
            f"the request body is larger than {limits.max_body_bytes} bytes", http_status=413
        )
