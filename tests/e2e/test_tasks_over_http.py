"""Tasks over real HTTP: create, assign and list against the served mock."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest

from fleetapi import Client
from fleetapi.models.task import NewTask, TaskLocation
from fleetapi_mock import ThreadedServer

pytestmark = pytest.mark.e2e


def test_create_assign_list_over_http(fleet_server: ThreadedServer):
    start = fleet_server.mock.clock.now()
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        created = client.task.create(
            task=NewTask(
                location=TaskLocation(lat=52.52, lng=13.40, radius=80, address="Somewhere 1"),
                label="Over the wire",
                description="",
                from_=start,
                to=start + dt.timedelta(hours=2),
                external_id="HTTP-1",
            )
        )
        client.task.assign(task_id=created.id, tracker_id=2)
        listed = client.task.list(external_id="HTTP-1")
    assert listed.count == 1
    (task,) = listed.list
    assert (task.id, task.tracker_id, task.status, task.label) == (
        created.id,
        2,
        "assigned",
        "Over the wire",
    )
    # the same answer form-encoded, as the platform's own clients send it
    with httpx.Client(base_url=fleet_server.base_url) as http:
        session = http.post("/user/auth", json={"login": "demo", "password": "demo"}).json()
        answer = http.post(
            "/v2/task/list/",
            data={"hash": session["hash"], "trackers": "[2]", "statuses": '["assigned"]'},
        ).json()
    assert answer["success"] is True
    assert created.id in [t["id"] for t in answer["list"]]
    assert answer["count"] == len(answer["list"])
