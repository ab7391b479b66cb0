"""The route and checkpoint calls of the service's documentation: a route stays one ordered,
consistent whole whichever call changes it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest
from tasks_helpers import NOW

from fleetapi import EntityMissingError, EntityNotFoundError, InvalidParametersError
from fleetapi.models.common import Location
from fleetapi.models.route import (
    CheckpointUpdate,
    NewCheckpoint,
    RouteChange,
    RouteCheckpoint,
)
from fleetapi.models.search import ContainsCondition, EqCondition
from fleetapi.models.task import ListedRoute, TaskLocation, TaskUpdate
from fleetapi_mock import FleetMock

ROUTE, FIRST, SECOND = 6, 7, 8
"""The demo route (tracker 3) and its checkpoints, 13:00-14:00 and 14:00-15:00 today."""
ZONE = TaskLocation(lat=52.52, lng=13.40, radius=100)


def _tasks(fleet_mock: FleetMock) -> tuple[dict[int, str], dict[int, str]]:
    with fleet_mock.world.lock:
        world = fleet_mock.world
        return (
            {k: repr(v) for k, v in world.tasks.items()},
            {k: repr(v) for k, v in world.routes.items()},
        )


def _at(hour: int) -> dt.datetime:
    return NOW.replace(hour=hour)


def _stop(label: str, start: int, end: int, **fields: Any) -> RouteCheckpoint:
    return RouteCheckpoint(
        label=label, description="", location=ZONE, from_=_at(start), to=_at(end), **fields
    )


def test_list_filters_and_read(client: Any) -> None:
    assert [r.id for r in client.task.route.list()] == [ROUTE]
    assert [r.id for r in client.task.route.list(statuses=["assigned"], trackers=[3])] == [ROUTE]
    assert client.task.route.list(statuses=["done"]) == []
    assert client.task.route.list(trackers=[2]) == []
    assert client.task.route.list(from_=_at(16)) == []  # it ends at 15:00
    assert [r.id for r in client.task.route.list(to=_at(13), filter="AFTERNOON")] == [ROUTE]
    assert client.task.route.list(filter="morning") == []
    route = client.task.route.read(route_id=ROUTE)
    assert (route.checkpoint_ids, route.from_, route.to) == ([FIRST, SECOND], _at(13), _at(15))
    for not_a_route in (FIRST, 1, 404):
        with pytest.raises(EntityNotFoundError):
            client.task.route.read(route_id=not_a_route)


def test_update_rewrites_adds_and_drops_checkpoints(fleet_mock: FleetMock, client: Any) -> None:
    change = RouteChange(id=ROUTE, label="Evening round", description="late")
    answer = client.task.route.update(
        route=change,
        checkpoints=[_stop("Depot", 13, 14, id=FIRST), _stop("Kiosk", 16, 17)],
    )
    route = answer.result
    new = route.checkpoint_ids[1]
    assert (route.label, route.description, route.checkpoint_ids) == (
        "Evening round",
        "late",
        [FIRST, new],
    )
    assert (route.from_, route.to, route.tracker_id) == (_at(13), _at(17), 3)
    first, added = client.task.checkpoint.list(checkpoint_ids=[FIRST, new, SECOND])
    assert (first.label, first.order, added.label, added.order) == ("Depot", 0, "Kiosk", 1)
    assert (added.tracker_id, added.status, added.parent_id) == (3, "assigned", ROUTE)
    with pytest.raises(EntityNotFoundError):  # the dropped checkpoint is gone
        client.task.checkpoint.read(checkpoint_id=SECOND)


@pytest.mark.parametrize(
    ("checkpoints", "parameter"),
    [
        ([_stop("A", 14, 15, id=FIRST), _stop("B", 11, 12)], "checkpoints[1].to"),
        ([_stop("A", 13, 14, id=FIRST), _stop("B", 14, 15, id=FIRST)], "checkpoints[1].id"),
        ([_stop("A", 13, 12)], "checkpoints[0].from"),
    ],
)
def test_a_bad_route_update_changes_nothing(
    fleet_mock: FleetMock, client: Any, checkpoints: list[RouteCheckpoint], parameter: str
) -> None:
    before = _tasks(fleet_mock)
    change = RouteChange(id=ROUTE, label="x", description="")
    with pytest.raises(InvalidParametersError) as caught:
        client.task.route.update(route=change, checkpoints=checkpoints)
    assert caught.value.errors[0]["parameter"] == parameter
    with pytest.raises(EntityNotFoundError):  # task 1 is not one of the route's
        client.task.route.update(route=change, checkpoints=[_stop("A", 13, 14, id=1)])
    assert _tasks(fleet_mock) == before


def test_checkpoint_ids_alone_reorder_the_route(fleet_mock: FleetMock, client: Any) -> None:
    change = RouteChange(id=ROUTE, label="Afternoon round", description="")
    with pytest.raises(InvalidParametersError) as caught:
        client.task.route.update(route=attrs.evolve(change, checkpoint_ids=[SECOND]))
    assert caught.value.errors[0]["parameter"] == "route.checkpoint_ids"
    route = client.task.route.update(
        route=attrs.evolve(change, checkpoint_ids=[SECOND, FIRST])
    ).result
    assert route.checkpoint_ids == [SECOND, FIRST]
    assert client.task.checkpoint.read(checkpoint_id=FIRST).order == 1


def test_assign_and_delete(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(EntityMissingError):
        client.task.route.assign(route_id=ROUTE, tracker_id=404)
    client.task.route.assign(route_id=ROUTE, tracker_id=None)
    assert client.task.route.read(route_id=ROUTE).status == "unassigned"
    checkpoints = client.task.checkpoint.list(checkpoint_ids=[FIRST, SECOND])
    assert {(c.tracker_id, c.status) for c in checkpoints} == {(None, "unassigned")}
    client.task.route.assign(route_id=ROUTE, tracker_id=2)
    assert client.task.checkpoint.read(checkpoint_id=SECOND).tracker_id == 2
    client.task.route.delete(route_id=ROUTE)
    assert client.task.route.list() == []
    assert client.task.checkpoint.list(checkpoint_ids=[FIRST, SECOND]) == []
    with pytest.raises(EntityNotFoundError):
        client.task.route.delete(route_id=ROUTE)


def test_checkpoint_list_skips_what_is_not_a_seen_checkpoint(client: Any) -> None:
    found = client.task.checkpoint.list(checkpoint_ids=[SECOND, 1, ROUTE, 404, FIRST, SECOND])
    assert [c.id for c in found] == [FIRST, SECOND]
    assert client.task.checkpoint.read(checkpoint_id=FIRST).parent_id == ROUTE
    with pytest.raises(EntityNotFoundError):
        client.task.checkpoint.read(checkpoint_id=1)  # a plain task


def _new(label: str, start: int, end: int, **fields: Any) -> NewCheckpoint:
    return NewCheckpoint(
        label=label, description="", location=ZONE, from_=_at(start), to=_at(end),
        parent_id=ROUTE, **fields,
    )  # fmt: skip


def test_create_inserts_at_an_order(client: Any) -> None:
    last = client.task.checkpoint.create(checkpoint=_new("Last", 15, 16)).id
    first = client.task.checkpoint.create(
        checkpoint=_new("First", 12, 13, order=0, tracker_id=3)
    ).id
    route = client.task.route.read(route_id=ROUTE)
    assert route.checkpoint_ids == [first, FIRST, SECOND, last]
    assert (route.from_, route.to) == (_at(12), _at(16))
    created = client.task.checkpoint.read(checkpoint_id=first)
    assert (created.order, created.tracker_id, created.type) == (0, 3, "checkpoint")


@pytest.mark.parametrize(
    ("checkpoint", "parameter"),
    [
        (_new("x", 15, 16, tracker_id=2), "checkpoint.tracker_id"),
        (_new("x", 15, 16, order=3), "checkpoint.order"),
        (_new("x", 10, 11), "checkpoint.to"),  # last, yet before the one it follows
        (_new("x", 16, 17, order=0), "checkpoint.from"),  # first, yet after the next
    ],
)
def test_a_bad_checkpoint_is_refused_by_name(
    fleet_mock: FleetMock, client: Any, checkpoint: NewCheckpoint, parameter: str
) -> None:
    before = _tasks(fleet_mock)
    with pytest.raises(InvalidParametersError) as caught:
        client.task.checkpoint.create(checkpoint=checkpoint)
    assert caught.value.errors[0]["parameter"] == parameter
    with pytest.raises(EntityNotFoundError):
        client.task.checkpoint.create(checkpoint=attrs.evolve(checkpoint, parent_id=1))
    assert _tasks(fleet_mock) == before


def test_update_moves_a_checkpoint_and_keeps_the_route_in_order(client: Any) -> None:
    second = client.task.checkpoint.read(checkpoint_id=SECOND)
    content = TaskUpdate.from_task(second)
    moved = CheckpointUpdate(
        **{**_fields(content), "from_": _at(12), "to": _at(13), "order": 0, "parent_id": ROUTE}
    )
    client.task.checkpoint.update(checkpoint=moved)
    assert client.task.route.read(route_id=ROUTE).checkpoint_ids == [SECOND, FIRST]
    late = CheckpointUpdate(**{**_fields(content), "from_": _at(16), "to": _at(17)})
    with pytest.raises(InvalidParametersError) as caught:  # first, yet after the next one
        client.task.checkpoint.update(checkpoint=late)
    assert caught.value.errors[0]["parameter"] == "checkpoint.from"
    with pytest.raises(InvalidParametersError):
        client.task.checkpoint.update(checkpoint=CheckpointUpdate(**_fields(content), parent_id=9))


def _fields(update: TaskUpdate) -> dict[str, Any]:
    return attrs.asdict(update, recurse=False)


def test_delete_and_transmute_close_ranks(client: Any) -> None:
    client.task.checkpoint.transmute(checkpoint_id=FIRST)
    task = client.task.read(task_id=FIRST).value
    assert (task.type, task.parent_id, task.tracker_id) == ("task", None, 3)
    route = client.task.route.read(route_id=ROUTE)
    assert (route.checkpoint_ids, route.from_) == ([SECOND], _at(14))
    assert client.task.checkpoint.read(checkpoint_id=SECOND).order == 0
    client.task.checkpoint.delete(checkpoint_id=SECOND)  # the last one: the route goes too
    assert client.task.route.list() == []
    with pytest.raises(EntityNotFoundError):
        client.task.checkpoint.transmute(checkpoint_id=FIRST)  # a task now


def test_a_sub_user_sees_the_routes_of_its_trackers(fleet_mock: FleetMock) -> None:
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(sub_user.id, trackers=[2])  # not 3, the demo route's
    with fleet_mock.login(sub_user.login, sub_user.password) as client:
        assert client.task.route.list() == []
        assert client.task.checkpoint.list(checkpoint_ids=[FIRST, SECOND]) == []
        with pytest.raises(EntityNotFoundError):
            client.task.route.assign(route_id=ROUTE, tracker_id=2)
    fleet_mock.world.routes[ROUTE] = attrs.evolve(fleet_mock.world.routes[ROUTE], tracker_id=2)
    with fleet_mock.login(sub_user.login, sub_user.password) as client:
        assert [r.id for r in client.task.route.list()] == [ROUTE]


def test_task_list_lists_routes_with_their_checkpoints_when_asked(client: Any) -> None:
    default = client.task.list()
    assert ROUTE not in [e.id for e in default.list]
    assert {FIRST, SECOND} <= {e.id for e in default.list}
    routes = client.task.list(types=["route"])
    assert routes.count == 1
    (route,) = routes.list
    assert isinstance(route, ListedRoute)
    assert (route.id, route.checkpoint_ids) == (ROUTE, [FIRST, SECOND])
    assert [(c.id, c.order) for c in route.checkpoints] == [(FIRST, 0), (SECOND, 1)]
    assert [e.id for e in client.task.list(types=["checkpoint"]).list] == [FIRST, SECOND]
    plain = client.task.list(types=["task"]).list
    assert {t.type for t in plain} == {"task"}
    mixed = client.task.list(types=["task", "route"], sort=["label=asc"], limit=2)
    assert ([e.id for e in mixed.list], mixed.count) == ([ROUTE, 4], len(plain) + 1)


def test_task_list_filters_read_a_route_by_its_own_fields(client: Any) -> None:
    def listed(**filters: Any) -> list[int]:
        return [e.id for e in client.task.list(types=["route", "task"], **filters).list]

    assert listed(filter="afternoon") == [ROUTE]
    assert listed(statuses=["assigned"], trackers=[3]) == [1, ROUTE]  # by ID
    assert listed(conditions=[ContainsCondition(field="label", value="round")]) == [ROUTE]
    stay = EqCondition(field="stay_duration", value=0)
    assert ROUTE not in listed(conditions=[stay])  # a route has no stay of its own
    assert listed(conditions=[stay])  # the tasks have
    near = Location(lat=52.5219, lng=13.4132, radius=500)  # the route's first stop
    assert ROUTE not in listed(location=near)  # nor a zone
