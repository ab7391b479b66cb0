"""Typer settings shared by every command group, and options shared by commands.

Every Typer app of ``fleet`` is built with ``rich_markup_mode=None`` and without pretty
exceptions: Typer then formats help and usage errors with its own Click, and never imports Rich.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any, Optional

import typer

from fleetapi_cli.output import OutputFormat, is_terminal

__all__ = ["OutputOption", "YesOption", "confirm_delete", "new_command_app", "new_group"]

SETTINGS: dict[str, Any] = {
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "add_completion": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}

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


def _group() -> None:
    # A callback makes Typer build a group even when the app holds a single command.
    return None


def new_group(help: str) -> typer.Typer:
    """A command group (``fleet key ...``), shown with its help when called without a command."""
    app = typer.Typer(help=help, no_args_is_help=True, **SETTINGS)
    app.callback()(_group)
    return app


YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking.")]
"""The ``--yes``/``-y`` option of the delete commands."""


def confirm_delete(ctx: typer.Context, question: str, yes: bool) -> None:
    """Ask ``question`` on a terminal unless ``--yes``; elsewhere refuse without it (exit 2)."""
    if yes:
        return
    if not is_terminal(sys.stdin):
        ctx.fail("Refusing to delete without --yes when not on a terminal.")
    typer.confirm(question, abort=True, err=True)


def new_command_app() -> typer.Typer:
    """An app holding one top-level command (``fleet ping``)."""
    return typer.Typer(**SETTINGS)
