"""The journal: what the backend keeps of each answered request (never a body or a credential)."""

from __future__ import annotations

import datetime as dt

import attrs

__all__ = ["JournalEntry"]


@attrs.frozen(kw_only=True)
class JournalEntry:
    """One answered request (never its body or credential)."""

    time: dt.datetime
    method: str
    path: str
    call: str | None
    status: int
    code: int
    """0 for a success, else the failure's ``status.code``."""
    user_id: int | None = None
