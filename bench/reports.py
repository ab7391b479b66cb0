"""Target: every report plugin over a month of one tracker, in under a second.

Tracker 1 ("Van 1", ridden by employee 2) gets 30 days of points, one every 10 seconds
(259,200), made once per run: parked at the depot (zone 1 of the demo world) at night; from
07:00 to 19:00, twenty-four legs a day between the depot and the stops around the centre, each
20 minutes parked (the engine idling its last two), then 10 minutes driving at 45 to 70 km/h
(above the speed limit mid-leg). Every point reports the ignition, the inputs (the ignition and
a door open the first two minutes of a stop) and its readings: ``fuel_level`` (12 l/100 km,
refuelled to 100 l in the morning below 50 l, 15 l drained one night a week),
``board_voltage``, ``obd_coolant_t`` and the flow meter's ``can_consumption``. Events:
``speeding`` where a leg goes over 60 km/h, ``harsh_braking`` at the end of every third leg,
``sos`` at noon every fifth day (stored as the events ``history`` answers, too).

For each plugin of :data:`~fleetapi_mock.domain.report.KINDS`, the project builds the report
of that month (``report_sheets``, what ``report/tracker/generate`` runs; of its last day for
the point report, which covers 24 hours at most) with the options of :data:`OPTIONS`; the
baseline is one plain pass over the same points reading their speed, ignition and fuel level.
The note counts what the report made. Trips are split once and kept on the track (as the mock
does for every call), so the first plugin reading them pays that once: the note's first build
shows it.
"""

from __future__ import annotations

import datetime as dt
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from bench.measure import Ratio, Sizes, Target, compare, per_run
from bench.worlds import STOPS, stop
from fleetapi.endpoints.report import REPORT_GENERATE
from fleetapi.models.report import ReportPlugin, ReportSheet, ReportShift
from fleetapi.report_plugins import BY_ID
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.history import record_point_event
from fleetapi_mock.domain.report import KINDS, WHOLE_DAY, Request, report_sheets
from fleetapi_mock.domain.track import time_span
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.tracks import TrackStore

TRACKER: Final = 1
DAYS: Final = 30
DEPOT: Final = (52.49, 13.36)
"""Zone 1 ("Depot") of the demo world."""
WORK: Final = (7 * 3600, 19 * 3600)
"""The working day's start and end (seconds of the day, UTC: the demo user's zone)."""
LEG: Final = 1800
PARKED: Final = 1200
"""Seconds of a leg: parked first, then driving to the next place."""
IDLING: Final = 120
"""Seconds the engine runs before a departure."""

OPTIONS: Final[dict[int, dict[str, Any]]] = {
    4: {},
    6: {},
    7: {"show_detailed": True},
    8: {"zone_ids": [1, 2, 3], "show_mileage": True},
    9: {"details_interval_seconds": 3600},
    10: {"detailed_by_dates": True, "include_speed_plot": True, "surge_filter": True},
    11: {"group_by_type": True},
    12: {"show_idle_percent": True},
    22: {"details_interval_seconds": 3600},
    27: {"max_speed": 60, "min_duration_minutes": 0},
    46: {"speed_limit": 60},
    77: {
        "shifts": [
            ReportShift(name="Early", start_time="06:00", end_time="14:00"),
            ReportShift(name="Late", start_time="14:00", end_time="22:00"),
        ]
    },
    82: {"speed_limit": 60},
    84: {"zone_ids": [1, 2, 3]},
    85: {"show_mileage": True, "show_not_visited_places": True},
    89: {"min_minutes_in_zone": 1},
}
"""The options each plugin is given (its ``ReportPlugin`` fields), by plugin ID: the sensors,
zones, shifts... it needs to have something to do over the month."""


def _place(leg: int) -> tuple[float, float]:
    """Where leg ``leg`` of a day starts: the depot every fourth, else a stop."""
    return DEPOT if leg % 4 == 0 else stop(leg % STOPS)


def _address(leg: int) -> str:
    return "Depotweg 1, Berlin" if leg % 4 == 0 else f"Stop {leg % STOPS}, Berlin"


_INPUTS: Final = {(a, b): [a, b] for a in (False, True) for b in (False, True)}
"""The inputs lists, shared by the points reporting the same."""


def month_points(start: dt.datetime, count: int) -> list[TrackPointRecord]:
    """``count`` points of tracker 1 spread evenly over :data:`DAYS` days from ``start``."""
    every = DAYS * 86_400 / count
    points = []
    mileage, fuel, used, was_fast = 0.0, 100.0, 0.0, False
    for index in range(count):
        offset = round(index * every)
        second = offset % 86_400
        day = offset // 86_400
        lat, lng = DEPOT
        speed, ignition, door, address, event = 0.0, False, False, "", None
        if WORK[0] <= second < WORK[1]:
            leg, phase = divmod(second - WORK[0], LEG)
            lat, lng = _place(leg)
            if phase < PARKED:
                ignition = phase >= PARKED - IDLING
                door = phase < IDLING
                if phase < every:
                    address = _address(leg)
                    fuel = 100.0 if leg == 0 and fuel < 50 else fuel
            else:
                part = (phase - PARKED) / (LEG - PARKED)
                speed = 45 + 25 * math.sin(math.pi * part)
                ignition = True
                (lat0, lng0), (lat1, lng1) = _place(leg), _place(leg + 1)
                along = (1 - math.cos(math.pi * part)) / 2
                lat, lng = lat0 + (lat1 - lat0) * along, lng0 + (lng1 - lng0) * along
                if speed > 60 and not was_fast:
                    event = "speeding"
                elif phase + every >= LEG and leg % 3 == 2:
                    event = "harsh_braking"
                mileage += speed * every / 3600
                fuel -= speed * every / 3600 * 0.12
                used += speed * every / 3600 * 0.12
            if day % 5 == 2 and second <= 12 * 3600 < second + every:
                event = "sos"
        elif day % 7 == 3 and second <= 2 * 3600 < second + every:
            fuel -= 15
        was_fast = speed > 60
        points.append(
            TrackPointRecord(
                tracker_id=TRACKER, get_time=start + dt.timedelta(seconds=offset), lat=lat,
                lng=lng, speed=round(speed), satellites=12, mileage=round(mileage, 3),
                address=address, ignition=ignition, inputs=_INPUTS[ignition, door],
                readings={
                    "fuel_level": round(fuel, 1),
                    "board_voltage": 14.1 if ignition else 12.4,
                    "obd_coolant_t": 88.0 if ignition else 20.0,
                    "can_consumption": round(used, 2),
                },
                event=event,
            )
        )  # fmt: skip
    return points


def month_world(sizes: Sizes) -> tuple[FleetMock, dt.datetime, dt.datetime]:
    """The demo world with tracker 1's month (its demo points go), and the month's start and
    end."""
    mock = FleetMock(running_clock=False)
    world = mock.world
    end = world.now().replace(hour=0, minute=0, second=0, microsecond=0)
    start = end - dt.timedelta(days=DAYS)
    points = month_points(start, sizes.month_points)
    kept = [p for p in world.track_points if p.tracker_id != TRACKER]
    with world.lock:
        world.track_points = TrackStore(kept + points)
        for point in points:
            if point.event:
                record_point_event(world, point)
    return mock, start, end - dt.timedelta(seconds=1)


def _made(sheets: Sequence[ReportSheet]) -> str:
    """What a report holds: its sheets, table rows, days and charts."""
    tables = [s for sheet in sheets for s in sheet.sections if s.get("type") == "table"]
    rows = sum(len(group["rows"]) for table in tables for group in table["data"])
    days = max((len(table["data"]) for table in tables), default=0)
    charts = sum(1 for sheet in sheets for s in sheet.sections if s.get("type") == "chart")
    return f"{len(sheets)} sheet(s), {rows:,} rows over {days} days, {charts} chart(s)"


def bench_reports(sizes: Sizes) -> list[Ratio]:
    """Every report plugin over a month of one tracker, against one pass over its points."""
    mock, start, end = month_world(sizes)
    world = mock.world
    tracker = world.trackers[TRACKER]
    user = world.users[tracker.user_id]
    ctx = Context(world=world, endpoint=REPORT_GENERATE, user=user)
    riders = [e for _, e in sorted(world.employees.items()) if e.tracker_id == TRACKER]
    every = world.points_of(TRACKER)
    first, last = time_span(every, start, end)

    def one_pass() -> float:
        total = 0.0
        for index in range(first, last):
            point = every[index]
            total += point.speed + point.readings.get("fuel_level", 0.0)
            if point.ignition:
                total += 1
        return total

    ratios = []
    for plugin_id in sorted(KINDS):
        info = BY_ID[plugin_id]
        options: Mapping[str, Any] = OPTIONS.get(plugin_id, {})
        since = start if info.max_span_hours is None else end - dt.timedelta(hours=24)
        read_from, read_to = time_span(every, since, end)  # the points of its own span
        request = Request(
            trackers=[tracker],
            employees=riders if info.by == "employees" else [],
            start=since,
            end=end,
            plugin=ReportPlugin(plugin_id=plugin_id, **options),
            time_filter=WHOLE_DAY,
        )

        def build(request: Request = request) -> list[ReportSheet]:
            with world.lock:
                return report_sheets(ctx, request)

        began = time.perf_counter()
        made = _made(build())
        cold = time.perf_counter() - began
        span = f"{DAYS} days" if info.max_span_hours is None else f"its {info.max_span_hours} h"
        ratios.append(
            compare(
                f"report plugin {plugin_id} ({info.title}), {span} of "
                f"{read_to - read_from:,} points (vs one pass over the month's)",
                per_run(build, sizes.sample_time),
                per_run(one_pass, sizes.sample_time),
                Target(1, absolute=True),
                sizes,
                note=f"{made}; first build {cold:.2f} s",
            )
        )
    return ratios
