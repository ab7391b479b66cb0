"""Chat with devices (``tracker/chat/*``): the calls of the service's documentation."""

from __future__ import annotations

import datetime as dt

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.tracker_chat import (
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

_WHO_CHATS = (
    "A tracker chats when its tariff has the feature `chat` (236 otherwise) and its device "
    "model has chat (`has_chat` of `tracker/list_models`; 214 otherwise). The checks run in "
    "the order 201 (a tracker the caller cannot see), 208 (blocked), 236, 214."
)
_BATCH = (
    f"At most {MAX_CHAT_TRACKERS} trackers (221 beyond), each named once however often given; "
    "one 217 names every tracker the caller cannot see, that is blocked or whose tariff has "
    "no `chat`, and nothing is done."
)

TRACKER_CHAT_LIST = Endpoint(
    path="tracker/chat/list",
    params=TrackerChatListParams,
    result=Result.field("list", list[ChatMessage]),
    summary="List the chat messages of a tracker sent within a period.",
    errors=(7, 201, 208, 214, 236),
    safe=True,
    origin="service",
    decisions=(
        Decision("Who chats", _WHO_CHATS),
        Decision(
            "`tracker/chat/list` period and limit",
            "Messages whose `submit_time` is within `from` and `to` (both included, in the "
            "caller's time zone), in the order `ascending` asks; `limit` takes the first of "
            "that order (the oldest when ascending). `to` before `from` is 7.",
        ),
    ),
)
TRACKER_CHAT_SEND = Endpoint(
    path="tracker/chat/send",
    params=TrackerChatSendParams,
    result=Result.field("id", int),
    summary="Send a chat message to a tracker's device and get its ID.",
    errors=(201, 208, 214, 236),
    origin="service",
    decisions=(
        Decision(
            "When an outgoing message is delivered",
            "It stays `PENDING` until the device next writes (`POST /__mock__/chat`): then "
            "every pending message of that tracker becomes `DELIVERED`, `update_time` that "
            "moment. `employee_id` is the employee bound to the tracker when a message is "
            "written, either way.",
        ),
    ),
)
TRACKER_CHAT_BROADCAST = Endpoint(
    path="tracker/chat/broadcast",
    params=TrackerChatBroadcastParams,
    result=Result.body(TrackerChatBroadcastResult),
    summary="Send one chat message to several trackers' devices.",
    errors=(217, 221),
    origin="service",
    decisions=(
        Decision(
            "`tracker/chat/broadcast` answers",
            f"{_BATCH} A tracker whose device model has no chat is in `not_sent_to`, the "
            "others in `sent_to` (each as ordered in the request), each with a message of its "
            "own.",
        ),
    ),
)
TRACKER_CHAT_MARK_READ = Endpoint(
    path="tracker/chat/mark_read",
    params=TrackerChatMarkReadParams,
    result=Result.nothing(),
    summary="Mark incoming chat messages read, by ID.",
    errors=(7, 201),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Read state of chat messages",
            "An incoming message is read for the whole account: `PENDING` until a user marks "
            "it read, then `DELIVERED`, `update_time` the moment it was marked (marking it "
            "again changes nothing). `mark_read` takes `message_id` or `message_ids`, not both "
            "(7); one ID that is not an incoming message of a tracker the caller sees is 201, "
            "and none is marked.",
        ),
    ),
)
TRACKER_CHAT_MARK_READ_ALL = Endpoint(
    path="tracker/chat/mark_read_all",
    params=TrackerChatMarkReadAllParams,
    result=Result.nothing(),
    summary="Mark every incoming chat message read, of some trackers or of all.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/chat/mark_read_all` trackers",
            "Without `trackers`, every tracker the caller sees; a listed tracker the caller "
            "cannot see, or that is blocked, is 201 (the one code documented) and none is "
            "marked.",
        ),
    ),
)
TRACKER_CHAT_UNREAD_COUNT = Endpoint(
    path="tracker/chat/unread/count",
    params=NoParams,
    result=Result.field("value", dict[str, int]),
    summary="Count the unread incoming chat messages, by tracker ID.",
    errors=(236,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/chat/unread/count` trackers",
            "The trackers the caller sees whose tariff has `chat`, those with unread messages "
            "only; 236 when no tracker the caller sees has `chat`.",
        ),
    ),
)
TRACKER_CHAT_UPDATED_LIST = Endpoint(
    path="tracker/chat/updated/list",
    params=TrackerChatUpdatedListParams,
    result=Result.field("value", dict[str, dt.datetime]),
    summary="Read when each tracker's chat last changed, by tracker ID.",
    errors=(217, 221),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/chat/updated/list` times",
            f"{_BATCH} Each tracker's time is the latest `submit_time` or `update_time` of "
            "its messages, in the caller's time zone; a tracker without messages is left out.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_CHAT_LIST,
    TRACKER_CHAT_SEND,
    TRACKER_CHAT_BROADCAST,
    TRACKER_CHAT_MARK_READ,
    TRACKER_CHAT_MARK_READ_ALL,
    TRACKER_CHAT_UNREAD_COUNT,
    TRACKER_CHAT_UPDATED_LIST,
)
