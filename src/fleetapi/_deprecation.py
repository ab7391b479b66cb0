"""Warnings for the names that moved (see :mod:`fleetapi._renames`)."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any

from fleetapi._renames import REMOVED_IN

__all__ = ["MODELS_REMOVED_IN", "MOVED_MODELS", "moved", "moved_models"]

MODELS_REMOVED_IN = "0.4.0"
"""The version that drops the old homes of the models that moved after 0.2.0."""

MOVED_MODELS: dict[str, dict[str, str]] = {
    "fleetapi.models.tag": {"TagSearchResult": "fleetapi.models.tag_search"},
    "fleetapi.models.subuser": {
        "SubUserPlaceList": "fleetapi.models.subuser_geo",
        "SubUserZoneList": "fleetapi.models.subuser_geo",
    },
}
"""Models that moved after 0.2.0 so that their old module loads fewer models, by old module:
each name and its new module (the migration page renders this table)."""


def moved(old: str, new: str) -> None:
    """Warn that ``client.<old>`` is deprecated in favour of ``client.<new>``; the warning
    points at the caller of the deprecated method."""
    warnings.warn(
        f"client.{old} is deprecated since 0.2.0 and goes in {REMOVED_IN}: use client.{new}",
        DeprecationWarning,
        stacklevel=3,
    )


def moved_models(old: str) -> Callable[[str], Any]:
    """The ``__getattr__`` of the models module ``old`` whose classes moved
    (:data:`MOVED_MODELS`): each old name imports its new home when first asked for, and
    warns."""
    new = MOVED_MODELS[old]

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
