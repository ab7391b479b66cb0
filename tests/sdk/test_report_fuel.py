"""The fuel reports: volume (plugin 10), volume 2.0 (95) and flow meter (78). A drain, a refill
and a drive fed to Van 1's fuel sensor come out as one drain, one refill and the consumption
between, on the level ``tracker/sensor/data/read`` answers."""

from __future__ import annotations

import datetime as dt
import io
import itertools
from typing import Any

import pytest
from openpyxl import load_workbook

from fleetapi import InvalidParametersError
from fleetapi.models.report import ReportPlugin
from fleetapi.models.track import AssetRef, RegularTrack
from fleetapi_mock import FleetMock

VAN = 1  # its sensor 1 reads fuel_level (litres); its vehicle's tank holds 75 litres
DAY = dt.datetime(2026, 1, 10)  # a Saturday: no demo points
DEPOT = (52.49, 13.36)


def _at(minutes: float) -> dt.datetime:
    return DAY + dt.timedelta(hours=8, minutes=minutes)


def _point(minutes: float, level: float, *, lng: float = DEPOT[1], **more: Any) -> dict[str, Any]:
    return {
        "tracker_id": VAN, "get_time": _at(minutes).strftime("%Y-%m-%d %H:%M:%S"),
        "lat": DEPOT[0], "lng": lng, "speed": more.pop("speed", 0),
        "ignition": more.pop("ignition", False), "readings": {"fuel_level": level, **more},
    }  # fmt: skip


def _feed(
    fleet_mock: FleetMock, *, spike: bool = False, idle_fall: bool = False, wobble: bool = False
) -> None:
    """08:00-08:30 parked at 60 l; a drain of 20 l at 08:30-08:33; parked at 40 l (with
    ``idle_fall`` losing 1 l slowly, ignition off; with ``wobble`` 1 l more from 08:45 to
    08:50, lost in a minute); 09:00-09:30 a drive using 2 l; parked, a refill of 32 l at
    09:40-09:42 (with ``spike``, a lone reading of 90 l at 08:10)."""
    points = [_point(m, 90.0 if spike and m == 10 else 60.0) for m in range(31)]
    points += [_point(31, 53.333), _point(32, 46.667)]
    low = 39.0 if idle_fall else 40.0
    for m in range(33, 60):
        level = 40.0 - (40.0 - low) * min(1.0, max(0.0, (m - 40) / 10))
        points.append(_point(m, level + 1.0 if wobble and 45 <= m < 50 else level))
    points += [
        _point(60 + n / 2, low - 2 * n / 60, lng=DEPOT[1] + 0.0005 * n, speed=40, ignition=True)
        for n in range(61)
    ]
    end = low - 2
    points += [_point(m, end, lng=DEPOT[1] + 0.03) for m in range(91, 100)]
    points += [
        _point(100, end + 32 / 3, lng=DEPOT[1] + 0.03),
        _point(101, end + 64 / 3, lng=DEPOT[1] + 0.03),
    ]
    points += [_point(m, end + 32, lng=DEPOT[1] + 0.03) for m in range(102, 121)]
    fleet_mock.record_positions(points)


def _sheets(
    client: Any, fleet_mock: FleetMock, *, trackers: list[int] | None = None, **options: Any
) -> Any:
    plugin = ReportPlugin(**{"plugin_id": 10, **options})
    report_id = client.report.tracker.generate(
        from_=DAY,
        to=DAY + dt.timedelta(hours=23, minutes=59),
        trackers=trackers or [VAN],
        plugin=plugin,
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return client.report.tracker.retrieve(report_id=report_id).sheets


def _read(client: Any, sensor_id: int) -> list[tuple[float, float]]:
    """``tracker/sensor/data/read`` of Van 1's sensor over the day: (UNIX ms, value) pairs."""
    read = client.tracker.sensor.data.read(
        tracker_id=VAN, sensor_id=sensor_id, from_=DAY, to=DAY + dt.timedelta(days=1)
    )
    epoch = dt.datetime(1970, 1, 1)
    return [((r.get_time - epoch).total_seconds() * 1000, r.value) for r in read]


def _rows(section: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for group in section["data"] for row in group["rows"]]


def _summary(sheet: Any) -> dict[str, float]:
    (section,) = [s for s in sheet.sections if s["type"] == "map_table"]
    return {row["name"]: row["raw"] for row in section["rows"]}


def _movements(sheet: Any, kind: str, field: str) -> list[float]:
    return [r[field]["raw"] for r in _rows(sheet.sections[0]) if r["kind"]["v"] == kind]


def test_a_drain_and_a_refill_are_one_each_and_the_rest_is_consumption(
    fleet_mock: FleetMock, client: Any
) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock)
    assert _movements(sheet, "Drain", "drained") == [20.0]
    assert _movements(sheet, "Refill", "refilled") == [32.0]
    rows = _rows(sheet.sections[0])
    drain = next(r for r in rows if r["kind"]["v"] == "Drain")
    assert (drain["from"]["v"], drain["to"]["v"]) == ("08:30", "08:33")
    assert (drain["before"]["raw"], drain["after"]["raw"]) == (60.0, 40.0)
    for before, after in itertools.pairwise(rows):  # each row starts where one ends
        assert before["to"]["raw"] == after["from"]["raw"]
        assert before["after"]["raw"] == after["before"]["raw"]
    figures = _summary(sheet)
    assert figures["Consumed"] == pytest.approx(2.0)
    assert figures["Consumed"] == pytest.approx(
        figures["Initial volume"]
        - figures["Final volume"]
        + figures["Refilled"]
        - figures["Drained"]
    )
    assert (figures["Refills"], figures["Drains"]) == (1, 1)
    assert (figures["Initial volume"], figures["Final volume"]) == (60.0, 70.0)
    (listed,) = client.asset.track.list(
        asset=AssetRef(id=1, type="vehicle"), from_=DAY, to=DAY + dt.timedelta(days=1)
    ).list
    km = sum(t.length for t in listed.tracks if isinstance(t, RegularTrack))
    assert km > 1.9
    assert figures["Mileage, km"] == pytest.approx(km, abs=1e-3)
    assert figures["Consumed per 100 km"] == pytest.approx(200 / figures["Mileage, km"])


def test_the_level_is_what_the_readings_call_answers(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock)
    (chart,) = [s for s in sheet.sections if s["type"] == "chart"]
    (level,) = chart["series"]
    assert (chart["x_axis"], level["title"]) == ("time", "Fuel tank, litres")
    assert level["points"] == [list(pair) for pair in _read(client, 1)]


def test_the_surge_filter_drops_a_lone_spike(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock, spike=True)  # 90 l between readings of 60 l: 30 l, 0.4 of the tank
    (plain,) = _sheets(client, fleet_mock)
    assert _movements(plain, "Refill", "refilled") == [30.0, 32.0]
    assert _movements(plain, "Drain", "drained") == [30.0, 20.0]
    (filtered,) = _sheets(client, fleet_mock, surge_filter=True)
    assert _movements(filtered, "Refill", "refilled") == [32.0]
    assert _movements(filtered, "Drain", "drained") == [20.0]
    (chart,) = [s for s in filtered.sections if s["type"] == "chart"]
    assert max(y for _, y in chart["series"][0]["points"][:20]) == 60.0
    (high,) = _sheets(client, fleet_mock, surge_filter=True, surge_filter_threshold=0.5)
    assert _movements(high, "Refill", "refilled") == [30.0, 32.0]  # 30 l is under 0.5 of 75


def test_smoothing_blurs_the_level_but_keeps_the_movements(
    fleet_mock: FleetMock, client: Any
) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, smoothing=True)
    assert _movements(sheet, "Drain", "drained") == [pytest.approx(20.0)]
    assert _movements(sheet, "Refill", "refilled") == [pytest.approx(32.0)]
    (chart,) = [s for s in sheet.sections if s["type"] == "chart"]
    levels = dict(chart["series"][0]["points"])
    epoch = dt.datetime(1970, 1, 1)
    assert levels[(_at(31) - epoch).total_seconds() * 1000] == pytest.approx(
        (60 + 60 + 53.333 + 46.667 + 40) / 5  # the readings of 08:29 to 08:33
    )


def test_a_change_under_2_percent_of_the_tank_is_no_refill_or_drain(
    fleet_mock: FleetMock, client: Any
) -> None:
    _feed(fleet_mock, wobble=True)  # 1 l up, then down fast: under 1.5 l, 2% of 75 l
    (sheet,) = _sheets(client, fleet_mock)
    assert _movements(sheet, "Refill", "refilled") == [32.0]
    assert _movements(sheet, "Drain", "drained") == [20.0]
    assert _summary(sheet)["Consumed"] == pytest.approx(2.0)


def test_consumption_with_the_ignition_on_only(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock, idle_fall=True)  # 1 l lost slowly while parked, ignition off
    (every,) = _sheets(client, fleet_mock)
    assert _summary(every)["Consumed"] == pytest.approx(3.0)
    assert _movements(every, "Drain", "drained") == [20.0]
    (driving,) = _sheets(client, fleet_mock, use_ignition_data_for_consumption=True)
    assert _summary(driving)["Consumed"] == pytest.approx(2.0)


def test_the_days_the_speed_and_the_mileage(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(
        client,
        fleet_mock,
        detailed_by_dates=True,
        include_speed_plot=True,
        include_mileage_plot=True,
    )
    figures = _summary(sheet)
    (days,) = [s for s in sheet.sections if s["type"] == "table" and s["header"] == "Fuel by dates"]
    (day,) = _rows(days)
    assert day["date"]["v"] == "2026-01-10"
    assert day["consumed"]["raw"] == pytest.approx(figures["Consumed"])
    assert (day["initial"]["raw"], day["final"]["raw"]) == (60.0, 70.0)
    (chart,) = [s for s in sheet.sections if s["type"] == "chart"]
    series = {s["title"]: s["points"] for s in chart["series"]}
    assert max(y for _, y in series["Speed, km/h"]) == 40
    assert series["Mileage, km"][-1][1] == pytest.approx(figures["Mileage, km"])
    (by_km,) = _sheets(client, fleet_mock, graph_type="mileage")
    (chart,) = [s for s in by_km.sections if s["type"] == "chart"]
    assert chart["x_axis"] == "mileage"
    xs = [x for x, _ in chart["series"][0]["points"]]
    assert xs == sorted(xs)
    assert (xs[0], xs[-1]) == (0.0, pytest.approx(figures["Mileage, km"]))


def test_the_download_holds_the_movements(fleet_mock: FleetMock, client: Any) -> None:
    """The van's worksheet lists the movements of its tank in order."""
    _feed(fleet_mock)
    report_id = client.report.tracker.generate(
        from_=DAY, to=DAY + dt.timedelta(hours=23), trackers=[VAN],
        plugin=ReportPlugin(plugin_id=10, detailed_by_dates=True),
    )  # fmt: skip
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    workbook = load_workbook(
        io.BytesIO(client.report.tracker.download(report_id=report_id, format="xlsx"))
    )
    rows = list(workbook["Van 1"].iter_rows(values_only=True))
    heading = rows.index(next(r for r in rows if r[:3] == ("Sensor", "Movement", "Start")))
    movements = [r[1] for r in rows[heading + 2 :] if r[0] == "Fuel tank"]
    assert movements == ["Consumption", "Drain", "Consumption", "Refill", "Consumption"]


def test_a_tracker_without_a_fuel_sensor_and_the_summary_sheet(
    fleet_mock: FleetMock, client: Any
) -> None:
    _feed(fleet_mock)
    summary, _van, other = _sheets(client, fleet_mock, trackers=[VAN, 2])
    (table,) = summary.sections
    assert [r["tracker"]["v"] for r in _rows(table)] == ["Van 1", "Van 2"]
    assert _rows(other.sections[0]) == []
    assert other.sections[-1]["type"] == "text"
    assert "no fuel level sensor" in other.sections[-1]["text"]
    only = _sheets(client, fleet_mock, trackers=[VAN, 2], include_summary_sheet_only=True)
    assert [s.header for s in only] == ["Summary"]


def test_fuel_volume_2_finds_refills_only(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, plugin_id=95, hide_empty_tabs=True, trackers=[VAN, 2])
    table = sheet.sections[0]
    assert "drained" not in [c["field"] for c in table["columns"]]
    assert _movements(sheet, "Refill", "refilled") == [pytest.approx(32.0)]
    assert _movements(sheet, "Drain", "refilled") == []
    figures = _summary(sheet)
    assert figures["Consumed"] == pytest.approx(22.0)  # the drain is consumption here
    assert "Drained" not in figures
    assert [s["header"] for s in sheet.sections if s["type"] == "table"] == [
        "Fuel level and refuelling",
        "Fuel by dates",
    ]


def test_refused_options(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(InvalidParametersError) as raised:
        _sheets(client, fleet_mock, surge_filter=True, surge_filter_threshold=1.5)
    assert "plugin.surge_filter_threshold" in str(raised.value.errors)
    with pytest.raises(InvalidParametersError) as raised:
        _sheets(client, fleet_mock, graph_type="distance")
    assert "plugin.graph_type" in str(raised.value.errors)


def test_a_flow_meter_counts_trip_by_trip(fleet_mock: FleetMock, client: Any) -> None:
    """A counter of the fuel used: its growth during the drive counts in the trip, the rest
    at the stops, a reset (a fall) counts nothing."""
    assert fleet_mock.world.sensors[6].input_name == "can_consumption"  # the demo van's meter
    used = [
        _point(m, 60.0, can_consumption=100.0 + (0.5 if m >= 20 else 0.0)) for m in range(0, 60, 10)
    ]  # 0.5 l idling before the drive
    used += [
        _point(
            60 + n / 2,
            60.0,
            lng=DEPOT[1] + 0.0005 * n,
            speed=40,
            ignition=True,
            can_consumption=100.5 + n / 20,
        )
        for n in range(61)
    ]  # 3 l while driving
    used += [_point(95, 60.0, lng=DEPOT[1] + 0.03, can_consumption=0.0)]  # reset
    used += [_point(100, 60.0, lng=DEPOT[1] + 0.03, can_consumption=0.25)]
    fleet_mock.record_positions(used)
    (sheet,) = _sheets(client, fleet_mock, plugin_id=78, detailed_by_dates=True)
    rows = _rows(sheet.sections[0])
    assert [(r["kind"]["v"], r["consumed"]["raw"]) for r in rows] == [
        ("Stop", 0.5),
        ("Trip", 3.0),
        ("Stop", 0.25),
    ]
    figures = _summary(sheet)
    assert (figures["Consumed"], figures["Consumed in trips"], figures["Trips"]) == (3.75, 3.0, 1)
    assert rows[1]["per_100_km"]["raw"] == pytest.approx(300 / figures["Mileage, km"])
    read = [v for _, v in _read(client, 6)]
    growth = sum(max(0.0, b - a) for a, b in itertools.pairwise(read))
    assert figures["Consumed"] == pytest.approx(growth)
    (days,) = [s for s in sheet.sections if s["type"] == "table" and s["header"] == "Fuel by dates"]
    assert [r["consumed"]["raw"] for r in _rows(days)] == [3.75]
