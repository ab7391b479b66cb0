"""Error reports and exit codes of ``fleet``.

A failed call prints ``error: [code] description`` and its per-field errors to stderr and exits
with the exit code of the error's family: :data:`EXIT_CODES` is the one table of them (the
docs' exit-code tables are rendered from it). The SDK's exception classes know nothing of
exit codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from fleetapi_cli.output import note

if TYPE_CHECKING:
    from fleetapi_cli.config import Settings

__all__ = [
    "EXIT_CODES",
    "EXIT_ERROR",
    "EXIT_OK",
    "EXIT_ROW_ERRORS",
    "EXIT_USAGE",
    "ExitCode",
    "describe",
    "exit_code_for",
    "exit_code_for_class",
    "handled",
    "hints",
    "report",
]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_ROW_ERRORS = 12
"""A batch command worked, but some of its rows are invalid (listed on stderr)."""


class ExitCode(NamedTuple):
    """One exit code of ``fleet``: what it means and the SDK exception classes it stands for
    (a class stands for its subclasses unless one of them is listed itself)."""

    code: int
    meaning: str
    classes: tuple[str, ...] = ()


EXIT_CODES: tuple[ExitCode, ...] = (
    ExitCode(EXIT_OK, "Success"),
    ExitCode(
        EXIT_ERROR,
        "Other failure: an API code the SDK does not know, a profile file that cannot be "
        "read, a local file error; also a declined confirmation",
        ("FleetError",),
    ),
    ExitCode(
        EXIT_USAGE,
        "Usage error: unknown command or option, bad or missing value, `--yes` missing off a "
        "terminal, insecure base URL (plain http to a host that is not loopback, without "
        "`--allow-insecure`), a base URL without its scheme, a profile that does not exist",
        ("InsecureTransportError", "SettingError"),
    ),
    ExitCode(
        3, "Authentication: wrong, unknown, expired hash, no credential", ("AuthenticationError",)
    ),
    ExitCode(4, "Permission denied", ("PermissionDeniedError",)),
    ExitCode(5, "Not found", ("NotFoundError",)),
    ExitCode(6, "Invalid request", ("InvalidRequestError",)),
    ExitCode(7, "Conflict or invalid state", ("ConflictError", "InvalidStateError")),
    ExitCode(8, "Quota or tariff limit", ("QuotaExceededError",)),
    ExitCode(9, "Rate limited, after the SDK's retries", ("RateLimitError",)),
    ExitCode(10, "Connection failure or timeout", ("FleetConnectionError", "FleetTimeoutError")),
    ExitCode(11, "Server-side failure", ("ServerError",)),
    ExitCode(
        EXIT_ROW_ERRORS,
        "Row errors: a batch command (`batch-convert`) worked, but some rows are invalid "
        "(listed on stderr)",
    ),
    ExitCode(130, "Interrupted (Ctrl-C)"),
)

_BY_CLASS = {name: entry.code for entry in EXIT_CODES for name in entry.classes}


def exit_code_for(exc: BaseException) -> int:
    """The exit code of an exception: that of the nearest class of its family that
    :data:`EXIT_CODES` lists, else 1."""
    return exit_code_for_class(type(exc))


def exit_code_for_class(cls: type[BaseException]) -> int:
    """The exit code an exception of class ``cls`` ends ``fleet`` with (see
    :func:`exit_code_for`)."""
    for base in cls.__mro__:
        if base.__module__.startswith("fleetapi") and base.__name__ in _BY_CLASS:
            return _BY_CLASS[base.__name__]
    return EXIT_ERROR


def describe(exc: BaseException) -> list[str]:
    """The lines reporting ``exc``: ``error: ...`` then one indented line per field error."""
    from fleetapi._errors import EntityInUseError, FleetApiError, InsecureTransportError
    from fleetapi._secrets import redact

    if isinstance(exc, InsecureTransportError):  # worded for the command line's door
        lines = [f"error: {exc.advice('--allow-insecure')}"]
    elif isinstance(exc, FleetApiError):
        lines = [f"error: [{exc.code}] {exc.description}"]
        for item in exc.errors:
            lines.append("  " + _field_error(item))
        if isinstance(exc, EntityInUseError):
            for used in exc.entities:
                ids = ", ".join(str(i) for i in used.get("ids") or [])
                lines.append(f"  used by {used.get('type', '?')}: {ids}")
        else:
            import json

            for key, value in exc.extra.items():
                lines.append(f"  {key}: {json.dumps(value, separators=(',', ':'))}")
    elif isinstance(exc, OSError) and exc.filename is not None:
        lines = [f"error: {exc.strerror or exc}: {exc.filename}"]
    else:
        lines = [f"error: {exc}"]
    return [redact(line) for line in lines]


def _field_error(item: dict[str, Any]) -> str:
    name = item.get("parameter") or item.get("field_id") or item.get("field")
    if not name:  # a provider's details (code 218: status, message...)
        return ", ".join(f"{key}={value}" for key, value in item.items())
    message = item.get("error") or item.get("description") or item.get("code") or ""
    return f"{name}: {message}"


def handled(exc: BaseException) -> bool:
    """Whether ``exc`` is a failure ``fleet`` reports itself (SDK errors, profile errors, I/O)."""
    from fleetapi._errors import FleetError
    from fleetapi_cli.config import ConfigError

    if isinstance(exc, BrokenPipeError):
        return False  # Typer's main loop quiets a closed pipe (``fleet ... | head``)
    return isinstance(exc, (FleetError, ConfigError, OSError))


def hints(exc: BaseException, settings: Settings | None) -> list[str]:
    """What to run after ``exc``, given the settings in use: a missing, refused or withheld
    credential says to log in; a connection failure to the default base URL says to set one."""
    from fleetapi._errors import AuthenticationError, FleetConnectionError

    if settings is None:
        return []
    where = [] if settings.profile == "default" else [f"--profile {settings.profile}"]
    if settings.base_url_source != "profile" and settings.base_url:
        where.append(f"--base-url {settings.base_url}")
    login = " ".join(["fleet", *where, "auth", "login"])
    if isinstance(exc, AuthenticationError):
        session_only = _needs_a_session(exc.endpoint)
        if session_only and settings.kind == "api_key" and settings.hash is not None:
            return [
                f"hint: {exc.endpoint} takes a session only, never an API key; log in with: {login}"
            ]
        if settings.withheld:
            return [
                f"hint: the profile's credential belongs to {settings.withheld} and is not sent "
                f"to {settings.base_url}; log in there with: {login} (or set FLEETAPI_API_KEY)"
            ]
        if settings.hash is None:
            return [f"hint: not logged in: run {login} (or set FLEETAPI_API_KEY)"]
        source = "the profile" if settings.hash_source == "profile" else settings.hash_source
        return [f"hint: the credential from {source} was refused; log in again with: {login}"]
    if isinstance(exc, FleetConnectionError) and settings.base_url_source == "default":
        return [
            "hint: no base URL is set, so the service's default was used; give one with "
            "--base-url URL (or FLEETAPI_BASE_URL), or log in with: fleet --base-url URL auth login"
        ]
    return []


def _needs_a_session(path: str | None) -> bool:
    """Whether the call ``path`` takes a standard session only (no API key)."""
    from fleetapi._endpoint import Access
    from fleetapi.endpoints import find

    endpoint = find(path) if path else None
    return endpoint is not None and endpoint.access is Access.SESSION


def report(exc: BaseException, settings: Settings | None = None) -> int:
    """Print ``exc`` (and :func:`hints` for ``settings``) to stderr; return the exit code."""
    for line in describe(exc) + hints(exc, settings):
        note(line)
    return exit_code_for(exc)
