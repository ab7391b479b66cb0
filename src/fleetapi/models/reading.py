"""What a tracker's sensors and counters read (``tracker/readings/*``, ``tracker/get_fuel``,
``tracker/counter/value/*``, ``tracker/stats/*``), as the service documents them.

Every figure comes from the points a tracker reported: a sensor's last value, the odometer
(the length of the track), the engine hours (the time with the ignition on).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal, get_args

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.sensor import MeteringSensorType, VirtualSensorType

__all__ = [
    "COUNTER_TYPES",
    "MAX_COUNTER_DATA_SPAN",
    "MAX_MILEAGE_TRACKERS",
    "Counter",
    "CounterDataReadParams",
    "CounterDataValue",
    "CounterReading",
    "CounterType",
    "CounterUpdateParams",
    "CounterValueListParams",
    "CounterValueParams",
    "CounterValueSetParams",
    "DayMileage",
    "Diagnostics",
    "EngineHoursReadParams",
    "FuelLevels",
    "FuelReading",
    "MileageReadParams",
    "MileageStats",
    "ReadingsBatchListParams",
    "ReadingsListParams",
    "SensorReading",
    "SensorTypeFilter",
    "SensorValue",
    "SensorValues",
    "StateReading",
    "TrackerReadings",
    "VirtualSensorReading",
]

MAX_MILEAGE_TRACKERS = 128
"""The most trackers one ``tracker/stats/mileage/read`` reads (221 beyond)."""

MAX_COUNTER_DATA_SPAN = dt.timedelta(days=31)
"""The longest period ``tracker/counter/data/read`` reads (7 beyond)."""

CounterType = Literal["odometer", "engine_hours"]
"""A tracker's counters: the odometer (km) and the engine hours (hours)."""

SensorTypeFilter = Literal[MeteringSensorType, VirtualSensorType]
"""A metering or a virtual sensor type (the ``sensor_type`` filter of the readings)."""

COUNTER_TYPES: tuple[CounterType, ...] = get_args(CounterType)
"""Every counter type, in order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorReading:
    """The last value of a metering sensor."""

    sensor_id: int
    value: float
    """The raw value divided by the sensor's ``divider`` (a composite sensor: its parts' sum)."""
    label: str
    """The sensor's name."""
    units: str
    name: str
    """The value the sensor reads (its ``input_name``)."""
    type: MeteringSensorType
    units_type: str
    update_time: dt.datetime
    min_value: float | Unset = UNSET
    max_value: float | Unset = UNSET
    converted_units_type: str | None = None
    converted_value: float | None = None
    composite_sensor_ids: list[int] = attrs.Factory(list)
    """The composite sensors this one is a part of."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StateReading:
    """The last value of a reported field no sensor reads, or of ``input_status`` and
    ``output_status`` (the digital inputs and outputs as bits, input 1 the lowest)."""

    field: str
    value: Any
    """A number, a text, a boolean or null."""
    update_time: dt.datetime | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class VirtualSensorReading:
    """The last value of a virtual sensor, as its title when it has one."""

    sensor_id: int
    value: str
    label: str
    type: VirtualSensorType
    update_time: dt.datetime


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterReading:
    """A counter's value."""

    type: CounterType
    value: float
    update_time: dt.datetime | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerReadings:
    """A tracker's last sensor values, states and counters (``tracker/readings/list``)."""

    inputs: list[SensorReading]
    """Metering sensors with a value."""
    virtual_sensors: list[VirtualSensorReading] = attrs.Factory(list)
    states: list[StateReading] | Unset = UNSET
    """Left out when the call names a ``sensor_type``."""
    counters: list[CounterReading] | Unset = UNSET
    """Left out when the call names a ``sensor_type``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReadingsListParams:
    """Parameters of ``tracker/readings/list``."""

    tracker_id: int
    """The tracker."""
    sensor_type: SensorTypeFilter | Unset = UNSET
    """Only sensors of this type; states and counters are then left out."""
    include_components: bool | Unset = UNSET
    """``false`` leaves out the parts of composite sensors (default ``true``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReadingsBatchListParams:
    """Parameters of ``tracker/readings/batch_list``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Each the caller's and not blocked; at most
    :data:`~fleetapi.models.sensor.MAX_BATCH_SENSOR_TRACKERS` (221 beyond)."""
    sensor_type: SensorTypeFilter | Unset = UNSET
    """Only the sensors of this type (default: every type)."""
    include_components: bool | Unset = UNSET
    """Also answer the components of virtual sensors (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorValue:
    """The last value of a metering sensor, or of a diagnostic input no sensor reads."""

    label: str
    """The sensor's name (an input no sensor reads: what the input is)."""
    name: str
    """The input it reads."""
    type: MeteringSensorType
    value: float
    units_type: str
    units: str
    converted_units_type: str | None = None
    converted_value: float | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class FuelReading(SensorValue):
    """The last value of a fuel sensor."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FuelLevels:
    """A tracker's fuel sensors' last values (``tracker/get_fuel``)."""

    inputs: list[FuelReading]
    update_time: dt.datetime | None = None
    """The newest of their values' times; null without one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorValues:
    """The last values of a tracker's metering sensors that read neither fuel nor a CAN or
    OBD input (``tracker/get_readings``)."""

    inputs: list[SensorValue]
    update_time: dt.datetime | None = None
    """The newest of their values' times; null without one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Diagnostics:
    """A tracker's last CAN and OBD values (``tracker/get_diagnostics``)."""

    inputs: list[SensorValue]
    """Each CAN or OBD input reported, as the sensor reading it answers it (else as reported)."""
    states: dict[str, str] | None = None
    """The last diagnostic states reported, by name, as text; null without one."""
    update_time: dt.datetime | None = None
    """The newest of their times; null without one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterValueParams:
    """Parameters of ``tracker/counter/value/get`` and ``tracker/counter/read``."""

    tracker_id: int
    """The tracker."""
    type: CounterType
    """The counter: odometer or engine hours."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterValueListParams:
    """Parameters of ``tracker/counter/value/list``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Each the caller's and not blocked; at most
    :data:`~fleetapi.models.tracker_data.MAX_BATCH_TRACKERS` (221 beyond)."""
    type: CounterType
    """The counter: odometer or engine hours."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterValueSetParams:
    """Parameters of ``tracker/counter/value/set``."""

    tracker_id: int
    """The tracker."""
    type: CounterType
    """The counter: odometer or engine hours."""
    value: float = attrs.field(metadata=rules(minimum=0, maximum=10_000_000))
    """Km for the odometer, hours for the engine hours; the counter goes on from it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MileageReadParams:
    """Parameters of ``tracker/stats/mileage/read``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Each the caller's and not blocked; at most :data:`MAX_MILEAGE_TRACKERS`."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DayMileage:
    """A tracker's mileage on one day."""

    mileage: float
    """Km."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MileageStats:
    """Mileage by tracker ID, then by day (``YYYY-MM-DD``, in the user's time zone)."""

    result: dict[str, dict[str, DayMileage]]
    limit_exceeded: bool = False


@attrs.frozen(kw_only=True, weakref_slot=False)
class EngineHoursReadParams:
    """Parameters of ``tracker/stats/engine_hours/read``."""

    tracker_id: int
    """The tracker."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Counter:
    """A tracker's counter and its settings (``tracker/counter/read``)."""

    id: int
    type: CounterType
    multiplier: float
    """What every distance or time the tracker's points add is multiplied by."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterUpdateParams:
    """Parameters of ``tracker/counter/update``."""

    tracker_id: int
    """The tracker."""
    type: CounterType
    """The counter: odometer or engine hours."""
    multiplier: float = attrs.field(metadata=rules(minimum=0.001, maximum=1000))
    """What every distance or time the points add is multiplied by (0.001 to 1000)."""
    sensor_id: int | Unset | None = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """The odometer's source: a metering sensor of the tracker whose value grows with the
    distance (null: the track's length; omitted: unchanged). Null for the engine hours."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterDataReadParams:
    """Parameters of ``tracker/counter/data/read``."""

    tracker_id: int
    """The tracker."""
    type: CounterType
    """The counter: odometer or engine hours."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``, at most 31 days after it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CounterDataValue:
    """A counter's value at one point of the period."""

    value: float
    update_time: dt.datetime
