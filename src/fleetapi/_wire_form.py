"""The JSON form of a model made from its fields' values, without building the model.

A batch's answer is a thousand rows of a model of up to forty fields, most of them at their
defaults. Building each row's model, then writing it with the converter, cost more than
checking the row. :class:`WireForm` gives, for the values of a model's fields, the very
dict ``converter_for(iso=iso).unstructure(cls(**values))`` gives (the same keys in the same
order, the same values): a copy of the JSON form of the defaults, and the converter's own
hook for each field given. :meth:`WireForm.echo` takes a field's JSON value instead, as the
client's converter reads it. Property tests hold both to the converter's answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import attrs
from attrs import NOTHING
from cattrs.fns import identity

from fleetapi._client_structure import plain_read
from fleetapi._converter import converter_for
from fleetapi._formats import wire_name
from fleetapi._types import TAGGED_UNIONS, UNSET

__all__ = ["WireForm", "wire_form"]

Write = Callable[[Any], Any]
Read = Callable[[Any], Any]


@cache
def wire_form(cls: type, *, iso: bool = False) -> WireForm:
    """The :class:`WireForm` of ``cls`` written in ``iso`` mode, made once."""
    return WireForm(cls, iso=iso)


class WireForm:
    """The JSON form of ``cls`` from its fields' values (see the module's docstring).

    Fields with the omitted default (``UNSET``) are left out unless given, and come after the
    others, as the converter writes them. ``TypeError`` for a class whose form is not its
    fields' alone: a member of a tagged union (written with its tag), a class that sets
    fields of its own when made.
    """

    def __init__(self, cls: type, *, iso: bool = False) -> None:
        if any(any(cls is m for m in _members(u)) for u in TAGGED_UNIONS):
            raise TypeError(f"{cls.__qualname__} is written with its union's tag")
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
        if any(not a.init for a in fields) or hasattr(cls, "__attrs_post_init__"):
            raise TypeError(f"{cls.__qualname__} sets fields of its own when made")
        out, read = converter_for(iso=iso), converter_for()
        self._template: dict[str, Any] = {}
        self._fresh: list[tuple[str, str, Callable[[], Any], Write | None]] = []
        self._steps: dict[str, tuple[str, Write | None, int | None, bool]] = {}
        self._echoes: dict[str, tuple[str, Read | None, Write | None, int | None, bool]] = {}
        self._required = [(a.name, wire_name(a.name)) for a in fields if a.default is NOTHING]
        for index, a in enumerate(fields):
            key = wire_name(a.name)
            hook = out.get_unstructure_hook(a.type)
            write = None if hook == identity else hook
            omitted = index if a.default is UNSET else None
            required = a.default is NOTHING
            if required:
                self._template[key] = None  # a place in the order, always given
            elif isinstance(a.default, attrs.Factory):  # type: ignore[arg-type]
                if a.default.takes_self:
                    raise TypeError(f"{cls.__qualname__}.{a.name}: a default from the instance")
                self._template[key] = None  # made for each form when not given
                self._fresh.append((a.name, key, a.default.factory, write))
            elif omitted is None:
                self._template[key] = a.default if write is None else write(a.default)
            self._steps[a.name] = (key, write, omitted, required)
            self._echoes[key] = (a.name, plain_read(a.type, read), write, omitted, required)

    def __call__(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The JSON form of the model with ``values`` (by attribute name), the others at
        their defaults."""
        return self._form({}, values)

    def echo(self, wire: Mapping[str, Any], **values: Any) -> dict[str, Any]:
        """The JSON form of the model the client's converter reads from ``wire`` (unknown
        keys ignored), with ``values`` (by attribute name) besides."""
        return self._form(wire, values)

    def _form(self, wire: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        form = self._template.copy()
        late: list[tuple[int, str, Any]] | None = None
        given = 0  # the required fields among them
        for key, item in wire.items():
            step = self._echoes.get(key)
            if step is None:
                continue
            name, convert, write, omitted, required = step
            if values and name in values:
                continue
            given += required
            if convert is not None:
                item = convert(item)
            if omitted is None:
                form[key] = item if write is None else write(item)
            elif item is not UNSET:
                late = late or []
                late.append((omitted, key, item if write is None else write(item)))
        for name, value in values.items():
            key, write, omitted, required = self._steps[name]
            given += required
            if omitted is None:
                form[key] = value if write is None else write(value)
            elif value is not UNSET:
                late = late or []
                late.append((omitted, key, value if write is None else write(value)))
        if given < len(self._required):
            missing = [n for n, k in self._required if k not in wire and n not in values]
            raise TypeError(f"missing fields: {', '.join(missing)}")
        for name, key, factory, write in self._fresh:
            if key not in wire and name not in values:
                value = factory()
                form[key] = value if write is None else write(value)
        if late:
            late.sort(key=_first)
            for _, key, value in late:
                form[key] = value
        return form


def _first(item: tuple[int, str, Any]) -> int:
    return item[0]


def _members(union: Any) -> tuple[Any, ...]:
    return getattr(union, "__args__", ())
