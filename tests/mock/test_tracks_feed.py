"""Feeding positions: the control route ``POST /__mock__/positions`` and ``FleetMock`` helpers."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest
from mock_helpers import Api, assert_failure, assert_success

from fleetapi import Client
from fleetapi._converter import RequestValidationError
from fleetapi.models.track import AssetRef
from fleetapi_mock import FleetMock
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World, track_point_order
from fleetapi_mock.web.server import ThreadedServer

ANNA = AssetRef(id=1, type="employee")


def feed(api: Api, points: list[dict]) -> httpx.Response:
    return api.post("/__mock__/positions", {"points": points})


def state(api: Api, demo: str, tracker_id: int) -> dict:
    return assert_success(api.post("/tracker/get_state", {"tracker_id": tracker_id}, hash=demo))[
        "state"
    ]


def test_positions_join_the_track_and_move_the_tracker(api: Api, demo: str):
    before = len(api.mock.world.track_points)
    body = assert_success(
        feed(
            api,
            [
                {
                    "tracker_id": 4,
                    "get_time": "2026-01-15 09:10:00",
                    "lat": 52.5,
                    "lng": 13.4,
                    "speed": 35,
                    "heading": 90,
                    "alt": 40,
                },
                {
                    "tracker_id": 4,
                    "get_time": "2026-01-15 09:11:00",
                    "lat": 52.5,
                    "lng": 13.41,
                    "speed": 0,
                    "heading": 90,
                    "alt": 41,
                    "address": "Hauptstrasse 9",
                },
            ],
        )
    )
    assert body == {"success": True, "count": 2}
    assert len(api.mock.world.track_points) == before + 2
    current = state(api, demo, 4)
    assert current["gps"]["location"] == {"lat": 52.5, "lng": 13.41}
    assert (current["gps"]["speed"], current["gps"]["alt"]) == (0, 41)
    assert current["gps"]["updated"] == "2026-01-15 09:11:00"
    assert current["last_update"] == "2026-01-15 09:11:00"
    assert (current["connection_status"], current["movement_status"]) == ("active", "stopped")


def test_a_moving_point_makes_the_tracker_moving_and_a_parking_point_parked(api: Api, demo: str):
    feed(
        api,
        [
            {
                "tracker_id": 3,
                "get_time": "2026-01-15 09:01:00",
                "lat": 52.4,
                "lng": 13.1,
                "speed": 50,
            }
        ],
    )
    assert state(api, demo, 3)["movement_status"] == "moving"
    feed(
        api,
        [
            {
                "tracker_id": 3,
                "get_time": "2026-01-15 09:02:00",
                "lat": 52.4,
                "lng": 13.1,
                "parking": True,
            }
        ],
    )
    assert state(api, demo, 3)["movement_status"] == "parked"


def test_an_older_buffered_point_leaves_the_state_alone(api: Api, demo: str):
    current = state(api, demo, 1)
    feed(
        api,
        [
            {
                "tracker_id": 1,
                "get_time": "2026-01-15 07:00:00",
                "lat": 50.0,
                "lng": 10.0,
                "speed": 5,
                "buffered": True,
            }
        ],
    )
    assert state(api, demo, 1) == current
    (buffered,) = [p for p in api.mock.world.track_points if p.tracker_id == 1 and p.buffered]
    assert buffered.get_time == dt.datetime(2026, 1, 15, 7, 0)


def test_the_track_points_stay_ordered_by_tracker_then_time(api: Api):
    feed(
        api,
        [
            {"tracker_id": 2, "get_time": "2026-01-15 08:30:00", "lat": 52.48, "lng": 13.4},
            {"tracker_id": 1, "get_time": "2026-01-15 08:35:00", "lat": 52.49, "lng": 13.37},
            {"tracker_id": 1, "get_time": "2026-01-15 08:35:00", "lat": 52.0, "lng": 13.0},
        ],
    )
    points = list(api.mock.world.track_points)
    assert points == sorted(points, key=track_point_order)
    moment = dt.datetime(2026, 1, 15, 8, 35)
    same_time = [p for p in points if p.tracker_id == 1 and p.get_time == moment]
    assert [p.lat for p in same_time] == [52.49, 52.0]  # arrival order kept


def test_get_time_defaults_to_now_and_offsets_become_utc(api: Api):
    feed(
        api,
        [
            {"tracker_id": 6, "lat": 52.5, "lng": 13.45, "speed": 10},
            {"tracker_id": 6, "get_time": "2026-01-15T10:30:00+01:00", "lat": 52.5, "lng": 13.46},
        ],
    )
    times = [p.get_time for p in api.mock.world.track_points if p.tracker_id == 6]
    assert times == [dt.datetime(2026, 1, 15, 9, 0), dt.datetime(2026, 1, 15, 9, 30)]


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({}, "points"),
        ({"points": []}, "points"),
        ({"points": "many"}, "points"),
        ({"points": [1]}, "points[0]"),
        ({"points": [{"tracker_id": 4, "lat": 52.5}]}, "points[0].lng"),
        ({"points": [{"tracker_id": 4, "lat": 52.5, "lng": "east"}]}, "points[0].lng"),
        (
            {
                "points": [
                    {"tracker_id": 4, "lat": 1, "lng": 2},
                    {"tracker_id": 99, "lat": 1, "lng": 2},
                ]
            },
            "points[1].tracker_id",
        ),
    ],
)
def test_invalid_points_answer_7_and_record_nothing(api: Api, body: dict, parameter: str):
    before = api.document()
    response = api.post("/__mock__/positions", body)
    errors = assert_failure(response, 7, 400)["errors"]
    assert parameter in [e["parameter"] for e in errors]
    assert api.document() == before


def test_a_malformed_body_is_5(api: Api):
    response = api.post("/__mock__/positions", content=b"{not json")
    assert_failure(response, 5, 400)


def test_fed_positions_show_in_tracks_over_http(fleet_server: ThreadedServer):
    server = fleet_server
    with httpx.Client(base_url=server.base_url) as http:
        points = [
            {
                "tracker_id": 4,
                "get_time": f"2026-01-15 08:{m:02d}:00",
                "lat": 52.5,
                "lng": 13.4 + 0.004 * m,
                "speed": 30,
            }
            for m in range(10, 20)
        ]
        points.append(
            {
                "tracker_id": 4,
                "get_time": "2026-01-15 08:20:00",
                "lat": 52.5,
                "lng": 13.44,
                "speed": 0,
                "address": "Hauptstrasse 9",
            }
        )
        answer = http.post("/v2/__mock__/positions", json={"points": points})
        assert answer.json() == {"success": True, "count": 11}
        with Client.login(server.base_url, "demo", "demo") as client:
            result = client.asset.track.list(
                asset=ANNA, from_=dt.datetime(2026, 1, 15, 8), to=dt.datetime(2026, 1, 15, 8, 30)
            )
            (track,) = result.list[0].tracks
            assert (track.start_date, track.end_date) == (
                dt.datetime(2026, 1, 15, 8, 10),
                dt.datetime(2026, 1, 15, 8, 20),
            )
            assert track.points == 11
            assert track.end_address == "Hauptstrasse 9"
            # Older than the tracker's state: the state stays; a newer point moves it.
            assert client.tracker.get_state(tracker_id=4).gps.speed == 4
            later = {
                "tracker_id": 4,
                "get_time": "2026-01-15 09:00:00",
                "lat": 52.51,
                "lng": 13.45,
                "speed": 0,
            }
            http.post("/__mock__/positions", json={"points": [later]})
            gps = client.tracker.get_state(tracker_id=4).gps
            assert (gps.speed, gps.location.lat, gps.location.lng) == (0, 52.51, 13.45)


# --- FleetMock helpers --------------------------------------------------------------------------


def test_drive_records_a_trip_and_moves_the_clock_to_the_arrival(fleet_mock: FleetMock):
    start = fleet_mock.clock.now()
    points = fleet_mock.drive(
        4,
        [(52.531, 13.385), (52.52, 13.405), (52.50, 13.42)],
        speed=36,
        every=60,
        start_address="Invalidenstrasse 1",
        end_address="Oranienstrasse 5",
    )
    assert points[0].get_time == start
    assert {p.speed for p in points[:-1]} == {36}
    assert points[-1].speed == 0
    assert (points[-1].lat, points[-1].lng) == (52.50, 13.42)
    assert fleet_mock.clock.now() == points[-1].get_time
    with fleet_mock.login() as client:
        result = client.asset.track.list(asset=ANNA, from_=start, to=fleet_mock.clock.now())
        (track,) = result.list[0].tracks
        assert (track.start_address, track.end_address) == (
            "Invalidenstrasse 1",
            "Oranienstrasse 5",
        )
        assert track.points == len(points)
        assert track.avg_speed == pytest.approx(36, abs=1)
        assert track.length == pytest.approx(points[-1].mileage - points[0].mileage, rel=0.01)
        state = client.tracker.get_state(tracker_id=4)
        assert state.gps.location.lat == 52.50
        assert state.movement_status == "stopped"


def test_a_second_drive_continues_the_odometer(fleet_mock: FleetMock):
    first = fleet_mock.drive(4, [(52.5, 13.4), (52.5, 13.43)])
    second = fleet_mock.drive(4, [(52.5, 13.43), (52.5, 13.4)], advance_clock=False)
    assert second[0].mileage == first[-1].mileage
    driven = first[-1].mileage - first[0].mileage
    assert second[-1].mileage - second[0].mileage == pytest.approx(driven, rel=0.01)
    assert fleet_mock.clock.now() == first[-1].get_time


def test_record_positions_takes_records_or_world_document_points(fleet_mock: FleetMock):
    recorded = fleet_mock.record_positions(
        [
            {
                "tracker_id": 2,
                "get_time": "2026-01-15 08:50:00",
                "lat": 52.49,
                "lng": 13.37,
                "speed": 20,
                "event": "speeding",
            },
            TrackPointRecord(
                tracker_id=2,
                get_time=dt.datetime(2026, 1, 15, 8, 55),
                lat=52.5,
                lng=13.38,
                speed=25,
            ),
        ]
    )
    assert [p.speed for p in recorded] == [20, 25]
    assert recorded[0].event == "speeding"
    with fleet_mock.world.lock:
        assert fleet_mock.world.trackers[2].state.speed == 25
    again = World.from_document(fleet_mock.world.to_document())
    assert [p.event for p in again.track_points if p.tracker_id == 2].count("speeding") == 1


def test_record_positions_refuses_unknown_trackers_and_bad_points(fleet_mock: FleetMock):
    before = fleet_mock.world.to_document()
    with pytest.raises(KeyError):
        fleet_mock.record_positions(
            [TrackPointRecord(tracker_id=77, get_time=dt.datetime(2026, 1, 15), lat=1, lng=2)]
        )
    with pytest.raises(KeyError):
        fleet_mock.drive(77, [(1, 2), (1, 3)])
    with pytest.raises(RequestValidationError):
        fleet_mock.record_positions([{"tracker_id": 1, "lat": 1}])
    with pytest.raises(ValueError, match="two waypoints"):
        fleet_mock.drive(1, [(1, 2)])
    assert fleet_mock.world.to_document() == before


def test_world_documents_are_loaded_with_their_points_in_order():
    from fleetapi_mock import demo_document

    document = demo_document()
    document["track_points"].reverse()
    world = World.from_document(document)
    points = list(world.track_points)
    assert points == sorted(points, key=track_point_order)
