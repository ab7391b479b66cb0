"""Events (history entries): calls of the service's documentation, through the SDK (sync and
async). The documented examples run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    EntityNotFoundError,
    InvalidParametersError,
    LimitTooBigError,
    NonExistentEntitiesError,
    TimeSpanTooBigError,
)
from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.state.records import TrackPointRecord

DAY = dt.datetime(2026, 1, 14)
PERIOD = {"from_": DAY, "to": DAY + dt.timedelta(days=2)}


def test_list_answers_the_trackers_events_in_time_order_with_counts(client: Any) -> None:
    answer = client.history.tracker.list(trackers=[1, 4], **PERIOD)
    assert [(e.id, e.event, e.is_read) for e in answer.list] == [
        (1, "harsh_braking", True),
        (2, "speeding", False),
        (3, "sos", False),
    ]
    assert (answer.total, answer.total_unread, answer.limit_exceeded) == (3, 2, False)
    assert answer.list[1].message == "Van 1: Speeding"  # add_tracker_label defaults to true
    assert answer.list[1].extra.employee_id == 2  # Ben drove Van 1
    assert answer.list[1].time == dt.datetime(2026, 1, 14, 11, 7, 40)


def test_list_filters_sorts_and_cuts(client: Any) -> None:
    def ids(**options: Any) -> list[int]:
        return [
            e.id for e in client.history.tracker.list(trackers=[1, 4], **PERIOD, **options).list
        ]

    assert ids(ascending=False) == [3, 2, 1]
    assert ids(events=["speeding", "sos"]) == [2, 3]
    assert ids(only_unread=True) == [2, 3]
    assert ids(only_emergency=True) == [3]
    cut = client.history.tracker.list(trackers=[1, 4], **PERIOD, limit=1)
    assert ([e.id for e in cut.list], cut.limit_exceeded, cut.total) == ([1], True, 3)
    plain = client.history.tracker.list(trackers=[1], **PERIOD, add_tracker_label=False)
    assert plain.list[0].message == "Harsh braking"


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"trackers": [1, 5, 7]}, NonExistentEntitiesError),  # blocked, another account's
        ({"trackers": [1], "limit": 1001}, LimitTooBigError),
        (
            {"trackers": [1], "from_": DAY, "to": DAY - dt.timedelta(hours=1)},
            InvalidParametersError,
        ),
        ({"trackers": [1], "from_": DAY - dt.timedelta(days=400), "to": DAY}, TimeSpanTooBigError),
    ],
)
def test_list_refusals(client: Any, params: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        client.history.tracker.list(**{**PERIOD, **params})


def test_read_state_is_each_users_own(fleet_mock: FleetMock) -> None:
    with fleet_mock.login() as master, fleet_mock.login("dispatcher", "demo") as sub_user:
        assert master.history.unread.count() == 2
        assert sub_user.history.unread.count() == 3  # the master's reading is not the sub-user's
        master.history.mark_read(id=2)
        assert master.history.unread.count() == 1
        assert master.history.read(id=2).is_read is True
        assert sub_user.history.read(id=2).is_read is False
        with pytest.raises(EntityNotFoundError):
            master.history.mark_read(id=2)  # no unread event 2 any more
        sub_user.history.mark_read_all()
        assert sub_user.history.unread.count() == 0
        assert sub_user.history.unread.list() == []
        assert [e.id for e in master.history.unread.list()] == [3]


def test_a_sub_user_sees_only_its_trackers_events() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["trackers"] = [1]
    with FleetMock(document).login("dispatcher", "demo") as sub_user:
        assert [e.id for e in sub_user.history.unread.list()] == [2, 1]
        with pytest.raises(EntityNotFoundError):
            sub_user.history.read(id=3)
        with pytest.raises(NonExistentEntitiesError):
            sub_user.history.tracker.list(trackers=[4], **PERIOD)
        assert [e.id for e in sub_user.history.user.list(**PERIOD).list] == [1, 2]


def test_the_users_events_are_those_of_every_tracker_it_sees(
    client: Any, fleet_mock: FleetMock
) -> None:
    everything = client.history.user.list(**PERIOD)
    assert everything == client.history.tracker.list(trackers=[1, 4], **PERIOD)
    assert [e.id for e in client.history.user.list(**PERIOD, only_unread=True).list] == [2, 3]
    assert [e.id for e in client.history.user.list(**PERIOD, only_emergency=True).list] == [3]
    fleet_mock.world.trackers.change(1, blocked=True)  # a blocked tracker's events stay listed
    assert client.history.user.list(**PERIOD).total == 3


def test_a_point_reporting_an_event_makes_one(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.rules.clear()  # Van 2 leaving the depot would make the Depot rule's event
    now = fleet_mock.clock.now()
    fleet_mock.record_positions(
        [
            TrackPointRecord(tracker_id=2, get_time=now, lat=52.5, lng=13.4, speed=95,
                             event="speeding", address="Unter den Linden"),
            TrackPointRecord(tracker_id=2, get_time=now, lat=52.5, lng=13.4),
        ]
    )  # fmt: skip
    newest = client.history.unread.list(limit=1)[0]
    assert (newest.tracker_id, newest.event, newest.address, newest.time) == (
        2,
        "speeding",
        "Unter den Linden",
        now,
    )
    assert client.history.unread.count() == 3


def test_the_unread_calls_look_back_a_year_unless_told(fleet_mock: FleetMock) -> None:
    with fleet_mock.world.lock:  # no service work comes due (and makes an event) in the year
        fleet_mock.world.service_tasks.clear()
    fleet_mock.clock.advance(dt.timedelta(days=366).total_seconds())
    with fleet_mock.login() as client:  # a new session: the old one ended unused
        assert client.history.unread.count() == 0
        assert client.history.unread.count(from_=DAY) == 2
        assert client.history.unread.count(from_=DAY, type="camera") == 0


def test_types_describe_every_event_the_mock_makes(client: Any) -> None:
    types = {t.type: t.description for t in client.history.type.list()}
    assert {"speeding", "harsh_braking", "sos"} <= set(types)
    assert types["sos"] == "SOS button pressed"
