"""The mock's state: an explicit :class:`World` with its clock, ids and random source.

Everything the mock knows lives in one ``World``: users, sessions, API keys, trackers,
employees and the rest (see :mod:`fleetapi_mock.state.records`), a settable
:class:`~fleetapi_mock.state.clock.Clock`, id sequences, a seeded random source and one
re-entrant lock. Time always comes from the world's clock, never from the machine's: tests
freeze and move it at will.

Each collection is declared once, as an annotated attribute of :class:`World`
(``trackers: Table[int, TrackerRecord] = collection()``): the annotation says what it holds and
whether it is keyed, and :data:`COLLECTIONS` (the world document's collections, in order) is
read from the class.

A world is loaded from and saved to a JSON *world document* (``docs/world-format.md``,
``docs/world.schema.json``; :mod:`fleetapi_mock.state.documents`)::

    world = World.from_document(json.loads(Path("world.json").read_text()))
    document = world.to_document()
"""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import operator
import random
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol, TypeVar

from fleetapi.models.beacon import BeaconData
from fleetapi.models.geocoder import GeocodedLocation
from fleetapi.models.retranslator import RetranslatorProtocol
from fleetapi.models.task import Route, Task
from fleetapi.models.tracker_model import TrackerModel
from fleetapi_mock.state.clock import DEFAULT_START, Clock, IdSequences
from fleetapi_mock.state.collections import Collection, collection, declared_collections
from fleetapi_mock.state.documents import (
    DOCUMENT_FORMAT,
    WorldDocumentError,
    demo_document,
    demo_source,
    dump_document,
    load_document,
)
from fleetapi_mock.state.image import WorldImage
from fleetapi_mock.state.limits import DEFAULT_LIMITS
from fleetapi_mock.state.records import (
    ApiKeyRecord,
    ApplicationRecord,
    AssetGroupRecord,
    AuditRecord,
    BillRecord,
    BundleRecord,
    ChatMessageRecord,
    CheckinRecord,
    ContactRecord,
    DataFileRecord,
    DealerRecord,
    DepartmentRecord,
    EmployeeChangeRecord,
    EmployeeRecord,
    EntityFieldRecord,
    EntityRecord,
    EventRecord,
    FileRecord,
    FormRecord,
    FormTemplateRecord,
    GarageRecord,
    GeoLinkRecord,
    ImportProcessRecord,
    JournalEntryRecord,
    MailRecord,
    MapLayerRecord,
    MobileNetworkRecord,
    NotificationRecord,
    PlaceRecord,
    QueuedCommandRecord,
    ReportRecord,
    ReportScheduleRecord,
    RetranslatorBindingRecord,
    RetranslatorRecord,
    RuleRecord,
    SecurityGroupRecord,
    SensorRecord,
    ServiceTaskRecord,
    SessionKind,
    SessionRecord,
    StatusChangeRecord,
    StatusListingRecord,
    SubscriptionRecord,
    TagRecord,
    TariffRecord,
    TaskScheduleRecord,
    TrackerCommandRecord,
    TrackerGroupRecord,
    TrackerRecord,
    TrackerSettingsRecord,
    TrackPointRecord,
    TransactionRecord,
    TrustedNumbersRecord,
    UserRecord,
    VehicleRecord,
    VehicleStatusRecord,
    WorkStatusRecord,
    ZoneRecord,
    convert,
)
from fleetapi_mock.state.table import Table
from fleetapi_mock.state.tracks import TrackStore, track_point_order

__all__ = [
    "COLLECTIONS",
    "DOCUMENT_FORMAT",
    "Collection",
    "Owned",
    "World",
    "WorldDocumentError",
    "collection",
    "demo_document",
    "demo_world",
    "track_point_order",
]

_SESSION_USER = operator.attrgetter("user_id")

SESSION_LIFETIME: Final = dt.timedelta(days=30)
"""A session hash ends after this long without use."""


class Owned(Protocol):
    """A record with its owning account (a master user's id) beside it."""

    @property
    def user_id(self) -> int:
        """The id of the owning account."""


_K = TypeVar("_K", int, str)
_R = TypeVar("_R", bound=Owned)


class World:
    """All the mock's state, behind one re-entrant lock.

    Attributes:
        lock: Held by the router around every request; hold it when touching the world
            from elsewhere (tests, the control API).
        clock: The world's :class:`~fleetapi_mock.state.clock.Clock`.
        seed: The seed of :attr:`random`: the document's ``seed``, else an unpredictable one.
        random: A :class:`random.Random` making hashes and keys.
        ids: The :class:`~fleetapi_mock.state.clock.IdSequences`.

    Each collection below is an attribute: for keyed collections a
    :class:`~fleetapi_mock.state.table.Table` (a ``dict`` that keeps indexes) from key to
    record (records by ``id``; ``sessions`` and ``api_keys`` by hash, ``data_files`` by file
    id, ``bills`` by ``order_id``, ``subscriptions`` by ``reference``), a ``list`` for the
    others. ``docs/world-format.md`` describes each collection's fields.
    """

    COLLECTIONS: ClassVar[dict[str, Collection]]
    """The collections, in document order (read from the declarations below)."""

    dealers: Table[int, DealerRecord] = collection()
    tariffs: Table[int, TariffRecord] = collection()
    users: Table[int, UserRecord] = collection()
    security_groups: Table[int, SecurityGroupRecord] = collection()
    sessions: Table[str, SessionRecord] = collection(key="hash")
    api_keys: Table[str, ApiKeyRecord] = collection(key="hash")
    tracker_models: Table[int, TrackerModel] = collection()
    """The catalogue of device models, shared by every account (``tracker/list_models``)."""
    mobile_networks: list[MobileNetworkRecord] = collection()
    """The APN catalogue, shared by every account (``apn_settings/read``)."""
    bundles: Table[str, BundleRecord] = collection(key="imei")
    tracker_groups: Table[int, TrackerGroupRecord] = collection()
    trackers: Table[int, TrackerRecord] = collection()
    sensors: Table[int, SensorRecord] = collection()
    tracker_commands: Table[int, TrackerCommandRecord] = collection()
    command_queue: Table[int, QueuedCommandRecord] = collection()
    """Commands sent to devices and not confirmed yet, by ID."""
    employees: Table[int, EmployeeRecord] = collection()
    employee_changes: Table[int, EmployeeChangeRecord] = collection(key="tracker_id")
    """The last change of each tracker's employee, by tracker."""
    trusted_numbers: Table[int, TrustedNumbersRecord] = collection(key="tracker_id")
    tracker_settings: Table[int, TrackerSettingsRecord] = collection(key="tracker_id")
    departments: Table[int, DepartmentRecord] = collection()
    garages: Table[int, GarageRecord] = collection()
    vehicles: Table[int, VehicleRecord] = collection()
    service_tasks: Table[int, ServiceTaskRecord] = collection()
    asset_groups: Table[int, AssetGroupRecord] = collection()
    journal_entries: Table[int, JournalEntryRecord] = collection()
    zones: Table[int, ZoneRecord] = collection()
    places: Table[int, PlaceRecord] = collection()
    entities: Table[int, EntityRecord] = collection()
    entity_fields: Table[int, EntityFieldRecord] = collection()
    tags: Table[int, TagRecord] = collection()
    form_templates: Table[int, FormTemplateRecord] = collection()
    forms: Table[int, FormRecord] = collection()
    checkins: Table[int, CheckinRecord] = collection()
    files: Table[int, FileRecord] = collection()
    rules: Table[int, RuleRecord] = collection()
    events: Table[int, EventRecord] = collection()
    """Events of trackers (history entries), times in UTC."""
    chat_messages: Table[int, ChatMessageRecord] = collection()
    track_points: TrackStore = collection(store=TrackStore, record=TrackPointRecord)
    """Recorded points, one sorted track per tracker, listed as :class:`TrackStore` says."""
    data_files: Table[str, DataFileRecord] = collection()
    import_processes: Table[int, ImportProcessRecord] = collection()
    tasks: Table[int, Task] = collection()
    """Tasks and route checkpoints (date/times in UTC)."""
    routes: Table[int, Route] = collection()
    """Routes, sharing the id sequence ``tasks``."""
    task_schedules: Table[int, TaskScheduleRecord] = collection()
    bills: Table[int, BillRecord] = collection(key="order_id")
    transactions: Table[int, TransactionRecord] = collection()
    subscriptions: Table[str, SubscriptionRecord] = collection(key="reference")
    geo_links: Table[int, GeoLinkRecord] = collection()
    retranslator_protocols: Table[int, RetranslatorProtocol] = collection()
    retranslators: Table[int, RetranslatorRecord] = collection()
    retranslator_bindings: Table[int, RetranslatorBindingRecord] = collection()
    map_layers: Table[int, MapLayerRecord] = collection()
    reports: Table[int, ReportRecord] = collection()
    """Tracker reports, generated or in progress."""
    report_schedules: Table[int, ReportScheduleRecord] = collection()
    """Report schedules, each its user's (``fire_time`` in UTC)."""
    applications: Table[int, ApplicationRecord] = collection()
    contacts: Table[int, ContactRecord] = collection()
    audit_log: Table[int, AuditRecord] = collection()
    """What sub-users did (``user/audit/log/list``), oldest first."""
    notifications: Table[int, NotificationRecord] = collection()
    mails: Table[int, MailRecord] = collection()
    """The sent box: e-mail the service sent (never sent for real), oldest first."""
    beacon_data: list[BeaconData] = collection()
    """What trackers received from BLE beacons (times in UTC), oldest first."""
    gazetteer: list[GeocodedLocation] = collection()
    status_listings: Table[int, StatusListingRecord] = collection()
    work_statuses: Table[int, WorkStatusRecord] = collection()
    status_changes: Table[int, StatusChangeRecord] = collection()
    vehicle_statuses: Table[int, VehicleStatusRecord] = collection()

    def __init__(self, *, now: dt.datetime = DEFAULT_START, seed: int | None = None) -> None:
        self.lock: threading.RLock = threading.RLock()
        self.clock: Clock = Clock(now)
        self.seed: int = secrets.randbits(63) if seed is None else seed
        self.random: random.Random = random.Random(self.seed)
        self.ids: IdSequences = IdSequences()
        self.description: str = ""
        for name, declared in self.COLLECTIONS.items():
            setattr(self, name, Table() if declared.key else declared.store([]))

    # --- Documents ------------------------------------------------------------------------

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> World:
        """Build a world from a world document (a dict parsed from JSON).

        Raises:
            WorldDocumentError: the document does not fit the format; every problem is listed
                with its path (``trackers[2].tariff_id``).
        """
        world = cls()
        load_document(world, document)
        return world

    def to_document(self) -> dict[str, Any]:
        """The world as a world document (JSON-ready), ids and clock included."""
        return dump_document(self)

    def restore(self, document: Mapping[str, Any] | World) -> None:
        """Replace the whole state with ``document``'s (or a fresh world's, which is used up),
        in place: references to the world, its lock and its clock stay valid; a running clock
        keeps running. The world is unchanged when the document is invalid.
        """
        fresh = document if isinstance(document, World) else World.from_document(document)
        with self.lock:
            running = self.clock.running
            self.seed, self.random, self.ids = fresh.seed, fresh.random, fresh.ids
            self.description = fresh.description
            for name in self.COLLECTIONS:
                setattr(self, name, getattr(fresh, name))
            self.clock.set(fresh.clock.now())
            if running:
                self.clock.run()

    def record_count(self) -> int:
        """How many records the world holds, track points included."""
        return sum(len(getattr(self, name)) for name in self.COLLECTIONS)

    def file_bytes(self) -> int:
        """Bytes of the files the world stores, every account's (a reservation counts its
        declared size until its upload)."""
        return sum(f.size for f in list(self.files.values()))

    def copy(self) -> World:
        """An independent copy of the world (through its document)."""
        return World.from_document(self.to_document())

    # --- Ownership ------------------------------------------------------------------------

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
        ``account``, in key order (read from a table's index)."""
        ordered = records.in_order(account) if isinstance(records, Table) else None
        if ordered is not None:
            return list(ordered)
        return [records[k] for k in sorted(records) if cls.belongs(records[k], account)]

    @classmethod
    def owned_record(cls, records: Mapping[_K, _R], account: int, key: _K) -> _R | None:
        """The record ``key`` of a collection if it belongs to the account ``account``,
        else ``None`` (missing and another account's alike)."""
        record = records.get(key)
        return record if record is not None and cls.belongs(record, account) else None

    # --- Helpers for handlers -------------------------------------------------------------

    def reseed(self, seed: int) -> None:
        """Restart the world's random source from ``seed`` (hashes and keys to come)."""
        with self.lock:
            self.seed, self.random = seed, random.Random(seed)

    def now(self) -> dt.datetime:
        """The current world time (naive UTC)."""
        return self.clock.now()

    def new_hash(self) -> str:
        """A fresh 32-character hash from the world's random source (never one in use)."""
        links = {r.hash for r in self.geo_links.values()}
        while True:
            value = f"{self.random.getrandbits(128):032x}"
            if value not in self.sessions and value not in self.api_keys and value not in links:
                return value

    def user_by_login(self, login: str) -> UserRecord | None:
        """The user whose login is ``login`` (case-insensitive)."""
        wanted = login.lower()
        return next((u for u in self.users.values() if u.login.lower() == wanted), None)

    def create_session(
        self,
        user: UserRecord,
        *,
        kind: SessionKind = "standard",
        most: int = DEFAULT_LIMITS.max_sessions,
    ) -> SessionRecord:
        """Open a session for ``user`` (what ``user/auth`` does) and return it; a user keeps
        at most ``most`` live sessions (the oldest end first, as the service ends sessions: a
        world a suite logs into thousands of times stays small)."""
        now = self.now()
        live = self.sessions.counts(_SESSION_USER)[(user.id, user.id)]
        if live >= most:  # the table keeps the order sessions were opened
            mine = (s for s in self.sessions.values() if s.user_id == user.id)
            for old in list(itertools.islice(mine, live - most + 1)):
                del self.sessions[old.hash]
        session = SessionRecord(
            hash=self.new_hash(), user_id=user.id, kind=kind, create_date=now, last_used=now
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
        owned = self.owned_by(self.trackers, user.account_id)
        return [t for t in owned if allowed is None or t.id in allowed]

    def points_of(self, tracker_id: int) -> Sequence[TrackPointRecord]:
        """The recorded points of a tracker, oldest first (never change the answer)."""
        return self.track_points.points_of(tracker_id)

    def point_before(self, point: TrackPointRecord) -> TrackPointRecord | None:
        """The tracker's recorded point just before ``point`` (a recorded one), if any."""
        return self.track_points.track(point.tracker_id).before(point)

    def __repr__(self) -> str:
        shown = ("users", "trackers", "sessions")
        counts = ", ".join(f"{n}={len(getattr(self, n))}" for n in shown)
        return f"World({self.clock!r}, {counts})"


World.COLLECTIONS = declared_collections(World)
COLLECTIONS: Final = World.COLLECTIONS
"""Every collection of a world document, in order (:class:`Collection`)."""


def demo_world() -> World:
    """A new world as the embedded demo world (``data/demo_world.json``) loads: a copy of its
    image, the document checked once per process (:mod:`~fleetapi_mock.state.image`)."""
    return _demo_image().copy()


@functools.cache
def _demo_image() -> WorldImage:
    return WorldImage(World.from_document(demo_source()), seeded="seed" in demo_source())
