"""What a command prints: the entity, or the list of entities, a row each.

An answer that wraps its result (``{"value": {...}}``, ``{"list": [...], "count": 7}``) is
printed as the entity or the list; what the answer says beside it (a count, ``limit_exceeded``,
``user_time``) goes to stderr, never mixed with the data. Answers that are documents of their own
(a user's info, the dealer's configuration) are printed whole. An empty list keeps the header of
its TSV: the fields of the entities it would hold (:func:`record_fields`).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fleetapi_cli.fields import _core_type, _is_union
from fleetapi_cli.output import note

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = ["entities", "entity_fields", "item_type", "record_fields"]

_ENTITY_KEYS = ("value", "result")
"""The answer fields that hold the one entity a call reads, creates or updates."""
_LIST_KEY = "list"
_QUIET = ("count", "total")
"""Beside-the-list fields the commands already tell (``3 of 12 tasks``)."""


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _tell(key: str, value: Any) -> None:
    if key in _QUIET or value is None or value is False:
        return
    if key == "limit_exceeded":
        note("note: the answer stops at the call's limit (limit_exceeded); narrow the period")
    else:
        note(f"{key}: {value}")


def entities(endpoint: Endpoint, data: Any) -> Any:
    """The entity or the list of entities of a call's answer ``data`` (plain JSON values).

    Only answers that are the whole body (``Result.body``) are unwrapped: a field result is the
    entity already. The rule, in order: a paged call's items; a ``list`` beside plain values
    only; a ``value`` or ``result`` object, with the lists the answer gives beside it (a route's
    ``checkpoints``) as its fields; anything else whole.
    """
    if endpoint.result.key is not None or not isinstance(data, Mapping):
        return data
    items = endpoint.paging.items if endpoint.paging is not None else _LIST_KEY
    if isinstance(data.get(items), list):
        beside = {k: v for k, v in data.items() if k != items}
        if all(_is_scalar(v) for v in beside.values()):
            for key, value in beside.items():
                _tell(key, value)
            return data[items]
    for key in _ENTITY_KEYS:
        entity = data.get(key)
        if isinstance(entity, Mapping):
            merged = dict(entity)
            for other, value in data.items():
                if other == key or value in (None, [], {}):
                    continue
                if isinstance(value, list) and other not in merged:
                    merged[other] = value
                else:
                    _tell(other, value)
            return merged
    return data


def item_type(endpoint: Endpoint) -> Any:
    """The type of the entities a listing call answers (``Tracker`` for ``tracker/list``), or
    ``None`` when its answer is not a list."""
    import attrs

    from fleetapi._formats import wire_name

    tp = endpoint.result.type
    if endpoint.result.key is None and isinstance(tp, type) and attrs.has(tp):
        items = endpoint.paging.items if endpoint.paging is not None else _LIST_KEY
        names = {wire_name(a.name): a.name for a in attrs.fields(tp)}
        if items not in names:
            return None
        tp = typing.get_type_hints(tp).get(names[items])
    core = _core_type(tp)
    if typing.get_origin(core) is list:
        return typing.get_args(core)[0]
    return None


def entity_fields(endpoint: Endpoint) -> list[str] | None:
    """The TSV columns of the entities a listing call answers (``None``: not a list)."""
    tp = item_type(endpoint)
    return record_fields(tp) if tp is not None else None


def _members(tp: Any) -> list[Any]:
    """The types ``tp`` may hold, without ``Unset`` and ``None`` (absent and null)."""
    core = _core_type(tp)
    return list(typing.get_args(core)) if _is_union(core) else [core]


def record_fields(tp: Any, prefix: str = "") -> list[str]:
    """The TSV columns of an entity type: its fields' wire names, nested objects as dotted
    columns (``source.model``), in declaration order; a union's members' fields in turn."""
    import attrs

    from fleetapi._formats import wire_name

    names: dict[str, None] = {}
    for member in _members(tp):
        if not (isinstance(member, type) and attrs.has(member)):
            continue
        hints = typing.get_type_hints(member)
        for attribute in attrs.fields(member):
            name = prefix + wire_name(attribute.name)
            inner = _core_type(hints.get(attribute.name))
            if isinstance(inner, type) and attrs.has(inner):
                names.update(dict.fromkeys(record_fields(inner, name + ".")))
            else:
                names[name] = None
    return list(names)
