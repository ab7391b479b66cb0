"""Shared small types: the ``UNSET`` sentinel and the three field states."""

from __future__ import annotations

import enum
from typing import Final, Literal, TypeVar

__all__ = ["UNSET", "Unset", "is_set"]

_T = TypeVar("_T")


class Unset(enum.Enum):
    """The type of :data:`UNSET`: a field that is omitted, as opposed to null or a value.

    Every API field has three states: omitted (``UNSET``, not sent and not received),
    null (``None``) and a value. Request fields left ``UNSET`` are not sent, so the service
    applies its own default.
    """

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> Literal[False]:
        return False


UNSET: Final = Unset.UNSET
"""The omitted state of a field."""


def is_set(value: _T | Unset) -> bool:
    """Tell whether ``value`` holds something other than :data:`UNSET`."""
    return value is not UNSET
