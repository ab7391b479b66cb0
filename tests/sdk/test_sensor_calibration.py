"""A metering sensor's calibration table (``tracker/sensor/calibration_data/*``): calls of
the service's documentation, through the SDK (sync and async), and the table applied wherever
the sensor's value is answered. The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import attrs
import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    MissingCalibrationDataError,
    NoDataFileError,
    NotSupportedBySensorError,
    OperationNotPermittedError,
)
from fleetapi.models.sensor import CalibrationPoint, MeteringParameters, NewMeteringSensor
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import World, WorldDocumentError

NOW = dt.datetime(2026, 1, 15, 9, 0)
TANK = [
    CalibrationPoint(in_=0, out=0),
    CalibrationPoint(in_=40, out=60),
    CalibrationPoint(in_=120, out=80),
]
"""A tank wider at the bottom: the first 40 of the sensor's scale hold 60 litres."""

LLS_FILE = b"""<?xml version="1.0" encoding="UTF-8"?>
<Calibration>
  <Sensor Number="1"><Point Level="0" Volume="0"/><Point Level="1023" Volume="400"/></Sensor>
  <Sensor Number="2">
    <Point Level="1023" Volume="300"/><Point Level="0" Volume="0"/><Point Level="500" Volume="100"/>
  </Sensor>
  <Sensor Number="3"/>
</Calibration>
"""


def _fuel(client: Any) -> Any:
    return next(r for r in client.tracker.readings.list(tracker_id=1).inputs if r.sensor_id == 1)


def test_the_demo_tank_has_a_straight_table(client: Any) -> None:
    table = client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)
    assert table == [CalibrationPoint(in_=v, out=v) for v in (0.0, 60.0, 120.0)]
    assert _fuel(client).value == 55.6  # the van reports litres


def test_a_table_changes_every_value_of_the_sensor(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=TANK[::-1])
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1) == TANK
    # 55.6 lies between 40 (60 l) and 120 (80 l): 60 + 15.6 / 80 * 20
    fuel = _fuel(client)
    assert fuel.value == pytest.approx(63.9)
    assert (fuel.min_value, fuel.max_value) == (0.0, 80.0)  # the bounds, through the table
    assert client.tracker.get_fuel(tracker_id=1).inputs[0].value == fuel.value
    period = {"from_": NOW - dt.timedelta(hours=1), "to": NOW}
    values = client.tracker.sensor.data.read(tracker_id=1, sensor_id=1, **period)
    assert values[-1].value == fuel.value
    # a value below the table's first point or above its last reads its first or last out
    fleet_mock.control.record_positions(
        points=[{"tracker_id": 1, "lat": 52.5, "lng": 13.4, "readings": {"fuel_level": 10}}]
    )
    assert _fuel(client).value == 15.0  # within: 10 / 40 * 60
    client.tracker.sensor.calibration_data.update(
        tracker_id=1,
        sensor_id=1,
        data=[CalibrationPoint(in_=20, out=5), CalibrationPoint(in_=30, out=9)],
    )
    assert _fuel(client).value == 5.0
    # an empty table removes the calibration
    client.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=[])
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1) == []
    assert _fuel(client).value == 10.0


def test_the_divider_applies_before_the_table(client: Any, fleet_mock: FleetMock) -> None:
    sensor_id = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(
            sensor_type="fuel", name="Analog tank", input_name="analog_1", divider=1000
        ),
    )
    client.tracker.sensor.calibration_data.update(
        tracker_id=2,
        sensor_id=sensor_id,
        data=[CalibrationPoint(in_=0.0, out=0.0), CalibrationPoint(in_=0.7, out=60.0)],
    )
    fleet_mock.control.record_positions(
        points=[{"tracker_id": 2, "lat": 52.5, "lng": 13.4, "readings": {"analog_1": 350}}]
    )
    [reading] = client.tracker.readings.list(tracker_id=2).inputs
    assert reading.value == 30.0  # 350 mV is 0.35 V, half of the table


def test_a_sensor_keeps_its_table_when_updated(client: Any) -> None:
    client.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=TANK)
    [sensor] = [s for s in client.tracker.sensor.list(tracker_id=1) if s.id == 1]
    client.tracker.sensor.update(tracker_id=1, sensor=attrs.evolve(sensor, name="Main tank"))
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1) == TANK


def test_a_table_needs_two_points_each_in_once(client: Any) -> None:
    for data in ([TANK[0]], [TANK[0], TANK[1], attrs.evolve(TANK[2], in_=40)]):
        with pytest.raises(InvalidParametersError) as info:
            client.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=data)
        assert info.value.errors[0]["parameter"] == "data"
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)[1].out == 60.0


def test_only_a_metering_sensor_reading_an_input_has_a_table(client: Any) -> None:
    composite = client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewMeteringSensor(
            sensor_type="fuel",
            name="Sum",
            input_name="composite",
            parameters=MeteringParameters(parent_ids=[1, 2]),
        ),
    )
    for sensor_id in (3, 4, composite):  # discrete, virtual, composite
        with pytest.raises(NotSupportedBySensorError):
            client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=sensor_id)
        with pytest.raises(NotSupportedBySensorError):
            client.tracker.sensor.calibration_data.update(
                tracker_id=1, sensor_id=sensor_id, data=TANK
            )


def test_trackers_and_rights_of_the_calibration_calls(client: Any, fleet_mock: FleetMock) -> None:
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.calibration_data.read(tracker_id=2, sensor_id=1)  # not Van 2's
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.calibration_data.read(tracker_id=7, sensor_id=1)
    with pytest.raises(DeviceBlockedError):
        client.tracker.sensor.calibration_data.read(tracker_id=5, sensor_id=1)
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert sub_user.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=[])
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user, pytest.raises(EntityNotFoundError):
        sub_user.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)
    fleet_mock.world.trackers.change(1, clone=True)
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.sensor.calibration_data.update(tracker_id=1, sensor_id=1, data=[])


def _upload(client: Any, tmp_path: Path, content: bytes, **params: Any) -> None:
    path = tmp_path / "tank.xml"
    path.write_bytes(content)
    client.tracker.sensor.calibration_data.upload_omnicomm(
        tracker_id=1, sensor_id=1, file=path, **params
    )


def test_an_lls_monitor_file_replaces_the_table(client: Any, tmp_path: Path) -> None:
    _upload(client, tmp_path, LLS_FILE, sensor_number=2)
    table = client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)
    assert [(p.in_, p.out) for p in table] == [(0.0, 0.0), (500.0, 100.0), (1023.0, 300.0)]
    assert _fuel(client).value == pytest.approx(55.6 / 500 * 100)
    one = b'<c><sensor><point level="0" volume="0"/><point level="10" volume="5"/></sensor></c>'
    _upload(client, tmp_path, one)  # a file of one sensor needs no number
    assert _fuel(client).value == 5.0


def test_a_file_that_is_not_a_table(client: Any, tmp_path: Path) -> None:
    with pytest.raises(InvalidParametersError) as info:
        _upload(client, tmp_path, LLS_FILE)  # several sensors: which?
    assert info.value.errors[0]["parameter"] == "sensor_number"
    for number in (3, 4):  # a sensor without points, a sensor the file lacks
        with pytest.raises(MissingCalibrationDataError):
            _upload(client, tmp_path, LLS_FILE, sensor_number=number)
    bomb = b'<!DOCTYPE c [<!ENTITY a "aaaa">]><c><sensor><point level="&a;"/></sensor></c>'
    for content in (
        b"level;volume\n0;0\n",  # not XML
        b"<c><row/></c>",  # no sensor
        b'<c><sensor><point level="0" volume="0"/></sensor></c>',  # one point
        b'<c><sensor><point level="x" volume="0"/><point level="1" volume="1"/></sensor></c>',
        bomb,  # entities are refused
    ):
        with pytest.raises(InvalidDataFormatError):
            _upload(client, tmp_path, content)
    with pytest.raises(NoDataFileError):
        _upload(client, tmp_path, b"")
    assert client.tracker.sensor.calibration_data.read(tracker_id=1, sensor_id=1)[1].out == 60.0


def test_world_documents_hold_the_tables(fleet_mock: FleetMock) -> None:
    document = fleet_mock.world.to_document()
    [tank] = [s for s in document["sensors"] if s["id"] == 1]
    assert tank["calibration"][1] == {"in": 60.0, "out": 60.0}
    one_point = {**tank, "calibration": tank["calibration"][:1]}
    with pytest.raises(WorldDocumentError, match="two points"):
        World.from_document({**document, "sensors": [one_point]})
