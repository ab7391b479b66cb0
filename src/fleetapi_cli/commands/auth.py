"""``fleet auth``: log in, log out, show the credential in use."""

from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, read_stdin_line, wraps_call
from fleetapi_cli.config import Profile
from fleetapi_cli.context import CliState, state_of
from fleetapi_cli.output import note

if TYPE_CHECKING:
    from fleetapi import Client

__all__ = ["app"]

app = new_group(
    "Log in and out; show the credential in use.",
    epilog=examples(
        "echo demo | fleet auth login --login demo --password-stdin",
        "fleet auth status -o json",
        "fleet auth token",
        "fleet auth logout",
    ),
)


@app.command()
@wraps_call("user/auth", uses=("base/nothing",))
def login(
    ctx: typer.Context,
    login: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--login", "-l", help="The login (prompted for when not given)."),
    ] = None,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from stdin.")
    ] = False,
    api_key_stdin: Annotated[
        bool,
        typer.Option(
            "--api-key-stdin",
            help="Store an API key read from stdin instead of logging in (checked first).",
        ),
    ] = False,
) -> None:
    """Log in and store the session hash in the profile (file mode 0600).

    Without --login and --password-stdin, prompts for what is missing. A user with a second
    factor is asked for the code it was sent (off a terminal, the next line of stdin). With
    --api-key-stdin, stores an API key instead, after checking that it works.
    """
    from fleetapi._secrets import mask

    state = state_of(ctx)
    settings = state.settings(creating=True)
    if api_key_stdin and (login or password_stdin):
        raise typer.BadParameter("--api-key-stdin excludes --login and --password-stdin")
    if api_key_stdin:
        key = read_stdin_line("API key").strip()
        with state.client(api_key=key) as client:
            client.base.nothing()
            profile = Profile(
                name=settings.profile, base_url=client.base_url, hash=key, kind="api_key"
            )
    else:
        if login is None:
            login = typer.prompt("Login", err=True)
        # Off a terminal (a pipe), the password is the next line of stdin, as with
        # --password-stdin: there is no terminal to hide it on.
        password = (
            read_stdin_line("password")
            if password_stdin or not sys.stdin.isatty()
            else typer.prompt("Password", hide_input=True, err=True)
        )
        with state.client(credential=False) as client:
            session = _sign_in(state, client, login, password, from_stdin=password_stdin)
            profile = Profile(
                name=settings.profile,
                base_url=client.base_url,
                hash=session,
                kind="session",
                login=login,
            )
    store = state.profiles()
    store.save(profile)
    if settings.hash_source not in (None, "profile"):
        note(f"Note: {settings.hash_source} is set and takes precedence over the profile.")
    who = f" as {profile.login}" if profile.login else ""
    what = "session hash" if profile.kind == "session" else "API key"
    note(
        f"Logged in to {profile.base_url}{who}: {what} {mask(profile.hash)} stored in "
        f"profile {profile.name!r} ({store.path})."
    )


def _sign_in(
    state: CliState, client: Client, login: str, password: str, *, from_stdin: bool
) -> str:
    """A session hash from ``user/auth``, asking for the second factor's code when the user
    has one (the next line of stdin off a terminal, as the password)."""
    from fleetapi import SecondFactorRequiredError

    try:
        session = client.user.auth(login=login, password=password)
    except SecondFactorRequiredError as required:
        asked = f"Code sent by {required.factor_type}"
        code = (
            read_stdin_line("code")
            if from_stdin or not sys.stdin.isatty()
            else typer.prompt(asked, err=True)
        )
        with state.client(api_key=required.hash) as pending:
            session = pending.user.auth.code.verify(code=code.strip())
    return session


@app.command()
def logout(ctx: typer.Context) -> None:
    """Forget the profile's credential (the file keeps its base URL).

    The session itself stays valid on the service until it ends (30 days without use).
    """
    state = state_of(ctx)
    name = state.settings().profile
    store = state.profiles()
    profile = store.get(name)
    if not profile.hash:
        note(f"Profile {name!r} holds no credential.")
        return
    store.save(dataclasses.replace(profile, hash=None, kind=None, login=None))
    note(f"Forgot the credential of profile {name!r}.")
    source = state.settings().hash_source
    if source not in (None, "profile"):
        note(f"Note: {source} is still set in the environment.")


@app.command()
def status(ctx: typer.Context, output: OutputOption = None) -> None:
    """Show the profile, base URL and credential in use, and check them with base/nothing.

    Exits with the error's code when the credential does not work, 3 when there is none.
    """
    from fleetapi._errors import FleetError
    from fleetapi._secrets import mask
    from fleetapi_cli.errors import describe, exit_code_for

    state = state_of(ctx)
    settings = state.settings()
    info: dict[str, Any] = {
        "profile": settings.profile,
        "config_file": str(state.profiles().path),
        "base_url": settings.base_url,
        "base_url_source": settings.base_url_source,
        "credential": mask(settings.hash) if settings.hash else None,
        "credential_source": settings.hash_source,
        "kind": settings.kind,
        "login": settings.login,
        "works": False,
    }
    problem: str | None = None
    code = 0
    try:
        with state.client(credential=settings.hash is not None) as client:
            info["base_url"] = client.base_url
            if settings.hash is None:
                problem, code = "not logged in: run fleet auth login", 3
            else:
                client.with_options(max_retries=0).base.nothing()
                info["works"] = True
    except FleetError as exc:
        problem, code = describe(exc)[0].removeprefix("error: "), exit_code_for(exc)
    info["error"] = problem
    state.emit(info, output=output)
    if problem:
        note(f"error: {problem}")
        raise typer.Exit(code)


@app.command()
def token(ctx: typer.Context) -> None:
    """Print the credential in use (a session hash or an API key) in full, for scripts.

    Exits 3 when there is none. The one command that prints a credential whole: everything
    else masks it.
    """
    settings = state_of(ctx).settings()
    if settings.hash is None:
        note("error: not logged in: run fleet auth login (or set FLEETAPI_API_KEY)")
        raise typer.Exit(3)
    typer.echo(settings.hash)
