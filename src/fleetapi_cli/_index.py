"""The CLI names of the call table and of the hand-made commands, without importing them.

Every call is ``fleet`` followed by the words of its path in kebab case
(``tracker/counter/value/get`` is ``fleet tracker counter value get``): a group per prefix, a
command per call. A hand-made command that stands for a call (``@wraps_call``) *is* that call's
command; its own short name in its group (``fleet link create``) is an alias of it.

``fleet --help`` and every group's listing read the indexes below. Importing
:mod:`fleetapi.endpoints` and every command module is slow, so ``scripts/generate.py`` writes
them as literals into ``_index_data.py`` (``make test`` checks they are current). The help of a
hand-made group is written once, in its module (``new_group(...)``); the index copies it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from fleetapi._naming import cli_words as command_for
from fleetapi_cli._index_types import Calls, HandMade, Index

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = [
    "Calls",
    "HandMade",
    "below",
    "cli_index",
    "command_for",
    "group_help",
    "hand_made",
    "owner",
    "short_forms",
]


def endpoint_of(path: str) -> Endpoint:
    """The call ``path``, importing only the module that declares it (and its models)."""
    from fleetapi.endpoints import by_path

    return by_path(path)


def cli_index() -> Index:
    """Every call's command words and path (from the generated index)."""
    from fleetapi_cli._index_data import INDEX

    return INDEX


def hand_made() -> dict[str, HandMade]:
    """Every hand-made group and top-level command, by its words (from the generated index)."""
    from fleetapi_cli._index_data import HAND_MADE

    return HAND_MADE


@functools.cache
def _tree() -> dict[tuple[str, ...], tuple[dict[str, str], frozenset[str]]]:
    calls: dict[tuple[str, ...], dict[str, str]] = {}
    groups: dict[tuple[str, ...], set[str]] = {}
    for words, path in cli_index().items():
        parts = tuple(words.split(" "))
        calls.setdefault(parts[:-1], {})[parts[-1]] = path
        for depth in range(len(parts) - 1):
            groups.setdefault(parts[:depth], set()).add(parts[depth])
    keys = set(calls) | set(groups)
    return {k: (calls.get(k, {}), frozenset(groups.get(k, ()))) for k in keys}


def below(words: tuple[str, ...]) -> tuple[dict[str, str], frozenset[str]]:
    """One word below ``words``: the calls (name -> path) and the groups of the table."""
    return _tree().get(words, ({}, frozenset()))


def _standing(path: str) -> list[tuple[str, str]]:
    """The hand-made commands standing for the call ``path``: (their group's words, name)."""
    return [
        (words, name)
        for words, entry in hand_made().items()
        if entry.group
        for name, (paths, _) in entry.commands.items()
        if path in paths
    ]


def owner(path: str) -> tuple[str, str] | None:
    """The hand-made command that is the call's command, as (its group's words, its name):
    the one command standing for the call, or among several the one named after the call's
    action; ``None`` when the generated command is the call's."""
    standing = _standing(path)
    if len(standing) > 1:
        standing = [(w, n) for w, n in standing if n == command_for(path)[-1]]
    return standing[0] if len(standing) == 1 else None


def short_forms(path: str) -> list[tuple[str, ...]]:
    """The hand-made commands standing for the call ``path``, by their own words (``("link",
    "create")``), other than the call's own words."""
    forms = [(*words.split(" "), name) for words, name in _standing(path)]
    return [form for form in forms if form != command_for(path)]


def group_help(words: tuple[str, ...]) -> str:
    """The one-line help of a group of the call table: the API paths it covers."""
    return f"Calls under {'/'.join(w.replace('-', '_') for w in words)}/*."
