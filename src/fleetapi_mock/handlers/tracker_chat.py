"""Chat with devices: ``tracker/chat/*``.

Messages are the world's ``chat_messages`` (:mod:`fleetapi_mock.domain.tracker_chat`); a
device writes through the control API (``POST /__mock__/chat``). A sub-user reads and writes
the chats of the trackers it sees; read state is the account's.
"""

from __future__ import annotations

import datetime as dt

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    DeviceLimitExceededError,
    EntityNotFoundError,
    NonExistentEntitiesError,
    TariffRestrictionError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.tracker_chat import (
    TRACKER_CHAT_BROADCAST,
    TRACKER_CHAT_LIST,
    TRACKER_CHAT_MARK_READ,
    TRACKER_CHAT_MARK_READ_ALL,
    TRACKER_CHAT_SEND,
    TRACKER_CHAT_UNREAD_COUNT,
    TRACKER_CHAT_UPDATED_LIST,
)
from fleetapi.models.tracker_chat import (
    MAX_CHAT_MESSAGES,
    MAX_CHAT_TRACKERS,
    ChatMessage,
    TrackerChatBroadcastParams,
    TrackerChatBroadcastResult,
    TrackerChatListParams,
    TrackerChatMarkReadAllParams,
    TrackerChatMarkReadParams,
    TrackerChatSendParams,
    TrackerChatUpdatedListParams,
)
from fleetapi_mock.domain import tracker_chat as chat
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ChatMessageRecord, TrackerRecord

DEFAULT_PERIOD = dt.timedelta(days=7)
"""How far back ``tracker/chat/list`` looks when ``from`` is left out."""


def _chatting_trackers(ctx: Context, tracker_ids: list[int]) -> list[TrackerRecord]:
    """The trackers of a batch, each once: 221 past the limit, one 217 naming each the caller
    cannot see, that is blocked or whose tariff has no chat."""
    wanted = list(dict.fromkeys(tracker_ids))
    if len(wanted) > MAX_CHAT_TRACKERS:
        raise DeviceLimitExceededError(f"at most {MAX_CHAT_TRACKERS} trackers per call")
    found = {t: ctx.visible_tracker(t) for t in wanted}
    bad = [
        t
        for t, record in found.items()
        if record is None or record.blocked or not chat.has_chat_tariff(ctx.world, record)
    ]
    if bad:
        raise NonExistentEntitiesError(
            "no such (or blocked, or chatless) trackers: " + ", ".join(map(str, bad))
        )
    return [r for r in found.values() if r is not None]


@handles(TRACKER_CHAT_LIST)
def tracker_chat_list(ctx: Context, params: TrackerChatListParams) -> list[ChatMessage]:
    """The tracker's messages sent within ``from`` and ``to`` (default: the last 7 days), in
    the order asked, the first ``limit`` of them."""
    record = chat.chatting_tracker(ctx, params.tracker_id)
    now = ctx.now()
    start = (
        now - DEFAULT_PERIOD
        if isinstance(params.from_, Unset)
        else ctx.request_time(params.from_, "from")
    )
    end = now if isinstance(params.to, Unset) else ctx.request_time(params.to, "to")
    if end < start:
        raise invalid("to", "must not be earlier than from")
    found = [m for m in chat.messages_of(ctx.world, record.id) if start <= m.submit_time <= end]
    if params.ascending is False:
        found.reverse()
    limit = MAX_CHAT_MESSAGES if isinstance(params.limit, Unset) else params.limit
    return [chat.wire_message(ctx, m) for m in found[:limit]]


@handles(TRACKER_CHAT_SEND)
def tracker_chat_send(ctx: Context, params: TrackerChatSendParams) -> int:
    """Write an outgoing message to the tracker (201, 208, 236, 214 first): its ID."""
    record = chat.chatting_tracker(ctx, params.tracker_id)
    return chat.write(ctx.world, record, params.message, "OUTGOING").id


@handles(TRACKER_CHAT_BROADCAST)
def tracker_chat_broadcast(
    ctx: Context, params: TrackerChatBroadcastParams
) -> TrackerChatBroadcastResult:
    """Write the message to each tracker whose device chats; the others are not sent to."""
    trackers = _chatting_trackers(ctx, params.trackers)
    sent: list[int] = []
    not_sent: list[int] = []
    for record in trackers:
        if chat.has_chat_model(ctx.world, record):
            chat.write(ctx.world, record, params.message, "OUTGOING")
            sent.append(record.id)
        else:
            not_sent.append(record.id)
    return TrackerChatBroadcastResult(sent_to=sent, not_sent_to=not_sent)


def _incoming(ctx: Context, message_id: int, seen: set[int]) -> ChatMessageRecord:
    """An incoming message of a tracker the caller sees (201 otherwise)."""
    record = ctx.world.chat_messages.get(message_id)
    if record is None or record.type != "INCOMING" or record.tracker_id not in seen:
        raise EntityNotFoundError(f"no incoming message {message_id}")
    return record


@handles(TRACKER_CHAT_MARK_READ)
def tracker_chat_mark_read(ctx: Context, params: TrackerChatMarkReadParams) -> None:
    """Mark incoming messages read: ``message_id`` or ``message_ids`` (7 for both or
    neither); 201 for one that is no incoming message the caller sees, marking none."""
    one, many = params.message_id, params.message_ids
    if isinstance(one, Unset) == isinstance(many, Unset):
        raise invalid("message_id", "give one of message_id and message_ids")
    ids = [one] if not isinstance(one, Unset) else [] if isinstance(many, Unset) else many
    seen = ctx.visible_tracker_ids()
    records = [_incoming(ctx, i, seen) for i in ids]
    chat.mark_read(ctx.world, records)


@handles(TRACKER_CHAT_MARK_READ_ALL)
def tracker_chat_mark_read_all(ctx: Context, params: TrackerChatMarkReadAllParams) -> None:
    """Mark read every incoming message of the trackers (of every tracker the caller sees
    when none are named); 201 for a named one the caller cannot see or that is blocked."""
    if isinstance(params.trackers, Unset):
        tracker_ids = [t.id for t in ctx.visible_trackers()]
    else:
        tracker_ids = list(dict.fromkeys(params.trackers))
        for tracker_id in tracker_ids:
            record = ctx.visible_tracker(tracker_id)
            if record is None or record.blocked:
                raise EntityNotFoundError(f"no tracker {tracker_id}")
    for tracker_id in tracker_ids:
        chat.mark_read(ctx.world, chat.messages_of(ctx.world, tracker_id))


@handles(TRACKER_CHAT_UNREAD_COUNT)
def tracker_chat_unread_count(ctx: Context, params: NoParams) -> dict[str, int]:
    """The unread incoming messages of each tracker the caller sees that chats and has some;
    236 when none of those trackers' tariffs has chat."""
    trackers = [t for t in ctx.visible_trackers() if chat.has_chat_tariff(ctx.world, t)]
    if not trackers:
        raise TariffRestrictionError("no tracker has a tariff with chat")
    counts = chat.unread_counts(ctx.world, ctx.account.id)
    return {str(t.id): counts[t.id] for t in trackers if t.id in counts}


@handles(TRACKER_CHAT_UPDATED_LIST)
def tracker_chat_updated_list(
    ctx: Context, params: TrackerChatUpdatedListParams
) -> dict[str, dt.datetime]:
    """When each tracker's chat last changed: the latest time a message of it was sent,
    delivered or read; trackers without messages left out."""
    answer: dict[str, dt.datetime] = {}
    for record in _chatting_trackers(ctx, params.trackers):
        times = [
            t
            for m in chat.messages_of(ctx.world, record.id)
            for t in (m.submit_time, m.update_time)
            if t is not None
        ]
        if times:
            answer[str(record.id)] = ctx.user_time(max(times))
    return answer
