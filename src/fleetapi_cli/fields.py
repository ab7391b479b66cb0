"""The options of a params model: each attrs field becomes an option named after its wire name.

``tracker_id`` becomes ``--tracker-id``: numbers, strings, date/times and enums are plain
options (enums list their choices); booleans ``--flag/--no-flag`` pairs; lists repeated options
or a JSON array; nested objects JSON text, ``@file.json`` or ``-``. The help of each option is
the field's docstring. The generated commands (:mod:`fleetapi_cli.generated`) and the docs
read them.
"""

from __future__ import annotations

import datetime as dt
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

import typer

from fleetapi_cli.values import WHEN_HELP, parse_json, parse_when

__all__ = [
    "FieldSpec",
    "Kind",
    "field_help",
    "field_specs",
    "object_type",
]

Kind = Literal["int", "float", "bool", "str", "choice", "list", "json"]

_METAVARS: dict[Any, str] = {
    int: "INTEGER",
    float: "NUMBER",
    str: "TEXT",
    dt.datetime: "WHEN",
    dt.date: "YYYY-MM-DD",
    dt.timedelta: "DURATION",
}
_HINTS: dict[Any, str] = {
    dt.datetime: f"WHEN: {WHEN_HELP}.",
    dt.date: "A date, YYYY-MM-DD.",
    dt.timedelta: "An ISO 8601 duration, e.g. PT1H30M.",
}
_JSON_HINT = "JSON text, @file.json, or - for stdin."


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (Union, types.UnionType)


def _core_type(tp: Any) -> Any:
    """``tp`` without ``Unset`` and ``None`` (the omitted and null states)."""
    from fleetapi._types import Unset

    if not _is_union(tp):
        return tp
    args = tuple(a for a in typing.get_args(tp) if a is not Unset and a is not type(None))
    if len(args) == 1:
        return args[0]
    return Union[args]  # noqa: UP007 - built from a tuple at run time


def _scalar_kind(tp: Any) -> Kind | None:
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is float:
        return "float"
    if tp in (str, dt.datetime, dt.date, dt.timedelta):
        return "str"
    if typing.get_origin(tp) is Literal:
        return "choice"
    return None


@dataclass(frozen=True)
class FieldSpec:
    """How one params field appears on the command line."""

    name: str
    """The attribute name."""
    wire: str
    """The JSON key (``from_`` travels as ``from``)."""
    option: str
    """The option, ``--tracker-id``."""
    param: str
    """The Python parameter of the generated function."""
    kind: Kind
    item_kind: Kind | None
    """The kind of a list's items (``json`` for lists of objects)."""
    choices: tuple[Any, ...]
    """The values of an enum (a ``Literal``), of the field or of a list's items."""
    required: bool
    """The model requires the field (an object's field may still come from its JSON)."""
    type: Any
    help: str
    parent: str | None = None
    """The wire name of the object option this is a field of (``task`` for ``--label``)."""

    def annotation(self) -> Any:
        """The Typer annotation of the option."""
        metavar = self._metavar()
        decl = f"{self.option}/--no-{self.option[2:]}" if self.kind == "bool" else self.option
        info = typer.Option(decl, help=self.help, metavar=metavar, show_default=False)
        base: Any
        if self.kind == "int":
            base = int
        elif self.kind == "float":
            base = float
        elif self.kind == "bool":
            base = bool
        elif self.kind == "choice":
            base = Literal[tuple(str(c) for c in self.choices)]
        elif self.kind == "list":
            base = list[str]
        else:
            base = str
        return Annotated[base | None, info]

    def _metavar(self) -> str | None:
        if self.kind == "bool":
            return None
        if self.kind == "choice":
            return "[" + "|".join(str(c) for c in self.choices) + "]"
        if self.kind == "json":
            return "TEXT|JSON" if self._takes_text() else "JSON"
        core = _core_type(self.type)
        if self.kind == "list":
            if self.item_kind == "choice":
                return "[" + "|".join(str(c) for c in self.choices) + "]"
            item = typing.get_args(core)[0] if typing.get_args(core) else str
            return _METAVARS.get(item, "JSON") if self.item_kind != "json" else "JSON"
        return _METAVARS.get(core, "TEXT")

    def convert(self, raw: Any) -> Any:
        """The JSON value of what was given on the command line."""
        if self.kind == "json":
            if self._takes_text() and not raw.lstrip().startswith(("{", "[", '"', "@", "-")):
                return raw  # a plain text value of a text-or-object field (geocoder search --q)
            return parse_json(raw, what=self.option)
        if self.kind == "choice":
            return self._choice(raw)
        if _core_type(self.type) is dt.datetime:  # one rule for moments: values.parse_when
            from fleetapi._converter import format_datetime

            return format_datetime(parse_when(raw, end=self.wire == "to"))
        if self.kind == "list":
            items: list[Any] = []
            for value in raw:
                text = value.strip()
                if self.item_kind == "json" or text.startswith("["):
                    parsed = parse_json(value, what=self.option)
                    items.extend(parsed if isinstance(parsed, list) else [parsed])
                else:
                    items.append(self._item(value))
            return items
        return raw

    def _takes_text(self) -> bool:
        """Whether the field is a union with ``str`` (text, or an object given as JSON)."""
        return str in typing.get_args(_core_type(self.type))

    def _choice(self, raw: str) -> Any:
        for choice in self.choices:
            if str(choice) == raw:
                return choice
        raise typer.BadParameter(f"{raw!r} is not one of {self._metavar()}", param_hint=self.option)

    def _item(self, text: str) -> Any:
        if self.item_kind == "choice":
            return self._choice(text)
        if self.item_kind in ("int", "float"):
            convert = int if self.item_kind == "int" else float
            try:
                return convert(text)
            except ValueError:
                raise typer.BadParameter(
                    f"{text!r} is not a valid {self.item_kind}", param_hint=self.option
                ) from None
        if self.item_kind == "bool":
            if text.lower() in ("true", "false"):
                return text.lower() == "true"
            raise typer.BadParameter(f"{text!r} is not true or false", param_hint=self.option)
        return text


def _analyse(tp: Any) -> tuple[Kind, Kind | None, tuple[Any, ...]]:
    core = _core_type(tp)
    kind = _scalar_kind(core)
    if kind == "choice":
        return kind, None, typing.get_args(core)
    if kind is not None:
        return kind, None, ()
    if typing.get_origin(core) in (list, tuple, set, frozenset, Sequence):
        args = typing.get_args(core)
        item = _core_type(args[0]) if args else Any
        item_kind = _scalar_kind(item) or "json"
        choices = typing.get_args(item) if item_kind == "choice" else ()
        return "list", item_kind, choices
    return "json", None, ()


def _field_doc(model: type[Any], name: str) -> str:
    """The docstring of ``model``'s field ``name`` as plain text (constants by value)."""
    from fleetapi._docstrings import field_doc, plain_text

    return plain_text(field_doc(model, name))


def field_help(model: str, name: str) -> str:
    """The help of an option that stands for a model's field: the field's own docstring, so
    that the model says it once.

    ``model`` is ``"module:Class"`` (``"fleetapi.models.reading:ReadingsListParams"``): the
    docstring is read from the module's source (the class's or a base's declared there), so a
    command's options cost no model import.

    Raises:
        LookupError: No field ``name`` with a docstring.
    """
    from fleetapi._docstrings import field_doc_in, plain_text

    module_name, _, class_name = model.partition(":")
    text = plain_text(field_doc_in(module_name, class_name, name))
    if not text:
        raise LookupError(f"{model}.{name} has no docstring to serve as the option's help")
    return text


def object_type(spec: FieldSpec) -> type[Any] | None:
    """The attrs class of an object option (``NewTask`` for ``--task``), if it is one."""
    import attrs

    core = _core_type(spec.type)
    return core if spec.kind == "json" and isinstance(core, type) and attrs.has(core) else None


def field_specs(params: type[Any], *, within: str | None = None) -> list[FieldSpec]:
    """The command-line options of a params model, in field order; ``within`` names the
    object option whose fields they are (their help then never says required: the object's
    JSON may give them)."""
    import attrs

    from fleetapi._formats import wire_name

    hints = typing.get_type_hints(params)
    specs: list[FieldSpec] = []
    for index, attribute in enumerate(attrs.fields(params)):
        wire = wire_name(attribute.name)
        tp = hints.get(attribute.name, Any)
        kind, item_kind, choices = _analyse(tp)
        required = attribute.default is attrs.NOTHING
        parts = [_field_doc(params, attribute.name)]
        core = _core_type(tp)
        if kind == "list":
            parts.append("Repeat the option, or give a JSON array.")
        elif kind == "json":
            parts.append(_JSON_HINT)
        elif core in _HINTS:
            parts.append(_HINTS[core])
        if required and within is None:
            parts.append("[required]")
        specs.append(
            FieldSpec(
                name=attribute.name,
                wire=wire,
                option="--" + wire.replace("_", "-"),
                param=f"field_{index}" if within is None else f"member_{within}_{index}",
                kind=kind,
                item_kind=item_kind,
                choices=choices,
                required=required,
                type=tp,
                help=" ".join(p for p in parts if p),
                parent=within,
            )
        )
    return specs
