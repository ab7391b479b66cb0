"""A vehicle's avatar through the SDK, against the mock: an icon of the standard set, or an
uploaded image, each leaving the other."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fleetapi import (
    EntityNotFoundError,
    InvalidDataFormatError,
    NoDataFileError,
    OperationNotPermittedError,
)
from fleetapi_mock import FleetMock, demo_document

WEBP = ("van.webp", b"RIFF\0\0\0\0WEBPVP8 ", "image/webp")
VAN_1 = 1


def test_an_uploaded_avatar_and_an_icon_are_the_vehicles(client: Any) -> None:
    name = client.vehicle.avatar.upload(file=WEBP, vehicle_id=VAN_1)
    assert re.fullmatch(r"[0-9a-f]{16}\.webp", name)
    client.vehicle.avatar.assign(vehicle_id=VAN_1, icon_id=1342)
    van = client.vehicle.read(vehicle_id=VAN_1)
    assert (van.icon_id, van.avatar_file_name) == (1342, name)
    client.vehicle.avatar.assign(vehicle_id=VAN_1, icon_id=None)
    listed = client.vehicle.list()[0]
    assert (listed.id, listed.icon_id, listed.avatar_file_name) == (VAN_1, None, name)
    client.vehicle.update(vehicle=client.vehicle.read(vehicle_id=VAN_1))  # update keeps them
    assert client.vehicle.read(vehicle_id=VAN_1).avatar_file_name == name


def test_an_avatar_is_an_image_of_a_vehicle_the_caller_sees(
    fleet_mock: FleetMock, client: Any
) -> None:
    before = client.vehicle.read(vehicle_id=VAN_1)
    with pytest.raises(InvalidDataFormatError):
        client.vehicle.avatar.upload(file=("van.svg", b"<svg/>", "image/svg+xml"), vehicle_id=VAN_1)
    with pytest.raises(NoDataFileError):
        client.vehicle.avatar.upload(file=("van.png", b"", "image/png"), vehicle_id=VAN_1)
    with pytest.raises(EntityNotFoundError):
        client.vehicle.avatar.assign(vehicle_id=5, icon_id=1)  # the other account's
    with pytest.raises(EntityNotFoundError):
        client.vehicle.avatar.upload(file=WEBP, vehicle_id=404)
    assert client.vehicle.read(vehicle_id=VAN_1) == before


def test_a_sub_user_needs_vehicle_update_and_sight_of_the_vehicle() -> None:
    document = demo_document()
    mock = FleetMock(document)
    with mock.login("dispatcher", "demo") as sub, pytest.raises(OperationNotPermittedError):
        sub.vehicle.avatar.assign(vehicle_id=VAN_1, icon_id=1)
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["rights"] = ["vehicle_update"]
    dispatcher["trackers"] = [1, 6]  # Van 1 and the spare car, not Truck 7 (tracker 3)
    mock = FleetMock(document)
    with mock.login("dispatcher", "demo") as sub:
        sub.vehicle.avatar.assign(vehicle_id=VAN_1, icon_id=1)
        with pytest.raises(EntityNotFoundError):
            sub.vehicle.avatar.upload(file=WEBP, vehicle_id=3)
    assert mock.world.vehicles[VAN_1].icon_id == 1
