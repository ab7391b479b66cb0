"""Sensors, readings and counters: what a tracker's recorded points say.

A point carries the values its device reported (``readings``: ``fuel_level``,
``board_voltage``...), its digital ``inputs`` and its ``ignition``. A metering sensor reads
the newest value of its ``input_name`` (within its ``min``..``max``) divided by its
``divider`` and read through its calibration table; a composite sensor (with ``parent_ids``)
sums its parts; a virtual sensor derives its value from its input
(:mod:`~fleetapi_mock.domain.sensor.values`). The odometer is the length of the track (or the
growth of a sensor's value), the engine hours the time with the ignition on; a counter set by
``tracker/counter/value/set`` counts on from its value
(:mod:`~fleetapi_mock.domain.sensor.counters`). Everything is read from the points at the time
of the call, so a drive fed to the world moves the readings, the counters and the mileage
together.
"""

from __future__ import annotations

from fleetapi_mock.domain.sensor.calibration import omnicomm_table
from fleetapi_mock.domain.sensor.counters import (
    counter_at,
    counter_id,
    counter_series,
    counter_setting,
    counter_value,
    engine_hours_between,
    mileage_by_day,
)
from fleetapi_mock.domain.sensor.inputs import input_names, is_diagnostic_input
from fleetapi_mock.domain.sensor.readings import diagnostics, sensor_values, tracker_readings
from fleetapi_mock.domain.sensor.values import (
    Reading,
    is_composite,
    metering_series,
    metering_values,
    parts,
    sensor_record,
    sensors_of,
    virtual_series,
    wire_sensor,
)

__all__ = [
    "Reading",
    "counter_at",
    "counter_id",
    "counter_series",
    "counter_setting",
    "counter_value",
    "diagnostics",
    "engine_hours_between",
    "input_names",
    "is_composite",
    "is_diagnostic_input",
    "metering_series",
    "metering_values",
    "mileage_by_day",
    "omnicomm_table",
    "parts",
    "sensor_record",
    "sensor_values",
    "sensors_of",
    "tracker_readings",
    "virtual_series",
    "wire_sensor",
]
