"""The state every command shares through ``ctx.obj``, and the factory of SDK clients.

The root command fills a :class:`CliState` from the global options. Commands get their client
from :meth:`CliState.client`, never by building one themselves, so that tests can hand the CLI
the mock's in-process transport::

    runner.invoke(app, ["key", "list"], obj=CliState(transport=mock.transport))

Only the standard library and Typer are imported here at import time; the SDK and httpx load
when a command asks for a client.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import typer

from fleetapi_cli.config import ProfileStore, Settings, resolve_settings
from fleetapi_cli.output import OutputFormat, default_format, emit, note, to_jsonable

if TYPE_CHECKING:
    import httpx

    from fleetapi import Client

__all__ = ["CLOCK_CALL", "CliState", "state_of"]

CLOCK_CALL = "tracker/group/list"
"""The call whose ISO-mode answer tells the server's time (small, and open to every user)."""


def _without_httpx_cli() -> None:
    """Keep ``import httpx`` from importing its own command line (Click, Rich, Pygments).

    httpx imports ``httpx._main`` whenever Click is installed, which roughly doubles its import
    time; ``fleet`` never uses it. A ``None`` entry in ``sys.modules`` makes that optional import
    fail fast, and httpx falls back to a stub ``httpx.main``.
    """
    if "httpx" not in sys.modules:
        sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]


@dataclass
class CliState:
    """What the global options decided, shared by every command of one invocation."""

    base_url: str | None = None
    """``--base-url``; ``None`` falls back to the environment, the profile, the default."""
    profile: str | None = None
    """``--profile``; ``None`` falls back to ``FLEETAPI_PROFILE``, then ``default``."""
    output: OutputFormat | None = None
    """``--output``; ``None`` means a table on a terminal and JSON otherwise."""
    columns: list[str] | None = None
    """``--columns``: the columns of a table or TSV (every JSON field is always printed)."""
    jq: Any = None
    """``--jq``: the compiled jq program that filters what JSON output would print."""
    debug: bool = False
    """``--debug``: a redacted HTTP trace on stderr."""
    transport: httpx.BaseTransport | None = None
    """The httpx transport of every client (tests: the mock's in-process transport)."""
    timeout: float | None = None
    """Seconds per attempt; the SDK's default when ``None``."""
    max_retries: int | None = None
    """Retries after a failed attempt; the SDK's default when ``None``."""
    allow_insecure: bool = False
    """``--allow-insecure``: send credentials over plain http to a host that is not loopback."""
    store: ProfileStore | None = None
    """The profile file; the user's configuration directory when ``None``."""
    _settings: Settings | None = field(default=None, init=False, repr=False)
    _command: Callable[..., Any] | None = field(default=None, init=False, repr=False)
    _clock_offset: dt.timedelta | None = field(default=None, init=False, repr=False)
    """The function of the command that asked for this state (:func:`state_of`)."""

    def profiles(self) -> ProfileStore:
        """The profile file."""
        if self.store is None:
            self.store = ProfileStore.default()
        return self.store

    def resolved(self) -> Settings | None:
        """The settings if resolved already (reporting an error never resolves them)."""
        return self._settings

    def settings(self, *, creating: bool = False) -> Settings:
        """The resolved profile, base URL and credential (computed once); ``creating``: the
        command makes the profile named (``auth login``), which need not exist yet."""
        if self._settings is None:
            self._settings = resolve_settings(
                base_url=self.base_url,
                profile=self.profile,
                store=self.profiles(),
                creating=creating,
            )
        return self._settings

    def server_now(self, *, fresh: bool = False) -> dt.datetime:
        """The user's current time on the server (its clock may not be this machine's, and
        the mock's world clock seldom is): what relative times count from.

        Asked once per invocation (again when ``fresh``: a command that polls), with a small
        call answered in ISO mode (whose answers carry ``user_time``), then kept as an offset
        from this machine's clock.
        """
        if self._clock_offset is None or fresh:
            with self.client() as client:
                answer = client.with_options(iso_datetime=True).request(CLOCK_CALL)
            told = answer.get("user_time")
            offset = dt.timedelta()
            if isinstance(told, str):
                offset = dt.datetime.fromisoformat(told).replace(tzinfo=None) - dt.datetime.now()
            self._clock_offset = offset
        return dt.datetime.now() + self._clock_offset

    def output_format(self, override: OutputFormat | None = None) -> OutputFormat:
        """The format to print in: a command's ``--output``, the global one, or the default."""
        return override or self.output or default_format()

    def stream_format(self, override: OutputFormat | None = None) -> OutputFormat:
        """The format of a command that prints as things come (``--follow``, a watch): JSON
        Lines where JSON would be, one document per item, never a series of arrays."""
        fmt = self.output_format(override)
        return OutputFormat.jsonl if fmt is OutputFormat.json else fmt

    def emit(
        self,
        data: Any,
        *,
        output: OutputFormat | None = None,
        columns: Sequence[str] | None = None,
        fields: Sequence[str] | None = None,
    ) -> None:
        """Print a result (SDK models or plain values) in the chosen format.

        ``fields`` are the columns of an empty TSV; by default those of the entities of the
        call the running command stands for (:func:`~fleetapi_cli._typer.wraps_call`).
        """
        fmt = self.output_format(output)
        data = to_jsonable(data)
        if self.jq is not None:
            self._emit_jq(data, fmt, chosen=output or self.output)
            return
        if fmt is OutputFormat.tsv and data == [] and fields is None:
            fields = _entity_fields(self._command)
        emit(data, fmt, columns=columns, chosen=self.columns, fields=fields)

    def _emit_jq(self, data: Any, fmt: OutputFormat, *, chosen: OutputFormat | None) -> None:
        """Print ``data`` through ``--jq``: the whole JSON, or each line's with JSON Lines."""
        import sys

        from fleetapi_cli.output import render_jq

        if chosen in (OutputFormat.table, OutputFormat.tsv):
            raise typer.BadParameter(
                f"--jq filters JSON; it cannot shape -o {chosen.value}", param_hint="'--jq'"
            )
        try:
            render_jq(self.jq, data, sys.stdout, lines=fmt is OutputFormat.jsonl)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="'--jq'") from None
        sys.stdout.flush()

    def trace(self, message: str) -> None:
        """Write a ``--debug`` line to stderr, with every credential masked."""
        if self.debug:
            from fleetapi._secrets import redact

            note("debug: " + redact(message, self.settings().hash))

    @contextlib.contextmanager
    def http_client(self) -> Iterator[httpx.Client]:
        """An httpx client on the configured transport, tracing exchanges under ``--debug``."""
        _without_httpx_cli()
        import httpx

        hooks = self._trace_hooks() if self.debug else {}
        with httpx.Client(transport=self.transport, event_hooks=hooks) as http:
            if self.debug:
                with _sdk_log_to_stderr(self):
                    yield http
            else:
                yield http

    @contextlib.contextmanager
    def client(
        self,
        *,
        api_key: str | None = None,
        credential: bool = True,
        base_url: str | None = None,
    ) -> Iterator[Client]:
        """An SDK client for the resolved base URL and credential.

        Args:
            api_key: Use this credential instead of the resolved one.
            credential: ``False`` for calls that need no credential.
            base_url: Use this base URL instead of the resolved one.
        """
        settings = self.settings()
        secret = api_key or (settings.hash if credential else None)
        url = base_url or settings.base_url
        with self.http_client() as http:
            from fleetapi import Client

            client = Client(
                base_url=url,
                api_key=secret,
                http_client=http,
                timeout=self.timeout,
                max_retries=self.max_retries,
                allow_insecure=self.allow_insecure,
            )
            source = "given" if api_key else (settings.hash_source or "none")
            self.trace(
                f"profile {settings.profile}, base URL {client.base_url} "
                f"({'given' if base_url else settings.base_url_source}), "
                f"credential {_masked(secret)} ({source if secret else 'none'})"
            )
            yield client

    def _trace_hooks(self) -> dict[str, list[Callable[..., Any]]]:
        started: dict[int, float] = {}

        def on_request(request: httpx.Request) -> None:
            started[id(request)] = time.monotonic()

        def on_response(response: httpx.Response) -> None:
            request = response.request
            began = started.pop(id(request), None)
            elapsed = f" in {(time.monotonic() - began) * 1000:.1f} ms" if began else ""
            url = request.url.copy_remove_param("hash")
            self.trace(
                f"{request.method} {url} -> {response.status_code} "
                f"{response.reason_phrase}{elapsed}"
            )

        return {"request": [on_request], "response": [on_response]}


def _masked(secret: str | None) -> str:
    from fleetapi._secrets import mask

    return mask(secret)


class _RedactingHandler(logging.Handler):
    """Sends the SDK's log records (failed attempts, retries, timeouts) to the trace."""

    def __init__(self, state: CliState) -> None:
        super().__init__(logging.DEBUG)
        self.state = state

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            message = record.getMessage()
            if " -> ok " not in message:  # the HTTP trace already shows successful exchanges
                self.state.trace(message)


@contextlib.contextmanager
def _sdk_log_to_stderr(state: CliState) -> Iterator[None]:
    logger = logging.getLogger("fleetapi")
    handler = _RedactingHandler(state)
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def _entity_fields(command: Callable[..., Any] | None) -> list[str] | None:
    """The fields of the entities that ``command``'s one declared call lists."""
    from fleetapi_cli._typer import declared_calls

    paths = declared_calls(command)[0] if command is not None else ()
    if len(paths) != 1:
        return None
    from fleetapi.endpoints import by_path
    from fleetapi_cli.shapes import entity_fields

    return entity_fields(by_path(paths[0]))


def state_of(ctx: typer.Context) -> CliState:
    """The :class:`CliState` of the invocation (a default one outside the root command),
    told which command asks (what it prints follows the call it stands for)."""
    state = ctx.find_object(CliState)
    if state is None:
        state = CliState()
        ctx.find_root().obj = state
    if ctx.command.callback is not None:
        state._command = ctx.command.callback
    return state
