"""Task forms: made from templates on create/update, kept in the form store, gating completion."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest
from tasks_helpers import NOW, inside, login, new_task, outside, without_points

from fleetapi import EntityNotFoundError, ValidationFailedError
from fleetapi.models.search import EqCondition
from fleetapi.models.task import NewRoute, TaskUpdate

INSPECTION, REPORT = 2, 1
"""Demo form templates: a vehicle inspection (a required dropdown) and a delivery report."""
FILLED = {"condition": {"type": "dropdown", "value_index": 0}}
TRUCK = 3
MINUTE = dt.timedelta(minutes=1)


@pytest.fixture
def client(client, fleet_mock):
    """The shared client, with the truck's planned points removed (the demo world drives it)."""
    without_points(fleet_mock, TRUCK)
    return client


def form_task(client, template=INSPECTION, **fields):
    task = new_task(form_template_id=template, **fields)
    return client.task.create(task=task, create_form=True).id


def read(client, task_id):
    return client.task.read(task_id=task_id).value


def test_create_form_makes_a_form_from_the_template(client, fleet_mock):
    task = read(client, form_task(client))
    assert task.form_template_id == INSPECTION
    assert (task.form.label, task.form.template_id, task.form.task_id) == (
        "Vehicle inspection",
        INSPECTION,
        task.id,
    )
    assert [f.id for f in task.form.fields] == ["tyres", "condition", "rating", "date"]
    assert (task.form.values, task.form.submitted, task.form.created) == (None, None, NOW)
    assert task.form.id in fleet_mock.world.forms


def test_without_create_form_the_template_is_ignored(client):
    created = client.task.create(task=new_task(form_template_id=INSPECTION)).id
    task = read(client, created)
    assert (task.form, task.form_template_id) == (None, None)


def test_an_unknown_or_foreign_template_is_201_and_creates_nothing(client, fleet_mock):
    before = (client.task.count(), len(fleet_mock.world.forms))
    with pytest.raises(EntityNotFoundError):
        form_task(client, template=424242)
    other = login(fleet_mock, "sync", "other", "other")
    with pytest.raises(EntityNotFoundError):
        other.task.create(
            task=new_task(form_template_id=INSPECTION, tracker_id=None), create_form=True
        )
    assert (client.task.count(), len(fleet_mock.world.forms)) == before


def test_update_creates_replaces_keeps_or_deletes_the_form(client, fleet_mock):
    task_id = form_task(client)
    first = read(client, task_id)
    update = TaskUpdate.from_task(first)
    client.task.update(task=update, create_form=True)  # no form_template_id: kept
    assert read(client, task_id).form.id == first.form.id
    same = attrs.evolve(update, form_template_id=INSPECTION)
    client.task.update(task=same, create_form=True)
    assert read(client, task_id).form.id == first.form.id
    client.task.update(task=attrs.evolve(update, form_template_id=REPORT))  # create_form false
    assert read(client, task_id).form.template_id == INSPECTION
    client.task.update(task=attrs.evolve(update, form_template_id=REPORT), create_form=True)
    replaced = read(client, task_id)
    assert (replaced.form.template_id, replaced.form_template_id) == (REPORT, REPORT)
    assert first.form.id not in fleet_mock.world.forms
    with pytest.raises(EntityNotFoundError):
        client.task.update(task=attrs.evolve(update, form_template_id=99), create_form=True)
    assert read(client, task_id).form.id == replaced.form.id
    client.task.update(task=attrs.evolve(update, form_template_id=None), create_form=True)
    cleared = read(client, task_id)
    assert (cleared.form, cleared.form_template_id) == (None, None)


def test_deleting_a_task_deletes_its_form(client, fleet_mock):
    task_id = form_task(client)
    form_id = read(client, task_id).form.id
    client.task.delete(task_id=task_id)
    assert form_id not in fleet_mock.world.forms


def test_route_checkpoints_get_their_forms(client, fleet_mock):
    route = client.task.route.create(
        route=NewRoute(label="R", description=""),
        checkpoints=[new_task("a", form_template_id=INSPECTION), new_task("b")],
        create_form=True,
    ).result
    first, second = client.task.read(task_id=route.id).checkpoints
    assert (first.form.template_id, second.form) == (INSPECTION, None)
    client.task.delete(task_id=route.id)
    assert first.form.id not in fleet_mock.world.forms


def test_a_task_with_a_form_completes_only_once_it_is_submitted(client, fleet_mock):
    task_id = form_task(client, tracker_id=TRUCK, min_stay_duration=5)
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    fleet_mock.clock.set(NOW + 30 * MINUTE)
    assert read(client, task_id).status == "arrived"
    with pytest.raises(ValidationFailedError) as info:
        fleet_mock.submit_task_form(task_id, {})
    assert info.value.errors == [{"field_id": "condition", "code": 1, "error": "is required"}]
    fleet_mock.submit_task_form(task_id, FILLED)
    task = read(client, task_id)
    assert (task.status, task.status_change_date) == ("done", NOW + 30 * MINUTE)
    assert task.form.values["condition"].value_index == 0
    assert task.form.submitted == NOW + 30 * MINUTE


def test_a_form_submitted_after_to_is_delayed_and_after_leaving_faulty(client, fleet_mock):
    late = form_task(client, tracker_id=TRUCK, end=NOW + 20 * MINUTE, max_delay=30)
    gone = form_task(client, tracker_id=TRUCK, end=NOW + 20 * MINUTE, max_delay=60)
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    fleet_mock.clock.set(NOW + 25 * MINUTE)
    fleet_mock.submit_task_form(late, FILLED)
    assert read(client, late).status == "delayed"
    outside(fleet_mock, TRUCK, NOW + 30 * MINUTE)
    fleet_mock.clock.set(NOW + 35 * MINUTE)
    fleet_mock.submit_task_form(gone, FILLED)
    assert read(client, gone).status == "faulty"


def test_submitting_a_task_without_a_form_is_refused(fleet_mock, client):
    task_id = client.task.create(task=new_task()).id
    with pytest.raises(KeyError):
        fleet_mock.submit_task_form(task_id, FILLED)


def test_list_by_form_template_and_sort_by_form_label(client, fleet_mock):
    from tasks_helpers import without_demo_tasks

    without_demo_tasks(fleet_mock)
    report = form_task(client, template=REPORT)
    inspection = form_task(client)
    plain = client.task.create(task=new_task()).id
    found = client.task.list(conditions=[EqCondition(field="form", value=REPORT)])
    assert [t.id for t in found.list] == [report]
    assert found.list[0].form.label == "Delivery report"
    ordered = client.task.list(sort=["form=desc"])
    assert [t.id for t in ordered.list] == [inspection, report, plain]
