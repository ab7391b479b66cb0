"""Chat with devices (``tracker/chat/*``): text messages between the account's users and a
device that has a screen (a driver's phone app, a terminal), as the service documents them.

A message the users send is ``OUTGOING`` and ``PENDING`` until the device takes it, then
``DELIVERED``; a message the device sends is ``INCOMING`` and ``PENDING`` until a user marks it
read, then ``DELIVERED``.
"""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "MAX_CHAT_MESSAGES",
    "MAX_CHAT_TRACKERS",
    "MAX_MESSAGE_LENGTH",
    "ChatMessage",
    "ChatMessageStatus",
    "ChatMessageType",
    "TrackerChatBroadcastParams",
    "TrackerChatBroadcastResult",
    "TrackerChatListParams",
    "TrackerChatMarkReadAllParams",
    "TrackerChatMarkReadParams",
    "TrackerChatSendParams",
    "TrackerChatUpdatedListParams",
]

MAX_MESSAGE_LENGTH: Final = 20_000
"""The most characters of a message."""

MAX_CHAT_MESSAGES: Final = 1024
"""The most messages ``tracker/chat/list`` answers, and how many when ``limit`` is left out."""

MAX_CHAT_TRACKERS: Final = 300
"""The most trackers ``tracker/chat/broadcast`` and ``tracker/chat/updated/list`` take (221
beyond)."""

ChatMessageType = Literal["INCOMING", "OUTGOING"]
"""Who wrote a message: the device (``INCOMING``) or the account's users (``OUTGOING``)."""

ChatMessageStatus = Literal["PENDING", "DELIVERED"]
"""An outgoing message not yet taken by the device, an incoming one not yet read
(``PENDING``); one taken, or read (``DELIVERED``)."""

_MESSAGE = rules(not_blank=True, max_length=MAX_MESSAGE_LENGTH)


@attrs.frozen(kw_only=True, weakref_slot=False)
class ChatMessage:
    """A chat message between the account's users and a device."""

    id: int
    submit_time: dt.datetime
    """When it was sent: by the users (outgoing) or by the device (incoming)."""
    update_time: dt.datetime | None = None
    """When an outgoing message reached the device, or an incoming one was read; null before."""
    text: str
    type: ChatMessageType
    """``INCOMING`` (from the device) or ``OUTGOING`` (to the device)."""
    status: ChatMessageStatus
    """``PENDING`` or ``DELIVERED``: see :data:`~fleetapi.models.tracker_chat.ChatMessageStatus`."""
    employee_id: int | None = None
    """The employee bound to the tracker when the message was sent, if any."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatListParams:
    """Parameters of ``tracker/chat/list``."""

    tracker_id: int
    """The tracker whose chat to read."""
    from_: dt.datetime | Unset = UNSET
    """Messages sent at or after this time; default: 7 days before now."""
    to: dt.datetime | Unset = UNSET
    """Messages sent at or before this time; default: now."""
    limit: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=1, maximum=MAX_CHAT_MESSAGES)
    )
    """The most messages to answer, the first ones in the answer's order; default and most:
    :data:`~fleetapi.models.tracker_chat.MAX_CHAT_MESSAGES`."""
    ascending: bool | Unset = UNSET
    """Oldest first (the default) or, when false, newest first."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatSendParams:
    """Parameters of ``tracker/chat/send``."""

    tracker_id: int
    """The tracker to write to."""
    message: str = attrs.field(metadata=_MESSAGE)
    """The text: not blank, at most :data:`~fleetapi.models.tracker_chat.MAX_MESSAGE_LENGTH`
    characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatBroadcastParams:
    """Parameters of ``tracker/chat/broadcast``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers to write to; at most
    :data:`~fleetapi.models.tracker_chat.MAX_CHAT_TRACKERS` (221 beyond)."""
    message: str = attrs.field(metadata=_MESSAGE)
    """The text: not blank, at most :data:`~fleetapi.models.tracker_chat.MAX_MESSAGE_LENGTH`
    characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatBroadcastResult:
    """Which trackers ``tracker/chat/broadcast`` wrote to."""

    sent_to: list[int]
    """The trackers the message was sent to."""
    not_sent_to: list[int]
    """The trackers it could not be sent to: their device has no chat."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatMarkReadParams:
    """Parameters of ``tracker/chat/mark_read``: one of ``message_id`` and ``message_ids``."""

    message_id: int | Unset = UNSET
    """An incoming message to mark read."""
    message_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """Incoming messages to mark read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatMarkReadAllParams:
    """Parameters of ``tracker/chat/mark_read_all``."""

    trackers: list[int] | Unset = UNSET
    """Only the incoming messages of these trackers; default: of every tracker the user
    sees."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerChatUpdatedListParams:
    """Parameters of ``tracker/chat/updated/list``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers whose chats to look at; at most
    :data:`~fleetapi.models.tracker_chat.MAX_CHAT_TRACKERS` (221 beyond)."""
