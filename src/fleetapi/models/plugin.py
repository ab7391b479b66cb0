"""Plugins (``plugin/list``): the report kinds and account features open to a user."""

from __future__ import annotations

from typing import Any

import attrs

from fleetapi._types import UNSET, Unset

__all__ = ["Plugin", "PluginFilter"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class PluginFilter:
    """The device models a plugin works with."""

    exclusion: bool
    """True: every model but those of ``values``; false: only those."""
    values: list[str]
    """Patterns of model codes (regular expressions)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Plugin:
    """A plugin available to the user."""

    id: int
    type: str
    """``tracker_report`` (a report kind), ``tracker_register``, ``user`` (an account
    feature)..."""
    module: str
    """The service's module of the plugin."""
    ui_module: str
    """The interface's module of the plugin."""
    filter: PluginFilter
    parameters: dict[str, Any] | Unset = UNSET
    """The plugin's own settings, when it has some."""
