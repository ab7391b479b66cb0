"""The command tree: a group per prefix of the calls' paths, a command per call, built lazily.

``fleet tracker counter value get`` is the call ``tracker/counter/value/get``: each word but the
last names a group, the last the call's command. A call's command is the hand-made command
standing for it (:func:`fleetapi_cli._index.owner`), else the one generated from its table
entry. A hand-made group sits at the words of its module (``commands/asset_track.py`` is
``fleet asset track``); its commands keep their own names there as short forms, and the calls
of the table below it join it. The names of 0.1 run their new command with a warning.
"""

from __future__ import annotations

import copy
import functools
import importlib
from collections.abc import Callable

import typer

from fleetapi_cli._click import click
from fleetapi_cli._index import below, group_help, owner
from fleetapi_cli._typer import SummaryGroup, deprecated, new_group

__all__ = [
    "build_group",
    "call_command",
    "fallback_for",
    "hand_made_app",
    "hand_made_command",
    "renamed_below",
    "top_level",
]


def hand_made_app(words: str) -> click.Command:
    """The hand-made group or command at ``words``; a group's commands are built when first
    asked for (Typer builds every command of a group, reading each one's option help)."""
    from fleetapi_cli.commands import COMMANDS, GROUPS

    module = importlib.import_module({**GROUPS, **COMMANDS}[words][0])
    app: typer.Typer = module.app
    if words not in GROUPS:
        return typer.main.get_command(app)
    shell = copy.copy(app)
    shell.registered_commands = []
    group = typer.main.get_command(shell)
    assert isinstance(group, SummaryGroup)
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or typer.main.get_command_name(info.callback.__name__)
        group.lazy[name] = functools.partial(
            typer.main.get_command_from_info,
            info,
            pretty_exceptions_short=app.pretty_exceptions_short,
            rich_markup_mode=app.rich_markup_mode,
        )
    return group


def hand_made_command(words: str, name: str) -> click.Command:
    """The command ``name`` of the hand-made group at ``words``."""
    group = hand_made_app(words)
    assert isinstance(group, SummaryGroup)
    command: click.Command = group.get_command(click.Context(group), name)
    return command


def call_command(path: str) -> click.Command:
    """The command of the call ``path``: the hand-made one standing for it, else generated."""
    found = owner(path)
    if found is not None:
        return hand_made_command(*found)
    from fleetapi_cli.generated import generated_command

    return generated_command(path)


def renamed_below(words: tuple[str, ...]) -> dict[str, str]:
    """The 0.1 names one word below ``words``: each old name and the words replacing it."""
    from fleetapi_cli._index_data import RENAMED

    prefix = " ".join(words)
    found = {}
    for old, new in RENAMED.items():
        head, _, name = old.rpartition(" ")
        if head == prefix:
            found[name] = new
    return found


def _find(words: tuple[str, ...]) -> click.Command:
    """The command at ``words`` from the top (for a 0.1 name's new command)."""
    command = top_level(words[0])
    for word in words[1:]:
        assert isinstance(command, SummaryGroup), words
        command = command.get_command(click.Context(command), word)
    assert command is not None, words
    return command


def build_group(
    words: tuple[str, ...], fallback: Callable[[], click.Command] | None = None
) -> SummaryGroup:
    """The group at ``words``: the hand-made one sitting there (with its short forms) or a new
    one, holding the calls and groups of the table below it and the 0.1 names."""
    from fleetapi_cli.commands import GROUPS

    key = " ".join(words)
    if key in GROUPS:
        group = hand_made_app(key)
    else:
        group = typer.main.get_command(new_group(group_help(words)))
    assert isinstance(group, SummaryGroup)
    calls, groups = below(words)
    for name in sorted(groups):
        inner: Callable[[], click.Command] | None
        if name in calls:  # a call that is also the prefix of others
            inner = functools.partial(call_command, calls[name])
        elif name in group.lazy:  # a short form named like a group (`tracker readings`)
            inner = group.lazy.pop(name)
        else:  # a 0.1 command of those words (`tracker counter`)
            inner = fallback_for((*words, name))
        group.lazy[name] = functools.partial(build_group, (*words, name), inner)
    for name, path in calls.items():
        if name in groups or name in group.commands or name in group.lazy:
            continue
        found = owner(path)
        if found is not None and found[0] == key:  # a short form of this group stands for it
            group.unlisted.add(found[1])
        group.lazy[name] = functools.partial(call_command, path)
    for old, new in renamed_below(words).items():
        if old not in groups and old not in group.commands and old not in group.lazy:
            group.lazy[old] = _renamed(f"{key} {old}".strip(), new)
            group.unlisted.add(old)
    if fallback is not None:
        group.set_fallback(fallback)
    return group


def _renamed(old: str, new: str) -> Callable[[], click.Command]:
    """The command of the 0.1 words ``old``: the one at ``new``, warning first."""

    def build() -> click.Command:
        alias: click.Command = deprecated(_find(tuple(new.split(" "))), old, new)
        return alias

    return build


def fallback_for(words: tuple[str, ...]) -> Callable[[], click.Command] | None:
    """What a group of the table runs for arguments naming none of its commands: the 0.1
    command of the same words, if there was one (``fleet tracker counter --tracker-id 1``)."""
    from fleetapi_cli._index_data import RENAMED

    key = " ".join(words)
    return _renamed(key, RENAMED[key]) if key in RENAMED else None


def top_level(name: str) -> click.Command | None:
    """The top-level group or command ``name``: a group of the table (with the hand-made
    group or command of the same name), a hand-made one, or a group of 0.1 names."""
    from fleetapi_cli.commands import COMMANDS, TOP_GROUPS

    if name in COMMANDS:
        if name not in below(())[1]:
            return hand_made_app(name)
        own = hand_made_app(name)
        group = build_group((name,), lambda: own)  # fleet api PATH | fleet api key ...
        group.help = f"{own.help}\n\nThe calls under {name}/ have commands too (below)."
        pieces = [p.strip("{}") for p in own.collect_usage_pieces(click.Context(own))[1:]]
        group.subcommand_metavar = f"{' '.join(pieces)} | COMMAND [ARGS]..."
        return group
    if name in TOP_GROUPS or name in below(())[1]:
        return build_group((name,), fallback_for((name,)))
    if renamed_below((name,)):  # every command of a 0.1 group moved (fleet sensor ...)
        group = build_group((name,))
        group.hidden = True
        group.help = f"Deprecated: the 0.1 '{name}' commands, each at its call's words now."
        return group
    return None
