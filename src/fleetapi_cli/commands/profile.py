"""``fleet profile``: list, show, rename and delete the stored profiles; choose the one in use."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import OutputOption, YesOption, confirm_delete, examples, new_group
from fleetapi_cli.config import DEFAULT_PROFILE
from fleetapi_cli.context import state_of
from fleetapi_cli.output import note

__all__ = ["app"]

app = new_group(
    "Profiles: list, show, rename, delete; choose the one in use.",
    epilog=examples(
        "fleet profile list",
        "fleet profile show",
        "fleet profile use default",
        "fleet profile rename default work",
    ),
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
def show(
    ctx: typer.Context,
    name: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Argument(metavar="NAME", help="A stored profile (default: the one in use)."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Show one profile, its credential masked: NAME, else the one in use.

    Base URL, credential kind and login, and the credential's last four characters (fleet auth
    token prints it whole).
    """
    from fleetapi._secrets import mask

    state = state_of(ctx)
    in_use = state.settings().profile
    profile = state.profiles().require(in_use if name is None else name)
    shown = {
        "name": profile.name,
        "in_use": profile.name == in_use,
        "base_url": profile.base_url,
        "credential": profile.kind,
        "login": profile.login,
        "hash": mask(profile.hash) if profile.hash else None,
    }
    state.emit(shown, output=output)


@app.command()
def use(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="A stored profile.")],
) -> None:
    """Use profile NAME when neither --profile nor FLEETAPI_PROFILE names one."""
    state = state_of(ctx)
    state.profiles().choose(name)
    note(f"Profile {name!r} is now the one in use.")


@app.command()
def rename(
    ctx: typer.Context,
    old: Annotated[str, typer.Argument(metavar="OLD", help="A stored profile.")],
    new: Annotated[
        str,
        typer.Argument(
            metavar="NEW", help="Its new name (letters, digits, -, _ and .), not a stored one."
        ),
    ],
) -> None:
    """Rename profile OLD to NEW, credential included; NEW must not exist yet.

    When fleet profile use chose OLD, NEW is the one in use then.
    """
    store = state_of(ctx).profiles()
    followed = store.rename(old, new)
    note(f"Renamed profile {old!r} to {new!r}.")
    if followed:
        note(f"It stays the one in use (fleet profile use {new}).")
    elif old == DEFAULT_PROFILE and store.chosen() is None:
        note(
            f"No profile is called {old!r} now; to use this one by default: fleet profile use {new}"
        )


@app.command()
def delete(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="NAME", help="A stored profile.")],
    yes: YesOption = False,
) -> None:
    """Delete profile NAME and its credential. Asks first on a terminal; elsewhere needs --yes."""
    state = state_of(ctx)
    store = state.profiles()
    store.require(name)
    confirm_delete(ctx, f"Delete profile {name!r} and its credential?", yes)
    chosen = store.delete(name)
    note(f"Deleted profile {name!r}.")
    if chosen:
        note(
            f"It was the one in use (fleet profile use): {DEFAULT_PROFILE!r} is used now, "
            "unless --profile or FLEETAPI_PROFILE names one."
        )
