"""The strict converter's checks of JSON scalars and containers (the mock's side).

Exact JSON types (no ``true`` for a number, no ``12`` for a string), no control or surrogate
characters in text, arrays and objects where the model says so; each failure is a
:class:`WireTypeError` whose message names what was given. One leniency, as the service reads
requests: a number may come as a JSON string of its digits (``"tracker_id": "2"``,
``"lat": "52.52"``; :func:`number_from_text`), never with an exponent, spaces or a sign ``+``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, get_origin

import cattrs
from cattrs.cols import list_structure_factory, mapping_structure_factory

from fleetapi._rules import number_from_text

__all__ = ["WireTypeError", "json_type", "strict_scalar_hooks"]


class WireTypeError(TypeError):
    """A JSON value of the wrong type, raised by the strict converter's scalar hooks."""


_FORBIDDEN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters but tab, line feed and carriage return, and lone surrogates."""


def _check_text(value: str) -> str:
    found = _FORBIDDEN_TEXT.search(value)
    if found is not None:
        raise WireTypeError(f"contains a forbidden character U+{ord(found.group()):04X}")
    return value


def strict_scalar_hooks(conv: cattrs.Converter) -> None:
    """Register the strict hooks of ``int``, ``float``, ``str``, ``bool``, lists and dicts."""

    def int_hook(value: Any, _: type) -> int:
        if isinstance(value, str):
            number = number_from_text(value, integer=True)
            if number is not None:
                return int(number)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                return int(value)
            raise WireTypeError(f"must be an integer, not {json_type(value)}")
        return value

    def float_hook(value: Any, _: type) -> float:
        if isinstance(value, str):
            number = number_from_text(value, integer=False)
            if number is not None:
                return float(number)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise WireTypeError(f"must be a number, not {json_type(value)}")
        return float(value)

    def str_hook(value: Any, _: type) -> str:
        if not isinstance(value, str):
            raise WireTypeError(f"must be a string, not {json_type(value)}")
        return _check_text(value)

    def bool_hook(value: Any, _: type) -> bool:
        if not isinstance(value, bool):
            raise WireTypeError(f"must be a boolean, not {json_type(value)}")
        return value

    conv.register_structure_hook(int, int_hook)
    conv.register_structure_hook(float, float_hook)
    conv.register_structure_hook(str, str_hook)
    conv.register_structure_hook(bool, bool_hook)

    def list_guard(tp: Any) -> Callable[[Any, Any], Any]:
        inner = list_structure_factory(tp, conv)

        def hook(value: Any, t: Any) -> Any:
            if not isinstance(value, list):
                raise WireTypeError(f"must be an array, not {json_type(value)}")
            return inner(value, t)[:]  # of its own size (appending left room to grow)

        return hook

    def dict_guard(tp: Any) -> Callable[[Any, Any], Any]:
        inner = mapping_structure_factory(tp, conv)

        def hook(value: Any, t: Any) -> Any:
            if not isinstance(value, dict):
                raise WireTypeError(f"must be an object, not {json_type(value)}")
            return inner(value, t)

        return hook

    def is_list(t: Any) -> bool:
        return get_origin(t) is list

    def is_dict(t: Any) -> bool:
        return get_origin(t) is dict

    conv.register_structure_hook_factory(is_list, list_guard)
    conv.register_structure_hook_factory(is_dict, dict_guard)


def json_type(value: Any) -> str:
    """What ``value`` is, in JSON's words (``a number``, ``null``...)."""
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
