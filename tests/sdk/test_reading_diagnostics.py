"""A tracker's other sensors (``tracker/get_readings``) and its CAN and OBD values
(``tracker/get_diagnostics``): calls of the service's documentation, through the SDK (sync
and async). The documented examples run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import DeviceBlockedError, EntityNotFoundError
from fleetapi.models.reading import SensorValue
from fleetapi.models.sensor import CalibrationPoint, MeteringParameters, NewMeteringSensor
from fleetapi_mock import FleetMock


def _report(fleet_mock: FleetMock, tracker_id: int, readings: dict[str, float]) -> None:
    fleet_mock.control.record_positions(
        points=[{"tracker_id": tracker_id, "lat": 52.5, "lng": 13.4, "readings": readings}]
    )


def _sensor(client: Any, tracker_id: int, name: str, input_name: str, kind: str) -> int:
    sensor = NewMeteringSensor(sensor_type=kind, name=name, input_name=input_name, units="V")
    return int(client.tracker.sensor.create(tracker_id=tracker_id, sensor=sensor))


def test_get_readings_leaves_out_fuel_can_and_obd_sensors(
    client: Any, fleet_mock: FleetMock
) -> None:
    # the demo van's metering sensors read fuel and an OBD input
    assert client.tracker.get_readings(tracker_id=1).inputs == []
    assert client.tracker.get_readings(tracker_id=1).update_time is None
    voltage_id = _sensor(client, 1, "Board voltage", "board_voltage", "power")
    _sensor(client, 1, "Engine", "can_rpm", "rpm")
    _sensor(client, 1, "Probe", "temp_sensor", "temperature")  # without a value yet
    board = client.tracker.get_readings(tracker_id=1)
    assert board.inputs == [
        SensorValue(
            label="Board voltage",
            name="board_voltage",
            type="power",
            value=13.9,
            units_type="custom",
            units="V",
        )
    ]
    readings = client.tracker.readings.list(tracker_id=1)
    [voltage] = [r for r in readings.inputs if r.name == "board_voltage"]
    assert (board.update_time, board.inputs[0].value) == (voltage.update_time, voltage.value)
    # a composite answers unless it measures fuel
    client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewMeteringSensor(
            sensor_type="custom",
            name="Sum",
            input_name="composite",
            parameters=MeteringParameters(parent_ids=[2, voltage_id]),
        ),
    )
    assert [v.label for v in client.tracker.get_readings(tracker_id=1).inputs] == [
        "Board voltage",
        "Sum",
    ]


def test_diagnostics_answer_can_and_obd_values_as_their_sensors_read_them(
    client: Any, fleet_mock: FleetMock
) -> None:
    diagnostics = client.tracker.get_diagnostics(tracker_id=1)
    # the van's CAN flow meter and OBD coolant temperature, as their sensors read them
    meter, coolant = diagnostics.inputs
    assert (meter.name, meter.type, meter.value) == ("can_consumption", "fuel_consumption", 116.4)
    assert (coolant.label, coolant.name, coolant.type, coolant.value) == (
        "Coolant temperature",
        "obd_coolant_t",
        "temperature",
        88.0,
    )
    assert diagnostics.states is None
    client.tracker.sensor.calibration_data.update(
        tracker_id=1,
        sensor_id=2,
        data=[CalibrationPoint(in_=0, out=32), CalibrationPoint(in_=100, out=212)],
    )
    vin = 12345678901234567890  # 20 digits, as text with every one
    _report(
        fleet_mock,
        1,
        {"obd_rpm": 889, "raw_can_3": 7, "obd_vin": vin, "can_hood_state": 1, "fuel_level": 40},
    )
    diagnostics = client.tracker.get_diagnostics(tracker_id=1)
    assert [(i.name, i.label, i.type, i.value) for i in diagnostics.inputs] == [
        ("can_consumption", "Fuel used (CAN)", "fuel_consumption", 116.4),
        ("obd_coolant_t", "Coolant temperature", "temperature", 190.4),  # 88 through the table
        ("obd_rpm", "OBD: RPM", "rpm", 889),
        ("raw_can_3", "CAN: Raw data 3", "custom", 7),
    ]
    assert diagnostics.states == {"can_hood_state": "1", "obd_vin": str(vin)}
    assert diagnostics.update_time == fleet_mock.world.now()


@pytest.mark.parametrize(
    ("tracker_id", "error"), [(5, DeviceBlockedError), (7, EntityNotFoundError)]
)
def test_the_documented_codes_for_a_tracker(
    client: Any, fleet_mock: FleetMock, tracker_id: int, error: type[Exception]
) -> None:
    with pytest.raises(error):
        client.tracker.get_readings(tracker_id=tracker_id)
    with pytest.raises(error):
        client.tracker.get_diagnostics(tracker_id=tracker_id)


def test_a_sub_user_reads_only_its_trackers(fleet_mock: FleetMock) -> None:
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert sub_user.tracker.get_diagnostics(tracker_id=2).inputs == []
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.get_readings(tracker_id=1)
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.get_diagnostics(tracker_id=1)
