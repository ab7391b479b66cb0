"""Tracker groups: calls of the service's documentation, through the SDK (sync and async).

The documented examples run in ``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import (
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
)
from fleetapi.models.tracker_group import TrackerGroup
from fleetapi_mock import FleetMock


def groups_of(client: Any) -> dict[int, int]:
    return {t.id: t.group_id for t in client.tracker.list()}


def test_create_update_list_and_delete(client: Any) -> None:
    assert client.tracker.group.list() == [
        TrackerGroup(id=1, title="Vans", color="FF6DDC"),
        TrackerGroup(id=2, title="Trucks", color="27A9E3"),
    ]
    new = client.tracker.group.create(title="Employees", color="00aa00")
    client.tracker.group.update(id=new, title="Staff", color="00AA00")
    assert client.tracker.group.list()[-1] == TrackerGroup(id=new, title="Staff", color="00AA00")
    client.tracker.group.delete(id=1)
    assert [g.id for g in client.tracker.group.list()] == [2, new]
    assert groups_of(client)[1] == 0  # its trackers went to the default group
    for call in (
        lambda: client.tracker.group.delete(id=1),
        lambda: client.tracker.group.delete(id=0),  # the default group is no group
        lambda: client.tracker.group.update(id=999, title="x", color="000000"),
    ):
        with pytest.raises(EntityNotFoundError):
            call()


@pytest.mark.parametrize(
    "params",
    [
        {"title": "", "color": "FF6DDC"},
        {"title": "x" * 61, "color": "FF6DDC"},
        {"title": "a\\nb", "color": "FF6DDC"},
        {"title": "Vans", "color": "#FF6DDC"},
        {"title": "Vans", "color": "red"},
    ],
)
def test_create_refuses_a_bad_title_or_color(client: Any, params: dict[str, str]) -> None:
    params = {k: v.replace("\\n", "\n") for k, v in params.items()}
    with pytest.raises(InvalidParametersError):
        client.tracker.group.create(**params)


def test_assign_moves_trackers_and_0_takes_them_out(client: Any) -> None:
    client.tracker.group.assign(id=2, trackers=[1, 4])
    assert groups_of(client) == {1: 2, 2: 1, 3: 2, 4: 2, 5: 0, 6: 0}
    client.tracker.group.assign(id=0, trackers=[3])
    assert groups_of(client)[3] == 0


@pytest.mark.parametrize(
    ("group", "trackers", "error"),
    [
        (999, [1], EntityNotFoundError),
        (2, [1, 7, 999], NonExistentEntitiesError),  # 7 is another account's
        (2, [1, 5], DeviceBlockedError),
    ],
)
def test_assign_refusals_move_nothing(
    client: Any, fleet_mock: FleetMock, group: int, trackers: list[int], error: type[Exception]
) -> None:
    before = fleet_mock.world.to_document()
    with pytest.raises(error) as info:
        client.tracker.group.assign(id=group, trackers=trackers)
    if error is NonExistentEntitiesError:
        assert "7, 999" in str(info.value)
    assert fleet_mock.world.to_document() == before


def test_sub_users_list_but_do_not_change_groups(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert len(sub_user.tracker.group.list()) == 2
        for call in (
            lambda: sub_user.tracker.group.create(title="x", color="000000"),
            lambda: sub_user.tracker.group.assign(id=1, trackers=[3]),
            lambda: sub_user.tracker.group.delete(id=1),
        ):
            with pytest.raises(OperationNotPermittedError):
                call()


def test_a_world_whose_tracker_names_a_missing_group_is_refused() -> None:
    from fleetapi_mock import WorldDocumentError, demo_document

    document = demo_document()
    document["trackers"][0]["group_id"] = 9
    with pytest.raises(WorldDocumentError) as info:
        FleetMock(document)
    assert info.value.errors == [("trackers[id=1].group_id", "no tracker group 9 of the owner")]
