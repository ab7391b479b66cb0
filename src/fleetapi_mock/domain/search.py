"""Search conditions, filters, sorting and paging of the mock's list calls.

A list call describes its searchable fields once, as a :class:`Fields` table (name to kind and
getter); :func:`check_conditions` validates a request's ``conditions`` against it (code 7 naming
the offending parameter), :func:`matcher` makes one predicate of them to test many entities
(:func:`matches` tests one), and :func:`sort_records` orders records by a ``sort`` request
(``["status=asc", "id=desc"]``).

Comparison rules (the service's, see ``NOTES.md``):

* ``contains``: case-insensitive substring of a text field (any element of a text list);
  numbers match by their digits;
* ``eq``: the field equals the number (text fields compare numerically when they hold one);
* ``in``: the field equals one of the values (any element of a list field);
* ``period``: the date/time field lies within ``from`` and ``to``, both included.
"""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Literal, TypeVar

import attrs

from fleetapi._types import Unset
from fleetapi.models.search import (
    AndCondition,
    ContainsCondition,
    EqCondition,
    InCondition,
    NotCondition,
    OrCondition,
    PeriodCondition,
    SearchCondition,
)
from fleetapi_mock.domain.context import invalid
from fleetapi_mock.state.table import Table

__all__ = [
    "MAX_CONDITIONS",
    "Field",
    "Fields",
    "check_conditions",
    "check_sort",
    "fewest",
    "in_world_time",
    "indexed_order",
    "matcher",
    "matches",
    "narrowed",
    "page",
    "sort_records",
    "take",
]

MAX_CONDITIONS = 60
"""Conditions a call accepts, nested ones included."""

T = TypeVar("T")

FieldKind = Literal["text", "texts", "number", "datetime"]
"""What a field holds: text, a list of texts, a number or a date/time."""


@attrs.frozen
class Field(Generic[T]):
    """One searchable or sortable field of an entity."""

    kind: FieldKind
    get: Callable[[T], Any]
    """The field's value on an entity (``None`` when it has none)."""
    sort: Callable[[T], Any] | None = None
    """The sort key when it differs from the value (``None``: sort by the value)."""
    indexed: bool = False
    """Whether ``get`` and ``sort`` read the record alone and are module-level functions, so
    that a list may read its order and its ``in`` and ``eq`` matches from the collection's
    indexes (:func:`indexed_order`, :func:`narrowed`)."""


Fields = Mapping[str, Field[T]]
"""A list call's fields by name."""


def check_conditions(
    conditions: Sequence[SearchCondition],
    fields: Fields[Any],
    *,
    parameter: str = "conditions",
) -> None:
    """Refuse (code 7) conditions naming unknown fields, kinds that do not fit a field, or
    more than :data:`MAX_CONDITIONS` conditions in all."""
    count = 0

    def visit(condition: SearchCondition, where: str) -> None:
        nonlocal count
        count += 1
        if isinstance(condition, (AndCondition, OrCondition)):
            if not 2 <= len(condition.conditions) <= MAX_CONDITIONS:
                raise invalid(f"{where}.conditions", "must hold 2 to 60 conditions")
            for index, inner in enumerate(condition.conditions):
                visit(inner, f"{where}.conditions[{index}]")
            return
        if isinstance(condition, NotCondition):
            visit(condition.condition, f"{where}.condition")
            return
        field = fields.get(condition.field)
        if field is None:
            known = ", ".join(sorted(fields))
            raise invalid(f"{where}.field", f"unknown field {condition.field!r} (known: {known})")
        if isinstance(condition, PeriodCondition) and field.kind != "datetime":
            raise invalid(f"{where}.type", f"period does not apply to {condition.field!r}")
        if not isinstance(condition, PeriodCondition) and field.kind == "datetime":
            raise invalid(f"{where}.type", f"{condition.field!r} takes period conditions only")
        if isinstance(condition, ContainsCondition) and not condition.value:
            raise invalid(f"{where}.value", "must not be empty")

    for index, condition in enumerate(conditions):
        visit(condition, f"{parameter}[{index}]")
    if count > MAX_CONDITIONS:
        raise invalid(parameter, f"at most {MAX_CONDITIONS} conditions, nested ones included")


def in_world_time(
    conditions: Sequence[SearchCondition],
    request_time: Callable[[dt.datetime, str], dt.datetime],
    *,
    parameter: str = "conditions",
) -> list[SearchCondition]:
    """``conditions`` with every ``period`` turned into world time (naive UTC).

    A request's periods are in the caller's time zone, or carry an offset; pass the
    handler's ``ctx.request_time`` (which answers 7 naming the bound when it is out of range)
    and let the ``datetime`` fields answer world date/times, so that periods and values always
    compare, across time zones correctly.
    """

    def convert(condition: SearchCondition, where: str) -> SearchCondition:
        if isinstance(condition, (AndCondition, OrCondition)):
            inner = [
                convert(c, f"{where}.conditions[{i}]") for i, c in enumerate(condition.conditions)
            ]
            return attrs.evolve(condition, conditions=inner)
        if isinstance(condition, NotCondition):
            return attrs.evolve(
                condition, condition=convert(condition.condition, f"{where}.condition")
            )
        if isinstance(condition, PeriodCondition):
            period = condition.value
            return attrs.evolve(
                condition,
                value=attrs.evolve(
                    period,
                    from_=request_time(period.from_, f"{where}.value.from"),
                    to=request_time(period.to, f"{where}.value.to"),
                ),
            )
        return condition

    return [convert(c, f"{parameter}[{i}]") for i, c in enumerate(conditions)]


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def matches(entity: T, condition: SearchCondition, fields: Fields[T]) -> bool:
    """Whether ``entity`` meets ``condition`` (checked first with :func:`check_conditions`).

    To test many entities, make the predicate once with :func:`matcher`.
    """
    return _predicate(condition, fields)(entity)


def matcher(conditions: Sequence[SearchCondition], fields: Fields[T]) -> Callable[[T], bool]:
    """One predicate testing every condition of ``conditions`` (all must hold), with each
    condition's constants (lowered text, a set of options) prepared once, not per entity."""
    tests = [_predicate(c, fields) for c in conditions]
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda entity: first(entity) and second(entity)
    return lambda entity: all(test(entity) for test in tests)


def _predicate(condition: SearchCondition, fields: Fields[T]) -> Callable[[T], bool]:
    if isinstance(condition, AndCondition):
        parts = [_predicate(c, fields) for c in condition.conditions]
        return lambda entity: all(part(entity) for part in parts)
    if isinstance(condition, OrCondition):
        parts = [_predicate(c, fields) for c in condition.conditions]
        return lambda entity: any(part(entity) for part in parts)
    if isinstance(condition, NotCondition):
        inner = _predicate(condition.condition, fields)
        return lambda entity: not inner(entity)
    get = fields[condition.field].get
    if isinstance(condition, ContainsCondition):
        wanted = condition.value.lower()
        return _each(get, lambda v: v is not None and wanted in _text(v).lower())
    if isinstance(condition, EqCondition):
        number = condition.value
        return _each(get, lambda v: _number(v) == number)
    if isinstance(condition, InCondition):
        return _in_predicate(get, condition.value)
    start, end = condition.value.from_, condition.value.to
    return _each(get, lambda v: isinstance(v, dt.datetime) and start <= v <= end)


def _each(get: Callable[[T], Any], test: Callable[[Any], bool]) -> Callable[[T], bool]:
    """A predicate: whether the field's value (or one of its values, for a list) passes
    ``test``; a missing value (``None``) is no value."""

    def predicate(entity: T) -> bool:
        value = get(entity)
        if isinstance(value, (list, tuple)):
            return any(test(v) for v in value)
        return value is not None and test(value)

    return predicate


def _in_predicate(get: Callable[[T], Any], options: Sequence[Any]) -> Callable[[T], bool]:
    """``in``: a value equal to an option, or a number equal to a numeric option."""
    try:
        exact: set[Any] | Sequence[Any] = set(options)
    except TypeError:  # an unhashable option (an object): compare one by one
        exact = options
    numbers = {n for n in map(_number, options) if n is not None}

    def test(entity: T) -> bool:
        for value in _as_list(get(entity)):
            if value in exact:
                return True
            number = _number(value)
            if number is not None and number in numbers:
                return True
        return False

    return test


def check_sort(sort: Sequence[str], fields: Fields[Any], *, parameter: str = "sort") -> None:
    """Refuse (code 7) sort items that are not ``<field>=asc|desc`` over known fields."""
    for index, item in enumerate(sort):
        name, _, direction = item.partition("=")
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise invalid(f"{parameter}[{index}]", f"unknown sort field {name!r} (known: {known})")
        if direction not in ("asc", "desc"):
            raise invalid(f"{parameter}[{index}]", "must be <field>=asc or <field>=desc")


def sort_records(records: Iterable[T], sort: Sequence[str], fields: Fields[T]) -> list[T]:
    """``records`` ordered by ``sort`` (checked first with :func:`check_sort`).

    Text compares case-insensitively; entities without a value for a field come last in both
    directions; ties keep the order of ``records``. One stable sort per item, the last item
    first, each reading every key once.
    """
    ordered = list(records)
    for item in reversed(sort):
        name, _, direction = item.partition("=")
        field = fields[name]
        key = field.sort or field.get
        valued: list[tuple[Any, T]] = []
        missing: list[T] = []
        for record in ordered:
            value = key(record)
            if value is None:
                missing.append(record)
            else:
                valued.append((value.lower() if isinstance(value, str) else value, record))
        valued.sort(key=_first, reverse=direction == "desc")
        ordered = [record for _, record in valued]
        ordered += missing
    return ordered


def _first(pair: tuple[Any, Any]) -> Any:
    return pair[0]


def _bounds(
    offset: int | Unset | None, limit: int | Unset | None, default_limit: int | None
) -> tuple[int, int | None]:
    """Where a page starts and ends (``None``: at the end): an omitted or null ``offset`` is
    0; an omitted ``limit`` is ``default_limit``; a null one (or a ``default_limit`` of
    ``None``) reaches the end, as does one past any collection's size."""
    start = offset if isinstance(offset, int) else 0
    count = default_limit if isinstance(limit, Unset) else limit
    end = None if count is None or start + count > sys.maxsize else start + count
    return min(start, sys.maxsize), end


def page(
    records: Sequence[T],
    offset: int | Unset | None,
    limit: int | Unset | None,
    *,
    default_limit: int | None = None,
) -> list[T]:
    """One page of a list call: the ``limit`` records from ``offset``.

    An omitted or null ``offset`` is 0; an omitted ``limit`` is ``default_limit``, and a
    ``limit`` of null (or a ``default_limit`` of ``None``) means every record from ``offset`` on.
    """
    start, end = _bounds(offset, limit, default_limit)
    return list(records[start:end])


def take(
    records: Iterable[T],
    offset: int | Unset | None,
    limit: int | Unset | None,
    *,
    default_limit: int | None = None,
) -> list[T]:
    """:func:`page` of records read in order, reading none past the page's end."""
    start, end = _bounds(offset, limit, default_limit)
    return list(itertools.islice(records, start, end))


def indexed_order(
    table: Mapping[Any, T], account: int, sort: Sequence[str], fields: Fields[T]
) -> Iterator[T] | None:
    """The records of ``account`` in ``table`` in the order of ``sort`` (as
    :func:`sort_records` orders them), read from the table's index: when ``sort`` is empty
    (key order) or one item over an :attr:`~Field.indexed` field. ``None`` otherwise: sort
    the records found with :func:`sort_records`."""
    if not isinstance(table, Table):
        return None
    if not sort:
        return table.in_order(account)
    if len(sort) != 1:
        return None
    name, _, direction = sort[0].partition("=")
    field = fields[name]
    if not field.indexed:
        return None
    return table.in_order(account, field.sort or field.get, reverse=direction == "desc")


def narrowed(
    table: Mapping[Any, T],
    conditions: Sequence[SearchCondition],
    fields: Fields[T],
    account: int | None = None,
) -> list[T] | None:
    """The records of ``table`` (any account's, in key order) that may meet ``conditions``,
    read from an index of their first ``in``, ``eq`` or (given the ``account`` listing, whose
    records alone are then answered) ``period`` condition on an :attr:`~Field.indexed` field:
    every record that meets them is among these, and some of these may not (test each with
    :func:`matcher`). ``None`` when no condition serves."""
    if not isinstance(table, Table):
        return None
    for condition in conditions:
        if isinstance(condition, PeriodCondition):
            field = fields[condition.field]
            if account is None or not field.indexed:  # an index holds a record's own values
                continue
            period = condition.value
            found = table.between(account, field.get, period.from_, period.to)
            if found is not None:
                return found
            continue
        if not isinstance(condition, (InCondition, EqCondition)):
            continue
        field = fields[condition.field]
        if not field.indexed:
            continue
        options = condition.value if isinstance(condition, InCondition) else [condition.value]
        wanted = [key for option in options for key in _match_keys(option)]
        return table.having(_matched_by(field.get), wanted)
    return None


def fewest(*found: list[T] | None) -> list[T] | None:
    """The shortest of the candidate lists that indexes gave (``None``: an index that does not
    serve), or ``None`` when none serves."""
    given = [records for records in found if records is not None]
    return min(given, key=len) if given else None


def _match_keys(value: Any) -> Iterator[Hashable]:
    """What an ``in`` or ``eq`` option or a field's value is looked up by: itself (when it
    can be) and its number; a value meets an option only when one of their keys is shared."""
    try:
        hash(value)
    except TypeError:
        pass
    else:
        yield ("value", value)
    number = _number(value)
    if number is not None:
        yield ("number", number)


@functools.lru_cache(maxsize=64)
def _matched_by(get: Callable[[Any], Any]) -> Callable[[Any], list[Hashable]]:
    """The lookup keys of a record's values of the field read by ``get`` (one function per
    field, so that the table finds its index again)."""

    def keys(record: Any) -> list[Hashable]:
        return [key for value in _as_list(get(record)) for key in _match_keys(value)]

    return keys
