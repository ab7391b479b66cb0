"""Loading plain records quickly: a document item built straight into its record.

Loading a world document structures each item with the strict converter, which checks every
value and collects each error with its path: 16 µs a track point, most of a large world's
load. Most items are plain (known keys, values of exactly the declared JSON types), so a
record class whose fields are all of simple types (numbers, text, booleans, date/times, a
list of booleans, a mapping of names to numbers; any of them nullable) gets a loader that takes
such an item straight into the record, with the same conversions the strict converter makes
(an integer where a number is declared becomes a float, a date/time text is read by the
converter's own hook, which shares equal date/times while a world loads).

Anything else (a missing or unknown key, a value of another type, text with a forbidden
character, a value the record's own converters refuse) makes the loader answer ``None``, and
the item goes through the strict converter, whose errors are the ones reported. A property
test holds the two to the same records.
"""

from __future__ import annotations

import datetime as dt
import types
from collections.abc import Callable, Mapping
from typing import Any, Final, Union, get_args, get_origin

import attrs

from fleetapi._converter import converter_for
from fleetapi._rules import Rules, rules_of
from fleetapi._strict import _FORBIDDEN_TEXT

__all__ = ["plain_loader"]

Loader = Callable[[dict[str, Any], Callable[[Any], Any]], Any]
"""A document item (a ``dict``) to its record, or ``None`` when it is not plain; each value
first goes through the second argument (the world's sharing of equal values)."""

_Check = Callable[[Any], Any]
"""A value to what the record holds; raises :class:`_NotPlain` when it is not plain."""


class _NotPlain(Exception):
    """A value the quick way does not take (the strict converter decides)."""


def _int(value: Any) -> int:
    if type(value) is not int:
        raise _NotPlain
    return value


def _float(value: Any) -> float:
    kind = type(value)
    if kind is float:
        return value  # type: ignore[no-any-return]
    if kind is int:
        return float(value)
    raise _NotPlain


def _str(value: Any) -> str:
    if type(value) is not str or _FORBIDDEN_TEXT.search(value) is not None:
        raise _NotPlain
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _NotPlain
    return value


def _bools(value: Any) -> list[bool]:
    if type(value) is not list or any(type(v) is not bool for v in value):
        raise _NotPlain
    return value[:]


def _numbers(value: Any) -> dict[str, int | float]:
    if type(value) is not dict:
        raise _NotPlain
    for key, number in value.items():
        if type(key) is not str or type(number) not in (int, float):
            raise _NotPlain
        if _FORBIDDEN_TEXT.search(key) is not None:
            raise _NotPlain
    return dict(value)


_KINDS: Final[dict[Any, _Check]] = {
    int: _int,
    float: _float,
    str: _str,
    bool: _bool,
    list[bool]: _bools,
    Mapping[str, int | float]: _numbers,
}
"""The declared types a plain loader takes, and how it reads each (date/times aside)."""


def _nullable(check: _Check) -> _Check:
    def read(value: Any) -> Any:
        return None if value is None else check(value)

    return read


def _datetime() -> _Check:
    hook = converter_for(strict=True).get_structure_hook(dt.datetime)

    def read(value: Any) -> dt.datetime:
        if type(value) is not str:
            raise _NotPlain
        try:
            return hook(value, dt.datetime)  # type: ignore[no-any-return]
        except ValueError:
            raise _NotPlain from None

    return read


def _check_of(tp: Any) -> _Check | None:
    """How a field declared ``tp`` is read, or ``None`` when it is not a simple type."""
    members = get_args(tp)
    if get_origin(tp) in (Union, types.UnionType) and type(None) in members:
        rest = [m for m in members if m is not type(None)]
        inner = _check_of(rest[0]) if len(rest) == 1 else None
        return None if inner is None else _nullable(inner)
    if tp is dt.datetime:
        return _datetime()
    try:
        return _KINDS.get(tp)
    except TypeError:  # an unhashable declaration
        return None


def plain_loader(record: type[Any]) -> Loader | None:
    """The quick loader of ``record``'s document items, or ``None`` when a field of it is not
    of a simple type (every item then goes through the strict converter)."""
    if record not in _LOADERS:
        _LOADERS[record] = _loader(record)
    return _LOADERS[record]


_LOADERS: dict[type[Any], Loader | None] = {}


def _within(check: _Check, limits: Rules | None) -> _Check:
    """The field's declared limits (``rules``), checked on the value as given as the strict
    converter checks them, then ``check``."""
    if limits is None:
        return check

    def read(value: Any) -> Any:
        if limits.check(value) is not None:
            raise _NotPlain
        return check(value)

    return read


def _loader(record: type[Any]) -> Loader | None:
    if not attrs.has(record):
        return None
    fields = attrs.fields(attrs.resolve_types(record))
    checks: dict[str, tuple[str, _Check]] = {}
    for field in fields:
        check, limits = _check_of(field.type), rules_of(field)
        if check is None or not field.init or (limits and (limits.blank or limits.one_or_many)):
            return None
        checks[field.name.removesuffix("_")] = (field.name, _within(check, limits))
    required = frozenset(
        key
        for key, (name, _) in checks.items()
        if attrs.fields_dict(record)[name].default is attrs.NOTHING
    )

    def load(item: dict[str, Any], share: Callable[[Any], Any]) -> Any:
        if not required <= item.keys():
            return None
        values: dict[str, Any] = {}
        try:
            for key, value in item.items():
                name, check = checks[key]
                values[name] = check(share(value))
            return record(**values)
        except Exception:  # not plain, or refused: the strict converter tells why
            return None

    return load
