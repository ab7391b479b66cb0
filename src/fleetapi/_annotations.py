"""Predicates on type annotations: which of the converter's hooks a declared type takes."""

from __future__ import annotations

from typing import Any, Literal, Union, get_args, get_origin

import attrs

from fleetapi._types import Unset

__all__ = [
    "PLAIN_SCALARS",
    "has_unset",
    "is_a",
    "is_list",
    "is_literal",
    "is_optional",
    "is_scalar_list",
    "is_scalar_or_object",
    "is_union",
    "without_unset",
]

PLAIN_SCALARS = frozenset({str, int, float, bool})
"""Types whose lenient structure hook converts a value of another type (``str(5)``) and
answers a value of the type itself unchanged."""
_SCALARS = (str, int, float, bool, type(None))
_LIST_ITEMS = frozenset({(str,), (int,), (float,)})


def is_union(tp: Any) -> bool:
    """``X | Y`` (or ``Union[X, Y]``)."""
    origin = get_origin(tp)
    return origin is Union or (origin is not None and origin.__name__ == "UnionType")


def has_unset(tp: Any) -> bool:
    """A union with :class:`~fleetapi.Unset` (a field that may be left out)."""
    return is_union(tp) and Unset in get_args(tp)


def without_unset(tp: Any) -> Any:
    """The union ``tp`` without :class:`~fleetapi.Unset`."""
    args = tuple(a for a in get_args(tp) if a is not Unset)
    return args[0] if len(args) == 1 else Union[args]  # noqa: UP007


def is_scalar_or_object(tp: Any) -> bool:
    """A union of scalars and at most one attrs class (told apart by the value's shape), other
    than ``X | None`` (:func:`is_optional`)."""
    if not is_union(tp) or Unset in get_args(tp) or is_optional(tp):
        return False
    members = get_args(tp)
    objects = [m for m in members if attrs.has(m)]
    return len(objects) <= 1 and all(m in _SCALARS for m in members if not attrs.has(m))


def is_a(value: Any, scalar: type) -> bool:
    """Whether a JSON value is of ``scalar``, as typing reads it (an integer is a ``float``,
    a boolean is no number)."""
    if isinstance(value, bool):
        return scalar is bool
    return isinstance(value, scalar) or (scalar is float and isinstance(value, int))


def is_optional(tp: Any) -> bool:
    """``X | None`` of exactly one type ``X`` (``Unset`` aside: those have their own hook)."""
    if not is_union(tp):
        return False
    members = get_args(tp)
    return len(members) == 2 and type(None) in members and Unset not in members


def is_literal(tp: Any) -> bool:
    """A ``Literal`` of values."""
    return get_origin(tp) is Literal


def is_scalar_list(tp: Any) -> bool:
    """``list[str]``, ``list[int]`` or ``list[float]``."""
    origin: Any = get_origin(tp)
    return origin is list and get_args(tp) in _LIST_ITEMS


def is_list(tp: Any) -> bool:
    """``list`` or ``list[X]``."""
    origin: Any = get_origin(tp)
    return tp is list or origin is list
