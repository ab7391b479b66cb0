"""``task/batch_convert`` and the delivery calls through the SDK, sync and async."""

from __future__ import annotations

import datetime as dt
import json

import httpx
import pytest
from tasks_helpers import NOW, SPOT, inside, login, new_task

from fleetapi import Client, EntityNotFoundError, InvalidParametersError, OperationNotPermittedError
from fleetapi._converter import converter_for
from fleetapi.models.task_batch import TaskBatchConvertResult
from fleetapi_mock import DEMO_API_KEY
from fleetapi_mock.handlers.delivery import ASSUMED_SPEED_KMH
from fleetapi_mock.handlers.task.batch import BATCH_ROW_LIMIT

HOUR = dt.timedelta(hours=1)


def rows(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# --- batch_convert ---------------------------------------------------------------------------


def test_batch_convert_reads_the_default_columns_and_creates_nothing(client):
    before = client.task.count()
    result = client.task.batch_convert(
        batch=rows(
            "Parcel 1\t2026-01-15 10:00:00\t2026-01-15 12:00:00\tMain St 1\t52.5\t13.4\tfragile",
            "Parcel 2\t2026-01-15 10:30\t\t\t52,51\t13,41\t",
        ),
        geocoder="osm",
    )
    first, second = result.list
    assert (first.label, first.description, first.location.address) == (
        "Parcel 1",
        "fragile",
        "Main St 1",
    )
    assert (first.location.lat, first.location.lng, first.location.radius) == (52.5, 13.4, 100)
    assert (first.from_, first.to) == (NOW + HOUR, NOW + 3 * HOUR)
    assert (second.location.lat, second.location.lng) == (52.51, 13.41)
    assert second.to == NOW + 150 * dt.timedelta(minutes=1)
    assert not first.errors
    assert not second.errors
    assert (first.tracker_id, first.max_delay, first.min_stay_duration) == (None, 0, 0)
    assert result.limit_exceeded is False
    assert client.task.count() == before


def test_batch_convert_fields_defaults_header_and_geocoder(client, fleet_mock):
    result = client.task.batch_convert(
        batch=rows(
            "label\taddress\tfrom\tradius\texternal_id",
            "Drop\tWarehouse\t2026-01-15 10:00:00\t\tEXT-1",
            "Visit\tpariser platz 1, berlin\t2026-01-15 10:00:00\t250\t",
            "Sight\tPotsdamer Platz 1\t2026-01-15 10:00:00\t\t",
        ),
        fields=["label", "address", "from", "radius", "external_id"],
        geocoder="google",
        default_radius=40,
        default_duration=30,
        default_max_delay=5,
        default_min_stay_duration=2,
    )
    drop, visit, sight = result.list
    assert (drop.location.lat, drop.location.lng, drop.location.radius) == (52.475, 13.455, 40)
    assert (drop.external_id, drop.max_delay, drop.min_stay_duration) == ("EXT-1", 5, 2)
    assert drop.to == NOW + 90 * dt.timedelta(minutes=1)
    assert (visit.location.lat, visit.location.radius) == (52.5163, 250)
    gazetteer = fleet_mock.world.gazetteer
    potsdamer = next(g for g in gazetteer if g.address.startswith("Potsdamer Platz 1"))
    assert (sight.location.lat, sight.location.lng) == (potsdamer.lat, potsdamer.lng)
    assert sight.location.address == "Potsdamer Platz 1"


def test_batch_convert_reports_every_problem_of_a_row(client):
    result = client.task.batch_convert(
        batch=rows(
            "\t2026-01-15 12:00:00\t2026-01-15 11:00:00\tnowhere\t\t\t",
            "Late\t2026-01-14 08:00:00\t2026-01-14 09:00:00\t\t52.5\t13.4\t",
            "Bad\tsoon\t\t\tnorth\t13.4\t",
            "Far\t2026-01-15 10:00:00\t\t\t95\t13.4\t" + "x" * 1025,
            "Ok\t2026-01-15 10:00:00\t\t\t52.5\t13.4\t",
        ),
        geocoder="osm",
    )
    problems = [{(e["parameter"], e["line"]) for e in row.errors or []} for row in result.list]
    assert problems[0] == {("label", 1), ("from", 1), ("address", 1)}
    assert problems[1] == {("to", 2)}
    assert problems[2] == {("from", 3), ("lat", 3)}
    assert problems[3] == {("location.lat", 4), ("description", 4)}
    assert problems[4] == set()
    assert all("error" in e for row in result.list for e in row.errors or [])


@pytest.mark.parametrize(("iso", "login_as"), [(False, None), (True, None), (False, "dispatcher")])
def test_batch_convert_answers_the_converters_form_of_its_rows(fleet_mock, iso, login_as):
    """The rows are written without making their models: the answer is, key for key and in
    order, what the converter writes of the rows the client reads from it (a caller in UTC
    or in Berlin, plain or ISO date/times)."""
    body = {
        "batch": rows(
            "\t2026-01-15 12:00:00\t2026-01-15 11:00:00\tnowhere\t\t\t",
            "Late\t2026-01-14 08:00:00\t2026-01-14 09:00:00\t\t52.5\t13.4\t",
            "Bad\tsoon\t\t\tnorth\t13.4\t",
            "Far\t2026-01-15 10:00:00\t\t\t95\t13.4\t" + "x" * 1025,
            "Ok\t2026-01-15T10:00:00+01:00\t\tWarehouse\t\t\t",
            "Stop\t2026-01-15 10:00:00\t\t\t52.561\t13.38\tring twice",
        ),
        "geocoder": "osm",
        "employee_ids": [1, 2],
    }
    headers = {"NVX-ISO-DateTime": str(iso).lower()}
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        if login_as is None:
            headers["Authorization"] = f"NVX {DEMO_API_KEY}"
        else:
            auth = http.post("/user/auth", json={"login": login_as, "password": "demo"})
            body["hash"] = auth.json()["hash"]
        answer = http.post("/task/batch_convert", json=body, headers=headers).json()
    assert answer.pop("success") is True
    answer.pop("user_time", None)  # the envelope's, in ISO mode
    result = converter_for(iso=iso).structure(answer, TaskBatchConvertResult)
    assert [bool(row.errors) for row in result.list] == [True] * 4 + [False] * 2
    assert [row.tracker_id for row in result.list[4:]] == [4, 1]
    written = converter_for(iso=iso).unstructure(result)
    assert json.dumps(written) == json.dumps(answer)


@pytest.mark.parametrize("column", ["radius", "max_delay", "min_stay_duration"])
def test_batch_convert_reports_a_bad_number_in_a_defaulted_column(client, column):
    # The column's default stands in, so the rest of the row is still checked.
    result = client.task.batch_convert(
        batch=rows("\t2026-01-15 10:00:00\t52.5\t13.4\tlots"),
        fields=["label", "from", "lat", "lng", column],
        geocoder="osm",
    )
    (row,) = result.list
    assert {e["parameter"] for e in row.errors} == {"label", column}


def test_batch_convert_cuts_at_the_row_limit(client):
    line = "Stop\t2026-01-15 10:00:00\t\t\t52.5\t13.4\t"
    result = client.task.batch_convert(batch=rows(*[line] * (BATCH_ROW_LIMIT + 1)), geocoder="osm")
    assert len(result.list) == BATCH_ROW_LIMIT
    assert result.limit_exceeded is True


def test_batch_convert_assigns_in_turn_or_by_location(client):
    lines = rows(
        *[f"Stop {n}\t2026-01-15 10:00:00\t\t\t52.561\t13.38\t" for n in range(3)],
        "Away\t2026-01-15 10:00:00\t\t\t48.1\t11.5\t",
    )
    in_turn = client.task.batch_convert(batch=lines, geocoder="osm", employee_ids=[1, 2, 3])
    # Clara (3) has no tracker: Anna (tracker 4) and Ben (tracker 1) take turns
    assert [t.tracker_id for t in in_turn.list] == [4, 1, 4, 1]
    alone = client.task.batch_convert(batch=lines, geocoder="osm", employee_ids=[3])
    assert {t.tracker_id for t in alone.list} == {None}  # no candidate: no assignment
    by_home = client.task.batch_convert(
        batch=lines, geocoder="osm", employee_ids=[1, 2], location_check_mode="parent_location"
    )
    # both work from department 1 (500 m around 52.56, 13.38): the first given wins the tie
    assert [t.tracker_id for t in by_home.list[:3]] == [4, 4, 4]
    assert by_home.list[3].tracker_id is None
    assert {e["parameter"] for e in by_home.list[3].errors} == {"tracker_id"}


def test_batch_convert_assigns_vehicles_by_their_garages(client):
    lines = rows(
        "At the depot\t2026-01-15 10:00:00\t\t\t52.4905\t13.3605\t",
        "Elsewhere\t2026-01-15 10:00:00\t\t\t52.6\t13.2\t",
    )
    in_turn = client.task.batch_convert(batch=lines, geocoder="osm", vehicle_ids=[1, 3, 4])
    assert [t.tracker_id for t in in_turn.list] == [1, 3]  # the spare car has no tracker
    by_garage = client.task.batch_convert(
        batch=lines, geocoder="osm", vehicle_ids=[1, 3], location_check_mode="parent_location"
    )
    assert [t.tracker_id for t in by_garage.list] == [1, None]  # garage 2 has no location
    ignored = client.task.batch_convert(
        batch=lines, geocoder="osm", vehicle_ids=[1], location_check_mode="entity_location"
    )
    assert [t.tracker_id for t in ignored.list] == [None, None]
    with pytest.raises(InvalidParametersError) as info:
        client.task.batch_convert(batch=lines, geocoder="osm", vehicle_ids=[5])
    assert info.value.errors[0]["parameter"] == "vehicle_ids[0]"  # another account's


@pytest.mark.parametrize(
    ("options", "parameter"),
    [
        ({"fields": ["label", "colour"]}, "fields[1]"),
        ({"fields": ["label", "label"]}, "fields"),
        ({"fields": []}, "fields"),
        ({"employee_ids": [1, 424242]}, "employee_ids[1]"),
        ({"vehicle_ids": [424242]}, "vehicle_ids[0]"),
        ({"default_radius": 0}, "default_radius"),
        ({"default_duration": 512001}, "default_duration"),
        ({"location_check_mode": "everywhere"}, "location_check_mode"),
        ({"geocoder": "atlas"}, "geocoder"),
    ],
)
def test_batch_convert_parameter_errors(client, options, parameter):
    body = {"batch": "A\t2026-01-15 10:00:00\t\t\t52.5\t13.4\t", "geocoder": "osm", **options}
    with pytest.raises(InvalidParametersError) as info:
        client.request("task/batch_convert", body)
    assert parameter in {e["parameter"] for e in info.value.errors}


def test_batch_convert_needs_task_update(fleet_mock):
    fleet_mock.world.users.change(2, rights=[])
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    with pytest.raises(OperationNotPermittedError):
        dispatcher.task.batch_convert(batch="", geocoder="osm")


# --- delivery --------------------------------------------------------------------------------


def test_delivery_read_and_list(client, fleet_mock):
    task = client.task.create(task=new_task(tracker_id=1, external_id="4711")).id
    other = client.task.create(task=new_task(tracker_id=4, external_id="4711")).id
    read = client.delivery.read(external_id=4711)
    assert (read.task.id, read.user_id, read.tracker.id, read.tracker.label) == (
        task,
        1,
        1,
        "Van 1",
    )
    assert (read.first_name, read.middle_name, read.last_name) == ("Ben", "J.", "Keller")
    assert read.vehicle_label == "Van 1"  # the demo vehicle riding tracker 1
    features = [
        "app_fleet", "app_tasks", "chat", "checkin", "retranslation", "routing", "statuses",
        "weblocator",
    ]  # fmt: skip
    assert read.restrictions == {"features": features}  # those of tracker 1's tariff
    state = fleet_mock.world.trackers[1].state
    from gpxpy.geo import haversine_distance

    away = haversine_distance(state.lat, state.lng, *SPOT) - 100
    assert read.estimated_time == pytest.approx(away / (ASSUMED_SPEED_KMH / 3.6), abs=1)
    listed = client.delivery.list(external_id=4711)
    assert [i.task.id for i in listed.list] == [task, other]
    assert [i.first_name for i in listed.list] == ["Ben", "Anna"]
    assert listed.user_id == 1


def test_delivery_prefers_tasks_to_checkpoints_and_counts_arrivals(client, fleet_mock):
    from fleetapi.models.task import NewRoute

    route = client.task.route.create(
        route=NewRoute(label="R", description="", tracker_id=3),
        checkpoints=[
            new_task("a", external_id="9", min_stay_duration=30),
            new_task("b", external_id="9"),
        ],
    ).result
    assert client.delivery.read(external_id=9).task.id == route.checkpoint_ids[0]
    inside(fleet_mock, 3, NOW)
    answer = client.delivery.read(external_id=9)
    assert (answer.task.status, answer.estimated_time) == ("arrived", 0)
    plain = client.task.create(task=new_task(tracker_id=2, external_id="9")).id
    assert client.delivery.read(external_id=9).task.id == plain


def test_delivery_finds_only_started_active_tasks(client, fleet_mock):
    client.task.create(task=new_task(external_id="1"))  # unassigned
    client.task.create(task=new_task(tracker_id=1, external_id="2", start=NOW + HOUR))
    client.task.create(task=new_task(tracker_id=3, external_id="3"))
    inside(fleet_mock, 3, NOW)  # done at once
    for external_id in (1, 2, 3, 424242):
        with pytest.raises(EntityNotFoundError):
            client.delivery.read(external_id=external_id)
        with pytest.raises(EntityNotFoundError):
            client.delivery.list(external_id=external_id)
    fleet_mock.clock.advance(HOUR)
    assert client.delivery.read(external_id=2).task.status == "assigned"


def test_delivery_session_and_other_accounts(client, fleet_mock):
    client.task.create(task=new_task(tracker_id=1, external_id="55"))
    with fleet_mock.world.lock:
        session = fleet_mock.world.create_session(fleet_mock.world.users[1], kind="delivery")
    with Client(
        base_url=fleet_mock.base_url, api_key=session.hash, transport=fleet_mock.transport
    ) as delivery:
        assert delivery.delivery.read(external_id=55).tracker.id == 1
        assert len(delivery.delivery.list(external_id=55).list) == 1
    other = login(fleet_mock, "sync", "other", "other")
    with pytest.raises(EntityNotFoundError):
        other.delivery.read(external_id=55)


def test_delivery_for_a_sub_user_follows_its_trackers(client, fleet_mock):
    client.task.create(task=new_task(tracker_id=2, external_id="66"))
    fleet_mock.world.users.change(2, trackers=[1])
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    with pytest.raises(EntityNotFoundError):
        dispatcher.delivery.read(external_id=66)
