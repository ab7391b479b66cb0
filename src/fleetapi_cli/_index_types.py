"""The shapes of the CLI's index (:mod:`fleetapi_cli._index`), apart from it: the generated
``_index_data`` is made of them, and ``_index`` reads ``_index_data``, so neither imports the
other's importer."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Calls", "HandMade", "Index"]

Index = dict[str, str]
"""The words of each call's command (``"tracker counter value get"``) -> its API path."""

Calls = tuple[tuple[str, ...], tuple[str, ...]]
"""What a hand-made command declares (:func:`~fleetapi_cli._typer.wraps_call`): the paths it
stands for, and those it uses on the way."""


class HandMade(NamedTuple):
    """A hand-made group or top-level command of ``fleet``."""

    module: str
    group: bool
    """A group (``fleet task ...``) rather than one command (``fleet ping``)."""
    help: str
    commands: dict[str, Calls]
    """The group's commands (a top-level command: one, named ``""``) and their calls."""

    def wrapped(self) -> set[str]:
        """The paths its commands stand for."""
        return {path for paths, _ in self.commands.values() for path in paths}
