"""The fleet slice over real HTTP: vehicles, garages and departments on a served mock."""

from __future__ import annotations

import httpx
import pytest

from fleetapi import Client, EntityExistsError
from fleetapi.models.department import NewDepartment
from fleetapi.models.garage import NewGarage
from fleetapi.models.vehicle import NewVehicle
from fleetapi_mock import ThreadedServer

pytestmark = pytest.mark.e2e


def test_a_fleet_day_over_http(fleet_server: ThreadedServer):
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        garage_id = client.garage.create(garage=NewGarage(organization_name="Night yard"))
        vehicle_id = client.vehicle.create(
            vehicle=NewVehicle(label="Night van", type="car", tracker_id=6, garage_id=garage_id)
        )
        with pytest.raises(EntityExistsError):
            client.vehicle.create(
                vehicle=NewVehicle(label="Clash", type="car", tracker_id=6), force_reassign=False
            )
        listed = client.vehicle.list(filter="night", sort=["label=asc"])
        assert [(v.id, v.garage_organization_name) for v in listed] == [(vehicle_id, "Night yard")]
        department_id = client.department.create(department=NewDepartment(label="Nights"))
        client.garage.delete(garage_id=garage_id)
        assert client.vehicle.read(vehicle_id=vehicle_id).garage_id is None
        client.vehicle.delete(vehicle_ids=[vehicle_id])
        session = client.hash
    assert department_id in fleet_server.world.departments
    assert vehicle_id not in fleet_server.world.vehicles
    # form-encoded, as the service's own web client sends it
    with httpx.Client(base_url=fleet_server.base_url) as http:
        answer = http.post(
            "/v2/vehicle/list/", data={"hash": session, "sort": '["id=desc"]', "limit": "2"}
        )
    assert [v["id"] for v in answer.json()["list"]] == [4, 3]
