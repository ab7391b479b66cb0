"""What a tracker's sensors and counters read, and its mileage and engine hours.

Every figure comes from the tracker's recorded points (:mod:`fleetapi_mock.domain.sensor`).
The codes for a tracker the caller may not see follow each call's documentation: 204 for the
readings and counters, 201 for the fuel, 217 in a batch.
"""

from __future__ import annotations

import attrs

from fleetapi._errors import (
    EntityMissingError,
    NotSupportedByDeviceError,
)
from fleetapi.endpoints.reading import (
    TRACKER_COUNTER_VALUE_GET,
    TRACKER_COUNTER_VALUE_LIST,
    TRACKER_COUNTER_VALUE_SET,
    TRACKER_GET_FUEL,
    TRACKER_READINGS_BATCH_LIST,
    TRACKER_READINGS_LIST,
    TRACKER_STATS_ENGINE_HOURS_READ,
    TRACKER_STATS_MILEAGE_READ,
)
from fleetapi.models.reading import (
    MAX_MILEAGE_TRACKERS,
    CounterType,
    CounterValueListParams,
    CounterValueParams,
    CounterValueSetParams,
    DayMileage,
    EngineHoursReadParams,
    FuelLevels,
    FuelReading,
    MileageReadParams,
    MileageStats,
    ReadingsBatchListParams,
    ReadingsListParams,
    TrackerReadings,
)
from fleetapi.models.sensor import MAX_BATCH_SENSOR_TRACKERS
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_data import MAX_BATCH_TRACKERS
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.sensor import (
    Reading,
    counter_value,
    engine_hours_between,
    metering_values,
    mileage_by_day,
    sensors_of,
    tracker_readings,
)
from fleetapi_mock.domain.tracker import unblocked_tracker, unblocked_trackers
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import CounterSetting, MeteringSensorRecord, TrackerRecord


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
    values = metering_values(ctx.world, tracker.id)
    fuel = [
        s
        for s in sensors_of(ctx.world, tracker.id)
        if isinstance(s, MeteringSensorRecord) and s.sensor_type == "fuel" and s.id in values
    ]
    return FuelLevels(
        inputs=[
            FuelReading(
                label=s.name,
                name=s.input_name,
                type=s.sensor_type,
                value=round(values[s.id].value, 6),
                units_type=s.units_type,
                units=s.units,
            )
            for s in fuel
        ],
        update_time=ctx.user_time(max(values[s.id].time for s in fuel)) if fuel else None,
    )


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
    counters = {**tracker.counters, params.type: CounterSetting(value=params.value, time=ctx.now())}
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
