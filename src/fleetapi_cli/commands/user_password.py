"""``fleet user password``: change your own password without it touching the shell's history."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from fleetapi_cli._typer import examples, new_group, read_stdin_line, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.output import note

__all__ = ["app"]

app = new_group(
    "Your own password: change it (other sessions end).",
    epilog=examples(
        "printf 'demo\\nsecret1\\n' | fleet user password set --password-stdin",
        "printf 'secret1\\nsecret2\\n' | fleet user password set --password-stdin",
    ),
)


@app.command("set")
@wraps_call("user/password/set")
def set_(
    ctx: typer.Context,
    password_stdin: Annotated[
        bool,
        typer.Option(
            "--password-stdin",
            help="Read the current password, then the new one, a line each, from stdin.",
        ),
    ] = False,
) -> None:
    """Change your password, giving the current one; your other sessions end, this one stays.

    On a terminal, prompts for the current password and the new one twice, hiding them;
    off a terminal (or with --password-stdin), reads them from stdin, a line each.
    """
    if password_stdin or not sys.stdin.isatty():
        old, new = read_stdin_line("current password"), read_stdin_line("new password")
    else:
        old = typer.prompt("Current password", hide_input=True, err=True)
        new = typer.prompt(
            "New password (6 to 20 characters)",
            hide_input=True,
            confirmation_prompt=True,
            err=True,
        )
    with state_of(ctx).client() as client:
        client.user.password.set(old_password=old, new_password=new)
    note("Password changed; your other sessions have ended.")
