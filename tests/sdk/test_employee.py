"""Employees (drivers) and a tracker's employee: calls of the service's documentation.

The documented examples themselves run in ``tests/mock/test_service_examples.py``; here, the
rules each call keeps, through the SDK (sync and async).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi import (
    UNSET,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityExistsError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    NoChangeNeededError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    TariffRestrictionError,
)
from fleetapi.models.common import Location
from fleetapi.models.employee import Employee, NewEmployee
from fleetapi_mock import FleetMock, demo_document

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's clock (the demo user's time zone is UTC)."""


def _mock_with(**changes: Any) -> FleetMock:
    document = demo_document()
    for path, value in changes.items():
        collection, index, field = path.split("__")
        document[collection][int(index)][field] = value
    return FleetMock(document)


# --- list and read ----------------------------------------------------------------------------


def test_list_answers_the_accounts_employees_with_their_count(client: Any) -> None:
    page = client.employee.list()
    assert [e.id for e in page.list] == [1, 2, 3]
    assert page.count == 3
    anna = page.list[0]
    assert isinstance(anna, Employee)
    assert (anna.first_name, anna.tracker_id, anna.department_id) == ("Anna", 4, 1)
    assert anna.driver_license_valid_till == dt.date(2030, 4, 19)
    assert client.employee.read(employee_id=1) == anna


def test_list_sorts_filters_and_pages(client: Any) -> None:
    def ids(**params: Any) -> list[int]:
        return [e.id for e in client.employee.list(**params).list]

    assert ids(sort=["first_name=desc"]) == [3, 2, 1]
    # by the bound tracker's label: Van 1 (Ben), Anna's phone (Anna); Clara has none: last
    assert ids(sort=["object_label=asc"]) == [1, 2, 3]
    assert ids(sort=["department_label=asc", "id=desc"]) == [2, 1, 3]
    assert ids(filter="KELLER") == []  # last_name is not a sort field...
    assert ids(filter="ben@") == [2]  # ...the e-mail is
    assert ids(filter="hermannstrasse") == [3]  # the location's address
    assert ids(filter="van 1") == [2]  # the tracker's label
    page = client.employee.list(offset=1, limit=1)
    assert ([e.id for e in page.list], page.count) == ([2], 3)
    assert [e.id for e in client.employee.iterate_list(page_size=2)] == [1, 2, 3]


@pytest.mark.parametrize(
    "params",
    [
        {"sort": ["id=asc", "phone=asc", "email=asc"]},  # at most two
        {"sort": ["last_name=asc"]},  # not a sort field
        {"sort": ["id=up"]},
        {"filter": "x" * 101},
        {"limit": -1},
    ],
)
def test_list_refuses_bad_parameters(client: Any, params: dict[str, Any]) -> None:
    with pytest.raises(InvalidParametersError):
        client.employee.list(**params)


def test_read_of_a_missing_or_another_accounts_employee_is_201(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:
        stranger = other.employee.create(employee=NewEmployee(first_name="Stranger"))
    with fleet_mock.login() as client:
        for employee_id in (stranger, 999):
            with pytest.raises(EntityNotFoundError) as info:
                client.employee.read(employee_id=employee_id)
            assert str(employee_id) in str(info.value)


def test_a_sub_user_with_a_tracker_list_sees_its_trackers_employees_and_unbound_ones() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["trackers"] = [1]
    with FleetMock(document).login("dispatcher", "demo") as sub_user:
        assert [e.id for e in sub_user.employee.list().list] == [2, 3]  # Ben on 1, Clara
        with pytest.raises(EntityNotFoundError):
            sub_user.employee.read(employee_id=1)  # Anna drives tracker 4


# --- create, update, delete -------------------------------------------------------------------


def test_create_stores_the_employee_and_ignores_icon_and_avatar(
    client: Any, fleet_mock: FleetMock
) -> None:
    new = NewEmployee(
        first_name="John",
        last_name="Smith",
        email="smith@example.com",
        tracker_id=2,
        icon_id=55,
        avatar_file_name="me.png",
        location=Location(lat=52.5, lng=13.4, address="Engeldamm 18"),
        personnel_number="1059236",
        ssn="123-45-6789",
        tags=[1, 2],
    )
    employee_id = client.employee.create(employee=new)
    stored = client.employee.read(employee_id=employee_id)
    assert stored == Employee(**{**attrs.asdict(new, recurse=False), "id": employee_id,
                                 "icon_id": None, "avatar_file_name": None})  # fmt: skip
    assert fleet_mock.world.employees[employee_id].user_id == 1
    change = client.tracker.employee.read(tracker_id=2).last_change
    assert (change.new_employee_id, change.origin, change.changed) == (
        employee_id,
        "supervisor",
        NOW,
    )


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ({"tracker_id": 7}, EntityMissingError),  # another account's tracker
        ({"tracker_id": 999}, EntityMissingError),
        ({"department_id": 999}, EntityMissingError),
        ({"tags": [1, 999]}, EntityMissingError),
        ({"tracker_id": 4}, EntityExistsError),  # Anna drives it
        ({"first_name": " "}, InvalidParametersError),
        ({"email": "not an address"}, InvalidParametersError),
        ({"personnel_number": "x" * 16}, InvalidParametersError),
    ],
)
def test_create_refuses_bad_content_and_changes_nothing(
    client: Any, fleet_mock: FleetMock, content: dict[str, Any], error: type[Exception]
) -> None:
    before = fleet_mock.world.to_document()
    with pytest.raises(error):
        client.employee.create(employee=NewEmployee(**{"first_name": "Eve", **content}))
    assert fleet_mock.world.to_document() == before


def test_update_replaces_the_employee_and_moves_the_binding(client: Any) -> None:
    ben = client.employee.read(employee_id=2)
    client.employee.update(employee=attrs.evolve(ben, tracker_id=3, phone="49301234"))
    assert client.employee.read(employee_id=2) == attrs.evolve(ben, tracker_id=3, phone="49301234")
    assert client.tracker.employee.read(tracker_id=1).current is None
    assert client.tracker.employee.read(tracker_id=1).last_change.new_employee_id is None
    assert client.tracker.employee.read(tracker_id=3).current.id == 2
    client.employee.update(employee=attrs.evolve(ben, tracker_id=3))  # its own tracker: fine
    with pytest.raises(EntityExistsError):
        client.employee.update(employee=attrs.evolve(ben, tracker_id=4))
    with pytest.raises(EntityNotFoundError):
        client.employee.update(employee=attrs.evolve(ben, id=999))


def test_delete_unbinds_the_tracker_and_clears_the_employee_of_check_ins(
    client: Any, fleet_mock: FleetMock
) -> None:
    named = [c.id for c in fleet_mock.world.checkins.values() if c.employee_id == 1]
    assert named
    client.employee.delete(employee_id=1)
    with pytest.raises(EntityNotFoundError):
        client.employee.read(employee_id=1)
    assert client.tracker.employee.read(tracker_id=4).current is None
    assert all(client.checkin.read(checkin_id=i).employee_id is UNSET for i in named)
    FleetMock(fleet_mock.world.to_document())  # the world still loads: no dangling reference
    with pytest.raises(EntityNotFoundError):
        client.employee.delete(employee_id=1)


def test_deleting_a_department_leaves_its_employees_without_one(client: Any) -> None:
    client.department.delete(department_id=1)
    assert [e.department_id for e in client.employee.list().list] == [None, None, 2]


def test_a_sub_user_without_employee_update_reads_but_cannot_write() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["rights"] = ["task_update"]
    with FleetMock(document).login("dispatcher", "demo") as sub_user:
        assert sub_user.employee.list().count == 3
        calls = [
            lambda: sub_user.employee.create(employee=NewEmployee(first_name="x")),
            lambda: sub_user.employee.delete(employee_id=3),
            lambda: sub_user.tracker.employee.assign(tracker_id=2, new_employee_id=3),
        ]
        for call in calls:
            with pytest.raises(OperationNotPermittedError):
                call()


def test_the_checks_of_the_employee_calls_come_first() -> None:
    over_limit = _mock_with(dealers__0__device_limit=6)  # its accounts hold 7 trackers
    with over_limit.login() as client, pytest.raises(DeviceLimitExceededError):
        client.employee.list()
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["trackers"] = [1, 424242]
    sub_user = FleetMock(document).login("dispatcher", "demo")
    with sub_user, pytest.raises(NonExistentEntitiesError):
        sub_user.employee.read(employee_id=2)


# --- a tracker's employee ---------------------------------------------------------------------


def test_assign_binds_unbinds_and_records_the_change(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.clock.advance(60)
    client.tracker.employee.assign(tracker_id=1, new_employee_id=1)  # Anna leaves tracker 4 for 1
    assert client.tracker.employee.read(tracker_id=1).current.id == 1
    assert client.employee.read(employee_id=2).tracker_id is None  # Ben was unbound
    assert client.tracker.employee.read(tracker_id=4).current is None
    last = client.tracker.employee.read(tracker_id=1).last_change
    assert (last.new_employee_id, last.old_employee_id, last.origin) == (1, None, "supervisor")
    assert last.changed == NOW + dt.timedelta(minutes=1)
    assert last.location is not None  # where the tracker was
    with pytest.raises(NoChangeNeededError) as info:
        client.tracker.employee.assign(tracker_id=1, new_employee_id=1)
    assert info.value.code == 263
    client.tracker.employee.assign(tracker_id=1, new_employee_id=None)
    assert client.tracker.employee.read(tracker_id=1).current is None
    with pytest.raises(NoChangeNeededError):
        client.tracker.employee.assign(tracker_id=1, new_employee_id=None)


def test_read_assignment_answers_the_world_s_last_change(client: Any) -> None:
    answer = client.tracker.employee.read(tracker_id=4)
    assert answer.current.first_name == "Anna"
    assert answer.last_change.origin == "tracker"
    assert answer.last_change.hardware_key == "a1b2c3d4"
    assert client.tracker.employee.read(tracker_id=2).last_change is None


@pytest.mark.parametrize(
    ("tracker_id", "employee_id", "error"),
    [
        (999, 3, EntityNotFoundError),
        (7, 3, EntityNotFoundError),  # another account's tracker
        (2, 999, EntityNotFoundError),
        (5, 3, DeviceBlockedError),
        (6, 3, TariffRestrictionError),  # the basic tariff has no app_fleet
    ],
)
def test_assign_refusals(
    client: Any, fleet_mock: FleetMock, tracker_id: int, employee_id: int, error: type[Exception]
) -> None:
    before = fleet_mock.world.to_document()
    with pytest.raises(error):
        client.tracker.employee.assign(tracker_id=tracker_id, new_employee_id=employee_id)
    assert fleet_mock.world.to_document() == before


# --- batch_convert ----------------------------------------------------------------------------

COLUMNS = [
    "first_name",
    "last_name",
    "address",
    "tracker_label",
    "tags",
    "driver_license_valid_till",
]


def test_batch_convert_reads_rows_into_employees_and_creates_nothing(
    client: Any, fleet_mock: FleetMock
) -> None:
    batch = "\n".join(
        [
            "\t".join(COLUMNS),  # a header line of the field names is skipped
            "John\tSmith\tAlexanderplatz 1\tVan 2\turgent, vip\t2030-01-01",
            "\tNoName\tnowhere street\tVan 1\tnope\t2030-13-01",
        ]
    )
    before = fleet_mock.world.to_document()
    result = client.employee.batch_convert(batch=batch, fields=COLUMNS, default_radius=250)
    assert fleet_mock.world.to_document() == before
    assert result.limit_exceeded is False
    good, bad = (item.value for item in result.list)
    assert all(item.success for item in result.list)
    assert (good.first_name, good.tracker_id, good.tags, good.errors) == ("John", 2, [1, 3], UNSET)
    assert good.location.address.startswith("Alexanderplatz 1")
    assert good.location.radius == 250
    assert good.driver_license_valid_till == dt.date(2030, 1, 1)
    assert {(e.line, e.parameter) for e in bad.errors} == {
        (3, "address"),
        (3, "tracker_label"),  # Ben drives Van 1
        (3, "tags"),
        (3, "driver_license_valid_till"),
        (3, "first_name"),
    }
    assert (bad.last_name, bad.location, bad.tracker_id, bad.tags) == ("NoName", None, None, [])


def test_batch_convert_reads_a_stored_spreadsheet_by_its_header(client: Any) -> None:
    csv = b"First name,Last name,E-mail\nJohn,Smith,smith@example.com\nJane,Doe,not-an-address\n"
    parsed = client.data.spreadsheet.parse(
        file=("staff.csv", csv, "text/csv"),
        parse_header=True,
        preview_count=1,
        header_map={"First name": "first_name", "Last name": "last_name", "E-mail": "email"},
    )
    result = client.employee.batch_convert(file_id=parsed.file_id)
    john, jane = (item.value for item in result.list)
    assert (john.first_name, john.email, john.errors) == ("John", "smith@example.com", UNSET)
    assert [(e.line, e.parameter) for e in jane.errors] == [(3, "email")]


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"batch": "John Smith Anna Meyer"}, InvalidDataFormatError),  # no tab at all
        ({"batch": "John", "fields": ["first_name", "salary"]}, InvalidParametersError),
        ({"file_id": "404"}, EntityNotFoundError),
        ({}, InvalidParametersError),
    ],
)
def test_batch_convert_refusals(
    client: Any, params: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        client.employee.batch_convert(**params)
