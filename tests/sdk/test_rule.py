"""Rules (``tracker/rule/*``) and the events they make as positions arrive: calls of the
service's documentation, through the SDK (sync and async). The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
)
from fleetapi.models.common import Location
from fleetapi.models.rule import NewRule, WeeklyInterval, WeekTime
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

NOW = dt.datetime(2026, 1, 15, 9, 0)  # a Thursday
DEPOT = (52.49, 13.36)  # zone 1: a circle of 150 m
AWAY = (52.50, 13.38)


@pytest.fixture
def mock(fleet_mock: FleetMock) -> FleetMock:
    """The demo world without its rules: each test makes its own."""
    fleet_mock.world.rules.clear()
    return fleet_mock


def test_the_demo_has_rules_of_three_kinds(client: Any) -> None:
    rules = client.tracker.rule.list()
    assert [(r.id, r.type) for r in rules] == [
        (1, "inoutzone"),
        (2, "speedup"),
        (3, "track_change"),
    ]
    assert (rules[0].zone_id, rules[1].zone_id, rules[1].param) == (1, 0, 60)
    assert [r.id for r in client.tracker.rule.list(tracker_id=3)] == [2]
    with pytest.raises(EntityNotFoundError):
        client.tracker.rule.list(tracker_id=7)  # another account's


def test_a_rule_is_created_listed_bound_updated_and_deleted(client: Any, mock: FleetMock) -> None:
    window = WeeklyInterval(
        from_=WeekTime(weekday=1, time="08:00:00"), to=WeekTime(weekday=5, time="18:00:00")
    )
    rule_id = client.tracker.rule.create(
        rule=NewRule(name="Fast", type="speedup", param=80, trackers=[1, 1], schedule=[window])
    )
    [rule] = client.tracker.rule.list()
    assert (rule.id, rule.trackers, rule.suspended, rule.auto_created) == (
        rule_id,
        [1],
        False,
        False,
    )
    assert rule.schedule == [attrs.evolve(window, interval_id=1)]  # numbered when stored
    client.tracker.rule.bind(rule_id=rule_id, trackers=[2, 7, 999])  # others' and missing ignored
    assert client.tracker.rule.list()[0].trackers == [1, 2]
    client.tracker.rule.unbind(rule_id=rule_id, trackers=[1, 3])
    assert client.tracker.rule.list()[0].trackers == [2]
    with pytest.raises(InvalidParametersError):  # a form body loses an empty array
        client.tracker.rule.bind(rule_id=rule_id, trackers=[])
    client.tracker.rule.update(rule=attrs.evolve(rule, name="Faster", param=90, trackers=[3]))
    updated = client.tracker.rule.list()[0]
    assert (updated.name, updated.param, updated.trackers) == ("Faster", 90, [3])
    client.tracker.rule.delete(rule_id=rule_id)
    assert client.tracker.rule.list() == []
    for call in (
        lambda: client.tracker.rule.delete(rule_id=rule_id),
        lambda: client.tracker.rule.bind(rule_id=rule_id, trackers=[1]),
        lambda: client.tracker.rule.update(rule=updated),
    ):
        with pytest.raises(EntityNotFoundError):
            call()


@pytest.mark.parametrize(
    ("rule", "parameter"),
    [
        (NewRule(name="Zones", type="inoutzone"), "rule.zone_ids"),
        (NewRule(name="Route", type="route", zone_ids=[1]), "rule.zone_ids"),  # a circle
        (NewRule(name="Offline", type="offline", zone_ids=[1]), "rule.zone_ids"),
        (NewRule(name="Fast", type="speedup"), "rule.param"),
        (NewRule(name="Input", type="input_change"), "rule.param"),
    ],
    ids=["inoutzone without zones", "route on a circle", "offline with zones", "speed", "input"],
)
def test_a_rule_its_type_cannot_work_with_is_7(client: Any, rule: NewRule, parameter: str) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.rule.create(rule=rule)
    assert [e["parameter"] for e in info.value.errors] == [parameter]


def test_trackers_and_zones_not_the_accounts_are_204(client: Any, mock: FleetMock) -> None:
    with pytest.raises(EntityMissingError):
        client.tracker.rule.create(rule=NewRule(name="X", type="track_change", trackers=[7]))
    mock.world.zones[1] = attrs.evolve(mock.world.zones[1], user_id=3)
    with pytest.raises(EntityMissingError):
        client.tracker.rule.create(rule=NewRule(name="X", type="inoutzone", zone_ids=[1]))
    assert mock.world.rules == {}


def test_a_sub_user_sees_and_keeps_only_its_trackers(mock: FleetMock) -> None:
    with mock.login() as master:
        rule_id = master.tracker.rule.create(
            rule=NewRule(name="Park", type="track_change", trackers=[1, 2, 3])
        )
    mock.world.users.change(2, trackers=[1])
    with mock.login("dispatcher", "demo") as sub_user:
        [seen] = sub_user.tracker.rule.list()
        assert seen.trackers == [1]
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.rule.unbind(rule_id=rule_id, trackers=[1])
        mock.world.users.change(2, rights=[*mock.world.users[2].rights, "tracker_rule_update"])
        sub_user.tracker.rule.update(rule=attrs.evolve(seen, trackers=[]))
    assert mock.world.rules[rule_id].trackers == [2, 3]  # those it cannot see stay


def test_a_sub_user_sees_and_keeps_only_its_zones(mock: FleetMock) -> None:
    with mock.login() as master:
        both = NewRule(name="Yards", type="inoutzone", zone_ids=[1, 2], trackers=[1])
        rule_id = master.tracker.rule.create(rule=both)
        centre = NewRule(name="Centre", type="inoutzone", zone_ids=[2], trackers=[1])
        master.tracker.rule.create(rule=centre)
        master.subuser.zones.unbind(subuser_id=2, zone_ids=[2, 3])  # the depot is left
    mock.world.users.change(2, rights=[*mock.world.users[2].rights, "tracker_rule_update"])
    with mock.login("dispatcher", "demo") as sub_user:
        seen, hidden = sub_user.tracker.rule.list()
        assert (seen.zone_ids, seen.zone_id) == ([1], 1)
        assert (hidden.zone_ids, hidden.zone_id) == ([], 0)
        sub_user.tracker.rule.update(rule=attrs.evolve(seen, zone_ids=[]))
        assert mock.world.rules[rule_id].zone_ids == [2]  # the zone it cannot see stays
        sub_user.tracker.rule.update(rule=attrs.evolve(seen, zone_ids=[1]))
        assert sub_user.tracker.rule.list()[0].zone_ids == [1]
    assert mock.world.rules[rule_id].zone_ids == [2, 1]


def _drive(mock: FleetMock, *legs: tuple[tuple[float, float], int]) -> list[Any]:
    """Points of tracker 1 a minute apart at each (place, speed); the events they made."""
    before = set(mock.world.events)
    start = max(p.get_time for p in mock.world.points_of(1))
    mock.record_positions(
        TrackPointRecord(
            tracker_id=1,
            get_time=start + dt.timedelta(minutes=i + 1),
            lat=where[0],
            lng=where[1],
            speed=speed,
        )
        for i, (where, speed) in enumerate(legs)
    )
    return [e for i, e in sorted(mock.world.events.items()) if i not in before]


def test_zone_rules_record_entering_and_leaving_with_their_texts(
    client: Any, mock: FleetMock
) -> None:
    rule_id = client.tracker.rule.create(
        rule=NewRule(
            name="Depot", type="inoutzone", zone_ids=[1], trackers=[1],
            primary_text="In", secondary_text="Out",
        )
    )  # fmt: skip
    events = _drive(mock, (AWAY, 30), (DEPOT, 10), (DEPOT, 0), (AWAY, 30))
    assert [(e.event, e.message, e.rule_id) for e in events] == [
        ("inzone", "In", rule_id),
        ("outzone", "Out", rule_id),
    ]
    assert events[0].extra.zone_labels == ["Depot"]
    entry = client.history.read(id=events[0].id)
    assert (entry.event, entry.rule_id, entry.location.lat) == ("inzone", rule_id, DEPOT[0])


def test_speeding_parking_and_inputs_make_their_events(client: Any, mock: FleetMock) -> None:
    client.tracker.rule.create(rule=NewRule(name="Fast", type="speedup", param=50, trackers=[1]))
    client.tracker.rule.create(rule=NewRule(name="Park", type="track_change", trackers=[1]))
    client.tracker.rule.create(
        rule=NewRule(name="Door", type="input_change", param=2, trackers=[1], primary_text="Open")
    )
    events = _drive(mock, (AWAY, 40), (AWAY, 60), (AWAY, 70), (AWAY, 0), (AWAY, 55))
    # one point may make several events: in the order of the rules
    assert [e.event for e in events] == ["speedup", "track_end", "speedup", "track_start"]
    assert events[1].message == "Parking started"  # the type's description without a text
    start = max(p.get_time for p in mock.world.points_of(1))
    mock.record_positions(
        TrackPointRecord(
            tracker_id=1, get_time=start + dt.timedelta(minutes=i + 1), lat=AWAY[0],
            lng=AWAY[1], speed=55, inputs=inputs,
        )
        for i, inputs in enumerate([[True, False], [True, True], [True, True], [False, False]])
    )  # fmt: skip
    changes = [e for e in mock.world.events.values() if e.event == "input_change"]
    assert [e.message for e in changes] == ["Open", "Input state changed"]


def test_a_tracker_stops_as_its_trip_detection_says(client: Any, mock: FleetMock) -> None:
    client.tracker.rule.create(rule=NewRule(name="Park", type="track_change", trackers=[1]))
    assert _drive(mock, (AWAY, 40), (AWAY, 5), (AWAY, 40)) == []  # 5 km/h moves (below 3 idles)
    client.tracker.settings.trip_detection.update(
        tracker_id=1,
        min_idle_duration_minutes=5,
        idle_speed_threshold=10,
        ignition_aware=False,
        motion_sensor_aware=False,
    )
    events = _drive(mock, (AWAY, 40), (AWAY, 5), (AWAY, 40))
    assert [e.event for e in events] == ["track_end", "track_start"]


def test_a_rule_works_only_when_and_where_it_should(client: Any, mock: FleetMock) -> None:
    fast = NewRule(name="Fast", type="speedup", param=50, trackers=[1])
    rule_id = client.tracker.rule.create(rule=attrs.evolve(fast, suspended=True))
    assert _drive(mock, (AWAY, 30), (AWAY, 60)) == []
    rule = attrs.evolve(client.tracker.rule.list()[0], suspended=False)
    weekend = WeeklyInterval(
        from_=WeekTime(weekday=6, time="00:00:00"), to=WeekTime(weekday=7, time="23:59:59")
    )
    client.tracker.rule.update(rule=attrs.evolve(rule, schedule=[weekend]))
    assert _drive(mock, (AWAY, 30), (AWAY, 60)) == []  # a Thursday
    client.tracker.rule.update(rule=attrs.evolve(rule, zone_ids=[1]))
    assert _drive(mock, (AWAY, 30), (AWAY, 60)) == []  # outside the depot
    assert [e.event for e in _drive(mock, (DEPOT, 30), (DEPOT, 60))] == ["speedup"]
    inverted = attrs.evolve(rule, zone_ids=[1], extended_params={"zone_limit_inverted": True})
    client.tracker.rule.update(rule=inverted)
    assert _drive(mock, (DEPOT, 30), (DEPOT, 60)) == []
    assert len(_drive(mock, (AWAY, 30), (AWAY, 60))) == 1
    client.tracker.rule.unbind(rule_id=rule_id, trackers=[1])
    assert _drive(mock, (AWAY, 30), (AWAY, 60)) == []


def test_task_status_rules_record_each_status_reached_once(client: Any, mock: FleetMock) -> None:
    # task 1: Truck 7 arrives at 09:20 and the task is done at 09:25; route 6's checkpoints
    # 7 and 8 are done at 13:20 and 14:30
    rule_id = client.tracker.rule.create(
        rule=NewRule(name="Tasks", type="task_status_change", trackers=[3], primary_text="Task")
    )
    period = {"from_": NOW, "to": NOW + dt.timedelta(days=1)}
    assert client.history.user.list(**period).list == []
    mock.clock.set(dt.datetime(2026, 1, 15, 9, 30))
    events = client.history.user.list(**period).list
    assert [(e.event, e.extra.task_id, e.rule_id) for e in events] == [
        ("task_status_change", 1, rule_id),
        ("task_status_change", 1, rule_id),
    ]
    assert events[0].time < events[1].time == dt.datetime(2026, 1, 15, 9, 25)
    assert client.history.user.list(**period).list == events  # recorded once
    mock.clock.set(dt.datetime(2026, 1, 15, 15, 0))
    client.tracker.rule.update(
        rule=attrs.evolve(client.tracker.rule.list()[0], extended_params={"statuses": ["done"]})
    )
    later = client.history.user.list(**period).list[2:]
    assert [(e.extra.task_id, e.extra.parent_task_id) for e in later] == [(7, 6), (8, 6)]


def test_a_new_checkin_makes_an_event(client: Any, mock: FleetMock) -> None:
    checkin_id = client.checkin.create(
        tracker_id=2, location=Location(lat=52.5, lng=13.4, address="Lagerstrasse 5")
    )
    [event] = [e for e in mock.world.events.values() if e.event == "checkin_creation"]
    entry = client.history.read(id=event.id)
    assert (entry.tracker_id, entry.extra.checkin_id, entry.address) == (
        2, checkin_id, "Lagerstrasse 5",
    )  # fmt: skip
