"""Chat with devices (``tracker/chat/*``) through the SDK (sync and async) against the mock.

The demo world's tracker 4 (Anna's phone, a model with chat, on a tariff with ``chat``) has a
short chat: message 1 sent to it (delivered), 2 and 3 from it (3 unread). Trackers 1 to 3 are
of models without chat, 6 is on a tariff without it, 5 is blocked, 7 is another account's.
The documented examples run in ``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityNotFoundError,
    InvalidParametersError,
    NonExistentEntitiesError,
    NotSupportedByDeviceError,
    TariffRestrictionError,
)
from fleetapi.models.tracker_chat import MAX_CHAT_TRACKERS
from fleetapi_mock import FleetMock, demo_document

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's time (UTC, the demo user's time zone)."""


def ids(messages: list[Any]) -> list[int]:
    return [m.id for m in messages]


def test_the_demo_chat_in_order_and_reversed(client: Any) -> None:
    messages = client.tracker.chat.list(tracker_id=4)
    assert ids(messages) == [1, 2, 3]
    assert [(m.type, m.status) for m in messages] == [
        ("OUTGOING", "DELIVERED"),
        ("INCOMING", "DELIVERED"),
        ("INCOMING", "PENDING"),
    ]
    assert messages[2].update_time is None
    assert {m.employee_id for m in messages} == {1}  # Anna, bound to the tracker
    assert ids(client.tracker.chat.list(tracker_id=4, ascending=False)) == [3, 2, 1]
    assert ids(client.tracker.chat.list(tracker_id=4, limit=2)) == [1, 2]
    assert ids(client.tracker.chat.list(tracker_id=4, ascending=False, limit=1)) == [3]


def test_the_period_defaults_to_the_last_7_days(client: Any, fleet_mock: FleetMock) -> None:
    window = {"from_": NOW.replace(hour=7, minute=10), "to": NOW.replace(hour=8)}
    assert ids(client.tracker.chat.list(tracker_id=4, **window)) == [2]
    fleet_mock.world.clock.advance(dt.timedelta(days=7, minutes=-30))  # from 08:30 on the 15th
    assert ids(client.tracker.chat.list(tracker_id=4)) == [3]  # 1 and 2 are older
    with pytest.raises(InvalidParametersError):
        client.tracker.chat.list(tracker_id=4, from_=NOW, to=NOW - dt.timedelta(hours=1))
    with pytest.raises(InvalidParametersError):
        client.tracker.chat.list(tracker_id=4, limit=1025)


def test_a_sent_message_is_pending_until_the_device_writes(
    client: Any, fleet_mock: FleetMock
) -> None:
    new = client.tracker.chat.send(tracker_id=4, message="Please call the depot")
    sent = client.tracker.chat.list(tracker_id=4)[-1]
    assert (sent.id, sent.type, sent.status, sent.text) == (
        new,
        "OUTGOING",
        "PENDING",
        "Please call the depot",
    )
    assert (sent.submit_time, sent.update_time, sent.employee_id) == (NOW, None, 1)
    assert client.tracker.chat.unread.count() == {"4": 1}

    fleet_mock.world.clock.advance(dt.timedelta(minutes=5))
    answer = fleet_mock.control.record_chat(tracker_id=4, text="Calling now")
    later = NOW + dt.timedelta(minutes=5)
    by_id = {m.id: m for m in client.tracker.chat.list(tracker_id=4)}
    assert (by_id[new].status, by_id[new].update_time) == ("DELIVERED", later)
    reply = by_id[answer.id]
    assert (reply.type, reply.status, reply.text, reply.submit_time) == (
        "INCOMING",
        "PENDING",
        "Calling now",
        later,
    )
    assert client.tracker.chat.unread.count() == {"4": 2}
    assert client.tracker.chat.updated.list(trackers=[4]) == {"4": later}


@pytest.mark.parametrize(
    ("tracker_id", "error"),
    [
        (1, NotSupportedByDeviceError),  # a model without chat
        (6, TariffRestrictionError),  # a tariff without chat
        (5, DeviceBlockedError),
        (7, EntityNotFoundError),  # another account's
        (999, EntityNotFoundError),
    ],
)
def test_who_cannot_chat(
    client: Any, fleet_mock: FleetMock, tracker_id: int, error: type[Exception]
) -> None:
    before = dict(fleet_mock.world.chat_messages)
    with pytest.raises(error):
        client.tracker.chat.send(tracker_id=tracker_id, message="Hello")
    with pytest.raises(error):
        client.tracker.chat.list(tracker_id=tracker_id)
    assert dict(fleet_mock.world.chat_messages) == before


def test_a_blank_or_too_long_message_is_refused(client: Any) -> None:
    for text in ("", "   ", "x" * 20_001):
        with pytest.raises(InvalidParametersError):
            client.tracker.chat.send(tracker_id=4, message=text)
    assert client.tracker.chat.send(tracker_id=4, message="two\nlines") > 0


def test_broadcast_answers_per_tracker(client: Any) -> None:
    answer = client.tracker.chat.broadcast(trackers=[2, 4, 1, 4], message="Depot closes at 18")
    assert (answer.sent_to, answer.not_sent_to) == ([4], [2, 1])
    texts = [m.text for m in client.tracker.chat.list(tracker_id=4)]
    assert texts.count("Depot closes at 18") == 1


@pytest.mark.parametrize(
    ("trackers", "error"),
    [
        ([4, 6], NonExistentEntitiesError),  # a tariff without chat
        ([4, 5], NonExistentEntitiesError),  # blocked
        ([4, 7, 999], NonExistentEntitiesError),
        (list(range(1, MAX_CHAT_TRACKERS + 2)), DeviceLimitExceededError),
    ],
)
def test_a_refused_broadcast_sends_nothing(
    client: Any, fleet_mock: FleetMock, trackers: list[int], error: type[Exception]
) -> None:
    before = dict(fleet_mock.world.chat_messages)
    with pytest.raises(error) as info:
        client.tracker.chat.broadcast(trackers=trackers, message="Hello")
    if trackers == [4, 7, 999]:
        assert "7, 999" in str(info.value)
    with pytest.raises(error):
        client.tracker.chat.updated.list(trackers=trackers)
    assert dict(fleet_mock.world.chat_messages) == before


def test_mark_read_changes_the_list_and_the_counts(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.clock.advance(60)
    client.tracker.chat.mark_read(message_id=3)
    read = client.tracker.chat.list(tracker_id=4)[-1]
    assert (read.status, read.update_time) == ("DELIVERED", NOW + dt.timedelta(minutes=1))
    assert client.tracker.chat.unread.count() == {}
    assert client.tracker.chat.updated.list(trackers=[4]) == {"4": NOW + dt.timedelta(minutes=1)}
    fleet_mock.world.clock.advance(60)
    client.tracker.chat.mark_read(message_ids=[3])  # read already: it keeps its time
    assert client.tracker.chat.list(tracker_id=4)[-1] == read


def test_mark_read_refuses_what_is_not_an_incoming_message_and_marks_none(client: Any) -> None:
    for call in (
        lambda: client.tracker.chat.mark_read(message_ids=[3, 1]),  # 1 is outgoing
        lambda: client.tracker.chat.mark_read(message_ids=[3, 999]),
    ):
        with pytest.raises(EntityNotFoundError):
            call()
    assert client.tracker.chat.unread.count() == {"4": 1}
    for wrong in ({}, {"message_id": 3, "message_ids": [3]}):
        with pytest.raises(InvalidParametersError):
            client.tracker.chat.mark_read(**wrong)


def test_mark_read_all(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.control.record_chat(tracker_id=4, text="Arrived")
    assert client.tracker.chat.unread.count() == {"4": 2}
    for refused in ([4, 7], [5]):
        with pytest.raises(EntityNotFoundError):
            client.tracker.chat.mark_read_all(trackers=refused)
    assert client.tracker.chat.unread.count() == {"4": 2}
    client.tracker.chat.mark_read_all(trackers=[1])  # another tracker's chat: nothing
    assert client.tracker.chat.unread.count() == {"4": 2}
    client.tracker.chat.mark_read_all()
    assert client.tracker.chat.unread.count() == {}
    statuses = {m.status for m in client.tracker.chat.list(tracker_id=4)}
    assert statuses == {"DELIVERED"}


def test_updated_list_leaves_out_trackers_without_messages(client: Any) -> None:
    assert client.tracker.chat.updated.list(trackers=[1, 4]) == {
        "4": dt.datetime(2026, 1, 15, 8, 32)
    }


def test_unread_count_needs_a_tracker_with_chat() -> None:
    document = demo_document()
    for tariff in document["tariffs"]:
        tariff["features"] = [f for f in tariff["features"] if f != "chat"]
    with FleetMock(document).login() as client, pytest.raises(TariffRestrictionError):
        client.tracker.chat.unread.count()


def test_a_sub_user_chats_with_its_trackers_only(fleet_mock: FleetMock) -> None:
    fleet_mock.world.users.change(2, trackers=[1, 2])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.chat.list(tracker_id=4)
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.chat.mark_read(message_id=3)
        with pytest.raises(NonExistentEntitiesError):
            sub_user.tracker.chat.broadcast(trackers=[1, 4], message="Hello")
        assert sub_user.tracker.chat.unread.count() == {}
        sub_user.tracker.chat.mark_read_all()
    fleet_mock.world.users.change(2, trackers=None)
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert sub_user.tracker.chat.unread.count() == {"4": 1}  # nothing was marked
        first = sub_user.tracker.chat.list(tracker_id=4)[0]
        assert first.submit_time == dt.datetime(2026, 1, 15, 8, 5)  # Europe/Berlin
        sub_user.tracker.chat.mark_read(message_id=3)
    with fleet_mock.login() as master:
        assert master.tracker.chat.unread.count() == {}  # read for the whole account


def test_a_device_writes_only_through_a_model_with_chat(fleet_mock: FleetMock) -> None:
    for tracker_id in (1, 999):
        with pytest.raises(InvalidParametersError):
            fleet_mock.control.record_chat(tracker_id=tracker_id, text="Hello")
    with pytest.raises(InvalidParametersError):
        fleet_mock.control.record_chat(tracker_id=4, text=" ")
    assert len(fleet_mock.world.chat_messages) == 3
