"""Whether the strict converter takes a request body, answered quickly when it does.

:func:`request_errors` answers the errors :func:`~fleetapi._converter.structure_request`
raises for a body, or none. The mock checks every row of a batch as ``vehicle/create`` or
``task/create`` would, where most rows are right: building the model and running cattrs'
error machinery for each was a third of a batch's time. A body is taken at once when it
passes what that structuring checks, read from the same declarations: each field present goes
through the strict converter's own hook for its declared type (a nested model through this
same check), each field's declared limits (``rules``) hold, every required field is there.
Anything else (a hook refusing a value, a limit broken, a field missing, a model whose
construction could itself refuse: validators, converters, ``__attrs_post_init__``) goes
through :func:`~fleetapi._converter.structure_request`, so that the errors are its own, word
for word. A property test holds both to the same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, get_args

import attrs

from fleetapi._annotations import has_unset, is_optional, without_unset
from fleetapi._converter import (
    FieldError,
    RequestValidationError,
    converter_for,
    structure_request,
)
from fleetapi._formats import wire_name
from fleetapi._rules import Rules, relax, rules_of

__all__ = ["request_errors"]

Check = Callable[[Any], bool]


def request_errors(data: Mapping[str, Any], cls: type, *, iso: bool = False) -> list[FieldError]:
    """The errors ``structure_request(data, cls, iso=iso)`` raises; empty when it takes
    ``data`` (then without structuring it)."""
    check = _check_of(cls, iso)
    if check is not None and check(data):
        return []
    try:
        structure_request(data, cls, iso=iso)
    except RequestValidationError as exc:
        return exc.errors
    return []


@cache
def _check_of(cls: type, iso: bool) -> Check | None:
    """Whether a body is surely taken as a ``cls``, or ``None`` for a model whose construction
    could refuse what its fields take (then every body is structured)."""
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_post_init__") or any(
        a.validator is not None or a.converter is not None or not a.init for a in fields
    ):
        return None
    conv = converter_for(strict=True, iso=iso)
    steps: dict[str, tuple[Callable[[Any, Any], Any], Any, Rules | None, type | None, bool]] = {}
    for a in fields:
        tp, nullable = _unwrapped(a.type)
        inner = tp if isinstance(tp, type) and attrs.has(tp) else None
        steps[wire_name(a.name)] = (conv.get_structure_hook(tp), tp, rules_of(a), inner, nullable)
    required = frozenset(wire_name(a.name) for a in fields if a.default is attrs.NOTHING)
    relaxed = {
        wire_name(a.name): r
        for a in fields
        if (r := rules_of(a)) is not None and (r.blank or r.one_or_many)
    }

    def check(value: Any) -> bool:
        if type(value) is not dict and not isinstance(value, Mapping):
            return False
        if relaxed:
            value = relax(value, relaxed)
        if not required <= value.keys():
            return False
        for key, item in value.items():
            step = steps.get(key)
            if step is None:
                continue
            hook, tp, limits, inner, nullable = step
            if item is None and nullable:  # what the hook of X | None takes; no limit holds it
                continue
            if limits is not None and limits.check(item) is not None:
                return False
            if inner is not None and (nested := _check_of(inner, iso)) is not None:
                if not nested(item):
                    return False
                continue
            try:
                hook(item, tp)
            except Exception:  # cattrs collects any exception of a hook
                return False
        return True

    return check


def _unwrapped(tp: Any) -> tuple[Any, bool]:
    """A field's declared type without ``| Unset`` and ``| None`` (the strict converter's
    hooks of those pass to the hook of what is left, a null aside), and whether null is
    allowed."""
    if has_unset(tp):
        tp = without_unset(tp)
    nullable = is_optional(tp)
    if nullable:
        (tp,) = [m for m in get_args(tp) if m is not type(None)]
    return tp, nullable


def _model_of(tp: Any) -> tuple[type | None, bool]:
    """The attrs class of a field declared ``X``, ``X | None`` or with ``| Unset`` (else
    ``None``), and whether null is allowed."""
    if has_unset(tp):
        tp = without_unset(tp)
    nullable = is_optional(tp)
    if nullable:
        (tp,) = [m for m in get_args(tp) if m is not type(None)]
    return (tp if isinstance(tp, type) and attrs.has(tp) else None), nullable
