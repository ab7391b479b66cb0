"""A tracker's sensors, their values over time and calibration tables: the
``tracker/sensor/*`` calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.sensor import (
    MAX_BATCH_SENSOR_TRACKERS,
    MAX_CALIBRATION_POINTS,
    MAX_SENSORS_OF_A_TYPE,
    CalibrationPoint,
    CalibrationReadParams,
    CalibrationUpdateParams,
    CalibrationUploadParams,
    InputName,
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

_CALIBRATED = (
    "201 for a tracker the caller cannot see or a sensor that is not the tracker's, 208 for "
    "a blocked tracker; 228 for a discrete, virtual or composite sensor (only a metering "
    "sensor reading an input is calibrated)."
)
TRACKER_SENSOR_DATA_READ = Endpoint(
    path="tracker/sensor/data/read",
    params=SensorDataReadParams,
    result=Result.field("list", list[SensorDataValue]),
    summary="Read a metering or virtual sensor's values over a period.",
    errors=(7, 201, 208, 211, 228),
    safe=True,
    origin="service",
    notes=(
        "The values at the tracker's points of the period, oldest first, each as "
        "`tracker/readings/list` reads the sensor's value after that point. 201 for a "
        "tracker the caller cannot see or a sensor that is not the tracker's, 208 for a "
        "blocked tracker, 228 for a discrete sensor; 7 naming `to` unless it is later than "
        "`from`."
    ),
    decisions=(
        Decision(
            "`tracker/sensor/data/read` values",
            "A metering sensor answers a number at each point of the period reporting an "
            "acceptable raw value (within `min`..`max`): divided by its `divider` and read "
            "through its calibration table (`raw_data`: the raw value as reported, every digit "
            "of an integer kept); a composite sensor, at each point where one of its parts "
            "changes, the sum of its parts' values (its parts' values from before the period "
            "count; `raw_data` changes nothing, it reads no input); a virtual sensor the text "
            "`tracker/readings/list` would answer (its title when it has one) at each point "
            "reporting its input.",
        ),
        Decision(
            "`tracker/sensor/data/read` period",
            "At most the platform's `report.max_time_span` when the dealer sets one, else 30 "
            "days, as documented (211 beyond, naming it in `max_time_span`).",
        ),
    ),
)
TRACKER_SENSOR_INPUT_NAME_LIST = Endpoint(
    path="tracker/sensor/input_name/list",
    params=NoParams,
    result=Result.field("list", list[InputName]),
    summary="List the inputs and state fields the platform knows, with what each is.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/sensor/input_name/list`",
            "The platform's catalogue (the inputs and state fields the service documents for "
            "readings and diagnostics), with every input and state field a device model of "
            "the world offers (`tracker/list_models`' `inputs`, `state_fields`) that it "
            "lacks, described by its name; an indexed input (`analog_2`) is its base name "
            "(`analog`). Inputs by name, then state fields by name with their `value_type`. "
            "Descriptions are in English whatever the user's locale.",
        ),
    ),
)
TRACKER_SENSOR_BATCH_COPY = Endpoint(
    path="tracker/sensor/batch_copy",
    params=SensorBatchCopyParams,
    result=Result.nothing(),
    summary="Replace the sensors of trackers with copies of a tracker's sensors.",
    right="tracker_update",
    errors=(7, 201, 208, 219, 272),
    origin="service",
    notes=(
        "201 for a tracker the caller cannot see (the base or a target), 208 for a blocked "
        "one, 219 for a target that is a clone, 272 for a target of another model than the "
        "base's."
    ),
    decisions=(
        Decision(
            "`tracker/sensor/batch_copy`",
            "Each target's sensors are deleted, then the base tracker's are copied with new "
            "IDs (a composite's `parent_ids` naming the copies of its parts), calibration "
            "tables included. The base tracker among the targets is left as it is. Nothing "
            "changes unless every target can take the copies. A target's odometer counting by "
            "a deleted sensor counts by the track again.",
        ),
    ),
)
TRACKER_SENSOR_CALIBRATION_DATA_READ = Endpoint(
    path="tracker/sensor/calibration_data/read",
    params=CalibrationReadParams,
    result=Result.field("value", list[CalibrationPoint]),
    summary="Read a metering sensor's calibration table.",
    errors=(201, 208, 228),
    safe=True,
    origin="service",
    notes=f"Ordered by `in`; empty for a sensor without a table. {_CALIBRATED}",
    decisions=(
        Decision(
            "Calibration tables",
            "A metering sensor's value is its raw value divided by its `divider`, then read "
            "through its table: on the straight line between the two points around it, the "
            "first or last `out` below or above the table. The table applies wherever the "
            "sensor's value is answered (`tracker/readings/list` with its `min_value` and "
            "`max_value`, `get_fuel`, `get_readings`, `get_diagnostics`, `sensor/data/read`, "
            "a composite's sum, an odometer counting by the sensor). A table has two points "
            f"at least (none: no calibration), each `in` once, at most {MAX_CALIBRATION_POINTS}"
            "; it is kept by `in` and survives `tracker/sensor/update`.",
        ),
    ),
)
TRACKER_SENSOR_CALIBRATION_DATA_UPDATE = Endpoint(
    path="tracker/sensor/calibration_data/update",
    params=CalibrationUpdateParams,
    result=Result.nothing(),
    summary="Replace a metering sensor's calibration table.",
    right="tracker_update",
    errors=(7, 201, 208, 219, 228),
    origin="service",
    notes=(
        "An empty `data` removes the table; one point, or an `in` twice, is 7 naming `data`. "
        f"219 for a clone. {_CALIBRATED}"
    ),
)
TRACKER_SENSOR_CALIBRATION_DATA_UPLOAD_OMNICOMM = Endpoint(
    path="tracker/sensor/calibration_data/upload_omnicomm",
    params=CalibrationUploadParams,
    result=Result.nothing(),
    summary="Replace a metering sensor's calibration table with one of an LLS Monitor file.",
    right="tracker_update",
    errors=(7, 201, 208, 219, 228, 233, 234, 235),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request: the Omnicomm LLS Monitor XML file travels as the "
        "part named `file` (233 without it or empty, 234 when it is not such a file or its "
        "table is no table, 235 when it has no table for the sensor). 219 for a clone. "
        f"{_CALIBRATED}"
    ),
    decisions=(
        Decision(
            "Omnicomm LLS Monitor files",
            "The service documents no layout: the mock reads `sensor` elements (numbered by "
            "their `number` attribute, else by their place, 1 first) holding `point` rows "
            "whose `level` is the sensor's value (`in`) and `volume` what it stands for "
            "(`out`), element and attribute names in any case, namespaces ignored, XML "
            "entities refused. Which sensor of a file describing several: the optional "
            "`sensor_number` (the documentation asks for one without naming the parameter); "
            "without it, 7 naming `sensor_number`; a number the file lacks, or a sensor "
            "without points, 235.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_SENSOR_LIST,
    TRACKER_SENSOR_BATCH_LIST,
    TRACKER_SENSOR_CREATE,
    TRACKER_SENSOR_UPDATE,
    TRACKER_SENSOR_DELETE,
    TRACKER_SENSOR_DATA_READ,
    TRACKER_SENSOR_INPUT_NAME_LIST,
    TRACKER_SENSOR_BATCH_COPY,
    TRACKER_SENSOR_CALIBRATION_DATA_READ,
    TRACKER_SENSOR_CALIBRATION_DATA_UPDATE,
    TRACKER_SENSOR_CALIBRATION_DATA_UPLOAD_OMNICOMM,
)
