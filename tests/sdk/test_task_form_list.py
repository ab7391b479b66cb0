"""``task/form/list``: the forms of tasks (and, by template, of check-ins) with their task,
tracker, employee, vehicle and where they were submitted; filters, periods, order, paging."""

from __future__ import annotations

import datetime as dt

import pytest
from tasks_helpers import login, new_task

from fleetapi import EntityMissingError
from fleetapi.models.common import LatLng
from fleetapi.models.search import Period
from fleetapi.models.task_form import TaskFormFilters

DELIVERY, INSPECTION = 1, 2
ALL = {"ascending": True, "include_unsubmitted": True}
"""Every form, ascending."""


def ids(answer):
    return [item.form.id for item in answer.list]


def test_submitted_forms_come_first_and_unsubmitted_ones_on_request(client):
    assert ids(client.task.form.list(ascending=True, include_unsubmitted=False)) == [3]
    assert ids(client.task.form.list(**ALL)) == [3, 2]  # not submitted: last
    assert ids(client.task.form.list(ascending=False, include_unsubmitted=True)) == [3, 2]


def test_a_listed_form_comes_with_what_it_concerns(client):
    (item,) = client.task.form.list(ascending=True, include_unsubmitted=False).list
    assert item.form == client.task.form.read(task_id=3).value
    assert (item.tracker.id, item.tracker.label) == (1, "Van 1")
    assert (item.vehicle.id, item.vehicle.label) == (1, "Van 1")
    assert (item.employee.id, item.employee.first_name, item.employee.last_name) == (
        2,
        "Ben",
        "Keller",
    )
    task = client.task.read(task_id=3).value
    assert (item.task.id, item.task.label, item.task.status) == (3, task.label, "done")
    assert (item.task.from_, item.task.to, item.task.creation_date) == (
        task.from_,
        task.to,
        task.creation_date,
    )
    assert item.task.arrival_date == task.arrival_date
    assert item.task.completion_date == task.status_change_date
    assert item.task.fact_duration == dt.timedelta(seconds=task.stay_duration)
    assert item.task.address == task.location.address
    where = item.form.submit_location
    assert item.submit_places.location == where
    here = LatLng(lat=where.lat, lng=where.lng)
    zones = client.zone.search_location(location=here)
    places = client.place.search_location(location=here)
    assert [z.id for z in item.submit_places.zones] == [z.id for z in zones]
    assert [p.id for p in item.submit_places.places] == [p.id for p in places]


def test_an_unsubmitted_or_unassigned_form_has_nothing_of_a_submission(client):
    item = client.task.form.list(**ALL).list[1]
    assert (item.form.id, item.submit_places, item.tracker, item.employee) == (2, None, None, None)
    assert (item.task.status, item.task.completion_date, item.task.fact_duration) == (
        "unassigned",
        None,
        None,
    )


def test_by_template_check_in_forms_are_listed_too(client):
    listed = client.task.form.list(template_id=DELIVERY, **ALL).list
    assert [i.form.id for i in listed] == [1, 2]
    checkin = listed[0]
    assert (checkin.task, checkin.form.checkin_id, checkin.tracker.label) == (
        None,
        1,
        "Anna's phone",
    )
    assert (checkin.employee.first_name, checkin.vehicle) == ("Anna", None)
    assert ids(client.task.form.list(template_id=INSPECTION, **ALL)) == [3]
    with pytest.raises(EntityMissingError):
        client.task.form.list(template_id=424242, **ALL)


def test_another_accounts_template_is_204(fleet_mock):
    other = login(fleet_mock, "sync", "other", "other")
    with pytest.raises(EntityMissingError):
        other.task.form.list(template_id=DELIVERY, **ALL)
    assert ids(other.task.form.list(**ALL)) == []


def test_by_tasks(client):
    assert ids(client.task.form.list(task_ids=[3, 1, 424242], **ALL)) == [3]
    assert ids(client.task.form.list(task_ids=[], **ALL)) == []
    assert ids(client.task.form.list(task_ids=[2, 3], template_id=DELIVERY, **ALL)) == [2]


@pytest.mark.parametrize(
    ("filters", "found"),
    [
        (TaskFormFilters(task_label="VEHICLE check"), [3]),
        (TaskFormFilters(task_address="lagerstr"), [2]),
        (TaskFormFilters(tracker_label="van"), [3]),
        (TaskFormFilters(vehicle_label="Van 1"), [3]),
        (TaskFormFilters(employee_full_name="ben j. kel"), [3]),
        (TaskFormFilters(form_label="report"), [2]),
        (TaskFormFilters(submit_address="depotweg"), [3]),
        (TaskFormFilters(form_description="anything"), []),
        (TaskFormFilters(task_id=2), [2]),
        (TaskFormFilters(task_id=2, form_label="inspection"), []),
    ],
)
def test_filters(fleet_client, filters, found):
    assert ids(fleet_client.task.form.list(filters=filters, **ALL)) == found


def test_periods_in_the_callers_time_zone(fleet_mock):
    def period(start, end):
        return Period(from_=dt.datetime(2026, 1, 15, *start), to=dt.datetime(2026, 1, 15, *end))

    demo = login(fleet_mock, "sync")
    assert ids(demo.task.form.list(submit_period=period((7, 48), (7, 48)), **ALL)) == [3]
    assert ids(demo.task.form.list(submit_period=period((7, 49), (9, 0)), **ALL)) == []
    assert ids(demo.task.form.list(task_from_period=period((12, 0), (12, 0)), **ALL)) == [2]
    assert ids(demo.task.form.list(task_completion_period=period((7, 0), (8, 0)), **ALL)) == [3]
    assert ids(demo.task.form.list(task_arrival_period=period((0, 0), (23, 0)), **ALL)) == [3]
    berlin = login(fleet_mock, "sync", "dispatcher", "demo")  # one hour ahead of UTC
    assert ids(berlin.task.form.list(submit_period=period((8, 48), (8, 48)), **ALL)) == [3]
    item = berlin.task.form.list(**ALL).list[0]
    assert item.form.submitted == dt.datetime(2026, 1, 15, 8, 48)
    assert item.task.completion_date == dt.datetime(2026, 1, 15, 8, 50)


def test_order_and_paging(client):
    for label in ("b", "a", "c"):
        task_id = client.task.create(task=new_task(label)).id
        client.task.form.create(task_id=task_id, template_id=INSPECTION)
    by_label = client.task.form.list(order_by="task_label", **ALL)
    assert [i.task.label for i in by_label.list] == [
        "a",
        "b",
        "c",
        "Morning vehicle check",
        "Pick up returns at the warehouse",
    ]
    backwards = client.task.form.list(order_by="task_id", ascending=False, include_unsubmitted=True)
    assert [i.task.id for i in backwards.list] == sorted(
        (i.task.id for i in by_label.list), reverse=True
    )
    page = client.task.form.list(order_by="task_label", offset=1, limit=2, **ALL)
    assert (page.count, ids(page)) == (5, ids(by_label)[1:3])
    every = client.task.form.iterate(order_by="task_label", page_size=2, **ALL)
    assert [i.form.id for i in every] == ids(by_label)
