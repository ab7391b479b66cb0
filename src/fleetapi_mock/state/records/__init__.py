"""The records a :class:`~fleetapi_mock.state.world.World` holds: the mock's domain model.

Records are frozen attrs classes, separate from the wire models of :mod:`fleetapi.models`:
they hold what the service knows (owners, passwords, tariffs, raw positions), and handlers
build the wire objects from them. Every date/time in a record is a naive UTC date/time; the
handlers convert it to the user's time zone when they answer.

A record never changes in place: a change replaces it in its collection
(``world.trackers.change(1, label="Van")``, or ``world.trackers[1] = attrs.evolve(...)``), so
that the collection's indexes and what it keeps of its records stay right. Setting an
attribute raises :class:`ReadOnlyRecordError`, saying so.

Each record class is one collection of the world document (see ``docs/world-format.md``). A
field with a default may be left out of a document.
"""

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from fleetapi_mock.state.records.accounts import (
    ApiKeyRecord,
    ApplicationRecord,
    AuditRecord,
    AuthCodeRecord,
    ContactRecord,
    DealerRecord,
    GeoAccess,
    PushTokenRecord,
    SecurityGroupRecord,
    SessionKind,
    SessionRecord,
    TariffRecord,
    UserPreferences,
    UserProfile,
    UserRecord,
)
from fleetapi_mock.state.records.business import (
    BillRecord,
    DataFileFormat,
    DataFileRecord,
    GeoLinkRecord,
    ImportProcessRecord,
    ImportRow,
    MapLayerRecord,
    ReportRecord,
    RetranslatorBindingRecord,
    RetranslatorRecord,
    SubscriptionRecord,
    TransactionRecord,
)
from fleetapi_mock.state.records.content import (
    CheckinRecord,
    EntityFieldRecord,
    EntityRecord,
    FileRecord,
    FormRecord,
    FormTemplateRecord,
    PlaceRecord,
    TagRecord,
    ZoneRecord,
    ZoneType,
)
from fleetapi_mock.state.records.devices import (
    BundleRecord,
    HardwareCommandRecord,
    HttpCommandRecord,
    MobileNetworkRecord,
    QueuedCommandKind,
    QueuedCommandRecord,
    TrackerCommandRecord,
    TrackerSettingsRecord,
    TrustedNumbersRecord,
)
from fleetapi_mock.state.records.fleet import (
    ADDITIONAL_STATE_READINGS,
    AssetGroupRecord,
    ConnectionStatus,
    CounterSetting,
    DepartmentRecord,
    DiscreteSensorRecord,
    EmployeeChangeRecord,
    EmployeeRecord,
    EventRecord,
    GarageRecord,
    MeteringSensorRecord,
    MovementStatus,
    RuleRecord,
    SensorRecord,
    TrackerGroupRecord,
    TrackerRecord,
    TrackerStateRecord,
    TrackPointRecord,
    VehicleRecord,
    VirtualSensorRecord,
    calibration_problem,
    reading_text,
)
from fleetapi_mock.state.records.maintenance import (
    JournalEntryRecord,
    ServiceMark,
    ServiceTaskRecord,
    ServiceTaskStatus,
)
from fleetapi_mock.state.records.messages import (
    ChatMessageRecord,
    MailAttachment,
    MailKind,
    MailRecord,
    NotificationRecord,
)
from fleetapi_mock.state.records.schedules import ReportScheduleRecord, TaskScheduleRecord
from fleetapi_mock.state.records.statuses import (
    StatusChangeRecord,
    StatusListingRecord,
    VehicleStatusRecord,
    WorkStatusRecord,
)

__all__ = [
    "ADDITIONAL_STATE_READINGS",
    "ApiKeyRecord",
    "ApplicationRecord",
    "AssetGroupRecord",
    "AuditRecord",
    "AuthCodeRecord",
    "BillRecord",
    "BundleRecord",
    "ChatMessageRecord",
    "CheckinRecord",
    "ConnectionStatus",
    "ContactRecord",
    "CounterSetting",
    "DataFileFormat",
    "DataFileRecord",
    "DealerRecord",
    "DepartmentRecord",
    "DiscreteSensorRecord",
    "EmployeeChangeRecord",
    "EmployeeRecord",
    "EntityFieldRecord",
    "EntityRecord",
    "EventRecord",
    "FileRecord",
    "FormRecord",
    "FormTemplateRecord",
    "GarageRecord",
    "GeoAccess",
    "GeoLinkRecord",
    "HardwareCommandRecord",
    "HttpCommandRecord",
    "ImportProcessRecord",
    "ImportRow",
    "JournalEntryRecord",
    "MailAttachment",
    "MailKind",
    "MailRecord",
    "MapLayerRecord",
    "MeteringSensorRecord",
    "MobileNetworkRecord",
    "MovementStatus",
    "NotificationRecord",
    "PlaceRecord",
    "PushTokenRecord",
    "QueuedCommandKind",
    "QueuedCommandRecord",
    "ReadOnlyRecordError",
    "ReportRecord",
    "ReportScheduleRecord",
    "RetranslatorBindingRecord",
    "RetranslatorRecord",
    "RuleRecord",
    "SecurityGroupRecord",
    "SensorRecord",
    "ServiceMark",
    "ServiceTaskRecord",
    "ServiceTaskStatus",
    "SessionKind",
    "SessionRecord",
    "StatusChangeRecord",
    "StatusListingRecord",
    "SubscriptionRecord",
    "TagRecord",
    "TariffRecord",
    "TaskScheduleRecord",
    "TrackPointRecord",
    "TrackerCommandRecord",
    "TrackerGroupRecord",
    "TrackerRecord",
    "TrackerSettingsRecord",
    "TrackerStateRecord",
    "TransactionRecord",
    "TrustedNumbersRecord",
    "UserPreferences",
    "UserProfile",
    "UserRecord",
    "VehicleRecord",
    "VehicleStatusRecord",
    "VirtualSensorRecord",
    "WorkStatusRecord",
    "ZoneRecord",
    "ZoneType",
    "calibration_problem",
    "convert",
    "reading_text",
    "with_model",
]

_T = TypeVar("_T")
_R = TypeVar("_R", bound=attrs.AttrsInstance)


class ReadOnlyRecordError(attrs.exceptions.FrozenInstanceError):
    """A world record was changed in place: replace it through its collection instead."""

    def __init__(self, message: str) -> None:
        AttributeError.__init__(self, message)


def _refuse(record: object, name: str, _: object = None) -> None:
    raise ReadOnlyRecordError(
        f"{type(record).__name__}.{name}: a world's records are read-only; replace the record "
        f"in its collection: world.<collection>.change(key, {name}=...)"
    )


for _cls in list(globals().values()):
    if isinstance(_cls, type) and attrs.has(_cls) and _cls.__module__.startswith(__name__):
        type.__setattr__(_cls, "__setattr__", _refuse)
        type.__setattr__(_cls, "__delattr__", _refuse)


def convert(target: type[_T], source: object, /, **changes: Any) -> _T:
    """An instance of the attrs class ``target`` made from ``source``'s same-named fields.

    It moves an entity between its API model and its world record (which adds the owner):
    ``convert(Department, record)`` drops the owner, ``convert(DepartmentRecord, department,
    user_id=1)`` adds it. ``changes`` set or override fields.
    """
    key = (target, type(source))
    common = _COMMON_FIELDS.get(key)
    if common is None:
        names = _common_fields(target, type(source))
        common = _COMMON_FIELDS[key] = (names, _reader(names))
    names, read = common
    values = dict(zip(names, read(source), strict=True))
    values.update(changes)
    return target(**values)


_Reader = Callable[[Any], tuple[Any, ...]]
_COMMON_FIELDS: dict[tuple[type, type], tuple[tuple[str, ...], _Reader]] = {}
""":func:`_common_fields` of each pair of classes met so far, and a getter of their values."""


def _reader(names: tuple[str, ...]) -> _Reader:
    """A function reading the attributes ``names`` of an object, as a tuple."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda source: (one(source),)
    return operator.attrgetter(*names) if names else lambda source: ()


def _common_fields(target: type, source: type) -> tuple[str, ...]:
    """The init fields of ``target`` that instances of ``source`` have: its attrs fields and
    class attributes (properties)."""
    own = {field.name for field in attrs.fields(source)} if attrs.has(source) else set()
    return tuple(
        field.name
        for field in attrs.fields(target)
        if field.init and (field.name in own or hasattr(source, field.name))
    )


def with_model(record: _R, model: attrs.AttrsInstance, /) -> _R:
    """``record`` (a record subclassing an API model) with every field of ``model`` (an
    instance of that API model) taken from it: what the record keeps beside the model (its
    owner, a file's content) stays as it was."""
    values = {field.name: getattr(model, field.name) for field in attrs.fields(type(model))}
    updated: _R = attrs.evolve(record, **values)  # type: ignore[misc]
    return updated
