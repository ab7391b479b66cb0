"""Asset tracks through the SDK against the in-process mock: trips, options, totals, errors.

Each test records a small hand-made day of points for Anna's phone (tracker 4, employee 1 of
the demo world) on 2026-01-14 (the clock stands at 2026-01-15 09:00 UTC) and reads it back.
"""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from fleetapi import (
    UNSET,
    EntityNotFoundError,
    InvalidParametersError,
    TimeSpanTooBigError,
)
from fleetapi.models.track import (
    AssetRef,
    ClusterTrack,
    MergedTrack,
    RegularTrack,
    SingleReportTrack,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.track import length_km, track_id_of
from fleetapi_mock.state.records import TrackPointRecord

ANNA = AssetRef(id=1, type="employee")
TRACKER = 4
DAY = dt.datetime(2026, 1, 14)
BASE = DAY.replace(hour=10)
FROM, TO = DAY, DAY + dt.timedelta(days=1)


def at(minute: float) -> dt.datetime:
    return BASE + dt.timedelta(minutes=minute)


def point(minute: float, step: int = 0, *, speed: int = 30, **extra) -> TrackPointRecord:
    """A point ``step`` * ~340 m east of the start, at ``minute`` after 10:00 UTC."""
    return TrackPointRecord(
        tracker_id=TRACKER,
        get_time=at(minute),
        lat=52.5,
        lng=round(13.4 + 0.005 * step, 6),
        speed=speed,
        satellites=9,
        **extra,
    )


def drive(start: float, steps: int, *, first_step: int = 0, **extra) -> list[TrackPointRecord]:
    """A trip of ``steps`` moving points one minute apart, then an arrival standing still."""
    moving = [point(start + i, first_step + i, **extra) for i in range(steps)]
    return [*moving, point(start + steps, first_step + steps, speed=0)]


def stand(start: float, minutes: int, step: int, every: int = 2) -> list[TrackPointRecord]:
    """Points standing still at ``step`` every ``every`` minutes."""
    return [point(start + m, step, speed=0) for m in range(every, minutes, every)]


@pytest.fixture
def mock(fleet_mock: FleetMock) -> FleetMock:
    """The demo world with tracker 4's recorded points removed."""
    world = fleet_mock.world
    world.track_points.remove_tracker(TRACKER)
    return fleet_mock


def tracks(client, **options):
    result = client.asset.track.list(asset=ANNA, from_=FROM, to=TO, **options)
    assert [e.tracker_id for e in result.list] == [TRACKER]
    return result.list[0].tracks, result.total


# --- Splitting into trips -------------------------------------------------------------------


def test_a_stop_of_five_minutes_or_more_splits_trips_and_the_arrival_ends_the_first(
    mock, fleet_client
):
    first = drive(0, 5)  # 10:00-10:05, arrival at 10:05
    parked = stand(5, 10, 5)  # standing until the next trip leaves at 10:15
    second = drive(15, 4, first_step=5)
    mock.record_positions([*first, *parked, *second])
    found, _ = tracks(fleet_client)
    assert [type(t) for t in found] == [RegularTrack, RegularTrack]
    a, b = found
    assert (a.start_date, a.end_date, a.points) == (at(0), at(5), 6)
    assert (b.start_date, b.end_date, b.points) == (at(15), at(19), 5)
    assert a.id == track_id_of(first[0])
    assert b.id == track_id_of(second[0])
    assert a.length == pytest.approx(length_km(first), abs=0.001)


def test_a_short_stop_stays_inside_the_trip(mock, fleet_client):
    first = drive(0, 5)
    waiting = stand(5, 4, 5)  # 10:07 at the lights, off again at 10:09
    second = drive(9, 4, first_step=5)
    mock.record_positions([*first, *waiting, *second])
    found, _ = tracks(fleet_client)
    assert len(found) == 1
    assert (found[0].start_date, found[0].end_date) == (at(0), at(13))
    assert found[0].points == len(first) + len(waiting) + len(second)


@pytest.mark.parametrize(("gap", "trips"), [(15, 1), (16, 2)])
def test_more_than_fifteen_minutes_without_points_ends_a_trip(mock, fleet_client, gap, trips):
    first = [point(m, m) for m in range(4)]
    second = [point(3 + gap + m, 4 + m) for m in range(4)]
    mock.record_positions([*first, *second])
    found, _ = tracks(fleet_client)
    assert len(found) == trips


def test_a_parking_point_is_never_part_of_a_trip_and_ends_it(mock, fleet_client):
    mock.record_positions(
        [*[point(m, m) for m in range(4)], point(4, 4, parking=True), *drive(5, 4, first_step=4)]
    )
    found, _ = tracks(fleet_client)
    assert [(t.start_date, t.end_date) for t in found] == [(at(0), at(3)), (at(5), at(9))]


def test_a_lone_point_is_a_single_report(mock, fleet_client):
    lone = point(30, 0, speed=12, precision=25, address="Hafenstrasse 2")
    mock.record_positions([point(0, 0, parking=True), lone, point(60, 0, parking=True)])
    found, total = tracks(fleet_client)
    assert len(found) == 1
    single = found[0]
    assert isinstance(single, SingleReportTrack)
    assert single.id == track_id_of(lone)
    assert (single.start_date, single.start_address) == (at(30), "Hafenstrasse 2")
    assert (single.avg_speed, single.precision, single.gsm_lbs) == (12, 25, False)
    assert total.count == 1
    assert total.length == 0
    assert total.trips_duration == dt.timedelta(0)


def test_track_ids_stay_the_same_whatever_period_is_asked(mock, fleet_client):
    trip = drive(0, 10)
    mock.record_positions(trip)
    whole, _ = tracks(fleet_client)
    cut = fleet_client.asset.track.list(asset=ANNA, from_=at(4), to=at(7)).list[0].tracks
    assert [t.id for t in cut] == [t.id for t in whole] == [track_id_of(trip[0])]
    # The answer starts with the first point after `from` and ends with the last before `to`.
    assert (cut[0].start_date, cut[0].end_date, cut[0].points) == (at(4), at(7), 4)


# --- Options ----------------------------------------------------------------------------------


def test_filter_drops_too_short_trips_unless_turned_off(mock, fleet_client):
    few_points = drive(0, 1)  # two points, 340 m
    short = [point(20 + m, 0, speed=3) for m in range(4)]  # four points, 0 m
    kept = drive(40, 5)
    mock.record_positions([*few_points, *short, *kept])
    by_default, _ = tracks(fleet_client)
    assert [t.start_date for t in by_default] == [at(40)]
    unfiltered, _ = tracks(fleet_client, filter=False)
    assert [t.start_date for t in unfiltered] == [at(0), at(20), at(40)]


def test_split_false_merges_the_period_into_one_track(mock, fleet_client):
    first = drive(0, 5)
    second = drive(30, 6, first_step=5)
    lone = point(60, 11, speed=0)
    mock.record_positions([*first, *second, lone])
    split, split_total = tracks(fleet_client)
    merged, total = tracks(fleet_client, split=False)
    assert len(merged) == 1
    track = merged[0]
    assert isinstance(track, MergedTrack)
    assert (track.start_date, track.end_date) == (at(0), at(60))
    assert track.points == len(first) + len(second) + 1
    assert track.length == pytest.approx(sum(t.length for t in split if hasattr(t, "length")))
    assert track.max_speed == 30
    assert total.count == 1
    assert total.length == split_total.length
    assert total.trips_duration == split_total.trips_duration == dt.timedelta(minutes=11)


def test_cluster_single_reports_groups_lone_points_close_together(mock, fleet_client):
    here = [point(m, 0, speed=0, parking=False, precision=p) for m, p in ((0, 30), (40, 80))]
    near = TrackPointRecord(tracker_id=TRACKER, get_time=at(80), lat=52.5004, lng=13.4)  # 45 m
    far = point(120, 10, speed=0)
    mock.record_positions([*here, near, far])
    plain, _ = tracks(fleet_client)
    assert [type(t) for t in plain] == [SingleReportTrack] * 4
    clustered, total = tracks(fleet_client, cluster_single_reports=True)
    assert [type(t) for t in clustered] == [ClusterTrack, SingleReportTrack]
    cluster = clustered[0]
    assert (cluster.start_date, cluster.end_date) == (at(0), at(80))
    assert [(p.lat, p.lng) for p in cluster.points] == [(52.5, 13.4), (52.5, 13.4), (52.5004, 13.4)]
    assert (cluster.precision, cluster.gsm_lbs) == (80, False)
    assert (cluster.bounds.nw.lat, cluster.bounds.se.lat) == (52.5004, 52.5)
    assert total.count == 2
    merged, _ = tracks(fleet_client, cluster_single_reports=True, split=False)
    assert [type(t) for t in merged] == [MergedTrack]


def test_include_gsm_lbs_false_leaves_lbs_points_out(mock, fleet_client):
    gps = drive(0, 5)
    lbs = [point(30 + m, m, gsm_lbs=True, precision=900) for m in range(5)]
    mock.record_positions([*gps, *lbs])
    with_lbs, _ = tracks(fleet_client)
    assert [t.gsm_lbs for t in with_lbs] == [False, True]
    without, _ = tracks(fleet_client, include_gsm_lbs=False)
    assert [t.start_date for t in without] == [at(0)]


def test_count_events_counts_the_points_flagged_with_an_event(mock, fleet_client):
    trip = drive(0, 6)
    trip[2] = attrs.evolve(trip[2], event="speeding")
    trip[4] = attrs.evolve(trip[4], event="harsh_braking")
    mock.record_positions(trip)
    plain, _ = tracks(fleet_client)
    assert plain[0].event_count is UNSET
    counted, _ = tracks(fleet_client, count_events=True)
    assert counted[0].event_count == 2
    merged, _ = tracks(fleet_client, count_events=True, split=False)
    assert merged[0].event_count == 2


def test_omit_addresses_empties_every_address(mock, fleet_client):
    trip = drive(0, 5)
    trip[0] = attrs.evolve(trip[0], address="Depotweg 1")
    trip[-1] = attrs.evolve(trip[-1], address="Hauptstrasse 9")
    mock.record_positions(trip)
    found, _ = tracks(fleet_client, with_points=True)
    assert (found[0].start_address, found[0].end_address) == ("Depotweg 1", "Hauptstrasse 9")
    assert found[0].points_list[0].address == "Depotweg 1"
    omitted, _ = tracks(fleet_client, with_points=True, omit_addresses=True)
    assert (omitted[0].start_address, omitted[0].end_address) == ("", "")
    assert {p.address for p in omitted[0].points_list} == {""}


def test_with_points_includes_point_lists_within_the_soft_limit(mock, fleet_client):
    # A zigzag: every point matters, so the simplification must drop some to fit.
    trip = [
        TrackPointRecord(
            tracker_id=TRACKER,
            get_time=at(m / 2),
            lat=52.5 + (0.002 if m % 2 else 0),
            lng=13.4 + 0.003 * m,
            speed=20 + m,
        )
        for m in range(40)
    ]
    mock.record_positions(trip)
    without, _ = tracks(fleet_client)
    assert without[0].points_list is UNSET
    full, _ = tracks(fleet_client, with_points=True)
    assert len(full[0].points_list) == 40
    assert full[0].points_list[0].get_time == at(0)
    assert full[0].points_list[5].speed == 25
    limited, _ = tracks(fleet_client, with_points=True, point_limit=10)
    kept = limited[0].points_list
    assert 2 <= len(kept) <= 10
    assert (kept[0].get_time, kept[-1].get_time) == (at(0), at(19.5))
    assert limited[0].points == 40
    again, _ = tracks(fleet_client, with_points=True, point_limit=10)
    assert again[0].points_list == kept


def test_speeds_bounds_and_lengths(mock, fleet_client):
    trip = drive(0, 6, speed=36)
    trip[3] = attrs.evolve(trip[3], speed=70)
    mock.record_positions(trip)
    found, _ = tracks(fleet_client)
    track = found[0]
    assert track.max_speed == 70
    expected_length = length_km(trip)
    assert track.length == pytest.approx(expected_length, abs=0.001)
    assert track.avg_speed == round(expected_length / (6 / 60))
    assert (track.bounds.nw.lat, track.bounds.nw.lng) == (52.5, 13.4)
    assert (track.bounds.se.lat, track.bounds.se.lng) == (52.5, 13.43)
    assert track.norm_fuel_consumed is UNSET


# --- Totals -----------------------------------------------------------------------------------


def test_totals_cover_the_whole_period_parking_before_and_after_included(mock, fleet_client):
    mock.record_positions([*drive(0, 10), *drive(60, 20, first_step=10)])
    found, total = tracks(fleet_client)
    assert total.count == 2
    assert total.length == pytest.approx(sum(t.length for t in found))
    assert total.trips_duration == dt.timedelta(minutes=30)
    assert total.parking_duration == dt.timedelta(days=1) - dt.timedelta(minutes=30)
    assert total.norm_fuel_consumed is UNSET


def test_the_future_counts_neither_as_trips_nor_as_parking(mock, fleet_client):
    mock.record_positions(drive(0, 10))
    now = mock.clock.now()
    result = fleet_client.asset.track.list(
        asset=ANNA, from_=now - dt.timedelta(hours=2), to=now + dt.timedelta(hours=5)
    )
    assert result.total.count == 0
    assert result.total.parking_duration == dt.timedelta(hours=2)
    assert result.list[0].interval.to == now + dt.timedelta(hours=5)


def test_an_employee_without_a_tracker_has_no_tracks(fleet_client):
    result = fleet_client.asset.track.list(asset=AssetRef(id=3, type="employee"), from_=FROM, to=TO)
    assert result.list == []
    assert (result.total.count, result.total.length) == (0, 0)
    assert result.total.parking_duration == dt.timedelta(0)
    points = fleet_client.asset.track.read(asset=AssetRef(id=3, type="employee"), from_=FROM, to=TO)
    assert points == []


# --- Period, interval, storage ----------------------------------------------------------------


def test_to_must_be_later_than_from(fleet_client):
    for to in (FROM, FROM - dt.timedelta(seconds=1)):
        with pytest.raises(InvalidParametersError) as info:
            fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=to)
        assert [e["parameter"] for e in info.value.errors] == ["to"]
        with pytest.raises(InvalidParametersError):
            fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=to)


def test_a_span_above_the_dealer_maximum_is_211(fleet_mock, fleet_client):
    start = dt.datetime(2025, 10, 1)
    fleet_client.asset.track.list(asset=ANNA, from_=start, to=start + dt.timedelta(days=90))
    with pytest.raises(TimeSpanTooBigError) as info:
        fleet_client.asset.track.list(
            asset=ANNA, from_=start, to=start + dt.timedelta(days=90, seconds=1)
        )
    assert (info.value.code, info.value.http_status) == (211, 400)
    fleet_mock.world.dealers[1].platform["report.max_time_span"] = "P7D"
    with pytest.raises(TimeSpanTooBigError):
        fleet_client.asset.track.read(asset=ANNA, from_=start, to=start + dt.timedelta(days=8))
    fleet_client.asset.track.read(asset=ANNA, from_=start, to=start + dt.timedelta(days=7))


def test_limit_exceeded_when_the_period_reaches_past_the_tariff_storage(mock, fleet_client):
    old = [
        TrackPointRecord(
            tracker_id=TRACKER,
            get_time=dt.datetime(2025, 10, 1, 10, m),
            lat=52.5,
            lng=13.4 + 0.005 * m,
            speed=30,
        )
        for m in range(5)
    ]
    mock.record_positions([*old, *drive(0, 5)])
    now = mock.clock.now()
    recent = fleet_client.asset.track.list(asset=ANNA, from_=now - dt.timedelta(days=90), to=now)
    assert recent.list[0].limit_exceeded is False
    reaching = fleet_client.asset.track.list(
        asset=ANNA, from_=dt.datetime(2025, 9, 30), to=dt.datetime(2025, 12, 20)
    )
    assert reaching.list[0].limit_exceeded is True
    assert reaching.list[0].tracks == []  # older than 90 days: no longer stored
    read = fleet_client.asset.track.read(
        asset=ANNA, from_=dt.datetime(2025, 9, 30), to=dt.datetime(2025, 12, 20)
    )
    assert read[0].limit_exceeded is True
    assert read[0].track_points == []
    mock.world.tariffs.change(1, storage_period=dt.timedelta(days=365))
    longer = fleet_client.asset.track.list(
        asset=ANNA, from_=dt.datetime(2025, 9, 30), to=dt.datetime(2025, 12, 20)
    )
    assert longer.list[0].limit_exceeded is False
    assert len(longer.list[0].tracks) == 1


def test_the_interval_starts_when_the_tracker_was_created(fleet_client):
    # Anna's phone (tracker 4) was created on 2025-09-01.
    result = fleet_client.asset.track.list(
        asset=ANNA, from_=dt.datetime(2025, 8, 20), to=dt.datetime(2025, 9, 10)
    )
    interval = result.list[0].interval
    assert (interval.from_, interval.to) == (dt.datetime(2025, 9, 1), dt.datetime(2025, 9, 10))
    before = fleet_client.asset.track.list(
        asset=ANNA, from_=dt.datetime(2025, 8, 1), to=dt.datetime(2025, 8, 20)
    )
    assert before.list == []


def test_dates_are_in_the_users_time_zone(mock):
    mock.record_positions(drive(0, 5))
    with mock.login("dispatcher", "demo") as berlin:  # Europe/Berlin, UTC+1 in January
        result = berlin.asset.track.list(
            asset=ANNA, from_=dt.datetime(2026, 1, 14, 11, 2), to=dt.datetime(2026, 1, 14, 12)
        )
        track = result.list[0].tracks[0]
        assert (track.start_date, track.end_date) == (
            dt.datetime(2026, 1, 14, 11, 2),
            dt.datetime(2026, 1, 14, 11, 5),
        )
        assert result.list[0].interval.from_ == dt.datetime(2026, 1, 14, 11, 2)
        points = berlin.asset.track.read(
            asset=ANNA, from_=dt.datetime(2026, 1, 14, 11), to=dt.datetime(2026, 1, 14, 12)
        )
        assert points[0].track_points[0].get_time == dt.datetime(2026, 1, 14, 11, 0)


# --- Assets the caller does not have ----------------------------------------------------------


@pytest.mark.parametrize(
    "asset",
    [AssetRef(id=999, type="employee"), AssetRef(id=999, type="vehicle")],
)
def test_a_missing_asset_is_201(fleet_client, asset):
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.asset.track.list(asset=asset, from_=FROM, to=TO)
    assert info.value.code == 201
    with pytest.raises(EntityNotFoundError):
        fleet_client.asset.track.read(asset=asset, from_=FROM, to=TO)


def test_another_accounts_employee_is_201(fleet_mock, fleet_client):
    with fleet_mock.world.lock:
        from fleetapi_mock.state.records import EmployeeRecord

        fleet_mock.world.employees[50] = EmployeeRecord(
            id=50, user_id=3, first_name="Otto", tracker_id=7
        )
    with pytest.raises(EntityNotFoundError):
        fleet_client.asset.track.list(asset=AssetRef(id=50, type="employee"), from_=FROM, to=TO)
    with fleet_mock.login("other", "other") as other:
        other.asset.track.list(asset=AssetRef(id=50, type="employee"), from_=FROM, to=TO)
        with pytest.raises(EntityNotFoundError):
            other.asset.track.list(asset=ANNA, from_=FROM, to=TO)


def test_a_sub_user_sees_only_assets_on_its_trackers(mock):
    mock.record_positions(drive(0, 5))
    mock.world.users.change(2, trackers=[1, 2])
    with mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(EntityNotFoundError):
            dispatcher.asset.track.list(asset=ANNA, from_=FROM, to=TO)
        with pytest.raises(EntityNotFoundError):
            dispatcher.asset.track.read(asset=ANNA, from_=FROM, to=TO)
        ben = dispatcher.asset.track.list(asset=AssetRef(id=2, type="employee"), from_=FROM, to=TO)
        assert [e.tracker_id for e in ben.list] == [1]


def test_a_blocked_tracker_gives_no_tracks(mock, fleet_client):
    mock.record_positions(drive(0, 5))
    mock.world.trackers.change(TRACKER, blocked=True)
    assert fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO).list == []


# --- Vehicles -----------------------------------------------------------------------------------

VAN_1 = AssetRef(id=1, type="vehicle")  # rides tracker 1, 9.5 l/100 km


def test_a_vehicle_resolves_to_the_tracker_it_rides(fleet_client):
    by_vehicle = fleet_client.asset.track.list(asset=VAN_1, from_=FROM, to=TO)
    by_driver = fleet_client.asset.track.list(
        asset=AssetRef(id=2, type="employee"), from_=FROM, to=TO
    )
    assert [e.tracker_id for e in by_vehicle.list] == [1]
    assert [t.id for t in by_vehicle.list[0].tracks] == [t.id for t in by_driver.list[0].tracks]
    read = fleet_client.asset.track.read(asset=VAN_1, from_=FROM, to=TO)
    assert read[0].tracker_id == 1
    assert read[0].track_points


def test_norm_fuel_consumed_follows_the_vehicles_norm_consumption(fleet_mock, fleet_client):
    result = fleet_client.asset.track.list(asset=VAN_1, from_=FROM, to=TO)
    trips = result.list[0].tracks
    for trip in trips:
        assert trip.norm_fuel_consumed == pytest.approx(trip.length * 9.5 / 100, abs=0.001)
    assert result.total.norm_fuel_consumed == pytest.approx(
        sum(t.norm_fuel_consumed for t in trips), abs=0.005
    )
    merged = fleet_client.asset.track.list(asset=VAN_1, from_=FROM, to=TO, split=False)
    assert merged.list[0].tracks[0].norm_fuel_consumed == pytest.approx(
        result.total.norm_fuel_consumed, abs=0.005
    )
    # The driver's tracks come from the same tracker, so they carry it too.
    ben = fleet_client.asset.track.list(asset=AssetRef(id=2, type="employee"), from_=FROM, to=TO)
    assert ben.total.norm_fuel_consumed == result.total.norm_fuel_consumed
    # Without a norm consumption, or without a vehicle on the tracker, there is none.
    with fleet_mock.world.lock:
        van = fleet_mock.world.vehicles[1]
        fleet_mock.world.vehicles[1] = attrs.evolve(van, norm_avg_fuel_consumption=None)
    plain = fleet_client.asset.track.list(asset=VAN_1, from_=FROM, to=TO)
    assert {t.norm_fuel_consumed for t in plain.list[0].tracks} == {UNSET}
    assert plain.total.norm_fuel_consumed is UNSET
    anna = fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO)
    assert anna.total.norm_fuel_consumed is UNSET


def test_a_vehicle_without_a_tracker_has_no_tracks(fleet_client):
    result = fleet_client.asset.track.list(asset=AssetRef(id=4, type="vehicle"), from_=FROM, to=TO)
    assert result.list == []


def test_vehicles_of_another_account_or_on_hidden_trackers_are_201(fleet_mock, fleet_client):
    with pytest.raises(EntityNotFoundError):
        fleet_client.asset.track.list(asset=AssetRef(id=5, type="vehicle"), from_=FROM, to=TO)
    fleet_mock.world.users.change(2, trackers=[4])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(EntityNotFoundError):
            dispatcher.asset.track.read(asset=VAN_1, from_=FROM, to=TO)
        spare = dispatcher.asset.track.list(asset=AssetRef(id=4, type="vehicle"), from_=FROM, to=TO)
        assert spare.list == []


# --- asset/track/read -------------------------------------------------------------------------


def day_with_parking(mock):
    first = drive(0, 5)
    parked = stand(5, 10, 5)
    second = drive(15, 4, first_step=5)
    mock.record_positions([*first, *parked, *second])
    return first, parked, second


def test_read_gives_trip_points_by_default_and_parking_points_without_filter(mock, fleet_client):
    first, parked, second = day_with_parking(mock)
    read = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO)
    assert len(read) == 1
    assert read[0].tracker_id == TRACKER
    assert [p.get_time for p in read[0].track_points] == [p.get_time for p in [*first, *second]]
    assert {p.parking for p in read[0].track_points} == {False}
    everything = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, filter=False)
    points = everything[0].track_points
    assert len(points) == len(first) + len(parked) + len(second)
    assert [p.get_time for p in points if p.parking] == [p.get_time for p in parked]


def test_read_one_track_by_id(mock, fleet_client):
    _first, _, second = day_with_parking(mock)
    listed = fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO).list[0].tracks
    read = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, track_id=listed[1].id)
    assert [p.get_time for p in read[0].track_points] == [p.get_time for p in second]
    unknown = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, track_id=12345)
    assert unknown[0].track_points == []


def test_read_without_lbs_and_lbs_only_tracks_filtered(mock, fleet_client):
    gps = drive(0, 5)
    lbs = [point(30 + m, m, gsm_lbs=True) for m in range(5)]
    mock.record_positions([*gps, *lbs])
    by_default = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO)
    assert len(by_default[0].track_points) == len(gps)  # the LBS-only track is filtered
    unfiltered = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, filter=False)
    assert sum(1 for p in unfiltered[0].track_points if p.gsm_lbs) == 5
    no_lbs = fleet_client.asset.track.read(
        asset=ANNA, from_=FROM, to=TO, filter=False, include_gsm_lbs=False
    )
    assert not any(p.gsm_lbs for p in no_lbs[0].track_points)
    lbs_track = next(
        t
        for t in fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO).list[0].tracks
        if t.gsm_lbs
    )
    # Reading one track ignores include_gsm_lbs.
    one = fleet_client.asset.track.read(
        asset=ANNA, from_=FROM, to=TO, track_id=lbs_track.id, include_gsm_lbs=False
    )
    assert len(one[0].track_points) == 5


def test_read_simplifies_to_the_point_limit_unless_told_not_to(mock, fleet_client):
    zigzag = [
        TrackPointRecord(
            tracker_id=TRACKER,
            get_time=at(m / 2),
            lat=52.5 + 0.002 * (m % 2),
            lng=13.4 + 0.003 * m,
            speed=25,
        )
        for m in range(60)
    ]
    mock.record_positions(zigzag)
    full = fleet_client.asset.track.read(
        asset=ANNA, from_=FROM, to=TO, simplify=False, point_limit=5
    )
    assert len(full[0].track_points) == 60
    default = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO)
    assert len(default[0].track_points) == 60  # the default limit is 1000
    limited = fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, point_limit=8)
    kept = limited[0].track_points
    assert 2 <= len(kept) <= 8
    assert (kept[0].get_time, kept[-1].get_time) == (at(0), at(29.5))


@pytest.mark.parametrize("limit", [1, 3001])
def test_point_limit_is_2_to_3000(fleet_client, limit):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO, point_limit=limit)
    assert [e["parameter"] for e in info.value.errors] == ["point_limit"]
    with pytest.raises(InvalidParametersError):
        fleet_client.asset.track.read(asset=ANNA, from_=FROM, to=TO, point_limit=limit)


# --- Async --------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_the_async_client_lists_and_reads_tracks(mock, fleet_async_client):
    first, _, _second = day_with_parking(mock)
    result = await fleet_async_client.asset.track.list(asset=ANNA, from_=FROM, to=TO)
    assert [t.start_date for t in result.list[0].tracks] == [at(0), at(15)]
    read = await fleet_async_client.asset.track.read(
        asset=ANNA, from_=FROM, to=TO, track_id=result.list[0].tracks[0].id
    )
    assert len(read[0].track_points) == len(first)
    with pytest.raises(TimeSpanTooBigError):
        await fleet_async_client.asset.track.list(
            asset=ANNA, from_=FROM, to=FROM + dt.timedelta(days=91)
        )
    with pytest.raises(EntityNotFoundError):
        await fleet_async_client.asset.track.read(
            asset=AssetRef(id=404, type="employee"), from_=FROM, to=TO
        )


# --- The demo world -------------------------------------------------------------------------


def test_the_demo_world_has_a_day_of_driving(fleet_client):
    ben = fleet_client.asset.track.list(
        asset=AssetRef(id=2, type="employee"), from_=FROM, to=TO, count_events=True
    )
    trips = ben.list[0].tracks
    assert [type(t) for t in trips] == [RegularTrack] * 5
    assert trips[0].start_address == trips[-1].end_address == "Depotweg 1, Berlin"
    assert sum(t.event_count for t in trips) == 2
    assert dt.timedelta(minutes=20) < ben.total.trips_duration < dt.timedelta(hours=2)
    assert ben.total.parking_duration == dt.timedelta(days=1) - ben.total.trips_duration
    anna = fleet_client.asset.track.list(asset=ANNA, from_=FROM, to=TO, cluster_single_reports=True)
    kinds = [type(t) for t in anna.list[0].tracks]
    assert kinds == [SingleReportTrack, RegularTrack, ClusterTrack, RegularTrack]
    assert anna.list[0].tracks[0].gsm_lbs is True
