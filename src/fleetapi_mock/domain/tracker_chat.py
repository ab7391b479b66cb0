"""Chat with devices: who chats, and the messages of a tracker's chat (``tracker/chat/*`` and
the control API's ``POST /__mock__/chat``, through which a device writes).

A tracker chats when its tariff has the feature :data:`CHAT_FEATURE` and its model's
``has_chat`` is true. Messages are kept in the world's ``chat_messages`` (times in UTC). An
outgoing message is ``PENDING`` until the device next writes, which delivers every pending one;
an incoming message is ``PENDING`` until a user marks it read.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable
from typing import Final

import attrs

from fleetapi._errors import NotSupportedByDeviceError, TariffRestrictionError
from fleetapi.models.tracker_chat import ChatMessage, ChatMessageType
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.state.records import ChatMessageRecord, TrackerRecord
from fleetapi_mock.state.world import World

__all__ = [
    "CHAT_FEATURE",
    "chatting_tracker",
    "has_chat_model",
    "has_chat_tariff",
    "mark_read",
    "messages_of",
    "receive",
    "unread_counts",
    "wire_message",
    "write",
]

CHAT_FEATURE: Final = "chat"
"""The tariff feature a tracker needs to chat (236 otherwise)."""


def _tracker_key(record: ChatMessageRecord) -> Iterable[Hashable]:
    """The index of messages by tracker."""
    return (record.tracker_id,)


def _unread_key(record: ChatMessageRecord) -> int | None:
    """The tracker of an unread incoming message (``None`` for any other)."""
    unread = record.type == "INCOMING" and record.status == "PENDING"
    return record.tracker_id if unread else None


def has_chat_tariff(world: World, tracker: TrackerRecord) -> bool:
    """Whether the tracker's tariff has :data:`CHAT_FEATURE`."""
    tariff = world.tariffs.get(tracker.tariff_id)
    return tariff is not None and CHAT_FEATURE in tariff.features


def has_chat_model(world: World, tracker: TrackerRecord) -> bool:
    """Whether the tracker's device model has chat (``has_chat`` of the model catalogue; a
    model the catalogue does not know has none)."""
    return any(
        m.code == tracker.model and m.has_chat is True for m in world.tracker_models.values()
    )


def chatting_tracker(ctx: Context, tracker_id: int) -> TrackerRecord:
    """The tracker whose chat a call reads or writes: 201 when the caller cannot see it, 208
    when it is blocked, 236 without :data:`CHAT_FEATURE` in its tariff, 214 when its model has
    no chat."""
    record = unblocked_tracker(ctx, tracker_id)
    if not has_chat_tariff(ctx.world, record):
        raise TariffRestrictionError(f"the tariff of tracker {tracker_id} has no chat")
    if not has_chat_model(ctx.world, record):
        raise NotSupportedByDeviceError(f"the device of tracker {tracker_id} has no chat")
    return record


def messages_of(world: World, tracker_id: int) -> list[ChatMessageRecord]:
    """The messages of a tracker's chat, in the order they were written."""
    return world.chat_messages.having(_tracker_key, (tracker_id,))


def unread_counts(world: World, account: int) -> dict[int, int]:
    """The unread incoming messages of each tracker of ``account`` that has some."""
    counts = world.chat_messages.counts(_unread_key)
    return {t: n for (owner, t), n in counts.items() if owner == account and t is not None and n}


def _employee_of(world: World, tracker: TrackerRecord) -> int | None:
    """The employee bound to the tracker, if any."""
    employees = world.owned_by(world.employees, tracker.user_id)
    return next((e.id for e in employees if e.tracker_id == tracker.id), None)


def write(
    world: World, tracker: TrackerRecord, text: str, kind: ChatMessageType
) -> ChatMessageRecord:
    """Keep a new ``PENDING`` message of the tracker's chat, written now."""
    new_id = world.ids.next("chat_messages")
    record = ChatMessageRecord(
        id=new_id,
        submit_time=world.now().replace(microsecond=0),
        text=text,
        type=kind,
        status="PENDING",
        employee_id=_employee_of(world, tracker),
        user_id=tracker.user_id,
        tracker_id=tracker.id,
    )
    world.chat_messages[new_id] = record
    return record


def _deliver(world: World, record: ChatMessageRecord, at: dt.datetime) -> None:
    world.chat_messages[record.id] = attrs.evolve(record, status="DELIVERED", update_time=at)


def receive(world: World, tracker: TrackerRecord, text: str) -> ChatMessageRecord:
    """A message the tracker's device writes: kept as ``INCOMING``; the device has then taken
    every pending outgoing message of its chat, which becomes ``DELIVERED`` now."""
    now = world.now().replace(microsecond=0)
    for record in messages_of(world, tracker.id):
        if record.type == "OUTGOING" and record.status == "PENDING":
            _deliver(world, record, now)
    return write(world, tracker, text, "INCOMING")


def mark_read(world: World, records: Iterable[ChatMessageRecord]) -> None:
    """Mark incoming messages read now (those read already keep their time)."""
    now = world.now().replace(microsecond=0)
    for record in records:
        if record.type == "INCOMING" and record.status == "PENDING":
            _deliver(world, record, now)


def wire_message(ctx: Context, record: ChatMessageRecord) -> ChatMessage:
    """The API's message of a record, its times in the caller's time zone."""
    return ChatMessage(
        id=record.id,
        submit_time=ctx.user_time(record.submit_time),
        update_time=ctx.optional_user_time(record.update_time),
        text=record.text,
        type=record.type,
        status=record.status,
        employee_id=record.employee_id,
    )
