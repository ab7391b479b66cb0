"""Customizable entities and their custom fields, as the ``entity`` calls and the place calls
share them.

Each account has one place entity (``world.entities``, made when a call first needs it: see
:func:`account_entities`) whose custom fields (``world.entity_fields``) declare the values a
place's ``fields`` may hold (:func:`checked_values`). The layout of an entity lists its
built-in fields and the IDs of its custom fields as text.
"""

from __future__ import annotations

import decimal
import re
from collections.abc import Collection, Mapping
from typing import Any

import attrs

from fleetapi._errors import EntityMissingError, EntityNotFoundError, InvalidParametersError
from fleetapi._rules import EMAIL_PATTERN, number_from_text
from fleetapi.models.entity import (
    BUILTIN_FIELDS,
    FIELD_TEXT_LENGTHS,
    MAX_DECIMAL,
    MAX_DECIMAL_PLACES,
    PHONE_DIGITS,
    CustomFieldValue,
    Entity,
    EntityField,
    EntityLayout,
    EntitySettings,
    EntityType,
    LayoutSection,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.state.records import EntityFieldRecord, EntityRecord, convert

__all__ = [
    "DEFAULT_SECTION",
    "account_entities",
    "checked_values",
    "entity_of",
    "fields_of",
    "place_fields",
    "wire_entity",
    "wire_field",
    "with_layout",
]

DEFAULT_SECTION = "Places"
"""The label of the one section of an account's place entity made by the mock."""

_PHONE = re.compile(r"\+?[0-9 ()-]+")
_EMAIL = re.compile(EMAIL_PATTERN)
_INT64 = (-(2**63), 2**63 - 1)


def account_entities(ctx: Context) -> list[EntityRecord]:
    """The caller's account's entities, by ID; its place entity is made (one section of the
    built-in fields) when the account has none."""
    entities = ctx.owned(ctx.world.entities)
    if not any(e.type == "place" for e in entities):
        new_id = ctx.world.ids.next("entities")
        section = LayoutSection(label=DEFAULT_SECTION, field_order=list(BUILTIN_FIELDS["place"]))
        layout = EntitySettings(layout=EntityLayout(sections=[section]))
        made = EntityRecord(id=new_id, type="place", settings=layout, user_id=ctx.account.id)
        ctx.world.entities[new_id] = made
        entities = ctx.owned(ctx.world.entities)
    return entities


def entity_of(
    ctx: Context, entity_id: int | None = None, kind: EntityType = "place"
) -> EntityRecord:
    """The account's entity ``entity_id`` (or of type ``kind`` when no ID is given).

    Raises:
        EntityNotFoundError: (201) the account has no such entity.
    """
    for entity in account_entities(ctx):
        if entity.id == entity_id or (entity_id is None and entity.type == kind):
            return entity
    raise EntityNotFoundError(f"no entity {entity_id}")


def fields_of(ctx: Context, entity_id: int) -> list[EntityFieldRecord]:
    """The custom fields of the account's entity ``entity_id``, by ID."""
    return [f for f in ctx.owned(ctx.world.entity_fields) if f.entity_id == entity_id]


def place_fields(ctx: Context) -> dict[str, EntityFieldRecord]:
    """The custom fields of the account's place entity by their ID as text (none while the
    account has no place entity)."""
    entities = ctx.owned(ctx.world.entities)
    place = next((e.id for e in entities if e.type == "place"), None)
    return {} if place is None else {str(f.id): f for f in fields_of(ctx, place)}


def wire_entity(record: EntityRecord) -> Entity:
    """The API's entity of ``record``."""
    return convert(Entity, record)


def wire_field(record: EntityFieldRecord) -> EntityField:
    """The API's custom field of ``record``."""
    return convert(EntityField, record)


def with_layout(
    entity: EntityRecord, *, added: Collection[int] = (), gone: Collection[int] = ()
) -> EntityRecord:
    """``entity`` with the fields ``added`` at the end of its last section and the fields
    ``gone`` out of every section."""
    dropped = {str(i) for i in gone}
    sections = [
        attrs.evolve(s, field_order=[n for n in s.field_order if n not in dropped])
        for s in entity.settings.layout.sections
    ]
    if added and sections:
        last = sections[-1]
        sections[-1] = attrs.evolve(last, field_order=[*last.field_order, *map(str, added)])
    layout = EntitySettings(layout=EntityLayout(sections=sections))
    return attrs.evolve(entity, settings=layout)


def checked_values(
    ctx: Context,
    values: Mapping[str, CustomFieldValue],
    *,
    complete: bool,
    parameter: str = "place.fields",
) -> dict[str, CustomFieldValue]:
    """A place's custom field values, checked against the fields of the account's place
    entity, numbers given as text read as numbers.

    Each key names a field, each ``type`` is its field's and each value of that type (or null
    or empty text: no value); when ``complete``, every required field has a value.

    Raises:
        InvalidParametersError: (7) every problem, each naming ``parameter.<field ID>``.
        EntityMissingError: (204) an ``employee`` value names no employee of the account.
    """
    declared = place_fields(ctx)
    errors: list[dict[str, str]] = []
    checked: dict[str, CustomFieldValue] = {}
    for key, given in values.items():
        where = f"{parameter}.{key}"
        field = declared.get(key)
        if field is None:
            errors.append({"parameter": where, "error": f"no custom field {key} of places"})
            continue
        if given.type != field.type:
            errors.append({"parameter": f"{where}.type", "error": f"must be {field.type!r}"})
            continue
        problem, value = _checked(field.type, given.value)
        if problem is not None:
            errors.append({"parameter": f"{where}.value", "error": problem})
        checked[key] = CustomFieldValue(type=field.type, value=value)
    if complete:
        for key, field in declared.items():
            if field.required and checked.get(key, _EMPTY).value in (None, ""):
                errors.append({"parameter": f"{parameter}.{key}", "error": "is required"})
    if errors:
        raise InvalidParametersError(errors=errors)
    strangers = [
        str(v.value)
        for v in checked.values()
        if v.type == "employee"
        and v.value not in (None, "")
        and ctx.owned_get(ctx.world.employees, v.value) is None
    ]
    if strangers:
        raise EntityMissingError("no such employees: " + ", ".join(strangers))
    return checked


_EMPTY = CustomFieldValue(type="text", value=None)


def _checked(kind: str, value: Any) -> tuple[str | None, Any]:
    """The problem of ``value`` for a field of type ``kind`` (``None`` if none) and the value
    to keep."""
    if value is None or value == "":
        return None, value
    if kind in ("decimal", "integer", "employee"):
        return _checked_number(kind, value)
    if not isinstance(value, str):
        return "must be a string", value
    longest = FIELD_TEXT_LENGTHS.get(kind)
    if longest is not None and len(value) > longest:
        return f"must be at most {longest} characters", value
    if kind == "email" and _EMAIL.fullmatch(value) is None:
        return "must be an e-mail address", value
    fewest, most = PHONE_DIGITS
    digits = sum(c.isdigit() for c in value)
    if kind == "phone" and (_PHONE.fullmatch(value) is None or not fewest <= digits <= most):
        return f"must be a phone number: {fewest} to {most} digits, perhaps a leading +", value
    return None, value


def _checked_number(kind: str, value: Any) -> tuple[str | None, Any]:
    """The problem of a ``decimal``, ``integer`` or ``employee`` (an ID) value, and the
    number."""
    if isinstance(value, str):
        number = number_from_text(value, integer=kind != "decimal")
        value = value if number is None else number
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return ("must be a number" if kind == "decimal" else "must be an integer"), value
    if kind == "decimal":
        exact = decimal.Decimal(repr(value))
        exponent = exact.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) else 0
        if abs(exact) > MAX_DECIMAL or places > MAX_DECIMAL_PLACES:
            return (
                f"must be within ±{MAX_DECIMAL} with at most {MAX_DECIMAL_PLACES} decimals",
                value,
            )
        return None, value
    if not isinstance(value, int):
        return "must be an integer", value
    low, high = _INT64
    return (None if low <= value <= high else "must be a 64-bit integer"), value
