"""The mock's state: an explicit :class:`World` with its :class:`Clock`, ids and random source.

Everything the mock knows lives in one ``World``: users, sessions, API keys, trackers,
employees and the rest (see :mod:`fleetapi_mock.state.records`), a settable clock, id sequences, a
seeded random source and one re-entrant lock. Time always comes from the world's clock, never
from the machine's: tests freeze and move it at will.

A world is loaded from and saved to a JSON *world document* (``docs/world-format.md``,
``docs/world.schema.json``)::

    world = World.from_document(json.loads(Path("world.json").read_text()))
    document = world.to_document()
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
import threading
import time
import zoneinfo
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol, TypeVar

from fleetapi._converter import (
    RequestValidationError,
    converter_for,
    format_datetime,
    parse_datetime,
    structure_request,
)
from fleetapi.models.checkin import Checkin
from fleetapi.models.geocoder import GeocodedLocation
from fleetapi.models.retranslator import RetranslatorProtocol
from fleetapi.models.task import Route, Task
from fleetapi_mock.state.bounds import CLOCK_MAX, CLOCK_MIN, in_clock_range, json_problem
from fleetapi_mock.state.records import (
    ApiKeyRecord,
    BillRecord,
    DataFileRecord,
    DealerRecord,
    DepartmentRecord,
    EmployeeRecord,
    FileRecord,
    FormRecord,
    FormTemplateRecord,
    GarageRecord,
    GeoLinkRecord,
    ImportProcessRecord,
    MapLayerRecord,
    PlaceRecord,
    RetranslatorRecord,
    ServiceTaskRecord,
    SessionRecord,
    SubscriptionRecord,
    TagRecord,
    TariffRecord,
    TrackerRecord,
    TrackPointRecord,
    UserRecord,
    VehicleRecord,
    ZoneRecord,
    convert,
)

__all__ = [
    "COLLECTIONS",
    "DOCUMENT_FORMAT",
    "Clock",
    "IdSequences",
    "Owned",
    "World",
    "WorldDocumentError",
    "demo_document",
    "demo_world",
    "track_point_order",
    "zone",
]

DOCUMENT_FORMAT: Final = "fleetapi-mock-world/1"
"""The ``format`` value of the world documents this version reads and writes."""

SESSION_LIFETIME: Final = dt.timedelta(days=30)
"""A session hash ends after this long without use."""

DEFAULT_START: Final = dt.datetime(2026, 1, 15, 9, 0, 0)

COLLECTIONS: Final[dict[str, tuple[type[Any], str | None]]] = {
    "dealers": (DealerRecord, "id"),
    "tariffs": (TariffRecord, "id"),
    "users": (UserRecord, "id"),
    "sessions": (SessionRecord, "hash"),
    "api_keys": (ApiKeyRecord, "hash"),
    "trackers": (TrackerRecord, "id"),
    "employees": (EmployeeRecord, "id"),
    "departments": (DepartmentRecord, "id"),
    "garages": (GarageRecord, "id"),
    "vehicles": (VehicleRecord, "id"),
    "service_tasks": (ServiceTaskRecord, "id"),
    "zones": (ZoneRecord, "id"),
    "places": (PlaceRecord, "id"),
    "tags": (TagRecord, "id"),
    "form_templates": (FormTemplateRecord, "id"),
    "forms": (FormRecord, "id"),
    "checkins": (Checkin, "id"),
    "files": (FileRecord, "id"),
    "track_points": (TrackPointRecord, None),
    "data_files": (DataFileRecord, "id"),
    "import_processes": (ImportProcessRecord, "id"),
    "tasks": (Task, "id"),
    "routes": (Route, "id"),
    "bills": (BillRecord, "order_id"),
    "subscriptions": (SubscriptionRecord, "reference"),
    "geo_links": (GeoLinkRecord, "id"),
    "retranslator_protocols": (RetranslatorProtocol, "id"),
    "retranslators": (RetranslatorRecord, "id"),
    "map_layers": (MapLayerRecord, "id"),
    "gazetteer": (GeocodedLocation, None),
}
"""Every collection of a world document: its record class and key attribute.

A keyed collection is a ``dict`` on the world (key to record); an unkeyed one is a ``list``.
Integer keys also drive the id sequence of the same name.
"""


class Owned(Protocol):
    """A record with its owning account (a master user's id) beside it."""

    @property
    def user_id(self) -> int:
        """The id of the owning account."""
        ...


_K = TypeVar("_K", int, str)
_R = TypeVar("_R", bound=Owned)


class WorldDocumentError(ValueError):
    """A world document that cannot be loaded; ``errors`` lists each problem by its path."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{path}: {error}" for path, error in errors))


@cache
def zone(name: str) -> dt.tzinfo:
    """The time zone called ``name`` (IANA); ``KeyError`` when it is unknown."""
    if name.upper() == "UTC":
        return dt.timezone.utc
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise KeyError(name) from None


class Clock:
    """The world's time: frozen (tests) or running (a served mock), always settable.

    A frozen clock stands still until :meth:`set` or :meth:`advance` moves it. A running clock
    moves with the machine's monotonic clock from the time it was last set, so a served mock
    starts at the world's fixed start time and then ticks. Times are naive UTC date/times
    between :data:`~fleetapi_mock.state.bounds.CLOCK_MIN` and
    :data:`~fleetapi_mock.state.bounds.CLOCK_MAX`; a running clock stops at the latter.
    """

    def __init__(self, now: dt.datetime = DEFAULT_START, *, running: bool = False) -> None:
        self._lock = threading.Lock()
        self._base = _clock_time(now)
        self._anchor = time.monotonic()
        self._running = running

    def now(self) -> dt.datetime:
        """The current world time (naive UTC)."""
        with self._lock:
            return self._now_unlocked()

    @property
    def running(self) -> bool:
        """Whether the clock moves by itself."""
        return self._running

    def set(self, now: dt.datetime) -> None:
        """Jump to ``now`` (naive UTC, or aware in any zone).

        Raises:
            ValueError: ``now`` is outside the clock's range.
        """
        value = _clock_time(now)
        with self._lock:
            self._base = value
            self._anchor = time.monotonic()

    def advance(self, delta: dt.timedelta | float) -> dt.datetime:
        """Move forward by ``delta`` (a timedelta or seconds) and return the new time.

        Raises:
            ValueError: the new time is outside the clock's range (the clock stays put).
        """
        step = delta if isinstance(delta, dt.timedelta) else dt.timedelta(seconds=delta)
        with self._lock:
            try:
                moved = self._now_unlocked() + step
            except OverflowError:
                raise ValueError("moves the clock out of range") from None
            self._base = _clock_time(moved)
            self._anchor = time.monotonic()
            return self._base

    def freeze(self) -> None:
        """Stop the clock at the current time."""
        with self._lock:
            self._base = self._now_unlocked()
            self._anchor = time.monotonic()
            self._running = False

    def run(self) -> None:
        """Let the clock move with the machine's clock from the current time."""
        with self._lock:
            self._base = self._now_unlocked()
            self._anchor = time.monotonic()
            self._running = True

    def _now_unlocked(self) -> dt.datetime:
        if not self._running:
            return self._base
        elapsed = dt.timedelta(seconds=time.monotonic() - self._anchor)
        return self._base + min(elapsed, CLOCK_MAX - self._base)

    def __repr__(self) -> str:
        mode = "running" if self._running else "frozen"
        return f"Clock({format_datetime(self.now())}, {mode})"


def _clock_time(value: dt.datetime) -> dt.datetime:
    """``value`` as naive UTC, refused outside the clock's range."""
    if not in_clock_range(value):
        raise ValueError(
            f"the clock stays between {format_datetime(CLOCK_MIN)} and {format_datetime(CLOCK_MAX)}"
        )
    return _naive_utc(value)


def _naive_utc(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is not None:
        value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return value


class IdSequences:
    """Id sequences by name (``trackers``, ``users``...): each hands out increasing ids."""

    def __init__(self, start: Mapping[str, int] | None = None) -> None:
        self._next: dict[str, int] = dict(start or {})

    def next(self, name: str) -> int:
        """The next id of ``name`` (1 for a sequence never used)."""
        value = self._next.get(name, 1)
        self._next[name] = value + 1
        return value

    def ensure_above(self, name: str, used: int) -> None:
        """Make sure the next id of ``name`` is greater than ``used``."""
        if self._next.get(name, 1) <= used:
            self._next[name] = used + 1

    def snapshot(self) -> dict[str, int]:
        """The next id of every sequence."""
        return dict(sorted(self._next.items()))


class World:
    """All the mock's state, behind one re-entrant lock.

    Attributes:
        lock: Held by the router around every request; hold it when touching the world
            from elsewhere (tests, the control API).
        clock: The world's :class:`Clock`.
        random: A :class:`random.Random` seeded from the document's ``seed``.
        ids: The :class:`IdSequences`.
        track_points: Recorded points, ordered by tracker, then by ``get_time`` (points of
            the same time keep their arrival order); :func:`track_point_order` is the key.
        tasks: Tasks and route checkpoints (the API's :class:`~fleetapi.models.task.Task`,
            date/times in UTC), by id.
        routes: Routes (:class:`~fleetapi.models.task.Route`), by id, sharing the id
            sequence ``tasks``.

    Every collection of :data:`COLLECTIONS` is an attribute of the same name: a ``dict`` from
    key to record for keyed collections (records by ``id``; ``sessions`` and ``api_keys`` by
    hash, ``data_files`` by file id, ``bills`` by ``order_id``, ``subscriptions`` by
    ``reference``), a ``list`` for the others (``track_points``, ``gazetteer``). Entities the
    API creates and returns (``checkins``, ``tasks``, ``routes``, ``retranslator_protocols``)
    are stored as the shared API models; the rest as the records of
    :mod:`fleetapi_mock.state.records`.
    ``docs/world-format.md`` describes each collection's fields.
    """

    dealers: dict[int, DealerRecord]
    tariffs: dict[int, TariffRecord]
    users: dict[int, UserRecord]
    sessions: dict[str, SessionRecord]
    api_keys: dict[str, ApiKeyRecord]
    trackers: dict[int, TrackerRecord]
    employees: dict[int, EmployeeRecord]
    departments: dict[int, DepartmentRecord]
    garages: dict[int, GarageRecord]
    vehicles: dict[int, VehicleRecord]
    service_tasks: dict[int, ServiceTaskRecord]
    zones: dict[int, ZoneRecord]
    places: dict[int, PlaceRecord]
    tags: dict[int, TagRecord]
    form_templates: dict[int, FormTemplateRecord]
    forms: dict[int, FormRecord]
    checkins: dict[int, Checkin]
    files: dict[int, FileRecord]
    track_points: list[TrackPointRecord]
    data_files: dict[str, DataFileRecord]
    import_processes: dict[int, ImportProcessRecord]
    tasks: dict[int, Task]
    routes: dict[int, Route]
    bills: dict[int, BillRecord]
    subscriptions: dict[str, SubscriptionRecord]
    geo_links: dict[int, GeoLinkRecord]
    retranslator_protocols: dict[int, RetranslatorProtocol]
    retranslators: dict[int, RetranslatorRecord]
    map_layers: dict[int, MapLayerRecord]
    gazetteer: list[GeocodedLocation]

    def __init__(self, *, now: dt.datetime = DEFAULT_START, seed: int = 0) -> None:
        self.lock = threading.RLock()
        self.clock = Clock(now)
        self.seed = seed
        self.random = random.Random(seed)
        self.ids = IdSequences()
        self.description = ""
        for name, (_, key) in COLLECTIONS.items():
            setattr(self, name, {} if key else [])

    # --- Documents ------------------------------------------------------------------------

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> World:
        """Build a world from a world document (a dict parsed from JSON).

        Raises:
            WorldDocumentError: the document does not fit the format; every problem is listed
                with its path (``trackers[2].tariff_id``).
        """
        world = cls()
        world._load(document)
        return world

    def to_document(self) -> dict[str, Any]:
        """The world as a world document (JSON-ready), ids and clock included."""
        conv = converter_for(strict=True)
        with self.lock:
            document: dict[str, Any] = {"format": DOCUMENT_FORMAT}
            if self.description:
                document["description"] = self.description
            document["now"] = format_datetime(self.clock.now().replace(microsecond=0))
            document["seed"] = self.seed
            document["sequences"] = self.ids.snapshot()
            for name, (record_type, key) in COLLECTIONS.items():
                records = getattr(self, name)
                items = records.values() if key else records
                document[name] = [conv.unstructure(r, unstructure_as=record_type) for r in items]
            return document

    def restore(self, document: Mapping[str, Any]) -> None:
        """Replace the whole state with ``document``, in place (references stay valid).

        The world is unchanged when the document is invalid.
        """
        fresh = World.from_document(document)
        with self.lock:
            running = self.clock.running
            self.__dict__.update(
                {k: v for k, v in fresh.__dict__.items() if k not in ("lock", "clock")}
            )
            self.clock.set(fresh.clock.now())
            if running:
                self.clock.run()

    def copy(self) -> World:
        """An independent copy of the world (through its document)."""
        return World.from_document(self.to_document())

    def _load(self, document: Mapping[str, Any]) -> None:
        if not isinstance(document, Mapping):
            raise WorldDocumentError([("$", "a world document is a JSON object")])
        where, problem = json_problem(dict(document))
        if problem:
            raise WorldDocumentError([(where, problem)])
        errors: list[tuple[str, str]] = []
        known = {"format", "description", "now", "seed", "sequences", *COLLECTIONS}
        for extra in sorted(set(document) - known):
            errors.append((extra, "unknown key"))
        fmt = document.get("format", DOCUMENT_FORMAT)
        if fmt != DOCUMENT_FORMAT:
            errors.append(("format", f"must be {DOCUMENT_FORMAT!r}"))
        description = document.get("description", "")
        if not isinstance(description, str):
            errors.append(("description", "must be a string"))
        else:
            self.description = description
        now = document.get("now")
        if now is not None:
            try:
                if not isinstance(now, str):
                    raise ValueError("must be a date/time string")
                self.clock.set(parse_datetime(now))
            except ValueError as exc:
                errors.append(("now", str(exc)))
        seed = document.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            errors.append(("seed", "must be an integer"))
        else:
            self.seed = seed
            self.random = random.Random(seed)
        sequences = document.get("sequences", {})
        if not isinstance(sequences, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in sequences.values()
        ):
            errors.append(("sequences", "must be an object of integers"))
        else:
            self.ids = IdSequences(sequences)
        conv = converter_for(strict=True)
        for name, (record_type, key) in COLLECTIONS.items():
            raw = document.get(name, [])
            if not isinstance(raw, list):
                errors.append((name, "must be an array"))
                continue
            loaded: list[Any] = []
            for index, item in enumerate(raw):
                where = f"{name}[{index}]"
                try:
                    record = structure_request(item, record_type)
                except RequestValidationError as exc:
                    errors.extend(
                        (f"{where}.{e.parameter}" if e.parameter != "body" else where, e.error)
                        for e in exc.errors
                    )
                    continue
                errors.extend(
                    (f"{where}.{path}", "unknown key")
                    for path in _unknown_keys(item, conv.unstructure(record))
                )
                loaded.append(record)
            if key is None:
                if record_type is TrackPointRecord:
                    loaded.sort(key=track_point_order)
                setattr(self, name, loaded)
                continue
            by_key: dict[Any, Any] = {}
            for index, record in enumerate(loaded):
                value = getattr(record, key)
                if value in by_key:
                    errors.append((f"{name}[{index}].{key}", f"duplicate {key} {value!r}"))
                by_key[value] = record
                if isinstance(value, int):
                    self.ids.ensure_above(name, value)
            setattr(self, name, by_key)
        for route_id in getattr(self, "routes", {}):
            if isinstance(route_id, int):
                self.ids.ensure_above("tasks", route_id)
        if not errors:
            errors.extend(self._check_references())
        if errors:
            raise WorldDocumentError(errors)

    def _check_references(self) -> Iterator[tuple[str, str]]:
        logins: set[str] = set()
        for user in self.users.values():
            where = f"users[id={user.id}]"
            if user.login.lower() in logins:
                yield f"{where}.login", f"duplicate login {user.login!r}"
            logins.add(user.login.lower())
            if user.dealer_id not in self.dealers:
                yield f"{where}.dealer_id", f"no dealer {user.dealer_id}"
            if user.master_id is not None:
                master = self.users.get(user.master_id)
                if master is None or not master.is_master:
                    yield f"{where}.master_id", f"no master user {user.master_id}"
            try:
                zone(user.time_zone)
            except KeyError:
                yield f"{where}.time_zone", f"unknown time zone {user.time_zone!r}"
        for session in self.sessions.values():
            if session.user_id not in self.users:
                yield "sessions", f"a session of unknown user {session.user_id}"
            if len(session.hash) != 32:
                yield "sessions", "a session hash is not 32 characters"
        for key in self.api_keys.values():
            owner = self.users.get(key.user_id)
            if owner is None or not owner.is_master:
                yield "api_keys", f"an API key of unknown master user {key.user_id}"
            if len(key.hash) != 32:
                yield "api_keys", "an API key is not 32 characters"
        clash = set(self.sessions) & set(self.api_keys)
        if clash:
            yield "api_keys", "a hash is both a session and an API key"
        for tracker in self.trackers.values():
            where = f"trackers[id={tracker.id}]"
            if tracker.user_id not in self.users or not self.users[tracker.user_id].is_master:
                yield f"{where}.user_id", f"no master user {tracker.user_id}"
            if tracker.tariff_id not in self.tariffs:
                yield f"{where}.tariff_id", f"no tariff {tracker.tariff_id}"
        for employee in self.employees.values():
            where = f"employees[id={employee.id}]"
            yield from self._tracker_of(where, employee.user_id, employee.tracker_id)
            if employee.department_id is not None and employee.department_id not in (
                self.departments
            ):
                yield f"{where}.department_id", f"no department {employee.department_id}"
        for point in self.track_points:
            if point.tracker_id not in self.trackers:
                yield "track_points", f"a point of unknown tracker {point.tracker_id}"
        owned: list[tuple[str, Any]] = [
            *((f"data_files[id={f.id}]", f) for f in self.data_files.values()),
            *((f"import_processes[id={p.id}]", p) for p in self.import_processes.values()),
            *((f"bills[order_id={b.order_id}]", b) for b in self.bills.values()),
            *((f"subscriptions[reference={s.reference}]", s) for s in self.subscriptions.values()),
            *((f"geo_links[id={r.id}]", r) for r in self.geo_links.values()),
            *((f"retranslators[id={r.id}]", r) for r in self.retranslators.values()),
            *((f"map_layers[id={r.id}]", r) for r in self.map_layers.values()),
            *((f"departments[id={d.id}]", d) for d in self.departments.values()),
            *((f"garages[id={g.id}]", g) for g in self.garages.values()),
            *((f"vehicles[id={v.id}]", v) for v in self.vehicles.values()),
            *((f"employees[id={e.id}]", e) for e in self.employees.values()),
            *((f"zones[id={z.id}]", z) for z in self.zones.values()),
            *((f"places[id={p.id}]", p) for p in self.places.values()),
            *((f"tags[id={t.id}]", t) for t in self.tags.values()),
            *((f"forms[id={f.id}]", f) for f in self.forms.values()),
            *((f"tasks[id={t.id}]", t) for t in self.tasks.values()),
            *((f"routes[id={r.id}]", r) for r in self.routes.values()),
        ]
        for where, record in owned:
            owner = self.users.get(record.user_id)
            if owner is None or not owner.is_master:
                yield f"{where}.user_id", f"no master user {record.user_id}"
        yield from self._check_sharing_references()
        yield from self._check_tasks()
        yield from self._check_form_and_file_references()
        yield from self._check_fleet_references()

    @staticmethod
    def belongs(record: Owned, account: int) -> bool:
        """Whether ``record`` belongs to the account ``account`` (a master user's id).

        The one rule of ownership of the mock: :meth:`owned_by`, :meth:`owned_record`,
        :meth:`Context.owned <fleetapi_mock.domain.context.Context.owned>` and every lookup without
        a request context go through it.
        """
        return record.user_id == account

    @classmethod
    def owned_by(cls, records: Mapping[_K, _R], account: int) -> list[_R]:
        """The records of a collection (``world.places``) that belong to the account
        ``account``, in key order."""
        return [records[k] for k in sorted(records) if cls.belongs(records[k], account)]

    @classmethod
    def owned_record(cls, records: Mapping[_K, _R], account: int, key: _K) -> _R | None:
        """The record ``key`` of a collection if it belongs to the account ``account``,
        else ``None`` (missing and another account's alike)."""
        record = records.get(key)
        return record if record is not None and cls.belongs(record, account) else None

    def _owns(self, account: int, records: Mapping[int, Any], key: int) -> bool:
        """Whether ``records`` holds ``key`` and it belongs to the master user ``account``."""
        return self.owned_record(records, account, key) is not None

    def _tracker_of(
        self, where: str, owner: int, tracker_id: int | None
    ) -> Iterator[tuple[str, str]]:
        """The fault of ``where.tracker_id`` unless it is null or a tracker of ``owner``."""
        if tracker_id is not None and not self._owns(owner, self.trackers, tracker_id):
            yield f"{where}.tracker_id", f"no tracker {tracker_id} of the owner"

    def _check_form_and_file_references(self) -> Iterator[tuple[str, str]]:
        for template in self.form_templates.values():
            if template.user_id not in self.users:
                yield f"form_templates[id={template.id}].user_id", f"no user {template.user_id}"
        for record in self.forms.values():
            yield from self._tracker_of(f"forms[id={record.id}]", record.user_id, record.tracker_id)
        for checkin in self.checkins.values():
            where = f"checkins[id={checkin.id}]"
            yield from self._tracker_of(where, checkin.user_id, checkin.tracker_id)
            if checkin.files:
                yield f"{where}.files", "must be empty: files name their check-in (checkin_id)"
            if checkin.form_id is not None and checkin.form_id not in self.forms:
                yield f"{where}.form_id", f"no form {checkin.form_id}"
            employee = checkin.employee_id
            if isinstance(employee, int) and not self._owns(
                checkin.user_id, self.employees, employee
            ):
                yield f"{where}.employee_id", f"no employee {employee} of the user"
        for stored in self.files.values():
            where = f"files[id={stored.id}]"
            if stored.file.user_id not in self.users:
                yield f"{where}.file.user_id", f"no user {stored.file.user_id}"
            if stored.form_id is not None and stored.form_id not in self.forms:
                yield f"{where}.form_id", f"no form {stored.form_id}"
            if stored.checkin_id is not None and stored.checkin_id not in self.checkins:
                yield f"{where}.checkin_id", f"no check-in {stored.checkin_id}"

    def _check_tasks(self) -> Iterator[tuple[str, str]]:
        entities: list[tuple[str, Task | Route]] = [
            *((f"tasks[id={t.id}]", t) for t in self.tasks.values()),
            *((f"routes[id={r.id}]", r) for r in self.routes.values()),
        ]
        for where, entity in entities:
            yield from self._tracker_of(where, entity.user_id, entity.tracker_id)
        for route in self.routes.values():
            where = f"routes[id={route.id}]"
            if route.id in self.tasks:
                yield f"{where}.id", f"id {route.id} is also a task's"
            for checkpoint_id in route.checkpoint_ids:
                checkpoint = self.tasks.get(checkpoint_id)
                if checkpoint is None or checkpoint.parent_id != route.id:
                    yield f"{where}.checkpoint_ids", f"{checkpoint_id} is not its checkpoint"
        for task in self.tasks.values():
            if task.parent_id is not None and task.parent_id not in self.routes:
                yield f"tasks[id={task.id}].parent_id", f"no route {task.parent_id}"
        for record in self.forms.values():
            if record.form.task_id is not None and record.form.task_id not in self.tasks:
                yield f"forms[id={record.id}].form.task_id", f"no task {record.form.task_id}"

    def _check_sharing_references(self) -> Iterator[tuple[str, str]]:
        """Geo links' creators and unique hashes; retranslators' protocols."""
        hashes: set[str] = set()
        for record in self.geo_links.values():
            where = f"geo_links[id={record.id}].link"
            link = record.link
            creator = self.users.get(link.creator_id)
            if creator is None or creator.account_id != record.user_id:
                yield f"{where}.creator_id", f"no user {link.creator_id} in the account"
            if len(link.hash) != 32 or link.hash in hashes:
                yield f"{where}.hash", "a link hash is 32 characters and unique"
            hashes.add(link.hash)
            for index, shared in enumerate(link.trackers):
                yield from self._tracker_of(
                    f"{where}.trackers[{index}]", record.user_id, shared.tracker_id
                )
        for forwarder in self.retranslators.values():
            protocol = forwarder.retranslator.protocol_id
            if protocol not in self.retranslator_protocols:
                yield (
                    f"retranslators[id={forwarder.id}].retranslator.protocol_id",
                    f"no protocol {protocol}",
                )

    def _check_fleet_references(self) -> Iterator[tuple[str, str]]:
        """Vehicles' trackers (one vehicle each) and garages; service tasks' vehicles."""
        bound: dict[int, int] = {}
        for vehicle in self.vehicles.values():
            where = f"vehicles[id={vehicle.id}]"
            if vehicle.tracker_id is not None:
                if not self._owns(vehicle.user_id, self.trackers, vehicle.tracker_id):
                    yield f"{where}.tracker_id", f"no tracker {vehicle.tracker_id} of the owner"
                elif vehicle.tracker_id in bound:
                    yield (
                        f"{where}.tracker_id",
                        f"tracker {vehicle.tracker_id} is bound to vehicle "
                        f"{bound[vehicle.tracker_id]} too",
                    )
                bound.setdefault(vehicle.tracker_id, vehicle.id)
            if vehicle.garage_id is not None and not self._owns(
                vehicle.user_id, self.garages, vehicle.garage_id
            ):
                yield f"{where}.garage_id", f"no garage {vehicle.garage_id} of the owner"
        for task in self.service_tasks.values():
            if task.vehicle_id not in self.vehicles:
                yield f"service_tasks[id={task.id}].vehicle_id", f"no vehicle {task.vehicle_id}"

    # --- Helpers for handlers -------------------------------------------------------------

    def now(self) -> dt.datetime:
        """The current world time (naive UTC)."""
        return self.clock.now()

    def new_hash(self) -> str:
        """A fresh 32-character hash from the world's random source (never one in use)."""
        links = {r.link.hash for r in self.geo_links.values()}
        while True:
            value = f"{self.random.getrandbits(128):032x}"
            if value not in self.sessions and value not in self.api_keys and value not in links:
                return value

    def user_by_login(self, login: str) -> UserRecord | None:
        """The user whose login is ``login`` (case-insensitive)."""
        wanted = login.lower()
        return next((u for u in self.users.values() if u.login.lower() == wanted), None)

    def create_session(self, user: UserRecord, *, kind: str = "standard") -> SessionRecord:
        """Open a session for ``user`` (what ``user/auth`` does) and return it."""
        now = self.now()
        session = SessionRecord(
            hash=self.new_hash(),
            user_id=user.id,
            kind="delivery" if kind == "delivery" else "standard",
            create_date=now,
            last_used=now,
        )
        self.sessions[session.hash] = session
        return session

    def session_expired(self, session: SessionRecord) -> bool:
        """Whether ``session`` went 30 days without use, by the world clock."""
        return self.now() - session.last_used > SESSION_LIFETIME

    def platform_value(self, user: UserRecord, name: str, default: Any) -> Any:
        """The platform value ``name`` in force for ``user`` (their dealer's), or ``default``.

        Platform values are those ``dealer/get_ui_config`` answers under ``platform``
        (``report.max_time_span``, ``file_storage.hard_max_file_size``...).
        """
        dealer = self.dealers.get(user.dealer_id)
        if dealer is None:
            return default
        return dealer.platform.get(name, default)

    def add_owned(self, name: str, record_type: type[Any], value: object, owner: int) -> int:
        """Store ``value`` (an API model without ID) as a new record of collection ``name``.

        The record (``record_type``, made with :func:`~fleetapi_mock.state.records.convert`) gets
        the next id of the collection and ``owner`` (a master user) as ``user_id``; answers
        the id.
        """
        new_id = self.ids.next(name)
        getattr(self, name)[new_id] = convert(record_type, value, id=new_id, user_id=owner)
        return new_id

    def device_limit_exceeded(self, user: UserRecord) -> bool:
        """Whether the trackers of ``user``'s dealer's accounts exceed its device limit."""
        dealer = self.dealers.get(user.dealer_id)
        if dealer is None or dealer.device_limit is None:
            return False
        accounts = {u.id for u in self.users.values() if u.dealer_id == dealer.id}
        held = sum(1 for t in self.trackers.values() if t.user_id in accounts)
        return held > dealer.device_limit

    def master_of(self, user: UserRecord) -> UserRecord:
        """The account owner of ``user`` (itself for a master user)."""
        return self.users[user.account_id]

    def trackers_visible_to(self, user: UserRecord) -> list[TrackerRecord]:
        """The trackers ``user`` may see, by id.

        Every tracker of the account, or for a sub-user with a ``trackers`` list, only those.
        """
        allowed = None if user.is_master or user.trackers is None else set(user.trackers)
        return [
            t
            for t in self.owned_by(self.trackers, user.account_id)
            if allowed is None or t.id in allowed
        ]

    def __repr__(self) -> str:
        counts = ", ".join(
            f"{name}={len(getattr(self, name))}" for name in ("users", "trackers", "sessions")
        )
        return f"World({self.clock!r}, {counts})"


def track_point_order(point: TrackPointRecord) -> tuple[int, dt.datetime]:
    """The sort key of ``World.track_points``: by tracker, then by GPS time."""
    return (point.tracker_id, point.get_time)


def _unknown_keys(given: Any, known: Any, path: str = "") -> Iterator[str]:
    """Keys of ``given`` (a parsed document part) absent from ``known`` (its re-export)."""
    if isinstance(given, Mapping) and isinstance(known, Mapping):
        for key, value in given.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in known:
                yield where
            else:
                yield from _unknown_keys(value, known[key], where)
    elif isinstance(given, list) and isinstance(known, list) and len(given) == len(known):
        for index, (a, b) in enumerate(zip(given, known, strict=True)):
            yield from _unknown_keys(a, b, f"{path}[{index}]")


@cache
def _demo_text() -> str:
    return resources.files("fleetapi_mock").joinpath("data/demo_world.json").read_text("utf-8")


def demo_document() -> dict[str, Any]:
    """A fresh copy of the embedded demo world document."""
    return copy.deepcopy(_demo_document())


@cache
def _demo_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(_demo_text())
    return document


def demo_world() -> World:
    """A new world loaded from the embedded demo world (``data/demo_world.json``)."""
    return World.from_document(_demo_document())
