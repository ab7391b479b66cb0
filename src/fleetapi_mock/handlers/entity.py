"""Customizable entities and their custom fields (``entity/*``, ``entity/fields/*``).

The entities and fields are the account's (``world.entities``, ``world.entity_fields``): every
user of the account reads them, and users with the ``places_custom_fields_update`` right
change them. A field's values live on the places (``fields``, keyed by the field's ID as text);
a deleted field's values go with it.
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import InvalidParametersError
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.entity import (
    ENTITY_FIELDS_READ,
    ENTITY_FIELDS_UPDATE,
    ENTITY_LIST,
    ENTITY_READ,
    ENTITY_UPDATE,
)
from fleetapi.models.entity import (
    BUILTIN_FIELDS,
    EmployeeFieldParams,
    Entity,
    EntityField,
    EntityFieldChange,
    EntityFieldsReadParams,
    EntityFieldsUpdateParams,
    EntityReadParams,
    EntityReadResult,
    EntityUpdateParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.entity import (
    account_entities,
    entity_of,
    fields_of,
    wire_entity,
    wire_field,
    with_layout,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EntityFieldRecord, EntityRecord, convert


@handles(ENTITY_LIST)
def entity_list(ctx: Context, params: NoParams) -> list[Entity]:
    """The account's entities (its place entity), by ID."""
    return [wire_entity(e) for e in account_entities(ctx)]


@handles(ENTITY_READ)
def entity_read(ctx: Context, params: EntityReadParams) -> EntityReadResult:
    """One entity of the account, named by ``id`` or by ``type`` (exactly one), with its
    fields (201: no such entity)."""
    named = [v for v in (params.id, params.type) if v is not None and v is not UNSET]
    if len(named) != 1:
        raise invalid("id", "give exactly one of id and type")
    if isinstance(params.id, int):
        entity = entity_of(ctx, params.id)
    else:
        entity = entity_of(ctx, kind="place")
    fields = [wire_field(f) for f in fields_of(ctx, entity.id)]
    return EntityReadResult(entity=wire_entity(entity), fields=fields)


@handles(ENTITY_UPDATE)
def entity_update(ctx: Context, params: EntityUpdateParams) -> None:
    """Replace an entity's layout: the same fields, rearranged (7 otherwise, 201: no such
    entity)."""
    changed = params.entity
    entity = entity_of(ctx, changed.id)
    if changed.type != entity.type:
        raise invalid("entity.type", f"must be {entity.type!r}, the entity's")
    expected = [*BUILTIN_FIELDS[entity.type], *(str(f.id) for f in fields_of(ctx, entity.id))]
    listed = [name for s in changed.settings.layout.sections for name in s.field_order]
    problems = []
    unknown = sorted({n for n in listed if n not in expected})
    if unknown:
        problems.append(f"not fields of the entity: {', '.join(unknown)}")
    twice = sorted({n for n in listed if listed.count(n) > 1 and n in expected})
    if twice:
        problems.append(f"listed more than once: {', '.join(twice)}")
    missing = [n for n in expected if n not in listed]
    if missing:
        problems.append(f"left out: {', '.join(missing)}")
    if problems:
        raise invalid("entity.settings.layout.sections", "; ".join(problems))
    ctx.world.entities[entity.id] = attrs.evolve(entity, settings=changed.settings)


@handles(ENTITY_FIELDS_READ)
def entity_fields_read(ctx: Context, params: EntityFieldsReadParams) -> list[EntityField]:
    """The custom fields of an entity of the account, by ID (201: no such entity)."""
    entity = entity_of(ctx, params.entity_id)
    return [wire_field(f) for f in fields_of(ctx, entity.id)]


@handles(ENTITY_FIELDS_UPDATE)
def entity_fields_update(ctx: Context, params: EntityFieldsUpdateParams) -> list[EntityField]:
    """Create the fields without ID, change those with one, delete the others when
    ``delete_missing``; answers every field of the entity (7: a rule broken, nothing
    changed; 201: no such entity)."""
    entity = entity_of(ctx, params.entity_id)
    stored = {f.id: f for f in fields_of(ctx, entity.id)}
    _check_changes(params.fields, stored, keep_others=not params.delete_missing)
    world, owner = ctx.world, ctx.account.id
    added: list[int] = []
    for change in params.fields:
        extra = change.params
        if change.type == "employee" and extra is UNSET:
            extra = EmployeeFieldParams()
        field_id = change.id if isinstance(change.id, int) else world.ids.next("entity_fields")
        if not isinstance(change.id, int):
            added.append(field_id)
        world.entity_fields[field_id] = convert(
            EntityFieldRecord,
            change,
            id=field_id,
            params=extra,
            user_id=owner,
            entity_id=entity.id,
        )
    kept = {c.id for c in params.fields}
    gone = [i for i in stored if i not in kept] if params.delete_missing else []
    _delete_fields(ctx, entity, gone)
    world.entities[entity.id] = with_layout(world.entities[entity.id], added=added, gone=gone)
    return [wire_field(f) for f in fields_of(ctx, entity.id)]


def _check_changes(
    changes: list[EntityFieldChange], stored: dict[int, EntityFieldRecord], *, keep_others: bool
) -> None:
    """Raise 7 naming every field of ``changes`` that breaks a rule of ``entity/fields/update``
    (``stored``: the entity's fields; ``keep_others``: those left out stay)."""
    errors: list[dict[str, str]] = []
    named = {c.id for c in changes if isinstance(c.id, int)}
    others = [f for i, f in stored.items() if i not in named] if keep_others else []
    labels = {f.label.casefold() for f in others}
    responsible = any(_responsible(f) for f in others)
    seen: set[int] = set()
    for index, change in enumerate(changes):
        where = f"fields[{index}]"
        if isinstance(change.id, int):
            old = stored.get(change.id)
            if old is None:
                errors.append({"parameter": f"{where}.id", "error": "no field of the entity"})
            elif change.id in seen:
                errors.append({"parameter": f"{where}.id", "error": "given twice"})
            elif change.type != old.type:
                problem = f"a field's type never changes: {old.type!r}"
                errors.append({"parameter": f"{where}.type", "error": problem})
            seen.add(change.id)
        if change.params is not UNSET and change.type != "employee":
            problem = "only employee fields take params"
            errors.append({"parameter": f"{where}.params", "error": problem})
        label = change.label.casefold()
        if label in labels:
            errors.append({"parameter": f"{where}.label", "error": "another field has it"})
        labels.add(label)
        if _responsible(change):
            if responsible:
                problem = "another employee field is the responsible one"
                errors.append({"parameter": f"{where}.params.responsible", "error": problem})
            responsible = True
    if errors:
        raise InvalidParametersError(errors=errors)


def _responsible(field: EntityField | EntityFieldChange) -> bool:
    """Whether ``field`` is an employee field naming the responsible employee."""
    extra = field.params
    return field.type == "employee" and not isinstance(extra, Unset) and extra.responsible


def _delete_fields(ctx: Context, entity: EntityRecord, gone: list[int]) -> None:
    """Delete the fields ``gone`` of ``entity`` and their values on the account's places."""
    if not gone:
        return
    names = {str(i) for i in gone}
    for place in ctx.owned(ctx.world.places):
        if names & set(place.fields):
            kept = {k: v for k, v in place.fields.items() if k not in names}
            ctx.world.places.change(place.id, fields=kept)
    for field_id in gone:
        del ctx.world.entity_fields[field_id]
