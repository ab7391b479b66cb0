"""The convenient entry point: :class:`FleetMock`, a world and a backend behind a transport."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from fleetapi_mock.router import Backend, JournalEntry
from fleetapi_mock.transport import MockTransport
from fleetapi_mock.world import Clock, World, demo_world

if TYPE_CHECKING:
    from fleetapi import AsyncClient, Client

__all__ = ["DEMO_API_KEY", "FleetMock", "WorldSource", "load_world"]

DEMO_API_KEY: Final = "f1ee7de0f1ee7de0f1ee7de0f1ee7de0"
"""The ready API key of the demo world (master user ``demo``)."""

WorldSource = World | Mapping[str, Any] | str | Path | None
"""A world, a world document, the path of a JSON world document, or ``None`` for the demo."""


def load_world(source: WorldSource = None) -> World:
    """The world ``source`` names (a fresh demo world for ``None``).

    Raises:
        WorldDocumentError: the document is invalid.
        OSError: the file cannot be read.
        ValueError: the file is not JSON.
    """
    if source is None:
        return demo_world()
    if isinstance(source, World):
        return source
    if isinstance(source, (str, Path)):
        document = json.loads(Path(source).read_text(encoding="utf-8"))
        return World.from_document(document)
    return World.from_document(source)


class FleetMock:
    """The mock service in this process: a world, its backend and an httpx transport.

    >>> mock = FleetMock()
    >>> client = mock.login("demo", "demo")          # a fleetapi.Client on the mock
    >>> client.trackers.list()
    >>> mock.clock.advance(3600)                     # an hour later
    >>> mock.reset()                                 # back to the starting world

    Args:
        world: The world (see :data:`WorldSource`); the demo world by default.
        rate_limit: Requests per second per credential; off (``None``) by default here, as
            the in-process clock is frozen.
        running_clock: Let the world clock move with the machine's clock.
    """

    base_url: str = "http://fleet.mock"
    """The base URL clients use with :attr:`transport` (the host is never resolved)."""

    def __init__(
        self,
        world: WorldSource = None,
        *,
        rate_limit: int | None = None,
        running_clock: bool = False,
    ) -> None:
        loaded = load_world(world)
        if running_clock:
            loaded.clock.run()
        self.backend = Backend(loaded, rate_limit=rate_limit)
        self.transport = MockTransport(self.backend)

    @property
    def world(self) -> World:
        """The world being served."""
        return self.backend.world

    @property
    def clock(self) -> Clock:
        """The world's clock."""
        return self.backend.world.clock

    @property
    def journal(self) -> list[JournalEntry]:
        """The answered requests, oldest first."""
        return list(self.backend.journal)

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Back to the starting world, or load ``document``."""
        self.backend.reset(document)

    def session(self, login: str = "demo") -> str:
        """Open a session for the user ``login`` directly in the world; return its hash."""
        with self.world.lock:
            user = self.world.user_by_login(login)
            if user is None:
                raise KeyError(f"no user {login!r} in the world")
            return self.world.create_session(user).hash

    def client(self, api_key: str | None = None, **options: Any) -> Client:
        """A :class:`fleetapi.Client` on the mock, with ``api_key`` (or no credential)."""
        from fleetapi import Client

        return Client(base_url=self.base_url, api_key=api_key, transport=self.transport, **options)

    def login(
        self,
        login: str = "demo",
        password: str = "demo",  # noqa: S107  (the demo world's password)
        **options: Any,
    ) -> Client:
        """A :class:`fleetapi.Client` logged in through ``user/auth`` on the mock."""
        from fleetapi import Client

        return Client.login(self.base_url, login, password, transport=self.transport, **options)

    def async_client(self, api_key: str | None = None, **options: Any) -> AsyncClient:
        """A :class:`fleetapi.AsyncClient` on the mock, with ``api_key`` (or none)."""
        from fleetapi import AsyncClient

        return AsyncClient(
            base_url=self.base_url, api_key=api_key, transport=self.transport, **options
        )

    def __repr__(self) -> str:
        return f"FleetMock({self.world!r})"
