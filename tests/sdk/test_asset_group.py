"""Asset groups through the SDK, against the mock: a vehicle and its driver put together, one
group per asset, and what a sub-user may do with groups of assets it does not see."""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import (
    AssetAlreadyGroupedError,
    AssetNotInGroupError,
    EntityNotFoundError,
    InaccessibleAssetError,
    InaccessibleGroupAssetError,
    InvalidParametersError,
    NoAccessibleGroupAssetError,
)
from fleetapi.models.asset_group import AssetGroup, AssetGroupEntry
from fleetapi.models.track import AssetRef
from fleetapi_mock import FleetMock, demo_document

VAN_1 = AssetRef(id=1, type="vehicle")
"""Vehicle 1 (tracker 1), with Ben in the demo's group 1, "Van 1 crew"."""
BEN = AssetRef(id=2, type="employee")
"""Ben Keller (tracker 1)."""
TRUCK_7 = AssetRef(id=3, type="vehicle")
"""Vehicle 3 (tracker 3), alone in the demo's group 2, "Truck 7"."""
SPARE_CAR = AssetRef(id=4, type="vehicle")
"""Vehicle 4, on no tracker, in no group."""
ANNA = AssetRef(id=1, type="employee")
"""Anna Schmidt (tracker 4), in no group."""
CLARA = AssetRef(id=3, type="employee")
"""Clara Weiss, on no tracker, in no group."""


def _groups(client: Any, *ids: int) -> dict[int, list[AssetRef]]:
    return {g.id: g.assets for g in client.asset_group.list(group_ids=list(ids))}


def test_a_group_puts_a_vehicle_and_its_driver_together(client: Any) -> None:
    assert client.asset_group.list(group_ids=[1, 2, 404]) == [
        AssetGroup(id=1, name="Van 1 crew", assets=[VAN_1, BEN]),
        AssetGroup(id=2, name="Truck 7", assets=[TRUCK_7]),
    ]
    created = client.asset_group.create(name="Spare", assets=[SPARE_CAR, CLARA])
    assert created.reassigned_assets == []
    assert client.asset_group.list(asset=CLARA) == [
        AssetGroup(id=created.id, name="Spare", assets=[SPARE_CAR, CLARA])
    ]
    assert client.asset_group.list(asset=ANNA) == []
    unnamed = client.asset_group.create(assets=[]).id
    assert client.asset_group.list(group_ids=[unnamed])[0].name == str(unnamed)


def test_an_asset_is_in_one_group_unless_it_is_reassigned(client: Any) -> None:
    with pytest.raises(AssetAlreadyGroupedError) as refused:
        client.asset_group.create(assets=[BEN, SPARE_CAR])
    assert refused.value.assigned_assets == [
        {"asset": {"id": 2, "type": "employee"}, "group_id": 1}
    ]
    assert client.asset_group.list(asset=SPARE_CAR) == []  # nothing was made
    created = client.asset_group.create(assets=[BEN, SPARE_CAR], force_reassign=True)
    assert created.reassigned_assets == [AssetGroupEntry(asset=BEN, group_id=1)]
    assert _groups(client, 1, created.id) == {1: [VAN_1], created.id: [BEN, SPARE_CAR]}


def test_a_group_holds_one_asset_of_each_type(client: Any) -> None:
    for assets in ([VAN_1, SPARE_CAR], [CLARA, CLARA]):
        with pytest.raises(InvalidParametersError):
            client.asset_group.create(assets=assets)
        with pytest.raises(InvalidParametersError):
            client.asset_group.set(id=1, assets=assets)
    with pytest.raises(InvalidParametersError):
        client.asset_group.list()
    with pytest.raises(InvalidParametersError):
        client.asset_group.list(group_ids=[1], asset=VAN_1)
    assert _groups(client, 1) == {1: [VAN_1, BEN]}


def test_set_replaces_the_assets_and_frees_those_left_out(client: Any) -> None:
    assert client.asset_group.set(id=1, assets=[SPARE_CAR, BEN]).reassigned_assets == []
    assert _groups(client, 1) == {1: [SPARE_CAR, BEN]}
    with pytest.raises(AssetAlreadyGroupedError):
        client.asset_group.set(id=1, assets=[TRUCK_7])
    moved = client.asset_group.set(id=1, assets=[TRUCK_7], force_reassign=True)
    assert moved.reassigned_assets == [AssetGroupEntry(asset=TRUCK_7, group_id=2)]
    assert _groups(client, 1, 2) == {1: [TRUCK_7], 2: []}
    client.asset_group.create(assets=[VAN_1, BEN])  # both free again
    with pytest.raises(EntityNotFoundError):
        client.asset_group.set(id=404, assets=[])


def test_remove_takes_assets_that_are_in_the_group(client: Any) -> None:
    with pytest.raises(AssetNotInGroupError):
        client.asset_group.remove(id=1, assets=[BEN, TRUCK_7])
    assert _groups(client, 1) == {1: [VAN_1, BEN]}  # nothing was removed
    client.asset_group.remove(id=1, assets=[BEN])
    assert _groups(client, 1) == {1: [VAN_1]}
    assert client.asset_group.list(asset=BEN) == []
    with pytest.raises(EntityNotFoundError):
        client.asset_group.remove(id=404, assets=[BEN])


def test_update_renames_and_delete_frees_the_assets(client: Any) -> None:
    client.asset_group.update(id=2, name="Heavy")
    assert client.asset_group.list(group_ids=[2])[0].name == "Heavy"
    client.asset_group.delete(id=2)
    assert client.asset_group.list(group_ids=[2]) == []
    for call in (
        lambda: client.asset_group.update(id=2, name="Again"),
        lambda: client.asset_group.delete(id=2),
    ):
        with pytest.raises(EntityNotFoundError):
            call()
    assert client.asset_group.create(assets=[TRUCK_7]).reassigned_assets == []


def test_a_deleted_asset_leaves_its_group(client: Any) -> None:
    client.vehicle.delete(vehicle_id=1)
    assert _groups(client, 1) == {1: [BEN]}
    with pytest.raises(InaccessibleAssetError):
        client.asset_group.create(assets=[VAN_1])


def test_another_accounts_groups_and_assets_are_not_the_callers(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:
        assert other.asset_group.list(group_ids=[1, 2]) == []
        with pytest.raises(EntityNotFoundError):
            other.asset_group.update(id=1, name="Mine")
        with pytest.raises(InaccessibleAssetError):
            other.asset_group.create(assets=[SPARE_CAR])
        own = other.asset_group.create(assets=[AssetRef(id=5, type="vehicle")]).id
    with fleet_mock.login("demo", "demo") as demo:
        assert demo.asset_group.list(group_ids=[own]) == []
        with pytest.raises(InaccessibleAssetError):
            demo.asset_group.set(id=1, assets=[AssetRef(id=5, type="vehicle")])


@pytest.fixture
def restricted() -> FleetMock:
    """The demo world whose dispatcher sees trackers 1 and 6: Van 1, the spare car, Ben and
    Clara, not Truck 7 (tracker 3) nor Anna (tracker 4)."""
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["trackers"] = [1, 6]
    return FleetMock(document)


def test_a_sub_user_acts_on_the_assets_it_sees(restricted: FleetMock) -> None:
    with restricted.login("demo", "demo") as demo:
        mixed = demo.asset_group.create(assets=[SPARE_CAR, ANNA]).id
    with restricted.login("dispatcher", "demo") as sub:
        assert _groups(sub, 1, 2, mixed) == {1: [VAN_1, BEN], 2: [], mixed: [SPARE_CAR]}
        assert sub.asset_group.list(asset=TRUCK_7) == []
        with pytest.raises(InaccessibleAssetError):
            sub.asset_group.create(assets=[TRUCK_7])
        with pytest.raises(NoAccessibleGroupAssetError):
            sub.asset_group.update(id=2, name="Mine")
        with pytest.raises(NoAccessibleGroupAssetError):
            sub.asset_group.remove(id=2, assets=[TRUCK_7])
        for call in (
            lambda: sub.asset_group.delete(id=2),
            lambda: sub.asset_group.delete(id=mixed),
            lambda: sub.asset_group.set(id=mixed, assets=[SPARE_CAR]),
        ):
            with pytest.raises(InaccessibleGroupAssetError):
                call()
        with pytest.raises(AssetNotInGroupError):
            sub.asset_group.remove(id=mixed, assets=[ANNA])
        sub.asset_group.update(id=mixed, name="Spare and Anna")
        sub.asset_group.remove(id=mixed, assets=[SPARE_CAR])
        sub.asset_group.delete(id=1)
    with restricted.login("demo", "demo") as demo:
        assert demo.asset_group.list(group_ids=[1, 2, mixed]) == [
            AssetGroup(id=2, name="Truck 7", assets=[TRUCK_7]),
            AssetGroup(id=mixed, name="Spare and Anna", assets=[ANNA]),
        ]
