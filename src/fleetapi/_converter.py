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

import datetime as dt
import re
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import list_structure_factory, mapping_structure_factory
from cattrs.errors import AttributeValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from fleetapi._rules import Rules, rules_of
from fleetapi._types import TAGGED_UNIONS, UNSET, Unset, when_declared

__all__ = [
    "FieldError",
    "RequestValidationError",
    "converter_for",
    "format_date",
    "format_datetime",
    "format_duration",
    "parse_datetime",
    "parse_duration",
    "wire_name",
]

T = TypeVar("T")

DATE_FORMAT = "%Y-%m-%d"

_DATETIME_RE = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?"
    r"(Z|[+-]\d{2}:\d{2})?"
)
"""The accepted date/time spellings: the plain form (unpadded fields allowed) and ISO 8601."""

_DURATION_RE = re.compile(
    r"^(?P<sign>-)?P(?!$)(?:(?P<weeks>\d+(?:\.\d+)?)W)?(?:(?P<days>\d+(?:\.\d+)?)D)?"
    r"(?:T(?=\d)(?:(?P<hours>\d+(?:\.\d+)?)H)?(?:(?P<minutes>\d+(?:\.\d+)?)M)?"
    r"(?:(?P<seconds>\d+(?:\.\d+)?)S)?)?$"
)


def parse_duration(text: str) -> dt.timedelta:
    """Parse an ISO 8601 duration of weeks, days, hours, minutes and seconds.

    Years and months have no fixed length and are refused.

    >>> parse_duration("P1DT2H30M")
    datetime.timedelta(days=1, seconds=9000)
    """
    match = _DURATION_RE.match(text)
    if match is None:
        raise ValueError(f"not an ISO 8601 duration of days and time: {text!r}")
    parts = {k: float(v) for k, v in match.groupdict().items() if v and k != "sign"}
    value = dt.timedelta(**parts)
    return -value if match.group("sign") else value


def format_duration(value: dt.timedelta) -> str:
    """Format a timedelta as an ISO 8601 duration (``PT0S`` for zero).

    >>> format_duration(dt.timedelta(days=90))
    'P90D'
    """
    sign = "-" if value < dt.timedelta(0) else ""
    value = abs(value)
    days = value.days
    seconds = value.seconds + value.microseconds / 1_000_000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    out = f"{sign}P"
    if days:
        out += f"{days}D"
    time = ""
    if hours:
        time += f"{int(hours)}H"
    if minutes:
        time += f"{int(minutes)}M"
    if secs:
        time += f"{secs:g}S" if secs != int(secs) else f"{int(secs)}S"
    if time:
        out += "T" + time
    if out in ("P", "-P"):
        out = "PT0S"
    return out


def parse_datetime(text: str, *, iso: bool = False) -> dt.datetime:
    """Parse a wire date/time: ``YYYY-MM-DD HH:MM:SS``, or ISO 8601 when ``iso`` is true.

    The plain form is accepted in ISO mode too, and ISO text (``T``, fractions, ``Z`` or an
    offset) in plain mode, so a client and a server that disagree on the mode still understand
    each other. Seconds may be left out. Anything else, a date alone included, is refused: the
    accepted spellings are the same on every Python version.
    """
    match = _DATETIME_RE.fullmatch(text)
    if match is not None:
        year, month, day, hour, minute, second, fraction, offset = match.groups()
        try:
            return dt.datetime(
                int(year),
                int(month),
                int(day),
                int(hour),
                int(minute),
                int(second or 0),
                int((fraction or "").ljust(6, "0")),
                tzinfo=_offset(offset),
            )
        except ValueError:
            pass
    expected = "ISO 8601 date/time" if iso else "date/time as YYYY-MM-DD HH:MM:SS"
    raise ValueError(f"expected {expected}, got {text!r}")


def _offset(text: str | None) -> dt.tzinfo | None:
    """The time zone of an ISO 8601 offset (``Z``, ``+02:00``); ``None`` without one."""
    if text is None:
        return None
    if text == "Z":
        return dt.timezone.utc
    sign = -1 if text[0] == "-" else 1
    hours, minutes = int(text[1:3]), int(text[4:6])
    return dt.timezone(sign * dt.timedelta(hours=hours, minutes=minutes))


def format_date(value: dt.date) -> str:
    """Format a date for the wire: always ``YYYY-MM-DD``, the year zero-padded (``0001``)."""
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def format_datetime(value: dt.datetime, *, iso: bool = False) -> str:
    """Format a date/time for the wire (wall-clock time in the plain form).

    The plain form is always ``YYYY-MM-DD HH:MM:SS``, the year zero-padded to four digits
    (``strftime("%Y")`` writes year 1 as ``1`` on Linux).
    """
    if iso:
        return value.isoformat(timespec="seconds")
    return value.replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")


def wire_name(attribute: str) -> str:
    """The JSON key of a model attribute: a trailing ``_`` (``from_``) is dropped."""
    return attribute[:-1] if attribute.endswith("_") else attribute


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


class _WireTypeError(TypeError):
    """A JSON value of the wrong type, raised by the strict converter's scalar hooks."""


# --- Type helpers -------------------------------------------------------------------------


def _is_union(tp: Any) -> bool:
    origin = get_origin(tp)
    return origin is Union or (origin is not None and origin.__name__ == "UnionType")


def _has_unset(tp: Any) -> bool:
    return _is_union(tp) and Unset in get_args(tp)


def _without_unset(tp: Any) -> Any:
    args = tuple(a for a in get_args(tp) if a is not Unset)
    return args[0] if len(args) == 1 else Union[args]  # noqa: UP007


_SCALARS = (str, int, float, bool, type(None))


def _is_scalar_or_object(tp: Any) -> bool:
    if not _is_union(tp) or Unset in get_args(tp):
        return False
    members = get_args(tp)
    objects = [m for m in members if attrs.has(m)]
    return len(objects) == 1 and all(m in _SCALARS for m in members if not attrs.has(m))


def _is_literal(tp: Any) -> bool:
    return get_origin(tp) is Literal


# --- Converter construction ---------------------------------------------------------------


def _tag_of(cls: type) -> str:
    return str(cls.TAG)  # type: ignore[attr-defined]


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


_FORBIDDEN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters but tab, line feed and carriage return, and lone surrogates."""


def _check_text(value: str) -> str:
    found = _FORBIDDEN_TEXT.search(value)
    if found is not None:
        raise _WireTypeError(f"contains a forbidden character U+{ord(found.group()):04X}")
    return value


def _strict_scalar_hooks(conv: cattrs.Converter) -> None:
    def int_hook(value: Any, _: type) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                return int(value)
            raise _WireTypeError(f"must be an integer, not {_json_type(value)}")
        return value

    def float_hook(value: Any, _: type) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _WireTypeError(f"must be a number, not {_json_type(value)}")
        return float(value)

    def str_hook(value: Any, _: type) -> str:
        if not isinstance(value, str):
            raise _WireTypeError(f"must be a string, not {_json_type(value)}")
        return _check_text(value)

    def bool_hook(value: Any, _: type) -> bool:
        if not isinstance(value, bool):
            raise _WireTypeError(f"must be a boolean, not {_json_type(value)}")
        return value

    conv.register_structure_hook(int, int_hook)
    conv.register_structure_hook(float, float_hook)
    conv.register_structure_hook(str, str_hook)
    conv.register_structure_hook(bool, bool_hook)

    def list_guard(tp: Any) -> Callable[[Any, Any], Any]:
        inner = list_structure_factory(tp, conv)

        def hook(value: Any, t: Any) -> Any:
            if not isinstance(value, list):
                raise _WireTypeError(f"must be an array, not {_json_type(value)}")
            return inner(value, t)

        return hook

    def dict_guard(tp: Any) -> Callable[[Any, Any], Any]:
        inner = mapping_structure_factory(tp, conv)

        def hook(value: Any, t: Any) -> Any:
            if not isinstance(value, dict):
                raise _WireTypeError(f"must be an object, not {_json_type(value)}")
            return inner(value, t)

        return hook

    def is_list(t: Any) -> bool:
        return get_origin(t) is list

    def is_dict(t: Any) -> bool:
        return get_origin(t) is dict

    conv.register_structure_hook_factory(is_list, list_guard)
    conv.register_structure_hook_factory(is_dict, dict_guard)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


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

    # Date/time, date, duration.
    def structure_datetime(value: Any, _: type) -> dt.datetime:
        if not isinstance(value, str):
            raise _WireTypeError(f"must be a date/time string, not {_json_type(value)}")
        return parse_datetime(value, iso=iso)

    def structure_date(value: Any, _: type) -> dt.date:
        if not isinstance(value, str):
            raise _WireTypeError(f"must be a date string, not {_json_type(value)}")
        try:
            return dt.datetime.strptime(value[:10], DATE_FORMAT).date()
        except ValueError:
            raise ValueError(f"expected a date as YYYY-MM-DD, got {value!r}") from None

    def structure_duration(value: Any, _: type) -> dt.timedelta:
        if not isinstance(value, str):
            raise _WireTypeError(f"must be an ISO 8601 duration, not {_json_type(value)}")
        return parse_duration(value)

    conv.register_structure_hook(dt.datetime, structure_datetime)
    conv.register_unstructure_hook(dt.datetime, lambda v: format_datetime(v, iso=iso))
    conv.register_structure_hook(dt.date, structure_date)
    conv.register_unstructure_hook(dt.date, format_date)
    conv.register_structure_hook(dt.timedelta, structure_duration)
    conv.register_unstructure_hook(dt.timedelta, format_duration)
    conv.register_structure_hook(typing.Any, lambda v, _: v)

    if strict:
        _strict_scalar_hooks(conv)

    # Literal enums: the client accepts values it does not know yet.
    def literal_hook(tp: Any) -> Callable[[Any, Any], Any]:
        allowed = get_args(tp)

        def strict_hook(value: Any, _: Any) -> Any:
            if value not in allowed or isinstance(value, bool):
                choices = ", ".join(repr(a) for a in allowed)
                raise _WireTypeError(f"must be one of {choices}")
            return value

        def lenient_hook(value: Any, _: Any) -> Any:
            return value

        return strict_hook if strict else lenient_hook

    conv.register_structure_hook_factory(_is_literal, literal_hook)

    # Three field states: a union with Unset structures as the union without it.
    def unset_union_hook(tp: Any) -> Callable[[Any, Any], Any]:
        inner_type = _without_unset(tp)
        inner = conv.get_structure_hook(inner_type)
        return lambda value, _: inner(value, inner_type)

    conv.register_structure_hook_factory(_has_unset, unset_union_hook)

    # ...and unstructures by the declared type without it, so tagged unions keep their tags.
    def unset_union_unstructure(tp: Any) -> Callable[[Any], Any]:
        inner = conv.get_unstructure_hook(_without_unset(tp))
        return lambda value: None if value is UNSET else inner(value)

    conv.register_unstructure_hook_factory(_has_unset, unset_union_unstructure)
    conv.register_unstructure_hook(Unset, lambda _: None)

    # A union of scalars and one object (``q``: an address or a location) is told apart by shape.
    def scalar_or_object_hook(tp: Any) -> Callable[[Any, Any], Any]:
        members = get_args(tp)
        (obj_type,) = [m for m in members if attrs.has(m)]
        scalars = [m for m in members if not attrs.has(m)]

        def hook(value: Any, _: Any) -> Any:
            if isinstance(value, Mapping):
                return conv.structure(value, obj_type)
            if value is None and type(None) in scalars:
                return None
            for scalar in scalars:
                if scalar is not type(None) and isinstance(value, scalar):
                    return conv.structure(value, scalar)
            names = " or ".join(_describe(m) for m in members if m is not type(None))
            raise _WireTypeError(f"must be {names}, not {_json_type(value)}")

        return hook

    conv.register_structure_hook_factory(_is_scalar_or_object, scalar_or_object_hook)

    # attrs classes: wire names, omission of UNSET, defaults for missing nullable fields.
    def attrs_structure(cls: type) -> Callable[[Mapping[str, Any], Any], Any]:
        overrides: dict[str, Any] = {
            a.name: override(rename=wire_name(a.name)) for a in attrs.fields(cls)
        }
        inner: Callable[[Mapping[str, Any], Any], Any] = make_dict_structure_fn(
            cls, conv, _cattrs_detailed_validation=strict, _cattrs_forbid_extra_keys=False,
            **overrides,
        )  # fmt: skip
        if not strict:
            return inner
        limited = [(a, r) for a in attrs.fields(cls) if (r := rules_of(a)) is not None]

        def guarded(value: Any, t: Any) -> Any:
            if not isinstance(value, Mapping):
                raise _WireTypeError(f"must be an object, not {_json_type(value)}")
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
        tag = _tag_of(cls)
        return lambda obj: {tag_name: tag, **plain(obj)}

    conv.register_structure_hook_factory(attrs.has, attrs_structure)
    conv.register_unstructure_hook_factory(attrs.has, attrs_unstructure)

    # Tagged unions: those declared so far now, the others when their module declares them
    # (a call imports only its own models, and so the converter learns only their unions).
    def configure_union(union: Any) -> None:
        tag, default = TAGGED_UNIONS[union]
        configure_tagged_union(
            union,
            conv,
            tag_generator=_tag_of,
            tag_name=tag,
            default=attrs.NOTHING if strict or default is None else default,
        )

    for union in list(TAGGED_UNIONS):
        configure_union(union)
    when_declared(configure_union)
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
            error = _WireTypeError(problem)
            note = f"Structuring class {cls.__qualname__} @ attribute {attribute.name}"
            notes = [AttributeValidationNote(note, attribute.name, attribute.type)]
            setattr(error, "__notes__", notes)  # noqa: B010  (Python 3.10 has no add_note)
            errors.append(error)
    return errors


def _format_exception(exc: BaseException, _type: type | None) -> str:
    if isinstance(exc, KeyError):
        return "is required"
    if isinstance(exc, _WireTypeError):
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
