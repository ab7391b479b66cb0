"""Serving the mock over HTTP with uvicorn: :func:`run` (``fleet mock serve``) and
:class:`ThreadedServer` (a real port for tests)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import errno
import ipaddress
import logging
import signal
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any

import uvicorn
from starlette.applications import Starlette

from fleetapi._errors import FleetApiError
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.state.world import World
from fleetapi_mock.web.access import DEFAULT_RATE_LIMIT
from fleetapi_mock.web.app import create_app
from fleetapi_mock.web.connections import quiet_accept_errors
from fleetapi_mock.web.mock import FleetMock, WorldSource
from fleetapi_mock.web.stack import ForwardedHeaders, StackError, served_with, share_the_interpreter
from fleetapi_mock.web.statefile import StateKeeper
from fleetapi_mock.web.worlds import PATH_SEGMENT, Worlds

__all__ = [
    "DEFAULT_SHUTDOWN_TIMEOUT",
    "StackError",
    "ThreadedServer",
    "WorldServer",
    "banner_text",
    "run",
]

logger: logging.Logger = logging.getLogger("fleetapi_mock")

DEFAULT_SHUTDOWN_TIMEOUT = 5
"""Seconds a stopping server lets requests in flight finish before it exits anyway."""


class _Server(uvicorn.Server):
    """A uvicorn server that reports when it listens."""

    def __init__(self, config: uvicorn.Config, on_ready: Callable[[_Server], None]) -> None:
        super().__init__(config)
        self._on_ready = on_ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        quiet_accept_errors(asyncio.get_running_loop())
        await super().startup(sockets=sockets)
        if self.started:
            self._on_ready(self)

    def bound_port(self) -> int:
        """The port the server listens on (useful with port 0)."""
        for server in getattr(self, "servers", []):
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        return int(self.config.port)


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def _check_free(host: str, port: int) -> None:
    """Fail with one clear line when ``host:port`` cannot be listened on (a port in use, an
    unknown host), before uvicorn starts and reports it in its own words."""
    if port == 0:
        return
    url = _url(host, port)
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise OSError(f"cannot listen on {url}: {exc.strerror}") from None
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                reason = (exc.strerror or str(exc)).lower()
                hint = (
                    " (another process listens there: stop it, or choose another port)"
                    if exc.errno == errno.EADDRINUSE
                    else ""
                )
                raise OSError(f"cannot listen on {url}: {reason}{hint}") from None


def banner_text(world: World, base_url: str, command: str = "fleet") -> str:
    """The demo banner: the world's logins, passwords and an API key, and commands to try
    (``command`` is how the user runs ``fleet``: ``.venv/bin/fleet`` when not on the PATH)."""
    lines = ["", "Credentials of this world:"]
    with world.lock:
        users = sorted(world.users.values(), key=lambda u: u.id)
        for user in users:
            if user.is_master:
                role = "master user"
            else:
                rights = ", ".join(rights_of(world, user)) or "none"
                role = f"sub-user of {world.users[user.account_id].login} (rights: {rights})"
            lines.append(f"  {user.login} / {user.password}  {role}")
        keys = sorted(world.api_keys.values(), key=lambda k: (k.user_id, k.create_date))
        for key in keys[:3]:
            owner = world.users[key.user_id].login
            lines.append(f"  API key {key.hash}  ({key.title}, of {owner})")
        has_tasks = bool(world.tasks)
        last_event = max((e.time for e in world.events.values()), default=None)
        domains = [d.ui_domain for d in world.dealers.values() if d.settings is not None]
        first_master = next((u for u in users if u.is_master), None)
    login = first_master.login if first_master else "demo"
    domain = domains[0] if domains else "demo.fleet.test"
    lines += [
        "",
        "In another terminal, try:",
        f"  {command} --base-url {base_url} auth login --login {login}",
        f"  {command} --base-url {base_url} key list",
        f"  {command} --base-url {base_url} dealer config --domain {domain}",
    ]
    if has_tasks:
        moving = "(tasks move as the clock runs)"
        lines.append(f"  {command} --base-url {base_url} task list   {moving}")
    if last_event is not None:  # the week of events before the last: well inside a listing
        since = (last_event - dt.timedelta(days=7)).date().isoformat()
        lines.append(f"  {command} --base-url {base_url} event list --from {since}   (events)")
    if keys:
        lines.append(f"  (or set FLEETAPI_API_KEY={keys[0].hash} instead of logging in)")
    lines += ["", "Ctrl-C stops the mock."]
    return "\n".join(lines)


def _is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address or name (reached from this machine alone)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(
    host: str = "127.0.0.1",
    port: int = 8765,
    world: WorldSource = None,
    banner: bool = False,
    *,
    command: str = "fleet",
    rate_limit: int | None = DEFAULT_RATE_LIMIT,
    running_clock: bool = True,
    shutdown_timeout: int = DEFAULT_SHUTDOWN_TIMEOUT,
    log_level: str = "warning",
    out: IO[str] | None = None,
    seed: int | None = None,
    max_worlds: int = 100,
    world_idle: float | None = 3600.0,
    state: Path | None = None,
    save_every: float = 10.0,
    control_token: str | None = None,
    limits: ServerLimits = DEFAULT_LIMITS,
    ready_file: Path | None = None,
    http: str = "auto",
    loop: str = "auto",
) -> None:
    """Serve the mock until Ctrl-C or SIGTERM; print one line when it listens.

    Args:
        host: The address to listen on.
        port: The port (0 picks a free one; the ready line names it).
        world: The world to serve: a path to a JSON world document, a document, a
            :class:`World`, or ``None`` for the demo world.
        banner: Also print the world's credentials and commands to try.
        command: How the banner's commands run ``fleet`` (a path when it is not on the PATH).
        rate_limit: Requests per second per credential (50 like the real service);
            ``None`` or 0 turns it off.
        running_clock: Let the world clock tick from the world's start time.
        shutdown_timeout: Seconds requests in flight may take to finish once Ctrl-C or
            SIGTERM arrived; then the server exits anyway.
        log_level: uvicorn's log level.
        out: Where to print (standard output by default).
        seed: The seed of the world's random source (and of each named world's, with its
            name); by default the document's, else unpredictable.
        max_worlds: How many named worlds (``X-Mock-World``) may exist at once.
        world_idle: Seconds after which an unused named world is forgotten (``None``: never).
        state: A state file: the worlds are restored from it, and saved to it every
            ``save_every`` seconds and on stopping (:mod:`fleetapi_mock.web.statefile`).
        save_every: Seconds between saves of ``state``.
        control_token: The token the control API needs (``Authorization: Bearer TOKEN``);
            without one, binding to an address other than loopback logs a warning (on
            standard error unless logging is set up otherwise).
        limits: What the server takes from its clients: connections, timeouts, the requests
            a busy world may queue.
        ready_file: A file to write the server's URL to (one line) once it answers, and to
            remove when it stops: a CI job waits for it to exist.
        http: The HTTP/1.1 parser (:data:`~fleetapi_mock.state.limits.HTTP_PROTOCOLS`):
            ``auto`` takes httptools when installed, else h11.
        loop: The event loop (:data:`~fleetapi_mock.state.limits.LOOPS`): ``auto`` takes
            uvloop when installed, else asyncio's own.

    Raises:
        OSError: ``host:port`` cannot be listened on (in use, unknown host), in one line.
        StateFileError: ``state`` cannot be used (it is left as it is).
        StackError: ``http`` or ``loop`` names a part that is not installed (or none).
    """
    stream = out if out is not None else sys.stdout
    _check_free(host, port)
    served = served_with(limits, http, loop)
    if control_token is None and not _is_loopback(host):
        logger.warning(
            "fleet mock: warning: serving on %s without --control-token: anyone who can reach "
            "this address can read every world (passwords and live session hashes included), "
            "move its clock, fault it and delete it",
            host,
        )
    mock = FleetMock(world, rate_limit=rate_limit or None, running_clock=running_clock, seed=seed)
    worlds = Worlds(mock.backend, limit=max_worlds, idle_seconds=world_idle, seed=seed)
    keeper = StateKeeper(worlds, state, every=save_every) if state is not None else None
    if keeper is not None:
        restored = keeper.load()
        if restored:
            print(f"fleet mock: restored {restored} world(s) from {state}", file=stream, flush=True)
        keeper.save(force=True)  # the file is writable, and holds the worlds from the start
    mock.backend.freeze()  # this process serves the mock alone
    share_the_interpreter()
    config = uvicorn.Config(
        ForwardedHeaders(create_app(worlds, control_token=control_token, limits=limits)),
        host=host,
        port=port,
        log_level=log_level,
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=shutdown_timeout,
        **served,
    )

    def ready(server: _Server) -> None:
        url = _url(host, server.bound_port())
        print(f"fleet mock: listening on {url}", file=stream, flush=True)
        print(f"fleet mock: dashboard at {url}/__mock__/ui/", file=stream, flush=True)
        if ready_file is not None:
            _write_whole(ready_file, url + "\n")
        if banner:
            print(banner_text(mock.world, url, command), file=stream, flush=True)

    server = _Server(config, ready)
    main = threading.current_thread() is threading.main_thread()
    previous: Any = None
    if main:
        # uvicorn re-raises the signal it caught once it has stopped; SIGTERM is then ignored
        # so that the process ends normally, like after Ctrl-C.
        previous = signal.signal(signal.SIGTERM, _ignore)
    if keeper is not None:
        keeper.start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
        if keeper is not None:
            keeper.stop()
        if ready_file is not None:
            ready_file.unlink(missing_ok=True)
    print("fleet mock: stopped", file=stream, flush=True)


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader never sees it half written."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def _ignore(signum: int, frame: FrameType | None) -> None:
    """A signal handler that does nothing."""


class ThreadedServer:
    """The mock served by uvicorn in a background thread on a free loopback port.

    Examples:
        >>> with ThreadedServer() as server:
        ...     login = {"login": "demo", "password": "demo"}
        ...     httpx.post(server.base_url + "/user/auth", json=login)

    Args:
        mock: The mock to serve (a fresh demo :class:`FleetMock` by default).
        host: The loopback address to bind.
        port: The port; 0 (the default) picks a free one, safe for parallel tests.
        control_token: The token the control API needs (``Authorization: Bearer TOKEN``).
        limits: What the server takes from its clients (:class:`.ServerLimits`); the
            mock's own (its backend's) when not given.
    """

    def __init__(
        self,
        mock: FleetMock | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        control_token: str | None = None,
        limits: ServerLimits | None = None,
    ):
        self.mock: FleetMock = mock if mock is not None else FleetMock()
        self.control_token = control_token
        self.limits = limits if limits is not None else self.mock.backend.limits
        self.worlds: Worlds = Worlds(self.mock.backend)
        """The server's worlds: its own (:attr:`mock`) and the named ones."""
        self.host: str = host
        self.port: int = port
        self.app: Starlette | None = None
        """The ASGI app being served (its ``state`` holds the worlds and the event streams)."""
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None

    @property
    def world(self) -> World:
        """The world being served."""
        return self.mock.world

    @property
    def base_url(self) -> str:
        """``http://HOST:PORT`` of the running server."""
        return _url(self.host, self.port)

    def start(self) -> None:
        """Bind, start serving in a thread and wait until the server listens."""
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = int(sock.getsockname()[1])
        ready = threading.Event()
        self.app = create_app(self.worlds, control_token=self.control_token, limits=self.limits)
        config = uvicorn.Config(
            ForwardedHeaders(self.app),
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=DEFAULT_SHUTDOWN_TIMEOUT,
            **served_with(self.limits),
        )
        server = _Server(config, lambda _: ready.set())
        self._server = server

        def serve() -> None:
            try:
                server.run(sockets=[sock])
            except BaseException as exc:  # reported to the starting thread
                self._failure = exc
            finally:
                sock.close()
                ready.set()

        self._thread = threading.Thread(target=serve, name="fleet-mock-server", daemon=True)
        self._thread.start()
        if not ready.wait(timeout=30) or self._failure is not None or not server.started:
            self.stop()
            raise RuntimeError(f"the mock server did not start: {self._failure!r}")

    def world_server(self, name: str) -> WorldServer:
        """The named world ``name`` of this server, made now if new: its own base URL
        (``/__world/<name>`` after the server's) and a :class:`FleetMock` over it."""
        backend = self.worlds.select("/", {"x-mock-world": name})
        return WorldServer(self, name, FleetMock.serving(backend))

    def stop(self) -> None:
        """Stop serving and wait for the thread to end."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=30)
        self._server = None
        self._thread = None

    def __enter__(self) -> ThreadedServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


class WorldServer:
    """One named world of a :class:`ThreadedServer`, seen as a server of its own: what the
    ``fleet_server`` fixture gives each test.

    Attributes:
        server: The shared server.
        name: The world's name (``X-Mock-World``).
        mock: A :class:`FleetMock` over the world, to move its clock or reset it in-process.
    """

    def __init__(self, server: ThreadedServer, name: str, mock: FleetMock) -> None:
        self.server = server
        self.name = name
        self.mock = mock

    @property
    def base_url(self) -> str:
        """The world's base URL: ``http://HOST:PORT/__world/NAME``."""
        return f"{self.server.base_url}/{PATH_SEGMENT}/{self.name}"

    @property
    def world(self) -> World:
        """The world being served."""
        return self.mock.world

    @property
    def headers(self) -> dict[str, str]:
        """The header naming the world, for clients given the server's own base URL."""
        return {"X-Mock-World": self.name}

    def close(self) -> None:
        """Forget the world on the server."""
        with contextlib.suppress(FleetApiError):  # already gone
            self.server.worlds.delete(self.name)
