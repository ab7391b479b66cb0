"""What sensors and counters read (``tracker/readings/*``, ``tracker/get_fuel``,
``tracker/counter/value/*``, ``tracker/stats/*``): calls of the service's documentation,
through the SDK (sync and async). The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    UNSET,
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    NonExistentEntitiesError,
    NotSupportedByDeviceError,
    TimeSpanTooBigError,
)
from fleetapi.models.sensor import (
    MeteringParameters,
    NewMeteringSensor,
    NewVirtualSensor,
    VirtualParameters,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

NOW = dt.datetime(2026, 1, 15, 9, 0)
ROUTE = [(52.52, 13.405), (52.50, 13.42)]


def test_the_demo_vans_readings_come_from_its_last_points(client: Any) -> None:
    readings = client.tracker.readings.list(tracker_id=1)
    assert [(r.sensor_id, r.label, r.value) for r in readings.inputs] == [
        (1, "Fuel tank", 55.6),
        (2, "Coolant temperature", 88.0),
        (6, "Fuel used (CAN)", 116.4),  # the flow meter's count of litres
    ]
    fuel = readings.inputs[0]
    assert (fuel.min_value, fuel.max_value, fuel.units_type) == (0.0, 120.0, "litre")
    assert [(v.label, v.value) for v in readings.virtual_sensors] == [("Engine running", "On")]
    # every value the van reports is read by a sensor: the states are the inputs and outputs
    assert [(s.field, s.value) for s in readings.states] == [
        ("input_status", 1),  # input 1 on
        ("output_status", 0),
    ]
    assert [c.type for c in readings.counters] == ["odometer", "engine_hours"]


def test_a_drive_moves_readings_counters_and_mileage_together(
    client: Any, fleet_mock: FleetMock
) -> None:
    odometer = client.tracker.counter.value.get(tracker_id=1, type="odometer")
    hours = client.tracker.counter.value.get(tracker_id=1, type="engine_hours")
    day = {"from_": NOW - dt.timedelta(hours=1), "to": NOW + dt.timedelta(hours=1)}
    before = (
        client.tracker.stats.mileage.read(trackers=[1], **day).result["1"]["2026-01-15"].mileage
    )
    points = fleet_mock.drive(1, ROUTE, readings={"fuel_level": (48.0, 46.0), "obd_coolant_t": 90})
    tracks = client.track.list(tracker_id=1, from_=points[0].get_time, to=points[-1].get_time)
    driven_km = tracks.list[-1].length
    assert client.tracker.counter.value.get(tracker_id=1, type="odometer") == pytest.approx(
        odometer + driven_km + _gap_km(fleet_mock, points), abs=0.01
    )
    after = client.tracker.stats.mileage.read(trackers=[1], **day).result["1"]["2026-01-15"].mileage
    assert after - before == pytest.approx(driven_km + _gap_km(fleet_mock, points), abs=0.01)
    # the van's last point before the drive (08:59:30) had the ignition on: its 30 s count
    since = dt.datetime(2026, 1, 15, 8, 59, 30)
    driven_hours = (points[-1].get_time - since).total_seconds() / 3600
    assert client.tracker.counter.value.get(tracker_id=1, type="engine_hours") == pytest.approx(
        hours + driven_hours, abs=1e-4
    )
    readings = client.tracker.readings.list(tracker_id=1)
    assert [r.value for r in readings.inputs] == [46.0, 90.0, 116.4]  # the meter: unreported
    assert readings.inputs[0].update_time == points[-1].get_time
    fuel = client.tracker.get_fuel(tracker_id=1)
    assert [(f.label, f.value) for f in fuel.inputs] == [("Fuel tank", 46.0)]
    assert fuel.update_time == points[-1].get_time


def _gap_km(fleet_mock: FleetMock, points: list[TrackPointRecord]) -> float:
    """The way from the van's point before the drive to the drive's first point."""
    from gpxpy.geo import haversine_distance

    track = fleet_mock.world.points_of(1)
    before = track[track.index(points[0]) - 1]
    return haversine_distance(before.lat, before.lng, points[0].lat, points[0].lng) / 1000


def test_a_counter_set_counts_on_from_its_value(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.counter.value.set(tracker_id=1, type="odometer", value=1000)
    client.tracker.counter.value.set(tracker_id=1, type="engine_hours", value=20)
    assert client.tracker.counter.value.list(trackers=[1], type="odometer") == {"1": 1000.0}
    fleet_mock.clock.advance(dt.timedelta(minutes=1))
    points = fleet_mock.drive(1, ROUTE)
    km = client.track.list(tracker_id=1, from_=points[0].get_time, to=points[-1].get_time)
    assert client.tracker.counter.value.get(tracker_id=1, type="odometer") == pytest.approx(
        1000 + km.list[-1].length, abs=0.01
    )
    hours = (points[-1].get_time - points[0].get_time).total_seconds() / 3600
    assert client.tracker.counter.value.get(tracker_id=1, type="engine_hours") == pytest.approx(
        20 + hours, abs=1e-4
    )


def test_counters_without_a_value_are_204(client: Any, fleet_mock: FleetMock) -> None:
    # Van 2 has points but never reported its ignition; the scooter has no point
    assert client.tracker.counter.value.get(tracker_id=2, type="odometer") > 0
    with pytest.raises(EntityMissingError):
        client.tracker.counter.value.get(tracker_id=2, type="engine_hours")
    with pytest.raises(EntityMissingError):
        client.tracker.counter.value.list(trackers=[1, 6], type="odometer")
    client.tracker.counter.value.set(tracker_id=6, type="odometer", value=12.5)
    assert client.tracker.counter.value.list(trackers=[1, 6], type="odometer")["6"] == 12.5
    with pytest.raises(EntityMissingError):
        client.tracker.counter.value.get(tracker_id=7, type="odometer")  # another account's
    with pytest.raises(NonExistentEntitiesError):
        client.tracker.counter.value.list(trackers=[1, 5], type="odometer")  # 5 is blocked
    fleet_mock.world.trackers.change(2, clone=True)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.counter.value.set(tracker_id=2, type="odometer", value=1)


def test_engine_hours_need_an_ignition_and_a_period(client: Any) -> None:
    period = {"from_": NOW - dt.timedelta(days=1), "to": NOW}
    assert client.tracker.stats.engine_hours.read(tracker_id=1, **period) > 0
    with pytest.raises(NotSupportedByDeviceError):
        client.tracker.stats.engine_hours.read(tracker_id=2, **period)
    with pytest.raises(TimeSpanTooBigError):
        client.tracker.stats.engine_hours.read(
            tracker_id=1, from_=NOW - dt.timedelta(days=91), to=NOW
        )
    with pytest.raises(InvalidParametersError):
        client.tracker.stats.engine_hours.read(tracker_id=1, from_=NOW, to=NOW)


def test_mileage_has_every_day_of_the_period(client: Any) -> None:
    stats = client.tracker.stats.mileage.read(
        trackers=[1, 6], from_=NOW - dt.timedelta(days=3), to=NOW
    )
    assert list(stats.result["6"]) == ["2026-01-12", "2026-01-13", "2026-01-14", "2026-01-15"]
    assert {d.mileage for d in stats.result["6"].values()} == {0.0}
    assert stats.result["1"]["2026-01-14"].mileage > 0
    assert stats.limit_exceeded is False
    with pytest.raises(DeviceLimitExceededError):
        client.tracker.stats.mileage.read(
            trackers=list(range(1, 130)), from_=NOW - dt.timedelta(days=1), to=NOW
        )


def test_a_sensor_reads_its_input_divided_within_its_bounds(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(
            sensor_type="fuel",
            name="Probe",
            input_name="lls_level_1",
            divider=10,
            parameters=MeteringParameters(min=0, max=1000),
        ),
    )
    fleet_mock.record_positions(
        [
            TrackPointRecord(
                tracker_id=2, get_time=NOW, lat=1, lng=1, readings={"lls_level_1": 500}
            ),
            # out of bounds: ignored, the value before stays
            TrackPointRecord(
                tracker_id=2, get_time=NOW + dt.timedelta(minutes=1), lat=1, lng=1,
                readings={"lls_level_1": 4000},
            ),
        ]
    )  # fmt: skip
    [probe] = client.tracker.readings.list(tracker_id=2).inputs
    assert (probe.value, probe.update_time, probe.max_value) == (50.0, NOW, 100.0)


def test_composites_sum_their_parts_and_filters_apply(client: Any, fleet_mock: FleetMock) -> None:
    left = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(sensor_type="fuel", name="Left", input_name="lls_level_1"),
    )
    right = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(sensor_type="fuel", name="Right", input_name="lls_level_2"),
    )
    both = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(
            sensor_type="fuel",
            name="Both",
            input_name="composite",
            parameters=MeteringParameters(parent_ids=[left, right]),
        ),
    )
    client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewVirtualSensor(
            sensor_type="state",
            name="Bit 2",
            input_name="flags",
            parameters=VirtualParameters(calc_method="bit_index", bit_index=2),
        ),
    )
    fleet_mock.record_positions(
        [
            TrackPointRecord(
                tracker_id=2, get_time=NOW, lat=1, lng=1,
                readings={"lls_level_1": 30, "lls_level_2": 12, "flags": 6, "rpm": 900},
            )
        ]
    )  # fmt: skip
    readings = client.tracker.readings.list(tracker_id=2)
    assert [(r.label, r.value, r.composite_sensor_ids) for r in readings.inputs] == [
        ("Left", 30.0, [both]),
        ("Right", 12.0, [both]),
        ("Both", 42.0, []),
    ]
    assert [(v.label, v.value) for v in readings.virtual_sensors] == [("Bit 2", "1")]
    assert ("rpm", 900) in [(s.field, s.value) for s in readings.states]  # no sensor reads it
    whole = client.tracker.readings.list(tracker_id=2, include_components=False)
    assert [r.label for r in whole.inputs] == ["Both"]
    fuel_only = client.tracker.readings.list(tracker_id=2, sensor_type="state")
    assert (fuel_only.inputs, fuel_only.states, fuel_only.counters) == ([], UNSET, UNSET)
    assert client.tracker.readings.batch_list(trackers=[2])["2"] == readings


def test_a_value_keeps_every_digit_it_came_with(client: Any, fleet_mock: FleetMock) -> None:
    """An RFID card read as a register or a 64-bit value, a hardware key of 20 digits: no
    digit may be lost, and the key shows in the state's ``additional``."""
    for name, field in (("Card", "rfid"), ("Register", "can_a"), ("Level", "level")):
        client.tracker.sensor.create(
            tracker_id=2,
            sensor=NewVirtualSensor(sensor_type="state", name=name, input_name=field),
        )
    card = 9_223_372_036_854_775_807  # 19 digits, beyond a float's 15 or 16
    fleet_mock.control.record_positions(
        points=[
            {
                "tracker_id": 2, "lat": 1, "lng": 1,
                "readings": {"rfid": card, "can_a": 1146250000, "level": 12.5, "raw": card},
            }
        ]
    )  # fmt: skip
    readings = client.tracker.readings.list(tracker_id=2)
    values = {v.label: v.value for v in readings.virtual_sensors}
    assert (values["Card"], values["Register"], values["Level"]) == (
        "9223372036854775807",
        "1146250000",
        "12.5",
    )
    assert ("raw", card) in [(s.field, s.value) for s in readings.states]
    key = 20910998202956382057  # the docs' hardware key: 20 digits, past 64 bits
    fleet_mock.control.record_positions(
        points=[{"tracker_id": 2, "lat": 1, "lng": 1, "readings": {"hardware_key": key}}]
    )
    shown = client.tracker.get_state(tracker_id=2).additional["hardware_key"]
    assert (shown.value, shown.updated) == (str(key), fleet_mock.world.now())
    with pytest.raises(InvalidParametersError):  # absurd: refused, not rounded
        fleet_mock.control.record_positions(
            points=[{"tracker_id": 2, "lat": 1, "lng": 1, "readings": {"rfid": 10**20}}]
        )


@pytest.mark.parametrize(
    ("tracker_id", "readings_error", "fuel_error"),
    [(5, DeviceBlockedError, DeviceBlockedError), (7, EntityMissingError, EntityNotFoundError)],
)
def test_each_call_answers_its_documented_code_for_a_tracker(
    client: Any, tracker_id: int, readings_error: type[Exception], fuel_error: type[Exception]
) -> None:
    with pytest.raises(readings_error):
        client.tracker.readings.list(tracker_id=tracker_id)
    with pytest.raises(fuel_error):
        client.tracker.get_fuel(tracker_id=tracker_id)
    with pytest.raises(NonExistentEntitiesError):
        client.tracker.readings.batch_list(trackers=[1, tracker_id])
