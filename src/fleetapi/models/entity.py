"""Customizable entities and their custom fields (``entity/*``, ``entity/fields/*``).

An entity is a kind of object whose form the account shapes: today only ``place``. It has
custom fields (:class:`EntityField`), whose values each object of the kind carries in its
``fields`` (:class:`CustomFieldValue`, keyed by the field's ID as text), and a layout: the
sections of its form, listing its built-in fields and custom field IDs in order.
"""

from __future__ import annotations

import decimal
from typing import Any, Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "BUILTIN_FIELDS",
    "FIELD_TEXT_LENGTHS",
    "MAX_DECIMAL",
    "MAX_DECIMAL_PLACES",
    "MAX_FIELDS",
    "PHONE_DIGITS",
    "CustomFieldType",
    "CustomFieldValue",
    "EmployeeFieldParams",
    "Entity",
    "EntityField",
    "EntityFieldChange",
    "EntityFieldsReadParams",
    "EntityFieldsUpdateParams",
    "EntityLayout",
    "EntityReadParams",
    "EntityReadResult",
    "EntitySettings",
    "EntityType",
    "EntityUpdateParams",
    "LayoutSection",
    "NewEntityField",
]

CustomFieldType = Literal["text", "bigtext", "email", "phone", "decimal", "integer", "employee"]
"""The kind of a custom field: its values' shape (it never changes once the field exists)."""

EntityType = Literal["place"]
"""The kinds of objects whose fields the account customizes (only places, for now)."""

BUILTIN_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "place": ("label", "location", "tags", "description"),
}
"""The built-in fields of each entity type, as a layout names them."""

FIELD_TEXT_LENGTHS: Final[dict[str, int]] = {"text": 700, "bigtext": 20_000}
"""The longest value of each text kind of custom field, in characters."""

MAX_DECIMAL: Final = decimal.Decimal("999999999999.999999")
"""The largest magnitude of a ``decimal`` custom field's value."""

MAX_DECIMAL_PLACES: Final = 6
"""The most digits after the point a ``decimal`` custom field's value keeps."""

PHONE_DIGITS: Final = (5, 20)
"""The fewest and most digits of a ``phone`` custom field's value (beside them: perhaps a
leading ``+``, spaces, hyphens and parentheses)."""

MAX_FIELDS: Final = 1_000
"""The most custom fields one ``entity/fields/update`` sends."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CustomFieldValue:
    """The value of one custom field on an object (a place): its field's ``type`` and a
    value of that type."""

    type: CustomFieldType
    """The field's type, as the field declares it."""
    value: Any
    """Text for ``text``, ``bigtext``, ``email`` and ``phone``; a number for ``decimal`` and
    ``integer``; an employee ID for ``employee``; null for no value."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LayoutSection:
    """One section of an entity's form: a label and its fields in order."""

    label: str = attrs.field(metadata=rules(max_length=255, printable=True))
    """The section's name."""
    field_order: list[str]
    """Built-in field names and custom field IDs (as text), in the order shown."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityLayout:
    """How an entity's fields are laid out: every built-in and custom field exactly once."""

    sections: list[LayoutSection] = attrs.field(metadata=rules(min_items=1))
    """The sections, in order (at least one)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntitySettings:
    """An entity's settings."""

    layout: EntityLayout
    """The layout of its fields."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Entity:
    """A customizable entity of the account: a kind of object and the layout of its fields."""

    id: int
    """The entity."""
    type: EntityType
    """The kind of objects it describes."""
    settings: EntitySettings
    """Its layout."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeFieldParams:
    """The parameters of an ``employee`` custom field."""

    responsible: bool = False
    """The employee named is responsible for the object and sees it in the mobile app; at
    most one employee field of an entity is."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewEntityField:
    """A custom field's definition, without its ID."""

    label: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """The field's name, unique within its entity (ignoring case)."""
    type: CustomFieldType
    """The kind of its values; fixed once the field exists."""
    required: bool = False
    """Whether every object must give it a value."""
    description: str | None = attrs.field(default=None, metadata=rules(max_length=512))
    """What the field is for."""
    params: EmployeeFieldParams | Unset = UNSET
    """The parameters of an ``employee`` field; left out for the other types."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityFieldChange(NewEntityField):
    """A field of ``entity/fields/update``: a new one (no ID) or one of the entity's, as it
    should be."""

    id: int | Unset | None = UNSET
    """The field to change; null or left out creates a field."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityField(NewEntityField):
    """A custom field of an entity."""

    id: int
    """The field; objects key its values by this ID as text."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityReadParams:
    """Parameters of ``entity/read``: exactly one of ``id`` and ``type``."""

    id: int | Unset | None = UNSET
    """The entity."""
    type: EntityType | Unset | None = UNSET
    """The entity of this type."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityReadResult:
    """What ``entity/read`` answers: the entity and its custom fields."""

    entity: Entity
    """The entity."""
    fields: list[EntityField]
    """Its custom fields, by ID."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityUpdateParams:
    """Parameters of ``entity/update``."""

    entity: Entity
    """The entity with its ID and its layout as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityFieldsReadParams:
    """Parameters of ``entity/fields/read``."""

    entity_id: int
    """The entity."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityFieldsUpdateParams:
    """Parameters of ``entity/fields/update``."""

    entity_id: int
    """The entity."""
    fields: list[EntityFieldChange] = attrs.field(
        metadata=rules(max_items=MAX_FIELDS, one_or_many=True)
    )
    """Fields to create (no ID) and fields of the entity to change."""
    delete_missing: bool = False
    """Delete the entity's fields that ``fields`` leaves out (their values go with them)."""
