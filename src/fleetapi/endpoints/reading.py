"""What a tracker's sensors and counters read: ``tracker/readings/*``, ``tracker/get_fuel``,
``tracker/get_readings``, ``tracker/get_diagnostics``, ``tracker/get_counters``,
``tracker/counter/*`` and ``tracker/stats/*`` of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.reading import (
    MAX_COUNTER_DATA_SPAN,
    MAX_MILEAGE_TRACKERS,
    Counter,
    CounterDataReadParams,
    CounterDataValue,
    CounterReading,
    CounterUpdateParams,
    CounterValueListParams,
    CounterValueParams,
    CounterValueSetParams,
    Diagnostics,
    EngineHoursReadParams,
    FuelLevels,
    MileageReadParams,
    MileageStats,
    ReadingsBatchListParams,
    ReadingsListParams,
    SensorValues,
    TrackerReadings,
)
from fleetapi.models.sensor import MAX_BATCH_SENSOR_TRACKERS
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_data import MAX_BATCH_TRACKERS

_READINGS = (
    "`inputs` holds each metering sensor with a value: the newest raw value of its "
    "`input_name` among the tracker's points within the sensor's `min`..`max`, divided by "
    "its `divider` (a composite sensor: the sum of its parts); `virtual_sensors` each virtual "
    "sensor's value derived from its input, as its title when `value_titles` has one; "
    "`states` the digital inputs and outputs as bits (`input_status`, `output_status`) and "
    "every reported value no sensor reads; `counters` the odometer and engine hours that "
    "have a value. A `sensor_type` keeps the sensors of that type and leaves out `states` "
    "and `counters`."
)
_COUNTERS = (
    "The odometer is the length of the tracker's track in km (great-circle distances "
    "between consecutive points; or the growth of the sensor `tracker/counter/update` names), "
    "the engine hours the time between consecutive points while the first reports the "
    "ignition on, each times the counter's `multiplier`; a counter set by "
    "`tracker/counter/value/set` counts on from the value set."
)
_PERIOD = (
    "7 naming `to` unless it is later than `from`; 211 for a period longer than the "
    "platform's `report.max_time_span` (90 days by default)."
)

TRACKER_READINGS_LIST = Endpoint(
    path="tracker/readings/list",
    params=ReadingsListParams,
    result=Result.body(TrackerReadings),
    summary="Read a tracker's last sensor values, states and counters.",
    errors=(204, 208),
    safe=True,
    origin="service",
    notes=(
        "`counters` holds the odometer and engine hours that have a value. 204 for a tracker "
        "the caller cannot see, 208 for a blocked one."
    ),
    decisions=(
        Decision(
            "A metering sensor's value",
            "The newest raw value of its `input_name` within its `min`..`max` (a value outside "
            "is ignored: the one before stays) divided by its `divider` (at least 0.001). "
            "`min_value` and `max_value` are those bounds divided likewise. `accuracy` is kept, "
            "not applied; `converted_value` and `converted_units_type` are null (the mock "
            "converts no units). A sensor without a value yet is not in `inputs`.",
        ),
        Decision(
            "Composite sensors",
            "A metering sensor with `parent_ids` sums its parts' values (divided by its own "
            "`divider`; the newest of their times), once one part has a value. The parts must "
            "be other metering sensors of the tracker (7). Composites may share an "
            "`input_name` (`composite`); each part lists the composites summing it in "
            "`composite_sensor_ids` (always answered, empty when none). `include_components: "
            "false` leaves the parts out. Deleting a part removes it from the composites.",
        ),
        Decision(
            "Virtual sensors",
            "`in_range` is `1` inside `range_from`..`range_to` (either bound may be open) and "
            "`0` outside; `identity` the input's value as text; `bit_index` the bit (1 the "
            "lowest) of the value as an integer; without `parameters`, `identity`. The value is "
            "answered as its title when `value_titles` has one.",
        ),
        Decision(
            "`states` of the readings",
            "`input_status` and `output_status` (the state's inputs and outputs as bits, input "
            "1 the lowest), then every reported value no metering or virtual sensor reads (its "
            "newest), by name. A `sensor_type` keeps only the sensors of that type and leaves "
            "`states` and `counters` out.",
        ),
    ),
)
TRACKER_READINGS_BATCH_LIST = Endpoint(
    path="tracker/readings/batch_list",
    params=ReadingsBatchListParams,
    result=Result.field("result", dict[str, TrackerReadings]),
    summary="Read the last sensor values, states and counters of several trackers.",
    errors=(217, 221),
    safe=True,
    origin="service",
    notes=(
        f"{_READINGS} 217 names every tracker the caller cannot see or that is blocked; 221 "
        f"for more than {MAX_BATCH_SENSOR_TRACKERS} trackers."
    ),
)
TRACKER_GET_FUEL = Endpoint(
    path="tracker/get_fuel",
    params=TrackerReadParams,
    result=Result.body(FuelLevels, user_time=True),
    summary="Read the last values of a tracker's fuel sensors.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes=(
        "The metering sensors of `sensor_type` `fuel` with a value, read as "
        "`tracker/readings/list` reads them; `update_time` is the newest of their values' "
        "times. 201 for a tracker the caller cannot see, 208 for a blocked one."
    ),
)
TRACKER_COUNTER_VALUE_GET = Endpoint(
    path="tracker/counter/value/get",
    params=CounterValueParams,
    result=Result.field("value", float),
    summary="Read a tracker's odometer (km) or engine hours.",
    errors=(204, 208),
    safe=True,
    origin="service",
    notes=(
        f"{_COUNTERS} 204 for a tracker the caller cannot see, or a counter without a value "
        "(never set, and no point, or no point reporting the ignition); 208 for a blocked "
        "tracker."
    ),
)
TRACKER_COUNTER_VALUE_LIST = Endpoint(
    path="tracker/counter/value/list",
    params=CounterValueListParams,
    result=Result.field("value", dict[str, float]),
    summary="Read a counter of several trackers, by tracker ID.",
    errors=(204, 217, 221),
    safe=True,
    origin="service",
    notes=(
        f"{_COUNTERS} 217 names every tracker the caller cannot see or that is blocked, 221 "
        f"for more than {MAX_BATCH_TRACKERS}; 204 when one of them has no value for "
        "the counter."
    ),
)
TRACKER_COUNTER_VALUE_SET = Endpoint(
    path="tracker/counter/value/set",
    params=CounterValueSetParams,
    result=Result.nothing(),
    summary="Set a tracker's odometer (km) or engine hours; it counts on from the value.",
    right="tracker_update",
    errors=(7, 204, 208, 219),
    origin="service",
    notes=(
        "The value holds from the world's current time: what the points after it add counts "
        "on from it. 204 for a tracker the caller cannot see, 208 for a blocked one, 219 for "
        "a clone."
    ),
)
TRACKER_STATS_MILEAGE_READ = Endpoint(
    path="tracker/stats/mileage/read",
    params=MileageReadParams,
    result=Result.body(MileageStats),
    summary="Read the mileage (km) of trackers over a period, by tracker and day.",
    errors=(7, 211, 217, 221),
    safe=True,
    origin="service",
    notes=(
        "A day's mileage is the length in km of the track between its pairs of consecutive "
        "points. 217 names every tracker the caller cannot see or that is blocked. The "
        "platform's `report.max_time_span` is 90 days by default."
    ),
    decisions=(
        Decision(
            "`tracker/stats/mileage/read`",
            "Every day of the period (dates in the caller's time zone) is answered, 0 without "
            "points; a pair of consecutive points both in the period counts on the day of the "
            f"second. At most {MAX_MILEAGE_TRACKERS} trackers (221); the period follows the "
            "dealer's `report.max_time_span` (211) and `to` must be later than `from` (7). "
            "`limit_exceeded` is false.",
        ),
    ),
)
TRACKER_STATS_ENGINE_HOURS_READ = Endpoint(
    path="tracker/stats/engine_hours/read",
    params=EngineHoursReadParams,
    result=Result.field("value", float),
    summary="Read a tracker's engine hours over a period.",
    errors=(7, 204, 208, 211, 214, 219),
    safe=True,
    origin="service",
    notes=(
        "The hours between consecutive points in the period while the first reports the "
        f"ignition on. 204 for a tracker the caller cannot see, 208 for a blocked one. {_PERIOD}"
    ),
    decisions=(
        Decision(
            "`tracker/stats/engine_hours/read`",
            "214 for a tracker that never reported its ignition (its state has none and no "
            "point reports one); 219 for a clone, as documented.",
        ),
    ),
)

TRACKER_GET_READINGS = Endpoint(
    path="tracker/get_readings",
    params=TrackerReadParams,
    result=Result.body(SensorValues, user_time=True),
    summary="Read the last values of a tracker's sensors but fuel, CAN and OBD ones.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes=(
        "The metering sensors with a value, read as `tracker/readings/list` reads them, but "
        "those of `sensor_type` `fuel` and those reading a CAN or OBD input; `update_time` is "
        "the newest of their values' times. 201 for a tracker the caller cannot see, 208 for "
        "a blocked one."
    ),
    decisions=(
        Decision(
            "CAN and OBD inputs",
            "An input whose name begins with `can_`, `obd_` or `raw_can_` (the names the "
            "documentation lists for `tracker/get_diagnostics`), and that is not a state "
            "field. A composite sensor (`composite`) is answered by `get_readings` unless it "
            "measures fuel.",
        ),
    ),
)
TRACKER_GET_DIAGNOSTICS = Endpoint(
    path="tracker/get_diagnostics",
    params=TrackerReadParams,
    result=Result.body(Diagnostics, user_time=True),
    summary="Read a tracker's last CAN and OBD values and diagnostic states.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes="201 for a tracker the caller cannot see, 208 for a blocked one.",
    decisions=(
        Decision(
            "`tracker/get_diagnostics`",
            "`inputs`: each CAN or OBD input the tracker reported, by name: as the metering "
            "sensor reading it answers it in `tracker/readings/list` (left out while that "
            "sensor has no value), else its newest value as reported, labelled with what the "
            "input is, `units_type` `custom` and the `type` it measures (`custom` when the "
            "mock does not know). `states`: the newest value of each documented diagnostic "
            "state (`obd_vin`, `hardware_key`, `can_hood_state`... and the platform's other "
            "`obd_`, `can_` and `tacho_` state fields) as text with every digit, by name; "
            "null when the tracker reported none. `update_time`: the newest of their times.",
        ),
    ),
)
TRACKER_GET_COUNTERS = Endpoint(
    path="tracker/get_counters",
    params=TrackerReadParams,
    result=Result.field("list", list[CounterReading], user_time=True),
    summary="Read a tracker's odometer and engine hours.",
    errors=(204, 208),
    safe=True,
    origin="service",
    notes=(
        f"The counters with a value, as `tracker/readings/list` answers them. {_COUNTERS} "
        "204 for a tracker the caller cannot see, 208 for a blocked one."
    ),
)
TRACKER_COUNTER_READ = Endpoint(
    path="tracker/counter/read",
    params=CounterValueParams,
    result=Result.field("value", Counter),
    summary="Read a tracker's counter and its multiplier.",
    errors=(204, 208, 219),
    safe=True,
    origin="service",
    notes="204 for a tracker the caller cannot see, 208 for a blocked one, 219 for a clone.",
    decisions=(
        Decision(
            "Counters as entities",
            "Every tracker has both counters, whether set or not: `read` answers one never "
            "changed with `multiplier` 1. A counter's `id` is the tracker's ID times 2 (the "
            "odometer) or times 2 plus 1 (the engine hours). `tracker/counter/update`, "
            "`value/set` and every reading call share one counter: the multiplier and the "
            "odometer's sensor apply to everything the points add, before and after the "
            "change (the mock works the counters out from the points at each call).",
        ),
    ),
)
TRACKER_COUNTER_UPDATE = Endpoint(
    path="tracker/counter/update",
    params=CounterUpdateParams,
    result=Result.nothing(),
    summary="Change a tracker's counter multiplier and the odometer's source sensor.",
    right="tracker_update",
    errors=(7, 204, 208, 219),
    origin="service",
    notes=(
        "7 naming `sensor_id` for a sensor with the engine hours, or one that is not a "
        "metering sensor of the tracker. 204 for a tracker the caller cannot see, 208 for a "
        "blocked one, 219 for a clone."
    ),
    decisions=(
        Decision(
            "The odometer's sensor",
            "With a `sensor_id`, each point adds to the odometer how much the sensor's value "
            "(as `tracker/readings/list` reads it) grew since its value before; a decrease adds "
            "nothing. Null counts the track's length again; omitted leaves the source as it "
            "is. Deleting the sensor makes the odometer count the track again.",
        ),
    ),
)
TRACKER_COUNTER_DATA_READ = Endpoint(
    path="tracker/counter/data/read",
    params=CounterDataReadParams,
    result=Result.field("list", list[CounterDataValue]),
    summary="Read a counter's values over a period.",
    errors=(7, 204, 208, 211),
    safe=True,
    origin="service",
    notes=(
        f"{_PERIOD} 7 also for a period longer than "
        f"{MAX_COUNTER_DATA_SPAN.days} days. 204 for a tracker the caller cannot see or a "
        "counter without a value; 208 for a blocked tracker."
    ),
    decisions=(
        Decision(
            "`tracker/counter/data/read`",
            "The counter's value after each point of the period, oldest first, with the "
            "point's time: after the time the counter was last set, the value set plus what "
            "the points since add; before it, what the points from the tracker's first add "
            "(the world keeps a counter's last setting alone). The last value is "
            "`tracker/counter/value/get`'s when the period reaches the last point.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_READINGS_LIST,
    TRACKER_READINGS_BATCH_LIST,
    TRACKER_GET_FUEL,
    TRACKER_COUNTER_VALUE_GET,
    TRACKER_COUNTER_VALUE_LIST,
    TRACKER_COUNTER_VALUE_SET,
    TRACKER_STATS_MILEAGE_READ,
    TRACKER_STATS_ENGINE_HOURS_READ,
    TRACKER_GET_READINGS,
    TRACKER_GET_DIAGNOSTICS,
    TRACKER_GET_COUNTERS,
    TRACKER_COUNTER_READ,
    TRACKER_COUNTER_UPDATE,
    TRACKER_COUNTER_DATA_READ,
)
