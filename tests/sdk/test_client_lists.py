"""Every list call sorts and pages through the one shared rule set (fleetapi_mock.domain.search)."""

from __future__ import annotations

import attrs
import pytest

from fleetapi import InvalidParametersError


def test_vehicles_without_a_value_sort_last_in_both_directions(fleet_client):
    ascending = fleet_client.vehicle.list(sort=["garage_organization_name=asc"])
    descending = fleet_client.vehicle.list(sort=["garage_organization_name=desc"])
    assert [v.id for v in ascending] == [1, 2, 3, 4]
    assert [v.id for v in descending] == [3, 1, 2, 4]  # vehicle 4 has no garage


def test_vehicle_sort_text_is_case_insensitive(fleet_client, fleet_mock):
    record = fleet_mock.world.vehicles[4]
    fleet_mock.world.vehicles[4] = attrs.evolve(record, label="aardvark")
    assert fleet_client.vehicle.list(sort=["label=asc"])[0].id == 4


def test_an_unknown_vehicle_sort_field_names_the_item(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.list(sort=["label=asc", "colour=desc"])
    assert [e["parameter"] for e in info.value.errors] == ["sort[1]"]


def test_a_null_offset_is_the_first_page_and_an_absent_limit_is_all(fleet_client):
    every = fleet_client.task.list().list
    assert [t.id for t in fleet_client.task.list(offset=None).list] == [t.id for t in every]
    assert len(fleet_client.vehicle.list(offset=1)) == 3
