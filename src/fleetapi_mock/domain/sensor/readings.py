"""What a tracker's sensors read last: ``tracker/readings/list``, ``tracker/get_fuel``,
``tracker/get_readings`` and ``tracker/get_diagnostics`` (times in the caller's time zone).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import TypeVar

from fleetapi._types import UNSET, Unset
from fleetapi.models.reading import (
    COUNTER_TYPES,
    CounterReading,
    Diagnostics,
    SensorReading,
    SensorValue,
    StateReading,
    TrackerReadings,
    VirtualSensorReading,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.sensor.counters import counter_value
from fleetapi_mock.domain.sensor.inputs import (
    diagnostic_type,
    input_label,
    is_diagnostic_input,
    is_diagnostic_state,
)
from fleetapi_mock.domain.sensor.values import (
    Reading,
    calibrated,
    is_composite,
    metering_values,
    newest,
    parts,
    sensors_of,
    virtual_value,
)
from fleetapi_mock.state.records import (
    DiscreteSensorRecord,
    MeteringSensorRecord,
    SensorRecord,
    TrackerRecord,
    TrackPointRecord,
    VirtualSensorRecord,
    reading_text,
)

__all__ = ["diagnostics", "sensor_values", "tracker_readings"]

_V = TypeVar("_V", bound=SensorValue)


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
            for part in parts(sensor):
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
                min_value=low if isinstance(low, Unset) else calibrated(sensor, low),
                max_value=high if isinstance(high, Unset) else calibrated(sensor, high),
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
        last = newest(points, sensor.input_name)
        if last is not None:
            virtual.append(
                VirtualSensorReading(
                    sensor_id=sensor.id,
                    value=virtual_value(sensor, last.value),
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
    newest_of = _newest_values(points, lambda name: name not in read)
    for name in sorted(newest_of):
        states.append(
            StateReading(
                field=name,
                value=newest_of[name].value,
                update_time=ctx.user_time(newest_of[name].time),
            )
        )
    return states


def _newest_values(
    points: Sequence[TrackPointRecord], wanted: Callable[[str], bool]
) -> dict[str, Reading]:
    """The newest value of every reported name ``wanted`` keeps, by name."""
    found: dict[str, Reading] = {}
    for point in reversed(points):
        for name, value in point.readings.items():
            if name not in found and wanted(name):
                found[name] = Reading(value, point.get_time)
    return found


def _value(kind: type[_V], sensor: MeteringSensorRecord, value: float) -> _V:
    return kind(
        label=sensor.name,
        name=sensor.input_name,
        type=sensor.sensor_type,
        value=round(value, 6),
        units_type=sensor.units_type,
        units=sensor.units,
    )


def sensor_values(
    ctx: Context,
    tracker: TrackerRecord,
    keep: Callable[[MeteringSensorRecord], bool],
    kind: type[_V],
) -> tuple[list[_V], dt.datetime | None]:
    """The last values of the tracker's metering sensors that ``keep`` keeps and have one,
    by sensor ID, and the newest of their times (in the caller's time zone)."""
    values = metering_values(ctx.world, tracker.id)
    kept = [
        s
        for s in sensors_of(ctx.world, tracker.id)
        if isinstance(s, MeteringSensorRecord) and s.id in values and keep(s)
    ]
    newest_time = max((values[s.id].time for s in kept), default=None)
    return (
        [_value(kind, s, values[s.id].value) for s in kept],
        None if newest_time is None else ctx.user_time(newest_time),
    )


def diagnostics(ctx: Context, tracker: TrackerRecord) -> Diagnostics:
    """``tracker/get_diagnostics``: each CAN or OBD input the tracker reported, by name (as
    the metering sensor reading it answers it, else as reported), and its diagnostic states
    as text."""
    world = ctx.world
    values = metering_values(world, tracker.id)
    readers = {
        s.input_name: s
        for s in sensors_of(world, tracker.id)
        if isinstance(s, MeteringSensorRecord) and not is_composite(s)
    }
    reported = _newest_values(
        world.points_of(tracker.id),
        lambda name: is_diagnostic_input(name) or is_diagnostic_state(name),
    )
    inputs: list[SensorValue] = []
    states: dict[str, str] = {}
    times: list[dt.datetime] = []
    for name in sorted(reported):
        last = reported[name]
        if is_diagnostic_state(name):
            states[name] = reading_text(last.value)
            times.append(last.time)
        elif (sensor := readers.get(name)) is not None:
            if sensor.id in values:
                inputs.append(_value(SensorValue, sensor, values[sensor.id].value))
                times.append(values[sensor.id].time)
        else:
            inputs.append(
                SensorValue(
                    label=input_label(name),
                    name=name,
                    type=diagnostic_type(name),
                    value=last.value,
                    units_type="custom",
                    units="",
                )
            )
            times.append(last.time)
    return Diagnostics(
        inputs=inputs,
        states=states or None,
        update_time=ctx.user_time(max(times)) if times else None,
    )
