"""Authentication and API keys (``user/auth``, ``api/key/*``) and the ``base`` group."""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._secrets import mask
from fleetapi._types import UNSET, Unset

__all__ = [
    "ApiKey",
    "ApiKeyCreateParams",
    "ApiKeyDeleteParams",
    "AuthCodeVerifyParams",
    "AuthOutcome",
    "AuthParams",
    "SendEmailParams",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApiKey:
    """An API key: a 32-character hash with an unlimited lifetime."""

    hash: str = attrs.field(repr=mask)
    create_date: dt.datetime
    title: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuthParams:
    """Parameters of ``user/auth``."""

    login: str
    """The user's login (an email address)."""
    password: str = attrs.field(repr=False)
    """The user's password."""


FactorType = Literal["email"]
"""How a second factor reaches the user: ``email``, a code mailed to the login."""

AuthOutcomeType = Literal["authenticated", "second_factor_required"]
"""What ``user/auth`` answered: a session, or a session good only for the code calls."""

SECOND_FACTOR_REQUIRED: Final[AuthOutcomeType] = "second_factor_required"
"""The ``type`` of a ``user/auth`` answer that asks for a second factor."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuthOutcome:
    """What ``user/auth`` answers beside its ``hash``."""

    type: AuthOutcomeType = "authenticated"
    """``authenticated``: the hash is a session; ``second_factor_required``: the hash serves
    ``user/auth/code/verify`` and ``user/auth/code/resend`` alone, until a code is verified."""
    factor_type: FactorType | Unset = UNSET
    """The second factor asked for (with ``second_factor_required`` only): ``email``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuthCodeVerifyParams:
    """Parameters of ``user/auth/code/verify``."""

    code: str = attrs.field(repr=False, metadata=rules(not_blank=True, max_length=32))
    """The code of the second factor (mailed to the user's login)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApiKeyCreateParams:
    """Parameters of ``api/key/create``."""

    title: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """Non-empty, printable characters only, at most 255."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApiKeyDeleteParams:
    """Parameters of ``api/key/delete``."""

    key: str = attrs.field(repr=False, metadata=rules(not_blank=True))
    """The API key to delete."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SendEmailParams:
    """Parameters of ``base/send_email`` (ROOT only)."""

    from_: str
    """The sender's address."""
    to: str
    """The recipient's address."""
    title: str
    """The subject line."""
    message: str
    """The message text."""
    service_id: int
    """The ID of the mailing service configured for the account."""
    service_pass: int = attrs.field(repr=False)
    """The secret of that mailing service."""
