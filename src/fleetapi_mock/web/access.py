"""Who is calling, and may they: the credential of a request, the caller it names, the
access level and sub-user rights of the call, and the rate limit per caller.

The credential comes from ``Authorization: NVX <hash>``, else the body's ``hash``, else the
query's ``hash``. A session hash names its user (until 30 days without use); an API key names
the master user owning it.
"""

from __future__ import annotations

import collections
import re
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import (
    FleetApiError,
    OperationNotPermittedError,
    SessionNotFoundError,
    WrongHashError,
)
from fleetapi._pacing import SERVICE_RATE_LIMIT
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.state.records import ApiKeyRecord, SessionRecord, UserRecord
from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_RATE_LIMIT",
    "Identity",
    "RateLimiter",
    "authorize",
    "credential_of",
    "identify",
    "keep_alive",
    "optional_credential",
]

DEFAULT_RATE_LIMIT = SERVICE_RATE_LIMIT
"""Requests per second per credential: the real service's (NOTES)."""

_HASH_HEADER = re.compile(r"NVX [^\s]{32}")


class RateLimiter:
    """At most ``limit`` requests per ``window`` seconds per key (a sliding window).

    Windows move with real elapsed time (``timer``, the machine's monotonic clock), never with
    the world clock: a frozen or moved world clock neither locks a credential out nor lifts
    its limit, and the ``Retry-After`` answered is true.
    """

    def __init__(
        self,
        limit: int,
        window: float = 1.0,
        *,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.timer = timer
        self._hits: dict[str, collections.deque[float]] = {}

    def hit(self, key: str) -> float | None:
        """Count a request; ``None`` when allowed, else the seconds to wait."""
        now = self.timer()
        hits = self._hits.setdefault(key, collections.deque())
        while hits and now - hits[0] >= self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return hits[0] + self.window - now
        hits.append(now)
        return None

    def clear(self) -> None:
        """Forget every count."""
        self._hits.clear()


@attrs.frozen(kw_only=True)
class Identity:
    """The caller a credential names: a user, through a session or an API key."""

    user: UserRecord
    session: SessionRecord | None = None
    api_key: ApiKeyRecord | None = None
    rights: tuple[str, ...] = ()
    """A sub-user's rights (its security group's); a master user's are not listed."""

    @property
    def rate_key(self) -> str:
        """The rate-limit bucket of the caller: its API key, else its user."""
        if self.api_key is not None:
            return f"key:{self.api_key.hash}"
        return f"user:{self.user.id}"


def credential_of(
    headers: Mapping[str, str], fields: Mapping[str, Any]
) -> tuple[str | None, FleetApiError | None]:
    """The credential of a request and, when it is malformed, the error to answer."""
    header = headers.get("authorization")
    value = fields.get("hash")
    if header is not None:
        if _HASH_HEADER.fullmatch(header) is None:
            return None, WrongHashError(
                "wrong Authorization header: expected 'NVX <32-character hash>'"
            )
        if "hash" in fields and (not isinstance(value, str) or len(value) != 32):
            return None, WrongHashError("wrong hash: a hash is 32 characters")
        return header[4:], None
    if value is None or value == "":
        return None, WrongHashError("no credential: send 'Authorization: NVX <hash>' or 'hash'")
    if not isinstance(value, str) or len(value) != 32:
        return None, WrongHashError("wrong hash: a hash is 32 characters")
    return value, None


def identify(world: World, credential: str | None) -> Identity | None:
    """The caller ``credential`` names: a live session's user or an API key's owner; ``None``
    for no credential, an unknown one or a session ended by 30 days without use."""
    if credential is None:
        return None
    session = world.sessions.get(credential)
    if session is not None:
        user = world.users.get(session.user_id)
        if user is None or world.session_expired(session):
            return None
        rights = () if user.is_master else tuple(rights_of(world, user))
        return Identity(user=user, session=session, rights=rights)
    key = world.api_keys.get(credential)
    if key is not None:
        owner = world.users.get(key.user_id)
        return None if owner is None else Identity(user=owner, api_key=key)
    return None


def keep_alive(world: World, identity: Identity) -> None:
    """Note that the caller's session (if it came with one) was used now."""
    if identity.session is not None:
        world.sessions.change(identity.session.hash, last_used=world.now())


_LIMITED_SESSIONS: Final[Mapping[str, Access]] = {
    "password_restore": Access.RESTORE,
    "activation": Access.ACTIVATION,
    "second_factor": Access.SECOND_FACTOR,
}
"""The kinds of session that serve one access level alone, and that level."""


def _words(access: Access) -> str:
    """The kind of session that serves ``access`` alone, in words (``password-restore``)."""
    return next(k for k, a in _LIMITED_SESSIONS.items() if a is access).replace("_", "-")


def authorize(endpoint: Endpoint, identity: Identity | None) -> Identity:
    """``identity``, once the access level and rights of ``endpoint`` hold for it.

    Raises:
        SessionNotFoundError: (4) no caller, a DELIVERY session on another call, an API key
            on a call that needs a session.
        OperationNotPermittedError: (13) a ROOT call, or a sub-user without the right.
    """
    if identity is None:
        raise SessionNotFoundError("unknown hash, or the session has ended")
    access = endpoint.access
    session = identity.session
    if session is not None and session.kind == "delivery" and access is not Access.DELIVERY:
        raise SessionNotFoundError("a DELIVERY session is valid for delivery calls only")
    limited_to = None if session is None else _LIMITED_SESSIONS.get(session.kind)
    if limited_to is not None and access is not limited_to:
        raise SessionNotFoundError(f"a {_words(limited_to)} session serves no other call")
    if limited_to is None and access in _LIMITED_SESSIONS.values():
        raise SessionNotFoundError(f"this call needs a {_words(access)} session")
    if access is Access.ROOT:
        raise OperationNotPermittedError("this call needs the ROOT access level")
    if access in (Access.SESSION, Access.USER_SESSION) and identity.api_key is not None:
        raise SessionNotFoundError("this call needs a standard session, not an API key")
    user = identity.user
    if not user.is_master:
        if endpoint.master_only or endpoint.right == "admin" or access is Access.SESSION:
            raise OperationNotPermittedError("only the master user may make this call")
        if endpoint.right is not None and endpoint.right not in identity.rights:
            raise OperationNotPermittedError(f"this call needs the right {endpoint.right!r}")
    return identity


def optional_credential(headers: Mapping[str, str], fields: Mapping[str, Any]) -> str | None:
    """The credential of a call that needs none (``dealer/get_ui_config`` may use it)."""
    credential, error = credential_of(headers, fields)
    return None if error else credential
