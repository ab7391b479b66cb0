"""Contract tests of tasks and delivery tracking: read-only, against the mock or a real account."""

from __future__ import annotations

import pytest

from fleetapi import Client, EntityNotFoundError, InvalidParametersError
from fleetapi.models.search import EqCondition, InCondition
from fleetapi.models.task import Route, Task

pytestmark = pytest.mark.e2e

NOBODY = 2_000_000_000
"""An ID no account is likely to have."""


def test_count_list_and_read_agree(client: Client) -> None:
    listed = client.task.list()
    assert listed.count == client.task.count()
    assert len(listed.list) == min(listed.count, 10000)
    for task in listed.list[:5]:
        read = client.task.read(task_id=task.id)
        assert isinstance(read.value, Task)
        assert (read.value.id, read.value.label, read.value.status) == (
            task.id,
            task.label,
            task.status,
        )
        if task.parent_id is not None:
            route = client.task.read(task_id=task.parent_id)
            assert isinstance(route.value, Route)
            assert task.id in route.value.checkpoint_ids
            assert [c.id for c in route.checkpoints or []] == route.value.checkpoint_ids


def test_paging_filters_and_conditions(client: Client) -> None:
    everything = client.task.list(sort=["id=asc"])
    page = client.task.list(sort=["id=asc"], offset=1, limit=2)
    assert page.count == everything.count
    assert [t.id for t in page.list] == [t.id for t in everything.list[1:3]]
    statuses = ["assigned", "arrived"]
    active = client.task.list(statuses=statuses)
    assert {t.status for t in active.list} <= set(statuses)
    same = client.task.list(conditions=[InCondition(field="status", value=statuses)])
    assert {t.id for t in same.list} == {t.id for t in active.list}


def test_missing_tasks_and_deliveries_are_201(client: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        client.task.read(task_id=NOBODY)
    with pytest.raises(EntityNotFoundError):
        client.delivery.read(external_id=NOBODY)
    with pytest.raises(EntityNotFoundError):
        client.delivery.list(external_id=NOBODY)


def test_more_than_60_conditions_are_invalid(client: Client) -> None:
    too_many = [EqCondition(field="id", value=n) for n in range(61)]
    with pytest.raises(InvalidParametersError):
        client.task.list(conditions=too_many)
