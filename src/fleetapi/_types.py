"""Shared small types: the ``UNSET`` sentinel and the three field states."""

from __future__ import annotations

import enum
from typing import Any, Final, Literal, TypeVar

__all__ = ["TAGGED_UNIONS", "UNSET", "CredentialKind", "Unset", "is_set", "tagged_union"]

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


CredentialKind = Literal["session", "api_key"]
"""How a caller is identified: a session hash or an API key."""

TAGGED_UNIONS: dict[Any, tuple[str, type | None]] = {}
"""Unions of attrs classes told apart by a tag key, read by the converter."""


def tagged_union(union: Any, *, tag: str = "type", default: type | None = None) -> None:
    """Declare a union of attrs classes told apart by a ``tag`` key (``type`` by default).

    Each member class names its tag value in a ``ClassVar[str]`` called ``TAG``. ``default`` is
    the class the lenient client converter uses for tag values it does not know. Declare a
    union right after its members, in their module: a converter configures it when it first
    converts it.
    """
    TAGGED_UNIONS[union] = (tag, default)
