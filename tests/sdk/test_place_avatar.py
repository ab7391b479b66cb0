"""A place's avatar through the SDK, against the mock: an icon of the standard set (1 to
255), or an uploaded image, each leaving the other."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fleetapi import (
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    NoDataFileError,
)
from fleetapi_mock import FleetMock

GIF = ("shop.gif", b"GIF89a" + b"\0" * 10, "image/gif")
CUSTOMER_A = 1


def test_an_uploaded_avatar_and_an_icon_are_the_places(client: Any) -> None:
    name = client.place.avatar.upload(file=GIF, place_id=CUSTOMER_A)
    assert re.fullmatch(r"[0-9a-f]{16}\.gif", name)
    client.place.avatar.assign(place_id=CUSTOMER_A, icon_id=55)
    place = client.place.read(place_id=CUSTOMER_A)
    assert (place.icon_id, place.avatar_file_name) == (55, name)
    client.place.avatar.assign(place_id=CUSTOMER_A)  # no icon: the avatar shows
    listed = client.place.list(place_ids=[CUSTOMER_A]).list[0]
    assert (listed.icon_id, listed.avatar_file_name) == (None, name)
    client.place.update(place=client.place.read(place_id=CUSTOMER_A))  # update keeps them
    assert client.place.read(place_id=CUSTOMER_A).avatar_file_name == name


def test_an_icon_is_one_of_255(client: Any) -> None:
    for icon in (0, 256):
        with pytest.raises(InvalidParametersError):
            client.place.avatar.assign(place_id=CUSTOMER_A, icon_id=icon)
    client.place.avatar.assign(place_id=CUSTOMER_A, icon_id=255)
    assert client.place.read(place_id=CUSTOMER_A).icon_id == 255


def test_an_avatar_is_an_image_of_a_place_of_the_account(
    fleet_mock: FleetMock, client: Any
) -> None:
    before = client.place.read(place_id=CUSTOMER_A)
    with pytest.raises(InvalidDataFormatError):
        client.place.avatar.upload(
            file=("shop.pdf", b"%PDF-1.4", "application/pdf"), place_id=CUSTOMER_A
        )
    with pytest.raises(NoDataFileError):
        client.place.avatar.upload(file=("shop.gif", b"", "image/gif"), place_id=CUSTOMER_A)
    with pytest.raises(EntityNotFoundError):
        client.place.avatar.assign(place_id=404, icon_id=1)
    with fleet_mock.login("other", "other") as other, pytest.raises(EntityNotFoundError):
        other.place.avatar.upload(file=GIF, place_id=CUSTOMER_A)
    assert client.place.read(place_id=CUSTOMER_A) == before
