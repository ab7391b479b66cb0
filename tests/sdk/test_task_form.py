"""The form of a task through ``task/form/*``: attached from a template, filled in by the
executor, its values corrected with the per-field checks, files reserved for its fields, and
its document."""

from __future__ import annotations

import datetime as dt
import io

import attrs
import pytest
from openpyxl import load_workbook
from tasks_helpers import NOW, inside, login, new_task, without_points

from fleetapi import (
    DemoModeError,
    EntityExistsError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    InvalidParametersError,
    InvalidTaskStateError,
    OperationNotPermittedError,
    TooManyEntitiesError,
    ValidationFailedError,
)
from fleetapi.models.common import Location
from fleetapi.models.form import DropdownValue, TextValue

DELIVERY, INSPECTION = 1, 2
"""The demo's templates: a delivery report (text, signature, photos), a vehicle inspection."""
TRUCK = 3
DONE_TASK, FAILED_TASK, ROUTE = 3, 4, 6
"""The demo's morning vehicle check (done, with a submitted inspection), a failed task, a
route."""
PNG = ("sig.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 8, "image/png")
MINUTE = dt.timedelta(minutes=1)


def form_task(client, template=DELIVERY, **fields):
    """A new task with no form, then a form of ``template`` attached by ``task/form/create``."""
    task_id = client.task.create(task=new_task(**fields)).id
    client.task.form.create(task_id=task_id, template_id=template)
    return task_id


def executor_signed(client, fleet_mock, task_id, recipient="Ann"):
    """The executor signs and submits the delivery report of ``task_id`` from the app: the
    signature (a copy of the demo's ``signature.png``) uploaded as the app does it, the API
    refusing files to a form never submitted. Answers the signature's ID."""
    with fleet_mock.world.lock:
        form = next(r for r in fleet_mock.world.forms.values() if r.task_id == task_id)
        signature = attrs.evolve(
            fleet_mock.world.files[2], id=fleet_mock.world.ids.next("files"), form_id=form.id,
            submitted=False,
        )  # fmt: skip
        fleet_mock.world.files[signature.id] = signature
    values = {
        "recipient": {"type": "text", "value": recipient},
        "signature": {"type": "signature", "file_id": signature.id},
    }
    fleet_mock.submit_task_form(task_id, values, location=Location(lat=52.4, lng=13.1))
    return signature.id


# --- create, read, delete ---------------------------------------------------------------------


def test_create_attaches_a_form_of_the_template_that_task_read_shows(client, fleet_mock):
    task_id = form_task(client, INSPECTION)
    task = client.task.read(task_id=task_id).value
    assert task.form_template_id == INSPECTION
    assert (task.form.label, task.form.template_id, task.form.task_id) == (
        "Vehicle inspection",
        INSPECTION,
        task_id,
    )
    read = client.task.form.read(task_id=task_id)
    assert read.value == task.form
    assert (read.value.values, read.value.submitted, read.files) == (None, None, [])
    assert [f.id for f in read.value.fields] == ["tyres", "condition", "rating", "date"]


def test_create_refuses_a_second_form_a_route_and_unknown_ids(client, fleet_mock):
    task_id = form_task(client)
    with pytest.raises(EntityExistsError):
        client.task.form.create(task_id=task_id, template_id=INSPECTION)
    for task, template in ((ROUTE, DELIVERY), (424242, DELIVERY), (1, 424242)):
        with pytest.raises(EntityNotFoundError):
            client.task.form.create(task_id=task, template_id=template)
    other = login(fleet_mock, "sync", "other", "other")
    with pytest.raises(EntityNotFoundError):  # another account's task
        other.task.form.create(task_id=1, template_id=DELIVERY)
    assert client.task.read(task_id=task_id).value.form.template_id == DELIVERY
    assert client.task.read(task_id=1).value.form is None


def test_read_of_a_task_without_a_form_is_null_and_of_a_route_201(client):
    answer = client.task.form.read(task_id=1)
    assert (answer.value, answer.files) == (None, [])
    with pytest.raises(EntityNotFoundError):
        client.task.form.read(task_id=ROUTE)


def test_delete_removes_the_form_and_its_files(client, fleet_mock):
    task_id = form_task(client)
    form_id = client.task.form.read(task_id=task_id).value.id
    file_id = executor_signed(client, fleet_mock, task_id)
    client.task.form.delete(task_id=task_id)
    task = client.task.read(task_id=task_id).value
    assert (task.form, task.form_template_id) == (None, None)
    assert form_id not in fleet_mock.world.forms
    assert fleet_mock.world.files[file_id].state == "deleted"
    with pytest.raises(EntityNotFoundError):  # no form any more
        client.task.form.delete(task_id=task_id)


def test_a_deleted_form_no_longer_holds_the_task_back(client, fleet_mock):
    without_points(fleet_mock, TRUCK)
    task_id = form_task(client, INSPECTION, tracker_id=TRUCK, min_stay_duration=5)
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    fleet_mock.clock.set(NOW + 30 * MINUTE)
    assert client.task.read(task_id=task_id).value.status == "arrived"
    client.task.form.delete(task_id=task_id)  # arrived: still allowed
    assert client.task.read(task_id=task_id).value.status == "done"


def test_states_of_a_completed_task(client, fleet_mock):
    """A master holds `completed_form_update`: it attaches forms to done and failed tasks;
    deleting needs an active task whoever asks."""
    client.task.form.create(task_id=FAILED_TASK, template_id=DELIVERY)
    assert client.task.form.read(task_id=FAILED_TASK).value.template_id == DELIVERY
    for task_id in (DONE_TASK, FAILED_TASK):
        with pytest.raises(InvalidTaskStateError):
            client.task.form.delete(task_id=task_id)
    assert client.task.form.read(task_id=DONE_TASK).value.id == 3


def test_a_sub_user_needs_completed_form_update_for_a_completed_task(fleet_mock):
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    with pytest.raises(InvalidTaskStateError):
        dispatcher.task.form.create(task_id=FAILED_TASK, template_id=DELIVERY)
    values = {"condition": {"type": "dropdown", "value_index": 2}}
    with pytest.raises(InvalidTaskStateError):
        dispatcher.task.form.values.update(task_id=DONE_TASK, values=values)
    user = fleet_mock.world.user_by_login("dispatcher")
    fleet_mock.world.users.change(user.id, rights=[*user.rights, "completed_form_update"])
    dispatcher.task.form.create(task_id=FAILED_TASK, template_id=DELIVERY)
    dispatcher.task.form.values.update(task_id=DONE_TASK, values=values)
    assert dispatcher.task.form.read(task_id=DONE_TASK).value.values["condition"].value_index == 2


def test_changes_need_task_update_reads_do_not(fleet_mock):
    user = fleet_mock.world.user_by_login("dispatcher")
    fleet_mock.world.users.change(user.id, rights=["employee_update"])
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    assert dispatcher.task.form.read(task_id=DONE_TASK).value.id == 3
    assert dispatcher.task.form.download(task_id=DONE_TASK, format="pdf").startswith(b"%PDF-")
    with pytest.raises(OperationNotPermittedError):
        dispatcher.task.form.create(task_id=1, template_id=DELIVERY)
    with pytest.raises(OperationNotPermittedError):
        dispatcher.task.form.delete(task_id=2)


# --- values/update ----------------------------------------------------------------------------


def test_values_are_corrected_only_after_a_submission(client, fleet_mock):
    task_id = form_task(client)
    correction = {"recipient": {"type": "text", "value": "Bob"}}
    with pytest.raises(InvalidTaskStateError):
        client.task.form.values.update(task_id=task_id, values=correction)
    signature = executor_signed(client, fleet_mock, task_id)
    submitted = client.task.form.read(task_id=task_id).value.submitted
    fleet_mock.clock.advance(600)
    client.task.form.values.update(task_id=task_id, values=correction)
    form = client.task.form.read(task_id=task_id).value
    assert form.values["recipient"] == TextValue(value="Bob")
    assert form.values["signature"].file_id == signature  # kept
    assert form.submitted == submitted  # a correction, not a new submission
    assert form.submit_location.lat == 52.4


def test_a_correction_leaves_the_task_status_alone(client):
    before = client.task.read(task_id=DONE_TASK).value
    client.task.form.values.update(
        task_id=DONE_TASK, values={"condition": DropdownValue(value_index=2)}
    )
    after = client.task.read(task_id=DONE_TASK).value
    assert (after.status, after.status_change_date) == (before.status, before.status_change_date)
    assert after.form.values["condition"] == DropdownValue(value_index=2)
    assert after.form.values["rating"] == before.form.values["rating"]


@pytest.mark.parametrize(
    ("values", "field", "code"),
    [
        ({"condition": {"type": "dropdown", "value_index": 3}}, "condition", 4),
        ({"condition": {"type": "text", "value": "good"}}, "condition", 2),
        ({"condition": None}, "condition", 3),
        ({"rating": {"type": "rating", "value": 6}}, "rating", 7),
        ({"rating": {"type": "rating", "value": 0}}, "rating", 6),
        ({"tyres": {"type": "checkbox_group", "values": [True]}}, "tyres", 5),
        ({"wheels": {"type": "text", "value": "4"}}, "wheels", 8),
    ],
)
def test_invalid_values_answer_242_per_field_and_change_nothing(fleet_client, values, field, code):
    before = fleet_client.task.form.read(task_id=DONE_TASK).value
    with pytest.raises(ValidationFailedError) as caught:
        fleet_client.task.form.values.update(task_id=DONE_TASK, values=values)
    assert [(e["field_id"], e["code"]) for e in caught.value.errors] == [(field, code)]
    assert fleet_client.task.form.read(task_id=DONE_TASK).value == before


def test_every_invalid_value_is_listed_at_once(fleet_client):
    values = {
        "condition": {"type": "dropdown", "value_index": -1},
        "rating": {"type": "rating", "value": 9},
        "date": {"type": "date", "value": "2026-01-15"},
    }
    with pytest.raises(ValidationFailedError) as caught:
        fleet_client.task.form.values.update(task_id=DONE_TASK, values=values)
    assert sorted((e["field_id"], e["code"]) for e in caught.value.errors) == [
        ("condition", 4),
        ("rating", 7),
    ]


def test_values_update_of_a_demo_user_is_101_and_of_a_task_without_form_201(fleet_mock):
    client = fleet_mock.login()
    with pytest.raises(EntityNotFoundError):
        client.task.form.values.update(task_id=1, values={})
    demo = fleet_mock.world.users[1]
    fleet_mock.world.users.change(1, profile=attrs.evolve(demo.profile, demo=True))
    with pytest.raises(DemoModeError):
        client.task.form.values.update(task_id=DONE_TASK, values={})


# --- files of fields --------------------------------------------------------------------------


def test_a_new_photo_goes_into_a_submitted_form(client, fleet_mock):
    task_id = form_task(client)
    with pytest.raises(InvalidTaskStateError):  # never submitted
        client.task.form.file.create(task_id=task_id, field_id="photos", size=100)
    executor_signed(client, fleet_mock, task_id)
    ticket = client.task.form.file.create(task_id=task_id, field_id="photos", size=100)
    client.upload_file(ticket, ("door.png", PNG[1], "image/png"))
    listed = client.task.form.read(task_id=task_id).files
    photo = next(f for f in listed if f.id == ticket.file_id)
    assert (photo.state, photo.name, photo.bindings.form_field.submitted) == (
        "uploaded",
        "door.png",
        False,
    )
    assert [p.download_url for p in photo.previews] == [photo.download_url]
    photos = {"photos": {"type": "photo", "file_ids": [ticket.file_id]}}
    client.task.form.values.update(task_id=task_id, values=photos)
    form = client.task.form.read(task_id=task_id)
    assert form.value.values["photos"].file_ids == [ticket.file_id]
    assert next(f for f in form.files if f.id == ticket.file_id).bindings.form_field.submitted
    assert fleet_mock.world.files[ticket.file_id].submitted


def test_a_correction_deletes_the_uploaded_files_it_leaves_out(client, fleet_mock):
    task_id = form_task(client)
    old = executor_signed(client, fleet_mock, task_id)
    ticket = client.task.form.file.create(task_id=task_id, field_id="signature", size=100)
    client.upload_file(ticket, PNG)
    spare = client.task.form.file.create(task_id=task_id, field_id="photos", size=100)
    client.upload_file(spare, PNG)
    waiting = client.task.form.file.create(task_id=task_id, field_id="photos", size=100)
    signature = {"signature": {"type": "signature", "file_id": ticket.file_id}}
    client.task.form.values.update(task_id=task_id, values=signature)
    states = {f.id: f.state for f in client.task.form.read(task_id=task_id).files}
    assert states == {ticket.file_id: "uploaded", waiting.file_id: "created"}
    assert fleet_mock.world.files[old].state == "deleted"
    assert fleet_mock.world.files[spare.file_id].state == "deleted"


def test_file_values_are_checked(client, fleet_mock):
    task_id = form_task(client)
    executor_signed(client, fleet_mock, task_id)
    pending = client.task.form.file.create(task_id=task_id, field_id="photos", size=100)
    elsewhere = client.checkin.image.create(size=100)
    client.upload_file(elsewhere, PNG)
    for file_id, code in ((pending.file_id, 10), (elsewhere.file_id, 8)):
        with pytest.raises(ValidationFailedError) as caught:
            client.task.form.values.update(
                task_id=task_id, values={"photos": {"type": "photo", "file_ids": [file_id]}}
            )
        assert [(e["field_id"], e["code"]) for e in caught.value.errors] == [("photos", code)]


def test_file_create_refusals(client, fleet_mock):
    task_id = form_task(client)
    executor_signed(client, fleet_mock, task_id)
    with pytest.raises(EntityNotFoundError):
        client.task.form.file.create(task_id=task_id, field_id="nothing", size=10)
    with pytest.raises(EntityTypeMismatchError):
        client.task.form.file.create(task_id=task_id, field_id="recipient", size=10)
    with pytest.raises(EntityNotFoundError):  # no form
        client.task.form.file.create(task_id=1, field_id="photos", size=10)
    for _ in range(5):
        client.task.form.file.create(task_id=task_id, field_id="photos", size=10)
    with pytest.raises(TooManyEntitiesError):
        client.task.form.file.create(task_id=task_id, field_id="photos", size=10)


# --- The executor -----------------------------------------------------------------------------


def test_the_executor_submits_through_the_control_api(client, fleet_mock):
    without_points(fleet_mock, TRUCK)
    task_id = form_task(client, INSPECTION, tracker_id=TRUCK, min_stay_duration=5)
    inside(fleet_mock, TRUCK, NOW + 10 * MINUTE)
    fleet_mock.clock.set(NOW + 30 * MINUTE)
    with pytest.raises(ValidationFailedError) as caught:
        fleet_mock.control.submit_task_form(task_id=task_id, values={})
    assert caught.value.errors == [{"field_id": "condition", "code": 1, "error": "is required"}]
    form = fleet_mock.control.submit_task_form(
        task_id=task_id,
        values={"condition": {"type": "dropdown", "value_index": 0}},
        location=Location(lat=52.4, lng=13.1, address="Here"),
    )
    assert (form.task_id, form.submitted) == (task_id, NOW + 30 * MINUTE)
    task = client.task.read(task_id=task_id).value
    assert (task.status, task.form.submit_location.address) == ("done", "Here")
    with pytest.raises(InvalidParametersError):  # a task without a form
        fleet_mock.control.submit_task_form(task_id=1, values={})


# --- download ---------------------------------------------------------------------------------


def test_download_writes_each_field_and_its_value(client):
    workbook = load_workbook(
        io.BytesIO(client.task.form.download(task_id=DONE_TASK, format="xlsx"))
    )
    rows = list(workbook.active.iter_rows(values_only=True))
    assert rows == [
        ("Field", "Type", "Required", "Value"),
        ("Tyres", "checkbox_group", None, "front left, front right, rear left"),
        ("Condition", "dropdown", "yes", "fair"),
        ("Cleanliness", "rating", None, "4 of 5"),
        ("Inspection date", "date", None, "2026-01-15"),
    ]
    assert workbook.active.title == "Vehicle inspection"
    assert client.task.form.download(task_id=DONE_TASK, format="pdf").startswith(b"%PDF-")
    with pytest.raises(EntityNotFoundError):
        client.task.form.download(task_id=1, format="pdf")


def test_an_unsubmitted_form_downloads_empty_and_files_by_name(client, fleet_mock):
    task_id = form_task(client)
    empty = load_workbook(io.BytesIO(client.task.form.download(task_id=task_id, format="xlsx")))
    assert [r[3] for r in empty.active.iter_rows(min_row=2, values_only=True)] == [None] * 3
    executor_signed(client, fleet_mock, task_id, recipient="Zoë")
    full = load_workbook(io.BytesIO(client.task.form.download(task_id=task_id, format="xlsx")))
    values = [r[3] for r in full.active.iter_rows(min_row=2, values_only=True)]
    assert values == ["Zoë", "signature.png", None]
