"""A tracker's sensors, their values over a period and their calibration tables.

A tracker the caller may not see is 201 (217 in a batch), a blocked one 208; the calls that
change sensors refuse clones (219). Two sensors of a tracker of the same kind never read the
same input (232); a tracker holds at most ``MAX_SENSORS_OF_A_TYPE`` sensors of one type and
one virtual ignition (270). Only a metering sensor reading an input has a calibration table
(228 for another).
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._converter import format_duration
from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityNotFoundError,
    InputInUseError,
    InvalidParametersError,
    ModelMismatchError,
    NoDataFileError,
    NotSupportedBySensorError,
    TimeSpanTooBigError,
    TooManySensorsError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.sensor import (
    TRACKER_SENSOR_BATCH_COPY,
    TRACKER_SENSOR_BATCH_LIST,
    TRACKER_SENSOR_CALIBRATION_DATA_READ,
    TRACKER_SENSOR_CALIBRATION_DATA_UPDATE,
    TRACKER_SENSOR_CALIBRATION_DATA_UPLOAD_OMNICOMM,
    TRACKER_SENSOR_CREATE,
    TRACKER_SENSOR_DATA_READ,
    TRACKER_SENSOR_DELETE,
    TRACKER_SENSOR_INPUT_NAME_LIST,
    TRACKER_SENSOR_LIST,
    TRACKER_SENSOR_UPDATE,
)
from fleetapi.models.sensor import (
    MAX_BATCH_SENSOR_TRACKERS,
    MAX_SENSOR_DATA_SPAN,
    MAX_SENSORS_OF_A_TYPE,
    CalibrationPoint,
    CalibrationReadParams,
    CalibrationUpdateParams,
    CalibrationUploadParams,
    InputName,
    MeteringParameters,
    NewDiscreteSensor,
    NewMeteringSensor,
    NewSensor,
    NewVirtualSensor,
    Sensor,
    SensorBatchCopyParams,
    SensorBatchListParams,
    SensorCreateParams,
    SensorDataReadParams,
    SensorDataValue,
    SensorDeleteParams,
    SensorUpdateParams,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.sensor import (
    input_names,
    is_composite,
    metering_series,
    omnicomm_table,
    parts,
    sensor_record,
    sensors_of,
    virtual_series,
    wire_sensor,
)
from fleetapi_mock.domain.tracker import unblocked_tracker, unblocked_trackers
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    DiscreteSensorRecord,
    MeteringSensorRecord,
    SensorRecord,
    TrackerRecord,
    VirtualSensorRecord,
    calibration_problem,
)


@handles(TRACKER_SENSOR_LIST)
def tracker_sensor_list(ctx: Context, params: TrackerReadParams) -> list[Sensor]:
    """The tracker's sensors, by ID."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    return [wire_sensor(s) for s in sensors_of(ctx.world, tracker.id)]


@handles(TRACKER_SENSOR_BATCH_LIST)
def tracker_sensor_batch_list(
    ctx: Context, params: SensorBatchListParams
) -> dict[str, list[Sensor]]:
    """The sensors of each tracker, by tracker ID."""
    trackers = unblocked_trackers(ctx, params.trackers, limit=MAX_BATCH_SENSOR_TRACKERS)
    return {str(t.id): [wire_sensor(s) for s in sensors_of(ctx.world, t.id)] for t in trackers}


def _problems(sensor: NewSensor, others: list[SensorRecord]) -> list[dict[str, str]]:
    """What makes ``sensor`` invalid in itself or beside the tracker's ``others`` (code 7)."""
    problems = []
    if isinstance(sensor, NewMeteringSensor) and not isinstance(sensor.parameters, Unset):
        parents = sensor.parameters.parent_ids
        metering = {s.id for s in others if isinstance(s, MeteringSensorRecord)}
        if not isinstance(parents, Unset) and not set(parents) <= metering:
            problems.append(
                {
                    "parameter": "sensor.parameters.parent_ids",
                    "error": "must name other metering sensors of the tracker",
                }
            )
    if isinstance(sensor, NewVirtualSensor) and not isinstance(sensor.parameters, Unset):
        params = sensor.parameters
        unset_range = isinstance(params.range_from, Unset) and isinstance(params.range_to, Unset)
        if params.calc_method == "in_range" and unset_range:
            problems.append(
                {"parameter": "sensor.parameters.range_from", "error": "in_range needs a range"}
            )
        if params.calc_method == "bit_index" and isinstance(params.bit_index, Unset):
            problems.append(
                {"parameter": "sensor.parameters.bit_index", "error": "is required for bit_index"}
            )
        if not isinstance(params.value_titles, Unset):
            values = [t.value for t in params.value_titles]
            if len(set(values)) < len(values):
                problems.append(
                    {"parameter": "sensor.parameters.value_titles", "error": "values must differ"}
                )
    return problems


def _checked(ctx: Context, tracker: TrackerRecord, sensor: NewSensor, own_id: int | None) -> None:
    """Code 7, 232 or 270 for a sensor that cannot join the tracker's others."""
    others = [s for s in sensors_of(ctx.world, tracker.id) if s.id != own_id]
    problems = _problems(sensor, others)
    if problems:
        raise InvalidParametersError(errors=problems)
    same_kind = [s for s in others if s.TAG == sensor.TAG]
    if isinstance(sensor, NewDiscreteSensor):
        inputs = {s.input_number for s in same_kind if isinstance(s, DiscreteSensorRecord)}
        if sensor.input_number in inputs:
            raise InputInUseError(f"input {sensor.input_number} already has a sensor")
    elif isinstance(sensor, NewMeteringSensor) and not is_composite(sensor):
        used = {
            s.input_name
            for s in same_kind
            if isinstance(s, MeteringSensorRecord) and not is_composite(s)
        }
        if sensor.input_name in used:
            raise InputInUseError(f"input {sensor.input_name!r} already has a sensor")
    of_type = [s for s in same_kind if s.sensor_type == sensor.sensor_type]
    if sensor.sensor_type == "virtual_ignition" and of_type:
        raise TooManySensorsError("a tracker has one virtual ignition")
    if len(of_type) >= MAX_SENSORS_OF_A_TYPE:
        raise TooManySensorsError(
            f"at most {MAX_SENSORS_OF_A_TYPE} sensors of type {sensor.sensor_type!r}"
        )


@handles(TRACKER_SENSOR_CREATE)
def tracker_sensor_create(ctx: Context, params: SensorCreateParams) -> int:
    """Add the sensor to the tracker; its ID."""
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    _checked(ctx, tracker, params.sensor, None)
    sensor_id = ctx.world.ids.next("sensors")
    ctx.world.sensors[sensor_id] = sensor_record(
        params.sensor, sensor_id=sensor_id, tracker_id=tracker.id
    )
    return sensor_id


def _own_sensor(ctx: Context, tracker: TrackerRecord, sensor_id: int) -> SensorRecord:
    record = ctx.world.sensors.get(sensor_id)
    if record is None or record.tracker_id != tracker.id:
        raise EntityNotFoundError(f"tracker {tracker.id} has no sensor {sensor_id}")
    return record


@handles(TRACKER_SENSOR_UPDATE)
def tracker_sensor_update(ctx: Context, params: SensorUpdateParams) -> None:
    """Replace the tracker's sensor named by ``id``; it keeps its kind."""
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    current = _own_sensor(ctx, tracker, params.sensor.id)
    if current.TAG != params.sensor.TAG:
        raise InvalidParametersError(
            errors=[{"parameter": "sensor.type", "error": f"the sensor is {current.TAG}"}]
        )
    _checked(ctx, tracker, params.sensor, current.id)
    ctx.world.sensors[current.id] = sensor_record(
        params.sensor, sensor_id=current.id, tracker_id=tracker.id, kept=current
    )


@handles(TRACKER_SENSOR_DELETE)
def tracker_sensor_delete(ctx: Context, params: SensorDeleteParams) -> None:
    """Delete the tracker's sensor; composite sensors summing it forget it."""
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    record = _own_sensor(ctx, tracker, params.sensor_id)
    del ctx.world.sensors[record.id]
    for other in sensors_of(ctx.world, tracker.id):
        if not isinstance(other, MeteringSensorRecord) or not is_composite(other):
            continue
        assert isinstance(other.parameters, MeteringParameters)
        parents = other.parameters.parent_ids
        assert not isinstance(parents, Unset)
        if record.id in parents:
            kept = [p for p in parents if p != record.id]
            ctx.world.sensors[other.id] = attrs.evolve(
                other, parameters=attrs.evolve(other.parameters, parent_ids=kept)
            )


@handles(TRACKER_SENSOR_DATA_READ)
def tracker_sensor_data_read(ctx: Context, params: SensorDataReadParams) -> list[SensorDataValue]:
    """A metering or virtual sensor's values at the points of the period; 228 for a
    discrete sensor."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    sensor = _own_sensor(ctx, tracker, params.sensor_id)
    start, end = ctx.period(params.from_, params.to)
    set_by_dealer = ctx.world.platform_value(ctx.account, "report.max_time_span", None)
    if set_by_dealer is None and end - start > MAX_SENSOR_DATA_SPAN:
        span = format_duration(MAX_SENSOR_DATA_SPAN)
        raise TimeSpanTooBigError(
            f"the period is longer than {span}", extra={"max_time_span": span}
        )
    series: list[tuple[dt.datetime, float | str]]
    if isinstance(sensor, MeteringSensorRecord):
        series = list(metering_series(ctx.world, sensor, start, end, raw=params.raw_data is True))
    elif isinstance(sensor, VirtualSensorRecord):
        series = list(virtual_series(ctx.world, sensor, start, end))
    else:
        raise NotSupportedBySensorError(f"sensor {sensor.id} is a discrete input")
    return [SensorDataValue(value=value, get_time=ctx.user_time(time)) for time, value in series]


@handles(TRACKER_SENSOR_INPUT_NAME_LIST)
def tracker_sensor_input_name_list(ctx: Context, params: NoParams) -> list[InputName]:
    """The inputs and state fields the platform and its device models know."""
    models = ctx.world.tracker_models.values()
    return input_names(
        (name for m in models if not isinstance(m.inputs, Unset) for name in m.inputs),
        (name for m in models if not isinstance(m.state_fields, Unset) for name in m.state_fields),
    )


@handles(TRACKER_SENSOR_BATCH_COPY)
def tracker_sensor_batch_copy(ctx: Context, params: SensorBatchCopyParams) -> None:
    """Replace each target's sensors with copies of the base tracker's (new IDs, composites
    naming the copies of their parts, calibration tables included)."""
    base = unblocked_tracker(ctx, params.base_tracker_id)
    targets = [
        unblocked_tracker(ctx, t, refuse_clone=True)
        for t in dict.fromkeys(params.trackers)
        if t != base.id
    ]
    for target in targets:
        if target.model != base.model:
            raise ModelMismatchError(
                f"tracker {target.id} is a {target.model}, tracker {base.id} a {base.model}"
            )
    originals = sensors_of(ctx.world, base.id)
    for target in targets:
        for old in sensors_of(ctx.world, target.id):
            del ctx.world.sensors[old.id]
        copies = {s.id: ctx.world.ids.next("sensors") for s in originals}
        for sensor in originals:
            copy = attrs.evolve(sensor, id=copies[sensor.id], tracker_id=target.id)
            if isinstance(copy, MeteringSensorRecord) and is_composite(copy):
                assert isinstance(copy.parameters, MeteringParameters)
                copy = attrs.evolve(
                    copy,
                    parameters=attrs.evolve(
                        copy.parameters, parent_ids=[copies[p] for p in parts(copy) if p in copies]
                    ),
                )
            ctx.world.sensors[copy.id] = copy


def _calibrated_sensor(
    ctx: Context, tracker: TrackerRecord, sensor_id: int
) -> MeteringSensorRecord:
    """The tracker's sensor that may have a calibration table; 228 for another."""
    sensor = _own_sensor(ctx, tracker, sensor_id)
    if not isinstance(sensor, MeteringSensorRecord) or is_composite(sensor):
        raise NotSupportedBySensorError(
            f"sensor {sensor.id} has no calibration: only a metering sensor reading an input"
        )
    return sensor


@handles(TRACKER_SENSOR_CALIBRATION_DATA_READ)
def tracker_sensor_calibration_data_read(
    ctx: Context, params: CalibrationReadParams
) -> list[CalibrationPoint]:
    """The sensor's calibration table, by ``in`` (empty without one)."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    return list(_calibrated_sensor(ctx, tracker, params.sensor_id).calibration)


@handles(TRACKER_SENSOR_CALIBRATION_DATA_UPDATE)
def tracker_sensor_calibration_data_update(ctx: Context, params: CalibrationUpdateParams) -> None:
    """Replace the sensor's table (an empty one removes it)."""
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    sensor = _calibrated_sensor(ctx, tracker, params.sensor_id)
    problem = calibration_problem(params.data)
    if problem is not None:
        raise InvalidParametersError(errors=[{"parameter": "data", "error": problem}])
    ctx.world.sensors[sensor.id] = attrs.evolve(sensor, calibration=params.data)


@handles(TRACKER_SENSOR_CALIBRATION_DATA_UPLOAD_OMNICOMM)
def tracker_sensor_calibration_data_upload_omnicomm(
    ctx: Context, params: CalibrationUploadParams
) -> None:
    """Replace the sensor's table with the one the LLS Monitor file part ``file`` holds."""
    tracker = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    sensor = _calibrated_sensor(ctx, tracker, params.sensor_id)
    upload = ctx.files.get("file")
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    number = None if isinstance(params.sensor_number, Unset) else params.sensor_number
    table = omnicomm_table(upload.data, number)
    ctx.world.sensors[sensor.id] = attrs.evolve(sensor, calibration=table)
