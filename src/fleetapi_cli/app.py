"""The ``fleet`` command: global options, and command groups loaded on demand.

Only Typer and the standard library are imported when ``fleet`` starts. A command group's module
loads when the group is used; the SDK, httpx and cattrs load inside the commands that call the
API, and Rich only to draw a table on a terminal. ``fleet --help`` lists the groups of the call
table (importing the attrs-only endpoint declarations) without building their commands.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup

from fleetapi._defaults import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT
from fleetapi_cli._click import click
from fleetapi_cli._typer import SETTINGS, FleetTyper, SuggestingGroup, examples
from fleetapi_cli.commands import COMMANDS, TOP_GROUPS
from fleetapi_cli.context import CliState
from fleetapi_cli.output import OutputFormat, compile_jq
from fleetapi_cli.values import use_clock

__all__ = ["FleetGroup", "app", "find_command", "main"]

PROG_NAME = "fleet"


class FleetGroup(SuggestingGroup):
    """The root group: loads hand-made and generated groups when they are first used.

    It also turns the SDK's exceptions into ``error: [code] description`` on stderr and the
    exit code of the error's family.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every top-level command and group, hand-made first."""
        from fleetapi_cli._index import below

        names = list(self.commands)
        names += [n for n in (*COMMANDS, *TOP_GROUPS) if n not in names]
        names += sorted(n for n in below(())[1] if n not in names)
        return names

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command or group ``cmd_name``, building it on first use."""
        command = self.commands.get(cmd_name)
        if command is None:
            from fleetapi_cli.tree import top_level

            command = top_level(cmd_name)
            if command is not None:
                self.commands[cmd_name] = command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands from the registries, without loading any group."""
        from fleetapi_cli._index import below, group_help

        calls = [(name, group_help((name,))) for name in sorted(below(())[1])]
        calls = [(name, text) for name, text in calls if name not in TOP_GROUPS | COMMANDS]
        groups = sorted((name, text) for name, (_, text) in TOP_GROUPS.items())
        commands = sorted((name, text) for name, (_, text) in COMMANDS.items())
        with formatter.section("Command groups"):
            formatter.write_dl(groups)
        with formatter.section("Commands"):
            formatter.write_dl(commands)
        if calls:
            with formatter.section("Call groups (the words of each call's path)"):
                formatter.write_dl(calls)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse the command line, with global options that follow the command moved
        before it (:mod:`fleetapi_cli.global_options`)."""
        from fleetapi_cli.global_options import hoist_global_options

        return super().parse_args(ctx, hoist_global_options(self, ctx, args))

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, reporting SDK and profile errors with their exit codes."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            from fleetapi_cli import errors

            if not errors.handled(exc):
                raise
            state = ctx.obj if isinstance(ctx.obj, CliState) else None
            settings = state.resolved() if state is not None else None
            raise typer.Exit(errors.report(exc, settings)) from None


def _show_version(value: bool) -> None:
    if value:
        from fleetapi import __version__

        typer.echo(f"{PROG_NAME} {__version__}")
        raise typer.Exit()


app = FleetTyper(
    name=PROG_NAME,
    cls=FleetGroup,
    help="Command line for the fleet tracking API: every call, profiles, tables or JSON.",
    epilog=examples(
        "fleet auth login --login demo",
        "fleet tracker list",
        "fleet task list --status assigned --jq '.[].label'",
        "fleet asset track list --vehicle 1 --from 2026-01-14 --to 2026-01-14",
        note=(
            "Settings resolve as: option, environment (FLEETAPI_BASE_URL, FLEETAPI_API_KEY, "
            "FLEETAPI_HASH, FLEETAPI_PROFILE), profile, default. Output is a table on a terminal "
            "and JSON otherwise; files (-O FILE) and data go to stdout by default, notes to "
            "stderr. Run 'fleet GROUP --help' for a group's commands."
        ),
    ),
    no_args_is_help=True,
    **{**SETTINGS, "add_completion": True},
)


@app.callback()
def root(
    ctx: typer.Context,
    base_url: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--base-url", metavar="URL", help="The API's base URL.", show_default=False),
    ] = None,
    profile: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--profile", "-p", metavar="NAME", help="The profile to use [default: default]."
        ),
    ] = None,
    output: Annotated[
        Optional[OutputFormat],  # noqa: UP045
        typer.Option(
            "--output", "-o", help="Output format [default: table on a terminal, else json]."
        ),
    ] = None,
    columns: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--columns",
            metavar="A,B,C",
            help="The columns of a table or TSV, by field name (source.model for a nested one); "
            "JSON always has every field.",
            show_default=False,
        ),
    ] = None,
    jq: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--jq",
            metavar="EXPR",
            help="Filter the JSON a command prints with a jq expression (each line's with "
            "JSON Lines): strings print raw, other values as compact JSON, one per line.",
            show_default=False,
        ),
    ] = None,
    timeout: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option(
            "--timeout",
            envvar="FLEETAPI_TIMEOUT",
            min=0.001,
            metavar="SECONDS",
            help=f"Seconds each attempt of a call may take [default: {DEFAULT_TIMEOUT:g}].",
            show_default=False,
        ),
    ] = None,
    max_retries: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--max-retries",
            envvar="FLEETAPI_MAX_RETRIES",
            min=0,
            metavar="N",
            help="Retries of a failed call that is safe to repeat, or refused before any work "
            f"[default: {DEFAULT_MAX_RETRIES}].",
            show_default=False,
        ),
    ] = None,
    debug: Annotated[
        bool, typer.Option("--debug", help="Trace HTTP exchanges on stderr (secrets masked).")
    ] = False,
    allow_insecure: Annotated[
        bool,
        typer.Option(
            "--allow-insecure",
            help="Send credentials over plain http to a host that is not loopback (a trusted "
            "network only).",
        ),
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Command line for the fleet tracking API."""
    state = ctx.obj if isinstance(ctx.obj, CliState) else CliState()
    if base_url is not None:
        state.base_url = base_url
    if profile is not None:
        state.profile = profile
    if output is not None:
        state.output = output
    if columns is not None:
        state.columns = [name.strip() for name in columns.split(",") if name.strip()]
    if jq is not None:
        state.jq = compile_jq(jq)
    if timeout is not None:
        state.timeout = timeout
    if max_retries is not None:
        state.max_retries = max_retries
    state.debug = state.debug or debug
    state.allow_insecure = state.allow_insecure or allow_insecure
    ctx.obj = state
    use_clock(state.server_now)
    ctx.call_on_close(lambda: use_clock(None))  # the next invocation asks its own server


def find_command(*names: str) -> click.Command | None:
    """The command at ``fleet NAME...`` (``find_command("task", "list")``), or ``None``.

    Builds only the groups on the way; for tests proving that every call has a command.
    """
    command: click.Command | None = typer.main.get_command(app)
    context = click.Context(command) if command is not None else None
    for name in names:
        if not isinstance(command, TyperGroup) or context is None:
            return None
        command = command.get_command(context, name)
        if command is None:
            return None
        context = click.Context(command, parent=context, info_name=name)
    return command


def main() -> None:
    """Run ``fleet`` (the console script)."""
    app(prog_name=PROG_NAME)
