"""The tracker-driven task lifecycle, case by case: points in the world, the clock moving."""

from __future__ import annotations

import datetime as dt

import pytest
from tasks_helpers import NOW, inside, login, new_task, outside, without_points

from fleetapi.models.task import NewRoute
from fleetapi_mock.domain.lifecycle import END_STATES, TRANSITIONS, Event

TRUCK = 3
"""A demo tracker without recorded points."""

MINUTE = dt.timedelta(minutes=1)
HOUR = dt.timedelta(hours=1)


@pytest.fixture
def client(client, fleet_mock):
    """The shared client, with the truck's planned points removed (the demo world drives it)."""
    without_points(fleet_mock, TRUCK)
    return client


def at(fleet_mock, moment: dt.datetime) -> None:
    fleet_mock.clock.set(moment)


def read(client, task_id):
    return client.task.read(task_id=task_id).value


def state(client, task_id):
    task = read(client, task_id)
    return task.status, task.arrival_date, task.stay_duration, task.status_change_date


def test_the_table_covers_every_active_state_and_ends_in_end_states():
    assert {source for source, _ in TRANSITIONS} == {"assigned", "arrived"}
    assert {event for _, event in TRANSITIONS} == set(Event)
    assert {TRANSITIONS["arrived", e] for e in Event if e is not Event.ARRIVE} <= END_STATES


def test_assigned_to_arrived_to_done(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK, min_stay_duration=20)).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    assert state(client, task) == ("assigned", None, 0, NOW)
    at(fleet_mock, NOW + 15 * MINUTE)
    arrived = NOW + 10 * MINUTE
    assert state(client, task) == ("arrived", arrived, 300, arrived)
    at(fleet_mock, NOW + 40 * MINUTE)
    assert state(client, task) == ("done", arrived, 1200, arrived + 20 * MINUTE)
    at(fleet_mock, NOW + 5 * HOUR)
    assert state(client, task) == ("done", arrived, 1200, arrived + 20 * MINUTE)


def test_completion_after_to_but_within_max_delay_is_delayed(client, fleet_mock):
    task = client.task.create(
        task=new_task(tracker_id=TRUCK, end=NOW + HOUR, max_delay=30, min_stay_duration=10)
    ).id
    inside(fleet_mock, TRUCK, NOW + 55 * MINUTE)
    at(fleet_mock, NOW + 2 * HOUR)
    status, arrival, stay, changed = state(client, task)
    assert (status, arrival, stay, changed) == (
        "delayed",
        NOW + 55 * MINUTE,
        600,
        NOW + 65 * MINUTE,
    )


def test_leaving_before_the_stay_is_faulty(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK, min_stay_duration=30)).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    outside(fleet_mock, TRUCK, NOW + 20 * MINUTE)
    inside(fleet_mock, TRUCK, NOW + 30 * MINUTE)  # a second visit does not resume it
    at(fleet_mock, NOW + 90 * MINUTE)
    assert state(client, task) == ("faulty", NOW + 10 * MINUTE, 600, NOW + 20 * MINUTE)


def test_staying_past_the_deadline_without_completion_fails(client, fleet_mock):
    task = client.task.create(
        task=new_task(tracker_id=TRUCK, end=NOW + HOUR, max_delay=10, min_stay_duration=120)
    ).id
    inside(fleet_mock, TRUCK, NOW + 30 * MINUTE)
    at(fleet_mock, NOW + 69 * MINUTE)
    assert read(client, task).status == "arrived"
    at(fleet_mock, NOW + 3 * HOUR)
    assert state(client, task) == ("failed", NOW + 30 * MINUTE, 2400, NOW + 70 * MINUTE)


def test_no_visit_by_the_deadline_fails(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK, end=NOW + HOUR, max_delay=5)).id
    outside(fleet_mock, TRUCK, NOW + 30 * MINUTE)
    at(fleet_mock, NOW + 64 * MINUTE)
    assert read(client, task).status == "assigned"
    at(fleet_mock, NOW + 65 * MINUTE)
    assert state(client, task) == ("failed", None, 0, NOW + 65 * MINUTE)


def test_an_arrival_after_the_deadline_does_not_count(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK, end=NOW + HOUR)).id
    inside(fleet_mock, TRUCK, NOW + 2 * HOUR)
    at(fleet_mock, NOW + 3 * HOUR)
    assert state(client, task) == ("failed", None, 0, NOW + HOUR)


def test_visits_shorter_than_min_arrival_duration_do_not_count(client, fleet_mock):
    task = client.task.create(
        task=new_task(tracker_id=TRUCK, min_arrival_duration=5, min_stay_duration=15)
    ).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    outside(fleet_mock, TRUCK, NOW + 13 * MINUTE)
    inside(fleet_mock, TRUCK, NOW + 20 * MINUTE)
    at(fleet_mock, NOW + 24 * MINUTE)
    assert read(client, task).status == "assigned"
    at(fleet_mock, NOW + 26 * MINUTE)
    assert state(client, task) == ("arrived", NOW + 20 * MINUTE, 360, NOW + 25 * MINUTE)
    at(fleet_mock, NOW + HOUR)
    assert read(client, task).status == "done"


def test_time_before_from_and_before_the_assignment_does_not_count(client, fleet_mock):
    inside(fleet_mock, TRUCK, NOW - HOUR)  # inside since long before
    task = client.task.create(
        task=new_task(start=NOW + HOUR, end=NOW + 3 * HOUR, min_stay_duration=30)
    ).id
    at(fleet_mock, NOW + 30 * MINUTE)
    client.task.assign(task_id=task, tracker_id=TRUCK)
    assert read(client, task).status == "assigned"  # before from
    at(fleet_mock, NOW + 80 * MINUTE)
    assert state(client, task) == ("arrived", NOW + HOUR, 1200, NOW + HOUR)
    at(fleet_mock, NOW + 2 * HOUR)
    assert state(client, task) == ("done", NOW + HOUR, 1800, NOW + 90 * MINUTE)


def test_an_unassigned_task_never_moves(client, fleet_mock):
    task = client.task.create(task=new_task(end=NOW + HOUR)).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    at(fleet_mock, NOW + 5 * HOUR)
    assert state(client, task) == ("unassigned", None, 0, NOW)


def test_list_and_read_agree_and_answers_are_stable(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK, min_stay_duration=60)).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    at(fleet_mock, NOW + 30 * MINUTE)
    first = read(client, task)
    assert read(client, task) == first
    listed = client.task.list(statuses=["arrived"])
    assert [t for t in listed.list if t.id == task] == [first]
    assert client.task.list(conditions=[]).count >= 1


def test_sub_user_sees_lifecycle_dates_in_their_time_zone(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=TRUCK)).id
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    at(fleet_mock, NOW + 20 * MINUTE)
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    seen = read(dispatcher, task)
    assert (seen.status, seen.arrival_date) == ("done", NOW + 70 * MINUTE)


# --- routes ----------------------------------------------------------------------------------


def _route(client, count=2):
    stops = [
        new_task(
            f"Stop {n}",
            start=NOW,
            end=NOW + 2 * HOUR,
            lat=52.40 + 0.1 * n,
            lng=13.10,
            min_stay_duration=5,
        )
        for n in range(count)
    ]
    answer = client.task.route.create(
        route=NewRoute(label="Round", description="", tracker_id=TRUCK), checkpoints=stops
    )
    return answer.result


def stop(fleet_mock, n, when, minutes=10):
    from tasks_helpers import add_point

    add_point(fleet_mock, TRUCK, when, 52.40 + 0.1 * n, 13.10)
    add_point(fleet_mock, TRUCK, when + minutes * MINUTE, 52.40 + 0.1 * n + 0.05, 13.10)


def test_a_route_completes_when_every_checkpoint_does_in_order(client, fleet_mock):
    route = _route(client)
    stop(fleet_mock, 0, NOW + 10 * MINUTE)
    at(fleet_mock, NOW + 12 * MINUTE)
    assert read(client, route.id).status == "arrived"
    stop(fleet_mock, 1, NOW + 40 * MINUTE)
    at(fleet_mock, NOW + 3 * HOUR)
    answer = client.task.read(task_id=route.id)
    assert [c.status for c in answer.checkpoints] == ["done", "done"]
    assert (answer.value.status, answer.value.status_change_date) == (
        "done",
        NOW + 45 * MINUTE,
    )


def test_a_route_done_out_of_order_is_faulty(client, fleet_mock):
    route = _route(client)
    stop(fleet_mock, 1, NOW + 10 * MINUTE)
    stop(fleet_mock, 0, NOW + 40 * MINUTE)
    at(fleet_mock, NOW + 3 * HOUR)
    assert read(client, route.id).status == "faulty"


def test_a_route_with_a_missed_checkpoint_is_faulty_and_with_none_failed(client, fleet_mock):
    partly = _route(client)
    stop(fleet_mock, 0, NOW + 10 * MINUTE)
    at(fleet_mock, NOW + 3 * HOUR)
    assert read(client, partly.id).status == "faulty"
    at(fleet_mock, NOW)
    nothing = _route(client, count=3)
    fleet_mock.world.track_points.clear()
    at(fleet_mock, NOW + 3 * HOUR)
    assert read(client, nothing.id).status == "failed"
    assert read(client, partly.id).status == "failed"


def test_an_unassigned_route_stays_unassigned(client, fleet_mock):
    answer = client.task.route.create(
        route=NewRoute(label="Round", description=""),
        checkpoints=[new_task("a"), new_task("b")],
    )
    at(fleet_mock, NOW + 5 * HOUR)
    assert read(client, answer.result.id).status == "unassigned"
