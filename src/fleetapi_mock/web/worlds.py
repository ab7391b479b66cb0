"""Isolated worlds in one server, for suites that share it.

A request carrying ``X-Mock-World: <name>``, or whose path holds ``/__world/<name>/`` before
the call (``/__world/ci-42/tracker/list``, for clients that cannot set headers), is served by
the world ``name``: its own :class:`~fleetapi_mock.web.router.Backend`, so its own state,
clock, id sequences, random source, journal and rate-limit buckets. A world is made on first
use from the server's starting world; resetting, moving the clock or loading a document in
one world leaves the others as they were. Requests naming no world (or ``default``) are served
by the server's own world.

The control routes ``GET /__mock__/worlds`` and ``DELETE /__mock__/worlds/<name>`` list and
forget them (:mod:`fleetapi_mock.web.control`).

Worlds not used for :attr:`Worlds.idle_seconds` are forgotten; at most :attr:`Worlds.limit`
exist besides the default one, and a request that would make one more is refused (code 14,
HTTP 503) until one is deleted or expires.

Seeds: with a seed (the server's ``--seed``, or the starting document's ``seed``), each named
world's random source starts from a seed made of it and the world's name, so that a run is
reproducible and worlds still differ; without one, every world's hashes are unpredictable.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from fleetapi._errors import ServiceUnavailableError, WrongRequestFormatError
from fleetapi_mock.state.world import World
from fleetapi_mock.web.control.handlers import DEFAULT_WORLD, undeletable, world_row
from fleetapi_mock.web.control.models import WorldRow
from fleetapi_mock.web.memory import gauge
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.wire import LowerCaseHeaders

__all__ = ["DEFAULT", "HEADER", "PATH_SEGMENT", "Worlds"]

HEADER: Final = "x-mock-world"
"""The header naming a request's world."""
PATH_SEGMENT: Final = "__world"
"""The path segment before a world's name (``/__world/<name>/...``)."""
DEFAULT: Final = DEFAULT_WORLD
"""The name of the server's own world."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_SWEEP_EVERY = 1.0


@attrs.define
class _Named:
    backend: Backend
    used: float
    requests: int = 0


class Worlds:
    """The worlds one server serves: its own, and named ones made on first use.

    Args:
        main: The server's own world's backend; named worlds start from its starting world
            and take its rate limit and body limit.
        limit: How many named worlds may exist at once.
        idle_seconds: Named worlds unused this long are forgotten (``None``: never).
        seed: The seed named worlds' seeds are made from; by default the starting document's
            ``seed``, if it has one.
        running_clock: Whether a new world's clock runs; by default as the main world's does.
        monotonic: The clock of idleness (seconds).
    """

    def __init__(
        self,
        main: Backend,
        *,
        limit: int = 100,
        idle_seconds: float | None = 3600.0,
        seed: int | None = None,
        running_clock: bool | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.main = main
        self.limit = limit
        self.idle_seconds = idle_seconds
        starting_seed = main.initial_document.get("seed")
        self.seed = seed if seed is not None else starting_seed
        self.running_clock = main.world.clock.running if running_clock is None else running_clock
        self._monotonic = monotonic
        self._named: dict[str, _Named] = {}
        self._lock = threading.Lock()
        self._making: dict[str, threading.Lock] = {}
        """A lock per world being made, held while it is."""
        self._swept = monotonic()

    def find(self, path: str, headers: Mapping[str, str]) -> Backend | None:
        """The backend serving a request to ``path`` with ``headers`` (any case), or ``None``
        when it names a world not made yet (quick: an event loop may ask).

        Raises:
            WrongRequestFormatError: An invalid world name, or two names that differ.
        """
        name = _name_of(path, headers)
        if name is None or name == DEFAULT:
            return self.main
        now = self._monotonic()
        with self._lock:
            self._sweep(now)
            named = self._named.get(name)
            if named is None:
                return None
            named.used = now
            named.requests += 1
            return named.backend

    def select(self, path: str, headers: Mapping[str, str]) -> Backend:
        """The backend serving a request to ``path`` with ``headers`` (any case), making its
        world from the starting document on first use. Making one takes as long as loading
        that document: a served mock calls this off its event loop when :meth:`find` has
        answered ``None``, and the world is made without holding the other worlds' lookups.

        Raises:
            WrongRequestFormatError: An invalid world name, or two names that differ.
            ServiceUnavailableError: One world too many, or the server's memory budget spent
                (code 14, HTTP 503).
        """
        found = self.find(path, headers)
        if found is not None:
            return found
        name = _name_of(path, headers)
        assert name is not None  # find answers the main world for a request naming none
        with self._lock:
            maker = self._making.setdefault(name, threading.Lock())
        try:
            with maker:  # the first requests naming a new world at once make it once
                found = self.find(path, headers)
                if found is not None:
                    return found
                self._refuse_one_more()
                made = self._new_world(name)
                now = self._monotonic()
                with self._lock:
                    self._refuse_one_more()  # others may have been made meanwhile
                    named = self._named[name] = _Named(made, now, requests=1)
                    return named.backend
        finally:
            with self._lock:
                self._making.pop(name, None)

    def _refuse_one_more(self) -> None:
        """Refuse a new world past :attr:`limit` or the server's memory budget (exact when
        the caller holds the lock)."""
        if len(self._named) >= self.limit:
            raise ServiceUnavailableError(
                f"mock: at most {self.limit} worlds at once; delete one "
                "(DELETE /__mock__/worlds/NAME) or let it expire"
            )
        gauge.check_new_world(self.main.limits.max_memory_bytes)

    def backends(self) -> list[tuple[str, Backend]]:
        """Every world's backend by name, the default world's first."""
        with self._lock:
            named = sorted((name, w.backend) for name, w in self._named.items())
        return [(DEFAULT, self.main), *named]

    def name_of(self, backend: Backend) -> str:
        """The name of the world ``backend`` serves (the default world's for one it does not
        serve)."""
        with self._lock:
            named = self._named.items()
            return next((name for name, w in named if w.backend is backend), DEFAULT)

    @staticmethod
    def is_name(name: str) -> bool:
        """Whether ``name`` may name a world (1 to 64 letters, digits, ``.``, ``_`` or ``-``,
        starting with a letter or digit)."""
        return bool(_NAME.fullmatch(name))

    def adopt(self, name: str, world: World) -> Backend:
        """Serve ``world`` as the named world ``name`` (one restored from a state file),
        replacing a world of that name."""
        if name == DEFAULT or not self.is_name(name):
            raise WrongRequestFormatError(f"invalid world name {name[:80]!r}")
        backend = self._new_world(name, world)
        with self._lock:
            self._named[name] = _Named(backend, self._monotonic())
        return backend

    def _new_world(self, name: str, world: World | None = None) -> Backend:
        if world is None:
            world = World.from_document(self.main.initial_document)
        if self.running_clock:
            world.clock.run()
        seed = None if self.seed is None else _derived_seed(self.seed, name)
        backend = Backend(
            world,
            rate_limit=self.main.rate_limit,
            starting=lambda: self.main.initial_document,
            seed=seed,
        )
        backend.address = f"/{PATH_SEGMENT}/{name}"
        backend.limits = self.main.limits
        return backend

    def _sweep(self, now: float) -> None:
        """Forget the worlds idle too long (at most once a second; the lock is held)."""
        if self.idle_seconds is None or now - self._swept < _SWEEP_EVERY:
            return
        self._swept = now
        for name in [n for n, w in self._named.items() if now - w.used > self.idle_seconds]:
            del self._named[name]

    def describe(self) -> list[WorldRow]:
        """Each world: name, world time, seconds idle, requests served."""
        now = self._monotonic()
        with self._lock:
            self._sweep(now)
            named = sorted(self._named.items())
        rows = [world_row(DEFAULT, self.main)]
        rows += [
            world_row(name, w.backend, round(now - w.used, 3), w.requests) for name, w in named
        ]
        return rows

    def delete(self, name: str) -> None:
        """Forget the world ``name``.

        Raises:
            WrongRequestFormatError: The default world, or no world of that name.
        """
        if name == DEFAULT:
            raise undeletable(name)
        with self._lock:
            if self._named.pop(name, None) is None:
                raise undeletable(name)

    def __len__(self) -> int:
        return len(self._named)


def _name_of(path: str, headers: Mapping[str, str]) -> str | None:
    """The world a request names, checked; ``None`` when it names none."""
    header = headers.get(HEADER)
    if header is None and not isinstance(headers, LowerCaseHeaders):
        header = next((v for k, v in headers.items() if k.lower() == HEADER), None)
    from_path = None
    if PATH_SEGMENT in path:
        segments = path.split("/")
        if PATH_SEGMENT in segments:
            at = segments.index(PATH_SEGMENT)
            from_path = segments[at + 1] if at + 1 < len(segments) else ""
    for given in (header, from_path):
        if given is not None and not _NAME.fullmatch(given):
            raise WrongRequestFormatError(
                f"invalid world name {given[:80]!r}: 1 to 64 letters, digits, '.', '_' or '-', "
                "starting with a letter or digit"
            )
    if header is not None and from_path is not None and header != from_path:
        raise WrongRequestFormatError(
            f"two worlds named: {header!r} (X-Mock-World) and {from_path!r} (path)"
        )
    return header if header is not None else from_path


def _derived_seed(seed: int, name: str) -> int:
    """A world's seed made of the server's and the world's name."""
    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
