"""``form/read`` and ``form/download``: any form of a task or check-in by its ID, seen with
its task or its tracker."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from tasks_helpers import login

from fleetapi import EntityNotFoundError


def test_a_check_in_form_names_its_check_in_tracker_and_files(client):
    answer = client.form.read(id=1)
    form = answer.value
    assert (form.checkin_id, form.tracker_id, form.task_id) == (1, 4, None)
    assert client.checkin.read(checkin_id=1).form_id == form.id
    names = {f.id: f.name for f in answer.files}
    assert names == {2: "signature.png", 3: "parcel.png"}
    assert {f.id: f.bindings.form_field.field_id for f in answer.files} == {
        2: "signature",
        3: "photos",
    }
    assert all(f.bindings.form_field.submitted for f in answer.files)


def test_a_task_form_is_the_one_the_task_shows_with_the_tasks_tracker(client):
    answer = client.form.read(id=3)
    assert answer.value == client.task.read(task_id=3).value.form
    assert (answer.value.tracker_id, answer.value.checkin_id, answer.files) == (1, None, [])
    client.task.form.create(task_id=1, template_id=2)
    form_id = client.task.form.read(task_id=1).value.id
    assert client.form.read(id=form_id).value.tracker_id == 3  # task 1's truck
    client.task.assign(task_id=1, tracker_id=2)
    assert client.form.read(id=form_id).value.tracker_id == 2
    client.task.assign(task_id=1, tracker_id=None)
    assert client.form.read(id=form_id).value.tracker_id is None


def test_an_unsent_check_in_form_has_no_check_in(client):
    form_id = client.checkin.form.create(tracker_id=2, template_id=2)
    form = client.form.read(id=form_id).value
    assert (form.checkin_id, form.tracker_id, form.values) == (None, 2, None)


def test_forms_of_another_account_or_out_of_sight_are_201(fleet_mock):
    other = login(fleet_mock, "sync", "other", "other")
    for form_id in (1, 3, 424242):
        with pytest.raises(EntityNotFoundError):
            other.form.read(id=form_id)
        with pytest.raises(EntityNotFoundError):
            other.form.download(id=form_id, format="pdf")
    user = fleet_mock.world.user_by_login("dispatcher")
    fleet_mock.world.users.change(user.id, trackers=[1, 2])
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    assert dispatcher.form.read(id=3).value.id == 3  # van 1's task
    assert dispatcher.form.read(id=2).value.id == 2  # an unassigned task: the pool
    with pytest.raises(EntityNotFoundError):  # Anna's phone's check-in
        dispatcher.form.read(id=1)
    with pytest.raises(EntityNotFoundError):
        dispatcher.form.download(id=1, format="xlsx")


def test_download_is_the_task_forms_document(client):
    assert client.form.download(id=3, format="xlsx") == client.task.form.download(
        task_id=3, format="xlsx"
    )
    sheet = load_workbook(io.BytesIO(client.form.download(id=1, format="xlsx"))).active
    assert [row[3] for row in sheet.iter_rows(min_row=2, values_only=True)] == [
        "Maria Lopez",
        "signature.png",
        "parcel.png",
    ]
    assert client.form.download(id=1, format="pdf").startswith(b"%PDF-")
