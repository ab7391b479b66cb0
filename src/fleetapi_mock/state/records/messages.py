"""What the service says to its users beside the API's answers: the e-mail it sends (kept in
the world's sent box, never sent), the notifications its interface shows, and the chat between
the account's users and its devices."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi.models.tracker_chat import ChatMessage

__all__ = ["ChatMessageRecord", "MailAttachment", "MailKind", "MailRecord", "NotificationRecord"]

MailKind = Literal[
    "feedback", "activation", "auth_code", "password_restore", "service_task", "report"
]
"""Why the service wrote: a user's feedback to its dealer, an activation link, a second-factor
code, a password-restore link, a service task coming due, a scheduled report."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MailAttachment:
    """A file attached to an e-mail."""

    filename: str
    content_type: str
    content: str
    """The file's bytes, base64-encoded."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MailRecord:
    """An e-mail the service sent: kept in the sent box, where a test reads what a user would
    find in their mailbox (``GET /__mock__/mail``)."""

    id: int
    user_id: int
    """The user it was sent for (the sender of feedback, the recipient of the others)."""
    to: str
    """The address it went to."""
    kind: MailKind
    subject: str
    text: str
    """The body, as plain text."""
    sent: dt.datetime
    """When, by the world clock (UTC)."""
    values: dict[str, str] = attrs.Factory(dict)
    """What a program reads off it: a ``code``, a session ``hash``, a feedback ``type``."""
    attachments: list[MailAttachment] = attrs.Factory(list)
    """The files it carries (a scheduled report's)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NotificationRecord:
    """A notification the interface shows a user until a date (``notification/list``)."""

    id: int
    user_id: int
    """The account it is shown to."""
    message: str
    show_till: dt.datetime
    """Shown until then (UTC); listed no more after."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ChatMessageRecord(ChatMessage):
    """A chat message as the world keeps it: the API's message (times in UTC), its tracker and
    the account owning the tracker."""

    user_id: int
    """The master user owning the tracker."""
    tracker_id: int
