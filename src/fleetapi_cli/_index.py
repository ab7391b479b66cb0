"""The CLI names of the call table, without importing it.

``fleet --help`` lists the command groups of the call table, and a hand-made group needs to know
which of its calls have no hand-made command. Importing :mod:`fleetapi.endpoints` builds every
attrs model (well over 100 ms), so ``scripts/generate.py`` writes the index as a literal into
``_index_data.py`` (``make test`` checks it is current) and ``fleet --help`` reads that.
"""

from __future__ import annotations

__all__ = ["cli_index", "group_help", "index_from_table"]

Index = dict[str, dict[str, str]]
"""group -> command -> API path."""


def index_from_table() -> Index:
    """The index computed from :data:`fleetapi.endpoints.ENDPOINTS` itself (slow, exact)."""
    from fleetapi.endpoints import ENDPOINTS

    index: Index = {}
    for endpoint in ENDPOINTS:
        group, command = endpoint.cli_name
        index.setdefault(group, {}).setdefault(command, endpoint.path)
    return index


def cli_index() -> Index:
    """Every group of the call table, with its commands and the paths they call."""
    from fleetapi_cli._index_data import INDEX

    return INDEX


def group_help(group: str, paths: list[str]) -> str:
    """The one-line help of a generated group: the API paths it covers."""
    prefixes = sorted({p.rsplit("/", 1)[0] + "/" for p in paths})
    covering = [p for p in prefixes if not any(p != q and p.startswith(q) for q in prefixes)]
    return f"Calls under {', '.join(p + '*' for p in covering)}."
