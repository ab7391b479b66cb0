"""Sensors, readings and counters: what a tracker's recorded points say.

A point carries the values its device reported (``readings``: ``fuel_level``,
``board_voltage``...), its digital ``inputs`` and its ``ignition``. A metering sensor reads
the newest value of its ``input_name`` (within its ``min``..``max``) divided by its
``divider``; a composite sensor (with ``parent_ids``) sums its parts; a virtual sensor derives
its value from its input. The odometer is the length of the track, the engine hours the time
with the ignition on; a counter set by ``tracker/counter/value/set`` counts on from its value.
Everything is read from the points at the time of the call, so a drive fed to the world moves
the readings, the counters and the mileage together.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Sequence
from typing import get_args

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._types import UNSET, Unset
from fleetapi.models.reading import (
    COUNTER_TYPES,
    CounterReading,
    CounterType,
    SensorReading,
    StateReading,
    TrackerReadings,
    VirtualSensorReading,
)
from fleetapi.models.sensor import NewMeteringSensor, NewSensor, Sensor
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track import length_km
from fleetapi_mock.state.records import (
    DiscreteSensorRecord,
    MeteringSensorRecord,
    SensorRecord,
    TrackerRecord,
    TrackPointRecord,
    VirtualSensorRecord,
    convert,
    reading_text,
)
from fleetapi_mock.state.world import World

__all__ = [
    "Reading",
    "counter_value",
    "engine_hours_between",
    "is_composite",
    "metering_values",
    "mileage_by_day",
    "sensor_record",
    "sensors_of",
    "tracker_readings",
    "wire_sensor",
]

_WIRE: dict[str, type[Sensor]] = {kind.TAG: kind for kind in get_args(Sensor)}
_RECORDS: dict[str, type[SensorRecord]] = {kind.TAG: kind for kind in get_args(SensorRecord)}
"""The API's sensor and the record of each kind, by ``type``."""


@attrs.frozen
class Reading:
    """A value and when it was reported (UTC)."""

    value: float
    time: dt.datetime


def sensors_of(world: World, tracker_id: int) -> list[SensorRecord]:
    """A tracker's sensors, by ID."""
    return sorted(
        (s for s in world.sensors.values() if s.tracker_id == tracker_id), key=lambda s: s.id
    )


def wire_sensor(record: SensorRecord) -> Sensor:
    """The API's sensor of a sensor record."""
    return convert(_WIRE[record.TAG], record)


def sensor_record(sensor: NewSensor, *, sensor_id: int, tracker_id: int) -> SensorRecord:
    """The record of a sensor of the API (a new one, or one replacing the stored one)."""
    return convert(_RECORDS[sensor.TAG], sensor, id=sensor_id, tracker_id=tracker_id)


def _accepts(sensor: MeteringSensorRecord, value: float) -> bool:
    """Whether a raw value lies within the sensor's ``min``..``max``."""
    params = sensor.parameters
    if isinstance(params, Unset):
        return True
    low = params.min if not isinstance(params.min, Unset) else None
    high = params.max if not isinstance(params.max, Unset) else None
    return (low is None or value >= low) and (high is None or value <= high)


def _last_raw(
    points: Sequence[TrackPointRecord], sensors: Iterable[MeteringSensorRecord]
) -> dict[int, Reading]:
    """The newest acceptable raw value of each sensor's input, by sensor ID (one backward
    pass over the points, stopping once every sensor has one)."""
    wanted = {s.id: s for s in sensors if not is_composite(s)}
    found: dict[int, Reading] = {}
    for point in reversed(points):
        if not point.readings:
            continue
        for sensor_id, sensor in list(wanted.items()):
            raw = point.readings.get(sensor.input_name)
            if raw is not None and _accepts(sensor, raw):
                found[sensor_id] = Reading(raw, point.get_time)
                del wanted[sensor_id]
        if not wanted:
            break
    return found


def is_composite(sensor: NewMeteringSensor) -> bool:
    """Whether a metering sensor sums others (it has ``parent_ids``, even empty ones)."""
    params = sensor.parameters
    return not isinstance(params, Unset) and not isinstance(params.parent_ids, Unset)


def _parts(sensor: MeteringSensorRecord) -> list[int]:
    params = sensor.parameters
    if isinstance(params, Unset) or isinstance(params.parent_ids, Unset):
        return []
    return params.parent_ids


def metering_values(world: World, tracker_id: int) -> dict[int, Reading]:
    """The value of each metering sensor of a tracker that has one, by sensor ID: the raw
    value divided by the ``divider``; a composite sensor sums its parts' values (the newest
    of their times), and has a value once one of its parts has."""
    sensors = [s for s in sensors_of(world, tracker_id) if isinstance(s, MeteringSensorRecord)]
    raw = _last_raw(world.points_of(tracker_id), sensors)
    dividers = {s.id: s.divider for s in sensors}
    values = {
        sensor_id: Reading(reading.value / dividers[sensor_id], reading.time)
        for sensor_id, reading in raw.items()
    }
    for sensor in sensors:
        parts = [values[p] for p in _parts(sensor) if p in values]
        if parts:
            values[sensor.id] = Reading(
                sum(p.value for p in parts) / sensor.divider, max(p.time for p in parts)
            )
    return values


def _virtual_value(sensor: VirtualSensorRecord, raw: float) -> str:
    """A virtual sensor's value from its input's raw value, as its title when it has one."""
    params = sensor.parameters
    method = "identity" if isinstance(params, Unset) else params.calc_method
    value: str
    if isinstance(params, Unset) or method in ("identity", UNSET):
        value = reading_text(raw)
    elif method == "in_range":
        low = params.range_from if not isinstance(params.range_from, Unset) else None
        high = params.range_to if not isinstance(params.range_to, Unset) else None
        inside = (low is None or raw >= low) and (high is None or raw <= high)
        value = "1" if inside else "0"
    else:
        bit = params.bit_index if not isinstance(params.bit_index, Unset) else 1
        value = str((int(raw) >> (bit - 1)) & 1)
    if not isinstance(params, Unset) and not isinstance(params.value_titles, Unset):
        for title in params.value_titles:
            if title.value == value:
                return title.title
    return value


def _bits(flags: Sequence[bool]) -> int:
    return sum(1 << i for i, on in enumerate(flags) if on)


def tracker_readings(
    ctx: Context,
    tracker: TrackerRecord,
    *,
    sensor_type: str | Unset = UNSET,
    include_components: bool = True,
) -> TrackerReadings:
    """``tracker/readings/list`` of a tracker (times in the caller's time zone)."""
    world = ctx.world
    sensors = sensors_of(world, tracker.id)
    values = metering_values(world, tracker.id)
    composites: dict[int, list[int]] = {}
    for sensor in sensors:
        if isinstance(sensor, MeteringSensorRecord):
            for part in _parts(sensor):
                composites.setdefault(part, []).append(sensor.id)
    inputs = []
    for sensor in sensors:
        if not isinstance(sensor, MeteringSensorRecord) or sensor.id not in values:
            continue
        if not isinstance(sensor_type, Unset) and sensor.sensor_type != sensor_type:
            continue
        if not include_components and sensor.id in composites:
            continue
        params = sensor.parameters
        low = UNSET if isinstance(params, Unset) else params.min
        high = UNSET if isinstance(params, Unset) else params.max
        inputs.append(
            SensorReading(
                sensor_id=sensor.id,
                value=round(values[sensor.id].value, 6),
                label=sensor.name,
                units=sensor.units,
                name=sensor.input_name,
                type=sensor.sensor_type,
                units_type=sensor.units_type,
                update_time=ctx.user_time(values[sensor.id].time),
                min_value=low if isinstance(low, Unset) else low / sensor.divider,
                max_value=high if isinstance(high, Unset) else high / sensor.divider,
                composite_sensor_ids=composites.get(sensor.id, []),
            )
        )
    points = world.points_of(tracker.id)
    virtual = []
    for sensor in sensors:
        if not isinstance(sensor, VirtualSensorRecord):
            continue
        if not isinstance(sensor_type, Unset) and sensor.sensor_type != sensor_type:
            continue
        last = _newest(points, sensor.input_name)
        if last is not None:
            virtual.append(
                VirtualSensorReading(
                    sensor_id=sensor.id,
                    value=_virtual_value(sensor, last.value),
                    label=sensor.name,
                    type=sensor.sensor_type,
                    update_time=ctx.user_time(last.time),
                )
            )
    if not isinstance(sensor_type, Unset):
        return TrackerReadings(inputs=inputs, virtual_sensors=virtual)
    return TrackerReadings(
        inputs=inputs,
        virtual_sensors=virtual,
        states=_states(ctx, tracker, sensors, points),
        counters=[
            CounterReading(
                type=kind, value=round(value.value, 6), update_time=ctx.user_time(value.time)
            )
            for kind in COUNTER_TYPES
            if (value := counter_value(world, tracker, kind)) is not None
        ],
    )


def _newest(points: Sequence[TrackPointRecord], name: str) -> Reading | None:
    for point in reversed(points):
        value = point.readings.get(name)
        if value is not None:
            return Reading(value, point.get_time)
    return None


def _states(
    ctx: Context,
    tracker: TrackerRecord,
    sensors: Sequence[SensorRecord],
    points: Sequence[TrackPointRecord],
) -> list[StateReading]:
    """``input_status`` and ``output_status``, then every reported value no sensor reads
    (its newest), by name."""
    state = tracker.state
    states = [
        StateReading(
            field="input_status",
            value=_bits(state.inputs),
            update_time=ctx.optional_user_time(state.inputs_update),
        ),
        StateReading(
            field="output_status",
            value=_bits(state.outputs),
            update_time=ctx.optional_user_time(state.outputs_update),
        ),
    ]
    read = {s.input_name for s in sensors if not isinstance(s, DiscreteSensorRecord)}
    newest: dict[str, Reading] = {}
    for point in reversed(points):
        for name, value in point.readings.items():
            if name not in read and name not in newest:
                newest[name] = Reading(value, point.get_time)
    for name in sorted(newest):
        states.append(
            StateReading(
                field=name,
                value=newest[name].value,
                update_time=ctx.user_time(newest[name].time),
            )
        )
    return states


def _after(points: Sequence[TrackPointRecord], since: dt.datetime | None) -> list[TrackPointRecord]:
    if since is None:
        return list(points)
    return [p for p in points if p.get_time > since]


def _ignition_hours(points: Sequence[TrackPointRecord]) -> float:
    seconds = sum(
        (b.get_time - a.get_time).total_seconds()
        for a, b in itertools.pairwise(points)
        if a.ignition
    )
    return seconds / 3600


def counter_value(world: World, tracker: TrackerRecord, kind: CounterType) -> Reading | None:
    """A counter's value now and when it last changed (UTC), or ``None`` when it has none:
    never set, and no point (the odometer) or no point reporting the ignition (the engine
    hours)."""
    points = world.points_of(tracker.id)
    setting = tracker.counters.get(kind)
    counted = _after(points, None if setting is None else setting.time)
    if kind == "odometer":
        if setting is None and not counted:
            return None
        added = length_km(counted)
    else:
        if setting is None and all(p.ignition is None for p in counted):
            return None
        added = _ignition_hours(counted)
    if setting is None:
        return Reading(added, counted[-1].get_time)
    changed = max(setting.time, counted[-1].get_time) if counted else setting.time
    return Reading(setting.value + added, changed)


def engine_hours_between(
    points: Sequence[TrackPointRecord], start: dt.datetime, end: dt.datetime
) -> float:
    """The hours with the ignition on between ``start`` and ``end`` (UTC): the time between
    consecutive points both in the period while the first reports the ignition on."""
    return _ignition_hours([p for p in points if start <= p.get_time <= end])


def mileage_by_day(
    ctx: Context, points: Sequence[TrackPointRecord], start: dt.datetime, end: dt.datetime
) -> dict[str, float]:
    """Km by day (``YYYY-MM-DD`` in the caller's time zone) of the period ``start``..``end``
    (UTC): each pair of consecutive points both in the period counts on the day of the
    second; every day of the period is there, 0 without points."""
    days: dict[str, float] = {}
    day = ctx.user_time(start).date()
    last = ctx.user_time(end).date()
    while day <= last:
        days[day.isoformat()] = 0.0
        day += dt.timedelta(days=1)
    inside = [p for p in points if start <= p.get_time <= end]
    for a, b in itertools.pairwise(inside):
        key = ctx.user_time(b.get_time).date().isoformat()
        days[key] = days.get(key, 0.0) + haversine_distance(a.lat, a.lng, b.lat, b.lng) / 1000
    return {key: round(km, 3) for key, km in days.items()}
