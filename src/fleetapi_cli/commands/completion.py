"""``fleet completion``: print the shell completion script."""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from fleetapi_cli._click import shell_completion
from fleetapi_cli._typer import new_command_app

__all__ = ["app"]

app = new_command_app()


class Shell(str, enum.Enum):
    """The shells ``fleet`` completes in."""

    bash = "bash"
    zsh = "zsh"
    fish = "fish"


@app.command()
def completion(
    ctx: typer.Context,
    shell: Annotated[Shell, typer.Argument(help="The shell to print the script for.")],
) -> None:
    """Print the completion script of a shell.

    bash: eval "$(fleet completion bash)" in ~/.bashrc;
    zsh: eval "$(fleet completion zsh)" in ~/.zshrc;
    fish: fleet completion fish > ~/.config/fish/completions/fleet.fish
    """
    root = ctx.find_root()
    complete_class = shell_completion.get_completion_class(shell.value)
    if complete_class is None:  # pragma: no cover - Typer registers all three
        raise typer.BadParameter(f"no completion for {shell.value}")
    prog_name = root.info_name or "fleet"
    complete_var = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
    script = complete_class(root.command, {}, prog_name, complete_var).source()
    typer.echo(script)
