"""The client's structure function of an attrs model: one function generated per class.

cattrs' generated function calls a hook for every field present and gathers the optional ones
in a dict passed on with ``**``: for a model of forty fields most of its time goes to those
calls. The client's converter takes this function instead (``bench/sdk.py`` measures it), with
the same results: a field's value is read inline when nothing is to be done with it (an enum
value, ``Any``, a scalar already of its declared type, a null where null is allowed), and any
other goes through the converter's hook for the field's type, as cattrs would do. A missing
field takes its default; a missing required one raises :class:`KeyError`, as cattrs' does.

The mock's strict converter keeps cattrs' function: it reports every error with its path.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Mapping
from typing import Any, get_args

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, override

from fleetapi._annotations import PLAIN_SCALARS, has_unset, is_literal, is_optional, without_unset
from fleetapi._formats import wire_name

__all__ = ["make_client_structure_fn", "plain_read"]

StructureFn = Callable[[Mapping[str, Any], Any], Any]

_MISSING = object()


def _read(tp: Any) -> tuple[Any, bool]:
    """What a present value of ``tp`` needs: ``(None, _)`` nothing, ``(T, nullable)`` the
    hook of ``T`` unless it is of type ``T`` (a plain scalar) or null while nullable, and
    ``(T, nullable)`` with ``T`` not a plain scalar: the hook of ``T`` unless null."""
    if has_unset(tp):  # a value on the wire is never the omitted state
        tp = without_unset(tp)
    nullable = is_optional(tp)
    if nullable:
        (tp,) = [m for m in get_args(tp) if m is not type(None)]
    if is_literal(tp) or tp is Any:  # the client takes any enum value
        return None, nullable
    return tp, nullable


def make_client_structure_fn(cls: type, conv: cattrs.Converter) -> StructureFn:
    """The structure function of attrs class ``cls`` for the client's converter ``conv``
    (cattrs' own for a class with fields outside ``__init__`` or defaults computed from the
    instance: this generator does not cover those)."""
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    if any(not a.init or _takes_self(a.default) for a in fields):
        renames: dict[str, Any] = {a.name: override(rename=wire_name(a.name)) for a in fields}
        return make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=False, **renames)
    scope: dict[str, Any] = {"__cl": cls, "__M": _MISSING}
    lines = ["def structure(o, _=None):", "    get = o.get"]
    arguments = []
    for i, a in enumerate(fields):
        key, value = wire_name(a.name), f"v{i}"
        target, nullable = _read(a.type)
        convert = ""
        if target is not None:
            scope[f"H{i}"], scope[f"T{i}"] = _hook(conv, target), target
            tests = [f"{value} is not None"] if nullable else []  # nulls first: most are
            tests += [f"type({value}) is not T{i}"] if target in PLAIN_SCALARS else []
            convert = f"{value} = H{i}({value}, T{i})"
            if tests:
                convert = f"if {' and '.join(tests)}: {convert}"
        if a.default is attrs.NOTHING:
            lines.append(f"    {value} = o[{key!r}]")
            if convert:
                lines.append(f"    {convert}")
        elif a.default is None and (nullable or not convert):  # missing reads as null
            lines.append(f"    {value} = get({key!r})")
            if convert:
                lines.append(f"    {convert}")
        elif not convert and not isinstance(a.default, attrs.Factory):  # type: ignore[arg-type]
            scope[f"D{i}"] = a.default
            lines.append(f"    {value} = get({key!r}, D{i})")
        else:
            if isinstance(a.default, attrs.Factory):  # type: ignore[arg-type]
                scope[f"F{i}"] = a.default.factory
                default = f"F{i}()"
            else:
                scope[f"D{i}"] = a.default
                default = f"D{i}"
            lines.append(f"    {value} = get({key!r}, __M)")
            lines.append(f"    if {value} is __M:")
            lines.append(f"        {value} = {default}")
            if convert:
                lines.append("    else:")
                lines.append(f"        {convert}")
        arguments.append(f"{a.alias}={value}")
    lines.append(f"    return __cl({', '.join(arguments)})")
    source = "\n".join(lines) + "\n"
    filename = f"<fleetapi client structure {cls.__module__}.{cls.__qualname__}>"
    exec(compile(source, filename, "exec"), scope)  # noqa: S102  (generated just above)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    structure: StructureFn = scope["structure"]
    return structure


def plain_read(tp: Any, conv: cattrs.Converter) -> Callable[[Any], Any] | None:
    """How the generated function reads a present value of a field declared ``tp``: through
    the hook of its type unless it needs nothing done (the same choice, made once per field);
    ``None`` for a value always taken as it is."""
    target, nullable = _read(tp)
    if target is None:
        return None
    hook = _hook(conv, target)
    if target in PLAIN_SCALARS:
        if nullable:
            return lambda v: v if v is None or type(v) is target else hook(v, target)
        return lambda v: v if type(v) is target else hook(v, target)
    if nullable:
        return lambda v: v if v is None else hook(v, target)
    return lambda v: hook(v, target)


def _takes_self(default: Any) -> bool:
    return isinstance(default, attrs.Factory) and default.takes_self  # type: ignore[arg-type]


def _hook(conv: cattrs.Converter, tp: Any) -> StructureFn:
    """The converter's hook of ``tp``, looked up on each value for a class that contains
    itself (its hook is being made)."""
    try:
        return conv.get_structure_hook(tp)
    except RecursionError:
        return conv.structure
