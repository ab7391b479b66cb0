"""A tracker's sensors: the ``tracker/sensor/*`` calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.sensor import (
    MAX_BATCH_SENSOR_TRACKERS,
    MAX_SENSORS_OF_A_TYPE,
    Sensor,
    SensorBatchListParams,
    SensorCreateParams,
    SensorDeleteParams,
    SensorUpdateParams,
)
from fleetapi.models.tracker import TrackerReadParams

_CHECKS = (
    "A composite sensor's `parent_ids` must be other metering sensors of the tracker (7); a "
    "virtual sensor computed `in_range` needs `range_from` or `range_to`, one computed by "
    "`bit_index` its `bit_index` (7); `value_titles` hold each value once (7)."
)
_CHANGE = (
    "201 for a tracker the caller cannot see, 208 for a blocked one, 219 for a clone. 232 "
    "for a discrete sensor's `input_number`, or a metering sensor's `input_name`, that "
    "another sensor of the same kind already reads (composite sensors excepted). 270 past "
    f"{MAX_SENSORS_OF_A_TYPE} sensors of one `sensor_type`, and for a second "
    f"`virtual_ignition`. {_CHECKS}"
)

TRACKER_SENSOR_LIST = Endpoint(
    path="tracker/sensor/list",
    params=TrackerReadParams,
    result=Result.field("list", list[Sensor]),
    summary="List a tracker's sensors.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes="By sensor ID. 201 for a tracker the caller cannot see, 208 for a blocked one.",
)
TRACKER_SENSOR_BATCH_LIST = Endpoint(
    path="tracker/sensor/batch_list",
    params=SensorBatchListParams,
    result=Result.field("result", dict[str, list[Sensor]]),
    summary="List the sensors of several trackers, by tracker ID.",
    errors=(217, 221),
    safe=True,
    origin="service",
    notes=(
        "217 names every tracker the caller cannot see or that is blocked; 221 for more than "
        f"{MAX_BATCH_SENSOR_TRACKERS} trackers."
    ),
)
TRACKER_SENSOR_CREATE = Endpoint(
    path="tracker/sensor/create",
    params=SensorCreateParams,
    result=Result.field("id", int),
    summary="Add a sensor to a tracker and get its ID.",
    right="tracker_update",
    errors=(7, 201, 208, 219, 232, 270),
    origin="service",
    notes=_CHECKS,
    decisions=(
        Decision(
            "Sensor conflicts and limits",
            "232 for a discrete sensor's input number, or a metering sensor's input name, that "
            "another sensor of the same kind reads (composites excepted); virtual sensors may "
            f"read any input. At most {MAX_SENSORS_OF_A_TYPE} sensors of one type per tracker "
            "and one `virtual_ignition`: 270 beyond. A sensor keeps its kind on update (7 "
            "naming `sensor.type`); an `id` given to `create` is ignored. Clones' sensors are "
            "listed but not changed (219).",
        ),
    ),
)
TRACKER_SENSOR_UPDATE = Endpoint(
    path="tracker/sensor/update",
    params=SensorUpdateParams,
    result=Result.nothing(),
    summary="Replace a tracker's sensor, named by its `id`.",
    right="tracker_update",
    errors=(7, 201, 208, 219, 232, 270),
    origin="service",
    notes=(
        "201 also for a sensor that is not the tracker's. A sensor keeps its kind: another "
        f"`type` is 7. {_CHANGE}"
    ),
)
TRACKER_SENSOR_DELETE = Endpoint(
    path="tracker/sensor/delete",
    params=SensorDeleteParams,
    result=Result.nothing(),
    summary="Delete a tracker's sensor.",
    right="tracker_update",
    errors=(201, 208, 219),
    origin="service",
    notes=(
        "201 for a sensor that is not the tracker's, or a tracker the caller cannot see; 208 "
        "for a blocked tracker, 219 for a clone. The composite sensors that summed it forget "
        "it (a composite left without parts sums nothing)."
    ),
)

ENDPOINTS = (
    TRACKER_SENSOR_LIST,
    TRACKER_SENSOR_BATCH_LIST,
    TRACKER_SENSOR_CREATE,
    TRACKER_SENSOR_UPDATE,
    TRACKER_SENSOR_DELETE,
)
