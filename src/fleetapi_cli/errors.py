"""Error reports and exit codes of ``fleet``.

A failed call prints ``error: [code] description`` and its per-field errors to stderr and exits
with the code of the error's family (the ``exit_code`` of the SDK's exception classes):

====  =============================================================
Code  Meaning
====  =============================================================
0     success
1     other failure (unknown API code, local file or profile error)
2     usage error: bad option or argument, refused insecure URL
3     authentication: wrong, unknown or expired hash (3, 4, 102-105)
4     permission denied (2, 11, 13, 101)
5     not found (12, 201, 204, 217, 222)
6     invalid request (5, 7, 210-212, 233, 234, 242, 271, 274)
7     conflict or invalid state (206, 208, 231, 247, 255, 261, ...)
8     quota or tariff limit (221, 236, 267, 268)
9     rate limited (15), after the SDK's retries
10    connection failure or timeout
11    server-side failure (1, 6, 8, 9, 14, 215)
12    a batch command's rows have errors (the call itself worked)
130   interrupted (Ctrl-C)
====  =============================================================
"""

from __future__ import annotations

from typing import Any

from fleetapi_cli.output import note

__all__ = [
    "EXIT_ERROR",
    "EXIT_OK",
    "EXIT_USAGE",
    "describe",
    "exit_code_for",
    "handled",
    "report",
]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2


def exit_code_for(exc: BaseException) -> int:
    """The exit code of an exception: its class's ``exit_code``, else 1."""
    code = getattr(type(exc), "exit_code", EXIT_ERROR)
    return code if isinstance(code, int) else EXIT_ERROR


def describe(exc: BaseException) -> list[str]:
    """The lines reporting ``exc``: ``error: ...`` then one indented line per field error."""
    from fleetapi._errors import FleetApiError
    from fleetapi._secrets import redact

    if isinstance(exc, FleetApiError):
        lines = [f"error: [{exc.code}] {exc.description}"]
        for item in exc.errors:
            lines.append("  " + _field_error(item))
    elif isinstance(exc, OSError) and exc.filename is not None:
        lines = [f"error: {exc.strerror or exc}: {exc.filename}"]
    else:
        lines = [f"error: {exc}"]
    return [redact(line) for line in lines]


def _field_error(item: dict[str, Any]) -> str:
    name = item.get("parameter") or item.get("field_id") or item.get("field") or "?"
    message = item.get("error") or item.get("description") or item.get("code") or ""
    return f"{name}: {message}"


def handled(exc: BaseException) -> bool:
    """Whether ``exc`` is a failure ``fleet`` reports itself (SDK errors, profile errors, I/O)."""
    from fleetapi._errors import FleetError
    from fleetapi_cli.config import ConfigError

    if isinstance(exc, BrokenPipeError):
        return False  # Typer's main loop quiets a closed pipe (``fleet ... | head``)
    return isinstance(exc, (FleetError, ConfigError, OSError))


def report(exc: BaseException) -> int:
    """Print ``exc`` to stderr and return the exit code to leave with."""
    for line in describe(exc):
        note(line)
    return exit_code_for(exc)
