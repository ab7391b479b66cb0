"""The ``fleet`` command-line tool."""

from __future__ import annotations

import sys

__all__ = ["main"]

EXTRA_HINT = "pip install 'fleetapi[cli]'"
"""What to type when the command line's extra is missing."""


def main() -> None:
    """Run ``fleet``; installed without the ``cli`` extra, say what to install (exit 1)."""
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
