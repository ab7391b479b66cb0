"""Recurring tasks: a schedule makes its task (or route) at the start of each of its days, in
the account's time zone, once each; what it made is an ordinary task from then on."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest
from tasks_helpers import NOW, SPOT, inside, outside, without_points

from fleetapi import (
    DeviceBlockedError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    TariffRestrictionError,
)
from fleetapi.models.task import ListedRoute, Task, TaskLocation
from fleetapi.models.task_schedule import (
    CheckpointSchedule,
    MonthDaysParameters,
    NewRouteSchedule,
    NewTaskSchedule,
    RouteSchedule,
    RouteScheduleUpdate,
    ScheduleCheckpoint,
    TaskSchedule,
    TaskScheduleUpdate,
    WeekdaysParameters,
)
from fleetapi_mock import FleetMock

ZONE = TaskLocation(lat=SPOT[0], lng=SPOT[1], radius=100)
"""Far from every point of the demo world."""
DAY = dt.timedelta(days=1)
THURSDAY = NOW.date()
"""The demo world's date (2026-01-15, a Thursday)."""


def _schedule(label: str = "Fill the shelves", **fields: Any) -> NewTaskSchedule:
    """A task schedule on Monday, Wednesday and Friday from 10:00 for 30 minutes."""
    values: dict[str, Any] = {
        "location": ZONE,
        "description": "",
        "from_time": "10:00",
        "duration": 30,
        "parameters": WeekdaysParameters(weekdays=[1, 3, 5]),
        "tracker_id": 2,
    }
    values.update(fields)
    return NewTaskSchedule(label=label, **values)


def _stop(label: str, from_time: str, duration: int = 30, **fields: Any) -> ScheduleCheckpoint:
    return ScheduleCheckpoint(
        location=ZONE, label=label, description="", from_time=from_time, duration=duration, **fields
    )


def _made(client: Any, label: str) -> list[Task | ListedRoute]:
    """The tasks and routes the schedules made that carry ``label``, by ID."""
    listed = client.task.list(types=["task", "route"]).list
    return [t for t in listed if t.origin == "scheduled" and t.label == label]


def _days(made: list[Task | ListedRoute]) -> list[dt.date]:
    return [t.from_.date() for t in made]


# --- The clock makes the tasks -----------------------------------------------------------------


def test_the_clock_makes_each_days_task_once_on_its_days(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.task.schedule.create(schedule=_schedule())
    assert _made(client, "Fill the shelves") == []
    seen: list[list[dt.date]] = []
    for _ in range(8):  # Friday 16th to Friday 23rd, a request at each midnight and noon
        fleet_mock.clock.set(dt.datetime.combine(fleet_mock.clock.now().date() + DAY, dt.time()))
        made = _made(client, "Fill the shelves")
        seen.append(_days(made))
        assert all(t.status == "failed" for t in made[:-1])  # nobody came: past their deadline
        if made and made[-1].from_.date() == fleet_mock.clock.now().date():  # made just now
            assert (made[-1].status, made[-1].status_change_date) == (
                "assigned",
                made[-1].creation_date,
            )
        fleet_mock.clock.advance(dt.timedelta(hours=12))
        assert _days(_made(client, "Fill the shelves")) == seen[-1]  # not made again
    friday, monday, wednesday = THURSDAY + DAY, THURSDAY + 4 * DAY, THURSDAY + 6 * DAY
    assert seen == [
        [friday],
        [friday],
        [friday],
        [friday, monday],
        [friday, monday],
        [friday, monday, wednesday],
        [friday, monday, wednesday],
        [friday, monday, wednesday, THURSDAY + 8 * DAY],
    ]
    made = _made(client, "Fill the shelves")
    assert len({t.id for t in made}) == 4
    first = made[0]
    assert isinstance(first, Task)
    assert (first.from_, first.to) == (
        dt.datetime(2026, 1, 16, 10),
        dt.datetime(2026, 1, 16, 10, 30),
    )
    assert (first.type, first.origin, first.tracker_id) == ("task", "scheduled", 2)
    assert first.creation_date == dt.datetime(2026, 1, 16)
    assert (first.location.lat, first.location.lng, first.location.radius) == (*SPOT, 100)


def test_a_jump_of_the_clock_makes_every_day_passed_in_order(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.task.schedule.create(schedule=_schedule())
    fleet_mock.clock.advance(8 * DAY)
    made = _made(client, "Fill the shelves")
    assert _days(made) == [THURSDAY + n * DAY for n in (1, 4, 6, 8)]
    assert [t.id for t in made] == sorted(t.id for t in made)
    client.task.schedule.list()  # touching the world again makes nothing more
    assert len(_made(client, "Fill the shelves")) == 4


def test_a_schedule_made_today_starts_tomorrow(client: Any, fleet_mock: FleetMock) -> None:
    every_day = WeekdaysParameters(weekdays=[1, 2, 3, 4, 5, 6, 7])
    client.task.schedule.create(schedule=_schedule(from_time="18:00", parameters=every_day))
    fleet_mock.clock.set(dt.datetime(2026, 1, 15, 23, 59, 59))
    assert _made(client, "Fill the shelves") == []  # today's 18:00 was still ahead
    fleet_mock.clock.advance(dt.timedelta(seconds=1))
    assert _days(_made(client, "Fill the shelves")) == [THURSDAY + DAY]


def test_days_begin_in_the_accounts_time_zone(client: Any, fleet_mock: FleetMock) -> None:
    client.user.settings.update(time_zone="Europe/Berlin")  # UTC+1 in January
    client.task.schedule.create(schedule=_schedule(from_time="09:00:00"))
    fleet_mock.clock.set(dt.datetime(2026, 1, 15, 22, 59, 59))  # 23:59:59 in Berlin
    assert _made(client, "Fill the shelves") == []
    fleet_mock.clock.set(dt.datetime(2026, 1, 15, 23))  # Friday begins in Berlin
    (task,) = _made(client, "Fill the shelves")
    assert (task.from_, task.to) == (dt.datetime(2026, 1, 16, 9), dt.datetime(2026, 1, 16, 9, 30))
    assert task.creation_date == dt.datetime(2026, 1, 16)
    with fleet_mock.world.lock:
        stored = fleet_mock.world.tasks[task.id]
    assert stored.from_ == dt.datetime(2026, 1, 16, 8)  # the world keeps UTC


def test_a_made_task_moves_through_the_lifecycle(client: Any, fleet_mock: FleetMock) -> None:
    without_points(fleet_mock, 2)
    client.task.schedule.create(schedule=_schedule())
    friday = dt.datetime(2026, 1, 16)
    inside(fleet_mock, 2, friday + dt.timedelta(hours=10, minutes=5))
    outside(fleet_mock, 2, friday + dt.timedelta(hours=10, minutes=10))
    fleet_mock.clock.set(friday + dt.timedelta(hours=9))
    (task,) = _made(client, "Fill the shelves")
    assert task.status == "assigned"
    fleet_mock.clock.set(friday + dt.timedelta(hours=10, minutes=20))
    assert client.task.read(task_id=task.id).value.status == "done"
    fleet_mock.clock.set(dt.datetime(2026, 1, 19, 11))  # Monday's: nobody came
    assert [t.status for t in _made(client, "Fill the shelves")] == ["done", "failed"]


def test_days_of_the_month_skip_the_days_a_month_lacks(client: Any, fleet_mock: FleetMock) -> None:
    month_days = MonthDaysParameters(month_days=[31, 1])
    client.task.schedule.create(schedule=_schedule(parameters=month_days))
    proposed = client.task.schedule.proposal.list(
        from_=dt.datetime(2026, 1, 16), to=dt.datetime(2026, 3, 2), types=["task"]
    )
    expected = [dt.date(2026, 1, 31), dt.date(2026, 2, 1), dt.date(2026, 3, 1)]
    assert _days([p for p in proposed if p.label == "Fill the shelves"]) == expected
    fleet_mock.clock.set(dt.datetime(2026, 2, 10))
    client.task.schedule.list()  # a request within the session's 30 days
    fleet_mock.clock.set(dt.datetime(2026, 3, 2))
    assert _days(_made(client, "Fill the shelves")) == expected


def test_the_tracker_takes_the_task_if_it_can_then(client: Any, fleet_mock: FleetMock) -> None:
    client.task.schedule.create(schedule=_schedule())
    with fleet_mock.world.lock:
        fleet_mock.world.trackers.change(2, blocked=True)
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 1))
    (task,) = _made(client, "Fill the shelves")
    assert (task.tracker_id, task.status) == (None, "unassigned")


def test_a_template_gives_each_task_its_form(client: Any, fleet_mock: FleetMock) -> None:
    client.task.schedule.create(schedule=_schedule(form_template_id=2, tags=[1, 2]))
    fleet_mock.clock.advance(4 * DAY)
    made = _made(client, "Fill the shelves")
    assert len(made) == 2
    forms = [t.form for t in made if isinstance(t, Task)]
    assert [f.template_id for f in forms if f is not None] == [2, 2]
    assert len({f.id for f in forms if f is not None}) == 2  # a form of its own each
    assert all(t.tags == [1, 2] for t in made)


# --- Create, read, list, update, delete ------------------------------------------------------


def test_create_read_and_list(client: Any) -> None:
    schedule_id = client.task.schedule.create(schedule=_schedule(max_delay=5, tags=[3]))
    value = client.task.schedule.read(id=schedule_id).value
    assert isinstance(value, TaskSchedule)
    assert (value.from_time, value.duration, value.max_delay, value.tags) == (
        "10:00:00",
        30,
        5,
        [3],
    )
    assert value.parameters == WeekdaysParameters(weekdays=[1, 3, 5])
    listed = client.task.schedule.list()
    assert [s.id for s in listed] == [1, 5, schedule_id]  # task schedules only, by default
    assert [s.id for s in client.task.schedule.list(trackers=[2])] == [schedule_id]
    assert [s.id for s in client.task.schedule.list(filter="SHELVES")] == [schedule_id]
    assert [s.id for s in client.task.schedule.list(tag_ids=[3])] == [schedule_id]
    both = client.task.schedule.list(types=["task", "route"])
    assert [type(s) for s in both] == [TaskSchedule, RouteSchedule, TaskSchedule, TaskSchedule]


def test_create_refuses_what_cannot_make_tasks(client: Any) -> None:
    for tracker_id, error in (
        (999, EntityNotFoundError),
        (7, EntityNotFoundError),  # another account's
        (5, DeviceBlockedError),
        (6, TariffRestrictionError),
    ):
        with pytest.raises(error):
            client.task.schedule.create(schedule=_schedule(tracker_id=tracker_id))
    with pytest.raises(EntityMissingError):
        client.task.schedule.create(schedule=_schedule(form_template_id=999))
    wrong = _schedule(parameters=WeekdaysParameters(weekdays=[1, 8]), tags=[99])
    with pytest.raises(InvalidParametersError) as caught:
        client.task.schedule.create(schedule=wrong)
    named = {e["parameter"] for e in caught.value.errors}
    assert named == {"schedule.parameters.weekdays[1]", "schedule.tags[0]"}
    month = MonthDaysParameters(month_days=[32])
    with pytest.raises(InvalidParametersError):
        client.task.schedule.create(schedule=_schedule(parameters=month))
    assert [s.id for s in client.task.schedule.list()] == [1, 5]


def test_an_update_counts_from_the_next_day(client: Any, fleet_mock: FleetMock) -> None:
    schedule_id = client.task.schedule.create(schedule=_schedule())
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 12))
    (friday,) = _made(client, "Fill the shelves")
    changed = attrs.evolve(_schedule(from_time="14:00:00", tracker_id=None), label="Restock")
    client.task.schedule.update(schedule=TaskScheduleUpdate(id=schedule_id, **_fields(changed)))
    assert client.task.read(task_id=friday.id).value == friday  # already made: as it was
    fleet_mock.clock.set(dt.datetime(2026, 1, 19, 12))
    assert _days(_made(client, "Fill the shelves")) == [dt.date(2026, 1, 16)]
    (monday,) = _made(client, "Restock")
    assert (monday.from_, monday.tracker_id, monday.status) == (
        dt.datetime(2026, 1, 19, 14),
        None,
        "unassigned",
    )


def test_update_errors(client: Any) -> None:
    schedule_id = client.task.schedule.create(schedule=_schedule())
    for missing in (999, 2, 3):  # none, a route schedule, a checkpoint schedule
        with pytest.raises(EntityMissingError):
            client.task.schedule.update(schedule=TaskScheduleUpdate(id=missing, **_fields()))
    for tracker_id, error in ((999, EntityNotFoundError), (5, DeviceBlockedError)):
        update = TaskScheduleUpdate(id=schedule_id, **_fields(tracker_id=tracker_id))
        with pytest.raises(error):
            client.task.schedule.update(schedule=update)
    assert client.task.schedule.read(id=schedule_id).value.tracker_id == 2


def test_delete_stops_the_schedule_and_keeps_what_it_made(
    client: Any, fleet_mock: FleetMock
) -> None:
    schedule_id = client.task.schedule.create(schedule=_schedule())
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 12))
    made = _made(client, "Fill the shelves")
    client.task.schedule.delete(schedule_id=schedule_id)
    with pytest.raises(EntityNotFoundError):
        client.task.schedule.read(id=schedule_id)
    fleet_mock.clock.set(dt.datetime(2026, 1, 24))
    assert _made(client, "Fill the shelves") == made
    for not_a_task_schedule in (schedule_id, 2, 3):
        with pytest.raises(EntityNotFoundError):
            client.task.schedule.delete(schedule_id=not_a_task_schedule)


# --- Proposals -------------------------------------------------------------------------------


def test_proposals_are_what_the_days_will_make(client: Any, fleet_mock: FleetMock) -> None:
    client.task.schedule.create(schedule=_schedule())
    proposed = [
        p
        for p in client.task.schedule.proposal.list(to=NOW + 7 * DAY)
        if p.label == "Fill the shelves"
    ]
    assert _days(proposed) == [THURSDAY + n * DAY for n in (1, 4, 6)]
    fleet_mock.clock.advance(7 * DAY)
    made = _made(client, "Fill the shelves")

    def shown(task: Task | ListedRoute) -> tuple[Any, ...]:
        return (task.type, task.from_, task.to, task.tracker_id, task.creation_date)

    assert [shown(t) for t in made] == [shown(p) for p in proposed]
    tomorrow = client.task.schedule.proposal.list(to=fleet_mock.clock.now() + DAY)
    mine = [p for p in tomorrow if p.label == "Fill the shelves"]
    assert _days(mine) == [dt.date(2026, 1, 23)]  # the days begun are made, not proposed


def test_proposal_filters_and_period(client: Any) -> None:
    first = client.task.schedule.proposal.list(
        from_=dt.datetime(2026, 1, 16), to=dt.datetime(2026, 1, 17)
    )
    assert [(p.id, p.label, p.tracker_id) for p in first] == [(1, "Depot safety check", 1)]
    february = {"from_": dt.datetime(2026, 1, 31), "to": dt.datetime(2026, 2, 2)}
    (route,) = client.task.schedule.proposal.list(**february, types=["route"])
    assert isinstance(route, ListedRoute)
    assert [c.label for c in route.checkpoints] == ["Customer A", "Customer B"]
    assert route.checkpoint_ids == [3, 4]
    assert client.task.schedule.proposal.list(**february, trackers=[2]) == []
    assert [p.id for p in client.task.schedule.proposal.list(**february, filter="tyre")] == [5]
    for period, named in (
        ({"from_": NOW - DAY}, "from"),
        ({"from_": NOW + DAY, "to": NOW}, "to"),
        ({"to": NOW + 367 * DAY}, "to"),
    ):
        with pytest.raises(InvalidParametersError) as caught:
            client.task.schedule.proposal.list(**period)
        assert caught.value.errors[0]["parameter"] == named


# --- Route schedules ---------------------------------------------------------------------------


def _route(client: Any, *stops: ScheduleCheckpoint, tracker_id: int | None = 2) -> int:
    route_id: int = client.task.schedule.route.create(
        route=NewRouteSchedule(
            tracker_id=tracker_id,
            label="Morning round",
            description="",
            parameters=WeekdaysParameters(weekdays=[5]),
        ),
        checkpoints=list(stops or (_stop("A", "08:00"), _stop("B", "09:00"))),
    )
    return route_id


def test_a_route_schedule_makes_a_route_with_its_checkpoints(
    client: Any, fleet_mock: FleetMock
) -> None:
    route_id = _route(client)
    read = client.task.schedule.read(id=route_id)
    assert isinstance(read.value, RouteSchedule)
    assert [(c.label, c.order, c.parent_id, c.tracker_id) for c in read.checkpoints] == [
        ("A", 0, route_id, 2),
        ("B", 1, route_id, 2),
    ]
    checkpoint = client.task.schedule.read(id=read.checkpoints[0].id)
    assert isinstance(checkpoint.value, CheckpointSchedule)
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 7))
    (route,) = _made(client, "Morning round")
    assert isinstance(route, ListedRoute)
    assert (route.from_, route.to, route.tracker_id) == (
        dt.datetime(2026, 1, 16, 8),
        dt.datetime(2026, 1, 16, 9, 30),
        2,
    )
    assert [(c.label, c.order, c.parent_id, c.type) for c in route.checkpoints] == [
        ("A", 0, route.id, "checkpoint"),
        ("B", 1, route.id, "checkpoint"),
    ]


def test_route_schedule_checks(client: Any) -> None:
    with pytest.raises(InvalidParametersError) as caught:
        _route(client, _stop("A", "10:00"), _stop("B", "08:00", duration=60))
    assert caught.value.errors[0]["parameter"] == "checkpoints[1].from_time"
    with pytest.raises(DeviceBlockedError):
        _route(client, tracker_id=5)
    with pytest.raises(EntityMissingError):
        _route(client, _stop("A", "08:00"), _stop("B", "09:00", form_template_id=999))
    with pytest.raises(InvalidParametersError):
        _route(client, _stop("A", "08:00"))


def test_route_update_rewrites_adds_and_deletes_checkpoints(client: Any) -> None:
    route_id = _route(client)
    first, second = client.task.schedule.read(id=route_id).checkpoints
    client.task.schedule.route.update(
        route=RouteScheduleUpdate(
            id=route_id,
            label="Evening round",
            description="",
            parameters=MonthDaysParameters(month_days=[1]),
        ),
        checkpoints=[_stop("C", "07:00"), _stop("A2", "08:00", id=first.id)],
    )
    read = client.task.schedule.read(id=route_id)
    assert (read.value.label, read.value.tracker_id) == ("Evening round", 2)  # tracker kept
    assert [(c.label, c.order) for c in read.checkpoints] == [("C", 0), ("A2", 1)]
    assert read.checkpoints[1].id == first.id
    with pytest.raises(EntityNotFoundError):
        client.task.schedule.read(id=second.id)
    with pytest.raises(EntityNotFoundError):  # a checkpoint of another route schedule
        client.task.schedule.route.update(
            route=RouteScheduleUpdate(
                id=route_id, label="X", description="", parameters=read.value.parameters
            ),
            checkpoints=[_stop("C", "07:00"), _stop("D", "08:00", id=3)],
        )


def test_checkpoint_delete_keeps_two_and_transmute_keeps_one(
    client: Any, fleet_mock: FleetMock
) -> None:
    route_id = _route(client, _stop("A", "08:00"), _stop("B", "09:00"), _stop("C", "10:00"))
    first, second, third = client.task.schedule.read(id=route_id).checkpoints
    client.task.schedule.checkpoint.delete(checkpoint_id=second.id)
    left = client.task.schedule.read(id=route_id).checkpoints
    assert [(c.id, c.order) for c in left] == [(first.id, 0), (third.id, 1)]
    with pytest.raises(InvalidParametersError):
        client.task.schedule.checkpoint.delete(checkpoint_id=first.id)
    client.task.schedule.checkpoint.transmute(checkpoint_id=third.id)
    for gone in (route_id, first.id):
        with pytest.raises(EntityNotFoundError):
            client.task.schedule.read(id=gone)
    task = client.task.schedule.read(id=third.id).value
    assert isinstance(task, TaskSchedule)
    assert (task.label, task.tracker_id, task.parameters) == (
        "C",
        2,
        WeekdaysParameters(weekdays=[5]),
    )
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 1))
    (made,) = _made(client, "C")
    assert (made.type, made.from_) == ("task", dt.datetime(2026, 1, 16, 10))
    with pytest.raises(EntityNotFoundError):
        client.task.schedule.checkpoint.transmute(checkpoint_id=third.id)  # no longer one


def test_route_delete_takes_its_checkpoints(client: Any) -> None:
    client.task.schedule.route.delete(id=2)
    for gone in (2, 3, 4):
        with pytest.raises(EntityNotFoundError):
            client.task.schedule.read(id=gone)
    with pytest.raises(EntityNotFoundError):
        client.task.schedule.route.delete(id=1)  # a task schedule


# --- Who sees what -----------------------------------------------------------------------------


def test_a_sub_user_sees_the_schedules_of_its_trackers(fleet_mock: FleetMock) -> None:
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(2, trackers=[1])
    master = fleet_mock.login("demo", "demo")
    unassigned = master.task.schedule.create(schedule=_schedule(tracker_id=None))
    sub = fleet_mock.login("dispatcher", "demo")
    assert [s.id for s in sub.task.schedule.list(types=["task", "route"])] == [1, unassigned]
    for hidden in (2, 3, 5):
        with pytest.raises(EntityNotFoundError):
            sub.task.schedule.read(id=hidden)
    with pytest.raises(EntityMissingError):
        sub.task.schedule.update(schedule=TaskScheduleUpdate(id=5, **_fields()))
    proposed = sub.task.schedule.proposal.list()
    assert {p.id for p in proposed} == {1, unassigned}


def _fields(schedule: NewTaskSchedule | None = None, **changes: Any) -> dict[str, Any]:
    """The fields of a new schedule (:func:`_schedule`'s by default), for an update."""
    chosen = attrs.evolve(schedule or _schedule(), **changes)
    return {f.name: getattr(chosen, f.name) for f in attrs.fields(NewTaskSchedule)}


def test_templates_and_tags_know_the_schedules(client: Any) -> None:
    assert client.form.template.stats.read(template_id=2).scheduled == 1  # the depot check
    created = client.task.schedule.create(schedule=_schedule(form_template_id=2, tags=[1, 3]))
    assert client.form.template.stats.read(template_id=2).scheduled == 2
    found = client.tag.search(tag_ids=[3]).task_schedule
    assert [type(s) for s in found] == [CheckpointSchedule, TaskSchedule]
    assert [s.id for s in found] == [3, created]
    client.tag.delete(tag_id=3)
    client.form.template.delete(template_id=2)
    read = client.task.schedule.read(id=created).value
    assert (read.tags, read.form_template_id) == ([1], None)


def test_a_removed_tracker_takes_its_schedules(client: Any, fleet_mock: FleetMock) -> None:
    kept = client.task.schedule.create(schedule=_schedule(tracker_id=None))
    gone = client.task.schedule.create(schedule=_schedule())
    route_id = _route(client)
    checkpoints = [c.id for c in client.task.schedule.read(id=route_id).checkpoints]
    with fleet_mock.world.lock:  # a device registered but never reported may be corrupted
        state = attrs.evolve(
            fleet_mock.world.trackers[2].state, connection_status="just_registered"
        )
        fleet_mock.world.trackers.change(2, state=state)
    client.tracker.corrupt(tracker_id=2)
    for schedule_id in (gone, route_id, *checkpoints):
        with pytest.raises(EntityNotFoundError):
            client.task.schedule.read(id=schedule_id)
    assert client.task.schedule.read(id=kept).value.tracker_id is None
    with fleet_mock.world.lock:
        assert FleetMock(fleet_mock.world.to_document()).world.task_schedules.keys()


def test_a_world_document_schedule_without_next_day_starts_tomorrow() -> None:
    from fleetapi_mock.state.documents import demo_document
    from fleetapi_mock.state.world import WorldDocumentError

    document = demo_document()
    every_day = {"type": "weekdays", "weekdays": [1, 2, 3, 4, 5, 6, 7]}
    for entry in document["task_schedules"]:
        entry.pop("next_day", None)
        if entry["id"] == 1:
            entry["parameters"] = every_day
    mock = FleetMock(document)
    with mock.login() as client:
        assert client.task.schedule.read(id=1).value.parameters.weekdays == every_day["weekdays"]
        with mock.world.lock:
            assert mock.world.task_schedules[1].next_day == THURSDAY + DAY
        assert _made(client, "Depot safety check") == []  # nothing made for today
        mock.clock.set(dt.datetime(2026, 1, 16, 1))
        assert _days(_made(client, "Depot safety check")) == [THURSDAY + DAY]
    document["task_schedules"][2]["parent_id"] = 1  # a checkpoint of a task schedule
    with pytest.raises(WorldDocumentError, match=r"task_schedules\[id=3\]\.parent_id"):
        FleetMock(document)


def test_the_world_catches_up_only_when_something_comes_due(
    client: Any, fleet_mock: FleetMock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before each call the world catches up with its clock, but scans its schedules only
    when one can be due: the tables deciding it changed, or the clock reached the earliest
    moment. A schedule still makes its task at the first second of its day."""
    import fleetapi_mock.web.clockwork as clockwork

    scans: list[object] = []
    scan = clockwork.make_due_tasks
    monkeypatch.setattr(clockwork, "make_due_tasks", lambda *a: scans.append(scan(*a)))
    every_day = WeekdaysParameters(weekdays=[1, 2, 3, 4, 5, 6, 7])
    client.task.schedule.create(schedule=_schedule(from_time="18:00", parameters=every_day))
    before = len(scans)
    for _ in range(3):
        client.tracker.list()
    assert len(scans) == before + 1  # the new schedule: once, then nothing is due until midnight
    fleet_mock.clock.set(dt.datetime(2026, 1, 15, 23, 59, 59))
    assert _made(client, "Fill the shelves") == []
    client.tracker.list()
    assert len(scans) == before + 1
    fleet_mock.clock.advance(dt.timedelta(seconds=1))
    assert _days(_made(client, "Fill the shelves")) == [THURSDAY + DAY]
    assert len(scans) == before + 2
