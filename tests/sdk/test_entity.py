"""``entity/*`` and ``entity/fields/*``: the account's place entity, its custom fields and their
layout, and the values places hold for them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import httpx
import pytest

from fleetapi import (
    Client,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
)
from fleetapi.models.entity import (
    CustomFieldValue,
    EmployeeFieldParams,
    Entity,
    EntityFieldChange,
    EntityLayout,
    EntitySettings,
    LayoutSection,
)
from fleetapi.models.place import CustomFieldValue as PlaceCustomFieldValue
from fleetapi.models.place import NewPlace, Place, PlaceLocation
from fleetapi.models.subuser import NewSecurityGroup, SecurityGroupPrivileges
from fleetapi.models.task import CustomFieldValue as TaskCustomFieldValue
from fleetapi_mock import FleetMock

PLACES = 1
"""The demo's place entity."""
NOTES = 1
"""Its custom field "Delivery notes" (text, not required), which place 1 fills."""
BUILTINS = ["label", "location", "tags", "description"]
HERE = PlaceLocation(lat=52.5, lng=13.4, address="Somewhere 1, Berlin", radius=80)


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login("demo", "demo") as client:
        yield client


def _post(mock: FleetMock, path: str, body: dict[str, Any], login: str = "demo") -> Any:
    """The JSON answer of ``path`` sent as a program written against the docs would send it."""
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    return http.post(f"/v2/{path}", json={"hash": mock.session(login), **body}).json()


def _snapshot(mock: FleetMock) -> tuple[str, str, str]:
    with mock.world.lock:
        world = mock.world
        return repr(world.entities), repr(world.entity_fields), repr(world.places)


def _layout(*sections: list[str]) -> EntitySettings:
    parts = [LayoutSection(label=f"Part {n}", field_order=s) for n, s in enumerate(sections)]
    return EntitySettings(layout=EntityLayout(sections=parts))


def _field(label: str, kind: str = "text", **extra: Any) -> EntityFieldChange:
    return EntityFieldChange(label=label, type=kind, **extra)


def _add(client: Client, *fields: EntityFieldChange, delete_missing: bool = False) -> list[int]:
    """Send the fields to the demo's place entity; the IDs of every field it then has."""
    answer = client.entity.fields.update(
        entity_id=PLACES, fields=list(fields), delete_missing=delete_missing
    )
    return [f.id for f in answer]


def _place(client: Client, fields: dict[str, Any], *, place_id: int | None = None, **kw: Any):
    """Create (or, with ``place_id``, replace) a place holding these ``{id: (type, value)}``."""
    values = {k: CustomFieldValue(type=t, value=v) for k, (t, v) in fields.items()}
    if place_id is None:
        new = NewPlace(label="Kiosk", location=HERE, fields=values)
        return client.place.create(place=new, **kw)
    return client.place.update(
        place=Place(id=place_id, label="Kiosk", location=HERE, fields=values)
    )


# --- entities -----------------------------------------------------------------------------


def test_the_account_has_its_place_entity_read_by_id_or_by_type(master: Client) -> None:
    (entity,) = master.entity.list()
    assert (entity.id, entity.type) == (PLACES, "place")
    assert entity.settings.layout.sections[0].field_order == [*BUILTINS, str(NOTES)]
    by_id, by_type = master.entity.read(id=PLACES), master.entity.read(type="place")
    assert by_id == by_type
    assert by_id.entity == entity
    assert [(f.id, f.label, f.type, f.required) for f in by_id.fields] == [
        (NOTES, "Delivery notes", "text", False)
    ]
    assert master.entity.fields.read(entity_id=PLACES) == by_id.fields


def test_an_account_without_an_entity_gets_one_when_a_call_needs_it(mock: FleetMock) -> None:
    with mock.login("other", "other") as other:
        (entity,) = other.entity.list()
        assert entity.id != PLACES
        assert [(s.label, s.field_order) for s in entity.settings.layout.sections] == [
            ("Places", BUILTINS)
        ]
        assert other.entity.read(type="place").entity == entity  # made once
        assert other.entity.fields.read(entity_id=entity.id) == []
        with pytest.raises(EntityNotFoundError):  # the demo's entity: another account's
            other.entity.read(id=PLACES)
        with pytest.raises(EntityNotFoundError):
            other.entity.fields.read(entity_id=PLACES)
    assert len(mock.world.entities) == 2


@pytest.mark.parametrize(
    "body", [{}, {"id": PLACES, "type": "place"}, {"id": None, "type": None}, {"type": "zone"}]
)
def test_read_takes_exactly_one_of_id_and_type(mock: FleetMock, body: dict[str, Any]) -> None:
    answer = _post(mock, "entity/read", body)
    assert answer["status"]["code"] == 7
    assert answer["errors"][0]["parameter"] in ("id", "type")
    assert _post(mock, "entity/read", {"id": None, "type": "place"})["entity"]["id"] == PLACES


def test_unknown_entities_are_201(master: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        master.entity.read(id=404)
    with pytest.raises(EntityNotFoundError):
        master.entity.fields.read(entity_id=404)
    with pytest.raises(EntityNotFoundError):
        master.entity.fields.update(entity_id=404, fields=[_field("X")])
    with pytest.raises(EntityNotFoundError):
        master.entity.update(entity=Entity(id=404, type="place", settings=_layout(BUILTINS)))


# --- the layout ---------------------------------------------------------------------------


def test_update_rearranges_the_fields_into_sections(master: Client) -> None:
    settings = _layout(["description", str(NOTES)], ["tags", "location", "label"], [])
    master.entity.update(entity=Entity(id=PLACES, type="place", settings=settings))
    assert master.entity.read(id=PLACES).entity.settings == settings


@pytest.mark.parametrize(
    ("sections", "problem"),
    [
        ([["label", "location", "tags", "description"]], "left out: 1"),
        ([["label", "location", "tags", "description", "1"], ["1"]], "more than once: 1"),
        ([["label", "label", "location", "tags", "description", "1"]], "more than once: label"),
        ([["label", "location", "tags", "description", "1", "address"]], "not fields"),
        ([["label", "location", "tags", "description", "1", "2"]], "not fields of the entity: 2"),
        ([], "at least 1"),
    ],
)
def test_a_layout_holds_every_field_exactly_once(
    mock: FleetMock, master: Client, sections: list[list[str]], problem: str
) -> None:
    before = _snapshot(mock)
    with pytest.raises(InvalidParametersError) as caught:
        master.entity.update(entity=Entity(id=PLACES, type="place", settings=_layout(*sections)))
    assert caught.value.errors[0]["parameter"] == "entity.settings.layout.sections"
    assert problem in caught.value.errors[0]["error"]
    assert _snapshot(mock) == before


# --- fields -------------------------------------------------------------------------------


def test_fields_are_created_and_changed_and_every_field_is_answered(master: Client) -> None:
    two_sections = _layout(BUILTINS, [str(NOTES)])
    master.entity.update(entity=Entity(id=PLACES, type="place", settings=two_sections))
    answer = master.entity.fields.update(
        entity_id=PLACES,
        fields=[
            _field("Phone", "phone", required=True, description="Front desk"),
            _field("Boss", "employee", params=EmployeeFieldParams(responsible=True)),
        ],
    )
    phone, boss = answer[1:]
    assert [f.id for f in answer] == [NOTES, phone.id, boss.id]  # the kept field too, by ID
    assert (phone.label, phone.type, phone.required, phone.description) == (
        "Phone",
        "phone",
        True,
        "Front desk",
    )
    assert boss.params == EmployeeFieldParams(responsible=True)
    # new fields join the last section
    sections = master.entity.read(id=PLACES).entity.settings.layout.sections
    assert sections[-1].field_order == [str(NOTES), str(phone.id), str(boss.id)]
    # a change keeps the ID; an employee field without params is not the responsible one
    renamed = _field("Desk phone", "phone", id=phone.id)
    assert _add(master, renamed) == [NOTES, phone.id, boss.id]
    read = {f.id: f for f in master.entity.fields.read(entity_id=PLACES)}
    assert (read[phone.id].label, read[phone.id].required) == ("Desk phone", False)
    _add(master, _field("Boss", "employee", id=boss.id))
    assert master.entity.read(type="place").fields[-1].params == EmployeeFieldParams()


def test_one_field_object_is_taken_for_a_list_of_one(mock: FleetMock, master: Client) -> None:
    one = {"label": "Responsible", "type": "employee", "params": {"responsible": True}}
    answer = _post(mock, "entity/fields/update", {"entity_id": PLACES, "fields": one})
    assert answer["success"] is True, answer
    assert [f["label"] for f in answer["list"]] == ["Delivery notes", "Responsible"]
    assert answer["list"][1]["params"] == {"responsible": True}
    assert master.entity.read(id=PLACES).fields[1].label == "Responsible"


def _other_accounts_field(mock: FleetMock) -> int:
    """The ID of a new field of the other account's place entity."""
    with mock.login("other", "other") as other:
        (entity,) = other.entity.list()
        return other.entity.fields.update(entity_id=entity.id, fields=[_field("Theirs")])[0].id


@pytest.mark.parametrize(
    ("fields", "parameter"),
    [
        ([{"id": NOTES, "label": "Delivery notes", "type": "bigtext"}], "fields[0].type"),
        ([{"id": 404, "label": "Lost", "type": "text"}], "fields[0].id"),
        ([{"id": "theirs", "label": "Theirs", "type": "text"}], "fields[0].id"),
        ([{"label": "DELIVERY NOTES", "type": "text"}], "fields[0].label"),  # a kept field's
        (
            [{"label": "Twin", "type": "text"}, {"label": "twin", "type": "email"}],
            "fields[1].label",
        ),
        ([{"label": "Note", "type": "text", "params": {"responsible": True}}], "fields[0].params"),
        (
            [
                {"label": "Boss", "type": "employee", "params": {"responsible": True}},
                {"label": "Chief", "type": "employee", "params": {"responsible": True}},
            ],
            "fields[1].params.responsible",
        ),
        (
            [
                {"id": NOTES, "label": "A", "type": "text"},
                {"id": NOTES, "label": "B", "type": "text"},
            ],
            "fields[1].id",
        ),
        ([{"label": " ", "type": "text"}], "fields[0].label"),
        ([{"label": "Long", "type": "text", "description": "x" * 513}], "fields[0].description"),
        ([{"label": "Odd", "type": "date"}], "fields[0].type"),
    ],
)
def test_a_field_change_breaking_a_rule_is_7_and_changes_nothing(
    mock: FleetMock, fields: list[dict[str, Any]], parameter: str
) -> None:
    fields = [dict(f) for f in fields]
    for field in fields:
        if field.get("id") == "theirs":
            field["id"] = _other_accounts_field(mock)  # another account's field
    before = _snapshot(mock)
    answer = _post(mock, "entity/fields/update", {"entity_id": PLACES, "fields": fields})
    assert answer["status"]["code"] == 7, answer
    assert parameter in [e["parameter"] for e in answer["errors"]], answer["errors"]
    assert _snapshot(mock) == before


def test_a_label_is_free_again_once_its_field_is_left_out_and_deleted(master: Client) -> None:
    ids = _add(master, _field("delivery notes", "bigtext"), delete_missing=True)
    assert NOTES not in ids
    assert master.entity.fields.read(entity_id=PLACES)[0].type == "bigtext"


def test_delete_missing_deletes_the_other_fields_their_layout_and_values(
    mock: FleetMock, master: Client
) -> None:
    assert master.place.read(place_id=1).fields == {
        str(NOTES): CustomFieldValue(type="text", value="Deliveries before 10:00")
    }
    kept = _add(master, _field("Kept"))[-1]
    assert _add(master, _field("Kept", id=kept), delete_missing=True) == [kept]
    (section,) = master.entity.read(id=PLACES).entity.settings.layout.sections
    assert section.field_order == [*BUILTINS, str(kept)]
    assert master.place.read(place_id=1).fields == {}
    assert _add(master, delete_missing=False) == [kept]  # without it, nothing goes
    assert _add(master, delete_missing=True) == []


def test_sub_users_read_the_accounts_fields_and_change_them_with_the_right(
    mock: FleetMock, master: Client
) -> None:
    with mock.login("dispatcher", "demo") as dispatcher:  # task and employee rights only
        assert dispatcher.entity.list() == master.entity.list()
        assert (
            dispatcher.entity.fields.read(entity_id=PLACES) == master.entity.read(id=PLACES).fields
        )
        with pytest.raises(OperationNotPermittedError):
            dispatcher.entity.fields.update(entity_id=PLACES, fields=[_field("Mine")])
        layout = master.entity.list()[0]
        with pytest.raises(OperationNotPermittedError):
            dispatcher.entity.update(entity=layout)
        rights = SecurityGroupPrivileges(rights=["places_custom_fields_update"])
        group = master.subuser.security_group.create(
            group=NewSecurityGroup(label="Planners", privileges=rights)
        )
        master.subuser.security_group.assign(group_id=group, subuser_ids=[2])
        dispatcher.entity.update(entity=layout)
        created = dispatcher.entity.fields.update(entity_id=PLACES, fields=[_field("Mine")])
    assert created[-1].label == "Mine"
    assert mock.world.entity_fields[created[-1].id].user_id == 1  # the account's


# --- places' values -----------------------------------------------------------------------


def test_one_custom_field_value_class_serves_places_and_tasks() -> None:
    assert PlaceCustomFieldValue is CustomFieldValue
    assert TaskCustomFieldValue is CustomFieldValue


def _typed_fields(master: Client) -> dict[str, str]:
    """A field of each type (none required) on the demo's place entity: type to ID."""
    kinds = ["bigtext", "email", "phone", "decimal", "integer", "employee"]
    ids = _add(master, *(_field(kind.title(), kind) for kind in kinds))[1:]
    return {"text": str(NOTES), **{k: str(i) for k, i in zip(kinds, ids, strict=True)}}


@pytest.mark.parametrize(
    ("kind", "value", "kept"),
    [
        ("text", "x" * 700, "x" * 700),
        ("text", None, None),
        ("bigtext", "y\n" * 10_000, "y\n" * 10_000),
        ("email", "shop@example.com", "shop@example.com"),
        ("email", "", ""),
        ("phone", "+49 (30) 123-4567", "+49 (30) 123-4567"),
        ("phone", "555231415221", "555231415221"),
        ("decimal", 999_999_999_999.5, 999_999_999_999.5),
        ("decimal", -12.123456, -12.123456),
        ("decimal", "12.5", 12.5),
        ("integer", 2**63 - 1, 2**63 - 1),
        ("integer", "-42", -42),
        ("employee", 1, 1),
        ("employee", "2", 2),
    ],
)
def test_a_place_takes_values_of_its_fields_types(
    master: Client, kind: str, value: Any, kept: Any
) -> None:
    field = _typed_fields(master)[kind]
    place_id = _place(master, {field: (kind, value)})
    assert master.place.read(place_id=place_id).fields == {
        field: CustomFieldValue(type=kind, value=kept)
    }


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("text", "x" * 701),
        ("text", 12),
        ("bigtext", "y" * 20_001),
        ("email", "shop at example.com"),
        ("phone", "call me"),
        ("phone", "1234"),
        ("phone", "+" + "1" * 21),
        ("decimal", 1.1234567),
        ("decimal", 1_000_000_000_000),
        ("decimal", "twelve"),
        ("decimal", True),
        ("integer", 2**63),
        ("integer", 1.5),
        ("employee", "someone"),
        ("employee", 1.5),
    ],
)
def test_a_value_not_of_its_fields_type_is_7(
    mock: FleetMock, master: Client, kind: str, value: Any
) -> None:
    field = _typed_fields(master)[kind]
    before = _snapshot(mock)
    with pytest.raises(InvalidParametersError) as caught:
        _place(master, {field: (kind, value)})
    assert [e["parameter"] for e in caught.value.errors] == [f"place.fields.{field}.value"]
    assert _snapshot(mock) == before


def test_an_employee_id_naming_no_employee_of_the_account_is_204(
    mock: FleetMock, master: Client
) -> None:
    with mock.world.lock:
        mine = mock.world.employees[1]
        mock.world.employees[99] = attrs.evolve(mine, id=99, user_id=3, tracker_id=None)
    field = _typed_fields(master)["employee"]
    before = _snapshot(mock)
    for theirs in (99, 404):  # another account's, and none
        with pytest.raises(EntityMissingError):
            _place(master, {field: ("employee", theirs)})
        with pytest.raises(EntityMissingError):
            _place(master, {field: ("employee", theirs)}, place_id=1)
    with pytest.raises(InvalidParametersError):  # a 7 comes first
        _place(master, {field: ("employee", 404), "1": ("text", 5)})
    assert _snapshot(mock) == before


def test_unknown_fields_and_wrong_types_are_7_each_named(mock: FleetMock, master: Client) -> None:
    theirs = _other_accounts_field(mock)
    before = _snapshot(mock)
    with pytest.raises(InvalidParametersError) as caught:
        _place(master, {"404": ("text", "a"), str(theirs): ("text", "b"), "1": ("email", "c")})
    assert sorted(e["parameter"] for e in caught.value.errors) == sorted(
        ["place.fields.1.type", "place.fields.404", f"place.fields.{theirs}"]
    )
    assert _snapshot(mock) == before
    with pytest.raises(InvalidParametersError):  # on update too
        _place(master, {"404": ("text", "a")}, place_id=1)


def test_required_fields_need_a_value_unless_the_create_ignores_them(
    mock: FleetMock, master: Client
) -> None:
    required = str(_add(master, _field("Contact", "email", required=True))[-1])
    for values in ({}, {required: ("email", None)}, {required: ("email", "")}):
        with pytest.raises(InvalidParametersError) as caught:
            _place(master, values)
        assert [e["parameter"] for e in caught.value.errors] == [f"place.fields.{required}"]
    place_id = _place(master, {}, ignore_missing_fields=True)
    assert master.place.read(place_id=place_id).fields == {}
    with pytest.raises(InvalidParametersError):  # an update needs them all
        _place(master, {}, place_id=place_id)
    _place(master, {required: ("email", "desk@example.com")}, place_id=place_id)
    assert master.place.read(place_id=place_id).fields[required].value == "desk@example.com"
