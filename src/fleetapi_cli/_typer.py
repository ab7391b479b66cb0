"""Typer settings shared by every command group, and options shared by commands.

Every Typer app of ``fleet`` is built with ``rich_markup_mode=None`` and without pretty
exceptions: Typer then formats help and usage errors with its own Click, and never imports Rich.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Optional, TypeVar, cast

import typer
from typer.core import TyperCommand, TyperGroup

from fleetapi_cli._click import click
from fleetapi_cli.global_options import HELP_NAMES
from fleetapi_cli.output import OutputFormat, is_terminal

__all__ = [
    "AllOption",
    "FleetTyper",
    "LimitOption",
    "OffsetOption",
    "OutputOption",
    "PlainUsageCommand",
    "SuggestingGroup",
    "YesOption",
    "completes",
    "confirm_delete",
    "deprecated",
    "deprecated_option",
    "examples",
    "fetch",
    "new_command_app",
    "new_group",
    "read_stdin_line",
    "summary",
    "wraps_call",
]

SETTINGS: dict[str, Any] = {
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "add_completion": False,
    "context_settings": {"help_option_names": HELP_NAMES},
}

_TYPE_HINT = re.compile(r":<[^>]*>")


def _usage_word(piece: str) -> str:
    """A piece of a usage line as shells' tools write it: ``TASK_ID``, ``[ID]``, ``FILE...``
    (Typer writes a required argument ``{task_id}`` and adds its type, ``:<int range>``)."""
    piece = _TYPE_HINT.sub("", piece)
    if piece.startswith("{") and piece.endswith("}"):
        piece = piece[1:-1]
    return piece.upper()


class PlainUsageCommand(TyperCommand):
    """A command whose usage line names its arguments in capitals, without braces or types."""

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's pieces after the command's name."""
        return [_usage_word(piece) for piece in super().collect_usage_pieces(ctx)]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Click's parsing, but a missing required option or argument is reported with every
        other one missing, not one per run."""
        given = list(args)
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.MissingParameter as first:
            missing = _missing(self, ctx, given)
            if len(missing) < 2:
                raise
            kinds = {param.param_type_name for param in missing}
            what = f"{kinds.pop()}s" if len(kinds) == 1 else "options and arguments"
            hints = ", ".join(param.get_error_hint(ctx) for param in missing)
            raise click.exceptions.UsageError(f"Missing {what}: {hints}.", ctx) from first


def _missing(command: click.Command, ctx: click.Context, args: list[str]) -> list[click.Parameter]:
    """The required parameters of ``command`` that ``args`` and the environment leave out."""
    try:
        opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))
    except click.exceptions.UsageError:
        return []
    return [
        param
        for param in command.get_params(ctx)
        if param.required
        and opts.get(param.name) in (None, (), [])  # type: ignore[arg-type]
        and param.resolve_envvar_value(ctx) is None
    ]


class FleetTyper(typer.Typer):
    """A Typer app whose commands are :class:`PlainUsageCommand` unless told otherwise."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        """Typer's ``command`` decorator, with :class:`PlainUsageCommand` by default."""
        if kwargs.get("cls") is None:
            kwargs["cls"] = PlainUsageCommand
        return super().command(*args, **kwargs)


OutputOption = Annotated[
    Optional[OutputFormat],  # noqa: UP045 - Typer reads the annotation at run time
    typer.Option(
        "--output",
        "-o",
        help="Output format (overrides the global --output).",
        show_default=False,
    ),
]
"""The ``--output``/``-o`` option every data command accepts after its own arguments."""


_F = TypeVar("_F", bound=Callable[..., Any])


def completes(values: Sequence[str] | Callable[[], Sequence[str]]) -> Callable[[str], list[str]]:
    """The shell completion of an option taking one of ``values``: a sequence, or a function
    answering it when the shell asks (so that completing imports what the values need)."""

    def complete(incomplete: str) -> list[str]:
        found = values() if callable(values) else values
        return [value for value in found if value.startswith(incomplete)]

    return complete


def wraps_call(*paths: str, uses: tuple[str, ...] = ()) -> Callable[[_F], _F]:
    """Declare the calls of the table a hand-made command stands for (``"vehicle/read"``):
    their generated commands are not shown beside it, and the docs list it under them.
    ``uses`` names calls it makes on the way (``checkin create`` reserves photo uploads)
    whose own commands stay. Paths, not endpoint objects: declaring imports nothing."""

    def mark(function: _F) -> _F:
        function.__fleet_calls__ = (paths, uses)  # type: ignore[attr-defined]
        return function

    return mark


def declared_calls(function: Callable[..., Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What :func:`wraps_call` declared on a command's function: ``(paths, uses)``."""
    declared: tuple[tuple[str, ...], tuple[str, ...]] = getattr(
        function, "__fleet_calls__", ((), ())
    )
    return declared


def _group() -> None:
    # A callback makes Typer build a group even when the app holds a single command.
    return None


_CLAUSE_END = re.compile(r"[.;:](\s|$)")


def summary(help: str) -> str:
    """The one-line summary of a command's help: its first clause (up to ``.``, ``;`` or ``:``),
    ending with a full stop."""
    first = help.strip().split("\n\n")[0].replace("\n", " ")
    match = _CLAUSE_END.search(first)
    clause = first[: match.start()] if match else first
    return clause.rstrip(".") + "."


_USAGE_ERROR = cast("type[Exception]", typer.BadParameter.__mro__[1])
"""Click's ``UsageError`` (Typer's own Click or the ``click`` package)."""


class SuggestingGroup(TyperGroup):
    """A group that answers a mistyped command with the commands it may have meant."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command ``args`` names; a usage error with suggestions when it names none."""
        try:
            return super().resolve_command(ctx, args)
        except _USAGE_ERROR as exc:
            name = args[0] if args else ""
            message: str = getattr(exc, "message", "")
            if message.startswith("No such command") and "Did you mean" not in message and name:
                import difflib

                close = difflib.get_close_matches(name, self.list_commands(ctx), n=3)
                if close:
                    guesses = " or ".join(repr(c) for c in close)
                    exc.message = f"{message} Did you mean {guesses}?"  # type: ignore[attr-defined]
            raise


class SummaryGroup(SuggestingGroup):
    """A group listing each command by a one-line summary of its help, never cut with ``...``.

    Commands in :attr:`lazy` are built when first asked for, so that running one command
    imports what that command needs alone. Names in :attr:`unlisted` work but are not listed
    (a short form beside its call's command, a deprecated name). A group with a
    :attr:`fallback` hands arguments that name none of its commands to that command
    (``fleet api tracker/list`` beside ``fleet api key list``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, Callable[[], Any]] = {}
        """Commands built on first use, by name: each a function answering the command."""
        self.unlisted: set[str] = set()
        self.fallback: Callable[[], Any] | None = None
        for command in self.commands.values():
            self._summarise(command)

    def set_fallback(self, command: Callable[[], Any]) -> None:
        """Run ``command()`` for arguments naming none of the group's commands (options it
        does not know included)."""
        self.fallback = command
        self.context_settings = {**self.context_settings, "ignore_unknown_options": True}

    @staticmethod
    def _summarise(command: Any) -> None:
        if command.short_help is None and command.help:
            command.short_help = summary(command.help)

    def list_commands(self, ctx: Any) -> list[str]:
        """The commands built so far, then those still to build (less the unlisted)."""
        names = [n for n in super().list_commands(ctx) if n not in self.unlisted]
        return names + [n for n in self.lazy if n not in names and n not in self.unlisted]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name``, building it on first use."""
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self.lazy:
            command = self.lazy.pop(cmd_name)()
            self._summarise(command)
            self.commands[cmd_name] = command
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command ``args`` names, or the fallback with every argument."""
        if self.fallback is not None and args:
            first = args[0]
            if first not in self.commands and first not in self.lazy:
                return "", self.fallback(), args
        return super().resolve_command(ctx, args)


def deprecated(command: Any, old: str, new: str) -> Any:
    """``command`` under its 0.1 name: unlisted, and warning on stderr before it runs."""
    import copy

    from fleetapi._renames import REMOVED_IN

    alias = copy.copy(command)
    alias.hidden = True
    run = command.invoke

    def invoke(ctx: Any) -> Any:
        sys.stderr.write(
            f"warning: 'fleet {old}' is deprecated and goes in {REMOVED_IN}: use 'fleet {new}'\n"
        )
        return run(ctx)

    alias.invoke = invoke
    return alias


def deprecated_option(command: str, old: str) -> None:
    """Warn on stderr that option ``old`` of ``fleet COMMAND`` is deprecated, for the new name
    (and the reason) :data:`fleetapi._renames.CLI_OPTION_RENAMES` gives."""
    from fleetapi._renames import CLI_OPTION_RENAMES, REMOVED_IN

    new, why = CLI_OPTION_RENAMES[command, old]
    sys.stderr.write(
        f"warning: '{old}' of 'fleet {command}' is deprecated and goes in {REMOVED_IN}: use "
        f"'{new}' ({why})\n"
    )


def examples(*lines: str, note: str = "") -> str:
    """A help epilog listing example command lines, then ``note``: one format for every group.

    The lines are kept as written (Click's ``\\b`` marker stops rewrapping) and indented by two
    spaces; tests run every ``fleet ...`` line of a group's epilog against the mock.
    """
    text = "Examples:\n\n\b\n" + "".join(f"  {line}\n" for line in lines)
    return f"{text}\n{note}" if note else text.rstrip("\n")


def new_group(help: str, *, epilog: str | None = None) -> typer.Typer:
    """A command group (``fleet key ...``), shown with its help when called without a command.

    Args:
        help: The group's help.
        epilog: Shown after the commands: its :func:`examples`.
    """
    app = FleetTyper(help=help, epilog=epilog, no_args_is_help=True, cls=SummaryGroup, **SETTINGS)
    app.callback()(_group)
    return app


YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking.")]
"""The ``--yes``/``-y`` option of the delete commands."""


def read_stdin_line(what: str) -> str:
    """The next line of stdin (a secret piped in: ``--password-stdin``); a usage error (exit 2)
    naming ``what`` when there is none."""
    line = sys.stdin.readline().rstrip("\r\n")
    if not line:
        raise typer.BadParameter(f"expected the {what} on stdin, got nothing")
    return line


def confirm_delete(ctx: typer.Context, question: str, yes: bool) -> None:
    """Ask ``question`` on a terminal unless ``--yes``; elsewhere refuse without it (exit 2)."""
    if yes:
        return
    if not is_terminal(sys.stdin):
        ctx.fail("Refusing to delete without --yes when not on a terminal.")
    typer.confirm(question, abort=True, err=True)


LimitOption = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--limit", "-n", min=0, help="At most this many (the page size with --all)."),
]
"""``--limit``/``-n`` of the list commands."""

OffsetOption = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--offset", min=0, help="Skip this many first."),
]
"""``--offset`` of the list commands."""

AllOption = Annotated[
    bool, typer.Option("--all", help="Fetch every page (--limit sets the page size).")
]
"""``--all`` of the list commands: every page."""


def fetch(
    client: Any,
    path: str,
    *,
    limit: int | None,
    offset: int | None,
    every: bool,
    **filters: Any,
) -> tuple[list[Any], int | None]:
    """What a list command shows: one page (``--limit``/``--offset``) or every page (``--all``).

    The call's paging (parameter names, the field holding the items and the total) is read
    from its table entry, not restated by the command.

    Args:
        client: The SDK client.
        path: The paging call (``task/list``).
        limit: ``--limit``; the page size with ``--all``.
        offset: ``--offset`` (ignored with ``--all``).
        every: ``--all``.
        **filters: The call's other arguments.

    Returns:
        The items and the total count (``None`` when the call does not tell it).
    """
    import typing

    from fleetapi_cli._index import endpoint_of

    endpoint = endpoint_of(path)  # its own area's declarations alone
    paging = endpoint.paging
    assert paging is not None, f"{path} does not page"
    if every:
        iterate = endpoint.sdk_member(client, endpoint.sdk_iterate)
        everything = list(iterate(page_size=limit or 1000, **filters))
        return everything, len(everything)
    if limit is not None:
        filters[paging.limit] = limit
    if offset:
        filters[paging.offset] = offset
    page = endpoint.sdk_member(client)(**filters)
    if typing.get_origin(endpoint.result.type) is list:
        return list(page), None
    total = getattr(page, paging.total) if paging.total else None
    return list(getattr(page, paging.items)), total


def new_command_app() -> typer.Typer:
    """An app holding one top-level command (``fleet ping``)."""
    return FleetTyper(**SETTINGS)
