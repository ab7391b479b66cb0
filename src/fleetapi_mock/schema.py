"""JSON Schema (2020-12) of the models: used by the OpenAPI document and the world schema.

The schemas follow the wire: attribute names without a trailing ``_``, ``UNSET`` fields not
required, nullable fields as ``[T, null]``, date/times as strings, tagged unions as ``oneOf``
with a discriminator.
"""

from __future__ import annotations

import ast
import datetime as dt
import inspect
import itertools
import sys
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from fleetapi._converter import wire_name
from fleetapi._rules import rules_of
from fleetapi._types import TAGGED_UNIONS, Unset

__all__ = ["SchemaBuilder", "world_schema"]

DATETIME_SCHEMA: dict[str, Any] = {
    "type": "string",
    "pattern": r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}",
    "description": "YYYY-MM-DD HH:MM:SS in the user's time zone (ISO 8601 in ISO mode)",
}


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
            return {"type": "string"}
        if tp is bytes:
            return {"type": "string", "contentMediaType": "application/octet-stream"}
        if tp is dt.datetime:
            return dict(DATETIME_SCHEMA)
        if tp is dt.date:
            return {"type": "string", "format": "date"}
        if tp is dt.timedelta:
            return {"type": "string", "format": "duration", "description": "ISO 8601 duration"}
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
        if origin is dict:
            value = args[1] if len(args) == 2 else Any
            return {"type": "object", "additionalProperties": self.schema(value)}
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
                prop = {**prop, **limits.json_schema()}
            properties[key] = prop
            if field.default is attrs.NOTHING:
                required.append(key)
        out: dict[str, Any] = {"type": "object"}
        if cls.__doc__:
            out["description"] = cls.__doc__.strip().splitlines()[0].replace("``", "`")
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


def _field_doc(cls: type, name: str) -> str | None:
    """The docstring written after an attribute in the class body, if any."""
    return _module_attribute_docs(cls.__module__).get(cls.__qualname__, {}).get(name)


@cache
def _module_attribute_docs(module_name: str) -> dict[str, dict[str, str]]:
    """Attribute docstrings of every class of a module, by class qualname (parsed once)."""
    module = sys.modules.get(module_name)
    try:
        tree = ast.parse(inspect.getsource(module)) if module is not None else None
    except (OSError, TypeError, SyntaxError):
        tree = None
    found: dict[str, dict[str, str]] = {}
    if tree is None:
        return found

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if not isinstance(node, ast.ClassDef):
                continue
            qualname = prefix + node.name
            docs = found.setdefault(qualname, {})
            for item, following in itertools.pairwise(node.body):
                if (
                    isinstance(item, ast.AnnAssign)
                    and isinstance(item.target, ast.Name)
                    and isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)
                ):
                    text = " ".join(following.value.value.split())
                    docs[item.target.id] = text.replace("``", "`")
            visit(node.body, qualname + ".")

    visit(tree.body, "")
    return found


def world_schema() -> dict[str, Any]:
    """The JSON Schema of world documents (``docs/world.schema.json`` is this, saved)."""
    from fleetapi_mock.world import COLLECTIONS, DOCUMENT_FORMAT

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
    for name, (record_type, _) in COLLECTIONS.items():
        properties[name] = {"type": "array", "items": builder.schema(record_type)}
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
