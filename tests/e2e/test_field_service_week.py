"""A dispatcher's week played on the world's clock: a schedule makes its tasks with their form,
a driver submits one, a van drives past its brake-pad service and the journal keeps the trip."""

from __future__ import annotations

import datetime as dt

from fleetapi import Client
from fleetapi.models.driver_journal import NewJournalEntry
from fleetapi.models.service_task import CounterCondition, NewServiceTask, ServiceTaskConditions
from fleetapi.models.task import TaskLocation
from fleetapi_mock import FleetMock

INSPECTION_TEMPLATE = 2
"""The demo world's "Vehicle inspection" form template."""


def _schedule(client: Client) -> None:
    from fleetapi.models.task_schedule import NewTaskSchedule, WeekdaysParameters

    client.task.schedule.create(
        schedule=NewTaskSchedule(
            label="Morning inspection",
            description="",
            location=TaskLocation(lat=52.49, lng=13.36, radius=100),
            from_time="07:00",
            duration=30,
            parameters=WeekdaysParameters(weekdays=[1, 3, 5]),
            tracker_id=2,
            form_template_id=INSPECTION_TEMPLATE,
        )
    )


def _drive(mock: FleetMock, tracker_id: int, start: dt.datetime, km: float) -> None:
    """Points of a drive north at 30 km/h from the tracker's last point, a minute apart."""
    last = mock.world.points_of(tracker_id)[-1]
    steps = round(km / 0.5)
    points = [
        {
            "tracker_id": tracker_id,
            "get_time": f"{start + dt.timedelta(minutes=i):%Y-%m-%d %H:%M:%S}",
            "lat": last.lat + 0.0045 * i,  # 0.5 km
            "lng": last.lng,
            "speed": 30,
        }
        for i in range(1, steps + 1)
    ]
    points.append(
        {
            **points[-1],
            "speed": 0,
            "get_time": f"{start + dt.timedelta(minutes=steps + 10):%Y-%m-%d %H:%M:%S}",
        }
    )
    mock.control.record_positions(points=points)


def _scheduled(client: Client) -> list:
    return [t for t in client.task.list().list if t.label == "Morning inspection"]


def test_a_week_of_schedules_forms_service_and_journal(fleet_mock: FleetMock) -> None:
    mock = fleet_mock
    with mock.login() as client:
        _schedule(client)
        service = client.vehicle.service_task.create(
            task=NewServiceTask(
                vehicle_id=2,
                description="Brake pads",
                conditions=ServiceTaskConditions(
                    mileage=CounterCondition(limit=3, notification_interval=1)
                ),
            )
        )
        thursday = mock.clock.now()
        assert _scheduled(client) == []

        mock.clock.advance(dt.timedelta(days=1))  # Friday: the first inspection, with its form
        (friday,) = _scheduled(client)
        assert friday.origin == "scheduled"
        assert friday.from_.date() == thursday.date() + dt.timedelta(days=1)
        form = client.task.form.read(task_id=friday.id).value
        assert form.template_id == INSPECTION_TEMPLATE
        assert form.submitted is None
        mock.control.submit_task_form(
            task_id=friday.id, values={"condition": {"type": "dropdown", "value_index": 1}}
        )
        assert client.task.form.read(task_id=friday.id).value.submitted is not None

        monday = thursday + dt.timedelta(days=4)
        mock.clock.advance(monday - mock.clock.now())
        assert client.vehicle.service_task.read(task_id=service).status == "created"
        _drive(mock, 2, monday + dt.timedelta(hours=8), km=4)  # past the 3 km of the pads
        mock.clock.advance(dt.timedelta(hours=9))
        assert client.vehicle.service_task.read(task_id=service).status == "expired"

        day = (monday, monday + dt.timedelta(days=1))
        (trip,) = client.driver.journal.proposal.list(tracker_id=2, from_=day[0], to=day[1])
        assert trip.length >= 3.5
        assert not trip.overlapped
        client.driver.journal.entry.create(
            entries=[
                NewJournalEntry(
                    tracker_id=2,
                    start_date=trip.start_date,
                    end_date=trip.end_date,
                    type="work",
                    start_location=trip.start_location,
                    end_location=trip.end_location,
                    length=trip.length,
                )
            ]
        )
        (kept,) = client.driver.journal.entry.list(tracker_id=2, from_=day[0], to=day[1])
        assert (kept.type, kept.length) == ("work", trip.length)
        assert client.driver.journal.proposal.list(tracker_id=2, from_=day[0], to=day[1])[
            0
        ].overlapped

        mock.clock.advance(dt.timedelta(days=3))  # to Thursday again
        made = _scheduled(client)
        assert [t.from_.strftime("%a") for t in made] == ["Fri", "Mon", "Wed"]
        assert all(client.task.form.read(task_id=t.id).value for t in made)
