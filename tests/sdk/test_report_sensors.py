"""The sensor reports: vehicle sensors (plugin 22), measuring sensors (9) and equipment working
time (12). Their figures are the values ``tracker/sensor/data/read`` answers for the same
points: interval by interval, or the runs of a state."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

import httpx
import pytest

from fleetapi import InvalidParametersError, NonExistentEntitiesError
from fleetapi.models.report import ReportPlugin, ReportSensor
from fleetapi.models.track import AssetRef, RegularTrack
from fleetapi_mock import FleetMock

VAN = 1  # sensors: 1 fuel (fuel_level), 2 coolant (obd_coolant_t), 3 ignition (input 1),
# 4 engine running (virtual: board_voltage from 13.2)
PUMP = 5
"""The demo van's refrigerator (sensor 5, input 2): "the pump" of these tests."""
DAY = dt.datetime(2026, 1, 10)  # a Saturday: no demo points
DEPOT = (52.49, 13.36)
PARISER_PLATZ = (52.5163, 13.3777)  # in the demo gazetteer
EPOCH = dt.datetime(1970, 1, 1)


def _at(minutes: float) -> dt.datetime:
    return DAY + dt.timedelta(hours=8, minutes=minutes)


def _ms(when: dt.datetime) -> float:
    return (when - EPOCH).total_seconds() * 1000


def _feed(fleet_mock: FleetMock) -> None:
    """08:00-10:00, a point a minute: the engine on from 08:10 to 09:10, a drive from the depot
    to Pariser Platz at 08:20-08:30, the pump (input 2) on from 08:10 to 08:40 and for half a
    minute at 09:00; the coolant warming up from 40 to 90 degrees, the fuel falling."""
    assert fleet_mock.world.sensors[PUMP].input_number == 2  # the demo van's refrigerator
    points = []
    for minutes in [m for m in range(121)] + [60.5]:
        share = min(1.0, max(0.0, (minutes - 20) / 10))
        engine = 10 <= minutes < 70
        pump = 10 <= minutes < 40 or minutes == 60
        points.append(
            {
                "tracker_id": VAN,
                "get_time": _at(minutes).strftime("%Y-%m-%d %H:%M:%S"),
                "lat": DEPOT[0] + (PARISER_PLATZ[0] - DEPOT[0]) * share,
                "lng": DEPOT[1] + (PARISER_PLATZ[1] - DEPOT[1]) * share,
                "speed": 40 if 20 <= minutes < 30 else 0,
                "ignition": engine,
                "inputs": [engine, pump],
                "readings": {
                    "obd_coolant_t": min(90.0, 40.0 + minutes / 2),
                    "fuel_level": round(60.0 - minutes / 60, 3),
                    "board_voltage": 13.9 if engine else 12.4,
                },
            }
        )
    fleet_mock.record_positions(points)


def _sheets(
    client: Any,
    fleet_mock: FleetMock,
    plugin_id: int,
    *,
    trackers: list[int] | None = None,
    **options: Any,
) -> Any:
    report_id = client.report.tracker.generate(
        from_=DAY,
        to=DAY + dt.timedelta(hours=23, minutes=59),
        trackers=trackers or [VAN],
        plugin=ReportPlugin(plugin_id=plugin_id, **options),
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return client.report.tracker.retrieve(report_id=report_id).sheets


def _rows(section: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for group in section["data"] for row in group["rows"]]


def _read(client: Any, sensor_id: int) -> list[tuple[float, Any]]:
    """``tracker/sensor/data/read`` of Van 1's sensor over the day: (UNIX ms, value) pairs."""
    read = client.tracker.sensor.data.read(
        tracker_id=VAN, sensor_id=sensor_id, from_=DAY, to=DAY + dt.timedelta(days=1)
    )
    return [(_ms(r.get_time), r.value) for r in read]


def _by_interval(read: list[tuple[float, Any]], seconds: int) -> dict[float, list[float]]:
    """The values read, by the start of their interval (UNIX ms) from the period's start."""
    found: dict[float, list[float]] = {}
    for moment, value in read:
        start = _ms(DAY) + (moment - _ms(DAY)) // (seconds * 1000) * seconds * 1000
        found.setdefault(start, []).append(value)
    return found


def test_vehicle_sensors_are_the_readings_interval_by_interval(
    fleet_mock: FleetMock, client: Any
) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, 22, details_interval_seconds=600)
    table, summary, chart = sheet.sections
    rows = _rows(table)
    assert {r["sensor"]["v"] for r in rows} == {"Coolant temperature"}  # the OBD input only
    read = _read(client, 2)
    expected = _by_interval(read, 600)
    assert [r["time"]["raw"] for r in rows] == sorted(expected)
    assert rows[0]["time"]["v"] == "08:00"
    for row in rows:
        values = expected[row["time"]["raw"]]
        assert row["readings"]["raw"] == len(values)
        assert row["min"]["raw"] == min(values)
        assert row["max"]["raw"] == max(values)
        assert row["avg"]["raw"] == pytest.approx(sum(values) / len(values))
    figures = {r["name"]: r["raw"] for r in summary["rows"]}
    assert figures["Readings"] == len(read)
    assert figures["Coolant temperature: max."] == 90.0
    assert figures["Coolant temperature: average"] == pytest.approx(
        sum(v for _, v in read) / len(read)
    )
    assert (chart["type"], chart["x_axis"]) == ("chart", "time")
    assert chart["series"][0]["points"] == [list(pair) for pair in read]


def test_measuring_sensors_cover_every_metering_sensor(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, 9, show_address=True, graph_type="mileage")
    table = sheet.sections[0]
    rows = _rows(table)
    assert [c["field"] for c in table["columns"]][-1] == "address"
    assert [(r["sensor"]["v"], r["time"]["v"]) for r in rows] == [
        ("Fuel tank", "08:00"), ("Coolant temperature", "08:00"),
        ("Fuel tank", "09:00"), ("Coolant temperature", "09:00"),
        ("Fuel tank", "10:00"), ("Coolant temperature", "10:00"),
    ]  # fmt: skip  # hourly by default
    assert rows[-1]["address"]["v"] == "Pariser Platz 1, 10117 Berlin, Germany"  # geocoded
    fuel = _by_interval(_read(client, 1), 3600)
    assert [r["min"]["raw"] for r in rows if r["sensor"]["raw"] == 1] == [
        min(v) for _, v in sorted(fuel.items())
    ]
    charts = [s for s in sheet.sections if s["type"] == "chart"]
    assert [c["header"] for c in charts] == ["Fuel tank, litres", "Coolant temperature"]
    (listed,) = client.asset.track.list(
        asset=AssetRef(id=1, type="vehicle"), from_=DAY, to=DAY + dt.timedelta(days=1)
    ).list
    (trip,) = [t for t in listed.tracks if isinstance(t, RegularTrack)]
    xs = [x for x, _ in charts[0]["series"][0]["points"]]
    assert charts[0]["x_axis"] == "mileage"
    assert (xs[0], xs[-1]) == (0.0, pytest.approx(trip.length, abs=1e-3))


def test_the_interval_and_its_deprecated_form(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, 22, details_interval_minutes=30)
    assert [r["time"]["v"] for r in _rows(sheet.sections[0])] == [
        "08:00", "08:30", "09:00", "09:30", "10:00"
    ]  # fmt: skip
    (same,) = _sheets(
        client, fleet_mock, 22, details_interval_minutes=30, details_interval_seconds=1800
    )
    assert same.sections[0] == sheet.sections[0]
    with pytest.raises(InvalidParametersError) as raised:
        _sheets(client, fleet_mock, 22, details_interval_minutes=30, details_interval_seconds=60)
    assert "plugin.details_interval_minutes" in str(raised.value.errors)
    with pytest.raises(InvalidParametersError):
        _sheets(client, fleet_mock, 9, details_interval_seconds=10)


def test_smoothing_averages_five_readings(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, 22, smoothing=True)
    (chart,) = [s for s in sheet.sections if s["type"] == "chart"]
    values = [v for _, v in _read(client, 2)]
    smoothed = [y for _, y in chart["series"][0]["points"]]
    assert smoothed[10] == pytest.approx(sum(values[8:13]) / 5)
    assert smoothed[0] == pytest.approx(sum(values[:3]) / 3)
    assert smoothed != values


def test_the_sensors_named(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    fuel = [ReportSensor(tracker_id=VAN, sensor_id=1)]
    (sheet,) = _sheets(client, fleet_mock, 22, sensors=fuel)  # named: read though not CAN
    assert {r["sensor"]["v"] for r in _rows(sheet.sections[0])} == {"Fuel tank"}
    _van, other = _sheets(client, fleet_mock, 9, sensors=fuel, trackers=[VAN, 2])
    assert _rows(other.sections[0]) == []  # none named for it
    assert _sheets(client, fleet_mock, 9, sensors=fuel, trackers=[VAN, 2], hide_empty_tabs=True)
    with pytest.raises(NonExistentEntitiesError):  # a tracker not in the report
        _sheets(client, fleet_mock, 9, sensors=[ReportSensor(tracker_id=2, sensor_id=1)])
    with pytest.raises(NonExistentEntitiesError):  # Van 1's sensor, named for Van 2
        _sheets(
            client, fleet_mock, 9, sensors=[ReportSensor(tracker_id=2, sensor_id=1)],
            trackers=[VAN, 2],
        )  # fmt: skip
    with pytest.raises(NonExistentEntitiesError):  # no such sensor
        _sheets(client, fleet_mock, 9, sensors=[ReportSensor(tracker_id=VAN, sensor_id=404)])
    with pytest.raises(InvalidParametersError) as raised:  # a discrete one
        _sheets(client, fleet_mock, 9, sensors=[*fuel, ReportSensor(tracker_id=VAN, sensor_id=3)])
    assert "plugin.sensors[1]" in str(raised.value.errors)
    with pytest.raises(InvalidParametersError):  # a metering one
        _sheets(client, fleet_mock, 12, sensors=fuel)
    session = fleet_mock.session("demo")
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        answer = http.post(
            "/report/tracker/generate",
            json={
                "hash": session, "trackers": [VAN], "from": "2026-01-10 00:00:00",
                "to": "2026-01-10 23:59:00",
                "plugin": {"plugin_id": 9, "sensors": [{"tracker_id": 1}]},  # no sensor_id
            },
        )  # fmt: skip
    assert answer.json()["status"]["code"] == 7
    assert len(fleet_mock.world.reports) == 1 + 3  # the demo's and the three made


def test_hide_empty_tabs(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    assert [s.header for s in _sheets(client, fleet_mock, 22, trackers=[VAN, 2])] == [
        "Van 1", "Van 2"
    ]  # fmt: skip
    hidden = _sheets(client, fleet_mock, 22, trackers=[VAN, 2], hide_empty_tabs=True)
    assert [s.header for s in hidden] == ["Van 1"]


def test_equipment_works_while_its_input_is_on(fleet_mock: FleetMock, client: Any) -> None:
    _feed(fleet_mock)
    (sheet,) = _sheets(
        client, fleet_mock, 12, sensors=[ReportSensor(tracker_id=VAN, sensor_id=PUMP)],
        show_idle_percent=True, show_seconds=True,
    )  # fmt: skip
    table, summary, chart = sheet.sections
    (period,) = _rows(table)  # half a minute at 09:00 is under 60 seconds
    assert (period["from"]["v"], period["to"]["v"]) == ("08:10:00", "08:40:00")
    (listed,) = client.asset.track.list(
        asset=AssetRef(id=1, type="vehicle"), from_=DAY, to=DAY + dt.timedelta(days=1)
    ).list
    (trip,) = [t for t in listed.tracks if isinstance(t, RegularTrack)]
    moving = (trip.end_date - trip.start_date).total_seconds()
    assert period["duration"]["raw"] == 1800
    assert period["moving"]["raw"] == moving
    assert period["idle"]["raw"] == 1800 - moving
    assert period["idle_percent"]["raw"] == pytest.approx(100 * (1800 - moving) / 1800)
    assert period["mileage"]["raw"] == pytest.approx(trip.length, abs=1e-3)
    figures = {r["name"]: r["raw"] for r in summary["rows"]}
    assert (figures["Work periods"], figures["Working time"], figures["Refrigerator"]) == (
        1,
        30,
        30,
    )
    assert chart["series"][0]["points"][:3] == [
        [_ms(_at(0)), 0.0],
        [_ms(_at(10)), 1.0],
        [_ms(_at(40)), 0.0],
    ]
    with pytest.raises(InvalidParametersError):  # a second at least
        _sheets(client, fleet_mock, 12, min_working_period_duration=0)
    (short,) = _sheets(
        client, fleet_mock, 12, sensors=[ReportSensor(tracker_id=VAN, sensor_id=PUMP)],
        min_working_period_duration=30,
    )  # fmt: skip
    assert [r["duration"]["raw"] for r in _rows(short.sections[0])] == [1800, 30]


def test_equipment_of_the_ignition_and_a_virtual_sensor(fleet_mock: FleetMock, client: Any) -> None:
    """Without ``sensors``, every discrete and virtual sensor: the ignition on input 1, the
    engine read from the board voltage (its periods where ``data/read`` turns ``On``)."""
    _feed(fleet_mock)
    (sheet,) = _sheets(client, fleet_mock, 12)
    rows = _rows(sheet.sections[0])
    assert sorted({r["sensor"]["v"] for r in rows}) == [
        "Engine running",
        "Ignition",
        "Refrigerator",
    ]
    read = _read(client, 4)
    turns = [
        moment for (_, before), (moment, now) in itertools.pairwise(read)
        if (before, now) == ("Off", "On")
    ]  # fmt: skip
    engine = [r for r in rows if r["sensor"]["v"] == "Engine running"]
    assert [r["from"]["raw"] for r in engine] == turns == [_ms(_at(10))]
    ignition = [r for r in rows if r["sensor"]["v"] == "Ignition"]
    assert [r["duration"]["raw"] for r in ignition] == [3600]


def test_an_ignition_sensor_reads_the_ignition_of_points_without_inputs(
    fleet_mock: FleetMock, client: Any
) -> None:
    """The demo's points of 2026-01-14 report the ignition but no inputs: the ignition sensor
    (input 1) works from each point turning it on to the next turning it off."""
    report_id = client.report.tracker.generate(
        from_=dt.datetime(2026, 1, 14), to=dt.datetime(2026, 1, 14, 23, 59), trackers=[VAN],
        plugin=ReportPlugin(plugin_id=12, sensors=[ReportSensor(tracker_id=VAN, sensor_id=3)]),
    )  # fmt: skip
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    points = [
        p for p in fleet_mock.world.points_of(VAN) if p.get_time.date() == dt.date(2026, 1, 14)
    ]
    assert all(p.inputs is None for p in points)
    turned_on = [
        _ms(now.get_time)
        for before, now in itertools.pairwise(points)
        if now.ignition and not before.ignition
    ]
    assert [r["from"]["raw"] for r in _rows(sheet.sections[0])] == turned_on
    assert len(turned_on) == 5  # the demo's five trips of the day


def test_short_trips_count_in_motion_only_without_the_filter(
    fleet_mock: FleetMock, client: Any
) -> None:
    """A hop of 40 m at 08:35, while the pump works, is a trip ``asset/track/list`` leaves out
    unless ``filter`` is false: so do the equipment's time in motion and km."""
    _feed(fleet_mock)
    fleet_mock.record_positions(
        {
            "tracker_id": VAN, "get_time": _at(minutes).strftime("%Y-%m-%d %H:%M:%S"),
            "lat": PARISER_PLATZ[0] + north, "lng": PARISER_PLATZ[1], "speed": 12,
        }
        for minutes, north in ((35.2, 0.0002), (35.4, 0.0004))
    )  # fmt: skip
    pump = [ReportSensor(tracker_id=VAN, sensor_id=PUMP)]
    for filtered in (True, False):
        (listed,) = client.asset.track.list(
            asset=AssetRef(id=1, type="vehicle"), from_=DAY, to=DAY + dt.timedelta(days=1),
            filter=filtered,
        ).list  # fmt: skip
        trips = [t for t in listed.tracks if isinstance(t, RegularTrack)]
        assert len(trips) == (1 if filtered else 2)
        (sheet,) = _sheets(client, fleet_mock, 12, sensors=pump, filter=filtered)
        (period,) = _rows(sheet.sections[0])
        moving = sum((t.end_date - t.start_date).total_seconds() for t in trips)
        assert period["moving"]["raw"] == moving
        assert period["mileage"]["raw"] == pytest.approx(sum(t.length for t in trips), abs=1e-3)
