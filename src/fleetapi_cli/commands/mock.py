"""``fleet mock``: run the stand-in backend over HTTP."""

from __future__ import annotations

import datetime as dt
import inspect
import json
import os
import shutil
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import attrs
import typer

from fleetapi_cli._typer import OutputOption, examples, new_group
from fleetapi_cli.context import state_of
from fleetapi_cli.values import WHEN_HELP, parse_until, parse_when
from fleetapi_mock.state.limits import (
    DEFAULT_LIMITS,
    EventLoop,
    HttpParser,
    ServerLimits,
    limit_help,
)

__all__ = ["app"]

app = new_group(
    "Run the stand-in backend over HTTP.",
    epilog=examples(
        "fleet mock serve --demo-banner",
        "fleet mock serve --port 9000 --rate-limit 0 --frozen-clock",
        "fleet mock wait --ready-file mock.url",
        "fleet mock snapshot --from 2026-01-08 --to 2026-01-15 -O my-fleet.json",
    ),
)


DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def _with_limit_options(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` (taking ``**limits``) with an option per field of :class:`ServerLimits`:
    ``--world-queue N``, ``--read-timeout SECONDS``, ``--max-body-bytes BYTES``; name, help,
    default and minimum all come from the field."""
    hints = typing.get_type_hints(command, include_extras=True)  # the module's are strings
    own = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in inspect.signature(command).parameters.values()
        if p.kind is not p.VAR_KEYWORD
    ]
    added = []
    for field in attrs.fields(ServerLimits):
        default = getattr(DEFAULT_LIMITS, field.name)
        kind = type(default)
        metavar = "SECONDS" if kind is float else "BYTES" if field.name.endswith("_bytes") else "N"
        option = typer.Option(
            "--" + field.name.replace("_", "-"),
            min=kind(field.metadata["minimum"]),
            metavar=metavar,
            help=limit_help(field.name),
        )
        annotation = Annotated[kind, option]  # type: ignore[valid-type]
        added.append(inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY,
                                       default=default, annotation=annotation))  # fmt: skip
    command.__signature__ = inspect.Signature([*own, *added])  # type: ignore[attr-defined]
    command.__annotations__ = {**command.__annotations__, **{p.name: p.annotation for p in added}}
    return command


@app.command()
@_with_limit_options
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = DEFAULT_HOST,
    port: Annotated[
        int, typer.Option("--port", help="The port (0 picks a free one).", min=0, max=65535)
    ] = DEFAULT_PORT,
    world: Annotated[
        Optional[Path],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--world",
            metavar="FILE",
            help="A JSON world document (default: the demo world).",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    demo_banner: Annotated[
        bool,
        typer.Option("--demo-banner", help="Print the world's credentials and commands to try."),
    ] = False,
    rate_limit: Annotated[
        Optional[int],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--rate-limit",
            min=0,
            help="Requests per second per credential (0 turns the limit off) "
            "[default: the service's rate].",
            show_default=False,
        ),
    ] = None,
    frozen_clock: Annotated[
        bool,
        typer.Option(
            "--frozen-clock",
            help="Keep the world clock at the world's start time (move it with /__mock__/clock).",
        ),
    ] = False,
    shutdown_timeout: Annotated[
        int,
        typer.Option(
            "--shutdown-timeout",
            min=0,
            metavar="SECONDS",
            help="On Ctrl-C or SIGTERM, how long requests in flight may take before it exits.",
        ),
    ] = 5,
    seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--seed",
            help="Make hashes and keys reproducible (each named world's differ by its name); "
            "unpredictable by default.",
        ),
    ] = None,
    max_worlds: Annotated[
        int,
        typer.Option(
            "--max-worlds",
            min=0,
            help="How many named worlds (X-Mock-World: NAME) may exist at once.",
        ),
    ] = 100,
    world_ttl: Annotated[
        int,
        typer.Option(
            "--world-ttl",
            min=0,
            metavar="SECONDS",
            help="Forget a named world unused this long (0: never).",
        ),
    ] = 3600,
    state: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--state",
            metavar="FILE",
            help="Keep the worlds in FILE: restored from it on start, saved to it every "
            "--save-every seconds and on stopping (a file it cannot read is refused, never "
            "replaced).",
            dir_okay=False,
        ),
    ] = None,
    save_every: Annotated[
        float,
        typer.Option(
            "--save-every",
            min=0.1,
            metavar="SECONDS",
            help="Seconds between saves of --state (when anything was asked of a world).",
        ),
    ] = 10.0,
    control_token: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--control-token",
            envvar="FLEET_MOCK_CONTROL_TOKEN",
            metavar="TOKEN",
            help="Make the control API (/__mock__/...) need 'Authorization: Bearer TOKEN' "
            "(the file routes of uploads and downloads stay open).",
        ),
    ] = None,
    ready_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--ready-file",
            metavar="PATH",
            help="Write the server's URL to PATH once it answers (removed when it stops).",
            dir_okay=False,
        ),
    ] = None,
    http: Annotated[
        HttpParser,
        typer.Option(
            "--http",
            help="The HTTP parser: httptools (C) when installed, else h11 (pure Python).",
        ),
    ] = HttpParser.AUTO,
    loop: Annotated[
        EventLoop,
        typer.Option(
            "--loop",
            help="The event loop: uvloop when installed, else asyncio's own.",
        ),
    ] = EventLoop.AUTO,
    **limits: Any,
) -> None:
    """Serve the mock until Ctrl-C; prints one line when it listens."""
    try:
        from fleetapi_mock.web.access import DEFAULT_RATE_LIMIT
        from fleetapi_mock.web.server import run
    except ImportError as exc:  # pragma: no cover - installed without the mock extra
        raise typer.BadParameter(
            f"the mock needs its extra: pip install 'fleetapi[mock]' ({exc.name} is missing)"
        ) from None
    from fleetapi_mock.web.mock import load_world

    try:
        loaded = load_world(world)
    except (OSError, ValueError) as exc:  # unreadable file, bad JSON, invalid world document
        raise typer.BadParameter(str(exc), param_hint="--world") from None
    from fleetapi_mock.web.stack import StackError
    from fleetapi_mock.web.statefile import StateFileError

    try:
        run(
            host=host,
            port=port,
            world=loaded,
            banner=demo_banner,
            command=invoked_as(),
            rate_limit=DEFAULT_RATE_LIMIT if rate_limit is None else rate_limit,
            running_clock=not frozen_clock,
            shutdown_timeout=shutdown_timeout,
            seed=seed,
            max_worlds=max_worlds,
            world_idle=world_ttl or None,
            state=state,
            save_every=save_every,
            control_token=control_token or None,
            ready_file=ready_file,
            limits=ServerLimits(**limits),
            http=http.value,
            loop=loop.value,
        )
    except StateFileError as exc:
        raise typer.BadParameter(str(exc), param_hint="--state") from None
    except StackError as exc:
        raise typer.BadParameter(str(exc), param_hint="--http/--loop") from None


def invoked_as() -> str:
    """How to type ``fleet`` in this shell: ``fleet`` when the PATH finds this very program,
    else the path it was run by (``.venv/bin/fleet`` from ``make demo``)."""
    given = sys.argv[0]
    found = shutil.which("fleet")
    if not given or os.path.basename(given) != "fleet":
        return "fleet" if found else sys.executable + " -m fleetapi_cli"
    if found and os.path.realpath(found) == os.path.realpath(given):
        return "fleet"
    return given


@app.command()
def wait(
    url: Annotated[
        Optional[str],  # noqa: UP045
        typer.Argument(
            help=f"The server's URL (http://{DEFAULT_HOST}:{DEFAULT_PORT} by default).",
            show_default=False,
        ),
    ] = None,
    ready_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--ready-file",
            metavar="PATH",
            help="Wait for the file that fleet mock serve --ready-file PATH writes, and read the "
            "URL from it.",
            dir_okay=False,
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0.0, metavar="SECONDS", help="Give up after this long (exit 10)."
        ),
    ] = 30.0,
) -> None:
    """Wait until a mock server answers, then print its URL (for CI jobs that start one)."""
    import time

    import httpx

    deadline = time.monotonic() + timeout
    while url is None and ready_file is not None:
        if ready_file.is_file():
            url = ready_file.read_text(encoding="utf-8").strip() or None
        if url is None:
            if time.monotonic() >= deadline:
                _gave_up(f"{ready_file} did not appear in {timeout:g} s")
            time.sleep(0.05)
    target = (url or f"http://{DEFAULT_HOST}:{DEFAULT_PORT}").rstrip("/")
    while True:
        try:
            httpx.get(f"{target}/__mock__/worlds", timeout=1.0)
        except httpx.HTTPError:
            if time.monotonic() >= deadline:
                _gave_up(f"{target} did not answer in {timeout:g} s")
            time.sleep(0.05)
        else:
            typer.echo(target)
            return


@app.command()
def snapshot(
    ctx: typer.Context,
    output: Annotated[
        Path,
        typer.Option(
            "--out", "-O", metavar="FILE", dir_okay=False, help="Write the world document here."
        ),
    ],
    start: Annotated[
        dt.datetime,
        typer.Option(
            "--from", metavar="WHEN", parser=parse_when, help=f"Tasks and points from: {WHEN_HELP}."
        ),
    ],
    end: Annotated[
        dt.datetime,
        typer.Option("--to", metavar="WHEN", parser=parse_until, help="Up to, after --from."),
    ],
    seed: Annotated[
        Optional[int],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--seed", help="The world's seed (hashes it hands out)."),
    ] = None,
    anonymize: Annotated[
        bool,
        typer.Option(
            "--anonymize",
            help="Replace labels, names, file names, logins, phone and device numbers, "
            "addresses and comments, and move every position by one offset.",
        ),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Go on from FILE.partial, kept by a snapshot of the same window that stopped: "
            "what it read is not asked again.",
        ),
    ] = False,
) -> None:
    """Read your account (the profile's, or --base-url and a credential) through reading
    calls alone and write it as a world that fleet mock serve --world FILE serves: its
    trackers with their states, sensors and counters, sub-users, groups, rules, tags, zones,
    places, employees, vehicles, garages, departments, form templates, and the tasks,
    check-ins, files, events and track points of a window. Your password and keys never land
    in the file: the logins are kept, with passwords and an API key drawn anew (printed on
    stderr). What it has read is kept in FILE.partial until the file is written: after a
    failure or Ctrl-C, the same command with --resume goes on from there. A progress bar shows
    how far it has come on a terminal, a line per step elsewhere."""
    from fleetapi_cli.snapshots import take

    if end <= start:
        raise typer.BadParameter("must be after --from", param_hint="--to")
    take(state_of(ctx), output, start=start, end=end, seed=seed, anonymize=anonymize,
         resume=resume)  # fmt: skip


@app.command()
def compare(
    ctx: typer.Context,
    against: Annotated[
        str, typer.Option("--against", metavar="URL", help="The mock serving the snapshot.")
    ],
    start: Annotated[
        dt.datetime,
        typer.Option("--from", metavar="WHEN", parser=parse_when, help=f"Window: {WHEN_HELP}."),
    ],
    end: Annotated[
        dt.datetime,
        typer.Option("--to", metavar="WHEN", parser=parse_until, help="Up to, after --from."),
    ],
    login: Annotated[
        str, typer.Option("--login", help="The mock's login (the snapshot kept yours).")
    ] = "",
    password: Annotated[
        str,
        typer.Option(
            "--password", envvar="FLEET_MOCK_PASSWORD", help="Its password (printed by snapshot)."
        ),
    ] = "",
    seconds: Annotated[
        float, typer.Option("--time-tolerance", min=0.0, metavar="SECONDS", help="Times within.")
    ] = 1.0,
    relative: Annotated[
        float, typer.Option("--float-tolerance", min=0.0, metavar="RATIO", help="Numbers within.")
    ] = 1e-9,
    record: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--record", metavar="FILE", dir_okay=False, help="Keep every pair here."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Send the reading requests a snapshot covers to the service (the profile's) and to a
    mock serving the snapshot, and show where their answers differ: keys, types, nesting,
    codes and values. Exits 1 when they differ (as diff does), 0 when they agree."""
    import fleetapi
    from fleetapi_mock.snapshot.compare import Exchange, compare, covered_requests

    cli = state_of(ctx)
    kept: list[Exchange] = []
    with cli.client() as source:
        requests = covered_requests(source, since=start, until=end)
        own = login or source.request("user/get_info")["user_info"]["login"]
        with fleetapi.Client.login(against, own, password) as mirror:
            found = compare(
                source, mirror, requests, seconds=seconds, relative=relative, record=kept.append
            )
    if record is not None:
        lines = [json.dumps(attrs.asdict(e), default=str) for e in kept]
        record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = [d.to_json() for d in found]
    cli.emit(rows, output=output, columns=["call", "path", "kind", "source", "mirror"])
    typer.echo(f"{len(found)} difference(s) in {len(requests)} request(s)", err=True)
    if found:
        raise typer.Exit(1)


def _gave_up(reason: str) -> None:
    """Say why ``fleet mock wait`` stops waiting; exit 10, as a connection failure does."""
    typer.echo(f"error: {reason}", err=True)
    raise typer.Exit(10)
