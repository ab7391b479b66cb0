"""The tasks slice through the public SDK, sync and async, against the in-process mock."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest
from tasks_helpers import NOW, SPOT, inside, login, new_task, without_demo_tasks

from fleetapi import (
    DeviceBlockedError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    InvalidTaskStateError,
    OperationNotPermittedError,
    TariffRestrictionError,
)
from fleetapi.models.common import Location
from fleetapi.models.search import (
    AndCondition,
    ContainsCondition,
    EqCondition,
    InCondition,
    NotCondition,
    OrCondition,
    Period,
    PeriodCondition,
)
from fleetapi.models.task import NewRoute, Route, Task, TaskLocation, TaskUpdate

HOUR = dt.timedelta(hours=1)
BLOCKED, BASIC, OTHERS = 5, 6, 7
"""Demo trackers: blocked, on a tariff without tasks, of another account."""


def errors_of(info: pytest.ExceptionInfo[InvalidParametersError]) -> set[str]:
    return {e["parameter"] for e in info.value.errors}


# --- create, read, count ---------------------------------------------------------------------


def test_create_then_read_an_unassigned_task(client):
    before = client.task.count()
    created = client.task.create(
        task=new_task("Deliver parcels", description="Quickly", external_id="ORD-1", tags=[1])
    )
    task = client.task.read(task_id=created.id).value
    assert isinstance(task, Task)
    assert (task.label, task.description, task.external_id) == (
        "Deliver parcels",
        "Quickly",
        "ORD-1",
    )
    assert (task.status, task.tracker_id, task.type, task.origin) == (
        "unassigned",
        None,
        "task",
        "manual",
    )
    assert (task.from_, task.to) == (NOW, NOW + 2 * HOUR)
    assert task.creation_date == task.status_change_date == NOW
    assert (task.location.lat, task.location.lng, task.location.radius) == (*SPOT, 100)
    assert (task.arrival_date, task.stay_duration, task.tags) == (None, 0, [1])
    assert not created.external_id_counts
    assert client.task.count() == before + 1


def test_create_with_a_tracker_assigns_it(client):
    created = client.task.create(task=new_task(tracker_id=3))
    task = client.task.read(task_id=created.id).value
    assert (task.status, task.tracker_id) == ("assigned", 3)


@pytest.mark.parametrize(
    ("tracker_id", "error"),
    [
        (99, EntityNotFoundError),
        (OTHERS, EntityNotFoundError),
        (BLOCKED, DeviceBlockedError),
        (BASIC, TariffRestrictionError),
    ],
)
def test_create_refuses_an_unusable_tracker(client, tracker_id, error):
    before = client.task.count()
    with pytest.raises(error):
        client.task.create(task=new_task(tracker_id=tracker_id))
    assert client.task.count() == before


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"to": NOW - HOUR, "from_": NOW - 2 * HOUR}, "task.to"),
        ({"from_": NOW + 3 * HOUR}, "task.from"),
        ({"label": ""}, "task.label"),
        ({"label": "   "}, "task.label"),
        ({"label": "x" * 201}, "task.label"),
        ({"description": "x" * 1025}, "task.description"),
        ({"max_delay": 512001}, "task.max_delay"),
        ({"min_stay_duration": -1}, "task.min_stay_duration"),
        ({"min_arrival_duration": 512001}, "task.min_arrival_duration"),
        ({"location": TaskLocation(lat=52.4, lng=13.1, radius=0)}, "task.location.radius"),
        ({"location": TaskLocation(lat=52.4, lng=13.1, radius=300001)}, "task.location.radius"),
        ({"location": TaskLocation(lat=91, lng=13.1, radius=10)}, "task.location.lat"),
        ({"tags": [999]}, "task.tags[0]"),
    ],
)
def test_create_validates_the_content(client, changes, parameter):
    before = client.task.count()
    task = attrs.evolve(new_task(), **changes)
    with pytest.raises(InvalidParametersError) as info:
        client.task.create(task=task)
    assert parameter in errors_of(info)
    assert client.task.count() == before


def test_limits_are_inclusive(client):
    task = new_task(
        "x" * 200,
        description="y" * 1024,
        max_delay=512000,
        min_stay_duration=512000,
        location=TaskLocation(lat=52.4, lng=13.1, radius=300000),
        start=NOW,
        end=NOW,
    )
    created = client.task.create(task=task)
    assert client.task.read(task_id=created.id).value.label == "x" * 200


def test_external_id_counts_report_other_tasks_with_the_same_id(client):
    first = client.task.create(task=new_task(external_id="SHARED-7"))
    assert not first.external_id_counts
    second = client.task.create(task=new_task(external_id="SHARED-7"))
    assert [(c.external_id, c.count) for c in second.external_id_counts] == [("SHARED-7", 1)]
    other = client.task.create(task=new_task(external_id="OTHER"))
    update = TaskUpdate.from_task(client.task.read(task_id=other.id).value)
    answer = client.task.update(task=attrs.evolve(update, external_id="SHARED-7"))
    assert [(c.external_id, c.count) for c in answer.external_id_counts] == [("SHARED-7", 2)]


def test_read_of_a_missing_or_foreign_task_is_201(client, fleet_mock):
    created = client.task.create(task=new_task())
    with pytest.raises(EntityNotFoundError):
        client.task.read(task_id=424242)
    other = login(fleet_mock, "sync", "other", "other")
    with pytest.raises(EntityNotFoundError):
        other.task.read(task_id=created.id)
    assert other.task.count() == 0


# --- update ----------------------------------------------------------------------------------


def test_update_rewrites_the_content_and_keeps_the_rest(client):
    created = client.task.create(task=new_task(tracker_id=3, external_id="E1", max_delay=5))
    task = client.task.read(task_id=created.id).value
    update = attrs.evolve(
        TaskUpdate.from_task(task),
        label="Renamed",
        to=NOW + 5 * HOUR,
        max_delay=15,
    )
    client.task.update(task=update)
    again = client.task.read(task_id=created.id).value
    assert (again.label, again.to, again.max_delay) == ("Renamed", NOW + 5 * HOUR, 15)
    assert (again.tracker_id, again.status, again.external_id) == (3, "assigned", "E1")
    assert again.creation_date == task.creation_date


def test_update_of_a_missing_task_is_201_and_bad_content_is_7(client):
    created = client.task.create(task=new_task())
    update = TaskUpdate.from_task(client.task.read(task_id=created.id).value)
    with pytest.raises(EntityNotFoundError):
        client.task.update(task=attrs.evolve(update, id=424242))
    with pytest.raises(InvalidParametersError) as info:
        client.task.update(task=attrs.evolve(update, label=""))
    assert errors_of(info) == {"task.label"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.update(task=attrs.evolve(update, to=NOW - HOUR, from_=NOW - 2 * HOUR))
    assert errors_of(info) == {"task.to"}
    assert client.task.read(task_id=created.id).value.label == "Deliver parcels"


def test_update_assign_and_transmute_refuse_a_task_past_assigned(client, fleet_mock):
    created = client.task.create(task=new_task(tracker_id=3))
    inside(fleet_mock, 3, NOW)
    task = client.task.read(task_id=created.id).value
    assert task.status == "done"
    route = _route(client)
    with pytest.raises(InvalidTaskStateError):
        client.task.update(task=attrs.evolve(TaskUpdate.from_task(task), label="late"))
    with pytest.raises(InvalidTaskStateError):
        client.task.assign(task_id=created.id, tracker_id=None)
    with pytest.raises(InvalidTaskStateError):
        client.task.transmute(task_id=created.id, route_id=route.id, order=0)
    assert client.task.read(task_id=created.id).value == task


# --- assign ----------------------------------------------------------------------------------


def test_assign_and_unassign(client, fleet_mock):
    created = client.task.create(task=new_task())
    fleet_mock.clock.advance(60)
    client.task.assign(task_id=created.id, tracker_id=2)
    task = client.task.read(task_id=created.id).value
    assert (task.tracker_id, task.status) == (2, "assigned")
    assert task.status_change_date == NOW + dt.timedelta(seconds=60)
    client.task.assign(task_id=created.id, tracker_id=None)
    task = client.task.read(task_id=created.id).value
    assert (task.tracker_id, task.status) == (None, "unassigned")


@pytest.mark.parametrize(
    ("task_id", "tracker_id", "error"),
    [
        (424242, 2, EntityNotFoundError),
        (None, 99, EntityMissingError),
        (None, OTHERS, EntityMissingError),
        (None, BLOCKED, DeviceBlockedError),
        (None, BASIC, TariffRestrictionError),
    ],
)
def test_assign_errors(client, task_id, tracker_id, error):
    created = client.task.create(task=new_task())
    with pytest.raises(error):
        client.task.assign(task_id=task_id or created.id, tracker_id=tracker_id)
    task = client.task.read(task_id=created.id).value
    assert (task.tracker_id, task.status) == (None, "unassigned")


# --- delete ----------------------------------------------------------------------------------


def test_delete(client):
    created = client.task.create(task=new_task())
    client.task.delete(task_id=created.id)
    with pytest.raises(EntityNotFoundError):
        client.task.read(task_id=created.id)
    with pytest.raises(EntityNotFoundError):
        client.task.delete(task_id=created.id)


# --- routes and transmute --------------------------------------------------------------------


def _route(client, tracker_id=None, count=2, **route):
    checkpoints = [
        new_task(f"Stop {n}", start=NOW + n * HOUR, end=NOW + (n + 1) * HOUR) for n in range(count)
    ]
    answer = client.task.route.create(
        route=NewRoute(label="Morning round", description="", tracker_id=tracker_id, **route),
        checkpoints=checkpoints,
    )
    return answer.result


def test_create_a_route_and_read_it_with_its_checkpoints(client):
    route = _route(client, tracker_id=3, count=3, external_id="R-1")
    assert isinstance(route, Route)
    assert (route.status, route.tracker_id, route.type) == ("assigned", 3, "route")
    assert (route.from_, route.to) == (NOW, NOW + 3 * HOUR)
    read = client.task.read(task_id=route.id)
    assert isinstance(read.value, Route)
    assert read.value.checkpoint_ids == route.checkpoint_ids
    assert [c.id for c in read.checkpoints] == route.checkpoint_ids
    assert [(c.order, c.parent_id, c.type) for c in read.checkpoints] == [
        (n, route.id, "checkpoint") for n in range(3)
    ]
    assert all(c.tracker_id == 3 and c.status == "assigned" for c in read.checkpoints)
    checkpoint = client.task.read(task_id=route.checkpoint_ids[1])
    assert checkpoint.value.label == "Stop 1"
    assert not checkpoint.checkpoints


def test_route_creation_errors(client):
    stops = [new_task(f"Stop {n}") for n in range(2)]
    with pytest.raises(InvalidParametersError) as info:
        client.task.route.create(route=NewRoute(label="R", description=""), checkpoints=stops[:1])
    assert errors_of(info) == {"checkpoints"}
    backwards = [
        new_task("late", start=NOW + 3 * HOUR, end=NOW + 4 * HOUR),
        new_task("early", start=NOW, end=NOW + HOUR),
    ]
    with pytest.raises(InvalidParametersError) as info:
        client.task.route.create(route=NewRoute(label="R", description=""), checkpoints=backwards)
    assert errors_of(info) == {"checkpoints[1].to"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.route.create(
            route=NewRoute(label="R", description="", tags=[1, 999]), checkpoints=stops
        )
    assert errors_of(info) == {"route.tags[1]"}
    for tracker_id, error in [
        (99, EntityNotFoundError),
        (BLOCKED, DeviceBlockedError),
        (BASIC, TariffRestrictionError),
    ]:
        with pytest.raises(error):
            client.task.route.create(
                route=NewRoute(label="R", description="", tracker_id=tracker_id),
                checkpoints=stops,
            )


def test_assigning_a_route_moves_its_checkpoints(client):
    route = _route(client)
    client.task.assign(task_id=route.id, tracker_id=2)
    read = client.task.read(task_id=route.id)
    assert (read.value.tracker_id, read.value.status) == (2, "assigned")
    assert {(c.tracker_id, c.status) for c in read.checkpoints} == {(2, "assigned")}


def test_transmute_inserts_a_task_into_a_route(client):
    route = _route(client)
    created = client.task.create(task=new_task("Extra stop", start=NOW, end=NOW + HOUR))
    client.task.transmute(task_id=created.id, route_id=route.id, order=1)
    read = client.task.read(task_id=route.id)
    assert read.value.checkpoint_ids == [
        route.checkpoint_ids[0],
        created.id,
        route.checkpoint_ids[1],
    ]
    moved = client.task.read(task_id=created.id).value
    assert (moved.type, moved.parent_id, moved.order) == ("checkpoint", route.id, 1)
    assert [c.order for c in read.checkpoints] == [0, 1, 2]


def test_transmute_errors(client):
    route = _route(client)
    created = client.task.create(task=new_task())
    with pytest.raises(EntityNotFoundError):
        client.task.transmute(task_id=424242, route_id=route.id, order=0)
    with pytest.raises(EntityNotFoundError):
        client.task.transmute(task_id=created.id, route_id=424242, order=0)
    with pytest.raises(EntityNotFoundError):
        client.task.transmute(task_id=created.id, route_id=created.id, order=0)
    with pytest.raises(EntityNotFoundError):
        client.task.transmute(task_id=route.checkpoint_ids[0], route_id=route.id, order=0)
    with pytest.raises(InvalidParametersError) as info:
        client.task.transmute(task_id=created.id, route_id=route.id, order=3)
    assert errors_of(info) == {"order"}
    assert client.task.read(task_id=created.id).value.type == "task"


def test_transmute_needs_every_checkpoint_unassigned_or_assigned(client, fleet_mock):
    route = _route(client, tracker_id=3)
    inside(fleet_mock, 3, NOW)
    assert client.task.read(task_id=route.checkpoint_ids[0]).value.status == "done"
    created = client.task.create(task=new_task())
    with pytest.raises(InvalidTaskStateError):
        client.task.transmute(task_id=created.id, route_id=route.id, order=0)


def test_deleting_a_checkpoint_or_a_route(client):
    route = _route(client, count=3)
    client.task.delete(task_id=route.checkpoint_ids[0])
    read = client.task.read(task_id=route.id)
    assert read.value.checkpoint_ids == route.checkpoint_ids[1:]
    assert [c.order for c in read.checkpoints] == [0, 1]
    assert read.value.from_ == NOW + HOUR
    client.task.delete(task_id=route.id)
    for entity_id in (route.id, *route.checkpoint_ids):
        with pytest.raises(EntityNotFoundError):
            client.task.read(task_id=entity_id)


# --- list ------------------------------------------------------------------------------------


@pytest.fixture
def listed(client, fleet_mock):
    """Four tasks to filter (the only ones): ids in creation order."""
    without_demo_tasks(fleet_mock)
    a = client.task.create(
        task=new_task("Alpha pickup", description="fragile", external_id="X-1", tags=[1])
    ).id
    b = client.task.create(
        task=new_task(
            "Bravo drop",
            tracker_id=1,
            start=NOW + 5 * HOUR,
            end=NOW + 6 * HOUR,
            location=TaskLocation(lat=52.52, lng=13.40, radius=50, address="Alexanderplatz 1"),
        )
    ).id
    c = client.task.create(task=new_task("Charlie", tracker_id=3, external_id="X-1")).id
    d = client.task.create(task=new_task("Delta", tracker_id=4, tags=[2])).id
    return [a, b, c, d]


def ids(result):
    return [t.id for t in result.list]


def test_the_external_id_filter_is_exact_though_an_index_finds_it(client):
    """``external_id`` is looked up in the index that ``in`` conditions use, which also finds
    equal numbers: the answer keeps only the exact text."""
    made = {
        text: client.task.create(task=new_task(f"Order {text}", external_id=text)).id
        for text in ("7", "07", "7.0", "8")
    }
    assert ids(client.task.list(external_id="7")) == [made["7"]]
    assert ids(client.task.list(external_id="7.0")) == [made["7.0"]]
    assert ids(client.task.list(external_id="9")) == []
    after = client.task.create(task=new_task("Later", external_id="7")).id  # the index moves
    assert ids(client.task.list(external_id="7")) == [made["7"], after]


def test_a_period_on_an_indexed_field_finds_what_a_scan_finds(client):
    """A ``period`` condition on ``from`` or ``to`` is read from the tasks' ordered index: the
    same tasks and count as the same condition inside an ``and``, which is tested task by task,
    both ends included, and after a task moves."""
    made = [
        client.task.create(task=new_task(f"T{n}", start=NOW + n * HOUR, end=NOW + (n + 1) * HOUR))
        for n in range(6)
    ]

    def both(field: str, start: dt.datetime, end: dt.datetime) -> tuple[list[int], ...]:
        period = PeriodCondition(field=field, value=Period(from_=start, to=end))
        scanned = AndCondition(conditions=[period, period])
        answers = [client.task.list(conditions=[c]) for c in (period, scanned)]
        assert answers[0].count == answers[1].count
        return tuple(ids(a) for a in answers)  # in the same order, unsorted too

    for field in ("from", "to"):
        for start, end in [
            (NOW + HOUR, NOW + 3 * HOUR),
            (NOW, NOW),
            (NOW + 9 * HOUR, NOW + 10 * HOUR),
        ]:
            indexed, scanned = both(field, start, end)
            assert indexed == scanned
    indexed, _ = both("from", NOW + HOUR, NOW + 3 * HOUR)
    assert set(indexed) >= {made[1].id, made[2].id, made[3].id}  # both ends included
    assert made[4].id not in indexed
    moved = TaskUpdate.from_task(client.task.read(task_id=made[4].id).value)
    client.task.update(task=attrs.evolve(moved, from_=NOW + 2 * HOUR))
    indexed, scanned = both("from", NOW + HOUR, NOW + 3 * HOUR)
    assert indexed == scanned
    assert made[4].id in indexed


def test_from_and_to_read_from_an_index_keep_what_they_should(client):
    """``from`` keeps the tasks ending at or after it, ``to`` those beginning at or before it,
    read from an ordered index (the smaller side): the same tasks as testing each."""
    for n in range(6):
        client.task.create(task=new_task(f"T{n}", start=NOW + n * HOUR, end=NOW + (n + 2) * HOUR))
    every = client.task.list().list
    bounds = [NOW + HOUR, NOW + 3 * HOUR, NOW + 20 * HOUR, NOW - 20 * HOUR, None]
    for start in bounds:
        for end in bounds:
            page = client.task.list(from_=start, to=end)
            expected = [
                t.id
                for t in every
                if (start is None or t.to >= start) and (end is None or t.from_ <= end)
            ]
            assert (ids(page), page.count) == (expected, len(expected)), (start, end)


def test_trackers_and_tags_read_from_an_index_keep_what_they_should(client):
    """``trackers`` and ``tag_ids`` are read from indexes of the tasks (the fewest any index
    gives): the same tasks as testing each, together and with ``from``."""
    for n in range(6):
        tracker = [1, 3, 4, None][n % 4]
        tags = [1 + n % 3, 3] if n % 2 else [1 + n % 3]
        client.task.create(task=new_task(f"T{n}", tracker_id=tracker, tags=tags))
    every = client.task.list().list
    for trackers in (None, [1], [3, 4], [], [99]):
        for tags in (None, [1], [2, 3], []):
            page = client.task.list(trackers=trackers, tag_ids=tags, from_=NOW)
            expected = [
                t.id
                for t in every
                if (trackers is None or t.tracker_id in trackers)
                and (tags is None or set(tags) & set(t.tags))
                and t.to >= NOW
            ]
            assert (ids(page), page.count) == (expected, len(expected)), (trackers, tags)


def test_a_circle_read_from_the_grid_keeps_the_tasks_within_it(client):
    """``location`` is read from a grid index of the tasks' centres: the tasks within the
    radius, as testing each."""
    from gpxpy.geo import haversine_distance

    for n in range(12):
        client.task.create(task=new_task(f"T{n}", lat=52.50 + n * 0.004, lng=13.40 + n * 0.003))
    every = client.task.list().list
    for lat, lng, radius in [(52.52, 13.415, 1_500), (52.50, 13.40, 0), (52.5, 13.4, 20_000)]:
        page = client.task.list(location=Location(lat=lat, lng=lng, radius=radius))
        expected = [
            t.id
            for t in every
            if haversine_distance(lat, lng, t.location.lat, t.location.lng) <= radius
        ]
        assert (ids(page), page.count) == (expected, len(expected)), (lat, lng, radius)


def test_list_filters(client, listed):
    a, b, c, d = listed
    mine = set(listed)
    assert set(ids(client.task.list())) >= mine
    assert ids(client.task.list(external_id="X-1")) == [a, c]
    assert set(ids(client.task.list(statuses=["unassigned"]))) & mine == {a}
    assert ids(client.task.list(trackers=[3, 4])) == [c, d]
    assert set(ids(client.task.list(from_=NOW + 4 * HOUR))) & mine == {b}
    assert set(ids(client.task.list(to=NOW + HOUR))) & mine == {a, c, d}
    assert ids(client.task.list(tag_ids=[2])) == [d]
    assert ids(client.task.list(filter="fragile")) == [a]
    assert ids(client.task.list(filter="alexanderplatz")) == [b]
    assert ids(client.task.list(filters=["drop", "alexander"])) == [b]
    near = client.task.list(location=TaskLocation(lat=52.52, lng=13.40, radius=1000).to_location())
    assert ids(near) == [b]
    assert ids(client.task.list(external_id=None, trackers=None, filters=None)) == ids(
        client.task.list()
    )


def test_list_pages_and_counts(client, listed):
    everything = client.task.list()
    assert everything.count == len(everything.list)
    page = client.task.list(offset=1, limit=2)
    assert page.count == everything.count
    assert ids(page) == ids(everything)[1:3]
    assert ids(client.task.list(limit=None)) == ids(everything)
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(limit=100001)
    assert errors_of(info) == {"limit"}
    with pytest.raises(InvalidParametersError):
        client.task.list(offset=-1)


def test_list_sorts(client, listed):
    a, b, c, d = listed
    by_label = ids(client.task.list(sort=["label=desc"], trackers=None, external_id=None))
    mine = [i for i in by_label if i in listed]
    assert mine == [d, c, b, a]
    by_status = ids(client.task.list(sort=["status=asc", "id=desc"], external_id="X-1"))
    assert by_status == [c, a]  # "assigned" < "unassigned"
    by_employee = [i for i in ids(client.task.list(sort=["employee=asc"])) if i in listed]
    # Anna Schmidt (tracker 4), Ben J. Keller (tracker 1), Truck 7 (3), unassigned last
    assert by_employee == [d, b, c, a]
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(sort=["label"])
    assert errors_of(info) == {"sort[0]"}
    with pytest.raises(InvalidParametersError):
        client.task.list(sort=["colour=asc"])


def test_list_search_conditions(client, listed):
    a, b, c, d = listed
    assert ids(client.task.list(conditions=[EqCondition(field="id", value=c)])) == [c]
    assert ids(client.task.list(conditions=[EqCondition(field="employee", value=1)])) == [d]
    assert ids(client.task.list(conditions=[ContainsCondition(field="label", value="RAVO")])) == [b]
    assert ids(
        client.task.list(conditions=[ContainsCondition(field="location", value="platz")])
    ) == [b]
    assert ids(
        client.task.list(conditions=[InCondition(field="external_id", value=["X-1", "nope"])])
    ) == [a, c]
    either = OrCondition(
        conditions=[
            EqCondition(field="id", value=a),
            ContainsCondition(field="label", value="delta"),
        ]
    )
    assert ids(client.task.list(conditions=[either])) == [a, d]
    both = AndCondition(
        conditions=[
            InCondition(field="status", value=["assigned"]),
            NotCondition(condition=ContainsCondition(field="label", value="a")),
        ]
    )
    assert set(ids(client.task.list(conditions=[both]))) & set(listed) == set()
    late = PeriodCondition(field="from", value=Period(from_=NOW + 4 * HOUR, to=NOW + 6 * HOUR))
    assert ids(client.task.list(conditions=[late])) == [b]
    combined = client.task.list(filter="X-1", conditions=[EqCondition(field="id", value=a)])
    assert ids(combined) == [a]


def test_list_condition_errors(client):
    many = [EqCondition(field="id", value=n) for n in range(60)]
    assert client.task.list(conditions=many).count == 0
    nested = [
        OrCondition(conditions=[EqCondition(field="id", value=n) for n in range(30)]),
        OrCondition(conditions=[EqCondition(field="id", value=n) for n in range(29)]),
    ]
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(conditions=nested)
    assert "conditions" in errors_of(info)
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(conditions=[EqCondition(field="colour", value=1)])
    assert errors_of(info) == {"conditions[0].field"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(
            conditions=[
                PeriodCondition(field="label", value=Period(from_=NOW, to=NOW + HOUR)),
            ]
        )
    assert errors_of(info) == {"conditions[0].type"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(conditions=[EqCondition(field="from", value=1)])
    assert errors_of(info) == {"conditions[0].type"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(conditions=[OrCondition(conditions=[EqCondition(field="id", value=1)])])
    assert errors_of(info) == {"conditions[0].conditions"}
    with pytest.raises(InvalidParametersError) as info:
        client.task.list(location=Location(lat=1, lng=2))
    assert errors_of(info) == {"location.radius"}


# --- sub-users -------------------------------------------------------------------------------


def test_a_sub_user_limited_to_trackers_sees_their_tasks_and_the_unassigned(client, fleet_mock):
    without_demo_tasks(fleet_mock)
    pool = client.task.create(task=new_task("pool")).id
    mine = client.task.create(task=new_task("mine", tracker_id=1)).id
    hidden = client.task.create(task=new_task("hidden", tracker_id=2)).id
    fleet_mock.world.users.change(2, trackers=[1])
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")
    seen = set(ids(dispatcher.task.list()))
    assert {pool, mine} <= seen
    assert hidden not in seen
    with pytest.raises(EntityNotFoundError):
        dispatcher.task.read(task_id=hidden)
    with pytest.raises(EntityNotFoundError):
        dispatcher.task.assign(task_id=hidden, tracker_id=1)
    with pytest.raises(EntityMissingError):
        dispatcher.task.assign(task_id=pool, tracker_id=2)
    with pytest.raises(EntityNotFoundError):
        dispatcher.task.create(task=new_task(tracker_id=2))
    dispatcher.task.assign(task_id=pool, tracker_id=1)
    assert dispatcher.task.count() == client.task.count() - 1


def test_a_sub_user_reads_times_in_their_zone_and_needs_task_update(client, fleet_mock):
    created = client.task.create(task=new_task()).id
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")  # Europe/Berlin, UTC+1
    task = dispatcher.task.read(task_id=created).value
    assert (task.from_, task.to) == (NOW + HOUR, NOW + 3 * HOUR)
    fleet_mock.world.users.change(2, rights=[])
    with pytest.raises(OperationNotPermittedError):
        dispatcher.task.create(task=new_task())
    with pytest.raises(OperationNotPermittedError):
        dispatcher.task.delete(task_id=created)
    assert dispatcher.task.read(task_id=created).value.id == created


def test_list_custom_fields_and_periods_in_the_callers_zone(client, fleet_mock):
    from fleetapi.models.task import CustomFieldValue

    painted = client.task.create(
        task=new_task("Paint", fields={"131312": CustomFieldValue(type="text", value="blue")})
    ).id
    plain = client.task.create(task=new_task("Plain", start=NOW + HOUR)).id
    blue = client.task.list(conditions=[ContainsCondition(field="131312", value="BLU")])
    assert ids(blue) == [painted]
    assert ids(client.task.list(filter="blue")) == [painted]
    dispatcher = login(fleet_mock, "sync", "dispatcher", "demo")  # Europe/Berlin, UTC+1
    early = PeriodCondition(field="from", value=Period(from_=NOW, to=NOW + HOUR))
    assert painted in ids(dispatcher.task.list(conditions=[early]))
    assert plain not in ids(dispatcher.task.list(conditions=[early]))


def test_a_checkpoint_update_keeps_the_route_in_order(client):
    route = _route(client, count=3)  # windows 09-10, 10-11, 11-12
    middle = client.task.read(task_id=route.checkpoint_ids[1]).value
    update = TaskUpdate.from_task(middle)
    with pytest.raises(InvalidParametersError) as info:
        client.task.update(task=attrs.evolve(update, from_=NOW - HOUR, to=NOW - HOUR / 2))
    assert "task.to" in errors_of(info)
    late = attrs.evolve(update, from_=NOW + 4 * HOUR, to=NOW + 5 * HOUR)
    with pytest.raises(InvalidParametersError) as info:
        client.task.update(task=late)
    assert errors_of(info) == {"task.from"}
    client.task.update(task=attrs.evolve(update, from_=NOW + HOUR / 2, to=NOW + 3 * HOUR))
    assert client.task.read(task_id=middle.id).value.to == NOW + 3 * HOUR
