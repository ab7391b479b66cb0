"""Planning a way between points (``route/get`` and each provider's call) and ordering the
points of a route to visit (``task/route/points/optimize``), offline: great-circle legs, 60
km/h, the documented shapes and errors."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from typing import Any

import pytest
from gpxpy.geo import haversine_distance

from fleetapi import (
    ExternalServiceParametersError,
    GeocodingFailedError,
    InvalidParametersError,
    OperationNotPermittedError,
    TariffRestrictionError,
)
from fleetapi.models.common import LatLng
from fleetapi.models.route_plan import PointToVisit, StartPoint
from fleetapi_mock import FleetMock

BERLIN, POTSDAM, SPANDAU = (
    LatLng(lat=52.5200, lng=13.4050),
    LatLng(lat=52.3906, lng=13.0645),
    LatLng(lat=52.5352, lng=13.1999),
)
DAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 15, 23, 59))


def _meters(a: LatLng, b: LatLng) -> float:
    return haversine_distance(a.lat, a.lng, b.lat, b.lng)


def _visit(lat: float, lng: float, window: tuple[dt.datetime, dt.datetime] = DAY) -> PointToVisit:
    return PointToVisit(location=LatLng(lat=lat, lng=lng), from_=window[0], to=window[1])


def _length(start: StartPoint, points: list[PointToVisit], order: list[int]) -> float:
    path = [LatLng(lat=start.lat, lng=start.lng), *(points[i].location for i in order)]
    return sum(_meters(a, b) for a, b in itertools.pairwise(path))


# --- Planning a route -------------------------------------------------------------------------


def test_a_route_runs_from_start_through_waypoints_to_end(client: Any) -> None:
    route = client.route.get(start=BERLIN, end=POTSDAM, waypoints=[SPANDAU])
    straight = _meters(BERLIN, POTSDAM)
    legs = _meters(BERLIN, SPANDAU) + _meters(SPANDAU, POTSDAM)
    assert route.distance >= straight
    assert route.distance == round(legs)
    assert route.time == round(legs * 3.6 / 60)  # 60 km/h
    assert (route.list[0], route.list[-1]) == (BERLIN, POTSDAM)
    assert [(k.lat, k.lng) for k in route.key_points] == [
        (p.lat, p.lng) for p in (BERLIN, SPANDAU, POTSDAM)
    ]
    assert [route.list[k.id] for k in route.key_points] == [BERLIN, SPANDAU, POTSDAM]
    steps = [_meters(a, b) for a, b in itertools.pairwise(route.list)]
    assert max(steps) <= 1000.5
    assert sum(steps) == pytest.approx(legs, abs=1)


@pytest.mark.parametrize("seed", range(6))
def test_a_route_is_never_shorter_than_the_straight_line(fleet_mock: FleetMock, seed: int) -> None:
    rng = random.Random(seed)
    client = fleet_mock.login("demo", "demo")

    def anywhere() -> LatLng:
        return LatLng(lat=rng.uniform(-80, 80), lng=rng.uniform(-180, 180))

    start, end = anywhere(), anywhere()
    route = client.route.osrm.get(
        start=start, end=end, waypoints=[anywhere() for _ in range(rng.randrange(3))]
    )
    assert route.distance >= round(_meters(start, end))
    assert len(route.list) <= 1000 + len(route.key_points)
    assert [route.list[k.id] for k in route.key_points][:: len(route.key_points) - 1] == [
        start,
        end,
    ]


def test_google_key_points_tell_the_way_up_to_each(client: Any) -> None:
    route = client.route.google.get(start=BERLIN, end=POTSDAM, waypoints=[SPANDAU])
    first, middle, last = route.key_points
    assert (first.distance, first.time) == (0, 0)
    assert middle.distance == round(_meters(BERLIN, SPANDAU))
    assert (last.distance, last.time) == (route.distance, route.time)
    assert route.list == client.route.osrm.get(start=BERLIN, end=POTSDAM, waypoints=[SPANDAU]).list


@pytest.mark.parametrize("limit", [2, 3, 5, 40])
def test_point_limit_simplifies_the_line_keeping_the_points_asked_first(
    client: Any, limit: int
) -> None:
    whole = client.route.get(start=BERLIN, end=POTSDAM, waypoints=[SPANDAU])
    route = client.route.get(start=BERLIN, end=POTSDAM, waypoints=[SPANDAU], point_limit=limit)
    assert len(route.list) <= limit
    assert (route.list[0], route.list[-1]) == (BERLIN, POTSDAM)
    assert set(route.list) <= set(whole.list)
    assert (route.distance, route.time) == (whole.distance, whole.time)
    ids = [k.id for k in route.key_points]
    assert ids == sorted(ids)
    assert ids[-1] == len(route.list) - 1
    if limit >= 3:
        assert [route.list[i] for i in ids] == [BERLIN, SPANDAU, POTSDAM]
    else:  # the waypoint left out names the kept point nearest to it along the route
        assert ids == [0, 0, 1]  # Spandau is nearer Berlin than Potsdam along the way


def test_progorod_smooths_the_line_by_minsize(client: Any) -> None:
    far = LatLng(lat=40.0, lng=-3.7)  # Madrid: the great circle bends on the map
    fine = client.route.progorod.get(start=BERLIN, end=far, minsize=0)
    smooth = client.route.progorod.get(start=BERLIN, end=far, minsize=2000)
    assert len(smooth.list) < len(fine.list)
    assert (smooth.list[0], smooth.list[-1]) == (BERLIN, far)
    assert smooth.distance == fine.distance


def test_route_get_follows_the_callers_provider_unless_one_is_named(client: Any) -> None:
    nine = [LatLng(lat=52.4 + i / 100, lng=13.3) for i in range(9)]
    assert client.route.get(start=BERLIN, end=POTSDAM, waypoints=nine).key_points  # osrm
    client.user.settings.update(route_provider="google")
    with pytest.raises(ExternalServiceParametersError) as info:
        client.route.get(start=BERLIN, end=POTSDAM, waypoints=nine)
    assert info.value.statuses == ["MAX_WAYPOINTS_EXCEEDED"]
    assert client.route.get(start=BERLIN, end=POTSDAM, waypoints=nine, provider_type="osrm")
    assert client.route.google.get(start=BERLIN, end=POTSDAM, waypoints=nine[:8])


def test_route_get_answers_its_own_shape_whichever_the_provider(client: Any) -> None:
    body = {"start": {"lat": 52.52, "lng": 13.405}, "end": {"lat": 52.39, "lng": 13.06}}
    google = client.request("route/google/get", body)
    for provider in ("google", "osrm", "progorod"):
        answer = client.request("route/get", {**body, "provider_type": provider})
        assert set(answer) == {"success", "distance", "time", "list", "key_points"}
        assert [set(k) for k in answer["key_points"]] == [{"id", "lat", "lng"}] * 2
        assert answer["distance"] == google["distance"]
    assert [set(k) for k in google["key_points"]] == [{"id", "lat", "lng", "distance", "time"}] * 2


def test_no_road_beyond_the_maps_latitudes_answers_each_providers_218(client: Any) -> None:
    pole = LatLng(lat=86.0, lng=10.0)
    with pytest.raises(ExternalServiceParametersError) as info:
        client.route.google.get(start=BERLIN, end=pole)
    assert info.value.statuses == ["NOT_FOUND"]
    with pytest.raises(ExternalServiceParametersError) as info:
        client.route.osrm.get(start=BERLIN, end=pole)
    assert info.value.errors[0]["status"] == "NOT_FOUND"
    assert {"status_code", "message"} <= info.value.errors[0].keys()
    with pytest.raises(ExternalServiceParametersError) as info:
        client.route.get(
            start=pole, end=BERLIN, waypoints=[SPANDAU, pole], provider_type="progorod"
        )
    assert info.value.errors == [
        {"type": "isolated", "point": "start"},
        {"type": "isolated", "point": "waypoint", "index": 1},
    ]
    with pytest.raises(ExternalServiceParametersError) as info:
        client.route.progorod.get(start=pole, end=pole)
    assert info.value.errors == [{"type": "isolated", "point": "all"}]
    edge = LatLng(lat=85.05, lng=10.0)  # still on the map
    assert client.route.get(start=BERLIN, end=edge).distance > 0


@pytest.mark.parametrize(
    ("fields", "parameter"),
    [
        ({"start": {"lat": 91, "lng": 13}}, "start.lat"),
        ({"end": {"lat": 52, "lng": 181}}, "end.lng"),
        ({"point_limit": 1}, "point_limit"),
        ({"waypoints": [{"lat": 52, "lng": 13}] * 499}, "waypoints"),
        ({"provider_type": "here"}, "provider_type"),
    ],
)
def test_bad_points_are_7(client: Any, fields: dict[str, Any], parameter: str) -> None:
    body = {"start": {"lat": 52.52, "lng": 13.4}, "end": {"lat": 52.39, "lng": 13.06}, **fields}
    with pytest.raises(InvalidParametersError) as info:
        client.request("route/get", body)
    assert parameter in {e["parameter"] for e in info.value.errors}


def test_routing_needs_the_tariff_feature_on_every_tracker_seen(fleet_mock: FleetMock) -> None:
    fleet_mock.world.tariffs.change(2, features=["checkin"])  # the Scooter's plan
    demo = fleet_mock.login("demo", "demo")
    for call in (demo.route.get, demo.route.google.get, demo.route.osrm.get):
        with pytest.raises(TariffRestrictionError):
            call(start=BERLIN, end=POTSDAM)
    fleet_mock.world.users.change(2, trackers=[1, 3])  # the dispatcher does not see it
    dispatcher = fleet_mock.login("dispatcher", "demo")
    assert dispatcher.route.get(start=BERLIN, end=POTSDAM).distance > 0


# --- Ordering points to visit -----------------------------------------------------------------

DOCUMENTED_START = StartPoint(lat=38.81476676765485, lng=-77.1608018875122)
DOCUMENTED_POINTS = [
    _visit(38.81673961922754, -77.15569496154785),
    _visit(38.82767290746902, -77.1445369720459),
    _visit(38.834760258479704, -77.14093208312988),
    _visit(38.81583679562883, -77.14814186096191),
    _visit(38.81031929163279, -77.15582370758057),
]


def test_optimize_answers_the_documented_order(client: Any) -> None:
    order = client.task.route.points.optimize(
        start_point=DOCUMENTED_START, route_points=DOCUMENTED_POINTS
    )
    assert order == [4, 0, 3, 1, 2]


TRAP = [
    (52.49, 13.494),
    (52.567, 13.186),
    (52.304, 13.325),
    (52.41, 13.586),
    (52.576, 13.461),
    (52.523, 13.497),
    (52.358, 13.364),
    (52.365, 13.644),
]
"""Points whose nearest-first order, however improved by local moves, is 7 km too long."""


def _shortest(start: StartPoint, points: list[PointToVisit]) -> float:
    spots = [LatLng(lat=start.lat, lng=start.lng), *(p.location for p in points)]
    apart = [[_meters(a, b) for b in spots] for a in spots]
    return min(
        apart[0][o[0] + 1] + sum(apart[a + 1][b + 1] for a, b in itertools.pairwise(o))
        for o in itertools.permutations(range(len(points)))
    )


@pytest.mark.parametrize("count", [2, 3, 5, 8, 0])
def test_optimize_finds_the_shortest_order_of_a_few_points(
    fleet_mock: FleetMock, count: int
) -> None:
    rng = random.Random(count)
    client = fleet_mock.login("demo", "demo")
    start = StartPoint(lat=52.5, lng=13.4)
    spots = [(52.5 + rng.uniform(-0.2, 0.2), 13.4 + rng.uniform(-0.3, 0.3)) for _ in range(count)]
    points = [_visit(lat, lng) for lat, lng in spots or TRAP]
    order = client.task.route.points.optimize(start_point=start, route_points=points)
    assert sorted(order) == list(range(len(points)))
    assert _length(start, points, order) == pytest.approx(_shortest(start, points))


def test_optimize_leaves_no_shorter_way_by_reversing_or_moving_a_point(
    fleet_mock: FleetMock,
) -> None:
    rng = random.Random(49)
    client = fleet_mock.login("demo", "demo")
    start = StartPoint(lat=48.1, lng=11.5)
    points = [_visit(48.1 + rng.uniform(-1, 1), 11.5 + rng.uniform(-1.5, 1.5)) for _ in range(49)]
    order = client.task.route.points.optimize(start_point=start, route_points=points)
    best = _length(start, points, order)
    for i, j in itertools.combinations(range(49), 2):
        reversed_ = order[:i] + order[i : j + 1][::-1] + order[j + 1 :]
        assert _length(start, points, reversed_) >= best - 1e-6, (i, j)
    for i, j in itertools.permutations(range(49), 2):
        moved = order[:i] + order[i + 1 :]
        moved.insert(j, order[i])
        assert _length(start, points, moved) >= best - 1e-6, (i, j)


@pytest.mark.parametrize("seed", range(4))
def test_optimize_is_never_longer_than_the_order_given(fleet_mock: FleetMock, seed: int) -> None:
    rng = random.Random(seed)
    client = fleet_mock.login("demo", "demo")
    start = StartPoint(lat=48.1, lng=11.5)
    count = rng.choice([10, 20, 49])
    points = [
        _visit(48.1 + rng.uniform(-1, 1), 11.5 + rng.uniform(-1.5, 1.5)) for _ in range(count)
    ]
    order = client.task.route.points.optimize(start_point=start, route_points=points)
    assert sorted(order) == list(range(count))
    given = _length(start, points, list(range(count)))
    assert _length(start, points, order) <= given + 1e-6
    again = client.task.route.points.optimize(start_point=start, route_points=points)
    assert again == order


def test_optimize_keeps_the_start_first_and_the_windows_in_order(client: Any) -> None:
    line = [_visit(50.0, 10.0 + step / 10) for step in range(5)]  # west to east
    east = StartPoint(lat=50.0, lng=10.5)
    assert client.task.route.points.optimize(start_point=east, route_points=line) == [4, 3, 2, 1, 0]
    morning, noon = (
        (DAY[0], DAY[0] + dt.timedelta(hours=11)),
        (DAY[0] + dt.timedelta(hours=12), DAY[1]),
    )
    timed = [_visit(50.0, 10.0 + step / 10, noon if step == 4 else morning) for step in range(5)]
    order = client.task.route.points.optimize(start_point=east, route_points=timed)
    assert order[-1] == 4  # the only point of the afternoon, though the nearest to the start
    feasible = [[*o, 4] for o in itertools.permutations(range(4))]
    assert _length(east, timed, order) == pytest.approx(
        min(_length(east, timed, o) for o in feasible)
    )


@pytest.mark.parametrize(
    ("ends", "order"), [("09:00", [4, 3, 2, 1, 0]), ("08:00", [0, 1, 2, 3, 4])]
)
def test_optimize_compares_windows_in_one_time(
    fleet_mock: FleetMock, ends: str, order: list[int]
) -> None:
    """The dispatcher's times are Berlin's (UTC+1 in January) unless they carry an offset."""
    dispatcher = fleet_mock.login("dispatcher", "demo")
    later = {"from": "2026-01-15 09:30:00", "to": "2026-01-15 17:00:00"}  # from 08:30 UTC
    points = [{"location": {"lat": 50.0, "lng": 10.0 + s / 10}, **later} for s in range(5)]
    points[0] = {**points[0], "from": "2026-01-15 00:00:00", "to": f"2026-01-15 {ends}:00+00:00"}
    body = {"start_point": {"lat": 50.0, "lng": 10.5}, "route_points": points}
    assert dispatcher.request("task/route/points/optimize", body)["result"] == order


def test_optimize_orders_the_same_whenever_the_performer_sets_out(client: Any) -> None:
    orders = [
        client.task.route.points.optimize(
            start_point=StartPoint(lat=DOCUMENTED_START.lat, lng=DOCUMENTED_START.lng, **when),
            route_points=DOCUMENTED_POINTS,
        )
        for when in ({}, {"departure": DAY[0]}, {"departure": DAY[1] + dt.timedelta(days=9)})
    ]
    assert orders == [[4, 0, 3, 1, 2]] * 3


@pytest.mark.parametrize(
    ("points", "parameter"),
    [
        ([_visit(50, 10)], "route_points"),
        ([_visit(50, 10 + i / 100) for i in range(50)], "route_points"),
        ([_visit(50, 10), _visit(50, 11, (DAY[1], DAY[0]))], "route_points[1].to"),
        ([_visit(50, 10), _visit(91, 11)], "route_points[1].location.lat"),
    ],
)
def test_optimize_refuses_bad_points(
    client: Any, points: list[PointToVisit], parameter: str
) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.task.route.points.optimize(
            start_point=StartPoint(lat=50, lng=10), route_points=points
        )
    assert parameter in {e["parameter"] for e in info.value.errors}


def test_optimize_refuses_a_route_over_5000_km(client: Any) -> None:
    start = StartPoint(lat=50.0, lng=10.0)
    near = [_visit(50.0, 10.1), _visit(50.0, 40.0)]  # about 2150 km
    assert sorted(client.task.route.points.optimize(start_point=start, route_points=near)) == [0, 1]
    far = [_visit(50.0, 10.1), _visit(40.7, -74.0)]  # New York: over 6000 km
    with pytest.raises(GeocodingFailedError) as info:
        client.task.route.points.optimize(start_point=start, route_points=far)
    assert info.value.code == 210


def test_optimize_needs_task_update(fleet_mock: FleetMock) -> None:
    dispatcher = fleet_mock.login("dispatcher", "demo")
    body = {"start_point": DOCUMENTED_START, "route_points": DOCUMENTED_POINTS}
    assert dispatcher.task.route.points.optimize(**body) == [4, 0, 3, 1, 2]
    fleet_mock.world.users.change(2, rights=[])
    with pytest.raises(OperationNotPermittedError):
        fleet_mock.login("dispatcher", "demo").task.route.points.optimize(**body)
