"""A tracker's sensors (``tracker/sensor/*``): calls of the service's documentation, through
the SDK (sync and async). The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityNotFoundError,
    InputInUseError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    TooManySensorsError,
)
from fleetapi.models.sensor import (
    MAX_SENSORS_OF_A_TYPE,
    DiscreteSensor,
    MeteringParameters,
    MeteringSensor,
    NewDiscreteSensor,
    NewMeteringSensor,
    NewVirtualSensor,
    ValueTitle,
    VirtualParameters,
    VirtualSensor,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import World, WorldDocumentError

TANK = NewMeteringSensor(sensor_type="fuel", name="Tank", input_name="lls_level_1")


def test_the_demo_van_has_a_sensor_of_each_kind(client: Any) -> None:
    sensors = client.tracker.sensor.list(tracker_id=1)
    assert [(type(s), s.id) for s in sensors] == [
        (MeteringSensor, 1),
        (MeteringSensor, 2),
        (DiscreteSensor, 3),
        (VirtualSensor, 4),
        (DiscreteSensor, 5),  # the refrigerator, on input 2
        (MeteringSensor, 6),  # the CAN flow meter
    ]
    assert client.tracker.sensor.batch_list(trackers=[1, 2]) == {"1": sensors, "2": []}


def test_a_created_sensor_is_listed_updated_and_deleted(client: Any) -> None:
    sensor_id = client.tracker.sensor.create(tracker_id=2, sensor=TANK)
    [created] = client.tracker.sensor.list(tracker_id=2)
    assert created == MeteringSensor(**attrs.asdict(TANK, recurse=False), id=sensor_id)
    renamed = attrs.evolve(created, name="Main tank", divider=2.0)
    client.tracker.sensor.update(tracker_id=2, sensor=renamed)
    assert client.tracker.sensor.list(tracker_id=2) == [renamed]
    client.tracker.sensor.delete(tracker_id=2, sensor_id=sensor_id)
    assert client.tracker.sensor.list(tracker_id=2) == []


@pytest.mark.parametrize(
    "sensor",
    [
        NewMeteringSensor(sensor_type="temperature", name="Again", input_name="fuel_level"),
        NewDiscreteSensor(sensor_type="door", name="Door", input_number=1),
    ],
    ids=["metering input name", "discrete input number"],
)
def test_an_input_already_read_is_232(
    client: Any, fleet_mock: FleetMock, sensor: NewMeteringSensor | NewDiscreteSensor
) -> None:
    before = fleet_mock.world.to_document()
    with pytest.raises(InputInUseError):
        client.tracker.sensor.create(tracker_id=1, sensor=sensor)
    assert fleet_mock.world.to_document() == before


def test_sensors_of_other_kinds_and_composites_may_share_an_input(client: Any) -> None:
    # a virtual sensor reading the fuel level; a discrete one on input 3
    client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewVirtualSensor(sensor_type="state", name="Fuel low", input_name="fuel_level"),
    )
    client.tracker.sensor.create(
        tracker_id=1, sensor=NewDiscreteSensor(sensor_type="door", name="Door", input_number=3)
    )
    both = MeteringParameters(parent_ids=[1])
    for name in ("Sum A", "Sum B"):
        client.tracker.sensor.create(
            tracker_id=1,
            sensor=NewMeteringSensor(
                sensor_type="fuel", name=name, input_name="composite", parameters=both
            ),
        )


def test_a_second_virtual_ignition_and_too_many_of_a_type_are_270(client: Any) -> None:
    with pytest.raises(TooManySensorsError):
        client.tracker.sensor.create(
            tracker_id=1,
            sensor=NewVirtualSensor(
                sensor_type="virtual_ignition", name="Again", input_name="board_voltage"
            ),
        )
    for number in range(MAX_SENSORS_OF_A_TYPE):
        client.tracker.sensor.create(
            tracker_id=2,
            sensor=NewMeteringSensor(sensor_type="rpm", name="RPM", input_name=f"rpm_{number}"),
        )
    with pytest.raises(TooManySensorsError):
        client.tracker.sensor.create(
            tracker_id=2,
            sensor=NewMeteringSensor(sensor_type="rpm", name="RPM", input_name="one_more"),
        )


@pytest.mark.parametrize(
    ("sensor", "parameter"),
    [
        (
            NewMeteringSensor(
                sensor_type="fuel",
                name="Sum",
                input_name="composite",
                parameters=MeteringParameters(parent_ids=[3]),  # the discrete ignition
            ),
            "sensor.parameters.parent_ids",
        ),
        (
            NewVirtualSensor(
                sensor_type="state",
                name="Hood",
                input_name="x",
                parameters=VirtualParameters(calc_method="in_range"),
            ),
            "sensor.parameters.range_from",
        ),
        (
            NewVirtualSensor(
                sensor_type="state",
                name="Hood",
                input_name="x",
                parameters=VirtualParameters(calc_method="bit_index"),
            ),
            "sensor.parameters.bit_index",
        ),
        (
            NewVirtualSensor(
                sensor_type="state",
                name="Hood",
                input_name="x",
                parameters=VirtualParameters(
                    value_titles=[
                        ValueTitle(value="1", title="a"),
                        ValueTitle(value="1", title="b"),
                    ]
                ),
            ),
            "sensor.parameters.value_titles",
        ),
    ],
    ids=["parts not metering", "in_range without a range", "bit_index without one", "titles"],
)
def test_a_sensor_that_cannot_work_is_7_naming_the_parameter(
    client: Any, sensor: Any, parameter: str
) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.sensor.create(tracker_id=1, sensor=sensor)
    assert [e["parameter"] for e in info.value.errors] == [parameter]


def test_update_names_a_sensor_of_the_tracker_and_keeps_its_kind(client: Any) -> None:
    fuel = client.tracker.sensor.list(tracker_id=1)[0]
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.update(tracker_id=2, sensor=fuel)
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.delete(tracker_id=2, sensor_id=fuel.id)
    as_discrete = DiscreteSensor(sensor_type="door", name="Door", input_number=5, id=fuel.id)
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.sensor.update(tracker_id=1, sensor=as_discrete)
    assert info.value.errors[0]["parameter"] == "sensor.type"


def test_deleting_a_part_leaves_the_composite_without_it(client: Any) -> None:
    parts = MeteringParameters(parent_ids=[1, 2])
    composite = client.tracker.sensor.create(
        tracker_id=1,
        sensor=NewMeteringSensor(
            sensor_type="fuel", name="Sum", input_name="composite", parameters=parts
        ),
    )
    client.tracker.sensor.delete(tracker_id=1, sensor_id=2)
    [kept] = [s for s in client.tracker.sensor.list(tracker_id=1) if s.id == composite]
    assert kept.parameters.parent_ids == [1]


def test_trackers_refused_by_the_sensor_calls(client: Any, fleet_mock: FleetMock) -> None:
    with pytest.raises(DeviceBlockedError):
        client.tracker.sensor.list(tracker_id=5)
    with pytest.raises(EntityNotFoundError):
        client.tracker.sensor.list(tracker_id=7)  # another account's
    with pytest.raises(NonExistentEntitiesError) as info:
        client.tracker.sensor.batch_list(trackers=[1, 5, 7])
    assert "5, 7" in str(info.value)
    with pytest.raises(DeviceLimitExceededError):
        client.tracker.sensor.batch_list(trackers=list(range(1, 502)))
    fleet_mock.world.trackers.change(2, clone=True)
    assert client.tracker.sensor.list(tracker_id=2) == []  # a clone's sensors are read
    with pytest.raises(CloneNotAllowedError):
        client.tracker.sensor.create(tracker_id=2, sensor=TANK)


def test_a_sub_user_needs_the_tracker_update_right(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert len(sub_user.tracker.sensor.list(tracker_id=1)) == 6
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.sensor.create(tracker_id=2, sensor=TANK)
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.sensor.delete(tracker_id=1, sensor_id=1)


def test_world_documents_hold_sensors_by_kind(fleet_mock: FleetMock) -> None:
    document = fleet_mock.world.to_document()
    assert World.from_document(json.loads(json.dumps(document))).to_document() == document
    [virtual] = [s for s in document["sensors"] if s["type"] == "virtual"]
    broken = {**document, "sensors": [{**virtual, "input_number": 2}]}
    with pytest.raises(WorldDocumentError, match=r"sensors\[0\]\.input_number: unknown key"):
        World.from_document(broken)
    orphan = {**document, "sensors": [{**virtual, "tracker_id": 99}]}
    with pytest.raises(WorldDocumentError, match="no tracker 99"):
        World.from_document(orphan)
