"""User applications (``user/application/*``): third-party applications embedded in the
interface's menu."""

from __future__ import annotations

from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "ApplicationAuthorization",
    "DisplayMethod",
    "NewUserApplication",
    "UserApplicationCreateParams",
]

DisplayMethod = Literal["new_tab", "embedded"]
"""Where the interface opens an application: a new tab, or inside itself."""

_TEXT = rules(max_length=255)


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApplicationAuthorization:
    """How the application is signed in: with an API key, or with the user's session."""

    type: Literal["api_key", "user_session"]
    hash: str | Unset = attrs.field(default=UNSET, repr=False, metadata=rules(max_length=64))
    """The API key, for ``api_key``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewUserApplication:
    """An application to create, in either documented form: the reference's (``label``,
    ``url_template``, ``enabled``) or the guide's (``name``, ``url``, ``is_enabled``)."""

    id: int | Unset | None = UNSET
    """Null (or left out) for a new application."""
    label: str | Unset = attrs.field(default=UNSET, metadata=_TEXT)
    """The name the menu shows."""
    name: str | Unset = attrs.field(default=UNSET, metadata=_TEXT)
    """The guide's name for ``label``."""
    url_template: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=2048))
    """Its address, with variables in braces (``https://example.com/{language}``)."""
    url: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=2048))
    """The guide's name for ``url_template``."""
    authorization: ApplicationAuthorization | Unset = UNSET
    """How the application is signed in."""
    display_method: DisplayMethod = "new_tab"
    """A new tab (the default) or inside the interface."""
    icon: str = attrs.field(default="extension", metadata=rules(max_length=2048))
    """An icon's name or address."""
    description: str = attrs.field(default="", metadata=rules(max_length=1024))
    """What the users read about it."""
    enabled: bool | Unset = UNSET
    """Shown in the menu (default true)."""
    is_enabled: bool | Unset = UNSET
    """The guide's name for ``enabled``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserApplicationCreateParams:
    """Parameters of ``user/application/create``."""

    application: NewUserApplication
    """The application, without ID."""
