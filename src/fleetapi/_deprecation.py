"""Warnings for the names that moved (see :mod:`fleetapi._renames`)."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any

from fleetapi._renames import REMOVED_IN

__all__ = ["moved", "moved_models"]

MODELS_REMOVED_IN = "0.4.0"
"""The version that drops the old homes of the models that moved after 0.2.0."""


def moved(old: str, new: str) -> None:
    """Warn that ``client.<old>`` is deprecated in favour of ``client.<new>``; the warning
    points at the caller of the deprecated method."""
    warnings.warn(
        f"client.{old} is deprecated since 0.2.0 and goes in {REMOVED_IN}: use client.{new}",
        DeprecationWarning,
        stacklevel=3,
    )


def moved_models(old: str, new: dict[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of the models module ``old`` whose classes ``new`` moved (by name,
    to their module): each old name imports its new home when first asked for, and warns."""

    def getattr_(name: str) -> Any:
        home = new.get(name)
        if home is None:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        warnings.warn(
            f"{old}.{name} moved to {home} after 0.2.0, and the old name goes in "
            f"{MODELS_REMOVED_IN}: use {home}.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(home), name)

    return getattr_
