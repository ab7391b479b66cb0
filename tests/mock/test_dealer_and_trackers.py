"""``dealer/get_ui_config`` and the tracker group."""

from __future__ import annotations

import attrs
import pytest
from mock_helpers import DEMO_KEY, Api, assert_failure, assert_success

from fleetapi._converter import converter_for
from fleetapi.models.dealer import DealerUiConfig
from fleetapi.models.tracker import Tracker, TrackerState, TrackerStates
from fleetapi_mock import FleetMock

# --- Dealer -------------------------------------------------------------------------------


def test_config_by_domain_without_credential(api: Api):
    body = assert_success(api.post("/dealer/get_ui_config", {"domain": "demo.fleet.test"}))
    config = converter_for().structure(
        {k: v for k, v in body.items() if k != "success"}, DealerUiConfig
    )
    assert config.dealer.ui_domain == "demo.fleet.test"
    assert config.settings.service_title == "Demo Fleet"
    assert config.platform["report.max_time_span"] == "P90D"
    assert config.platform["stats.max_time_span"] == "P31D"
    assert config.platform["file_storage.hard_max_file_size"] == 16777216
    assert config.platform["form.file_field.max_files_per_field"] == 6
    assert config.platform["form.max_fields_count"] == 128
    assert config.demo_ends is None


def test_config_domain_is_case_insensitive(api: Api):
    assert_success(api.post("/dealer/get_ui_config", {"domain": "Demo.Fleet.Test"}))


def test_config_by_hash_in_the_body(api: Api, demo: str):
    body = assert_success(api.post("/dealer/get_ui_config", {"hash": demo}))
    assert body["dealer"]["id"] == 1


def test_config_by_api_key_and_by_header(api: Api):
    assert_success(api.post("/dealer/get_ui_config", {"hash": DEMO_KEY}))
    assert_success(api.post("/dealer/get_ui_config", {}, hash=DEMO_KEY))


def test_config_with_both_the_hash_wins(api: Api, demo: str):
    body = assert_success(
        api.post("/dealer/get_ui_config", {"hash": demo, "domain": "bare.fleet.test"})
    )
    assert body["dealer"]["id"] == 1
    # form-encoded, as the platform's own JavaScript client sends it
    response = api.http.post(
        "/dealer/get_ui_config", data={"hash": demo, "domain": "no.such.domain"}
    )
    assert assert_success(response)["dealer"]["id"] == 1


def test_config_unknown_domain_is_12(api: Api):
    assert_failure(api.post("/dealer/get_ui_config", {"domain": "nope.test"}), 12, 400)


def test_config_unknown_hash_is_4(api: Api):
    assert_failure(api.post("/dealer/get_ui_config", {"hash": "0" * 32}), 4, 400)


def test_config_dealer_without_settings_is_201(api: Api):
    assert_failure(api.post("/dealer/get_ui_config", {"domain": "bare.fleet.test"}), 201, 400)


@pytest.mark.parametrize("body", [{}, {"domain": ""}, {"hash": ""}, {"domain": " "}])
def test_config_without_domain_or_hash_is_7(api: Api, body: dict[str, str]):
    errors = assert_failure(api.post("/dealer/get_ui_config", body), 7, 400)["errors"]
    assert errors[0]["parameter"] == "domain"


# --- Trackers -----------------------------------------------------------------------------


def _trackers(body: dict) -> list[Tracker]:
    return converter_for().structure(body["list"], list[Tracker])


def test_list_shows_the_accounts_trackers(api: Api, demo: str):
    trackers = _trackers(assert_success(api.post("/tracker/list", {}, hash=demo)))
    assert [t.id for t in trackers] == [1, 2, 3, 4, 5, 6]
    assert [t.source.blocked for t in trackers] == [False, False, False, False, True, False]
    assert trackers[0].tag_bindings[0].tag_id == 1


def test_list_of_another_account(api: Api):
    other = api.login("other", "other")
    assert [t.id for t in _trackers(api.post("/tracker/list", {}, hash=other).json())] == [7]


def test_list_filters_by_label_substrings(api: Api, demo: str):
    body = assert_success(api.post("/tracker/list", {"labels": ["van", "TRUCK"]}, hash=demo))
    assert [t["label"] for t in body["list"]] == ["Van 1", "Van 2", "Truck 7"]


def test_sub_user_sees_the_masters_trackers_unless_restricted(
    fleet_mock: FleetMock, api: Api, dispatcher: str
):
    assert len(assert_success(api.post("/tracker/list", {}, hash=dispatcher))["list"]) == 6
    fleet_mock.world.users.change(2, trackers=[2, 3])
    ids = [t["id"] for t in assert_success(api.post("/tracker/list", {}, hash=dispatcher))["list"]]
    assert ids == [2, 3]
    assert_failure(api.post("/tracker/read", {"tracker_id": 1}, hash=dispatcher), 201, 400)


def test_read(api: Api, demo: str):
    body = assert_success(api.post("/tracker/read", {"tracker_id": 4}, hash=demo))
    tracker = converter_for().structure(body["value"], Tracker)
    assert tracker.label == "Anna's phone"
    assert tracker.source.model == "mobile_app"


def test_read_and_list_follow_a_record_changed(fleet_mock: FleetMock, api: Api, demo: str):
    """A tracker's wire object is built once per record: a record replaced in its table (a
    test's setup, a handler) shows its new values at once."""
    record = fleet_mock.world.trackers[4]
    assert_success(api.post("/tracker/list", {}, hash=demo))  # the old values, remembered
    record = fleet_mock.world.trackers.change(
        4, label="Anna (new phone)", phone="+4915100009999", tag_ids=[*record.tag_ids, 2]
    )
    read = assert_success(api.post("/tracker/read", {"tracker_id": 4}, hash=demo))["value"]
    assert read["label"] == "Anna (new phone)"
    assert read["source"]["phone"] == "+4915100009999"
    assert read["tag_bindings"][-1] == {"tag_id": 2, "ordinal": len(record.tag_ids) - 1}
    listed = assert_success(api.post("/tracker/list", {}, hash=demo))["list"]
    assert next(t for t in listed if t["id"] == 4) == read


@pytest.mark.parametrize(("tracker_id", "code", "status"), [(7, 201, 400), (99, 201, 400)])
def test_read_and_state_failures(api: Api, demo: str, tracker_id: int, code: int, status: int):
    assert_failure(api.post("/tracker/read", {"tracker_id": tracker_id}, hash=demo), code, status)
    response = api.post("/tracker/get_state", {"tracker_id": tracker_id}, hash=demo)
    assert_failure(response, code, status)


def test_a_blocked_tracker_is_read_but_has_no_state(api: Api, demo: str):
    body = assert_success(api.post("/tracker/read", {"tracker_id": 5}, hash=demo))
    assert body["value"]["source"]["blocked"] is True
    assert_failure(api.post("/tracker/get_state", {"tracker_id": 5}, hash=demo), 208, 403)


@pytest.mark.parametrize("iso", [False, True])
def test_get_state_answers_the_documented_state_and_user_time(
    fleet_mock: FleetMock, api: Api, demo: str, iso: bool
):
    body = assert_success(
        api.post("/tracker/get_state", {"tracker_id": 1, "iso_datetime": iso}, hash=demo)
    )
    assert body["user_time"] == ("2026-01-15T09:00:00+00:00" if iso else "2026-01-15 09:00:00")
    state = converter_for().structure(body["state"], TrackerState)
    assert state.source_id == 10001
    assert state.connection_status == "active"
    assert state.gps.location is not None
    assert state.gps.location.lat == pytest.approx(52.52)
    assert {
        "gps", "gsm", "movement_status_update", "battery_update", "inputs", "inputs_update",
        "outputs", "outputs_update", "additional", "actual_track_update",
    } <= set(body["state"])  # fmt: skip


def test_get_states_lists_blocked_and_missing_only_when_asked(api: Api, demo: str):
    asked = {"trackers": [1, 5, 7, 99], "allow_not_exist": True, "list_blocked": True}
    body = assert_success(api.post("/tracker/get_states", asked, hash=demo))
    states = converter_for().structure(
        {k: v for k, v in body.items() if k != "success"}, TrackerStates
    )
    assert set(states.states) == {"1"}  # a blocked tracker has no state
    assert states.blocked == [5]
    assert states.not_exist == [7, 99]
    assert body["user_time"] == "2026-01-15 09:00:00"
    plain = assert_success(api.post("/tracker/get_states", {"trackers": [1, 2]}, hash=demo))
    assert "blocked" not in plain
    assert "not_exist" not in plain


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ({"trackers": [1, 5]}, 208, 403),
        ({"trackers": [1, 5], "allow_not_exist": True}, 208, 403),
        ({"trackers": [1, 99]}, 217, 400),
        ({"trackers": [1, 99, 5], "list_blocked": True}, 217, 400),
    ],
)
def test_get_states_fails_on_blocked_or_missing_unless_asked_to_list_them(
    api: Api, demo: str, body: dict[str, object], code: int, status: int
):
    assert_failure(api.post("/tracker/get_states", body, hash=demo), code, status)


def test_tracker_state_follows_the_world(fleet_mock: FleetMock, api: Api, demo: str):
    state = attrs.evolve(fleet_mock.world.trackers[2].state, speed=77)
    fleet_mock.world.trackers.change(2, state=state)
    body = assert_success(api.post("/tracker/get_state", {"tracker_id": 2}, hash=demo))
    assert body["state"]["gps"]["speed"] == 77
