"""Contract tests of vehicles, garages and departments: read-only (``vehicle/batch_convert``
creates nothing), against the mock or a real account."""

from __future__ import annotations

import pytest

from fleetapi import Client, EntityNotFoundError, InvalidDataFormatError, InvalidParametersError
from fleetapi.models.vehicle import SUBTYPES_BY_TYPE

pytestmark = pytest.mark.e2e

NOBODY = 2_000_000_000
"""An ID no account is likely to have."""


def test_list_and_read_agree(client: Client) -> None:
    vehicles = client.vehicle.list()
    for vehicle in vehicles[:5]:
        assert client.vehicle.read(vehicle_id=vehicle.id) == vehicle
        if vehicle.subtype is not None:
            assert vehicle.subtype in SUBTYPES_BY_TYPE[vehicle.type]
    trackers = [v.tracker_id for v in vehicles if v.tracker_id is not None]
    assert len(trackers) == len(set(trackers)), "a tracker carries one vehicle"
    with pytest.raises(EntityNotFoundError):
        client.vehicle.read(vehicle_id=NOBODY)


def test_paging_sorting_and_filtering(client: Client) -> None:
    by_label = client.vehicle.list(sort=["label=asc", "id=asc"])
    assert [v.id for v in client.vehicle.list(sort=["label=asc", "id=asc"], offset=1, limit=2)] == [
        v.id for v in by_label[1:3]
    ]
    assert {v.id for v in by_label} == {v.id for v in client.vehicle.list()}
    if by_label:
        label = by_label[0].label
        assert by_label[0].id in {v.id for v in client.vehicle.list(filter=label)}
    with pytest.raises(InvalidParametersError):
        client.vehicle.list(sort=["id=asc", "label=asc", "vin=asc"])
    with pytest.raises(InvalidParametersError):
        client.vehicle.list(filter="x" * 101)


def test_garages_and_departments_are_lists_of_the_account(client: Client) -> None:
    garages = client.garage.list()
    assert len({g.id for g in garages}) == len(garages)
    garage_ids = {g.id for g in garages}
    for vehicle in client.vehicle.list():
        assert vehicle.garage_id is None or vehicle.garage_id in garage_ids
    departments = client.department.list()
    assert len({d.id for d in departments}) == len(departments)


def test_batch_convert_checks_rows_without_creating(client: Client) -> None:
    before = len(client.vehicle.list())
    result = client.vehicle.batch_convert(
        batch="Contract van\tcar\tsedan\nContract bus\tbus\tsedan\n",
        fields=["label", "type", "subtype"],
    )
    assert [v.label for v in result.list] == ["Contract van", "Contract bus"]
    assert not result.list[0].errors
    assert result.list[1].errors
    assert result.limit_exceeded is False
    assert len(client.vehicle.list()) == before
    with pytest.raises(InvalidDataFormatError):
        client.vehicle.batch_convert(batch="Contract van,car,sedan\n")
