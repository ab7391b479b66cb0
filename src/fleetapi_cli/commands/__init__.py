"""Hand-made commands, loaded on demand by the root command.

Each module of this package defines ``app``: a group (``new_group(help)``, at the words of the
module's name: ``map_layer`` is ``fleet map-layer``, ``asset_track`` is ``fleet asset track``
because ``asset track`` is a group of the call table) or one top-level command
(``new_command_app()``, its help the command's docstring). Nothing is registered here:
``scripts/generate.py`` reads the modules into the index ``fleet --help`` shows
(:func:`fleetapi_cli._index.hand_made`).

A hand-made command declares the calls it stands for (``@wraps_call("vehicle/read")``): it is
then the command of that call, at the call's words (``fleet vehicle read``), and its own name
in its group (``fleet vehicle show``) is a short form of it (:mod:`fleetapi_cli.tree`).
"""

from __future__ import annotations

from fleetapi_cli._index import hand_made

__all__ = ["COMMANDS", "GROUPS", "TOP_GROUPS"]

GROUPS: dict[str, tuple[str, str]] = {
    name: (entry.module, entry.help) for name, entry in hand_made().items() if entry.group
}
"""Hand-made groups: name -> (module, help)."""

COMMANDS: dict[str, tuple[str, str]] = {
    name: (entry.module, entry.help) for name, entry in hand_made().items() if not entry.group
}
"""Hand-made top-level commands: name -> (module, help)."""

TOP_GROUPS: dict[str, tuple[str, str]] = {
    name: entry for name, entry in GROUPS.items() if " " not in name
}
"""The hand-made groups directly under ``fleet``."""
