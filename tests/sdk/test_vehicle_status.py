"""Vehicle statuses (``vehicle/status/listing/*``, deprecated by the service): read and replaced
whole, the account's, through the SDK (sync and async)."""

from __future__ import annotations

from typing import Any

import pytest
from status_helpers import mock_with_dispatcher

from fleetapi import InvalidParametersError, OperationNotPermittedError
from fleetapi.models.vehicle import VehicleStatusEntry
from fleetapi_mock import FleetMock


def test_vehicle_statuses_are_replaced_whole(client: Any) -> None:
    assert [(s.id, s.order, s.label) for s in client.vehicle.status.listing.read()] == [
        (1, 0, "In service"),
        (2, 1, "In repair"),
    ]
    client.vehicle.status.listing.update(
        statuses=[
            VehicleStatusEntry(label="Ready", color="00E676"),
            VehicleStatusEntry(id=2, order=7, label="At the garage", color="FF9800"),
        ]
    )
    read = client.vehicle.status.listing.read()
    assert [(s.order, s.label, s.color) for s in read] == [
        (0, "Ready", "00E676"),
        (1, "At the garage", "FF9800"),
    ]
    assert read[1].id == 2
    assert read[0].id not in (1, 2)
    client.vehicle.status.listing.update(statuses=[])
    assert client.vehicle.status.listing.read() == []


@pytest.mark.parametrize("ids", [[1, 99], [1, 1]], ids=["unknown", "twice"])
def test_vehicle_status_ids_are_the_accounts_each_once(client: Any, ids: list[int]) -> None:
    entries = [VehicleStatusEntry(id=i, label="X", color="000000") for i in ids]
    with pytest.raises(InvalidParametersError) as info:
        client.vehicle.status.listing.update(statuses=entries)
    assert [e["parameter"] for e in info.value.errors] == ["statuses[1].id"]
    assert len(client.vehicle.status.listing.read()) == 2


def test_vehicle_statuses_are_the_accounts(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:
        assert other.vehicle.status.listing.read() == []
        with pytest.raises(InvalidParametersError):  # the demo account's status 1
            other.vehicle.status.listing.update(
                statuses=[VehicleStatusEntry(id=1, label="Mine", color="000000")]
            )
    reader = mock_with_dispatcher(rights=[])
    with reader.login("dispatcher", "demo") as sub:
        assert len(sub.vehicle.status.listing.read()) == 2
        with pytest.raises(OperationNotPermittedError):
            sub.vehicle.status.listing.update(statuses=[])
