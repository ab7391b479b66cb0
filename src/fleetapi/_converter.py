"""The one cattrs converter shared by the SDK and the mock.

It knows the wire formats of the API:

* date/times as ``YYYY-MM-DD HH:MM:SS`` (or ISO 8601 in ISO mode), dates as ``YYYY-MM-DD``;
* durations as ISO 8601 durations (``P90D``, ``PT1H30M``) mapped to :class:`datetime.timedelta`;
* three field states: omitted (:data:`~fleetapi.UNSET`, never sent), null and a value;
* attribute names ending in ``_`` (``from_``) travel without it (``from``);
* tagged unions (track kinds, search conditions, form values) by their ``type`` key.

The client converter is lenient (unknown fields and enum values are tolerated, the service adds
them); the strict converter used by the mock rejects wrong JSON types and reports every
offending parameter by its dotted path.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
import typing
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import Any, TypeVar, get_args

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote
from cattrs.fns import identity
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from fleetapi._annotations import (
    PLAIN_SCALARS,
    has_unset,
    is_a,
    is_list,
    is_literal,
    is_optional,
    is_scalar_list,
    is_scalar_or_object,
    without_unset,
)
from fleetapi._client_structure import make_client_structure_fn
from fleetapi._formats import (
    format_date,
    format_datetime,
    format_duration,
    parse_date,
    parse_datetime,
    parse_duration,
    wire_name,
)
from fleetapi._rules import Rules, relax, rules_of
from fleetapi._strict import WireTypeError, json_type, strict_scalar_hooks
from fleetapi._types import TAGGED_UNIONS, UNSET, Unset
from fleetapi._unions import register_tagged_unions, tag_of

__all__ = [
    "FieldError",
    "RequestValidationError",
    "converter_for",
    "format_date",
    "format_datetime",
    "format_duration",
    "parse_datetime",
    "parse_duration",
    "shared_datetimes",
    "wire_name",
]

T = TypeVar("T")


@attrs.frozen
class FieldError:
    """One invalid request parameter: its dotted ``parameter`` path and the ``error``."""

    parameter: str
    error: str


class RequestValidationError(ValueError):
    """A request body that does not fit its parameters model."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e.parameter}: {e.error}" for e in errors))


# --- Converter construction ---------------------------------------------------------------


def _describe(tp: Any) -> str:
    if attrs.has(tp):
        return "an object"
    if tp is int:
        return "an integer"
    if tp is float:
        return "a number"
    if tp is str:
        return "a string"
    if tp is bool:
        return "a boolean"
    return getattr(tp, "__name__", str(tp))


_SHARED_DATETIMES: ContextVar[dict[str, dt.datetime] | None] = ContextVar(
    "fleetapi_shared_datetimes", default=None
)


@contextlib.contextmanager
def shared_datetimes(kept: dict[str, dt.datetime] | None = None) -> Iterator[None]:
    """Within the block, equal date/time texts structure into one object, parsed once (a
    world's load, a batch of states); ``kept``: those of earlier blocks (a stream's batches)."""
    token = _SHARED_DATETIMES.set({} if kept is None else kept)
    try:
        yield
    finally:
        _SHARED_DATETIMES.reset(token)


def converter_for(*, strict: bool = False, iso: bool = False) -> cattrs.Converter:
    """The converter for one side and date/time mode.

    ``strict=False`` is the client's: tolerant of unknown fields and unknown enum values.
    ``strict=True`` is the mock's: exact JSON types, every error collected with its path.
    ``iso=True`` writes date/times as ISO 8601.
    """
    return _build_converter(strict, iso)


@cache
def _build_converter(strict: bool, iso: bool) -> cattrs.Converter:
    conv = cattrs.Converter(detailed_validation=strict, forbid_extra_keys=False)

    # Date/time, date, duration. The mock's side keeps the few date/times it read last, so
    # that equal texts close together (a world's records share many) give one shared object.
    def parse_one(text: str) -> dt.datetime:
        return parse_datetime(text, iso=iso)

    parse = lru_cache(maxsize=256)(parse_one) if strict else parse_one

    def structure_datetime(value: Any, _: type) -> dt.datetime:
        if not isinstance(value, str):
            raise WireTypeError(f"must be a date/time string, not {json_type(value)}")
        shared = _SHARED_DATETIMES.get()
        if shared is None:
            return parse(value)
        found = shared.get(value)
        if found is None:
            found = shared[value] = parse(value)
        return found

    def structure_date(value: Any, _: type) -> dt.date:
        if not isinstance(value, str):
            raise WireTypeError(f"must be a date string, not {json_type(value)}")
        return parse_date(value)

    def structure_duration(value: Any, _: type) -> dt.timedelta:
        if not isinstance(value, str):
            raise WireTypeError(f"must be an ISO 8601 duration, not {json_type(value)}")
        return parse_duration(value)

    conv.register_structure_hook(dt.datetime, structure_datetime)
    conv.register_unstructure_hook(dt.datetime, lambda v: format_datetime(v, iso=iso))
    conv.register_structure_hook(dt.date, structure_date)
    conv.register_unstructure_hook(dt.date, format_date)
    conv.register_structure_hook(dt.timedelta, structure_duration)
    conv.register_unstructure_hook(dt.timedelta, format_duration)
    conv.register_structure_hook(typing.Any, lambda v, _: v)

    if strict:
        strict_scalar_hooks(conv)

    # Literal enums: the client accepts values it does not know yet.
    def literal_hook(tp: Any) -> Callable[[Any, Any], Any]:
        allowed = get_args(tp)

        def strict_hook(value: Any, _: Any) -> Any:
            if value not in allowed or isinstance(value, bool):
                choices = ", ".join(repr(a) for a in allowed)
                raise WireTypeError(f"must be one of {choices}")
            return value

        def lenient_hook(value: Any, _: Any) -> Any:
            return value

        return strict_hook if strict else lenient_hook

    conv.register_structure_hook_factory(is_literal, literal_hook)

    # Three field states: a union with Unset structures as the union without it.
    def unset_union_hook(tp: Any) -> Callable[[Any, Any], Any]:
        inner_type = without_unset(tp)
        inner = conv.get_structure_hook(inner_type)
        return lambda value, _: inner(value, inner_type)

    conv.register_structure_hook_factory(has_unset, unset_union_hook)

    # ...and unstructures by the declared type without it, so tagged unions keep their tags.
    def unset_union_unstructure(tp: Any) -> Callable[[Any], Any]:
        inner = conv.get_unstructure_hook(without_unset(tp))
        return lambda value: None if value is UNSET else inner(value)

    conv.register_unstructure_hook_factory(has_unset, unset_union_unstructure)
    conv.register_unstructure_hook(Unset, lambda _: None)

    # A union of scalars and at most one object (``q``: an address or a location) goes by shape.
    def scalar_or_object_hook(tp: Any) -> Callable[[Any, Any], Any]:
        members = get_args(tp)
        objects = [m for m in members if attrs.has(m)]
        scalars = [m for m in members if not attrs.has(m)]

        def hook(value: Any, _: Any) -> Any:
            if objects and isinstance(value, Mapping):
                return conv.structure(value, objects[0])
            for scalar in scalars:
                if is_a(value, scalar):
                    return None if value is None else conv.structure(value, scalar)
            names = " or ".join(_describe(m) for m in members if m is not type(None))
            raise WireTypeError(f"must be {names}, not {json_type(value)}")

        return hook

    conv.register_structure_hook_factory(is_scalar_or_object, scalar_or_object_hook)

    # ``X | None``: the hook of ``X`` is found once, not on every value (cattrs' own optional
    # hook dispatches on each, hashing the type: a long ``Literal`` every time).
    def optional_hook(tp: Any) -> Callable[[Any, Any], Any]:
        (inner_type,) = [m for m in get_args(tp) if m is not type(None)]
        inner = conv.get_structure_hook(inner_type)

        def hook(value: Any, _: Any) -> Any:
            return None if value is None else inner(value, inner_type)

        def lenient_scalar_hook(value: Any, _: Any) -> Any:
            # The client's scalars: a value of the very type is taken as it is.
            if value is None or type(value) is inner_type:
                return value
            return inner(value, inner_type)

        if strict:
            return hook
        if is_literal(inner_type):  # the client takes any value of a Literal, None too
            return inner
        return lenient_scalar_hook if inner_type in PLAIN_SCALARS else hook

    conv.register_structure_hook_factory(is_optional, optional_hook)

    # The client's lists of scalars: a value of the very type is taken as it is.
    def lenient_scalar_list(tp: Any) -> Callable[[Any, Any], Any]:
        (item,) = get_args(tp)
        return lambda values, _: [v if type(v) is item else item(v) for v in values]

    if not strict:
        conv.register_structure_hook_factory(is_scalar_list, lenient_scalar_list)

    # ...and unstructures as ``X`` does when that is the value itself (a string, a number):
    # the generated function of a model then reads the field inline, with no call per value.
    def optional_unstructure(tp: Any) -> Callable[[Any], Any]:
        (inner_type,) = [m for m in get_args(tp) if m is not type(None)]
        inner = conv.get_unstructure_hook(inner_type)
        if inner == identity:
            return identity
        return lambda value: None if value is None else inner(value)

    conv.register_unstructure_hook_factory(is_optional, optional_unstructure)

    # A list unstructures by one comprehension (cattrs' own builds it from a generator).
    def list_unstructure(tp: Any) -> Callable[[Any], Any]:
        inner = conv.get_unstructure_hook(get_args(tp)[0]) if get_args(tp) else conv.unstructure
        return list if inner == identity else lambda values: [inner(v) for v in values]

    conv.register_unstructure_hook_factory(is_list, list_unstructure)

    # attrs classes: wire names, omission of UNSET, defaults for missing nullable fields.
    def attrs_structure(cls: type) -> Callable[[Mapping[str, Any], Any], Any]:
        if not strict:
            return make_client_structure_fn(cls, conv)
        overrides: dict[str, Any] = {
            a.name: override(rename=wire_name(a.name)) for a in attrs.fields(cls)
        }
        inner: Callable[[Mapping[str, Any], Any], Any] = make_dict_structure_fn(
            cls, conv, _cattrs_detailed_validation=True, _cattrs_forbid_extra_keys=False,
            **overrides,
        )  # fmt: skip
        limited = [(a, r) for a in attrs.fields(cls) if (r := rules_of(a)) is not None]
        relaxed = {wire_name(a.name): r for a, r in limited if r.blank or r.one_or_many}

        def guarded(value: Any, t: Any) -> Any:
            if not isinstance(value, Mapping):
                raise WireTypeError(f"must be an object, not {json_type(value)}")
            if relaxed:
                value = relax(value, relaxed)
            broken = _broken_rules(cls, value, limited)
            try:
                obj = inner(value, t)
            except cattrs.ClassValidationError as exc:
                failed = {_attribute_of(e) for e in exc.exceptions}
                extra = [e for e in broken if _attribute_of(e) not in failed]
                if extra:
                    raise cattrs.ClassValidationError(
                        exc.message, [*exc.exceptions, *extra], cls
                    ) from None
                raise
            if broken:
                raise cattrs.ClassValidationError(f"While structuring {cls.__name__}", broken, cls)
            return obj

        return guarded

    # A member of a tagged union carries its tag even when unstructured on its own (a form
    # value in a ``dict[str, Any]``, say), not only when unstructured as the union. Unions are
    # looked up when a hook is first made: the module declaring one is imported by then.
    def tag_name_of(cls: type) -> str | None:
        for union, (tag, _) in TAGGED_UNIONS.items():
            if cls in get_args(union):
                return tag
        return None

    def attrs_unstructure(cls: type) -> Callable[[Any], dict[str, Any]]:
        overrides: dict[str, Any] = {
            a.name: override(rename=wire_name(a.name), omit_if_default=a.default is UNSET)
            for a in attrs.fields(cls)
        }
        plain: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv, **overrides)
        tag_name = tag_name_of(cls)
        if tag_name is None:
            return plain
        tag = tag_of(cls)
        return lambda obj: {tag_name: tag, **plain(obj)}

    conv.register_structure_hook_factory(attrs.has, attrs_structure)
    conv.register_unstructure_hook_factory(attrs.has, attrs_unstructure)

    # Tagged unions by their tag, each member's hook made at the first value of its tag.
    register_tagged_unions(conv, strict=strict)
    return conv


def structure_request(data: Mapping[str, Any], cls: type[T], *, iso: bool = False) -> T:
    """Structure a request body strictly, raising :class:`RequestValidationError` on failure.

    Each error names the parameter by its dotted wire path (``task.location.lat``).
    """
    conv = converter_for(strict=True, iso=iso)
    try:
        return conv.structure(data, cls)
    except (cattrs.ClassValidationError, cattrs.IterableValidationError) as exc:
        raise RequestValidationError(_collect(exc)) from None
    except (ValueError, TypeError) as exc:
        raise RequestValidationError([FieldError("body", str(exc))]) from None


def _attribute_of(error: BaseException) -> str | None:
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            return note.name
    return None


def _broken_rules(
    cls: type, value: Mapping[str, Any], limited: list[tuple[attrs.Attribute[Any], Rules]]
) -> list[Exception]:
    """One error per field of the raw request whose value breaks its declared limits."""
    errors: list[Exception] = []
    for attribute, limits in limited:
        problem = limits.check(value.get(wire_name(attribute.name)))
        if problem is not None:
            error = WireTypeError(problem)
            note = f"Structuring class {cls.__qualname__} @ attribute {attribute.name}"
            notes = [AttributeValidationNote(note, attribute.name, attribute.type)]
            setattr(error, "__notes__", notes)  # noqa: B010  (Python 3.10 has no add_note)
            errors.append(error)
    return errors


def _format_exception(exc: BaseException, _type: type | None) -> str:
    if isinstance(exc, KeyError):
        return "is required"
    if isinstance(exc, WireTypeError):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return f"unknown fields: {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, (ValueError, TypeError)) and str(exc):
        text = str(exc)
        if text.startswith("must ") or text.startswith("expected "):
            return text
        if _type is not None and not isinstance(exc, ValueError):
            return f"must be {_describe(_type)}"
        return text
    if _type is not None:
        return f"must be {_describe(_type)}"
    return "is invalid"


_PATH_SPLIT = re.compile(r"\.|(?=\[)")


def _collect(exc: BaseException) -> list[FieldError]:
    errors: list[FieldError] = []
    for line in cattrs.transform_error(exc, path="$", format_exception=_format_exception):
        message, _, path = line.rpartition(" @ ")
        parts = [p for p in _PATH_SPLIT.split(path.removeprefix("$")) if p]
        wire = ".".join(p if p.startswith("[") else wire_name(p) for p in parts)
        errors.append(FieldError(wire.replace(".[", "[") or "body", message))
    return errors
