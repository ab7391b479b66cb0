"""JSON Schema (2020-12) of the models: used by the OpenAPI document and the world schema.

The schemas follow the wire: attribute names without a trailing ``_``, ``UNSET`` fields not
required, nullable fields as ``[T, null]``, date/times as strings, tagged unions as ``oneOf``
with a discriminator.
"""

from __future__ import annotations

import datetime as dt
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from fleetapi._converter import wire_name
from fleetapi._docstrings import field_doc, markdown_of, summary
from fleetapi._rules import rules_of
from fleetapi._types import TAGGED_UNIONS, Unset

__all__ = ["SchemaBuilder", "is_text_schema", "world_schema"]


def _date_pattern(year: str, leap_year: str) -> str:
    """A date of the Gregorian calendar (leap days included) with years matching ``year``,
    and ``leap_year`` matching the leap years among them."""
    return (
        f"({year}-(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])"
        f"|{year}-(0[469]|11)-(0[1-9]|[12][0-9]|30)"
        f"|{year}-02-(0[1-9]|1[0-9]|2[0-8])"
        f"|{leap_year}-02-29)"
    )


_ANY_DATE = _date_pattern(
    "(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})",
    "([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)",
)
"""A date in years 1 to 9999 (Python's dates: there is no year 0)."""
_SHOWN_DATE = _date_pattern(
    "[1-8][0-9]{3}",
    "([1-8][0-9](0[48]|[2468][048]|[13579][26])|(1[26]|2[048]|3[26]|4[048]|5[26]|6[048]|7[26]|8[048])00)",
)

DATETIME_SCHEMA: dict[str, Any] = {
    "type": "string",
    "pattern": (
        "^" + _SHOWN_DATE + r"[ T]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?"
        r"(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9])?$"
    ),
    "description": "YYYY-MM-DD HH:MM:SS in the user's time zone (ISO 8601 in ISO mode)",
}
"""A date/time as the mock reads it, in years 1000 to 8999 (which every time zone shows)."""

DATE_SCHEMA: dict[str, Any] = {"type": "string", "pattern": "^" + _ANY_DATE + "$"}

_DAYS = "([0-9]+W)?[0-9]+D|[0-9]+W"
_TIME = r"T([0-9]+H([0-9]+M)?([0-9]+(\.[0-9]+)?S)?|[0-9]+M([0-9]+(\.[0-9]+)?S)?|[0-9]+(\.[0-9]+)?S)"
DURATION_SCHEMA: dict[str, Any] = {
    "type": "string",
    "pattern": f"^-?P(({_DAYS})({_TIME})?|{_TIME})$",
    "description": "ISO 8601 duration of weeks, days, hours, minutes and seconds",
}

TEXT_PATTERN = r"^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$"
"""Text without control characters (tab, line feed and carriage return allowed), as the strict
converter reads it (which also refuses lone surrogates, which no portable pattern can name)."""


class SchemaBuilder:
    """Builds JSON Schemas of types, collecting attrs classes as named definitions.

    Args:
        ref_prefix: Where definitions live: ``#/$defs/`` (plain JSON Schema) or
            ``#/components/schemas/`` (OpenAPI).
        closed: Forbid properties the classes do not declare (world documents); the API's
            objects stay open, since the service adds fields.
    """

    def __init__(self, ref_prefix: str = "#/$defs/", *, closed: bool = False) -> None:
        self.ref_prefix = ref_prefix
        self.closed = closed
        self.definitions: dict[str, dict[str, Any]] = {}
        self._names: dict[type, str] = {}

    def name_of(self, cls: type) -> str:
        """The definition name of an attrs class (qualified by module on a clash)."""
        if cls in self._names:
            return self._names[cls]
        name = cls.__name__
        if name in self._names.values():
            name = cls.__module__.rsplit(".", 1)[-1].title().replace("_", "") + name
        self._names[cls] = name
        return name

    def schema(self, tp: Any) -> dict[str, Any]:
        """The schema of ``tp`` (a reference for attrs classes)."""
        if tp is Any or tp is object:
            return {}
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string", "pattern": TEXT_PATTERN}
        if tp is bytes:
            return {"type": "string", "contentMediaType": "application/octet-stream"}
        if tp is dt.datetime:
            return dict(DATETIME_SCHEMA)
        if tp is dt.date:
            return dict(DATE_SCHEMA)
        if tp is dt.timedelta:
            return dict(DURATION_SCHEMA)
        if tp in TAGGED_UNIONS:
            return self._tagged(tp)
        origin = get_origin(tp)
        args = get_args(tp)
        if origin is Literal:
            kinds = {type(a) for a in args}
            out: dict[str, Any] = {"enum": list(args)}
            if kinds == {str}:
                out["type"] = "string"
            elif kinds == {int}:
                out["type"] = "integer"
            return out
        if origin is Union or origin is types.UnionType:
            members = [a for a in args if a is not Unset]
            if len(members) == 1:
                return self.schema(members[0])
            nullable = type(None) in members
            rest = [a for a in members if a is not type(None)]
            if len(rest) == 1:
                inner = self.schema(rest[0])
                if nullable and set(inner) <= {"type", "format", "pattern", "description"}:
                    return {**inner, "type": [inner["type"], "null"]}
                return {"anyOf": [inner, {"type": "null"}]} if nullable else inner
            options = [self.schema(a) for a in rest]
            if nullable:
                options.append({"type": "null"})
            return {"anyOf": options}
        if origin in (list, tuple, set, frozenset):
            return {"type": "array", "items": self.schema(args[0]) if args else {}}
        if origin is dict or origin is Mapping:
            value = args[1] if len(args) == 2 else Any
            keys = {"propertyNames": {"pattern": TEXT_PATTERN}} if args and args[0] is str else {}
            return {"type": "object", **keys, "additionalProperties": self.schema(value)}
        if isinstance(tp, type) and attrs.has(tp):
            return {"$ref": self.ref_prefix + self.define(tp)}
        return {}

    def define(self, cls: type, *, extra: dict[str, Any] | None = None) -> str:
        """Add the definition of attrs class ``cls``; return its name."""
        name = self.name_of(cls)
        if name in self.definitions:
            return name
        self.definitions[name] = {}  # placeholder against recursion
        self.definitions[name] = self.object_schema(cls, extra=extra, closed=self.closed)
        return name

    def object_schema(
        self, cls: type, *, extra: dict[str, Any] | None = None, closed: bool = False
    ) -> dict[str, Any]:
        """The inline object schema of attrs class ``cls``."""
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        for field in attrs.fields(cls):
            key = wire_name(field.name)
            prop = self.schema(hints.get(field.name, Any))
            doc = _field_doc(cls, field.name)
            if doc and "$ref" not in prop:
                prop = {**prop, "description": doc}
            limits = rules_of(field)
            if limits is not None and "$ref" not in prop:
                prop = _with_limits(prop, limits.json_schema())
            if limits is not None and limits.blank:
                prop = {"anyOf": [prop, {"type": "string", "enum": [""]}]}
            if limits is not None and limits.one_or_many and "items" in prop:
                prop = {"anyOf": [prop, prop["items"]]}
            properties[key] = prop
            if field.default is attrs.NOTHING:
                required.append(key)
        out: dict[str, Any] = {"type": "object"}
        if cls.__doc__:
            out["description"] = summary(cls.__doc__, cls.__module__)
        out["properties"] = {**(extra or {}), **properties}
        if required or extra:
            out["required"] = [*(extra or {}), *required]
        if closed:
            out["additionalProperties"] = False
        return out

    def _tagged(self, union: Any) -> dict[str, Any]:
        tag, _ = TAGGED_UNIONS[union]
        refs = []
        mapping = {}
        for member in get_args(union):
            value = str(member.TAG)
            name = self.define(member, extra={tag: {"const": value}})
            refs.append({"$ref": self.ref_prefix + name})
            mapping[value] = self.ref_prefix + name
        return {"oneOf": refs, "discriminator": {"propertyName": tag, "mapping": mapping}}


def is_text_schema(schema: dict[str, Any]) -> bool:
    """Whether values of ``schema`` are text, or text or null: they travel as plain text in
    forms and queries (where a null cannot be spelled)."""
    kind = schema.get("type")
    return kind == "string" or (
        isinstance(kind, list) and "string" in kind and set(kind) <= {"string", "null"}
    )


def _with_limits(prop: dict[str, Any], limits: dict[str, Any]) -> dict[str, Any]:
    """``prop`` with the JSON Schema keywords of its limits; a second pattern joins the first
    under ``allOf`` (a schema holds one ``pattern``)."""
    extra = dict(limits)
    pattern = extra.pop("pattern", None)
    out = {**prop, **extra}
    if pattern is not None:
        if "pattern" in out:
            out["allOf"] = [*out.get("allOf", []), {"pattern": pattern}]
        else:
            out["pattern"] = pattern
    return out


def _field_doc(cls: type, name: str) -> str | None:
    """The field's docstring as Markdown, constants by value (:mod:`fleetapi._docstrings`)."""
    return markdown_of(field_doc(cls, name)) or None


def world_schema() -> dict[str, Any]:
    """The JSON Schema of world documents (``docs/world.schema.json`` is this, saved)."""
    from fleetapi_mock.state.world import COLLECTIONS, DOCUMENT_FORMAT

    builder = SchemaBuilder("#/$defs/", closed=True)
    properties: dict[str, Any] = {
        "format": {"const": DOCUMENT_FORMAT, "description": "The format and its version"},
        "description": {"type": "string", "description": "Free text for people"},
        "now": {
            **DATETIME_SCHEMA,
            "description": "The world clock's start (UTC); every date/time of a world is UTC",
        },
        "seed": {"type": "integer", "description": "Seed of the world's random source"},
        "sequences": {
            "type": "object",
            "description": "The next id of each collection (at least max id + 1 is used)",
            "additionalProperties": {"type": "integer"},
        },
    }
    for name, collection in COLLECTIONS.items():
        properties[name] = {"type": "array", "items": builder.schema(collection.record)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://fleetapi.invalid/world.schema.json",
        "title": "fleetapi mock world document",
        "description": "The state of the fleetapi mock backend (see docs/world-format.md).",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
        "$defs": dict(sorted(builder.definitions.items())),
    }


if __name__ == "__main__":
    import json
    import sys

    sys.stdout.write(json.dumps(world_schema(), indent=2) + "\n")
