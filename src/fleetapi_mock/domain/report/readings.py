"""What the sensor reports share: the sensors a report covers, their values at the points of
its period, smoothing, and the interval of the readings reports' rows.

A report covers the sensors its plugin's ``sensors`` names (each a sensor of a tracker of the
request: 217 otherwise, 7 for a sensor of a kind the report does not read) or, when it names
none, every sensor of each tracker that the report reads. A metering sensor's values are those
``tracker/sensor/data/read`` answers for the same points (:func:`metering_readings`); a
discrete or virtual sensor's state is on or off at each point that reports it
(:func:`state_readings`).
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections.abc import Callable, Sequence
from typing import Final, cast

import attrs

from fleetapi._errors import NonExistentEntitiesError
from fleetapi._types import UNSET, Unset
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.report.cells import Request
from fleetapi_mock.domain.sensor.values import (
    is_composite,
    running_values,
    sensors_of,
    virtual_value,
)
from fleetapi_mock.domain.track import time_span
from fleetapi_mock.state.records import (
    DiscreteSensorRecord,
    MeteringSensorRecord,
    SensorRecord,
    TrackerRecord,
    TrackPointRecord,
    VirtualSensorRecord,
)
from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_INTERVAL_SECONDS",
    "SMOOTHING_WINDOW",
    "Fits",
    "calibrated_all",
    "check_interval",
    "check_sensors",
    "covered",
    "interval_seconds",
    "metering",
    "metering_readings",
    "rounded",
    "smoothed",
    "state_readings",
]

_PLAIN: Final = 1e7
"""The size under which :func:`rounded` scales a value instead of converting it."""

Fits = Callable[[SensorRecord], bool]
"""Whether a report reads a sensor."""

SMOOTHING_WINDOW: Final = 5
"""A smoothed value is the mean of this many readings around it (fewer at the ends)."""

DEFAULT_INTERVAL_SECONDS: Final = 3600
"""The interval of a readings report's rows when its plugin gives none: an hour (the middle
of the intervals ``details_interval_minutes`` offers)."""


def check_sensors(ctx: Context, request: Request, fits: Fits, kinds: str) -> None:
    """Refuse the plugin's ``sensors`` unless each is a sensor of a tracker of the request
    (217) that the report reads (7 naming the entry; ``kinds`` says which it reads)."""
    entries = request.plugin.sensors
    if not isinstance(entries, list):
        return
    trackers = {t.id for t in request.trackers}
    missing = [
        f"sensor {e.sensor_id} of tracker {e.tracker_id}"
        for e in entries
        if e.tracker_id not in trackers
        or (sensor := ctx.world.sensors.get(e.sensor_id)) is None
        or sensor.tracker_id != e.tracker_id
    ]
    if missing:
        raise NonExistentEntitiesError(
            "no such sensors of the report's trackers: " + ", ".join(missing)
        )
    for index, entry in enumerate(entries):
        sensor = ctx.world.sensors[entry.sensor_id]
        if not fits(sensor):
            raise invalid(
                f"plugin.sensors[{index}]",
                f"sensor {sensor.id} is a {sensor.TAG} {sensor.sensor_type} sensor; "
                f"the report reads {kinds}",
            )


def covered(
    ctx: Context, tracker: TrackerRecord, plugin: ReportPlugin, pick: Fits
) -> list[SensorRecord]:
    """The tracker's sensors the report covers: those ``sensors`` names for it, in their
    order (none when it names only other trackers' sensors; the plugin was checked with
    :func:`check_sensors`), else every one ``pick`` picks, by ID."""
    if isinstance(plugin.sensors, list) and plugin.sensors:
        named = dict.fromkeys(e.sensor_id for e in plugin.sensors if e.tracker_id == tracker.id)
        return [ctx.world.sensors[sensor_id] for sensor_id in named]
    return [s for s in sensors_of(ctx.world, tracker.id) if pick(s)]


def _limits(sensor: MeteringSensorRecord) -> tuple[float | None, float | None]:
    params = sensor.parameters
    if isinstance(params, Unset):
        return None, None
    low = None if isinstance(params.min, Unset) else params.min
    high = None if isinstance(params.max, Unset) else params.max
    return low, high


def metering_readings(
    world: World, sensor: MeteringSensorRecord, points: Sequence[TrackPointRecord]
) -> tuple[list[TrackPointRecord], list[float]]:
    """The points of ``points`` (a run of the tracker's, in time order) at which
    ``tracker/sensor/data/read`` answers a value of the sensor, and those values: each an
    acceptable raw value of its input through its divider and calibration, rounded to 6
    places; a composite sensor's the sum of its parts' newest values (from before the
    period too)."""
    if not points:
        return [], []
    if is_composite(sensor):
        return _composite(world, sensor, points)
    name = sensor.input_name
    low, high = _limits(sensor)
    raws = [point.readings.get(name, math.nan) for point in points]
    if low is None and high is None:
        reported = list(map(operator.eq, raws, raws))  # all but the NaN of no reading
    else:
        least = -math.inf if low is None else low
        most = math.inf if high is None else high
        reported = [least <= raw <= most for raw in raws]  # NaN compares false
    found = list(itertools.compress(raws, reported))
    distinct = list(set(found))
    known = dict(zip(distinct, rounded(calibrated_all(sensor, distinct)), strict=True))
    return list(itertools.compress(points, reported)), list(map(known.__getitem__, found))


def calibrated_all(sensor: MeteringSensorRecord, raws: Sequence[float]) -> list[float]:
    """:func:`~fleetapi_mock.domain.sensor.values.calibrated` of each raw value, the
    sensor's calibration table read once: each value divided by the divider, then on the
    line between the table's points around it (the first or last ``out`` beyond them)."""
    divider = sensor.divider
    values = [raw / divider for raw in raws]
    table = sensor.calibration
    if not table:
        return values
    ins, outs = [p.in_ for p in table], [p.out for p in table]
    first, last = table[0], table[-1]
    found = []
    for value in values:
        if value <= first.in_:
            found.append(first.out)
        elif value >= last.in_:
            found.append(last.out)
        else:
            after = bisect.bisect_right(ins, value)
            low_in, low_out, high_in, high_out = (
                ins[after - 1],
                outs[after - 1],
                ins[after],
                outs[after],
            )
            found.append(low_out + (value - low_in) * (high_out - low_out) / (high_in - low_in))
    return found


def rounded(values: Sequence[float]) -> list[float]:
    """Each value rounded to 6 places, as ``round(value, 6)`` does (and the readings calls
    answer), without its decimal conversion where the millionths are plain: a value under
    10 million in size whose millionths lie less than 0.49 from a whole number rounds to
    that number of millionths (the float error of scaling it being far below 0.01)."""
    scaled = [v * 1e6 if -_PLAIN < v < _PLAIN else 0.0 for v in values]
    whole = list(map(round, scaled))
    return [
        n / 1e6 if n and -0.49 < s - n < 0.49 else round(v, 6)
        for v, s, n in zip(values, scaled, whole, strict=True)
    ]


def _composite(
    world: World, sensor: MeteringSensorRecord, points: Sequence[TrackPointRecord]
) -> tuple[list[TrackPointRecord], list[float]]:
    history = world.points_of(sensor.tracker_id)
    start, end = points[0].get_time, points[-1].get_time
    upto = history[: time_span(history, start, end)[1]]
    found: list[TrackPointRecord] = []
    values: list[float] = []
    for point, reading in running_values(world, sensor, upto):
        if point.get_time >= start:
            found.append(point)
            values.append(round(reading.value, 6))
    return found, values


def _untitled(sensor: VirtualSensorRecord) -> VirtualSensorRecord:
    params = sensor.parameters
    if isinstance(params, Unset):
        return sensor
    return attrs.evolve(sensor, parameters=attrs.evolve(params, value_titles=UNSET))


def state_readings(
    sensor: DiscreteSensorRecord | VirtualSensorRecord, points: Sequence[TrackPointRecord]
) -> tuple[list[TrackPointRecord], list[bool]]:
    """The points of ``points`` that report the state of a discrete or virtual sensor, and
    whether it was on at each. A discrete sensor reads its digital input among the point's
    ``inputs``; one of the ignition reads the point's ``ignition`` when the point reports
    no inputs (as ``tracker/get_inputs`` answers the ignition). A virtual sensor is on when
    the value it derives from its input (before its titles: ``1`` in range, the bit set, or
    the input itself) is not 0."""
    read: list[bool | None]
    if isinstance(sensor, DiscreteSensorRecord):
        index = sensor.input_number - 1
        ignition = sensor.sensor_type == "ignition"
        read = [
            (inputs[index] if index < len(inputs) else None)
            if (inputs := point.inputs) is not None
            else point.ignition
            if ignition
            else None
            for point in points
        ]
    else:
        raws = [point.readings.get(sensor.input_name) for point in points]
        bare = _untitled(sensor)
        known: dict[float | None, bool | None] = {
            raw: None if raw is None else _nonzero(virtual_value(bare, raw)) for raw in set(raws)
        }
        read = list(map(known.__getitem__, raws))
    reported = [state is not None for state in read]
    states = cast(list[bool], list(itertools.compress(read, reported)))  # those not None
    return list(itertools.compress(points, reported)), states


def _nonzero(text: str) -> bool:
    try:
        return float(text) != 0
    except ValueError:
        return bool(text)


def smoothed(values: Sequence[float]) -> list[float]:
    """Each value replaced by the mean of the :data:`SMOOTHING_WINDOW` values around it
    (those there are at the ends)."""
    count = len(values)
    half = SMOOTHING_WINDOW // 2

    def edge(index: int) -> float:
        around = values[max(0, index - half) : index + half + 1]
        return sum(around) / len(around)

    if count <= 2 * half:
        return [edge(i) for i in range(count)]
    sums = list(values[: count - 2 * half])
    for shift in range(1, SMOOTHING_WINDOW):  # a window's values added in their order
        sums = list(map(operator.add, sums, values[shift : count - 2 * half + shift]))
    return [
        *(edge(i) for i in range(half)),
        *[total / SMOOTHING_WINDOW for total in sums],
        *(edge(i) for i in range(count - half, count)),
    ]


def check_interval(plugin: ReportPlugin) -> None:
    """Refuse ``details_interval_minutes`` (the deprecated form) that says another interval
    than ``details_interval_seconds`` beside it (7)."""
    seconds, minutes = plugin.details_interval_seconds, plugin.details_interval_minutes
    if isinstance(seconds, int) and isinstance(minutes, int) and seconds != 60 * minutes:
        raise invalid(
            "plugin.details_interval_minutes", "differs from plugin.details_interval_seconds"
        )


def interval_seconds(plugin: ReportPlugin) -> int:
    """The rows' interval: ``details_interval_seconds``, else ``details_interval_minutes``
    in seconds, else :data:`DEFAULT_INTERVAL_SECONDS`."""
    if isinstance(plugin.details_interval_seconds, int):
        return plugin.details_interval_seconds
    if isinstance(plugin.details_interval_minutes, int):
        return 60 * plugin.details_interval_minutes
    return DEFAULT_INTERVAL_SECONDS


def metering(sensor: SensorRecord) -> bool:
    """Whether a sensor is a metering one (a number at each reading)."""
    return isinstance(sensor, MeteringSensorRecord)
