"""Notifications (``notification/list``): messages the interface shows a user for a while."""

from __future__ import annotations

import datetime as dt

import attrs

__all__ = ["Notification"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class Notification:
    """A notification for the user."""

    id: int
    message: str
    show_till: dt.datetime
    """Shown until then."""
