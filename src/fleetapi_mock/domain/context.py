"""What a handler receives and may answer: the request :class:`Context` and the reply shapes.

The handlers and the domain modules they share both work with a ``Context`` (the world, the
caller, the call, time in the caller's zone, ownership lookups); the router builds one per
request. :class:`Reply` adds top-level fields beside a result, :class:`FileReply` answers a
download, :class:`UploadedFile` is one file part of a multipart request.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

import attrs

from fleetapi._converter import format_duration, parse_duration
from fleetapi._endpoint import Endpoint
from fleetapi._errors import (
    EntityNotFoundError,
    FleetApiError,
    InvalidParametersError,
    TimeSpanTooBigError,
)
from fleetapi._formats import format_datetime
from fleetapi_mock.domain.subuser import in_sight
from fleetapi_mock.state.bounds import WORLD_TIME_MAX, WORLD_TIME_MIN
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.state.records import (
    ApiKeyRecord,
    PlaceRecord,
    SessionRecord,
    TrackerRecord,
    UserRecord,
    ZoneRecord,
)
from fleetapi_mock.state.world import Owned, World

__all__ = [
    "DEFAULT_MAX_TIME_SPAN",
    "Context",
    "FileReply",
    "Reply",
    "TimeWriter",
    "UploadedFile",
    "invalid",
    "local_time",
]


def invalid(parameter: str, error: str) -> InvalidParametersError:
    """Code 7 naming one parameter."""
    return InvalidParametersError(errors=[{"parameter": parameter, "error": error}])


DEFAULT_MAX_TIME_SPAN = dt.timedelta(days=90)
"""The longest period of a report-like request when the dealer's platform sets no
``report.max_time_span`` (``NOTES``: P90D)."""

_MEMO_TIMES = 4096
"""The most date/times a context remembers converting (a long answer starts again after)."""

TimeWriter = Callable[[dt.datetime | None], str | None]
"""What writes world date/times as a caller reads them (:meth:`Context.time_writer`)."""

_K = TypeVar("_K", int, str)
_R = TypeVar("_R", bound=Owned)


def local_time(value: dt.datetime, tz: dt.tzinfo, *, iso: bool = False) -> dt.datetime:
    """A world (naive UTC) date/time as wall-clock time in ``tz``, to the second.

    Naive normally; aware (carrying its offset) when ``iso``. :meth:`Context.user_time` is
    this in the caller's time zone; routes without a request context (uploads) use it directly.
    """
    if tz is dt.timezone.utc and not iso:  # most users: the world's own time, to the second
        return value.replace(microsecond=0) if value.microsecond else value
    try:
        local = value.replace(tzinfo=dt.timezone.utc).astimezone(tz)
        if local.microsecond:
            local = local.replace(microsecond=0)
    except OverflowError:  # beyond Python's range in this zone: show the nearest time there is
        edge = dt.datetime.max if value.year > 1 else dt.datetime.min
        local = edge.replace(microsecond=0, tzinfo=tz)
    return local if iso else local.replace(tzinfo=None)


@attrs.frozen(kw_only=True)
class UploadedFile:
    """One file part of a multipart request."""

    field: str
    filename: str
    content_type: str
    data: bytes = attrs.field(repr=lambda d: f"<{len(d)} bytes>")


@attrs.frozen(kw_only=True)
class Reply:
    """A result with extra top-level fields (``count`` beside a ``list``...), or already in
    its JSON form.

    ``extra`` is JSON-ready and is merged into the success body beside the result. With
    ``unstructured``, ``value`` is the converter's JSON form of a result of the call's result
    type, made by a domain piece that keeps it for objects answered again and again (read it,
    never change it).
    """

    value: Any
    extra: Mapping[str, Any] = attrs.Factory(dict)
    unstructured: bool = False


@attrs.frozen(kw_only=True)
class FileReply:
    """A file download answered as raw bytes (``Result.file()`` calls)."""

    content: bytes = attrs.field(repr=lambda d: f"<{len(d)} bytes>")
    content_type: str = "application/octet-stream"
    filename: str | None = None


@attrs.define(kw_only=True)
class Context:
    """Everything a handler may need about the request it answers.

    Attributes:
        world: The world (its lock is held while the handler runs).
        endpoint: The call being answered.
        iso: Whether the caller asked for ISO 8601 date/times.
        credential: The hash the request carried (header, body or query), if any.
        user: The authenticated user; ``None`` for calls without authentication.
        session: The session record when the credential is a session hash.
        api_key: The API key record when the credential is an API key.
        files: File parts of a multipart request, by field name.
        base_url: Where the request came in: scheme, host and the path before
            ``<group>/<action>`` (``http://fleet.localhost/v2``). Addresses the mock hands out
            (uploads, downloads) start with it, so they work in-process and served alike.
        limits: The limits of the server answering (the defaults in-process).
    """

    world: World
    endpoint: Endpoint
    iso: bool = False
    credential: str | None = attrs.field(default=None, repr=False)
    user: UserRecord | None = None
    session: SessionRecord | None = None
    api_key: ApiKeyRecord | None = None
    files: dict[str, UploadedFile] = attrs.Factory(dict)
    base_url: str = "http://fleet.localhost"
    limits: ServerLimits = DEFAULT_LIMITS
    _times: dict[tuple[str, dt.datetime], dt.datetime] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """:meth:`user_time`'s answers so far: a state or a list repeats the same few times."""

    def now(self) -> dt.datetime:
        """The world time (naive UTC)."""
        return self.world.now()

    @contextlib.contextmanager
    def outside_lock(self) -> Iterator[None]:
        """Let other requests in while this one does long work on its own input alone
        (parsing an upload); the world lock is taken back after. Touch nothing of the world
        inside, and check again after what may have changed meanwhile."""
        self.world.lock.release()
        try:
            yield
        finally:
            self.world.lock.acquire()

    @property
    def account(self) -> UserRecord:
        """The master user of the caller's account (the caller itself for a master user)."""
        return self.world.master_of(self.require_user())

    def require_user(self) -> UserRecord:
        """The authenticated user; a programming error for calls without authentication."""
        if self.user is None:
            raise RuntimeError(f"{self.endpoint.path} has no authenticated user")
        return self.user

    def time_zone(self) -> dt.tzinfo:
        """The caller's time zone (UTC without a user)."""
        return zone(self.user.time_zone) if self.user else dt.timezone.utc

    def user_time(self, value: dt.datetime) -> dt.datetime:
        """A world (UTC) date/time as the caller sees it: in their time zone.

        Naive wall-clock time normally; aware (so that it carries its offset) in ISO mode.
        """
        key = (self.user.time_zone if self.user else "UTC", value)
        found = self._times.get(key)
        if found is None:
            if len(self._times) >= _MEMO_TIMES:
                self._times.clear()
            found = self._times[key] = local_time(value, self.time_zone(), iso=self.iso)
        return found

    def optional_user_time(self, value: dt.datetime | None) -> dt.datetime | None:
        """:meth:`user_time` that lets ``None`` through."""
        return None if value is None else self.user_time(value)

    def time_writer(self, *, keep: int = _MEMO_TIMES) -> TimeWriter:
        """A function writing world date/times as the converter writes :meth:`user_time`'s
        answers (``None`` stays ``None``), for objects built straight into their JSON form.

        It remembers what it wrote, ``keep`` date/times at most (it starts again after): a
        batch of states repeats the same few times. It writes in the caller's time zone and
        date/time mode of the moment it is made: keep one no longer than they last.
        """
        tz, iso = self.time_zone(), self.iso
        texts: dict[dt.datetime, str] = {}

        def write(value: dt.datetime | None) -> str | None:
            if value is None:
                return None
            found = texts.get(value)
            if found is None:
                if len(texts) >= keep:
                    texts.clear()
                found = texts[value] = format_datetime(local_time(value, tz, iso=iso), iso=iso)
            return found

        return write

    def world_time(self, value: dt.datetime) -> dt.datetime:
        """A date/time from the request (the caller's time zone unless it has an offset) as
        world time (naive UTC).

        Raises:
            ValueError: outside the times a world holds
                (:data:`~fleetapi_mock.state.bounds.WORLD_TIME_MIN` to ``WORLD_TIME_MAX``).
        """
        if value.tzinfo is None:
            tz = self.time_zone()
            if tz is dt.timezone.utc:  # most users: the world's own time, as it is
                utc = value
            else:
                utc = value.replace(tzinfo=tz).astimezone(dt.timezone.utc).replace(tzinfo=None)
        else:
            utc = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        if not WORLD_TIME_MIN <= utc <= WORLD_TIME_MAX:
            raise ValueError("is out of range")
        return utc

    def request_time(self, value: dt.datetime, parameter: str) -> dt.datetime:
        """:meth:`world_time` of a request's date/time; code 7 naming ``parameter`` when it
        falls outside the date/times the world can hold (year 1 in a zone east of UTC...)."""
        try:
            return self.world_time(value)
        except (OverflowError, ValueError):
            raise InvalidParametersError(
                errors=[{"parameter": parameter, "error": "is out of range"}]
            ) from None

    def max_time_span(self) -> dt.timedelta:
        """The longest period a report-like request may cover: the dealer's platform value
        ``report.max_time_span``, else :data:`DEFAULT_MAX_TIME_SPAN`."""
        value = self.world.platform_value(self.account, "report.max_time_span", None)
        if isinstance(value, str):
            try:
                return parse_duration(value)
            except ValueError:
                pass
        return DEFAULT_MAX_TIME_SPAN

    def request_period(
        self, start: dt.datetime | None, end: dt.datetime | None
    ) -> tuple[dt.datetime | None, dt.datetime | None]:
        """A request's ``from`` and ``to`` (either may be absent) in world time.

        Code 7 naming ``to`` unless it is later than ``from``, 211 when the period is longer
        than :meth:`max_time_span` (its envelope naming it in ``max_time_span``, as the service
        does), 7 for a bound out of range.
        """
        first = None if start is None else self.request_time(start, "from")
        last = None if end is None else self.request_time(end, "to")
        if first is not None and last is not None:
            if last <= first:
                raise InvalidParametersError(
                    errors=[{"parameter": "to", "error": "must be later than from"}]
                )
            limit = self.max_time_span()
            if last - first > limit:
                span = format_duration(limit)
                raise TimeSpanTooBigError(
                    f"the period is longer than {span}", extra={"max_time_span": span}
                )
        return first, last

    def period(self, start: dt.datetime, end: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
        """:meth:`request_period` of a request whose ``from`` and ``to`` are both given."""
        first, last = self.request_period(start, end)
        assert first is not None
        assert last is not None
        return first, last

    def visible_trackers(self) -> list[TrackerRecord]:
        """The trackers the caller may see."""
        return self.world.trackers_visible_to(self.require_user())

    def owned(self, records: Mapping[_K, _R]) -> list[_R]:
        """The records of a world collection (``ctx.world.map_layers``) that belong to the
        caller's account (``user_id``), in key order."""
        return self.world.owned_by(records, self.account.id)

    def owned_get(self, records: Mapping[_K, _R], key: _K) -> _R | None:
        """The record ``key`` of a world collection if it belongs to the caller's account,
        else ``None`` (missing and another account's alike)."""
        return self.world.owned_record(records, self.account.id, key)

    def owned_one(
        self,
        records: Mapping[_K, _R],
        key: _K,
        what: str,
        missing: Callable[[str], FleetApiError] = EntityNotFoundError,
    ) -> _R:
        """The record ``key`` of a world collection if it belongs to the caller's account.

        Raises:
            EntityNotFoundError: (201) it is missing or another account's; ``what`` names
                it in the description (``no map layer 7``). ``missing`` raises another class
                instead (``EntityMissingError``, 204, for a referenced garage).
        """
        record = self.owned_get(records, key)
        if record is None:
            raise missing(f"no {what} {key}")
        return record

    def visible_tracker_ids(self) -> set[int]:
        """The ids of the trackers the caller may see, worked out afresh (keep the answer
        for one loop over many records, not longer)."""
        return {t.id for t in self.world.trackers_visible_to(self.require_user())}

    def visible_tracker(self, tracker_id: int) -> TrackerRecord | None:
        """The tracker ``tracker_id`` if the caller may see it."""
        tracker = self.world.trackers.get(tracker_id)
        if tracker is None:
            return None
        user = self.require_user()
        if self.world.owned_record(self.world.trackers, user.account_id, tracker_id) is None:
            return None
        if not user.is_master and user.trackers is not None and tracker_id not in user.trackers:
            return None
        return tracker

    def visible_zones(self) -> list[ZoneRecord]:
        """The account's zones the caller may see (a sub-user: those bound to it), by ID."""
        sight = in_sight(self.require_user(), "zones")
        zones = self.owned(self.world.zones)
        return zones if sight is None else [z for z in zones if z.id in sight]

    def visible_zone(self, zone_id: int) -> ZoneRecord | None:
        """The zone ``zone_id`` if the caller may see it."""
        sight = in_sight(self.require_user(), "zones")
        found = self.owned_get(self.world.zones, zone_id)
        return found if sight is None or zone_id in sight else None

    def visible_places(self) -> list[PlaceRecord]:
        """The account's places the caller may see (a sub-user: those bound to it), by ID."""
        sight = in_sight(self.require_user(), "places")
        places = self.owned(self.world.places)
        return places if sight is None else [p for p in places if p.id in sight]

    def visible_place(self, place_id: int) -> PlaceRecord | None:
        """The place ``place_id`` if the caller may see it."""
        sight = in_sight(self.require_user(), "places")
        found = self.owned_get(self.world.places, place_id)
        return found if sight is None or place_id in sight else None
