"""The mock's form store: forms made from templates, value validation (242) and submission.

Driven through ``checkin/form/create``, ``checkin/form/file/create``, uploads and
``checkin/create``, and through the store's own functions (the API task forms build on).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import EntityNotFoundError, ValidationFailedError
from fleetapi.models.checkin import FormSubmission
from fleetapi.models.common import Location
from fleetapi.models.form import Form, TextValue
from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.domain.form import check_values, create_form, submit_form, template_of
from fleetapi_mock.state.records import convert

HERE = Location(lat=52.52, lng=13.405, address="Alexanderplatz, Berlin", precision=8)

EVERY_KIND: dict[str, Any] = {
    "id": 9,
    "user_id": 1,
    "label": "Every kind",
    "created": "2025-12-01 10:00:00",
    "fields": [
        {"id": "note", "type": "text", "label": "Note", "required": True,
         "min_length": 2, "max_length": 10},
        {"id": "boxes", "type": "checkbox_group", "label": "Boxes", "min_checked": 1,
         "max_checked": 2, "group": [{"label": "a"}, {"label": "b"}, {"label": "c"}]},
        {"id": "pick", "type": "dropdown", "label": "Pick", "options": [{"label": "x"}]},
        {"id": "radio", "type": "radio_group", "label": "Radio",
         "options": [{"label": "x"}, {"label": "y"}]},
        {"id": "when", "type": "date", "label": "When", "disable_past": True,
         "disable_future": False},
        {"id": "until", "type": "date", "label": "Until", "disable_future": True},
        {"id": "stars", "type": "rating", "label": "Stars", "max_stars": 3},
        {"id": "doc", "type": "file", "label": "Document", "allowed_extensions": ["pdf"],
         "min_file_size": 2, "max_file_size": 10},
        {"id": "pics", "type": "photo", "label": "Pictures", "max_files": 2},
        {"id": "sig", "type": "signature", "label": "Signature"},
        {"id": "line", "type": "separator", "label": "----"},
    ],
}  # fmt: skip


@pytest.fixture
def mock() -> FleetMock:
    document = demo_document()
    document["form_templates"].append(EVERY_KIND)
    return FleetMock(document)


@pytest.fixture
def client(mock: FleetMock):
    with mock.login() as client:
        yield client


def upload(client, form_id: int, field_id: str, name: str, content: bytes, mime: str) -> int:
    ticket = client.checkin.form.file.create(
        form_id=form_id, field_id=field_id, size=len(content) + 10
    )
    client.upload_file(ticket, (name, content, mime))
    return ticket.file_id


def submit(client, form_id: int, values: dict[str, Any], tracker_id: int = 1) -> int:
    return client.checkin.create(
        tracker_id=tracker_id,
        location=HERE,
        form_submission=FormSubmission(form_id=form_id, values=values),
    )


def errors_of(info: pytest.ExceptionInfo[ValidationFailedError]) -> dict[str, int]:
    assert info.value.code == 242
    assert info.value.http_status == 400
    for error in info.value.errors:
        assert set(error) == {"field_id", "code", "error"}
        assert error["error"]
    return {e["field_id"]: e["code"] for e in info.value.errors}


def test_a_form_is_a_copy_of_its_template(client, mock):
    form_id = client.checkin.form.create(tracker_id=1, template_id=9)
    record = mock.world.forms[form_id]
    assert isinstance(record, Form)
    assert record.label == "Every kind"
    assert [f.id for f in record.fields][:3] == ["note", "boxes", "pick"]
    assert record.template_id == 9
    assert record.values is None
    assert record.submitted is None
    assert record.user_id == 1
    assert record.tracker_id == 1
    # the template changes later: the form keeps its copy
    mock.world.form_templates.change(9, fields=[])
    assert len(mock.world.forms[form_id].fields) == 11


def test_valid_values_of_every_kind_are_stored_with_time_and_place(client, mock):
    form_id = client.checkin.form.create(tracker_id=1, template_id=9)
    doc = upload(client, form_id, "doc", "report.pdf", b"%PDF-1", "application/pdf")
    pic = upload(client, form_id, "pics", "a.jpg", b"\xff\xd8", "image/jpeg")
    sig = upload(client, form_id, "sig", "s.png", b"\x89PNG", "image/png")
    values = {
        "note": {"type": "text", "value": "all good"},
        "boxes": {"type": "checkbox_group", "values": [True, False, True]},
        "pick": {"type": "dropdown", "value_index": 0},
        "radio": {"type": "radio_group", "value_index": 1},
        "when": {"type": "date", "value": "2026-01-15"},
        "until": {"type": "date", "value": "2026-01-14"},
        "stars": {"type": "rating", "value": 3},
        "doc": {"type": "file", "file_ids": [doc]},
        "pics": {"type": "photo", "file_ids": [pic]},
        "sig": {"type": "signature", "file_id": sig},
    }
    mock.clock.advance(60)
    checkin_id = submit(client, form_id, values)
    form = mock.world.forms[form_id]
    assert form.submitted == mock.clock.now()
    assert form.submit_location == HERE
    assert form.values is not None
    assert form.values["note"] == TextValue(value="all good")
    assert set(form.values) == set(values)
    checkin = client.checkin.read(checkin_id=checkin_id)
    assert (checkin.form_id, checkin.form_label) == (form_id, "Every kind")
    assert all(mock.world.files[i].submitted for i in (doc, pic, sig))


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("note", {"type": "text", "value": "   "}, 1),
        ("note", {"type": "rating", "value": 1}, 2),
        ("note", {"type": "text"}, 2),
        ("note", "just text", 2),
        ("line", {"type": "separator"}, 2),
        ("note", None, 3),
        ("pick", {"type": "dropdown", "value_index": 1}, 4),
        ("radio", {"type": "radio_group", "value_index": -1}, 4),
        ("note", {"type": "text", "value": "x"}, 5),
        ("note", {"type": "text", "value": "much too long"}, 5),
        ("boxes", {"type": "checkbox_group", "values": [True]}, 5),
        ("boxes", {"type": "checkbox_group", "values": [False, False, False]}, 6),
        ("boxes", {"type": "checkbox_group", "values": [True, True, True]}, 7),
        ("when", {"type": "date", "value": "2026-01-14"}, 6),
        ("until", {"type": "date", "value": "2026-01-16"}, 7),
        ("stars", {"type": "rating", "value": 0}, 6),
        ("stars", {"type": "rating", "value": 4}, 7),
        ("nope", {"type": "text", "value": "hello"}, 8),
        ("pics", {"type": "photo", "file_ids": [424242]}, 8),
        ("sig", {"type": "signature", "file_id": 424242}, 8),
    ],
)
def test_each_invalid_value_is_reported_by_field_and_code(client, mock, field, value, code):
    form_id = client.checkin.form.create(tracker_id=1, template_id=9)
    values = {"note": {"type": "text", "value": "fine"}, field: value}
    before = mock.world.to_document()
    with pytest.raises(ValidationFailedError) as info:
        submit(client, form_id, values)
    assert errors_of(info) == {field: code}
    assert mock.world.to_document() == before


def test_a_missing_required_field_is_code_1(client):
    form_id = client.checkin.form.create(tracker_id=1, template_id=1)
    with pytest.raises(ValidationFailedError) as info:
        submit(client, form_id, {})
    assert errors_of(info) == {"recipient": 1, "signature": 1}


def test_every_problem_is_listed_at_once(client):
    form_id = client.checkin.form.create(tracker_id=1, template_id=9)
    values = {
        "note": {"type": "text", "value": "x"},
        "stars": {"type": "rating", "value": 9},
        "pick": None,
    }
    with pytest.raises(ValidationFailedError) as info:
        submit(client, form_id, values)
    assert errors_of(info) == {"note": 5, "stars": 7, "pick": 3}


def test_file_values_are_checked_for_type_state_size_and_count(client):
    form_id = client.checkin.form.create(tracker_id=1, template_id=9)
    text_pic = upload(client, form_id, "pics", "a.txt", b"text", "text/plain")
    doc_txt = upload(client, form_id, "doc", "notes.txt", b"hello", "text/plain")
    tiny_pdf = upload(client, form_id, "doc", "t.pdf", b"%", "application/pdf")
    big_pdf = upload(client, form_id, "doc", "b.pdf", b"%PDF-" + b"x" * 20, "application/pdf")
    pending = client.checkin.form.file.create(form_id=form_id, field_id="sig", size=10).file_id
    pics = [upload(client, form_id, "pics", f"{n}.jpg", b"\xff\xd8", "image/jpeg") for n in "ab"]
    other_field = upload(client, form_id, "sig", "s.png", b"\x89PNG", "image/png")
    cases = [
        ("pics", {"type": "photo", "file_ids": [text_pic]}, 9),
        ("doc", {"type": "file", "file_ids": [doc_txt]}, 9),
        ("doc", {"type": "file", "file_ids": [tiny_pdf]}, 6),
        ("doc", {"type": "file", "file_ids": [big_pdf]}, 7),
        ("sig", {"type": "signature", "file_id": pending}, 10),
        ("pics", {"type": "photo", "file_ids": [*pics, pics[0]]}, 5),
        ("pics", {"type": "photo", "file_ids": [other_field]}, 8),
    ]
    for field, value, code in cases:
        values = {"note": {"type": "text", "value": "fine"}, field: value}
        with pytest.raises(ValidationFailedError) as info:
            submit(client, form_id, values)
        assert errors_of(info) == {field: code}, (field, value)


def test_a_form_is_sent_once_and_only_with_its_own_tracker(client):
    form_id = client.checkin.form.create(tracker_id=1, template_id=2)
    values = {"condition": {"type": "dropdown", "value_index": 0}}
    with pytest.raises(EntityNotFoundError):
        submit(client, form_id, values, tracker_id=2)
    submit(client, form_id, values)
    with pytest.raises(EntityNotFoundError):
        submit(client, form_id, values)


def test_the_store_api_makes_and_fills_task_forms(mock):
    """What task forms use: make from a template, check values, submit, read as ``Form``."""
    world = mock.world
    with world.lock:
        template = template_of(world, 1, 2)
        assert template is not None
        assert template_of(world, 3, 2) is None  # another account's template
        record = create_form(world, template, owner_id=1, task_id=2)  # a task of the demo
        assert record.task_id == 2
        assert record.tracker_id is None
        with pytest.raises(ValidationFailedError) as info:
            check_values(world, record, {}, today=dt.date(2026, 1, 15))
        assert errors_of(info) == {"condition": 1}
        values = check_values(
            world,
            record,
            {"condition": {"type": "dropdown", "value_index": 2}, "rating": {"type": "rating",
             "value": 5}},
            today=dt.date(2026, 1, 15),
        )  # fmt: skip
        form = submit_form(world, record, values)
    assert form.submitted == mock.clock.now()
    assert convert(Form, world.forms[record.id]) == form
    document = world.to_document()
    stored = next(f for f in document["forms"] if f["id"] == record.id)
    assert stored["values"]["condition"] == {"type": "dropdown", "value_index": 2}
    assert FleetMock(document).world.forms[record.id] == world.forms[record.id]
