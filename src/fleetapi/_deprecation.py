"""Warnings for the names that moved (see :mod:`fleetapi._renames`)."""

from __future__ import annotations

import warnings

from fleetapi._renames import REMOVED_IN

__all__ = ["moved"]


def moved(old: str, new: str) -> None:
    """Warn that ``client.<old>`` is deprecated in favour of ``client.<new>``; the warning
    points at the caller of the deprecated method."""
    warnings.warn(
        f"client.{old} is deprecated since 0.2.0 and goes in {REMOVED_IN}: use client.{new}",
        DeprecationWarning,
        stacklevel=3,
    )
