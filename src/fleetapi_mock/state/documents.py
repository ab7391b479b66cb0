"""World documents: loading a :class:`~fleetapi_mock.state.world.World` from JSON and saving
it back, and the embedded demo world.

A document is checked in two passes: its shape (each collection's records, strictly, with
every unknown key reported by its path), then its references
(:func:`~fleetapi_mock.state.checks.reference_problems`). Every problem is listed in one
:class:`WorldDocumentError`.
"""

from __future__ import annotations

import copy
import json
import random
import zlib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, get_args

import attrs

from fleetapi._converter import (
    RequestValidationError,
    converter_for,
    format_datetime,
    parse_datetime,
    shared_datetimes,
    structure_request,
)
from fleetapi._types import TAGGED_UNIONS
from fleetapi_mock.state.bounds import json_problem
from fleetapi_mock.state.checks import reference_problems
from fleetapi_mock.state.clock import IdSequences
from fleetapi_mock.state.plain import plain_loader
from fleetapi_mock.state.table import Table

if TYPE_CHECKING:
    from fleetapi_mock.state.world import Collection, World

__all__ = [
    "DOCUMENT_FORMAT",
    "SECRETS",
    "WorldDocumentError",
    "demo_document",
    "dump_document",
    "load_document",
    "masked_document",
    "packed",
]

DOCUMENT_FORMAT: Final = "fleetapi-mock-world/2"
"""The ``format`` value of the world documents this version writes (and reads)."""

FORMAT_1: Final = "fleetapi-mock-world/1"
"""The earlier format, still read: it kept the API object of seven collections under a key of
its own beside the owner (``{"user_id": 1, "link": {...}}``), where format 2 is flat."""

_NESTED_IN_FORMAT_1: Final = {
    "geo_links": "link",
    "bills": "bill",
    "subscriptions": "subscription",
    "retranslators": "retranslator",
    "map_layers": "layer",
    "forms": "form",
    "files": "file",
}


SECRETS: Final[Mapping[str, tuple[str, ...]]] = {
    "users": ("password",),
    "sessions": ("hash",),
    "api_keys": ("hash",),
    "files": ("token",),
    "geo_links": ("hash",),
    "retranslators": ("password",),
    "mobile_networks": ("password",),
}
"""The fields of each collection that let a holder act as someone (log in, call, download):
masked in a document read without the right to see them (:func:`masked_document`)."""

MASK: Final = "********"

MASKED_PROBLEM: Final = (
    "this document was read without the server's control token, so its passwords and hashes "
    "are masked: read it with the token (fleet mock serve --control-token), or keep the "
    "server's --state file"
)


class WorldDocumentError(ValueError):
    """A world document that cannot be loaded; ``errors`` lists each problem by its path."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{path}: {error}" for path, error in errors))


def dump_document(world: World) -> dict[str, Any]:
    """``world`` as a world document (JSON-ready), ids and clock included."""
    conv = converter_for(strict=True)
    with world.lock:
        document: dict[str, Any] = {"format": DOCUMENT_FORMAT}
        if world.description:
            document["description"] = world.description
        document["now"] = format_datetime(world.clock.now().replace(microsecond=0))
        document["seed"] = world.seed
        document["sequences"] = world.ids.snapshot()
        for collection in world.COLLECTIONS.values():
            records = getattr(world, collection.name)
            items = records.values() if collection.key else records
            document[collection.name] = [
                conv.unstructure(r, unstructure_as=collection.record) for r in items
            ]
        return document


def masked_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` with every secret (:data:`SECRETS`) masked and ``"masked": true`` beside
    its format, which no load accepts: a masked document is for reading, not for serving."""
    masked = {**document, "masked": True}
    for name, fields in SECRETS.items():
        if name in masked:
            masked[name] = [
                {**item, **{f: MASK for f in fields if f in item}} for item in masked[name]
            ]
    return masked


def load_document(world: World, document: Mapping[str, Any]) -> None:
    """Fill the empty ``world`` from ``document``.

    Raises:
        WorldDocumentError: the document does not fit the format; every problem is listed
            with its path (``trackers[2].tariff_id``).
    """
    if not isinstance(document, Mapping):
        raise WorldDocumentError([("$", "a world document is a JSON object")])
    where, problem = json_problem(dict(document))
    if problem:
        raise WorldDocumentError([(where, problem)])
    if "masked" in document:
        raise WorldDocumentError([("masked", MASKED_PROBLEM)])
    if document.get("format") == FORMAT_1:
        document = _from_format_1(document)
    errors = list(_load_settings(world, document))
    shared = _Shared()
    with shared_datetimes():
        for collection in world.COLLECTIONS.values():
            raw = document.get(collection.name, [])
            errors.extend(_load_collection(world, collection, raw, shared))
    for route_id in world.routes:
        if isinstance(route_id, int):
            world.ids.ensure_above("tasks", route_id)
    if not errors:
        errors.extend(reference_problems(world))
    if errors:
        raise WorldDocumentError(errors)


def _load_settings(world: World, document: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The document's keys beside its collections: format, description, clock, seed, ids."""
    known = {"format", "description", "now", "seed", "sequences", *world.COLLECTIONS}
    for extra in sorted(set(document) - known):
        yield extra, "unknown key"
    if document.get("format", DOCUMENT_FORMAT) not in (DOCUMENT_FORMAT, FORMAT_1):
        yield "format", f"must be {DOCUMENT_FORMAT!r} (or the earlier {FORMAT_1!r})"
    description = document.get("description", "")
    if not isinstance(description, str):
        yield "description", "must be a string"
    else:
        world.description = description
    now = document.get("now")
    if now is not None:
        try:
            if not isinstance(now, str):
                raise ValueError("must be a date/time string")
            world.clock.set(parse_datetime(now))
        except ValueError as exc:
            yield "now", str(exc)
    seed = document.get("seed")  # left out: the world's own unpredictable seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        yield "seed", "must be an integer"
    elif seed is not None:
        world.seed = seed
        world.random = random.Random(seed)
    sequences = document.get("sequences", {})
    if not isinstance(sequences, Mapping) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in sequences.values()
    ):
        yield "sequences", "must be an object of integers"
    else:
        world.ids = IdSequences(sequences)


def _from_format_1(document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` (format 1) in the flat shape of format 2: the nested API object's keys
    moved up beside its owner. An item that is not of format 1's shape is left as it is, for
    the shape check to report."""
    upgraded = dict(document, format=DOCUMENT_FORMAT)
    for name, inner in _NESTED_IN_FORMAT_1.items():
        items = document.get(name)
        if not isinstance(items, list):
            continue
        flat: list[Any] = []
        for item in items:
            nested = item.get(inner) if isinstance(item, Mapping) else None
            if isinstance(nested, Mapping) and not set(nested) & set(item):
                item = {**nested, **{k: v for k, v in item.items() if k != inner}}
            flat.append(item)
        upgraded[name] = flat
    return upgraded


def _load_collection(
    world: World, collection: Collection, raw: Any, shared: _Shared
) -> Iterator[tuple[str, str]]:
    """Load one collection into ``world``: each record strictly, unknown keys refused, keys
    unique; integer keys move the id sequence of the same name past them. Records share
    their equal values (:class:`_Shared`)."""
    name, key = collection.name, collection.key
    if not isinstance(raw, list):
        yield name, "must be an array"
        return
    conv = converter_for(strict=True)
    quick = plain_loader(collection.record)
    loaded: list[Any] = []
    for index, item in enumerate(raw):
        record = quick(item, shared.one) if quick is not None and type(item) is dict else None
        if record is not None:
            loaded.append(record)  # a plain item: see fleetapi_mock.state.plain
            continue
        item = shared(item)
        where = f"{name}[{index}]"
        try:
            record = structure_request(item, collection.record)
        except RequestValidationError as exc:
            for e in exc.errors:
                yield (f"{where}.{e.parameter}" if e.parameter != "body" else where, e.error)
            if isinstance(item, Mapping):
                known = _known_keys(collection.record, item)
                for extra in sorted(set(item) - known, key=str):
                    yield f"{where}.{extra}", "unknown key"
            continue
        if not _only_known_scalars(collection.record, item):
            for path in _unknown_keys(item, conv.unstructure(record)):
                yield f"{where}.{path}", "unknown key"
        loaded.append(record)
    if key is None:
        setattr(world, name, collection.store(loaded))
        return
    by_key: dict[Any, Any] = {}
    for index, record in enumerate(loaded):
        value = getattr(record, key)
        if value in by_key:
            yield f"{name}[{index}].{key}", f"duplicate {key} {value!r}"
        by_key[value] = record
        if isinstance(value, int):
            world.ids.ensure_above(name, value)
    setattr(world, name, Table(by_key))


def _known_keys(record: Any, item: Mapping[Any, Any]) -> set[str]:
    """The keys a document item of ``record`` (a record class, or a tagged union of them:
    the member the item's tag names) may hold."""
    if record in TAGGED_UNIONS:
        tag, _ = TAGGED_UNIONS[record]
        members = {member.TAG: member for member in get_args(record)}
        record = members.get(item.get(tag))
        if record is None:
            return set(item)
    return set(_field_keys(record) or ())


class _Shared:
    """Makes parsed JSON share its equal values: each string, integer and non-zero number
    equal to one seen before becomes that one.

    A world repeats values (statuses, types, models, colours, addresses, ids, prices): its
    records then hold one object for each, not one per record. Numbers have their own table
    (``1`` and ``1.0`` are equal but not the same value); zeros are left as they are
    (``0.0`` and ``-0.0`` are equal too).
    """

    __slots__ = ("_numbers", "_values")

    def __init__(self) -> None:
        self._values: dict[str | int, str | int] = {}
        self._numbers: dict[float, float] = {}

    def one(self, value: Any) -> Any:
        """``value`` itself shared: an equal one seen before, or ``value`` (a copy of an object
        or array, its values shared)."""
        kind = type(value)
        if kind is str or kind is int:
            return self._values.setdefault(value, value)
        if kind is float and value:
            return self._numbers.setdefault(value, value)
        return self(value) if kind is dict or kind is list else value

    def __call__(self, value: Any) -> Any:
        """``value`` with its equal values shared (a copy: the given value is left as it is)."""
        kind = type(value)
        if kind is dict:
            items: Any = value.items()
        elif kind is list:
            items = enumerate(value)
        else:
            return self([value])[0]
        copy: Any = {} if kind is dict else [None] * len(value)
        share, share_number = self._values.setdefault, self._numbers.setdefault
        for key, item in items:
            inner = type(item)
            if inner is str or inner is int:
                copy[key] = share(item, item)
            elif inner is float and item:
                copy[key] = share_number(item, item)
            elif inner is dict or inner is list:
                copy[key] = self(item)
            else:
                copy[key] = item
        return copy


_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


@cache
def _field_keys(record: Any) -> frozenset[str] | None:
    """The keys an item of ``record`` may hold, when a record class (not a tagged union)."""
    if record in TAGGED_UNIONS:
        return None
    return frozenset(f.name.removesuffix("_") for f in attrs.fields(record))


def _only_known_scalars(record: Any, item: Mapping[str, Any]) -> bool:
    """Whether ``item`` holds only keys of ``record``'s fields and no object inside (scalars,
    arrays of scalars): it then has no unknown key, with no re-export to compare."""
    keys = _field_keys(record)
    if keys is None or not item.keys() <= keys:
        return False
    for value in item.values():
        kind = type(value)
        if kind in _SCALARS:
            continue
        if kind is not list or not all(type(v) in _SCALARS for v in value):
            return False
    return True


def _unknown_keys(given: Any, known: Any, path: str = "") -> Iterator[str]:
    """Keys of ``given`` (a parsed document part) absent from ``known`` (its re-export)."""
    if isinstance(given, Mapping) and isinstance(known, Mapping):
        for key, value in given.items():
            if key not in known:
                yield f"{path}.{key}" if path else str(key)
            elif type(value) not in _SCALARS:
                yield from _unknown_keys(value, known[key], f"{path}.{key}" if path else str(key))
    elif isinstance(given, list) and isinstance(known, list) and len(given) == len(known):
        for index, (a, b) in enumerate(zip(given, known, strict=True)):
            if type(a) not in _SCALARS:
                yield from _unknown_keys(a, b, f"{path}[{index}]")


def packed(document: Mapping[str, Any]) -> Callable[[], Mapping[str, Any]]:
    """A function answering a fresh copy of ``document``, which it keeps as compressed JSON
    (a fraction of the memory of the document itself)."""
    kept = zlib.compress(json.dumps(document, separators=(",", ":")).encode(), 1)

    def unpacked() -> Mapping[str, Any]:
        loaded: Mapping[str, Any] = json.loads(zlib.decompress(kept))
        return loaded

    return unpacked


def demo_document() -> dict[str, Any]:
    """A fresh copy of the embedded demo world document."""
    return copy.deepcopy(demo_source())


@cache
def demo_source() -> dict[str, Any]:
    """The embedded demo world document, parsed once (never change it: it is shared)."""
    text = resources.files("fleetapi_mock").joinpath("data/demo_world.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document
