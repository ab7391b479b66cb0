"""How a :class:`~fleetapi_mock.state.world.World` declares its collections: each one an
annotated class attribute whose value is :func:`collection` (``trackers: Table[int,
TrackerRecord] = collection()``), read back by :func:`declared_collections` into
:class:`Collection` rows (the world document's collections, in order)."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, get_args, get_origin

import attrs

from fleetapi_mock.state.table import Table

__all__ = ["Collection", "collection", "declared_collections"]


@attrs.frozen(kw_only=True)
class Collection:
    """One collection of a world (and of its documents), read from its declaration."""

    name: str
    record: type[Any]
    """What it holds: a record class or an API model."""
    key: str | None
    """The attribute its records are keyed by (a ``dict`` on the world), or ``None`` for a
    ``list``. Integer keys also drive the id sequence of the same name."""
    store: Callable[[list[Any]], Any] = list
    """What a list's records are kept in, made from the loaded records (``list`` itself, or
    a :class:`~fleetapi_mock.state.tracks.TrackStore`)."""


@attrs.frozen
class _Declared:
    key: str
    store: Callable[[list[Any]], Any]
    record: type[Any] | None


def collection(
    *,
    key: str = "id",
    store: Callable[[list[Any]], Any] = list,
    record: type[Any] | None = None,
) -> Any:
    """Declare a collection of :class:`~fleetapi_mock.state.world.World`: a keyed one
    (``Table[int, Record]``, by ``key``) or a list (``list[Record]``), as its annotation says;
    a list kept in a container of its own names it as ``store`` and its records as
    ``record``."""
    return _Declared(key, store, record)


def declared_collections(cls: type) -> dict[str, Collection]:
    """The collections declared on ``cls``, in order: each annotated attribute whose value is
    :func:`collection`."""
    hints = typing.get_type_hints(cls)
    found: dict[str, Collection] = {}
    for name, value in vars(cls).items():
        if not isinstance(value, _Declared):
            continue
        hint = hints[name]
        keyed = get_origin(hint) is Table
        record = value.record or get_args(hint)[-1]
        found[name] = Collection(
            name=name, record=record, key=value.key if keyed else None, store=value.store
        )
    return found
