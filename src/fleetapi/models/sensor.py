"""A tracker's sensors (``tracker/sensor/*``), as the service documents them.

A sensor gives a meaning to what a device reports: a *metering* sensor reads a named value
(``fuel_level``, ``obd_coolant_t``), a *discrete* one a digital input (the ignition on input
4), a *virtual* one derives a state from a named value (a voltage in a range: the ignition is
on). Each kind is told apart on the wire by its ``type`` key.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union

__all__ = [
    "MAX_BATCH_SENSOR_TRACKERS",
    "MAX_CALIBRATION_POINTS",
    "MAX_SENSORS_OF_A_TYPE",
    "MAX_SENSOR_DATA_SPAN",
    "CalibrationPoint",
    "CalibrationReadParams",
    "CalibrationUpdateParams",
    "CalibrationUploadParams",
    "DiscreteSensor",
    "DiscreteSensorType",
    "InputName",
    "InputValueType",
    "MeteringParameters",
    "MeteringSensor",
    "MeteringSensorType",
    "NewDiscreteSensor",
    "NewMeteringSensor",
    "NewSensor",
    "NewVirtualSensor",
    "Sensor",
    "SensorBatchCopyParams",
    "SensorBatchListParams",
    "SensorCreateParams",
    "SensorDataReadParams",
    "SensorDataValue",
    "SensorDeleteParams",
    "SensorUpdateParams",
    "ValueTitle",
    "VirtualParameters",
    "VirtualSensor",
    "VirtualSensorType",
]

MAX_BATCH_SENSOR_TRACKERS = 500
"""The most trackers one ``tracker/sensor/batch_list`` reads (221 beyond)."""

MAX_SENSORS_OF_A_TYPE = 32
"""The most sensors of one ``sensor_type`` a tracker holds (270 beyond)."""

MAX_CALIBRATION_POINTS = 1000
"""The most points of a sensor's calibration table."""

MAX_SENSOR_DATA_SPAN = dt.timedelta(days=30)
"""The longest period ``tracker/sensor/data/read`` reads when the platform sets no
``report.max_time_span`` (211 beyond)."""

MeteringSensorType = Literal[
    "fuel", "temperature", "rpm", "custom", "fuel_consumption", "instant_consumption",
    "power", "speed", "flow_meter", "acceleration",
]  # fmt: skip
"""What a metering sensor measures."""

DiscreteSensorType = Literal[
    "ignition", "sos_button", "power", "engine", "car_alarm", "door", "charge", "detach", "custom"
]
"""What a discrete input means."""

VirtualSensorType = Literal["state", "virtual_ignition"]
"""A virtual sensor: the ignition (one per tracker) or another state."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MeteringParameters:
    """The optional settings of a metering sensor."""

    parent_ids: list[int] | Unset = UNSET
    """The sensors a composite sensor sums (its parts)."""
    volume: float | Unset = UNSET
    """The volume of a composite sensor."""
    min: float | Unset = UNSET
    """The lowest raw value accepted: a lower one is ignored."""
    max: float | Unset = UNSET
    """The highest raw value accepted: a higher one is ignored."""
    max_lowering_by_time: float | Unset = UNSET
    """Per hour."""
    max_lowering_by_mileage: float | Unset = UNSET
    """Per 100 km."""
    ignore_drains_in_move: bool | Unset = UNSET
    ignore_refuels_in_move: bool | Unset = UNSET
    refuel_gap_minutes: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    custom_field_name: bool | Unset = UNSET
    """``input_name`` is a name of the user's choosing."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ValueTitle:
    """A title shown for one value of a virtual sensor (``"1"`` is ``On``)."""

    value: str = attrs.field(metadata=rules(max_length=64))
    title: str = attrs.field(metadata=rules(max_length=64))


@attrs.frozen(kw_only=True, weakref_slot=False)
class VirtualParameters:
    """How a virtual sensor derives its value from its input."""

    calc_method: Literal["in_range", "identity", "bit_index"] | Unset = UNSET
    """``in_range``: 1 inside ``range_from``..``range_to``, else 0; ``identity``: the input's
    value; ``bit_index``: the bit ``bit_index`` (1 is the lowest) of the input's value."""
    range_from: float | Unset = UNSET
    range_to: float | Unset = UNSET
    bit_index: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1, maximum=64))
    value_titles: list[ValueTitle] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=100)
    )
    """At most 100, values unique."""


_NAME = rules(not_blank=True, max_length=100)
_INPUT_NAME = rules(not_blank=True, max_length=64)


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewMeteringSensor:
    """A metering sensor without its ID (``{"type": "metering", ...}``)."""

    TAG: ClassVar[str] = "metering"

    sensor_type: MeteringSensorType
    name: str = attrs.field(metadata=_NAME)
    input_name: str = attrs.field(metadata=_INPUT_NAME)
    """The value it reads (``fuel_level``, ``lls_level_1``, ``obd_coolant_t``)."""
    divider: float = attrs.field(default=1.0, metadata=rules(minimum=0.001))
    """The value is the raw value divided by it (at least 0.001)."""
    accuracy: float = attrs.field(default=0.0, metadata=rules(minimum=0, maximum=100))
    units: str = attrs.field(default="", metadata=rules(max_length=64))
    units_type: str = attrs.field(default="custom", metadata=rules(max_length=64))
    """``litre``, ``celsius``, ``custom``..."""
    parameters: MeteringParameters | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewDiscreteSensor:
    """A discrete input without its ID (``{"type": "discrete", ...}``)."""

    TAG: ClassVar[str] = "discrete"

    sensor_type: DiscreteSensorType
    name: str = attrs.field(metadata=_NAME)
    input_number: int = attrs.field(metadata=rules(minimum=1, maximum=8))
    """The digital input it is bound to."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewVirtualSensor:
    """A virtual sensor without its ID (``{"type": "virtual", ...}``)."""

    TAG: ClassVar[str] = "virtual"

    sensor_type: VirtualSensorType
    name: str = attrs.field(metadata=_NAME)
    input_name: str = attrs.field(metadata=_INPUT_NAME)
    """The value it derives its own from (``board_voltage``)."""
    custom_field_name: bool = False
    parameters: VirtualParameters | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class MeteringSensor(NewMeteringSensor):
    """A tracker's metering sensor."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class DiscreteSensor(NewDiscreteSensor):
    """A tracker's discrete input."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class VirtualSensor(NewVirtualSensor):
    """A tracker's virtual sensor."""

    id: int


NewSensor = NewMeteringSensor | NewDiscreteSensor | NewVirtualSensor
"""A sensor to create, told apart by its ``type`` key (an ``id`` given is ignored)."""

tagged_union(NewSensor, tag="type")

Sensor = MeteringSensor | DiscreteSensor | VirtualSensor
"""A tracker's sensor, told apart on the wire by its ``type`` key."""

tagged_union(Sensor, tag="type")


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorBatchListParams:
    """Parameters of ``tracker/sensor/batch_list``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """Each the caller's and not blocked; at most :data:`MAX_BATCH_SENSOR_TRACKERS`."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorCreateParams:
    """Parameters of ``tracker/sensor/create``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor: NewSensor
    """The new sensor: metering, discrete or virtual, told apart by sensor_type."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorUpdateParams:
    """Parameters of ``tracker/sensor/update``: the whole sensor, named by its ``id``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor: Sensor
    """The sensor with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorDeleteParams:
    """Parameters of ``tracker/sensor/delete``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor_id: int
    """The sensor."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorBatchCopyParams:
    """Parameters of ``tracker/sensor/batch_copy``."""

    base_tracker_id: int
    """The tracker whose sensors are copied."""
    trackers: list[int] = attrs.field(
        metadata=rules(min_items=1, max_items=MAX_BATCH_SENSOR_TRACKERS)
    )
    """The trackers that get the copies, each of the base tracker's model; their own sensors
    are deleted. At most :data:`MAX_BATCH_SENSOR_TRACKERS`."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorDataReadParams:
    """Parameters of ``tracker/sensor/data/read``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor_id: int
    """A metering or virtual sensor of the tracker."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``; the period is at most the platform's ``report.max_time_span``
    (30 days when the platform sets none)."""
    raw_data: bool | Unset = UNSET
    """``true``: a metering sensor's raw values, before its divider and calibration
    (default ``false``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SensorDataValue:
    """A sensor's value at one point of the period."""

    value: Any
    """A number for a metering sensor, a text for a virtual one (its title when it has one)."""
    get_time: dt.datetime
    """When the device reported it."""


InputValueType = Literal["String", "Integer", "Double", "Boolean"]
"""The type of a state field's value."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class InputName:
    """An input or state field the platform knows (``tracker/sensor/input_name/list``)."""

    input_name: str
    """The name a sensor's ``input_name`` takes (an indexed input without its index:
    ``analog`` for ``analog_1``)."""
    description: str
    """What it is, ``[N]`` standing for an indexed input's number."""
    value_type: InputValueType | Unset = UNSET
    """A state field's type (inputs have none)."""
    value_titles: dict[str, str] | Unset = UNSET
    """A state field's values and what each means, when it has such titles."""


_TABLE_VALUE = rules(minimum=-1e12, maximum=1e12)


@attrs.frozen(kw_only=True, weakref_slot=False)
class CalibrationPoint:
    """A point of a sensor's calibration table: what the sensor reports (``in``) and the
    quantity it stands for (``out``)."""

    in_: float = attrs.field(metadata=_TABLE_VALUE)
    """The sensor's value (after its divider)."""
    out: float = attrs.field(metadata=_TABLE_VALUE)
    """The quantity it stands for (litres of fuel...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CalibrationReadParams:
    """Parameters of ``tracker/sensor/calibration_data/read``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor_id: int
    """A metering sensor of the tracker (not a composite one)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CalibrationUpdateParams:
    """Parameters of ``tracker/sensor/calibration_data/update``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor_id: int
    """A metering sensor of the tracker (not a composite one)."""
    data: list[CalibrationPoint] = attrs.field(metadata=rules(max_items=MAX_CALIBRATION_POINTS))
    """The whole table, each ``in`` once: two points at least, or none to remove it. At most
    :data:`MAX_CALIBRATION_POINTS`."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CalibrationUploadParams:
    """The form fields of ``tracker/sensor/calibration_data/upload_omnicomm``, beside the
    XML file part named ``file``."""

    tracker_id: int
    """The tracker the sensor belongs to."""
    sensor_id: int
    """A metering sensor of the tracker (not a composite one)."""
    sensor_number: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1, maximum=255))
    """Which sensor's table to take from a file describing several (needed then)."""
