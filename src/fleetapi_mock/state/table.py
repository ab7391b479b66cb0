"""A keyed collection of the world that keeps indexes: :class:`Table`.

Every keyed collection of a :class:`~fleetapi_mock.state.world.World` (``world.tasks``) is a
``Table``: a ``dict`` from key to record, read as any dict is, that can also answer, without
a pass over all its records,

* one account's records in the order of a sort key (:meth:`Table.in_order`), as the list
  calls page them;
* how many of one account's records hold each value of an attribute (:meth:`Table.counts`),
  for the ``count`` of a list call;
* the records whose key function yields one of some values (:meth:`Table.having`), for an
  ``in`` condition;

and keeps what callers made from its records (:meth:`Table.memo`) until they are replaced.

Each index is made on its first use (a world that is never listed pays nothing for it) and is
kept up to date as records are set and removed, so that a page of a large world costs what a
page of a small one does. An index is found by the key function that made it: pass the same
function object (a module-level function or :func:`operator.attrgetter`), and only functions of
the record alone (a record is frozen, and replaced through its table when it changes:
:meth:`Table.change`; a key reading other collections or the clock would go stale).
"""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, Generic, TypeVar

import attrs

__all__ = ["Table"]

K = TypeVar("K")
R = TypeVar("R")

Key = Callable[[Any], Any]
"""A sort key or attribute of a record, read from the record alone."""

_VALUED, _MISSING = 0, 1
_VALUE = operator.itemgetter(0, 1)
"""An order entry's place without its key: whether it has a value, and the value."""

MAX_INDEXES = 32
"""Indexes of each kind a table keeps; past it, the oldest is dropped (made again on use)."""


def _bounded(indexes: dict[Any, Any]) -> None:
    while len(indexes) > MAX_INDEXES:
        del indexes[next(iter(indexes))]


def _entry(value: Any, key: Any) -> tuple[Any, ...]:
    """An order index's entry: records with a value first (text without case), then those
    without; equal values in key order."""
    if value is None:
        return (_MISSING, 0, key)
    return (_VALUED, value.lower() if isinstance(value, str) else value, key)


class _Order(Generic[K]):
    """One account's keys in the order of a sort key (the keys alone when ordered by key)."""

    __slots__ = ("entries", "sort")

    def __init__(self, sort: Key | None, entries: list[Any]) -> None:
        self.sort = sort
        self.entries = entries

    def entry(self, key: K, record: Any) -> Any:
        return key if self.sort is None else _entry(self.sort(record), key)

    def add(self, key: K, record: Any) -> None:
        bisect.insort(self.entries, self.entry(key, record))

    def remove(self, key: K, record: Any) -> None:
        entry = self.entry(key, record)
        at = bisect.bisect_left(self.entries, entry)
        if at < len(self.entries) and self.entries[at] == entry:
            del self.entries[at]

    def keys(self, reverse: bool) -> Iterator[K]:
        entries = self.entries
        if self.sort is None:
            yield from reversed(entries) if reverse else entries
            return
        if not reverse:
            for entry in entries:
                yield entry[2]
            return
        valued = bisect.bisect_left(entries, (_MISSING,))
        end = valued
        while end > 0:  # values descending, equal values still in key order
            start = end - 1
            value = entries[start][1]
            while start > 0 and entries[start - 1][1] == value:
                start -= 1
            for at in range(start, end):
                yield entries[at][2]
            end = start
        for entry in entries[valued:]:
            yield entry[2]


class Table(dict[K, R]):
    """A world collection: a ``dict`` of records that keeps the indexes asked of it.

    Records must have a ``user_id`` (the owning account) for :meth:`in_order` and
    :meth:`counts`. Change it as a dict (``table[key] = record``, ``del table[key]``,
    ``pop``...); every change updates the indexes made so far.
    """

    __slots__ = ("_counts", "_having", "_memos", "_orders", "version")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.version: int = 0
        """Counts the table's changes: a watcher that saw this number has seen every change
        (the event stream compares it instead of the records)."""
        self._orders: dict[tuple[int, Key | None], _Order[K]] = {}
        self._counts: dict[Key, Counter[tuple[int, Any]]] = {}
        self._having: dict[Key, dict[Hashable, set[K]]] = {}
        self._memos: dict[Hashable, dict[K, Any]] = {}

    def change(self, key: K, **changes: Any) -> R:
        """Replace the record of ``key`` with a copy that has ``changes``; answer the copy
        (records are frozen: this is how one changes, its indexes following).

        Raises:
            KeyError: No record has this key.
        """
        record: R = attrs.evolve(self[key], **changes)  # type: ignore[misc]
        self[key] = record
        return record

    def memo(self, kind: Hashable) -> dict[K, Any]:
        """A dict of what the caller made from records (a wire object, say), by key, kept
        as long as the world: an entry goes when its key's record is replaced or removed,
        the only way a record changes. What it made from other collections (a vehicle's
        tracker label) it keeps beside the entry, and compares."""
        found = self._memos.get(kind)
        if found is None:
            found = self._memos[kind] = {}
        return found

    # --- Reading through indexes ----------------------------------------------------------

    def in_order(
        self, account: int, sort: Key | None = None, *, reverse: bool = False
    ) -> Iterator[R] | None:
        """The records of ``account`` by ``sort`` (by key when ``None``): ascending, text
        without case, records without a value (``None``) last, equal values in key order;
        ``reverse`` puts values descending, still with those without one last and equal values
        in key order (what :func:`~fleetapi_mock.domain.search.sort_records` does).

        ``None`` when the values cannot be ordered (of mixed types). Do not change the table
        while reading the iterator.
        """
        order = self._orders.get((account, sort))
        if order is None:
            order = _Order(sort, [])
            try:
                order.entries = sorted(
                    order.entry(key, record)
                    for key, record in self.items()
                    if getattr(record, "user_id", None) == account
                )
            except TypeError:
                return None
            self._orders[(account, sort)] = order
            _bounded(self._orders)
        return (self[key] for key in order.keys(reverse))

    def between(self, account: int, sort: Key, low: Any, high: Any) -> list[R] | None:
        """The records of ``account`` whose ``sort`` value lies from ``low`` to ``high`` (both
        included; ``None``: no bound; the order keeps text in lower case, so give text bounds
        so), in key order, read from the order of :meth:`in_order`; ``None`` when the values
        cannot be ordered."""
        span = self.span(account, sort, low, high)
        if span is None:
            return None
        entries = self._orders[(account, sort)].entries
        return [self[key] for key in sorted(entry[2] for entry in entries[slice(*span)])]

    def span(self, account: int, sort: Key, low: Any, high: Any) -> tuple[int, int] | None:
        """Where the records :meth:`between` answers lie in the order (their number is the
        difference), or ``None`` when the values cannot be ordered."""
        if self.in_order(account, sort) is None:  # made now if it was not
            return None
        entries = self._orders[(account, sort)].entries
        first = 0 if low is None else bisect.bisect_left(entries, (_VALUED, low), key=_VALUE)
        last = bisect.bisect_left(entries, (_MISSING,), lo=first, key=_VALUE)
        if high is not None:
            last = bisect.bisect_right(entries, (_VALUED, high), lo=first, hi=last, key=_VALUE)
        return first, last

    def counts(self, attribute: Key) -> Counter[tuple[int, Any]]:
        """How many records hold each value of ``attribute``, by ``(account, value)``.

        Read it, never change it (it is the index itself).
        """
        counted = self._counts.get(attribute)
        if counted is None:
            counted = Counter((record.user_id, attribute(record)) for record in self.values())  # type: ignore[attr-defined]
            self._counts[attribute] = counted
            _bounded(self._counts)
        return counted

    def having(
        self, values: Callable[[R], Iterable[Hashable]], wanted: Iterable[Hashable]
    ) -> list[R]:
        """The records for which ``values`` yields one of ``wanted``, in key order."""
        found = self._having.get(values)
        if found is None:
            found = {}
            for key, record in self.items():
                for value in values(record):
                    found.setdefault(value, set()).add(key)
            self._having[values] = found
            _bounded(self._having)
        keys: set[K] = set()
        for value in wanted:
            keys |= found.get(value, set())
        return [self[key] for key in sorted(keys)]  # type: ignore[type-var]

    # --- Keeping the indexes --------------------------------------------------------------

    def _forget(self, key: K, record: R) -> None:
        for memo in self._memos.values():
            memo.pop(key, None)
        owner: Any = getattr(record, "user_id", None)
        for (account, _), order in self._orders.items():
            if account == owner:
                order.remove(key, record)
        for attribute, counted in self._counts.items():
            counted[(owner, attribute(record))] -= 1
        for values, found in self._having.items():
            for value in values(record):
                keys = found.get(value)
                if keys is not None:
                    keys.discard(key)

    def _note(self, key: K, record: R) -> None:
        owner: Any = getattr(record, "user_id", None)
        broken = []
        for (account, sort), order in self._orders.items():
            if account == owner:
                try:
                    order.add(key, record)
                except TypeError:  # a value that does not order with the others
                    broken.append((account, sort))
        for dropped in broken:
            del self._orders[dropped]
        for attribute, counted in self._counts.items():
            counted[(owner, attribute(record))] += 1
        for values, found in self._having.items():
            for value in values(record):
                found.setdefault(value, set()).add(key)

    @property
    def _indexed(self) -> bool:
        return bool(self._orders or self._counts or self._having or self._memos)

    def __setitem__(self, key: K, record: R) -> None:
        self.version += 1
        if self._indexed:
            old = self.get(key)
            if old is not None:
                self._forget(key, old)
            super().__setitem__(key, record)
            self._note(key, record)
        else:
            super().__setitem__(key, record)

    def __delitem__(self, key: K) -> None:
        record = self[key]
        super().__delitem__(key)
        self.version += 1
        if self._indexed:
            self._forget(key, record)

    _NOTHING: Any = object()

    def pop(self, key: K, default: Any = _NOTHING) -> Any:
        """Remove ``key`` and answer its record (``default`` when missing, if given)."""
        if key in self:
            record = self[key]
            del self[key]
            return record
        if default is self._NOTHING:
            raise KeyError(key)
        return default

    def popitem(self) -> tuple[K, R]:
        """Remove and answer the last key and record."""
        key, record = super().popitem()
        self.version += 1
        if self._indexed:
            self._forget(key, record)
        return key, record

    def clear(self) -> None:
        """Remove every record (and the indexes)."""
        super().clear()
        self.version += 1
        self._orders.clear()
        self._counts.clear()
        self._having.clear()
        self._memos.clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        """Set every key and record given, as ``dict.update`` does."""
        for key, record in dict(*args, **kwargs).items():
            self[key] = record

    def setdefault(self, key: K, default: Any = None) -> Any:
        """The record of ``key``, set to ``default`` first when missing."""
        if key not in self:
            self[key] = default
        return self[key]

    def __ior__(self, other: Any) -> Table[K, R]:  # type: ignore[override,misc]
        self.update(other)
        return self

    def copy(self) -> Table[K, R]:
        """A new table of the same records (without indexes)."""
        return Table(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Table, (dict(self),))
