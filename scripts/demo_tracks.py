"""Write a month of rounds and a realistic day of driving into the demo world's ``track_points``.

Run once after changing the day below; the result is committed as data
(``src/fleetapi_mock/data/demo_world.json``), so that ``asset/track/list`` has trips, parkings,
single reports and clusters to show. Only the ``track_points`` block of the file is rewritten
(one point per line); the rest of the document is left as it is.

* Van 1 (tracker 1) in the month before, 2025-12-15 to 2026-01-13: on each working day (not
  weekends, 24 to 26 December or New Year's Day) two rounds from the depot to a customer and
  back, the customers in turn, so that every report of a month has content; the odometer counts
  on from 0 through the month and the days after it. The points report the ignition, the fuel
  level, board voltage and coolant, and input 2 (the refrigerator, on during the morning's
  round); the van waits at the depot at 06:45 and 18:00, is drained of 20 litres on the night
  of 7 January and refuelled on 2 and 13 January, brakes and accelerates harshly now and then,
  and loses the network for 40 minutes on 18 December.
* Van 1 (tracker 1, driven by Ben Keller) on 2026-01-14: out of the depot at 07:00 UTC, five
  trips across Berlin with parkings between them, two events, back at the depot by 16:00; its
  points report the ignition and what its sensors read (the fuel level falling as it drives,
  the board voltage, the coolant temperature).
* Anna's phone (tracker 4, Anna Schmidt) on 2026-01-14: a GSM LBS fix at home, a tram ride to
  the office, three lone fixes around it during the day (single reports that cluster), the ride
  home; and on 2026-01-15 the ride in and the walk that ends at the phone's current state.
* Van 1 on 2026-01-15: parked at the depot at 08:30, then driving towards Alexanderplatz, where
  its current state is at 08:59:30.

Points loaded with the world are history: they make no events (the document's ``events`` are
that history's).

Usage: ``.venv/bin/python scripts/demo_tracks.py``
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import attrs

from fleetapi._converter import converter_for
from fleetapi_mock.domain.position import drive_points
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import track_point_order

DEMO = Path(__file__).resolve().parent.parent / "src/fleetapi_mock/data/demo_world.json"
DAY = dt.datetime(2026, 1, 14)
TODAY = dt.datetime(2026, 1, 15)
MONTH = (dt.date(2025, 12, 15), dt.date(2026, 1, 13))
"""The first and last day of Van 1's month of rounds."""
HOLIDAYS = {
    dt.date(2025, 12, 24),
    dt.date(2025, 12, 25),
    dt.date(2025, 12, 26),
    dt.date(2026, 1, 1),
}

DEPOT = (52.49, 13.36)
POTSDAMER_PLATZ = (52.5096, 13.376)
HACKESCHER_MARKT = (52.5225, 13.402)
ORANIENSTRASSE = (52.501, 13.419)
TEMPELHOF = (52.473, 13.403)
ANNA_HOME = (52.545, 13.39)
OFFICE = (52.5295, 13.3835)


def at(hour: int, minute: int = 0, day: dt.datetime = DAY) -> dt.datetime:
    return day.replace(hour=hour, minute=minute)


def parked(
    tracker_id: int,
    where: tuple[float, float],
    times: list[dt.datetime],
    address: str,
    mileage: float,
    readings: dict[str, float] | None = None,
) -> list[TrackPointRecord]:
    """Points a parked device sends now and then (with the ignition off when it reports
    ``readings``)."""
    return [
        TrackPointRecord(
            tracker_id=tracker_id,
            get_time=t,
            lat=where[0],
            lng=where[1],
            satellites=10,
            mileage=mileage,
            address=address,
            parking=True,
            ignition=False if readings is not None else None,
            readings=dict(readings or {}),
        )
        for t in times
    ]


FUEL_PER_TRIP = 1.5
"""Litres Van 1 burns on each trip of the day."""


def van_readings(fuel: float, *, driving: bool) -> dict[str, float]:
    """What Van 1's sensors read: the fuel level, the board voltage, the coolant."""
    return {
        "fuel_level": fuel,
        "board_voltage": 13.9 if driving else 12.4,
        "obd_coolant_t": 88.0 if driving else 41.0,
    }


def van_day(mileage: float, used: float) -> list[TrackPointRecord]:
    """Van 1 on 2026-01-14; ``used``: the flow meter's count of litres at its start."""
    stops = [
        (DEPOT, "Depotweg 1, Berlin", None),
        (POTSDAMER_PLATZ, "Potsdamer Platz 1, Berlin", [(52.497, 13.366), (52.505, 13.372)]),
        (HACKESCHER_MARKT, "Hackescher Markt 4, Berlin", [(52.516, 13.381), (52.52, 13.393)]),
        (ORANIENSTRASSE, "Oranienstrasse 25, Berlin", [(52.513, 13.41), (52.505, 13.414)]),
        (TEMPELHOF, "Tempelhofer Damm 1, Berlin", [(52.494, 13.412), (52.483, 13.386)]),
        (DEPOT, "Depotweg 1, Berlin", [(52.478, 13.38), (52.486, 13.366)]),
    ]
    departures = [at(7), at(8, 10), at(9, 30), at(11, 5), at(13, 0)]
    speeds = [28, 22, 25, 38, 32]
    fuel = 64.0
    resting = {**van_readings(fuel, driving=False), "can_consumption": used}
    points = parked(1, DEPOT, [at(6, 0), at(6, 30)], "Depotweg 1, Berlin", mileage, resting)
    for leg, start in enumerate(departures):
        (origin, origin_address, _), (target, target_address, via) = stops[leg], stops[leg + 1]
        trip = drive_points(
            1,
            [origin, *(via or []), target],
            start=start,
            speed=speeds[leg],
            every=dt.timedelta(seconds=20),
            mileage=mileage,
            start_address=origin_address,
            end_address=target_address,
            readings={
                **van_readings(fuel, driving=True),
                "fuel_level": (fuel, fuel - FUEL_PER_TRIP),
                "can_consumption": (used, used + FUEL_PER_TRIP),
            },
        )
        fuel -= FUEL_PER_TRIP
        used = round(used + FUEL_PER_TRIP, 1)
        if leg == 1:
            middle = len(trip) // 2
            trip[middle] = attrs.evolve(trip[middle], event="harsh_braking")
        if leg == 3:
            third = len(trip) // 3
            trip[third] = attrs.evolve(trip[third], speed=68, event="speeding")
        points += trip
        mileage = trip[-1].mileage
        arrival = trip[-1].get_time
        leave = departures[leg + 1] if leg + 1 < len(departures) else at(16, 30)
        waits = []
        moment = arrival + dt.timedelta(minutes=10)
        while moment < leave:
            waits.append(moment.replace(second=0))
            moment += dt.timedelta(minutes=10)
        points += parked(
            1,
            target,
            waits,
            target_address,
            mileage,
            {**van_readings(fuel, driving=False), "can_consumption": used},
        )
    return points


CUSTOMERS = [
    (POTSDAMER_PLATZ, "Potsdamer Platz 1, Berlin", (52.497, 13.366), 30),
    (HACKESCHER_MARKT, "Hackescher Markt 4, Berlin", (52.505, 13.385), 34),
    (ORANIENSTRASSE, "Oranienstrasse 25, Berlin", (52.497, 13.395), 32),
    (TEMPELHOF, "Tempelhofer Damm 1, Berlin", (52.48, 13.38), 40),
]
"""Where Van 1's rounds go: the place, its address, a point on the way, the speed (km/h)."""


DEPOT_ADDRESS = "Depotweg 1, Berlin"


def working_days() -> list[dt.date]:
    first, last = MONTH
    days = [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]
    return [d for d in days if d.isoweekday() <= 5 and d not in HOLIDAYS]


MONTH_FUEL = 70.0
"""Litres in Van 1's tank on the morning of the month's first day."""
REFILL_BELOW, REFILL_TO = 12.0, 70.0
"""Van 1 is refuelled at the depot, before its first round, when less than the first is left
(on 2 and 13 January), to the second: its tank holds 75 litres, and the month ends with the 64
litres of 2026-01-14's first point."""
DRAIN_NIGHT = dt.date(2026, 1, 7)
"""The night after this day, 20 litres are drained from Van 1's tank at the depot."""
DRAIN = 20.0
SILENT_DAY = dt.date(2025, 12, 18)
"""On this day's drive back from its afternoon round, Van 1's device loses the network for
40 minutes after its second point (the points it sends then come late: the van waits)."""


def van_month() -> list[TrackPointRecord]:
    """Two rounds a working day, depot to customer and back, a point a minute while driving;
    answer the points (the odometer from 0). The points report the ignition, the fuel level
    (1.5 litres a leg, counted by the CAN flow meter `can_consumption`), the board voltage and
    the coolant, and input 2 (the refrigerator, on during the morning's round); the van waits
    at the depot before the first round and after the last (a point at 06:45 and 18:00), is
    refuelled there when low, is drained one night, brakes and accelerates harshly now and
    then, and loses the network once."""
    points: list[TrackPointRecord] = []
    mileage = 0.0
    fuel = MONTH_FUEL
    used = 0.0  # the flow meter's count of litres burnt (CAN bus), in the month's points only
    customer = 0
    for number, day in enumerate(working_days()):
        start = dt.datetime.combine(day, dt.time())
        levels = [fuel]
        if fuel < REFILL_BELOW:  # a refill of ten minutes
            levels += [round((fuel + REFILL_TO) / 2, 1), REFILL_TO]
            fuel = REFILL_TO
        for n, level in enumerate(levels):
            when = at(6, 45 + 5 * n, start)
            resting = {**van_readings(level, driving=False), "can_consumption": used}
            points += parked(1, DEPOT, [when], DEPOT_ADDRESS, mileage, resting)
        rounds = (
            (at(7, day.day % 20, start), at(10, 30, start)),
            (at(13, 15, start), at(15, 40, start)),
        )
        for round_number, (out, back) in enumerate(rounds):
            target, address, via, speed = CUSTOMERS[customer % len(CUSTOMERS)]
            customer += 1
            for leg, (leave, route, ends) in enumerate((
                (out, [DEPOT, via, target], (DEPOT_ADDRESS, address)),
                (back, [target, via, DEPOT], (address, DEPOT_ADDRESS)),
            )):  # fmt: skip
                trip = drive_points(
                    1,
                    route,
                    start=leave,
                    speed=speed,
                    every=dt.timedelta(seconds=60),
                    mileage=mileage,
                    start_address=ends[0],
                    end_address=ends[1],
                    readings={
                        **van_readings(fuel, driving=True),
                        "fuel_level": (fuel, fuel - FUEL_PER_TRIP),
                        "can_consumption": (used, used + FUEL_PER_TRIP),
                    },
                )
                fuel = round(fuel - FUEL_PER_TRIP, 1)
                used = round(used + FUEL_PER_TRIP, 1)
                fridge = round_number == 0
                trip = [attrs.evolve(p, inputs=[bool(p.ignition), fridge]) for p in trip]
                if round_number == leg == 0 and number % 3 == 0:
                    middle = len(trip) // 2
                    trip[middle] = attrs.evolve(trip[middle], event="harsh_braking")
                if day == SILENT_DAY and round_number == leg == 1:
                    late = dt.timedelta(minutes=40)
                    trip[2:] = [attrs.evolve(p, get_time=p.get_time + late) for p in trip[2:]]
                if round_number == leg == 1 and number % 5 == 2:
                    quarter = len(trip) // 4
                    trip[quarter] = attrs.evolve(trip[quarter], event="harsh_acceleration")
                points += trip
                mileage = trip[-1].mileage
        resting = {**van_readings(fuel, driving=False), "can_consumption": used}
        points += parked(1, DEPOT, [at(18, 0, start)], DEPOT_ADDRESS, mileage, resting)
        if day == DRAIN_NIGHT:
            for minutes, lost in ((0, 0.0), (10, DRAIN / 2), (20, DRAIN)):
                when = at(22, minutes, start)
                points += parked(
                    1, DEPOT, [when], DEPOT_ADDRESS, mileage,
                    {**van_readings(round(fuel - lost, 1), driving=False), "can_consumption": used},
                )  # fmt: skip
            fuel = round(fuel - DRAIN, 1)
    return points


def van_today(mileage: float, used: float) -> list[TrackPointRecord]:
    """Van 1 this morning: parked at the depot, then driving towards Alexanderplatz."""
    moves = [
        (at(8, 30, TODAY), DEPOT, 0, 0, 11, 0.0, 56.5, "Depotweg 1, Berlin"),
        (at(8, 40, TODAY), (52.499, 13.372), 38, 40, 12, 1.3, 56.2, ""),
        (at(8, 50, TODAY), (52.509, 13.389), 45, 50, 12, 3.0, 55.9, ""),
        (at(8, 59, TODAY) + dt.timedelta(seconds=30), (52.52, 13.405), 42, 90, 10, 4.6, 55.6,
         "Alexanderplatz, Berlin"),
    ]  # fmt: skip
    return [
        TrackPointRecord(
            tracker_id=1,
            get_time=when,
            lat=where[0],
            lng=where[1],
            speed=speed,
            heading=heading,
            satellites=satellites,
            mileage=round(mileage + km, 3),
            address=address,
            parking=speed == 0,
            ignition=speed > 0,
            readings={
                **van_readings(fuel, driving=speed > 0),
                "can_consumption": round(used + 56.5 - fuel, 1),
            },
        )
        for when, where, speed, heading, satellites, km, fuel, address in moves
    ]


def anna_day() -> list[TrackPointRecord]:
    home = "Zionskirchstrasse 40, Berlin"
    office = "Invalidenstrasse 1, Berlin"
    points = [
        TrackPointRecord(
            tracker_id=4,
            get_time=at(7, 45),
            lat=52.5452,
            lng=13.3893,
            address=home,
            gsm_lbs=True,
            precision=900,
        ),
    ]
    to_work = drive_points(
        4,
        [ANNA_HOME, (52.538, 13.388), OFFICE],
        start=at(8, 5),
        speed=18,
        every=dt.timedelta(seconds=60),
        start_address=home,
        end_address=office,
    )
    points += to_work
    mileage = to_work[-1].mileage
    for hour, (lat, lng) in (
        (10, (52.5297, 13.3838)),
        (12, (52.5291, 13.3829)),
        (14, (52.5299, 13.3841)),
    ):
        points.append(
            TrackPointRecord(
                tracker_id=4,
                get_time=at(hour, 15),
                lat=lat,
                lng=lng,
                satellites=7,
                precision=15,
                mileage=mileage,
            )
        )
    home_again = drive_points(
        4,
        [OFFICE, (52.538, 13.388), ANNA_HOME],
        start=at(16, 40),
        speed=16,
        every=dt.timedelta(seconds=60),
        mileage=mileage,
        start_address=office,
        end_address=home,
    )
    points += home_again
    mileage = home_again[-1].mileage
    walk = drive_points(
        4,
        [OFFICE, (52.5275, 13.379), (52.531, 13.385)],
        start=TODAY,
        speed=4,
        every=dt.timedelta(seconds=60),
    )
    # Still walking at 08:59:50 UTC, where the phone's current state is: shift the walk so that
    # its last point is then and there, moving.
    shift = at(8, 59, TODAY) + dt.timedelta(seconds=50) - walk[-1].get_time
    ride_in = drive_points(
        4,
        [ANNA_HOME, (52.538, 13.388), OFFICE],
        start=walk[0].get_time + shift - dt.timedelta(minutes=9),
        speed=18,
        every=dt.timedelta(seconds=60),
        mileage=mileage,
        start_address=home,
    )
    points += ride_in
    walk = [
        attrs.evolve(
            step,
            get_time=step.get_time + shift,
            mileage=round(step.mileage + ride_in[-1].mileage, 3),
        )
        for step in walk
    ]
    walk[-1] = attrs.evolve(walk[-1], speed=4, heading=270)
    return points + walk


def compact(point: TrackPointRecord) -> dict[str, Any]:
    """A point as the world document writes it, without fields left at their defaults."""
    data = converter_for(strict=True).unstructure(point)
    defaults = converter_for(strict=True).unstructure(
        TrackPointRecord(tracker_id=0, get_time=DAY, lat=0, lng=0)
    )
    keep = {"tracker_id", "get_time", "lat", "lng", "speed"}
    return {k: v for k, v in data.items() if k in keep or v != defaults[k]}


def write_block(name: str, items: list[Any]) -> None:
    """Rewrite the ``name`` array of the demo world file, one item per line, leaving the rest
    of the file as it is."""
    lines = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in items)
    block = f'"{name}": [\n{lines}\n  ]'
    text = DEMO.read_text(encoding="utf-8")
    text, count = re.subn(rf'"{name}": \[.*?\n  \]', lambda _: block, text, flags=re.S)
    if count != 1:
        raise SystemExit(f"could not find the {name} block")
    DEMO.write_text(text, encoding="utf-8")


def main() -> None:
    document = json.loads(DEMO.read_text(encoding="utf-8"))
    kept = [p for p in document["track_points"] if p["tracker_id"] not in (1, 4)]
    month = van_month()
    day = van_day(month[-1].mileage, month[-1].readings["can_consumption"])
    today = van_today(day[-1].mileage, day[-1].readings["can_consumption"])
    new = sorted([*month, *day, *today, *anna_day()], key=track_point_order)
    points = kept + [compact(p) for p in new]
    points.sort(key=lambda p: (p["tracker_id"], p["get_time"]))
    write_block("track_points", points)
    print(f"{len(points)} track points written to {DEMO}")


if __name__ == "__main__":
    main()
