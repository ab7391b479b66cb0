"""``fleet profile``: list the stored profiles, choose the one in use."""

from __future__ import annotations

from typing import Annotated

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group
from fleetapi_cli.context import state_of
from fleetapi_cli.output import note

__all__ = ["app"]

app = new_group(
    "Profiles: list them, choose the one in use.",
    epilog=examples("fleet profile list", "fleet profile use default"),
)


@app.command("list")
def list_profiles(ctx: typer.Context, output: OutputOption = None) -> None:
    """List the stored profiles: base URL, credential kind and login; the one in use marked."""
    state = state_of(ctx)
    store = state.profiles()
    in_use = state.settings().profile
    rows = []
    for name in store.names():
        profile = store.get(name)
        rows.append(
            {
                "name": name,
                "in_use": name == in_use,
                "base_url": profile.base_url,
                "credential": profile.kind,
                "login": profile.login,
            }
        )
    state.emit(rows, output=output)


@app.command()
def use(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="A stored profile.")],
) -> None:
    """Use profile NAME when neither --profile nor FLEETAPI_PROFILE names one."""
    state = state_of(ctx)
    state.profiles().choose(name)
    note(f"Profile {name!r} is now the one in use.")
