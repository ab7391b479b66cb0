"""An employee's avatar through the SDK, against the mock: an icon of the standard set, or an
uploaded image, each leaving the other."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fleetapi import EntityNotFoundError, InvalidDataFormatError, NoDataFileError
from fleetapi_mock import FleetMock, demo_document

PNG = ("anna.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 16, "image/png")
ANNA = 1
"""Anna Schmidt, on tracker 4."""


def test_an_uploaded_avatar_and_an_icon_are_the_employees(client: Any) -> None:
    name = client.employee.avatar.upload(file=PNG, employee_id=ANNA)
    assert re.fullmatch(r"[0-9a-f]{16}\.png", name)
    client.employee.avatar.assign(employee_id=ANNA, icon_id=14)
    anna = client.employee.read(employee_id=ANNA)
    assert (anna.icon_id, anna.avatar_file_name) == (14, name)
    client.employee.avatar.assign(employee_id=ANNA, icon_id=None)  # the avatar shows
    listed = next(e for e in client.employee.list().list if e.id == ANNA)
    assert (listed.icon_id, listed.avatar_file_name) == (None, name)
    again = client.employee.avatar.upload(
        file=("a.jpg", b"\xff\xd8\xff\xe0", "image/jpeg"), employee_id=ANNA
    )
    assert again.endswith(".jpg")
    assert again != name


def test_an_avatar_is_an_image_of_an_employee_the_caller_sees(
    fleet_mock: FleetMock, client: Any
) -> None:
    before = client.employee.read(employee_id=ANNA)
    with pytest.raises(InvalidDataFormatError):
        client.employee.avatar.upload(file=("notes.txt", b"hello", "text/plain"), employee_id=ANNA)
    with pytest.raises(NoDataFileError):
        client.employee.avatar.upload(file=("empty.png", b"", "image/png"), employee_id=ANNA)
    for call in (
        lambda: client.employee.avatar.upload(file=PNG, employee_id=404),
        lambda: client.employee.avatar.assign(employee_id=404, icon_id=1),
    ):
        with pytest.raises(EntityNotFoundError):
            call()
    with fleet_mock.login("other", "other") as other, pytest.raises(EntityNotFoundError):
        other.employee.avatar.assign(employee_id=ANNA, icon_id=1)
    assert client.employee.read(employee_id=ANNA) == before


def test_a_sub_user_changes_the_avatars_of_the_employees_it_sees() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["trackers"] = [1, 6]  # Ben (tracker 1) and Clara (none), not Anna (tracker 4)
    mock = FleetMock(document)
    with mock.login("dispatcher", "demo") as sub:
        sub.employee.avatar.assign(employee_id=2, icon_id=7)
        assert sub.employee.avatar.upload(file=PNG, employee_id=3)
        with pytest.raises(EntityNotFoundError):
            sub.employee.avatar.upload(file=PNG, employee_id=ANNA)
    assert mock.world.employees[2].icon_id == 7
    assert mock.world.employees[ANNA].avatar_file_name is None
