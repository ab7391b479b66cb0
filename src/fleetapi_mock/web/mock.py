"""The convenient entry point: :class:`FleetMock`, a world and a backend behind a transport."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from fleetapi._converter import structure_request
from fleetapi._errors import InvalidParametersError
from fleetapi.models.common import LatLng, Location
from fleetapi.models.form import Form
from fleetapi_mock.domain.form.executor import submit_task_form
from fleetapi_mock.domain.position import drive_points, record_positions
from fleetapi_mock.state.bounds import read_json
from fleetapi_mock.state.clock import Clock
from fleetapi_mock.state.documents import demo_source
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World, WorldDocumentError, demo_world
from fleetapi_mock.web.control.client import MockControl
from fleetapi_mock.web.faults import Faults
from fleetapi_mock.web.journal import Journal
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.transport import MockTransport

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
        try:
            document = read_json(Path(source).read_bytes())
        except InvalidParametersError as exc:
            raise WorldDocumentError([(e["parameter"], e["error"]) for e in exc.errors]) from None
        return World.from_document(document)
    return World.from_document(source)


class FleetMock:
    """The mock service in this process: a world, its backend and an httpx transport.

    Examples:
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
        seed: The seed of the world's random source (hashes, keys), now and after each
            reset; by default the document's, else an unpredictable one.
    """

    base_url: str = "http://fleet.localhost"
    """The base URL clients use with :attr:`transport` (the host is never resolved)."""

    def __init__(
        self,
        world: WorldSource = None,
        *,
        rate_limit: int | None = None,
        running_clock: bool = False,
        seed: int | None = None,
    ) -> None:
        loaded = load_world(world)
        if running_clock:
            loaded.clock.run()
        starting = demo_source if world is None else None
        self.backend: Backend = Backend(loaded, rate_limit=rate_limit, starting=starting, seed=seed)
        self.transport: MockTransport = MockTransport(self.backend)

    @classmethod
    def serving(cls, backend: Backend) -> FleetMock:
        """A mock over an existing backend (a named world of a server), to reach and move
        the same world in this process."""
        mock = cls.__new__(cls)
        mock.backend = backend
        mock.transport = MockTransport(backend)
        return mock

    @property
    def world(self) -> World:
        """The world being served."""
        return self.backend.world

    @property
    def clock(self) -> Clock:
        """The world's clock."""
        return self.backend.world.clock

    @functools.cached_property
    def control(self) -> MockControl:
        """The control API of this mock as typed methods, the same as a served mock's
        (:class:`~fleetapi_mock.MockControl`): ``mock.control.set_clock(advance="P1D")``."""
        return MockControl(self.base_url, transport=self.transport)

    @property
    def journal(self) -> Journal:
        """The answered requests, oldest first, and verification against them
        (``mock.journal.assert_called("task/assign", task_id=12)``)."""
        return self.backend.journal

    @property
    def faults(self) -> Faults:
        """The fault rules of the world (``mock.faults.add(path="tracker/list", status=503,
        times=1)``): see :mod:`fleetapi_mock.web.faults`."""
        return self.backend.faults

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Back to the starting world, or load ``document``."""
        self.backend.reset(document)

    def session(self, login: str = "demo") -> str:
        """Open a session for the user ``login`` directly in the world; return its hash."""
        with self.world.lock:
            user = self.world.user_by_login(login)
            if user is None:
                raise KeyError(f"no user {login!r} in the world")
            return self.world.create_session(user, most=self.backend.limits.max_sessions).hash

    def submit_task_form(
        self,
        task_id: int,
        values: Mapping[str, Any],
        *,
        location: Location | None = None,
    ) -> Form:
        """Fill in and submit the form of task ``task_id``, as the executor's app does.

        ``values`` maps field IDs to values (``{"type": "text", "value": "..."}`` or
        :data:`~fleetapi.models.form.FormValue` models). The form is submitted at the world's
        time, where ``location`` says; a task with a form completes only once it is (see the
        task lifecycle). ``POST /__mock__/task_form`` does the same over HTTP.

        Raises:
            KeyError: the task has no form.
            fleetapi.ValidationFailedError: the values are invalid (code 242, per field).
        """
        with self.world.lock:
            return submit_task_form(self.world, task_id, values, location=location)

    def record_positions(
        self, points: Iterable[TrackPointRecord | Mapping[str, Any]]
    ) -> list[TrackPointRecord]:
        """Record track points as if their trackers had sent them; return them.

        Each point is a :class:`~fleetapi_mock.state.records.TrackPointRecord` or a mapping in the
        world document's ``track_points`` shape (``{"tracker_id": 1, "get_time": "2026-01-15
        09:30:00", "lat": 52.5, "lng": 13.4, "speed": 30}``, times UTC). The points join
        ``world.track_points`` and each tracker's current state follows its newest point (see
        :func:`fleetapi_mock.domain.position.record_positions`).

        Raises:
            fleetapi._converter.RequestValidationError: a mapping is not a valid point.
            KeyError: a point names an unknown tracker; nothing is recorded then.
        """
        batch = [
            p if isinstance(p, TrackPointRecord) else structure_request(p, TrackPointRecord)
            for p in points
        ]
        return record_positions(self.world, batch)

    def drive(
        self,
        tracker_id: int,
        waypoints: Sequence[LatLng | tuple[float, float]],
        *,
        start: dt.datetime | None = None,
        speed: int = 40,
        every: dt.timedelta | float = 30,
        start_address: str = "",
        end_address: str = "",
        readings: Mapping[str, float | tuple[float, float]] | None = None,
        advance_clock: bool = True,
    ) -> list[TrackPointRecord]:
        """Drive a tracker along ``waypoints`` at ``speed`` km/h, recording a point every
        ``every`` (seconds or a timedelta), then an arrival standing still; return the points.

        The drive starts at ``start`` (naive UTC; the world's now by default) with the
        odometer where the tracker's last point left it. With ``advance_clock`` the world
        clock moves on to the arrival (when that is later than now), so the trip is in the
        past for track calls and the tracker's state is its arrival. The ignition is on while
        driving; each point reports ``readings`` (a constant, or a ``(first, last)`` pair that
        moves evenly along the drive), which the tracker's sensors read.

        Examples:
            >>> mock.drive(1, [(52.52, 13.405), (52.50, 13.42)], start_address="Alexanderplatz")
            >>> mock.drive(1, [(52.50, 13.42), (52.52, 13.405)], readings={"fuel_level": (60, 58)})
        """
        step = every if isinstance(every, dt.timedelta) else dt.timedelta(seconds=every)
        with self.world.lock:
            if tracker_id not in self.world.trackers:
                raise KeyError(f"no tracker {tracker_id}")
            begin = self.world.now().replace(microsecond=0) if start is None else start
            previous = self.world.points_of(tracker_id)
            points = drive_points(
                tracker_id,
                waypoints,
                start=begin,
                speed=speed,
                every=step,
                mileage=previous[-1].mileage if previous else 0.0,
                start_address=start_address,
                end_address=end_address,
                readings=readings,
            )
            record_positions(self.world, points)
            if advance_clock and points[-1].get_time > self.world.now():
                self.clock.set(points[-1].get_time)
        return points

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
        """A :class:`fleetapi.Client` logged in through ``user/auth`` on the mock.

        A user with a second factor gets in too: the code is read from the sent box, as the
        user would read it (pass ``second_factor`` to answer otherwise).
        """
        from fleetapi import Client

        options.setdefault("second_factor", lambda _sent_by: self._mailed_code(login))
        return Client.login(self.base_url, login, password, transport=self.transport, **options)

    def _mailed_code(self, login: str) -> str:
        """The second-factor code mailed last to ``login`` (what the user types next)."""
        return self.control.mail(to=login, kind="auth_code")[-1].values["code"]

    def async_client(self, api_key: str | None = None, **options: Any) -> AsyncClient:
        """A :class:`fleetapi.AsyncClient` on the mock, with ``api_key`` (or none)."""
        from fleetapi import AsyncClient

        return AsyncClient(
            base_url=self.base_url, api_key=api_key, transport=self.transport, **options
        )

    def __repr__(self) -> str:
        return f"FleetMock({self.world!r})"
