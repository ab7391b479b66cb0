"""What a tracker's sensors and counters read, its counters' settings, and its mileage and
engine hours.

Every figure comes from the tracker's recorded points (:mod:`fleetapi_mock.domain.sensor`).
The codes for a tracker the caller may not see follow each call's documentation: 204 for the
readings and counters, 201 for the fuel, the other sensors' values and the diagnostics, 217
in a batch.
"""

from __future__ import annotations

import attrs

from fleetapi._errors import (
    EntityMissingError,
    InvalidParametersError,
    NotSupportedByDeviceError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.reading import (
    TRACKER_COUNTER_DATA_READ,
    TRACKER_COUNTER_READ,
    TRACKER_COUNTER_UPDATE,
    TRACKER_COUNTER_VALUE_GET,
    TRACKER_COUNTER_VALUE_LIST,
    TRACKER_COUNTER_VALUE_SET,
    TRACKER_GET_COUNTERS,
    TRACKER_GET_DIAGNOSTICS,
    TRACKER_GET_FUEL,
    TRACKER_GET_READINGS,
    TRACKER_READINGS_BATCH_LIST,
    TRACKER_READINGS_LIST,
    TRACKER_STATS_ENGINE_HOURS_READ,
    TRACKER_STATS_MILEAGE_READ,
)
from fleetapi.models.reading import (
    COUNTER_TYPES,
    MAX_COUNTER_DATA_SPAN,
    MAX_MILEAGE_TRACKERS,
    Counter,
    CounterDataReadParams,
    CounterDataValue,
    CounterReading,
    CounterType,
    CounterUpdateParams,
    CounterValueListParams,
    CounterValueParams,
    CounterValueSetParams,
    DayMileage,
    Diagnostics,
    EngineHoursReadParams,
    FuelLevels,
    FuelReading,
    MileageReadParams,
    MileageStats,
    ReadingsBatchListParams,
    ReadingsListParams,
    SensorValue,
    SensorValues,
    TrackerReadings,
)
from fleetapi.models.sensor import MAX_BATCH_SENSOR_TRACKERS
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_data import MAX_BATCH_TRACKERS
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.sensor import (
    Reading,
    counter_id,
    counter_series,
    counter_setting,
    counter_value,
    diagnostics,
    engine_hours_between,
    is_diagnostic_input,
    mileage_by_day,
    sensor_values,
    tracker_readings,
)
from fleetapi_mock.domain.tracker import unblocked_tracker, unblocked_trackers
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import MeteringSensorRecord, TrackerRecord


@handles(TRACKER_READINGS_LIST)
def tracker_readings_list(ctx: Context, params: ReadingsListParams) -> TrackerReadings:
    """The tracker's last sensor values, states and counters."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    return tracker_readings(
        ctx,
        tracker,
        sensor_type=params.sensor_type,
        include_components=params.include_components is not False,
    )


@handles(TRACKER_READINGS_BATCH_LIST)
def tracker_readings_batch_list(
    ctx: Context, params: ReadingsBatchListParams
) -> dict[str, TrackerReadings]:
    """The readings of each tracker, by tracker ID."""
    return {
        str(tracker.id): tracker_readings(
            ctx,
            tracker,
            sensor_type=params.sensor_type,
            include_components=params.include_components is not False,
        )
        for tracker in unblocked_trackers(ctx, params.trackers, limit=MAX_BATCH_SENSOR_TRACKERS)
    }


@handles(TRACKER_GET_FUEL)
def tracker_get_fuel(ctx: Context, params: TrackerReadParams) -> FuelLevels:
    """The last values of the tracker's fuel sensors."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    inputs, newest = sensor_values(ctx, tracker, lambda s: s.sensor_type == "fuel", FuelReading)
    return FuelLevels(inputs=inputs, update_time=newest)


@handles(TRACKER_GET_READINGS)
def tracker_get_readings(ctx: Context, params: TrackerReadParams) -> SensorValues:
    """The last values of the tracker's metering sensors but fuel, CAN and OBD ones."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    inputs, newest = sensor_values(
        ctx,
        tracker,
        lambda s: s.sensor_type != "fuel" and not is_diagnostic_input(s.input_name),
        SensorValue,
    )
    return SensorValues(inputs=inputs, update_time=newest)


@handles(TRACKER_GET_DIAGNOSTICS)
def tracker_get_diagnostics(ctx: Context, params: TrackerReadParams) -> Diagnostics:
    """The tracker's last CAN and OBD values and diagnostic states."""
    return diagnostics(ctx, unblocked_tracker(ctx, params.tracker_id))


def _counter(ctx: Context, tracker: TrackerRecord, kind: CounterType) -> Reading:
    value = counter_value(ctx.world, tracker, kind)
    if value is None:
        raise EntityMissingError(f"tracker {tracker.id} has no {kind} value yet")
    return value


@handles(TRACKER_COUNTER_VALUE_GET)
def tracker_counter_value_get(ctx: Context, params: CounterValueParams) -> float:
    """The counter's value now."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    return round(_counter(ctx, tracker, params.type).value, 6)


@handles(TRACKER_COUNTER_VALUE_LIST)
def tracker_counter_value_list(ctx: Context, params: CounterValueListParams) -> dict[str, float]:
    """The counter's value of each tracker, by tracker ID."""
    trackers = unblocked_trackers(ctx, params.trackers, limit=MAX_BATCH_TRACKERS)
    return {str(t.id): round(_counter(ctx, t, params.type).value, 6) for t in trackers}


@handles(TRACKER_COUNTER_VALUE_SET)
def tracker_counter_value_set(ctx: Context, params: CounterValueSetParams) -> None:
    """Set the counter: from now on it counts on from ``value``."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    setting = attrs.evolve(
        counter_setting(tracker, params.type), value=params.value, time=ctx.now()
    )
    counters = {**tracker.counters, params.type: setting}
    ctx.world.trackers[tracker.id] = attrs.evolve(tracker, counters=counters)


@handles(TRACKER_STATS_MILEAGE_READ)
def tracker_stats_mileage_read(ctx: Context, params: MileageReadParams) -> MileageStats:
    """Km by tracker and day over the period."""
    start, end = ctx.period(params.from_, params.to)
    trackers = unblocked_trackers(ctx, params.trackers, limit=MAX_MILEAGE_TRACKERS)
    return MileageStats(
        result={
            str(t.id): {
                day: DayMileage(mileage=km)
                for day, km in mileage_by_day(ctx, ctx.world.points_of(t.id), start, end).items()
            }
            for t in trackers
        },
    )


@handles(TRACKER_STATS_ENGINE_HOURS_READ)
def tracker_stats_engine_hours_read(ctx: Context, params: EngineHoursReadParams) -> float:
    """The hours with the ignition on over the period; 214 for a tracker without one."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    start, end = ctx.period(params.from_, params.to)
    points = ctx.world.points_of(tracker.id)
    if tracker.state.ignition is None and all(p.ignition is None for p in points):
        raise NotSupportedByDeviceError(f"tracker {tracker.id} reports no ignition")
    return round(engine_hours_between(points, start, end), 6)


@handles(TRACKER_GET_COUNTERS)
def tracker_get_counters(ctx: Context, params: TrackerReadParams) -> list[CounterReading]:
    """The tracker's counters that have a value."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    return [
        CounterReading(
            type=kind, value=round(value.value, 6), update_time=ctx.user_time(value.time)
        )
        for kind in COUNTER_TYPES
        if (value := counter_value(ctx.world, tracker, kind)) is not None
    ]


@handles(TRACKER_COUNTER_READ)
def tracker_counter_read(ctx: Context, params: CounterValueParams) -> Counter:
    """The counter's ID, type and multiplier."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    return Counter(
        id=counter_id(tracker.id, params.type),
        type=params.type,
        multiplier=counter_setting(tracker, params.type).multiplier,
    )


@handles(TRACKER_COUNTER_UPDATE)
def tracker_counter_update(ctx: Context, params: CounterUpdateParams) -> None:
    """Set the counter's multiplier, and the odometer's source sensor when given."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    setting = counter_setting(tracker, params.type)
    source = setting.sensor_id
    if not isinstance(params.sensor_id, Unset):
        source = params.sensor_id
        if source is not None and params.type != "odometer":
            raise InvalidParametersError(
                errors=[{"parameter": "sensor_id", "error": "only the odometer has a sensor"}]
            )
        sensor = None if source is None else ctx.world.sensors.get(source)
        if source is not None and (
            not isinstance(sensor, MeteringSensorRecord) or sensor.tracker_id != tracker.id
        ):
            raise InvalidParametersError(
                errors=[
                    {
                        "parameter": "sensor_id",
                        "error": f"must be a metering sensor of tracker {tracker.id}",
                    }
                ]
            )
    changed = attrs.evolve(setting, multiplier=params.multiplier, sensor_id=source)
    ctx.world.trackers[tracker.id] = attrs.evolve(
        tracker, counters={**tracker.counters, params.type: changed}
    )


@handles(TRACKER_COUNTER_DATA_READ)
def tracker_counter_data_read(
    ctx: Context, params: CounterDataReadParams
) -> list[CounterDataValue]:
    """The counter's value after each point of the period."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    start, end = ctx.period(params.from_, params.to)
    if end - start > MAX_COUNTER_DATA_SPAN:
        raise InvalidParametersError(
            errors=[
                {
                    "parameter": "to",
                    "error": f"at most {MAX_COUNTER_DATA_SPAN.days} days after from",
                }
            ]
        )
    series = counter_series(ctx.world, tracker, params.type, start, end)
    if series is None:
        raise EntityMissingError(f"tracker {tracker.id} has no {params.type} value yet")
    return [
        CounterDataValue(value=round(r.value, 6), update_time=ctx.user_time(r.time)) for r in series
    ]
