"""A sensor's values over a period (``tracker/sensor/data/read``), the inputs the platform
knows (``tracker/sensor/input_name/list``) and copying sensors between trackers
(``tracker/sensor/batch_copy``): calls of the service's documentation, through the SDK (sync
and async). The documented examples run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    UNSET,
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    ModelMismatchError,
    NotSupportedBySensorError,
    OperationNotPermittedError,
    TimeSpanTooBigError,
)
from fleetapi.models.sensor import (
    CalibrationPoint,
    MeteringParameters,
    NewMeteringSensor,
    NewVirtualSensor,
    VirtualParameters,
)
from fleetapi_mock import FleetMock

NOW = dt.datetime(2026, 1, 15, 9, 0)
LAST_HOUR = {"from_": NOW - dt.timedelta(hours=1), "to": NOW}


def _report(fleet_mock: FleetMock, tracker_id: int, *readings: dict[str, float]) -> None:
    """The tracker reports each of ``readings`` 10 seconds apart, the last one now."""
    fleet_mock.control.record_positions(
        points=[
            {
                "tracker_id": tracker_id,
                "get_time": (NOW - dt.timedelta(seconds=10 * (len(readings) - 1 - i))).isoformat(
                    " "
                ),
                "lat": 52.5,
                "lng": 13.4,
                "readings": values,
            }
            for i, values in enumerate(readings)
        ]
    )


def test_a_metering_sensors_values_are_those_of_the_points(
    client: Any, fleet_mock: FleetMock
) -> None:
    start = dt.datetime(2026, 1, 15, 7, 0)
    values = client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, from_=start, to=NOW)
    expected = [
        (p.get_time, p.readings["fuel_level"])
        for p in fleet_mock.world.points_of(1)
        if start <= p.get_time <= NOW and "fuel_level" in p.readings
    ]
    assert len(expected) > 3
    assert [(v.get_time, v.value) for v in values] == expected
    # the last value of the period is the one the readings answer
    [fuel] = [r for r in client.tracker.readings.list(tracker_id=1).inputs if r.sensor_id == 1]
    assert values[-1].value == fuel.value


def test_bounds_divider_and_raw_data(client: Any, fleet_mock: FleetMock) -> None:
    sensor_id = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(
            sensor_type="custom",
            name="Register",
            input_name="can_a",
            divider=4,
            parameters=MeteringParameters(min=0, max=1e20),
        ),
    )
    big = 12_345_678_901_234_567_891  # 20 digits: the raw value keeps every one
    _report(fleet_mock, 2, {"can_a": 10}, {"can_a": -5}, {"can_a": big})
    values = client.tracker.sensor.data.read(tracker_id=2, sensor_id=sensor_id, **LAST_HOUR)
    assert [v.value for v in values] == [2.5, big / 4]  # -5 is below min: ignored
    raw = client.tracker.sensor.data.read(
        tracker_id=2, sensor_id=sensor_id, raw_data=True, **LAST_HOUR
    )
    assert [v.value for v in raw] == [10, big]


def test_calibration_and_composites_apply_unless_raw(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.sensor.calibration_data.update(
        tracker_id=1,
        sensor_id=1,
        data=[CalibrationPoint(in_=0, out=0), CalibrationPoint(in_=100, out=50)],
    )
    composite = client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewMeteringSensor(
            sensor_type="fuel",
            name="Both",
            input_name="composite",
            parameters=MeteringParameters(parent_ids=[1, 2]),
        ),
    )
    _report(fleet_mock, 1, {"fuel_level": 40}, {"obd_coolant_t": 90})
    fuel = client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, **LAST_HOUR)
    assert fuel[-1].value == 20.0  # 40 through the table
    raw = client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, raw_data=True, **LAST_HOUR)
    assert raw[-1].value == 40
    both = client.tracker.sensor.data.read(tracker_id=1, sensor_id=composite, **LAST_HOUR)
    # the coolant's value before the fuel's point counts: 20 + 88, then 20 + 90
    assert [v.value for v in both[-2:]] == [108.0, 110.0]
    assert both[-1].value == next(
        r.value
        for r in client.tracker.readings.list(tracker_id=1).inputs
        if r.sensor_id == composite
    )


def test_a_virtual_sensor_answers_its_titles_and_a_discrete_one_228(
    client: Any, fleet_mock: FleetMock
) -> None:
    values = client.tracker.sensor.data.read(tracker_id=1, sensor_id=4, **LAST_HOUR)
    assert {v.value for v in values} <= {"On", "Off"}
    assert values[-1].value == client.tracker.readings.list(tracker_id=1).virtual_sensors[0].value
    bit = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewVirtualSensor(
            sensor_type="state",
            name="Bit 2",
            input_name="flags",
            parameters=VirtualParameters(calc_method="bit_index", bit_index=2),
        ),
    )
    _report(fleet_mock, 2, {"flags": 2}, {"flags": 1})
    assert [
        v.value for v in client.tracker.sensor.data.read(tracker_id=2, sensor_id=bit, **LAST_HOUR)
    ] == ["1", "0"]
    with pytest.raises(NotSupportedBySensorError):
        client.tracker.sensor.data.read(tracker_id=1, sensor_id=3, **LAST_HOUR)


def test_the_period_and_the_tracker_are_checked(client: Any, fleet_mock: FleetMock) -> None:
    with pytest.raises(InvalidParametersError):
        client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, from_=NOW, to=NOW)
    thirty_one_days = {"from_": NOW - dt.timedelta(days=31), "to": NOW}
    assert client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, **thirty_one_days)
    with pytest.raises(TimeSpanTooBigError) as info:  # the demo dealer's P90D
        client.tracker.sensor.data.read(
            tracker_id=1, sensor_id=1, from_=NOW - dt.timedelta(days=91), to=NOW
        )
    assert info.value.extra["max_time_span"] == "P90D"
    platform = dict(fleet_mock.world.dealers[1].platform)
    del platform["report.max_time_span"]
    fleet_mock.world.dealers.change(1, platform=platform)
    with pytest.raises(TimeSpanTooBigError) as info:  # 30 days when the platform sets none
        client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, **thirty_one_days)
    assert info.value.extra["max_time_span"] == "P30D"
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.data.read(tracker_id=2, sensor_id=1, **LAST_HOUR)  # not Van 2's
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.data.read(tracker_id=7, sensor_id=1, **LAST_HOUR)  # other account
    with pytest.raises(DeviceBlockedError):
        client.tracker.sensor.data.read(tracker_id=5, sensor_id=1, **LAST_HOUR)
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user, pytest.raises(EntityNotFoundError):
        sub_user.tracker.sensor.data.read(tracker_id=1, sensor_id=1, **LAST_HOUR)


def test_the_input_names_hold_the_catalogue_and_the_models_inputs(client: Any) -> None:
    names = client.tracker.sensor.input_name.list()
    by_name = {n.input_name: n for n in names}
    assert by_name["analog"].description == "Analog sensor [N]"  # the models' analog_1, analog_2
    assert "analog_1" not in by_name
    assert by_name["obd_vin"].value_type == "String"
    assert by_name["can_hood_state"].value_titles == {"0": "Closed", "1": "Opened"}
    inputs = [n.input_name for n in names if n.value_type is UNSET]
    states = [n.input_name for n in names if n.value_type is not UNSET]
    assert names == sorted(names, key=lambda n: (n.value_type is not UNSET, n.input_name))
    assert {"fuel_level", "hw_mileage", "lls_level"} <= set(inputs)
    assert {"moving", "hardware_key"} <= set(states)


def test_batch_copy_replaces_the_targets_sensors(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(sensor_type="fuel", name="Old", input_name="lls_level_1"),
    )
    client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewMeteringSensor(
            sensor_type="fuel",
            name="Sum",
            input_name="composite",
            parameters=MeteringParameters(parent_ids=[1, 2]),
        ),
    )
    client.tracker.sensor.batch_copy(base_tracker_id=1, trackers=[2, 1])
    base = client.tracker.sensor.list(tracker_id=1)
    copies = client.tracker.sensor.list(tracker_id=2)
    assert [s.name for s in copies] == [s.name for s in base]
    assert not {s.id for s in copies} & {s.id for s in base}
    assert copies[-1].parameters.parent_ids == [copies[0].id, copies[1].id]
    assert client.tracker.sensor.calibration_data.read(
        tracker_id=2, sensor_id=copies[0].id
    ) == client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)


def test_batch_copy_refuses_another_model_a_clone_and_a_stranger(
    client: Any, fleet_mock: FleetMock
) -> None:
    with pytest.raises(ModelMismatchError):
        client.tracker.sensor.batch_copy(base_tracker_id=1, trackers=[2, 3])  # 3 is a GV300
    assert client.tracker.sensor.list(tracker_id=2) == []  # nothing changed
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.batch_copy(base_tracker_id=1, trackers=[7])
    with pytest.raises(DeviceBlockedError):
        client.tracker.sensor.batch_copy(base_tracker_id=5, trackers=[2])
    fleet_mock.world.trackers.change(2, clone=True)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.sensor.batch_copy(base_tracker_id=1, trackers=[2])
    with (
        fleet_mock.login("dispatcher", "demo") as sub_user,
        pytest.raises(OperationNotPermittedError),
    ):
        sub_user.tracker.sensor.batch_copy(base_tracker_id=1, trackers=[2])
