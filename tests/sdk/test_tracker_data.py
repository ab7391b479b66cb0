"""A tracker's data beyond its state (last GPS point, inputs, outputs, tags): calls of the
service's documentation, through the SDK (sync and async). The documented examples run in
``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi import (
    UNSET,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    NonExistentEntitiesError,
)
from fleetapi.models.tracker import TagBinding
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord

NOW = dt.datetime(2026, 1, 15, 9, 0)


def test_the_last_gps_point_leaves_gsm_lbs_points_out(client: Any, fleet_mock: FleetMock) -> None:
    last = client.tracker.get_last_gps_point(tracker_id=1)
    assert (last.get_time, last.lat, last.speed) == (dt.datetime(2026, 1, 15, 8, 59, 30), 52.52, 42)
    fleet_mock.record_positions(
        [TrackPointRecord(tracker_id=1, get_time=NOW, lat=1.0, lng=2.0, gsm_lbs=True)]
    )
    assert client.tracker.get_last_gps_point(tracker_id=1) == last
    fleet_mock.record_positions(
        [TrackPointRecord(tracker_id=1, get_time=NOW, lat=52.6, lng=13.5, precision=7)]
    )
    newer = client.tracker.get_last_gps_point(tracker_id=1)
    assert (newer.get_time, newer.lat, newer.precision) == (NOW, 52.6, 7)


def test_a_tracker_without_gps_points_has_none(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.track_points.remove_tracker(2)
    assert client.tracker.get_last_gps_point(tracker_id=2) is None


def test_inputs_and_outputs_come_from_the_state(client: Any, fleet_mock: FleetMock) -> None:
    inputs = client.tracker.get_inputs(tracker_id=1)
    assert inputs.inputs == [True, False, False]
    assert [(s.type, s.status, s.input_number) for s in inputs.states] == [("ignition", True, 1)]
    assert inputs.update_time == dt.datetime(2026, 1, 15, 8, 40)
    assert inputs.user_time == NOW
    batch = client.tracker.batch_get_inputs(trackers=[1, 2])
    assert batch["1"].inputs == inputs.inputs
    assert (batch["2"].inputs, batch["2"].states) == ([], [])  # no inputs, no ignition
    state = attrs.evolve(fleet_mock.world.trackers[2].state, outputs=[True, True, False])
    fleet_mock.world.trackers.change(2, state=state)
    outputs = client.tracker.batch_get_outputs(trackers=[1, 2])
    assert [o.title for o in outputs["2"]] == ["OUT1", "OUT2", "OUT3"]
    assert client.tracker.get_outputs(tracker_id=2) == outputs["2"]


@pytest.mark.parametrize(
    ("tracker_id", "error"), [(5, DeviceBlockedError), (7, EntityNotFoundError)]
)
def test_single_calls_refuse_blocked_and_foreign_trackers(
    client: Any, tracker_id: int, error: type[Exception]
) -> None:
    for call in (
        client.tracker.get_last_gps_point,
        client.tracker.get_inputs,
        client.tracker.get_outputs,
    ):
        with pytest.raises(error):
            call(tracker_id=tracker_id)


def test_batch_calls_name_every_bad_tracker_and_cap_the_list(client: Any) -> None:
    for call in (client.tracker.batch_get_inputs, client.tracker.batch_get_outputs):
        with pytest.raises(NonExistentEntitiesError) as info:
            call(trackers=[1, 5, 7, 999])
        assert "5, 7, 999" in str(info.value)
        with pytest.raises(DeviceLimitExceededError):
            call(trackers=list(range(1, 2002)))


def test_tags_set_replaces_the_trackers_tags_in_ordinal_order(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.tracker.tags.set(
        tracker_id=2,
        tag_bindings=[TagBinding(tag_id=3, ordinal=2), TagBinding(tag_id=1, ordinal=1)],
    )
    assert [b.tag_id for b in client.tracker.read(tracker_id=2).tag_bindings] == [1, 3]
    before = fleet_mock.world.to_document()
    with pytest.raises(EntityMissingError):
        client.tracker.tags.set(tracker_id=2, tag_bindings=[TagBinding(tag_id=99, ordinal=1)])
    assert fleet_mock.world.to_document() == before
    client.tracker.tags.set(tracker_id=2, tag_bindings=[])
    assert client.tracker.read(tracker_id=2).tag_bindings == []


def test_list_models_answers_the_catalogue_filtered_and_compact(client: Any) -> None:
    models = client.tracker.list_models()
    codes = ["telfmb920", "queclink_gv300", "mobile_app", "teltonika_tst100", "qstarz_bt1000x"]
    assert [m.code for m in models] == codes
    fmb = models[0]
    assert (fmb.vendor, fmb.digital_inputs, fmb.battery.low_charge) == ("Teltonika", 3, 3.6)
    assert "inoutzone" in fmb.rules
    only = client.tracker.list_models(codes=["mobile_app", "nosuch"], compact_view=True)
    assert [(m.code, m.type, m.register) for m in only] == [("mobile_app", "personal", True)]
    assert only[0].rules is UNSET  # compact: the identity only
    assert client.tracker.list_models(compact_index=True) == models


def test_every_demo_tracker_model_is_in_the_catalogue(fleet_mock: FleetMock) -> None:
    codes = {m.code for m in fleet_mock.world.tracker_models.values()}
    assert {t.model for t in fleet_mock.world.trackers.values()} <= codes
