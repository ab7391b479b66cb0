"""Customizable entities and their custom fields: the calls of the service's documentation
(``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.entity import (
    BUILTIN_FIELDS,
    Entity,
    EntityField,
    EntityFieldsReadParams,
    EntityFieldsUpdateParams,
    EntityReadParams,
    EntityReadResult,
    EntityUpdateParams,
)

_PLACE_BUILTINS = ", ".join(f"`{name}`" for name in BUILTIN_FIELDS["place"])

ENTITY_LIST = Endpoint(
    path="entity/list",
    params=NoParams,
    result=Result.field("list", list[Entity]),
    summary="List the account's customizable entities (its place entity).",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The account's entities",
            "Every account has one entity, of type `place`. An account whose world document "
            "declares none gets it, with the next ID and one section `Places` holding the "
            f"built-in fields ({_PLACE_BUILTINS}), when an `entity` call first needs it. The "
            "entity and its fields are the account's: its sub-users read them, and change "
            "them with `places_custom_fields_update` (`tests/sdk/test_entity.py`).",
        ),
    ),
)
ENTITY_READ = Endpoint(
    path="entity/read",
    params=EntityReadParams,
    result=Result.body(EntityReadResult),
    summary="Read an entity, by ID or by type, with its custom fields.",
    errors=(7, 201),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`entity/read` by `id` or `type`",
            "Exactly one of them not null, else 7 naming `id`; an ID naming no entity of the "
            "account is 201. The fields come by ID (`tests/sdk/test_entity.py`).",
        ),
    ),
)
ENTITY_UPDATE = Endpoint(
    path="entity/update",
    params=EntityUpdateParams,
    result=Result.nothing(),
    summary="Rearrange an entity's fields: its sections and their order.",
    right="places_custom_fields_update",
    errors=(7, 201),
    current="entity/list",
    origin="service",
    decisions=(
        Decision(
            "An entity's layout",
            "Its sections hold every built-in field of its type and every custom field ID "
            "(as text) exactly once: a name of neither, a field twice (in one section or "
            "two) or a field left out is 7 naming `entity.settings.layout.sections`, and "
            "nothing changes. A section may be empty; its label is at most 255 printable "
            "characters. The `type` is the stored entity's, else 7 (`tests/sdk/test_entity.py`).",
        ),
    ),
)
ENTITY_FIELDS_READ = Endpoint(
    path="entity/fields/read",
    params=EntityFieldsReadParams,
    result=Result.field("list", list[EntityField]),
    summary="List an entity's custom fields.",
    errors=(201,),
    safe=True,
    origin="service",
)
ENTITY_FIELDS_UPDATE = Endpoint(
    path="entity/fields/update",
    params=EntityFieldsUpdateParams,
    result=Result.field("list", list[EntityField]),
    summary="Create and change an entity's custom fields (and delete the others) and get them all.",
    right="places_custom_fields_update",
    errors=(7, 201),
    notes="The answer lists every field of the entity, by ID, the new ones with their IDs.",
    decisions=(
        Decision(
            "The `fields` of `entity/fields/update`",
            "An array of fields, or one field object, as the documentation's example sends "
            "it (`tests/sdk/test_entity.py`, `tests/mock/service_examples.py`).",
        ),
        Decision(
            "The rules of `entity/fields/update`",
            "A field without `id` (or with a null one) is created; an ID naming no field of "
            "this entity (unknown, another entity's or another account's) or given twice is 7 "
            "naming `fields[i].id`. A field's `type` never changes (7 naming `fields[i].type`). "
            "Labels are 1 to 255 printable characters, unique within the entity ignoring case "
            "among the fields it keeps (7 naming `fields[i].label`); `description` at most 512 "
            "characters. `params` belongs to `employee` fields alone (7 otherwise), and at "
            "most one of them is `responsible` (7); an employee field without `params` is "
            "answered with `responsible` false. Any 7 changes nothing. An unknown "
            "`entity_id` is 201 (`tests/sdk/test_entity.py`).",
        ),
        Decision(
            "New and deleted custom fields",
            "A new field joins the end of the layout's last section. With `delete_missing`, "
            "every field left out of `fields` is deleted: it leaves the layout and every "
            "place loses its value (`tests/sdk/test_entity.py`).",
        ),
    ),
    origin="service",
)

ENDPOINTS = (
    ENTITY_LIST,
    ENTITY_READ,
    ENTITY_UPDATE,
    ENTITY_FIELDS_READ,
    ENTITY_FIELDS_UPDATE,
)
