"""What the control API's routes take and answer: one model per shape, read by the routes,
described in ``/openapi.json`` and typed in :class:`~fleetapi_mock.MockControl`'s methods."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from fleetapi._converter import parse_datetime
from fleetapi._rules import rules
from fleetapi._types import CredentialKind
from fleetapi.models.common import Location
from fleetapi.models.tracker_chat import MAX_MESSAGE_LENGTH
from fleetapi_mock.state.records import MailAttachment, MailKind
from fleetapi_mock.web.decoding import invalid
from fleetapi_mock.web.faults import FaultSpec
from fleetapi_mock.web.journal import CredentialFilter, Difference

__all__ = [
    "ChatArrival",
    "ChatRecorded",
    "ClockChange",
    "ClockState",
    "FaultId",
    "FaultRecord",
    "JournalFilters",
    "JournalRecord",
    "NearMiss",
    "Positions",
    "Recorded",
    "VerifyAnswer",
    "VerifySpec",
    "WorldName",
    "WorldRow",
]


# --- What the routes take ---------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ClockChange:
    """How to set or move the world clock: ``now``, then ``advance``, then ``running``."""

    now: str | None = attrs.field(default=None, metadata=rules(max_length=100))
    """The new world time: ``2026-02-01 00:00:00`` (UTC) or ISO 8601 with an offset."""
    advance: str | float | None = attrs.field(default=None, metadata=rules(max_length=100))
    """Move the clock on by an ISO 8601 duration (``P30D``) or a number of seconds."""
    running: bool | None = None
    """Let the clock tick with the machine's (``true``) or freeze it (``false``)."""


@attrs.frozen(kw_only=True)
class Positions:
    """Track points to record as if their trackers had sent them."""

    points: list[dict[str, Any]] = attrs.field(metadata=rules(min_items=1, max_items=10_000))
    """Points in the world document's ``track_points`` shape (``tracker_id``, ``get_time``
    in UTC or with an offset, the world's now when left out, ``lat``, ``lng``, ``speed``...);
    every point is checked first, so a bad batch records nothing."""


def _since(value: str) -> dt.datetime:
    """A ``since`` filter: a date/time, UTC unless it has an offset (as the journal's)."""
    try:
        since = parse_datetime(value, iso=True)
    except ValueError as exc:
        raise invalid("since", str(exc)) from None
    if since.tzinfo is not None:  # the journal's times are naive UTC
        since = since.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return since


@attrs.frozen(kw_only=True)
class JournalFilters:
    """The journal's filters: ``GET /__mock__/journal``'s query, and what narrows a
    verification."""

    path: str | None = attrs.field(default=None, metadata=rules(max_length=200))
    """The call (a glob: ``task/*``) or the request path."""
    code: int | None = None
    """Only requests answered with this code (0: successes)."""
    credential: CredentialFilter | None = None
    """Only requests identified this way."""
    since: str | None = attrs.field(default=None, metadata=rules(max_length=100))
    """Only requests at or after this world date/time (UTC unless it has an offset)."""

    def narrowing(self) -> dict[str, Any]:
        """``code``, ``credential`` and ``since`` as :meth:`JournalEntry.matches
        <fleetapi_mock.web.journal.JournalEntry.matches>` takes them."""
        since = None if self.since is None else _since(self.since)
        return {"code": self.code, "credential": self.credential, "since": since}


@attrs.frozen(kw_only=True)
class JournalFeed(JournalFilters):
    """The journal's live feed: its filters, and where to resume."""

    after: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """Only requests after the one of this sequence number (an event's ``id``; a browser
    resuming sends it as ``Last-Event-ID``); without it, every request the journal keeps."""


@attrs.frozen(kw_only=True)
class MapQuery:
    """Which day's tracks the map draws."""

    day: dt.date | None = None
    """The day (UTC), ``2026-01-15``; the world's today when not given."""


@attrs.frozen(kw_only=True)
class VerifySpec(JournalFilters):
    """Which requests to count, and how many are expected."""

    path: str = attrs.field(metadata=rules(not_blank=True, max_length=200))
    """The call (a glob: ``task/*``) or the request path."""
    body: dict[str, Any] | None = None
    """Fields the requests must include (a subset; objects field by field)."""
    count: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """Exactly this many requests."""
    at_least: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """At least this many (1 when neither this, ``count`` nor ``at_most`` is given)."""
    at_most: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """At most this many."""


@attrs.frozen(kw_only=True)
class FaultId:
    """A fault rule, by its id."""

    id: int
    """The rule's id, as adding it answered."""


@attrs.frozen(kw_only=True)
class WorldName:
    """A world of the server, by its name."""

    name: str = attrs.field(metadata=rules(max_length=64))
    """The world's name (``X-Mock-World``)."""


# --- What the routes answer -------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ChatArrival:
    """A chat message to record as if a tracker's device had written it."""

    tracker_id: int
    """The tracker whose device writes (its model has chat)."""
    text: str = attrs.field(metadata=rules(not_blank=True, max_length=MAX_MESSAGE_LENGTH))
    """The message."""


@attrs.frozen(kw_only=True)
class TaskFormFill:
    """A task form filled in and submitted as the executor's mobile app does."""

    task_id: int
    """The task (or checkpoint) whose form is submitted."""
    values: dict[str, Any]
    """Field ID to value (``{"type": "text", "value": "..."}``); optional fields to leave
    empty are left out."""
    location: Location | None = None
    """Where the form is submitted (``lat``, ``lng``, an ``address``)."""


@attrs.frozen(kw_only=True)
class RestoreRequest:
    """Whose password to restore."""

    login: str = attrs.field(metadata=rules(not_blank=True, max_length=255))
    """The user's login."""


@attrs.frozen(kw_only=True)
class RestoreSession:
    """A password-restore session, as the restore e-mail carries it."""

    hash: str
    """The session hash ``user/password/change`` takes (and no other call)."""


@attrs.frozen(kw_only=True)
class MailFilters:
    """``GET /__mock__/mail``'s query."""

    to: str | None = attrs.field(default=None, metadata=rules(max_length=320))
    """Only e-mail to this address (any case)."""
    kind: MailKind | None = None
    """Only e-mail of this kind."""


@attrs.frozen(kw_only=True)
class Mail:
    """An e-mail of the sent box."""

    id: int
    user_id: int
    """The user it was sent for (the sender of feedback, the recipient of the others)."""
    to: str
    kind: MailKind
    """``feedback``, ``activation``, ``auth_code``, ``password_restore``, ``service_task`` or
    ``report``."""
    subject: str
    text: str
    sent: dt.datetime
    """When (UTC)."""
    values: dict[str, str]
    """What a program reads off it: a ``code``, a session ``hash``, a feedback ``type``."""
    attachments: list[MailAttachment] = attrs.Factory(list)
    """The files it carries (a scheduled report's): ``filename``, ``content_type`` and the
    ``content`` base64-encoded."""


@attrs.frozen(kw_only=True)
class ClockState:
    """The world clock."""

    now: dt.datetime
    """The world time (UTC, to the second)."""
    running: bool
    """Whether the clock ticks with the machine's."""


@attrs.frozen(kw_only=True)
class Recorded:
    """How many records a route added."""

    count: int
    """The records added."""


@attrs.frozen(kw_only=True)
class ChatRecorded:
    """The chat message a route recorded."""

    id: int
    """Its ID, as ``tracker/chat/list`` answers it."""


@attrs.frozen(kw_only=True)
class JournalRecord:
    """One answered API request, its secrets masked."""

    time: dt.datetime
    """When the world answered it (world time, UTC)."""
    method: str
    """The HTTP method."""
    path: str
    """The request's path."""
    call: str | None
    """The call it named (``task/assign``), if it named one."""
    status: int
    """The HTTP status sent; 0 when a fault dropped the connection instead."""
    code: int
    """0 for a success, else the failure's ``status.code``."""
    user_id: int | None = None
    """The user it was made as."""
    credential: CredentialKind | None = None
    """How the caller was identified (``None``: no valid credential)."""
    params: dict[str, Any] | None = None
    """The request's fields, each secret shown as ``***``; ``None`` for a body larger than
    the journal keeps."""
    fault: int | None = None
    """The id of the fault rule that fired on it, if one did."""
    duration_ms: float = 0.0
    """Milliseconds the world took to answer it (a fault's delay not included)."""
    size: int = 0
    """Bytes of the answer's body."""


@attrs.frozen(kw_only=True)
class NearMiss(JournalRecord):
    """A request close to a verification's pattern, and how it differs."""

    differences: list[Difference]
    """Each field that differed: what was expected and what came."""


@attrs.frozen(kw_only=True)
class VerifyAnswer:
    """Whether the requests expected were received."""

    matched: bool
    """Whether the number of matching requests is the one expected."""
    count: int
    """How many requests matched the pattern."""
    expected: str
    """The expectation in words (``exactly 1``, ``at least 1``, ``between 1 and 3``)."""
    near_misses: list[NearMiss]
    """When nothing matched: the closest requests, fewest differences first."""


@attrs.frozen(kw_only=True)
class FaultRecord(FaultSpec):
    """A fault rule of a world, with how often it matched and fired."""

    id: int
    """The rule's id (``DELETE /__mock__/faults/<id>`` removes it)."""
    matched: int = 0
    """Matching requests seen (those let through by ``after`` included)."""
    fired: int = 0
    """Requests it acted on."""


@attrs.frozen(kw_only=True)
class WorldQuotas:
    """What a world may hold (the server's options: ``fleet mock serve --max-records``...)."""

    records: int
    """Records, track points included (``--max-records``)."""
    file_bytes: int
    """Bytes of stored files, every account's together (``--max-file-bytes``)."""
    fault_rules: int
    """Armed fault rules (``--max-fault-rules``)."""
    sessions_per_user: int
    """Live sessions of one user (``--max-sessions``)."""


@attrs.frozen(kw_only=True)
class WorldRow:
    """A world of the server."""

    name: str
    """Its name (``default`` for the server's own)."""
    now: dt.datetime
    """Its world time (UTC)."""
    idle: float | None = None
    """Seconds since it last answered (named worlds)."""
    requests: int | None = None
    """Requests it answered (named worlds)."""
    records: int = 0
    """Records it holds, track points included (a document loaded through the control API is
    bounded by ``--max-document-bytes``)."""
    sessions: int = 0
    """Sessions it keeps (a login past a user's limit of live sessions ends the oldest)."""
    file_bytes: int = 0
    """Bytes of the files stored in it (each account's within its files quota, all of them
    within ``--max-file-bytes``)."""
    fault_rules: int = 0
    """Fault rules armed in it (bounded, as each rule's body)."""
    journal: int = 0
    """Requests its journal keeps (the last ones, each with at most 16 KiB of fields)."""
    journal_bytes: int = 0
    """Bytes of the fields its journal keeps."""
    quotas: WorldQuotas | None = None
    """What it may hold."""
