"""Vehicle service works (``vehicle/service_task/*``): calls of the service's documentation,
through the SDK. A task's status follows the world's clock and the counters its tracker's
points move; reaching ``notified`` and ``expired`` makes an event and e-mails. The documented
examples run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import attrs
import httpx
import pytest
from openpyxl import load_workbook

from fleetapi import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    NotSupportedByDeviceError,
    OperationNotPermittedError,
)
from fleetapi._types import UNSET
from fleetapi.models.search import EqCondition
from fleetapi.models.service_task import (
    CounterCondition,
    DateCondition,
    NewServiceTask,
    ServiceTaskConditions,
    ServiceTaskContent,
    ServiceTaskNotifications,
    ServiceTaskUpdate,
)
from fleetapi_mock import FleetMock

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's time (UTC, the demo user's zone)."""
STEP = 0.005
"""Degrees of latitude between fed points: about 0.556 km."""


def mileage_task(
    vehicle_id: int = 2, limit: int = 3, notice: int = 1, **fields: Any
) -> NewServiceTask:
    """A task ending after ``limit`` km, notified ``notice`` km before."""
    mileage = CounterCondition(limit=limit, notification_interval=notice, repeat_interval=5)
    return NewServiceTask(
        vehicle_id=vehicle_id,
        description=fields.pop("description", "Brake pads"),
        conditions=ServiceTaskConditions(mileage=mileage),
        notifications=ServiceTaskNotifications(emails=["mechanic@fleet.test"]),
        **fields,
    )


def date_task(vehicle_id: int = 2, days: int = 3, notice: int = 1, **fields: Any) -> NewServiceTask:
    """A task ending ``days`` after now, notified ``notice`` days before."""
    date = DateCondition(end=NOW + dt.timedelta(days=days), notification_interval=notice)
    return NewServiceTask(
        vehicle_id=vehicle_id,
        description=fields.pop("description", "Tachograph check"),
        conditions=ServiceTaskConditions(date=date),
        **fields,
    )


def feed(mock: FleetMock, tracker_id: int, count: int) -> list[dt.datetime]:
    """Feed ``count`` points of a drive north from the tracker's last point through the
    control API, a minute apart after that point or the demo's start; answer their times."""
    last = mock.world.points_of(tracker_id)[-1]
    begin = max(last.get_time, NOW)
    times = [begin + dt.timedelta(minutes=i + 1) for i in range(count)]
    points = [
        {
            "tracker_id": tracker_id,
            "get_time": f"{when:%Y-%m-%d %H:%M:%S}",
            "lat": last.lat + STEP * (i + 1),
            "lng": last.lng,
            "speed": 30,
        }
        for i, when in enumerate(times)
    ]
    mock.control.record_positions(points=points)
    return times


def test_a_task_starts_from_the_counters_of_its_vehicles_tracker(fleet_client):
    odometer = fleet_client.tracker.counter.value.get(tracker_id=1, type="odometer")
    hours = fleet_client.tracker.counter.value.get(tracker_id=1, type="engine_hours")
    task_id = fleet_client.vehicle.service_task.create(task=mileage_task(vehicle_id=1, limit=500))
    task = fleet_client.vehicle.service_task.read(task_id=task_id)
    assert (task.vehicle_id, task.vehicle_label, task.status) == (1, "Van 1", "created")
    assert (task.start.mileage, task.start.engine_hours) == (int(odometer), int(hours))
    assert task.start.date == NOW
    assert task.current_position == task.start
    assert (task.completion, task.completion_date) == (None, None)
    assert (task.repeat, task.unplanned, task.cost, task.comment, task.file_ids) == (
        False, False, 0.0, "", [],
    )  # fmt: skip
    assert task.prediction is not UNSET
    assert (task.prediction.end_date, task.prediction.wear_percentage) == (None, 0)
    bare = fleet_client.vehicle.service_task.read(task_id=task_id, return_prediction=False)
    assert bare.prediction is UNSET


def test_a_task_comes_due_by_mileage_as_its_trackers_points_arrive(fleet_client, fleet_mock):
    task_id = fleet_client.vehicle.service_task.create(task=mileage_task())
    fleet_mock.clock.advance(dt.timedelta(minutes=30))  # the points to come are in the past
    read = lambda: fleet_client.vehicle.service_task.read(task_id=task_id)  # noqa: E731
    feed(fleet_mock, 2, 3)  # 1.7 km of 3
    assert read().status == "created"
    assert not fleet_mock.control.mail(kind="service_task")
    times = feed(fleet_mock, 2, 2)  # 2.2 km, then 2.8: within 1 km of the limit
    task = read()
    assert task.status == "notified"
    odometer = fleet_client.tracker.counter.value.get(tracker_id=2, type="odometer")
    assert task.current_position.mileage == int(odometer)
    (mail,) = fleet_mock.control.mail(kind="service_task")
    assert mail.to == "mechanic@fleet.test"
    assert "Brake pads" in mail.subject
    times += feed(fleet_mock, 2, 1)  # 3.3 km: past the limit
    task = read()
    assert task.status == "expired"
    assert task.prediction.wear_percentage == 100
    assert task.prediction.end_date == times[-1]  # when it reached its limit
    assert len(fleet_mock.control.mail(kind="service_task")) == 2
    events = fleet_client.history.tracker.list(
        trackers=[2], from_=NOW, to=NOW + dt.timedelta(hours=1),
        events=["service_task_notified", "service_task_expired"],
    ).list  # fmt: skip
    assert [(e.event, e.time) for e in events] == [
        ("service_task_notified", times[0]),  # the point that reached 2 km
        ("service_task_expired", times[2]),
    ]
    assert {e.extra.service_task_id for e in events} == {task_id}
    # told once: reading again makes no second notice
    read()
    assert len(fleet_mock.control.mail(kind="service_task")) == 2


def test_a_task_comes_due_by_date_as_the_clock_moves(fleet_client, fleet_mock):
    task_id = fleet_client.vehicle.service_task.create(task=date_task(days=3, notice=1))
    statuses = []
    for _ in range(4):
        statuses.append(fleet_client.vehicle.service_task.read(task_id=task_id).status)
        fleet_mock.clock.advance(dt.timedelta(days=1))
    assert statuses == ["created", "created", "notified", "expired"]
    listed = fleet_client.vehicle.service_task.list(statuses=["expired"])
    assert task_id in [t.id for t in listed]
    events = fleet_client.history.tracker.list(
        trackers=[2], from_=NOW, to=NOW + dt.timedelta(days=4),
        events=["service_task_notified", "service_task_expired"],
    ).list  # fmt: skip
    assert [e.time for e in events] == [NOW + dt.timedelta(days=2), NOW + dt.timedelta(days=3)]


def test_a_status_reached_stays_until_the_conditions_change(fleet_client, fleet_mock):
    task_id = fleet_client.vehicle.service_task.create(task=mileage_task(limit=1, notice=0))
    fleet_mock.clock.advance(dt.timedelta(minutes=30))
    feed(fleet_mock, 2, 3)
    assert fleet_client.vehicle.service_task.read(task_id=task_id).status == "expired"
    # the odometer set back does not take the status back
    fleet_client.tracker.counter.value.set(tracker_id=2, type="odometer", value=0)
    assert fleet_client.vehicle.service_task.read(task_id=task_id).status == "expired"
    # nor does a change of its other fields, which tells nothing again
    told = len(fleet_mock.control.mail(kind="service_task"))
    task = fleet_client.vehicle.service_task.read(task_id=task_id)
    fleet_client.vehicle.service_task.update(task=_update(task, comment="Front axle"))
    assert fleet_client.vehicle.service_task.read(task_id=task_id).status == "expired"
    assert len(fleet_mock.control.mail(kind="service_task")) == told == 1
    # a new limit does
    longer = attrs.evolve(task.conditions, mileage=CounterCondition(limit=5000))
    fleet_client.vehicle.service_task.update(task=_update(task, conditions=longer))
    assert fleet_client.vehicle.service_task.read(task_id=task_id).status == "created"


def _update(task: Any, **changes: Any) -> ServiceTaskUpdate:
    fields = {a.name for a in attrs.fields(ServiceTaskUpdate)}
    return ServiceTaskUpdate(**{**{n: getattr(task, n) for n in fields}, **changes})


def test_set_status_done_freezes_the_completion_and_starts_the_next(fleet_client, fleet_mock):
    task_id = fleet_client.vehicle.service_task.create(task=mileage_task(limit=3, repeat=True))
    fleet_mock.clock.advance(dt.timedelta(minutes=30))
    feed(fleet_mock, 2, 4)
    before = {t.id for t in fleet_client.vehicle.service_task.list()}
    fleet_client.vehicle.service_task.set_status(task_id=task_id, status="done")
    done = fleet_client.vehicle.service_task.read(task_id=task_id)
    assert done.status == "done"
    assert done.completion_date == NOW + dt.timedelta(minutes=30)
    assert done.completion.mileage == done.current_position.mileage
    wear = done.prediction.wear_percentage
    (next_id,) = {t.id for t in fleet_client.vehicle.service_task.list()} - before
    following = fleet_client.vehicle.service_task.read(task_id=next_id)
    assert following.status == "created"
    assert following.start == done.completion
    assert following.conditions.mileage.limit == 5  # its repeat_interval
    # more driving changes neither the done task nor its wear; done again adds nothing
    fleet_mock.clock.advance(dt.timedelta(minutes=30))
    feed(fleet_mock, 2, 4)
    again = fleet_client.vehicle.service_task.read(task_id=task_id)
    assert (again.completion, again.prediction.wear_percentage) == (done.completion, wear)
    fleet_client.vehicle.service_task.set_status(task_id=task_id, status="done")
    assert len(fleet_client.vehicle.service_task.list()) == len(before) + 1


def test_a_repeated_date_task_ends_as_long_after_its_completion(fleet_client, fleet_mock):
    plain = fleet_client.vehicle.service_task.create(task=date_task(days=10, repeat=True))
    fleet_mock.clock.advance(dt.timedelta(days=2))
    known = {t.id for t in fleet_client.vehicle.service_task.list()}
    fleet_client.vehicle.service_task.set_status(task_id=plain, status="done")
    (following,) = [t for t in fleet_client.vehicle.service_task.list() if t.id not in known]
    assert following.conditions.date.end == NOW + dt.timedelta(days=12)  # 10 days after
    interval = date_task(days=10, repeat=True)
    interval = attrs.evolve(
        interval,
        conditions=ServiceTaskConditions(
            date=attrs.evolve(interval.conditions.date, repeat_interval=30)
        ),
    )
    task_id = fleet_client.vehicle.service_task.create(task=interval)
    known = {t.id for t in fleet_client.vehicle.service_task.list()}
    fleet_client.vehicle.service_task.set_status(task_id=task_id, status="done")
    (following,) = [t for t in fleet_client.vehicle.service_task.list() if t.id not in known]
    assert following.conditions.date.end == NOW + dt.timedelta(days=32)


def test_what_create_refuses(fleet_client, fleet_mock):
    create = fleet_client.vehicle.service_task.create
    for vehicle_id in (4, 5, 424242):  # no tracker; another account's; missing
        with pytest.raises(EntityNotFoundError):
            create(task=mileage_task(vehicle_id=vehicle_id))
    hours = ServiceTaskConditions(engine_hours=CounterCondition(limit=100))
    with pytest.raises(NotSupportedByDeviceError):  # the truck reports no ignition
        create(task=attrs.evolve(mileage_task(vehicle_id=3), conditions=hours))
    with pytest.raises(InvalidParametersError) as info:
        create(task=attrs.evolve(mileage_task(), conditions=ServiceTaskConditions()))
    assert info.value.errors[0]["parameter"] == "task.conditions"
    bad = ServiceTaskNotifications(emails=["nobody"])
    with pytest.raises(InvalidParametersError) as info:
        create(task=attrs.evolve(mileage_task(), notifications=bad))
    assert info.value.errors[0]["parameter"] == "task.notifications.emails[0]"
    with pytest.raises(EntityMissingError):
        create(task=attrs.evolve(mileage_task(), file_ids=[424242]))
    task_id = create(task=attrs.evolve(mileage_task(vehicle_id=1), conditions=hours, file_ids=[1]))
    assert fleet_client.vehicle.service_task.read(task_id=task_id).file_ids == [1]


def test_batch_create_makes_a_task_per_vehicle_or_none(fleet_client):
    content = ServiceTaskContent(
        description="Winter tyres",
        conditions=ServiceTaskConditions(date=DateCondition(end=NOW + dt.timedelta(days=30))),
    )
    before = len(fleet_client.vehicle.service_task.list())
    with pytest.raises(EntityNotFoundError):
        fleet_client.vehicle.service_task.batch.create(vehicle_ids=[1, 4], task=content)
    assert len(fleet_client.vehicle.service_task.list()) == before
    fleet_client.vehicle.service_task.batch.create(vehicle_ids=[1, 2, 1], task=content)
    made = fleet_client.vehicle.service_task.list(filter="winter")
    assert sorted(t.vehicle_id for t in made) == [1, 2]


def test_update_rewrites_the_task_and_keeps_its_start(fleet_client, fleet_mock):
    task_id = fleet_client.vehicle.service_task.create(task=mileage_task(cost=10.5))
    fleet_mock.clock.advance(dt.timedelta(hours=1))
    task = fleet_client.vehicle.service_task.read(task_id=task_id)
    fleet_client.vehicle.service_task.update(task=_update(task, description="Brakes", cost=UNSET))
    changed = fleet_client.vehicle.service_task.read(task_id=task_id)
    assert (changed.description, changed.cost, changed.start) == ("Brakes", 0.0, task.start)
    # moving it to another vehicle takes that tracker's counters, the date kept
    fleet_client.vehicle.service_task.update(task=_update(task, vehicle_id=1))
    moved = fleet_client.vehicle.service_task.read(task_id=task_id)
    odometer = fleet_client.tracker.counter.value.get(tracker_id=1, type="odometer")
    assert (moved.start.date, moved.start.mileage) == (task.start.date, int(odometer))
    for bad in (_update(task, id=424242), _update(task, vehicle_id=4), _update(task, vehicle_id=5)):
        with pytest.raises(EntityMissingError):
            fleet_client.vehicle.service_task.update(task=bad)


def test_delete_takes_the_tasks_named_and_skips_others(fleet_client, fleet_mock):
    first = fleet_client.vehicle.service_task.create(task=mileage_task(file_ids=[1]))
    second = fleet_client.vehicle.service_task.create(task=mileage_task())
    fleet_client.vehicle.service_task.delete(task_ids=[first, second, 424242])
    assert {first, second}.isdisjoint(t.id for t in fleet_client.vehicle.service_task.list())
    assert fleet_mock.world.files[1].state == "uploaded"  # a check-in's file stays
    with pytest.raises(EntityMissingError):
        fleet_client.vehicle.service_task.read(task_id=first)
    for params in ({}, {"task_id": 1, "task_ids": [2]}):
        with pytest.raises(InvalidParametersError):
            fleet_client.vehicle.service_task.delete(**params)
    fleet_client.vehicle.service_task.delete(task_id=2)
    assert [t.id for t in fleet_client.vehicle.service_task.list()] == [1]


def test_list_filters_sorts_and_pages(fleet_client):
    extra = fleet_client.vehicle.service_task.create(
        task=date_task(vehicle_id=2, unplanned=True, cost=500, comment="Urgent")
    )
    listed = fleet_client.vehicle.service_task.list
    assert [t.id for t in listed()] == [1, 2, extra]
    assert [t.status for t in listed()] == ["notified", "notified", "created"]
    assert [t.id for t in listed(only_unplanned=True)] == [extra]
    assert [t.id for t in listed(vehicle_ids=[1, 2])] == [2, extra]
    assert [t.id for t in listed(statuses=["created"])] == [extra]
    assert [t.id for t in listed(filter="TRUCK")] == [1]  # the vehicle's label
    assert [t.id for t in listed(filter="urgent")] == [extra]
    assert [t.id for t in listed(sort=["cost=desc"])] == [extra, 1, 2]
    assert [t.id for t in listed(sort=["vehicle=desc"])] == [extra, 2, 1]
    assert [t.id for t in listed(sort=["status=asc", "id=desc"])] == [extra, 2, 1]
    assert [t.id for t in listed(conditions=[EqCondition(field="vehicle_id", value=3)])] == [1]
    assert [t.id for t in listed(limit=1, offset=1)] == [2]
    assert all(t.prediction is UNSET for t in listed(return_prediction=False))
    with pytest.raises(EntityNotFoundError):
        listed(vehicle_ids=[5])
    with pytest.raises(InvalidParametersError):
        listed(sort=["colour=asc"])


def test_a_task_whose_vehicle_lost_its_tracker(fleet_client, fleet_mock):
    with fleet_mock.world.lock:
        fleet_mock.world.vehicles.change(1, tracker_id=None)
    with pytest.raises(EntityNotFoundError):  # its mileage cannot be counted
        fleet_client.vehicle.service_task.read(task_id=2)
    with pytest.raises(EntityNotFoundError):
        fleet_client.vehicle.service_task.set_status(task_id=2, status="done")
    (listed,) = fleet_client.vehicle.service_task.list(vehicle_ids=[1])
    assert listed.current_position.mileage is None


def test_downloads_are_the_list_as_a_file(fleet_client, fleet_mock):
    assert fleet_client.vehicle.service_task.download().startswith(b"%PDF")
    content = fleet_client.vehicle.service_task.download(format="xlsx", group_by="status")
    sheet = load_workbook(io.BytesIO(content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0][:3] == ["Vehicle", "Description", "Status"]
    assert [r[0] for r in rows[1:]] == ["notified", "Truck 7", "Van 1"]
    assert rows[2][1:3] == ["Annual inspection", "notified"]
    xls = fleet_client.vehicle.service_task.download(format="xls", vehicle_ids=[1])
    assert [r[1].value for r in load_workbook(io.BytesIO(xls)).active.iter_rows(min_row=2)] == [
        "Oil change"
    ]
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        hash_ = fleet_mock.session()
        answer = http.post("/vehicle/service_task/download", json={"hash": hash_})
        assert answer.headers["content-type"] == "application/pdf"
        assert "content-disposition" not in answer.headers
        named = {"hash": hash_, "format": "xlsx", "add_filename_header": True}
        answer = http.post("/vehicle/service_task/download", json=named)
        assert "service_tasks.xlsx" in answer.headers["content-disposition"]


def test_rights_and_sight_of_sub_users(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:  # no vehicle_update
        assert [t.id for t in dispatcher.vehicle.service_task.list()] == [1, 2]
        for call in (
            lambda: dispatcher.vehicle.service_task.create(task=mileage_task()),
            lambda: dispatcher.vehicle.service_task.set_status(task_id=1, status="done"),
            lambda: dispatcher.vehicle.service_task.delete(task_id=1),
        ):
            with pytest.raises(OperationNotPermittedError):
                call()
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(2, trackers=[1], rights=["vehicle_update"])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:  # sees vehicle 1 alone
        assert [t.id for t in dispatcher.vehicle.service_task.list()] == [2]
        with pytest.raises(EntityMissingError):
            dispatcher.vehicle.service_task.read(task_id=1)
        with pytest.raises(EntityNotFoundError):
            dispatcher.vehicle.service_task.create(task=mileage_task(vehicle_id=3))
        dispatcher.vehicle.service_task.delete(task_id=1)  # not seen: skipped
    assert 1 in fleet_mock.world.service_tasks
