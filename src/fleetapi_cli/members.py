"""The fields of an object option as options of their own: ``fleet task update 5 --label X``.

A generated command whose call takes an object (``task/create``'s ``task``) offers each field
of that object as an option named after the field (``--label``, ``--tags``), or after the
object and the field (``--task-label``) when the plain name is taken by another option or by a
field of another object. What these options give is merged into the object given as JSON
(``--task`` or ``--input``), and overrides it.

An update the service reads whole (``task/update``) declares the call answering the object as
it is (:attr:`fleetapi.endpoints.Endpoint.current`): given field options and no JSON object,
the command reads the object by its ID (the command's argument, or ``--id``), changes what the
options give, and sends the rest as it was. Between the read and the update another client may
change the object: the service has no version to check, so the last writer wins.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from fleetapi._formats import wire_name
from fleetapi_cli._index import endpoint_of
from fleetapi_cli.fields import FieldSpec, _core_type, field_specs, object_type
from fleetapi_cli.output import to_jsonable

if TYPE_CHECKING:
    from fleetapi import Client
    from fleetapi._endpoint import Endpoint

__all__ = [
    "fit_to",
    "identity",
    "member_specs",
    "merge_members",
    "object_help",
    "read_current",
]


def member_specs(specs: Sequence[FieldSpec], taken: set[str]) -> list[FieldSpec]:
    """The options of the fields of each object option in ``specs``; ``taken`` holds the
    command's other option names."""
    nested: list[FieldSpec] = []
    for spec in specs:
        cls = object_type(spec)
        if cls is not None:
            nested.extend(field_specs(cls, within=spec.wire))
    names = [s.option for s in nested]
    used = taken | {s.option for s in specs}
    members: list[FieldSpec] = []
    for member in nested:
        option = member.option
        if option in used or names.count(option) > 1:
            option = f"--{member.parent}-{member.wire}".replace("_", "-")
        help_text = f"{member.help} [in --{member.parent}]".replace("_", "-").lstrip()
        members.append(dataclasses.replace(member, option=option, help=help_text))
    return members


def object_help(spec: FieldSpec, members: Sequence[FieldSpec]) -> FieldSpec:
    """``spec`` saying, when it is a required object with field options, that they may stand
    for it."""
    if not spec.required or not any(m.parent == spec.wire for m in members):
        return spec
    text = spec.help.replace("[required]", "[required: as JSON, or by its fields' options]")
    return dataclasses.replace(spec, help=text)


def identity(members: Sequence[FieldSpec]) -> FieldSpec | None:
    """The required ``id`` field of the command's object, which the command also takes as its
    argument (``fleet task update 5``)."""
    ids = [m for m in members if m.wire == "id" and m.required and m.kind == "int"]
    return ids[0] if len(ids) == 1 else None


def merge_members(
    body: dict[str, Any],
    members: Sequence[FieldSpec],
    values: Mapping[str, Any],
    current: Callable[[str, dict[str, Any]], dict[str, Any] | None],
) -> None:
    """Merge into ``body`` the object fields given as options (``values`` by parameter).

    An object absent from ``body`` starts as ``current(parent, given)`` when that answers one
    (the object as it is, read for an update), else empty.

    Raises:
        ValueError: The object in ``body`` is not a JSON object.
    """
    given: dict[str, dict[str, Any]] = {}
    for member in members:
        raw = values.get(member.param)
        if raw is None or (member.kind == "list" and not raw):
            continue
        assert member.parent is not None
        given.setdefault(member.parent, {})[member.wire] = member.convert(raw)
    for parent, fields in given.items():
        base = body.get(parent)
        if base is None:
            base = current(parent, fields) or {}
        if not isinstance(base, dict):
            raise ValueError(f"--{parent}: a JSON object is needed to add fields to")
        body[parent] = {**base, **fields}


def fit_to(value: Any, cls: type[Any]) -> Any:
    """``value`` (the JSON of an object as read) less the keys ``cls`` has no field for, at
    every level where ``cls``'s fields are attrs classes or lists of them (a read object
    carries more than its update takes)."""
    if not isinstance(value, dict):
        return value
    hints = typing.get_type_hints(cls)
    fitted: dict[str, Any] = {}
    for attribute in attrs.fields(cls):
        key = wire_name(attribute.name)
        if key not in value:
            continue
        core = _core_type(hints.get(attribute.name, Any))
        item = value[key]
        if isinstance(core, type) and attrs.has(core):
            item = fit_to(item, core)
        elif typing.get_origin(core) is list and isinstance(item, list):
            (inner,) = typing.get_args(core) or (Any,)
            inner = _core_type(inner)
            if isinstance(inner, type) and attrs.has(inner):
                item = [fit_to(v, inner) for v in item]
        fitted[key] = item
    return fitted


def read_current(client: Client, update: Endpoint, parent: str, ident: int) -> dict[str, Any]:
    """The object ``parent`` with ID ``ident`` as ``update``'s ``current`` call answers it,
    less what the update does not take.

    Raises:
        EntityNotFoundError: A list holds no object with that ID (code 201, as the update
            would answer).
    """
    from fleetapi import EntityNotFoundError
    from fleetapi._converter import structure_request

    if update.current is None:
        raise ValueError(f"{update.path} declares no call reading its object")
    read = endpoint_of(update.current)
    listing = typing.get_origin(read.result.type) is list
    specs = field_specs(read.params)
    key = [s.wire for s in specs if s.required]
    body: dict[str, Any] = {} if listing else {key[0]: ident}
    if listing and any(s.wire == f"{parent}_ids" for s in specs):
        body = {f"{parent}_ids": [ident]}  # a list that finds its objects by ID: that one
    answer = to_jsonable(client.call(read, structure_request(body, read.params)))
    if listing:
        answer = next((item for item in answer if item.get("id") == ident), None)
        if answer is None:
            raise EntityNotFoundError(f"No {parent} with ID {ident}", endpoint=read.path)
    elif read.result.key is None and isinstance(answer, dict) and "value" in answer:
        answer = answer["value"]  # a read answering more than the object (task/read)
    (spec,) = [s for s in field_specs(update.params) if s.wire == parent]
    cls = object_type(spec)
    fitted = fit_to(answer, cls) if cls is not None else answer
    return fitted if isinstance(fitted, dict) else {}
