"""Global options anywhere on the line: ``fleet tracker list -p work`` as ``fleet -p work tracker
list``.

The root group's options (``--profile``, ``--base-url``, ``--output``, ``--debug``,
``--allow-insecure``) are read from the root command itself. Where one of them follows the
command, it is moved before it, unless the command has an option of the same name (its own
``-o`` wins) or the word is the value of one of the command's options. Nothing after ``--`` is
moved.
"""

from __future__ import annotations

from collections.abc import Sequence

from typer.core import TyperGroup

from fleetapi_cli._click import click

__all__ = ["hoist_global_options"]

HELP_NAMES = ["-h", "--help"]
"""The help options of every command (``SETTINGS`` of :mod:`fleetapi_cli._typer`)."""


def _option_words(command: click.Command) -> tuple[set[str], set[str]]:
    """The option names of ``command`` (not the eager ones: help, version, completion): those
    taking a value, and flags."""
    valued: set[str] = set()
    flags: set[str] = set()
    # Click remembers a command's help option from the first context that asks: give it the
    # help names of every fleet command, or `fleet -h` would be refused.
    context = click.Context(command, help_option_names=HELP_NAMES)
    for param in command.get_params(context):
        if param.param_type_name != "option" or param.is_eager:
            continue
        names = {*param.opts, *param.secondary_opts}
        flag = getattr(param, "is_flag", False) or getattr(param, "count", False)
        (flags if flag else valued).update(names)
    return valued, flags


def _split(word: str, valued: set[str]) -> tuple[str, bool] | None:
    """The option ``word`` names and whether its value is attached (``--profile=x``,
    ``-px``), or ``None`` when it names none of ``valued``."""
    if word in valued:
        return word, False
    name, equals, _ = word.partition("=")
    if equals and name.startswith("--") and name in valued:
        return name, True
    if len(word) > 2 and not word.startswith("--") and word[:2] in valued:
        return word[:2], True
    return None


def _leaf(
    group: TyperGroup, ctx: click.Context, words: Sequence[str], start: int
) -> tuple[click.Command, int] | None:
    """The command the words from ``start`` name, through nested groups, and where its own
    arguments begin; ``None`` when the words name no command."""
    command: click.Command = group
    at = start
    while isinstance(command, TyperGroup) and at < len(words):
        found = command.get_command(ctx, words[at])
        if found is None:
            break
        command, at = found, at + 1
    return None if command is group else (command, at)


def hoist_global_options(group: TyperGroup, ctx: click.Context, args: list[str]) -> list[str]:
    """``args`` with the root ``group``'s options that follow the command moved before it."""
    valued, flags = _option_words(group)
    at = 0  # the root's own options come first: skip them and their values
    while at < len(args) and args[at].startswith("-") and args[at] != "--":
        split = _split(args[at], valued)
        at += 2 if split is not None and not split[1] else 1
    if at >= len(args) or not any(
        _split(w, valued) or w in flags for w in args[at + 1 :] if w != "--"
    ):
        return args
    found = _leaf(group, ctx, args, at)
    if found is None:
        return args
    leaf, own = found
    leaf_valued, leaf_flags = _option_words(leaf)
    moved: list[str] = []
    kept: list[str] = []
    rest = args[own:]
    index = 0
    while index < len(rest):
        word = rest[index]
        if word == "--":
            kept += rest[index:]
            break
        mine = _split(word, leaf_valued)
        if mine is not None or word in leaf_flags:
            taken = 2 if mine is not None and not mine[1] else 1
            kept += rest[index : index + taken]
            index += taken
            continue
        root = _split(word, valued)
        if root is not None:
            taken = 1 if root[1] else 2
            moved += rest[index : index + taken]
            index += taken
            continue
        if word in flags:
            moved.append(word)
        else:
            kept.append(word)
        index += 1
    return [*args[:at], *moved, *args[at:own], *kept]
