"""Employee imports through the SDK, against the mock: each line checked as
``employee/batch_convert`` checks a row, located by its point or its address, and made an
employee as the process passes it."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import pytest

from fleetapi import EntityMissingError, InvalidParametersError
from fleetapi_mock import FleetMock

AFTER_THE_LINES = dt.timedelta(minutes=5)
"""Long enough for a process of a few lines to be done."""


def _store(client: Any, header: list[str], rows: list[list[str]]) -> str:
    text = io.StringIO()
    csv.writer(text).writerows([header, *rows])
    preview = client.data.spreadsheet.parse(
        file=("drivers.csv", text.getvalue().encode(), "text/csv"),
        preview_count=1,
        parse_header=True,
    )
    return str(preview.file_id)


def _imported(fleet_mock: FleetMock, client: Any, file_id: str, headers: list[str]) -> Any:
    """The process importing ``file_id``, once done."""
    process_id = client.employee.import_.start(filename=file_id, headers=headers)
    fleet_mock.clock.advance(AFTER_THE_LINES)
    process = client.employee.import_.read(process_id=process_id)
    assert process.status == "done"
    return process


def _newest(client: Any, count: int) -> list[Any]:
    return client.employee.list().list[-count:] if count else []


def test_an_employee_is_located_by_its_point_or_its_address(
    fleet_mock: FleetMock, client: Any
) -> None:
    file_id = _store(
        client,
        ["First", "Last", "Address", "Lat", "Lng", "Radius", "Object", "Tags"],
        [
            [
                "Erik",
                "Lang",
                "Kiosk at the corner",
                "52.5",
                "13.4",
                "250",
                "Scooter (basic tariff)",
                "vip",
            ],
            ["Frida", "Berg", "Alexanderplatz 1, Berlin", "", "", "", "", "urgent, fragile"],
        ],
    )
    headers = [
        "first_name",
        "last_name",
        "address",
        "lat",
        "lng",
        "radius",
        "tracker_label",
        "tags",
    ]
    process = _imported(fleet_mock, client, file_id, headers)
    assert (process.progress.imported, process.progress.failed) == (2, 0)
    erik, frida = _newest(client, 2)
    assert (erik.first_name, erik.tracker_id, erik.tags) == ("Erik", 6, [3])
    assert erik.location is not None
    assert (erik.location.lat, erik.location.lng, erik.location.radius) == (52.5, 13.4, 250)
    assert erik.location.address == "Kiosk at the corner"
    assert frida.tags == [1, 2]
    assert frida.location is not None
    assert (frida.location.address, frida.location.radius) == (
        "Alexanderplatz 1, 10178 Berlin, Germany",
        100,
    )  # the gazetteer's
    assert client.tracker.employee.read(tracker_id=6).current == erik


def test_a_line_has_the_problems_batch_convert_finds_in_its_row(
    fleet_mock: FleetMock, client: Any
) -> None:
    rows = [
        ["", "Lang", "2031-02-30", "Van 1"],  # no first name, no such date, Ben drives Van 1
        ["Gert", "Hahn", "2030-01-01", "Nobody's car"],
        ["Hanna", "Voss", "", ""],
    ]
    headers = ["first_name", "last_name", "driver_license_valid_till", "tracker_label"]
    file_id = _store(client, ["First", "Last", "Valid till", "Object"], rows)
    converted = client.employee.batch_convert(file_id=file_id, fields=headers).list
    expected = [
        (e.line - 1, f"{e.parameter}: {e.error}")
        for row in converted
        if row.value.errors
        for e in row.value.errors
    ]
    process = _imported(fleet_mock, client, file_id, headers)
    assert [(e.line, e.error) for e in process.progress.errors] == expected
    assert (process.progress.imported, process.progress.failed) == (1, 2)
    assert [e.first_name for e in _newest(client, 1)] == ["Hanna"]


def test_a_point_must_be_numbers_within_range(fleet_mock: FleetMock, client: Any) -> None:
    file_id = _store(
        client,
        ["First", "Lat", "Lng"],
        [["Ida", "north", "13.4"], ["Jan", "95", "13.4"], ["Kai", "52.5", "13,4"]],
    )
    process = _imported(fleet_mock, client, file_id, ["first_name", "lat", "lng"])
    assert [e.line for e in process.progress.errors] == [1, 2]
    assert process.progress.errors[1].error.startswith("location.lat:")
    kai = _newest(client, 1)[0]
    assert kai.location is not None
    assert (kai.first_name, kai.location.lng) == ("Kai", 13.4)  # a decimal comma reads


def test_two_lines_cannot_drive_one_tracker(fleet_mock: FleetMock, client: Any) -> None:
    """Each line alone is fine (the batch call finds no problem); the second one passed finds
    the tracker taken by the first."""
    rows = [["Lena", "Scooter (basic tariff)"], ["Mia", "Scooter (basic tariff)"]]
    file_id = _store(client, ["First", "Object"], rows)
    headers = ["first_name", "tracker_label"]
    converted = client.employee.batch_convert(file_id=file_id, fields=headers).list
    assert not any(row.value.errors for row in converted)
    process = _imported(fleet_mock, client, file_id, headers)
    lena = _newest(client, 1)[0]
    assert [(e.line, e.error) for e in process.progress.errors] == [
        (2, f"tracker_label: employee {lena.id} drives tracker 6")
    ]
    content = client.employee.import_.download_failed(process_id=process.id)
    assert content.decode().splitlines() == ["First,Object", "Mia,Scooter (basic tariff)"]


def test_headers_name_employee_fields(client: Any) -> None:
    file_id = _store(client, ["First", "Plate"], [["Nina", "B-X 1"]])
    with pytest.raises(InvalidParametersError):
        client.employee.import_.start(filename=file_id, headers=["first_name", "reg_number"])
    with pytest.raises(EntityMissingError):  # the demo's import keeps no lines
        client.employee.import_.download_failed(process_id=2)
