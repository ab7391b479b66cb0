"""Records of the fleet: trackers and their state, recorded points, sensors, employees and
their assignments, departments, garages and vehicles."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import attrs

from fleetapi._types import tagged_union
from fleetapi.models.asset_group import AssetGroup
from fleetapi.models.department import Department
from fleetapi.models.employee import Employee, EmployeeAssignment
from fleetapi.models.garage import Garage
from fleetapi.models.history import HistoryEntry
from fleetapi.models.reading import CounterType
from fleetapi.models.rule import Rule
from fleetapi.models.sensor import (
    CalibrationPoint,
    DiscreteSensor,
    MeteringSensor,
    VirtualSensor,
)
from fleetapi.models.tracker import (
    AdditionalState,
    ConnectionStatus,
    GsmState,
    MovementStatus,
)
from fleetapi.models.tracker_group import TrackerGroup
from fleetapi.models.vehicle import NewVehicle

__all__ = [
    "AssetGroupRecord",
    "ConnectionStatus",
    "CounterSetting",
    "DepartmentRecord",
    "DiscreteSensorRecord",
    "EmployeeChangeRecord",
    "EmployeeRecord",
    "EventRecord",
    "GarageRecord",
    "MeteringSensorRecord",
    "MovementStatus",
    "RuleRecord",
    "SensorRecord",
    "TrackPointRecord",
    "TrackerGroupRecord",
    "TrackerRecord",
    "TrackerStateRecord",
    "VehicleRecord",
    "VirtualSensorRecord",
    "calibration_problem",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerStateRecord:
    """The last known state of a tracker."""

    lat: float | None = None
    lng: float | None = None
    heading: int = 0
    speed: int = 0
    alt: int = 0
    signal_level: int | None = None
    gps_updated: dt.datetime | None = None
    precision: int | None = None
    """Meters, when the device tells."""
    gsm_lbs: bool = False
    """The position comes from GSM base stations."""
    connection_status: ConnectionStatus = "offline"
    movement_status: MovementStatus = "parked"
    movement_status_update: dt.datetime | None = None
    ignition: bool | None = None
    """The ignition sensor; null for a tracker without one."""
    ignition_update: dt.datetime | None = None
    gsm: GsmState | None = None
    """The network state (its ``updated`` in UTC); null for a device that sends none."""
    last_update: dt.datetime | None = None
    battery_level: int | None = None
    battery_update: dt.datetime | None = None
    inputs: list[bool] = attrs.Factory(list)
    inputs_update: dt.datetime | None = None
    outputs: list[bool] = attrs.Factory(list)
    outputs_update: dt.datetime | None = None
    additional: dict[str, AdditionalState] = attrs.Factory(dict)
    """Model-specific states by name (their ``updated`` in UTC)."""
    actual_track_update: dt.datetime | None = None
    """When the tracker last moved."""
    alarm_mode: bool = False
    """The device's alarm mode (``tracker/alarm_mode/*``)."""
    engine_immobilizer: bool = False
    """The device's engine immobilizer (``tracker/engine_immobilizer/*``)."""
    led: bool = False
    """The device's LED (``tracker/led/*``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterSetting:
    """A counter as ``tracker/counter/value/set`` and ``tracker/counter/update`` left it:
    from ``time`` (UTC) on, the counter is ``value`` plus what the points after it add, each
    distance or time multiplied by ``multiplier``; never set (``value`` and ``time`` null), it
    counts from 0 at the tracker's first point."""

    value: float | None = None
    time: dt.datetime | None = attrs.field(default=None)
    multiplier: float = 1.0
    """What every distance or time the points add is multiplied by."""
    sensor_id: int | None = None
    """The odometer's source: a metering sensor of the tracker whose value grows with the
    distance; null: the length of the track."""

    @time.validator
    def _set_together(self, attribute: object, time: dt.datetime | None) -> None:
        if (self.value is None) != (time is None):
            raise ValueError("a counter's value and time are set together")


@attrs.frozen(kw_only=True, weakref_slot=False)
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
    tariff_changed: dt.datetime | None = None
    """When its plan last changed (UTC); null: never (a change of plan is free)."""
    clone: bool = False
    group_id: int = 0
    avatar_file_name: str | None = None
    status_listing_id: int | None = None
    creation_date: dt.date
    tariff_end_date: dt.date | None = None
    phone: str | None = None
    tag_ids: list[int] = attrs.Factory(list)
    state: TrackerStateRecord = attrs.Factory(TrackerStateRecord)
    counters: dict[CounterType, CounterSetting] = attrs.Factory(dict)
    """The counters set by ``tracker/counter/value/set`` or changed by
    ``tracker/counter/update``; a counter not here counts from 0 at the tracker's first
    point, multiplied by 1, the odometer along the track."""
    output_titles: list[str] = attrs.Factory(list)
    """The titles of its digital outputs, output 1 first (``tracker/output/update``); an
    output past the list, or titled empty, is ``OUT1``, ``OUT2``..."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EventRecord(HistoryEntry):
    """An event as the world keeps it: the API's history entry (``time`` in UTC, ``is_read``
    never stored), its owner and the users who read it."""

    user_id: int
    """The master user owning the tracker."""
    read_by: list[int] = attrs.Factory(list)
    """The users (master or sub-users) who marked it read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RuleRecord(Rule):
    """A rule as the world keeps it: the API's rule and its owner."""

    user_id: int
    """The master user owning the rule."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerGroupRecord(TrackerGroup):
    """A tracker group as the world keeps it: the API's group and its owner. A tracker names
    its group in ``group_id`` (0: the default group, which is no record)."""

    user_id: int
    """The master user owning the group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeRecord(Employee):
    """An employee as the world keeps it: the API's employee and its owner. At most one
    employee is bound to a tracker."""

    user_id: int
    """The master user owning the employee."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EmployeeChangeRecord(EmployeeAssignment):
    """The last change of a tracker's employee (``tracker/employee/read``'s ``last_change``):
    the API's object and the tracker it concerns. ``changed`` is UTC."""

    tracker_id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class DepartmentRecord(Department):
    """A department as the world keeps it: the API's department and its owner."""

    user_id: int
    """The master user owning the department."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GarageRecord(Garage):
    """A garage (depot) as the world keeps it: the API's garage and its owner."""

    user_id: int
    """The master user owning the garage."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class VehicleRecord(NewVehicle):
    """A vehicle as the world keeps it: the API's vehicle, its ID and its owner.

    ``tracker_label`` and ``garage_organization_name`` are not kept: they are read from the
    tracker and the garage whenever the vehicle is answered.
    """

    id: int
    user_id: int
    """The master user owning the vehicle."""


NO_READINGS: Final[Mapping[str, int | float]] = MappingProxyType({})
"""The readings of a point that reports none: one shared, read-only mapping."""


READING_INTEGERS: Final = range(-(10**20) + 1, 10**20)
"""The integers a reading may hold: 20 digits (a hardware key's), past 64 bits; an absurd
one is refused rather than stored for sensors to compute with."""

ADDITIONAL_STATE_READINGS: Final = frozenset({"hardware_key", "moving", "status"})
"""Readings a tracker's state shows under ``additional`` (as text), beside the sensors."""


def reading_text(raw: float) -> str:
    """A reading as text with every digit it came with: an integer as it is (a hardware
    key's 20 digits), a fraction as the shortest text that reads back the same, a whole
    float without its ``.0``."""
    if isinstance(raw, int):
        return str(raw)
    if raw.is_integer() and abs(raw) < 2**53:
        return str(int(raw))
    return repr(raw)


def _readings(values: Mapping[str, int | float]) -> Mapping[str, int | float]:
    for name, value in values.items():
        if isinstance(value, int) and value not in READING_INTEGERS:
            raise ValueError(f"readings[{name!r}]: an integer of more than 20 digits")
    return values or NO_READINGS


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackPointRecord:
    """One recorded GPS point of a tracker.

    ``World.track_points`` keeps them ordered by tracker, then by ``get_time`` (points of
    the same time keep the order they arrived in). A world may hold millions: the record has
    no weak-reference slot, and the points without readings share one empty mapping.
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
    ignition: bool | None = None
    """The ignition, when the device reports it with the point."""
    inputs: list[bool] | None = None
    """The digital inputs (input 1 first), when the device reports them with the point."""
    readings: Mapping[str, int | float] = attrs.field(default=NO_READINGS, converter=_readings)
    """Values the device reported with the point, by name (``fuel_level``, ``board_voltage``,
    ``obd_coolant_t``): what sensors read."""
    event: str | None = None
    """An event the device reported with this point (``speeding``, ``harsh_braking``...);
    ``asset/track/list`` counts them with ``count_events``."""


def calibration_problem(points: Sequence[CalibrationPoint]) -> str | None:
    """What makes ``points`` no calibration table (none is one: no calibration), or ``None``."""
    if len(points) == 1:
        return "a calibration table needs two points at least"
    ins = [p.in_ for p in points]
    if len(set(ins)) < len(ins):
        return "each in value may appear once"
    return None


def _table(points: Sequence[CalibrationPoint]) -> list[CalibrationPoint]:
    problem = calibration_problem(points)
    if problem is not None:
        raise ValueError(f"calibration: {problem}")
    return sorted(points, key=lambda p: p.in_)


@attrs.frozen(kw_only=True, weakref_slot=False)
class MeteringSensorRecord(MeteringSensor):
    """A metering sensor as the world keeps it: the API's sensor, its tracker and its
    calibration table."""

    tracker_id: int
    calibration: list[CalibrationPoint] = attrs.field(factory=list, converter=_table)
    """Its calibration table, kept by ``in`` (``tracker/sensor/calibration_data/*``): two
    points at least, each ``in`` once; empty: none."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DiscreteSensorRecord(DiscreteSensor):
    """A discrete input as the world keeps it: the API's sensor and its tracker."""

    tracker_id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class VirtualSensorRecord(VirtualSensor):
    """A virtual sensor as the world keeps it: the API's sensor and its tracker."""

    tracker_id: int


SensorRecord = MeteringSensorRecord | DiscreteSensorRecord | VirtualSensorRecord
"""A tracker's sensor, told apart by its ``type`` key as on the wire."""

tagged_union(SensorRecord, tag="type")


@attrs.frozen(kw_only=True, weakref_slot=False)
class AssetGroupRecord(AssetGroup):
    """An asset group as the world keeps it: the API's group and its owner. An asset is in
    one group at most; an asset that no longer exists is not answered."""

    user_id: int
    """The master user owning the group."""
