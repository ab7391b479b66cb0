"""A tracker's counters as entities (``tracker/counter/read``, ``tracker/counter/update``),
their values over a period (``tracker/counter/data/read``) and all at once
(``tracker/get_counters``): calls of the service's documentation, through the SDK (sync and
async), sharing one counter with ``tracker/counter/value/*``. The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityMissingError,
    InvalidParametersError,
    OperationNotPermittedError,
    TimeSpanTooBigError,
)
from fleetapi.models.reading import Counter
from fleetapi.models.sensor import NewMeteringSensor
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import World, WorldDocumentError

NOW = dt.datetime(2026, 1, 15, 9, 0)
ROUTE = [(52.52, 13.405), (52.50, 13.42)]


def _counters(client: Any, tracker_id: int = 1) -> dict[str, float]:
    return {c.type: c.value for c in client.tracker.get_counters(tracker_id=tracker_id)}


def test_get_counters_answers_what_value_get_and_the_readings_answer(client: Any) -> None:
    counters = client.tracker.get_counters(tracker_id=1)
    assert [c.type for c in counters] == ["odometer", "engine_hours"]
    for counter in counters:
        assert counter.value == client.tracker.counter.value.get(tracker_id=1, type=counter.type)
    assert counters == client.tracker.readings.list(tracker_id=1).counters
    assert [c.type for c in client.tracker.get_counters(tracker_id=2)] == ["odometer"]


def test_a_counter_is_read_with_its_multiplier(client: Any) -> None:
    assert client.tracker.counter.read(tracker_id=1, type="odometer") == Counter(
        id=2, type="odometer", multiplier=1.0
    )
    assert client.tracker.counter.read(tracker_id=3, type="engine_hours").id == 7


def test_the_multiplier_applies_to_what_the_points_add(client: Any, fleet_mock: FleetMock) -> None:
    before = _counters(client)
    client.tracker.counter.update(tracker_id=1, type="odometer", multiplier=1.5)
    client.tracker.counter.update(tracker_id=1, type="engine_hours", multiplier=2)
    assert client.tracker.counter.read(tracker_id=1, type="odometer").multiplier == 1.5
    after = _counters(client)
    assert after["odometer"] == pytest.approx(before["odometer"] * 1.5, abs=1e-5)
    assert after["engine_hours"] == pytest.approx(before["engine_hours"] * 2, abs=1e-5)
    # a value set counts on from itself: the multiplier applies to what the points add since
    client.tracker.counter.value.set(tracker_id=1, type="odometer", value=1000)
    assert _counters(client)["odometer"] == 1000.0
    fleet_mock.clock.advance(dt.timedelta(minutes=1))
    points = fleet_mock.drive(1, ROUTE)
    km = client.track.list(tracker_id=1, from_=points[0].get_time, to=points[-1].get_time)
    assert client.tracker.counter.value.get(tracker_id=1, type="odometer") == pytest.approx(
        1000 + 1.5 * km.list[-1].length, abs=0.01
    )
    assert client.tracker.counter.read(tracker_id=1, type="odometer").multiplier == 1.5


def test_the_odometer_may_count_by_a_sensor(client: Any, fleet_mock: FleetMock) -> None:
    mileage = client.tracker.sensor.create(
        tracker_id=2,
        sensor=NewMeteringSensor(sensor_type="custom", name="Mileage", input_name="hw_mileage"),
    )
    client.tracker.counter.value.set(tracker_id=2, type="odometer", value=100)
    client.tracker.counter.update(tracker_id=2, type="odometer", multiplier=2, sensor_id=mileage)
    fleet_mock.clock.advance(dt.timedelta(minutes=1))
    points = fleet_mock.drive(2, ROUTE, readings={"hw_mileage": (5000, 5003)})
    # the sensor grew by 3 km along the drive: the track's length does not count
    assert _counters(client, 2)["odometer"] == pytest.approx(100 + 2 * 3, abs=1e-6)
    client.tracker.counter.update(tracker_id=2, type="odometer", multiplier=1)  # keeps the sensor
    assert _counters(client, 2)["odometer"] == pytest.approx(103, abs=1e-6)
    client.tracker.sensor.delete(tracker_id=2, sensor_id=mileage)  # back to the track
    km = client.track.list(tracker_id=2, from_=points[0].get_time, to=points[-1].get_time)
    assert _counters(client, 2)["odometer"] == pytest.approx(100 + km.list[-1].length, abs=0.01)


def test_update_refuses_a_sensor_it_cannot_count_by(client: Any, fleet_mock: FleetMock) -> None:
    for kind, sensor_id in (("engine_hours", 1), ("odometer", 3), ("odometer", 99)):
        with pytest.raises(InvalidParametersError) as info:
            client.tracker.counter.update(
                tracker_id=1, type=kind, multiplier=1, sensor_id=sensor_id
            )
        assert info.value.errors[0]["parameter"] == "sensor_id"
    with pytest.raises(InvalidParametersError):
        client.tracker.counter.update(tracker_id=2, type="odometer", multiplier=1, sensor_id=1)
    with pytest.raises(InvalidParametersError):
        client.tracker.counter.update(tracker_id=1, type="odometer", multiplier=0)
    assert client.tracker.counter.read(tracker_id=1, type="odometer").multiplier == 1.0


def test_the_values_of_a_period_end_at_the_counters_value(
    client: Any, fleet_mock: FleetMock
) -> None:
    period = {"from_": dt.datetime(2026, 1, 15, 7, 0), "to": NOW}
    values = client.tracker.counter.data.read(tracker_id=1, type="odometer", **period)
    points = [p for p in fleet_mock.world.points_of(1) if period["from_"] <= p.get_time <= NOW]
    assert [v.update_time for v in values] == [p.get_time for p in points]
    assert [v.value for v in values] == sorted(v.value for v in values)
    assert values[-1].value == client.tracker.counter.value.get(tracker_id=1, type="odometer")
    hours = client.tracker.counter.data.read(tracker_id=1, type="engine_hours", **period)
    assert hours[-1].value == client.tracker.counter.value.get(tracker_id=1, type="engine_hours")
    # before the time it was set, the counter is what the points had added
    client.tracker.counter.value.set(tracker_id=1, type="odometer", value=5000)
    again = client.tracker.counter.data.read(tracker_id=1, type="odometer", **period)
    assert again == values
    fleet_mock.clock.advance(dt.timedelta(minutes=1))
    drive = fleet_mock.drive(1, ROUTE)
    later = client.tracker.counter.data.read(
        tracker_id=1, type="odometer", from_=drive[0].get_time, to=drive[-1].get_time
    )
    assert later[0].value == pytest.approx(5000, abs=1e-6)
    assert later[-1].value == client.tracker.counter.value.get(tracker_id=1, type="odometer")


def test_counter_data_periods_and_codes(client: Any, fleet_mock: FleetMock) -> None:
    with pytest.raises(InvalidParametersError):
        client.tracker.counter.data.read(tracker_id=1, type="odometer", from_=NOW, to=NOW)
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.counter.data.read(
            tracker_id=1, type="odometer", from_=NOW - dt.timedelta(days=32), to=NOW
        )
    assert info.value.errors[0]["parameter"] == "to"
    with pytest.raises(TimeSpanTooBigError):
        client.tracker.counter.data.read(
            tracker_id=1, type="odometer", from_=NOW - dt.timedelta(days=91), to=NOW
        )
    with pytest.raises(EntityMissingError):  # Van 2 never reported its ignition
        client.tracker.counter.data.read(
            tracker_id=2, type="engine_hours", from_=NOW - dt.timedelta(days=1), to=NOW
        )


@pytest.mark.parametrize(
    ("tracker_id", "error"), [(5, DeviceBlockedError), (7, EntityMissingError)]
)
def test_each_counter_call_answers_its_documented_code(
    client: Any, tracker_id: int, error: type[Exception]
) -> None:
    day = {"from_": NOW - dt.timedelta(days=1), "to": NOW}
    with pytest.raises(error):
        client.tracker.get_counters(tracker_id=tracker_id)
    with pytest.raises(error):
        client.tracker.counter.read(tracker_id=tracker_id, type="odometer")
    with pytest.raises(error):
        client.tracker.counter.update(tracker_id=tracker_id, type="odometer", multiplier=2)
    with pytest.raises(error):
        client.tracker.counter.data.read(tracker_id=tracker_id, type="odometer", **day)


def test_clones_and_sub_users(client: Any, fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert sub_user.tracker.counter.read(tracker_id=1, type="odometer").multiplier == 1.0
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.counter.update(tracker_id=1, type="odometer", multiplier=2)
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user, pytest.raises(EntityMissingError):
        sub_user.tracker.get_counters(tracker_id=1)
    fleet_mock.world.trackers.change(2, clone=True)
    assert _counters(client, 2)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.counter.read(tracker_id=2, type="odometer")
    with pytest.raises(CloneNotAllowedError):
        client.tracker.counter.update(tracker_id=2, type="odometer", multiplier=2)


def test_world_documents_hold_the_counters_settings(client: Any, fleet_mock: FleetMock) -> None:
    client.tracker.counter.update(tracker_id=1, type="odometer", multiplier=1.5, sensor_id=1)
    document = fleet_mock.world.to_document()
    [van] = [t for t in document["trackers"] if t["id"] == 1]
    assert van["counters"]["odometer"]["multiplier"] == 1.5
    loaded = World.from_document(json.loads(json.dumps(document)))
    assert loaded.trackers[1].counters == fleet_mock.world.trackers[1].counters
    engine = {**van, "counters": {"engine_hours": {"multiplier": 1, "sensor_id": 1}}}
    with pytest.raises(WorldDocumentError, match=r"counters\.engine_hours\.sensor_id"):
        World.from_document({**document, "trackers": [engine, *document["trackers"][1:]]})
    half = {**van, "counters": {"odometer": {"value": 12.5}}}  # a value needs its time
    with pytest.raises(WorldDocumentError):
        World.from_document({**document, "trackers": [half, *document["trackers"][1:]]})
