"""``fleet dealer``: the dealer interface configuration."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Dealer interface configuration.",
    epilog=examples(
        "fleet dealer config --use-session",
        "fleet dealer config --domain demo.fleet.test -o json",
    ),
)


@app.command()
@wraps_call("dealer/get_ui_config")
def config(
    ctx: typer.Context,
    domain: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--domain", help="The dealer interface's domain."),
    ] = None,
    use_session: Annotated[
        bool,
        typer.Option(
            "--use-session",
            help="Find the dealer through the profile's credential instead of a domain.",
        ),
    ] = False,
    output: OutputOption = None,
) -> None:
    """Read a dealer's interface configuration (needs no credential with --domain)."""
    if bool(domain) == use_session:
        raise typer.BadParameter("give either --domain or --use-session")
    state = state_of(ctx)
    with state.client(credential=use_session) as client:
        if use_session:
            if not client.hash:
                raise typer.BadParameter(
                    "no credential: run fleet auth login", param_hint="--use-session"
                )
            result = client.dealer.get_ui_config(hash=client.hash)
        else:
            result = client.dealer.get_ui_config(domain=domain or "")
    state.emit(result, output=output)
