"""The form template calls of the service's documentation: templates are the source of forms,
never their owners."""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
import pytest

from fleetapi import EntityNotFoundError, ValidationFailedError
from fleetapi.models.form import (
    FormField,
    FormOption,
    FormTemplateChange,
    NewFormTemplate,
    TextValue,
)
from fleetapi.models.task import NewTask, TaskLocation
from fleetapi_mock import FleetMock, demo_document

DELIVERY, INSPECTION = 1, 2
NAME = FormField(id="Text-1", label="Name", type="text", required=True, min_length=5, max_length=9)


def _templates(fleet_mock: FleetMock) -> dict[int, str]:
    with fleet_mock.world.lock:
        return {k: repr(v) for k, v in fleet_mock.world.form_templates.items()}


def _task(tracker_id: int | None, template_id: int) -> NewTask:
    """A task tomorrow with a form from ``template_id``."""
    start = dt.datetime(2026, 1, 16, 10)
    return NewTask(
        label="Inspect", description="", location=TaskLocation(lat=52.5, lng=13.4, radius=100),
        from_=start, to=start + dt.timedelta(hours=2), tracker_id=tracker_id,
        form_template_id=template_id,
    )  # fmt: skip


def _create(fleet_mock: FleetMock, template: dict[str, Any]) -> dict[str, Any]:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = {"hash": fleet_mock.session("demo"), "template": template}
    answer: dict[str, Any] = http.post("/v2/form/template/create", json=body).json()
    return answer


def test_list_and_read(client: Any) -> None:
    templates = client.form.template.list()
    assert [(t.id, t.label, t.version) for t in templates] == [
        (DELIVERY, "Delivery report", 1),
        (INSPECTION, "Vehicle inspection", 1),
    ]
    delivery = client.form.template.read(template_id=DELIVERY)
    assert delivery == templates[0]
    assert [f.id for f in delivery.fields] == ["recipient", "signature", "photos"]
    assert delivery.updated == delivery.created  # never changed
    with pytest.raises(EntityNotFoundError):
        client.form.template.read(template_id=404)


def test_create_then_update_counts_versions(fleet_mock: FleetMock, client: Any) -> None:
    new = NewFormTemplate(label="Order form", fields=[NAME], submit_in_zone=True)
    template_id = client.form.template.create(template=new)
    created = client.form.template.read(template_id=template_id)
    assert (created.label, created.fields, created.version) == ("Order form", [NAME], 1)
    assert (created.submit_in_zone, created.description) == (True, None)
    fleet_mock.clock.advance(dt.timedelta(hours=1))
    change = FormTemplateChange(id=template_id, label="Orders", description="", fields=[NAME])
    client.form.template.update(template=change)
    updated = client.form.template.read(template_id=template_id)
    assert (updated.label, updated.description, updated.version) == ("Orders", "", 2)
    assert not updated.submit_in_zone  # the template is replaced whole
    assert updated.created == created.created
    assert updated.updated == created.created + dt.timedelta(hours=1)
    task_id = client.task.create(task=_task(None, template_id), create_form=True).id
    assert client.task.read(task_id=task_id).value.form.template_version == 2
    before = _templates(fleet_mock)
    with pytest.raises(EntityNotFoundError):
        client.form.template.update(template=FormTemplateChange(id=404, label="x", fields=[NAME]))
    assert _templates(fleet_mock) == before


def test_the_documented_read_only_keys_are_ignored_on_update(fleet_mock: FleetMock) -> None:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    template = {
        "id": DELIVERY, "label": "Delivery", "version": 99, "created": "2001-01-01 00:00:00",
        "fields": [{"id": "a", "label": "A", "type": "date"}],
    }  # fmt: skip
    body = {"hash": fleet_mock.session("demo"), "template": template}
    assert http.post("/v2/form/template/update", json=body).json() == {"success": True}
    stored = fleet_mock.world.form_templates[DELIVERY]
    assert (stored.version, stored.created) == (2, dt.datetime(2025, 10, 1, 12))


BAD_FIELDS = [
    ({"id": "Text 1", "label": "A", "type": "text"}, "id"),
    ({"id": "x" * 20, "label": "A", "type": "text"}, "id"),
    ({"id": "a", "label": " ", "type": "text"}, "label"),
    ({"id": "a", "label": "A", "type": "text", "required": True, "min_length": 0}, "min_length"),
    ({"id": "a", "label": "A", "type": "text", "min_length": 9, "max_length": 5}, "min_length"),
    ({"id": "a", "label": "A", "type": "text", "max_length": 1025}, "max_length"),
    ({"id": "a", "label": "A", "type": "checkbox_group"}, "group"),
    (
        {"id": "a", "label": "A", "type": "checkbox_group", "required": True, "min_checked": 0,
         "group": [{"label": "x"}]},
        "min_checked",
    ),
    (
        {"id": "a", "label": "A", "type": "checkbox_group", "max_checked": 3,
         "group": [{"label": "x"}, {"label": "y"}]},
        "max_checked",
    ),
    ({"id": "a", "label": "A", "type": "dropdown"}, "options"),
    ({"id": "a", "label": "A", "type": "radio_group", "options": []}, "options"),
    ({"id": "a", "label": "A", "type": "rating", "max_stars": 0}, "max_stars"),
    ({"id": "a", "label": "A", "type": "rating", "max_stars": 11}, "max_stars"),
    ({"id": "a", "label": "A", "type": "file", "max_file_size": 16777217}, "max_file_size"),
    (
        {"id": "a", "label": "A", "type": "file", "min_file_size": 9, "max_file_size": 8},
        "min_file_size",
    ),
    ({"id": "a", "label": "A", "type": "file", "allowed_extensions": []}, "allowed_extensions"),
    ({"id": "a", "label": "A", "type": "photo", "max_files": 7}, "max_files"),
    ({"id": "a", "label": "A", "type": "separator", "required": True}, "required"),
    ({"id": "a", "label": "A", "type": "slider"}, "type"),
]  # fmt: skip


@pytest.mark.parametrize(("field", "key"), BAD_FIELDS, ids=[k for _, k in BAD_FIELDS])
def test_a_bad_field_is_refused_by_name(fleet_mock: FleetMock, field: dict[str, Any], key: str):
    before = _templates(fleet_mock)
    answer = _create(fleet_mock, {"label": "T", "fields": [field]})
    assert answer["status"]["code"] == 7
    assert answer["errors"][0]["parameter"] == f"template.fields[0].{key}"
    assert _templates(fleet_mock) == before


def test_field_ids_are_unique_and_fields_counted(
    fleet_mock: FleetMock, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = {"id": "a", "label": "A", "type": "text"}
    answer = _create(fleet_mock, {"label": "T", "fields": [text, {**text, "label": "B"}]})
    assert answer["errors"] == [
        {"parameter": "template.fields[1].id", "error": "repeats fields[0]"}
    ]
    assert _create(fleet_mock, {"label": "T", "fields": []})["status"]["code"] == 7
    with fleet_mock.world.lock:
        del fleet_mock.world.dealers[1].platform["form.max_fields_count"]
    monkeypatch.setattr("fleetapi_mock.domain.form.template.MAX_FIELDS", 1)
    answer = _create(fleet_mock, {"label": "T", "fields": [text, {**text, "id": "b"}]})
    assert answer["errors"][0]["parameter"] == "template.fields"


def test_keys_of_another_kind_are_dropped(fleet_mock: FleetMock, client: Any) -> None:
    field = FormField(id="a", label="A", type="date", max_stars=3, options=[FormOption(label="x")])
    template_id = client.form.template.create(template=NewFormTemplate(label="T", fields=[field]))
    assert client.form.template.read(template_id=template_id).fields == [
        FormField(id="a", label="A", type="date")
    ]


def test_one_default_template_per_account(client: Any) -> None:
    first = client.form.template.create(
        template=NewFormTemplate(label="A", fields=[NAME], default=True)
    )
    second = client.form.template.create(
        template=NewFormTemplate(label="B", fields=[NAME], default=True)
    )
    defaults = [t.id for t in client.form.template.list() if t.default]
    assert defaults == [second]  # not first as well
    assert first in [t.id for t in client.form.template.list()]


def test_a_template_in_use_is_deleted_and_its_forms_stay(
    fleet_mock: FleetMock, client: Any
) -> None:
    task = next(t for t in client.task.list().list if t.form is not None)
    form = task.form
    assert (form.template_id, task.form_template_id) == (DELIVERY, DELIVERY)
    client.form.template.delete(template_id=DELIVERY)
    assert [t.id for t in client.form.template.list()] == [INSPECTION]
    after = client.task.read(task_id=task.id).value
    kept = after.form
    assert (kept.template_id, after.form_template_id) == (None, None)
    assert (kept.id, kept.label, kept.fields) == (form.id, form.label, form.fields)
    assert fleet_mock.world.forms[1].template_id is None  # the check-in's form too
    assert fleet_mock.world.forms[1].values is not None
    with pytest.raises(ValidationFailedError) as caught:  # still checked as it was made
        fleet_mock.submit_task_form(task.id, {"recipient": TextValue(value="Ann")})
    assert [e["field_id"] for e in caught.value.errors] == ["signature"]
    for call in (client.form.template.delete, client.form.template.stats.read):
        with pytest.raises(EntityNotFoundError):
            call(template_id=DELIVERY)


def test_stats_count_the_tasks_by_status(client: Any) -> None:
    demo = dict.fromkeys(["unassigned", "assigned", "failed", "delayed", "arrived", "faulty"], 0)
    demo["done"] = 1  # the demo's morning vehicle check (task 3)
    assert client.form.template.stats.read(template_id=INSPECTION).tasks == demo
    for tracker_id in (None, 1, 2):
        client.task.create(task=_task(tracker_id, INSPECTION), create_form=True)
    stats = client.form.template.stats.read(template_id=INSPECTION)
    # scheduled: the demo's task schedule 1 (Depot safety check) gives its tasks the form
    assert (stats.tasks["unassigned"], stats.tasks["assigned"], stats.scheduled) == (1, 2, 1)
    with pytest.raises(EntityNotFoundError):
        client.form.template.stats.read(template_id=404)


def test_a_world_template_without_dates_reads_as_undated() -> None:
    document = demo_document()
    del document["form_templates"][0]["created"]
    with FleetMock(document).login() as client:
        template = client.form.template.read(template_id=DELIVERY)
    assert (template.created, template.updated, template.version) == (
        dt.datetime(1970, 1, 1),
        dt.datetime(1970, 1, 1),
        1,
    )
