"""The ``fleet`` command-line tool."""

from __future__ import annotations

import os
import sys

__all__ = ["main"]

EXTRA_HINT = "pip install 'fleetapi[cli]'"
"""What to type when the command line's extra is missing."""

SCREEN_COLUMNS = 80
"""The least terminal width at which ``fleet --help`` is the text of ``_screens`` (Click draws
help at the terminal's width up to 80 columns, or 80 off a terminal)."""


def main() -> None:
    """Run ``fleet``; installed without the ``cli`` extra, say what to install (exit 1)."""
    screen = ready_screen(sys.argv[1:])
    if screen is not None:
        _print(screen)
        return
    try:
        from fleetapi_cli.app import main as run
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in ("", "fleetapi", "fleetapi_cli"):
            raise
    else:
        run()
        return
    sys.stderr.write(
        f"fleet: the command line needs its extra: {EXTRA_HINT} ({missing} is missing)\n"
    )
    raise SystemExit(1)


def ready_screen(args: list[str]) -> str | None:
    """What ``fleet ARGS`` prints when it is ``fleet --help`` (``-h``) or ``fleet --version``
    as the app draws them (``fleetapi_cli._screens``, generated from the app), so that they
    need not load it; ``None`` for any other command line, or a help narrower than the text
    (a terminal under 80 columns), or shell completion asking."""
    if args == ["--version"]:
        from fleetapi_cli._screens import VERSION

        return VERSION
    if args not in (["--help"], ["-h"]) or "_FLEET_COMPLETE" in os.environ:
        return None
    if _columns() < SCREEN_COLUMNS:
        return None
    from fleetapi_cli._screens import HELP

    return HELP


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` tells it to Click (without
    importing :mod:`shutil`): ``COLUMNS``, else standard output's terminal, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return SCREEN_COLUMNS
    return columns or SCREEN_COLUMNS


def _print(text: str) -> None:
    """Write ``text`` and a newline to standard output; a reader gone is exit 1, as Click
    makes it."""
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
