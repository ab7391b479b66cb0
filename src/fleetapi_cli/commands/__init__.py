"""Hand-made commands, loaded on demand by the root command.

Each module of this package defines ``app``: a group (``new_group(help)``, named after the
module: ``map_layer`` is ``fleet map-layer``) or one top-level command (``new_command_app()``,
its help the command's docstring). Nothing is registered here: ``scripts/generate.py`` reads
the modules into the index ``fleet --help`` shows (:func:`fleetapi_cli._index.hand_made`).

A hand-made command declares the calls it stands for (``@wraps_call("vehicle/read")``): their
generated commands are then not shown beside it; the other generated commands of the group are.
"""

from __future__ import annotations

from fleetapi_cli._index import hand_made

__all__ = ["COMMANDS", "GROUPS"]

GROUPS: dict[str, tuple[str, str]] = {
    name: (entry.module, entry.help) for name, entry in hand_made().items() if entry.group
}
"""Hand-made groups: name -> (module, help)."""

COMMANDS: dict[str, tuple[str, str]] = {
    name: (entry.module, entry.help) for name, entry in hand_made().items() if not entry.group
}
"""Hand-made top-level commands: name -> (module, help)."""
