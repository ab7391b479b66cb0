"""The journal: what the backend keeps of each answered request (never a body or a credential)."""

from __future__ import annotations

import datetime as dt
import fnmatch
from typing import Literal

import attrs

__all__ = ["CredentialKind", "JournalEntry"]

CredentialKind = Literal["session", "api_key"]
"""How a caller was identified: a session hash or an API key."""


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
    credential: CredentialKind | None = None
    """How the caller was identified (``None``: no valid credential)."""

    def matches(
        self,
        *,
        path: str | None = None,
        code: int | None = None,
        credential: str | None = None,
        since: dt.datetime | None = None,
    ) -> bool:
        """Whether the entry passes the journal's filters: ``path`` a glob matched against
        the call (``task/*``) or the path, ``code`` its code (0 for successes),
        ``credential`` ``session``, ``api_key`` or ``none``, ``since`` a world time (UTC) it
        is not before."""
        if path is not None and not (
            fnmatch.fnmatchcase(self.call or "", path)
            or fnmatch.fnmatchcase(self.path.lstrip("/"), path.lstrip("/"))
        ):
            return False
        if code is not None and self.code != code:
            return False
        if credential is not None and (self.credential or "none") != credential:
            return False
        return since is None or self.time >= since
