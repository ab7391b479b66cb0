"""A sensor's values, read from its tracker's points.

A metering sensor reads its ``input_name`` among a point's ``readings``: a raw value within
its ``min``..``max`` (another is ignored), divided by its ``divider``, then read through its
calibration table when it has one (:func:`calibrated`). A composite sensor (with
``parent_ids``) sums its parts' values. A virtual sensor derives a text from its input.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import get_args

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.sensor import NewMeteringSensor, NewSensor, Sensor
from fleetapi_mock.domain.sensor.calibration import through_table
from fleetapi_mock.state.records import (
    MeteringSensorRecord,
    SensorRecord,
    TrackPointRecord,
    VirtualSensorRecord,
    convert,
    reading_text,
)
from fleetapi_mock.state.world import World

__all__ = [
    "Reading",
    "calibrated",
    "is_composite",
    "metering_series",
    "metering_values",
    "newest",
    "parts",
    "sensor_record",
    "sensors_of",
    "virtual_series",
    "virtual_value",
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


def sensor_record(
    sensor: NewSensor, *, sensor_id: int, tracker_id: int, kept: SensorRecord | None = None
) -> SensorRecord:
    """The record of a sensor of the API (a new one, or one replacing ``kept``, whose
    calibration table it keeps unless it becomes a composite sensor)."""
    record = convert(_RECORDS[sensor.TAG], sensor, id=sensor_id, tracker_id=tracker_id)
    if (
        isinstance(record, MeteringSensorRecord)
        and isinstance(kept, MeteringSensorRecord)
        and not is_composite(record)
    ):
        return attrs.evolve(record, calibration=kept.calibration)
    return record


def is_composite(sensor: NewMeteringSensor) -> bool:
    """Whether a metering sensor sums others (it has ``parent_ids``, even empty ones)."""
    params = sensor.parameters
    return not isinstance(params, Unset) and not isinstance(params.parent_ids, Unset)


def parts(sensor: MeteringSensorRecord) -> list[int]:
    """The sensors a composite sensor sums (none for another)."""
    params = sensor.parameters
    if isinstance(params, Unset) or isinstance(params.parent_ids, Unset):
        return []
    return params.parent_ids


def calibrated(sensor: MeteringSensorRecord, raw: float) -> float:
    """A metering sensor's value of a raw value (or of its parts' sum): divided by its
    ``divider``, then read through its calibration table when it has one."""
    value = raw / sensor.divider
    return through_table(sensor.calibration, value) if sensor.calibration else value


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


def _combined(
    sensors: Sequence[MeteringSensorRecord], raw: Mapping[int, Reading]
) -> dict[int, Reading]:
    """Each sensor's value from its raw value (``raw``, by sensor ID); a composite sensor's
    from its parts' values (the newest of their times), once one of them has one."""
    values = {
        s.id: Reading(calibrated(s, raw[s.id].value), raw[s.id].time)
        for s in sensors
        if s.id in raw
    }
    for sensor in sensors:
        found = [values[p] for p in parts(sensor) if p in values]
        if found:
            values[sensor.id] = Reading(
                calibrated(sensor, sum(p.value for p in found)), max(p.time for p in found)
            )
    return values


def _metering(world: World, tracker_id: int) -> list[MeteringSensorRecord]:
    return [s for s in sensors_of(world, tracker_id) if isinstance(s, MeteringSensorRecord)]


def metering_values(world: World, tracker_id: int) -> dict[int, Reading]:
    """The value of each metering sensor of a tracker that has one, by sensor ID: its newest
    raw value through :func:`calibrated`; a composite sensor sums its parts' values (the
    newest of their times), and has a value once one of its parts has."""
    sensors = _metering(world, tracker_id)
    return _combined(sensors, _last_raw(world.points_of(tracker_id), sensors))


def _inputs_of(sensor: MeteringSensorRecord, sensors: Sequence[MeteringSensorRecord]) -> set[int]:
    """The sensors whose raw values make ``sensor``'s value: itself, or its parts' (and
    theirs)."""
    by_id = {s.id: s for s in sensors}
    found: set[int] = set()
    waiting = [sensor.id]
    while waiting:
        current = by_id.get(waiting.pop())
        if current is None or current.id in found:
            continue
        found.add(current.id)
        waiting.extend(parts(current))
    return found


def running_values(
    world: World, sensor: MeteringSensorRecord, points: Sequence[TrackPointRecord]
) -> Iterator[tuple[TrackPointRecord, Reading]]:
    """Each point of ``points`` (in time order) that changes ``sensor``'s value, with the
    value after it: the point reports an acceptable raw value of the sensor or of one of
    the parts it sums. Parts' values reported before ``points`` are not known."""
    sensors = _metering(world, sensor.tracker_id)
    sources = {
        s.id: s for s in sensors if s.id in _inputs_of(sensor, sensors) and not is_composite(s)
    }
    raw: dict[int, Reading] = {}
    for point in points:
        changed = False
        for sensor_id, source in sources.items():
            value = point.readings.get(source.input_name)
            if value is not None and _accepts(source, value):
                raw[sensor_id] = Reading(value, point.get_time)
                changed = True
        if changed:
            if sensor.id in sources:
                yield point, Reading(calibrated(sensor, raw[sensor.id].value), point.get_time)
            elif (found := _combined(sensors, raw).get(sensor.id)) is not None:
                yield point, Reading(found.value, point.get_time)


def metering_series(
    world: World,
    sensor: MeteringSensorRecord,
    start: dt.datetime,
    end: dt.datetime,
    *,
    raw: bool = False,
) -> list[tuple[dt.datetime, float]]:
    """A metering sensor's values at the points between ``start`` and ``end`` (UTC) that
    change it; with ``raw``, a sensor reading an input answers the raw values as reported
    (a composite sensor sums its parts' values either way)."""
    points = world.points_of(sensor.tracker_id)
    if raw and not is_composite(sensor):
        return [
            (p.get_time, value)
            for p in points
            if start <= p.get_time <= end
            and (value := p.readings.get(sensor.input_name)) is not None
            and _accepts(sensor, value)
        ]
    # a composite's parts count from their newest values before the period
    upto = [p for p in points if p.get_time <= end]
    return [
        (point.get_time, round(value.value, 6))
        for point, value in running_values(world, sensor, upto)
        if point.get_time >= start
    ]


def virtual_value(sensor: VirtualSensorRecord, raw: float) -> str:
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


def virtual_series(
    world: World, sensor: VirtualSensorRecord, start: dt.datetime, end: dt.datetime
) -> list[tuple[dt.datetime, str]]:
    """A virtual sensor's values at the points between ``start`` and ``end`` (UTC) that
    report its input."""
    return [
        (p.get_time, virtual_value(sensor, value))
        for p in world.points_of(sensor.tracker_id)
        if start <= p.get_time <= end and (value := p.readings.get(sensor.input_name)) is not None
    ]


def newest(points: Sequence[TrackPointRecord], name: str) -> Reading | None:
    """The newest value of ``name`` among the points, if one reports it."""
    for point in reversed(points):
        value = point.readings.get(name)
        if value is not None:
            return Reading(value, point.get_time)
    return None
