"""The records a :class:`~fleetapi_mock.state.world.World` holds: the mock's domain model.

Records are mutable attrs classes, separate from the wire models of :mod:`fleetapi.models`:
they hold what the service knows (owners, passwords, tariffs, raw positions), and handlers
build the wire objects from them. Every date/time in a record is a naive UTC date/time; the
handlers convert it to the user's time zone when they answer.

Each record class is one collection of the world document (see ``docs/world-format.md``). A
field with a default may be left out of a document.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal, TypeVar

import attrs

from fleetapi._rules import rules
from fleetapi.models.checkin import CheckinFile
from fleetapi.models.common import LatLng, Location
from fleetapi.models.data import ImportLineError, ImportType
from fleetapi.models.dealer import DealerSettings
from fleetapi.models.department import Department
from fleetapi.models.form import Form, FormField
from fleetapi.models.garage import Garage
from fleetapi.models.link import GeoLink
from fleetapi.models.map_layer import MapLayer
from fleetapi.models.payment import Bill, ExternalSubscription, PaymentSystemSettings
from fleetapi.models.retranslator import Retranslator
from fleetapi.models.vehicle import NewVehicle

__all__ = [
    "ApiKeyRecord",
    "BillRecord",
    "DataFileRecord",
    "DealerRecord",
    "DepartmentRecord",
    "EmployeeRecord",
    "FileRecord",
    "FormRecord",
    "FormTemplateRecord",
    "GarageRecord",
    "GeoLinkRecord",
    "ImportProcessRecord",
    "MapLayerRecord",
    "PlaceRecord",
    "RetranslatorRecord",
    "ServiceTaskRecord",
    "SessionRecord",
    "SubscriptionRecord",
    "TagRecord",
    "TariffRecord",
    "TrackPointRecord",
    "TrackerRecord",
    "TrackerStateRecord",
    "UserRecord",
    "VehicleRecord",
    "ZoneRecord",
    "convert",
]

SessionKind = Literal["standard", "delivery"]
DataFileFormat = Literal["xlsx", "xls", "csv"]
ConnectionStatus = Literal[
    "signal_lost", "just_registered", "just_connected", "offline", "idle", "active"
]
MovementStatus = Literal["moving", "stopped", "parked"]
ZoneType = Literal["circle", "polygon", "sausage"]
ServiceTaskStatus = Literal["created", "notified", "expired", "done"]

_T = TypeVar("_T")


def convert(target: type[_T], source: object, /, **changes: Any) -> _T:
    """An instance of the attrs class ``target`` made from ``source``'s same-named fields.

    It moves an entity between its API model and its world record (which adds the owner):
    ``convert(Department, record)`` drops the owner, ``convert(DepartmentRecord, department,
    user_id=1)`` adds it. ``changes`` set or override fields.
    """
    values = {
        field.name: getattr(source, field.name)
        for field in attrs.fields(target)  # type: ignore[arg-type]
        if field.init and field.name not in changes and hasattr(source, field.name)
    }
    return target(**values, **changes)


@attrs.define(kw_only=True)
class DealerRecord:
    """A dealer (the reseller whose branded interface users log in to)."""

    id: int
    parent_id: int | None = None
    """The parent dealer of a sub-dealer."""
    ui_domain: str
    company_url: str = ""
    features: list[str] = attrs.Factory(list)
    """``branding_web``, ``branding_mobile``, ``subpaas``..."""
    premium_gis: bool = False
    demo_ends: dt.date | None = None
    """The end of the dealer's trial tariff, if it is on one."""
    platform: dict[str, Any] = attrs.Factory(dict)
    """Platform values in force (``report.max_time_span``...), as ``dealer/get_ui_config``
    answers them."""
    settings: DealerSettings | None = None
    """The interface settings; null makes ``dealer/get_ui_config`` answer 201."""
    payment_settings: PaymentSystemSettings | None = None
    """The payment system of the dealer's users (``payment_system/list``; null answers 201).
    Its ``type`` ``avangate`` makes the external subscription calls work (else 215)."""
    device_limit: int | None = None
    """The most trackers the dealer's users may have in all; null means no limit. A dealer
    over it makes the calls that check it (``checkin/list``, ``department/list``,
    ``department/create``) answer 221."""


@attrs.define(kw_only=True)
class TariffRecord:
    """A tariff plan of trackers: the features it allows and how long tracks are kept."""

    id: int
    label: str = ""
    features: list[str] = attrs.Factory(list)
    """``app_tasks`` (tasks), ``weblocator`` (geo links), ``checkin`` (check-ins)..."""
    storage_period: dt.timedelta = dt.timedelta(days=90)
    price: float = attrs.field(default=0.0, metadata=rules(minimum=0))
    """Monthly price of one tracker on the tariff, in the dealer's currency (the payment
    estimate adds them up)."""


@attrs.define(kw_only=True)
class UserRecord:
    """A user: a master user (account owner) or a sub-user of one."""

    id: int
    login: str
    password: str = attrs.field(repr=False)
    """Kept in clear text: this is a mock."""
    master_id: int | None = None
    """The account owner of a sub-user; null for a master user."""
    dealer_id: int
    first_name: str = ""
    last_name: str = ""
    time_zone: str = "UTC"
    """IANA time zone name; date/times are answered in it."""
    locale: str = "en"
    rights: list[str] = attrs.Factory(list)
    """A sub-user's rights (``task_update``...); master users hold every right."""
    trackers: list[int] | None = None
    """The trackers a sub-user may see; null means every tracker of the account."""
    activated: bool = True
    plugins: list[int] = attrs.Factory(list)
    """Plugins available to a master user's account (29: bills; without it ``bill/*`` answer
    222). Sub-users have their master's."""

    @property
    def is_master(self) -> bool:
        """Whether the user owns the account."""
        return self.master_id is None

    @property
    def account_id(self) -> int:
        """The ID of the account owner (the user itself for a master user)."""
        return self.id if self.master_id is None else self.master_id


@attrs.define(kw_only=True)
class SessionRecord:
    """A session hash returned by ``user/auth``; it ends after 30 days without use."""

    hash: str = attrs.field(repr=False)
    user_id: int
    kind: SessionKind = "standard"
    """``standard``, or ``delivery`` for the special DELIVERY session."""
    create_date: dt.datetime
    last_used: dt.datetime


@attrs.define(kw_only=True)
class ApiKeyRecord:
    """An API key of an account: unlimited lifetime, managed by the master user."""

    hash: str = attrs.field(repr=False)
    user_id: int
    """The master user owning the key."""
    title: str
    create_date: dt.datetime


@attrs.define(kw_only=True)
class TrackerStateRecord:
    """The last known state of a tracker."""

    lat: float | None = None
    lng: float | None = None
    heading: int = 0
    speed: int = 0
    alt: int = 0
    signal_level: int | None = None
    gps_updated: dt.datetime | None = None
    connection_status: ConnectionStatus = "offline"
    movement_status: MovementStatus = "parked"
    last_update: dt.datetime | None = None
    battery_level: int | None = None


@attrs.define(kw_only=True)
class TrackerRecord:
    """A tracker of an account, with its device (``source``) and current state."""

    id: int
    user_id: int
    """The master user owning the tracker."""
    label: str
    source_id: int
    device_id: str
    model: str = "generic"
    blocked: bool = False
    tariff_id: int
    clone: bool = False
    group_id: int = 0
    avatar_file_name: str | None = None
    status_listing_id: int | None = None
    creation_date: dt.date
    tariff_end_date: dt.date | None = None
    phone: str | None = None
    tag_ids: list[int] = attrs.Factory(list)
    state: TrackerStateRecord = attrs.Factory(TrackerStateRecord)


@attrs.define(kw_only=True)
class EmployeeRecord:
    """An employee of an account, optionally bound to a tracker and a department."""

    id: int
    user_id: int
    first_name: str
    middle_name: str = ""
    last_name: str = ""
    email: str = ""
    phone: str = ""
    tracker_id: int | None = None
    department_id: int | None = None
    personnel_number: str = ""
    location: Location | None = None
    tags: list[int] = attrs.Factory(list)


@attrs.frozen(kw_only=True)
class DepartmentRecord(Department):
    """A department as the world keeps it: the API's department and its owner."""

    user_id: int
    """The master user owning the department."""


@attrs.frozen(kw_only=True)
class GarageRecord(Garage):
    """A garage (depot) as the world keeps it: the API's garage and its owner."""

    user_id: int
    """The master user owning the garage."""


@attrs.frozen(kw_only=True)
class VehicleRecord(NewVehicle):
    """A vehicle as the world keeps it: the API's vehicle, its ID and its owner.

    ``tracker_label`` and ``garage_organization_name`` are not kept: they are read from the
    tracker and the garage whenever the vehicle is answered.
    """

    id: int
    user_id: int
    """The master user owning the vehicle."""


@attrs.define(kw_only=True)
class ServiceTaskRecord:
    """A maintenance work planned for a vehicle (no call of the API manages them here).

    A vehicle with service tasks keeps its tracker: ``vehicle/update`` changing its
    ``tracker_id`` answers 261. Deleting the vehicle deletes its service tasks.
    """

    id: int
    vehicle_id: int
    description: str = ""
    status: ServiceTaskStatus = "created"


@attrs.define(kw_only=True)
class ZoneRecord:
    """A geofence: a circle, a polygon or a sausage (a corridor along a line)."""

    id: int
    user_id: int
    label: str
    type: ZoneType = "circle"
    center: LatLng | None = None
    """The centre of a circle."""
    radius: int | None = None
    """Meters (circle and sausage)."""
    points: list[LatLng] = attrs.Factory(list)
    """The vertices of a polygon or the line of a sausage."""
    address: str = ""
    color: str = "27A9E3"
    tags: list[int] = attrs.Factory(list)


@attrs.define(kw_only=True)
class PlaceRecord:
    """A place (point of interest)."""

    id: int
    user_id: int
    label: str
    location: Location
    description: str = ""
    external_id: str | None = None
    tags: list[int] = attrs.Factory(list)


@attrs.define(kw_only=True)
class TagRecord:
    """A tag that entities can carry."""

    id: int
    user_id: int
    name: str
    color: str = "1E96DC"


@attrs.define(kw_only=True)
class FormTemplateRecord:
    """A form template from which task and check-in forms are made.

    Its ``fields`` are the API's form field definitions (:class:`fleetapi.models.form.
    FormField`: ``id``, ``label``, ``type``, ``required`` and the keys of the type).
    """

    id: int
    user_id: int
    label: str
    fields: list[FormField] = attrs.Factory(list)
    submit_in_zone: bool = False
    created: dt.datetime | None = None


@attrs.define(kw_only=True)
class FormRecord:
    """A form made from a template: the API's :class:`~fleetapi.models.form.Form` as stored.

    The form is kept exactly as the API shows it (date/times in UTC), with what the API does
    not show beside it: the owning master user and the tracker it was made for.
    """

    user_id: int
    """The master user owning the form."""
    tracker_id: int | None = None
    """The tracker the form was made for (``checkin/form/create``); null for task forms."""
    form: Form

    @property
    def id(self) -> int:
        """The form's ID."""
        return self.form.id


@attrs.define(kw_only=True)
class FileRecord:
    """A stored file: the API's :class:`~fleetapi.models.checkin.CheckinFile` and its upload.

    ``file`` is kept as the API shows it (date/times in UTC, ``download_url`` null: the
    download address is made from the address of each request). Beside it: the upload's
    secret ``token`` and ``expires``, the declared maximum size, where the file belongs (a
    form field, a check-in) and its content (base64).
    """

    file: CheckinFile
    max_size: int
    """The size declared when the file was reserved: the most the upload may hold."""
    token: str = attrs.field(repr=False)
    """The secret the upload must carry (the ticket's ``fields``); also in the download URL."""
    expires: dt.datetime
    """The upload is refused after this time, and the reservation no longer counts."""
    form_id: int | None = None
    """The form whose field the file was reserved for (``checkin/form/file/create``)."""
    field_id: str | None = None
    checkin_id: int | None = None
    """The check-in the file is attached to (``file_ids`` of ``checkin/create``)."""
    submitted: bool = False
    """Used by a check-in or a submitted form value (no longer counts as unsubmitted)."""
    content: str = attrs.field(default="", repr=False)
    """The uploaded bytes, base64-encoded."""

    @property
    def id(self) -> int:
        """The file's ID."""
        return self.file.id


@attrs.define(kw_only=True)
class TrackPointRecord:
    """One recorded GPS point of a tracker.

    ``World.track_points`` keeps them ordered by tracker, then by ``get_time`` (points of
    the same time keep the order they arrived in).
    """

    tracker_id: int
    get_time: dt.datetime
    """GPS time (UTC)."""
    lat: float
    lng: float
    alt: int = 0
    """Meters."""
    speed: int = 0
    """km/h; 0 means standing still."""
    heading: int = 0
    """Degrees, 0 is north."""
    satellites: int = 0
    mileage: float = 0.0
    """The device's odometer, km."""
    address: str = ""
    """Recorded at the start or end of a trip, or with an event; empty otherwise."""
    precision: int | None = None
    """Meters, when the device reports it."""
    gsm_lbs: bool = False
    """Located by GSM LBS rather than satellites."""
    parking: bool = False
    """The device reported it while parked: never part of a trip."""
    buffered: bool = False
    """Stored in the device's memory and sent later."""
    event: str | None = None
    """An event the device reported with this point (``speeding``, ``harsh_braking``...);
    ``asset/track/list`` counts them with ``count_events``."""


@attrs.define(kw_only=True)
class DataFileRecord:
    """A spreadsheet stored by ``data/spreadsheet/parse``, for a later import to read.

    The upload's first sheet is kept as text cells: ``header`` (the first row, when the upload
    asked ``parse_header``) and ``rows`` (the data rows after it). Blank rows are dropped and
    trailing empty cells trimmed. Look one up for the caller's account with
    ``ctx.owned_one(ctx.world.data_files, file_id, "data file")``.
    """

    id: str
    """The ``file_id`` answered by ``data/spreadsheet/parse``."""
    user_id: int
    """The master user of the account that uploaded it."""
    filename: str
    format: DataFileFormat
    uploaded: dt.datetime
    header: list[str] | None = None
    """The header row as written in the file; null when the upload did not parse a header."""
    header_map: dict[str, str] = attrs.Factory(dict)
    """Column name to field identifier (``{"Label": "label"}``), as the upload gave it."""
    rows: list[list[str]] = attrs.Factory(list)
    """The data rows (after the header), each a list of cell texts."""

    @property
    def fields(self) -> list[str] | None:
        """The header with each column named by its ``header_map`` identifier when it has one
        (matched ignoring case and surrounding spaces); null without a header."""
        if self.header is None:
            return None
        mapping = {k.strip().casefold(): v for k, v in self.header_map.items()}
        return [mapping.get(name.strip().casefold(), name) for name in self.header]


@attrs.define(kw_only=True)
class ImportProcessRecord:
    """A background import of vehicles or employees, moved by the world clock.

    The process waits ``created`` until ``created + start_delay``, then works through
    ``lines`` lines at ``lines_per_minute`` (``in_progress``) and ends ``done``; with
    ``fails_at_line`` it ends ``failed`` when it reaches that line. A line listed in ``errors``
    is not imported (it counts as failed); ``warnings`` are imported with a remark. Both count
    once the process has passed their line.
    """

    id: int
    user_id: int
    """The master user of the account."""
    type: ImportType
    filename: str
    """The preloaded TSV file the process reads."""
    headers: list[str] = attrs.Factory(list)
    """The field identifiers of the file's columns (``params.headers``)."""
    created: dt.datetime
    lines: int = attrs.field(default=0, metadata=rules(minimum=0))
    """Data lines in the file."""
    start_delay: dt.timedelta = dt.timedelta(minutes=1)
    lines_per_minute: int = attrs.field(default=60, metadata=rules(minimum=1))
    fails_at_line: int | None = attrs.field(default=None, metadata=rules(minimum=1))
    """The line at which the process fails (a broken file); null when it does not."""
    warnings: list[ImportLineError] = attrs.Factory(list)
    errors: list[ImportLineError] = attrs.Factory(list)


@attrs.define(kw_only=True)
class BillRecord:
    """A bill of an account: the API's bill object with its owner beside it.

    ``bill.created`` is UTC, like every world date/time. Bills change status only outside the
    API (a payment settles one): set ``bill.status`` in a world document or a test.
    """

    user_id: int
    """The master user of the account."""
    bill: Bill

    @property
    def order_id(self) -> int:
        """The bill's ID (the collection's key)."""
        return self.bill.order_id


@attrs.define(kw_only=True)
class SubscriptionRecord:
    """An external (Avangate) subscription of an account, with its owner beside it.

    ``subscription.expiration_date`` (the next renewal) is UTC.
    """

    user_id: int
    """The master user of the account."""
    subscription: ExternalSubscription

    @property
    def reference(self) -> str:
        """The subscription's reference (the collection's key)."""
        return self.subscription.reference


@attrs.define(kw_only=True)
class GeoLinkRecord:
    """A geo link of an account: the API's :class:`~fleetapi.models.link.GeoLink`, its owner
    beside it.

    The stored link's date/times (``create_date``, ``lifetime``) are UTC like every record's;
    its ``status`` is never stored (it is derived from the clock when listing).
    """

    user_id: int
    """The master user owning the link (its creator may be a sub-user of that account)."""
    link: GeoLink

    @property
    def id(self) -> int:
        """The link's ID."""
        return self.link.id


@attrs.define(kw_only=True)
class RetranslatorRecord:
    """A retranslator of an account: the API's
    :class:`~fleetapi.models.retranslator.Retranslator`, its owner beside it."""

    user_id: int
    """The master user owning the retranslator."""
    retranslator: Retranslator

    @property
    def id(self) -> int:
        """The retranslator's ID."""
        return self.retranslator.id


@attrs.define(kw_only=True)
class MapLayerRecord:
    """A map layer of an account: the API's :class:`~fleetapi.models.map_layer.MapLayer`, its
    owner and its KML body beside it."""

    user_id: int
    """The master user owning the layer."""
    layer: MapLayer
    kml: str
    """The layer's body: a KML document (UTF-8 text)."""

    @property
    def id(self) -> int:
        """The layer's ID."""
        return self.layer.id
