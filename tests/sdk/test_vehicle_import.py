"""Vehicle imports through the SDK, against the mock: a stored spreadsheet becomes vehicles
line by line as the world clock moves, each line checked as ``vehicle/batch_convert`` checks a
row, and the lines that failed come back as a file."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

import pytest

from fleetapi import (
    EntityExistsError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    NoDataFileError,
    OperationNotPermittedError,
    TooManyRequestsError,
)
from fleetapi_mock import FleetMock, demo_document

HEADER = ["Label", "Model", "Year", "Object", "Garage", "Trailer plate"]
FIELDS = ["label", "model", "manufacture_year", "tracker_label", "garage", "trailer_reg_number"]
ROWS = [
    ["Van 5", "Sprinter", "2021", "Anna's phone", "demo fleet south", "B-TR 1"],
    ["", "Crafter", "2020", "", "", ""],  # no label
    ["Van 6", "Transit", "soon", "", "", ""],  # not a year
    ["Van 7", "Vito", "2019", "Anna's phone", "", ""],  # the tracker line 1 took
    ["Van 8", "Ducato", "2018", "Van 1", "1", ""],  # the tracker of vehicle 1
    ["Van 9", "Master", "2022", "", "Nowhere depot", ""],  # no such garage
]
START = dt.timedelta(minutes=1)
"""A process waits a minute, then passes a line a second."""


def _csv(header: list[str], rows: list[list[str]]) -> bytes:
    text = io.StringIO()
    csv.writer(text).writerows([header, *rows])
    return text.getvalue().encode()


def _store(client: Any, header: list[str] = HEADER, rows: list[list[str]] = ROWS) -> str:
    """A spreadsheet stored for a later import: its ``file_id``."""
    preview = client.data.spreadsheet.parse(
        file=("vehicles.csv", _csv(header, rows), "text/csv"), preview_count=1, parse_header=True
    )
    return str(preview.file_id)


def _labels(client: Any) -> list[str]:
    return [v.label for v in client.vehicle.list()]


def test_an_import_makes_each_vehicle_as_the_process_passes_its_line(
    fleet_mock: FleetMock, client: Any
) -> None:
    before = _labels(client)
    process_id = client.vehicle.import_.start(
        filename=_store(client), headers=FIELDS, user_headers=HEADER
    )
    started = client.vehicle.import_.read(process_id=process_id)
    assert (started.status, started.type, started.filename) == (
        "created",
        "vehicle",
        started.filename,
    )
    assert started.params.headers == FIELDS
    fleet_mock.clock.advance(START + dt.timedelta(seconds=1))
    first = client.vehicle.import_.read(process_id=process_id)
    assert (first.status, first.progress.processed_lines, first.progress.imported) == (
        "in_progress",
        1,
        1,
    )
    assert _labels(client) == [*before, "Van 5"]
    fleet_mock.clock.advance(dt.timedelta(seconds=10))
    done = client.vehicle.import_.read(process_id=process_id)
    assert done.status == "done"
    assert (done.progress.imported, done.progress.failed, done.progress.percent) == (1, 5, 100)
    assert [e.line for e in done.progress.errors] == [2, 3, 4, 5, 6]
    assert _labels(client) == [*before, "Van 5"]
    van = client.vehicle.list()[-1]
    assert (van.model, van.manufacture_year, van.tracker_id, van.garage_id) == (
        "Sprinter",
        2021,
        4,
        2,
    )
    assert client.vehicle.import_.list()[-1] == done


def test_a_line_has_the_problems_batch_convert_finds_in_its_row(
    fleet_mock: FleetMock, client: Any
) -> None:
    rows = [["", "Crafter", "2020"], ["Van 6", "Transit", "soon"], ["Van 7", "Vito", "1999"]]
    file_id = _store(client, HEADER[:3], rows)
    fields = FIELDS[:3]
    converted = client.vehicle.batch_convert(file_id=file_id, fields=fields).list
    expected = [f"{e.parameter}: {e.error}" for row in converted if row.errors for e in row.errors]
    process_id = client.vehicle.import_.start(filename=file_id, headers=fields)
    fleet_mock.clock.advance(dt.timedelta(minutes=5))
    process = client.vehicle.import_.read(process_id=process_id)
    assert [e.error for e in process.progress.errors] == expected
    assert [e.line for e in process.progress.errors] == [1, 2]  # the first data line is 1
    assert _labels(client)[-1] == "Van 7"


def test_a_vehicle_never_takes_a_tracker_from_another(fleet_mock: FleetMock, client: Any) -> None:
    """``vehicle/create`` moves a tracker by default; an import line fails instead."""
    file_id = _store(client, HEADER[:4], [r[:4] for r in ROWS[3:5]])
    process_id = client.vehicle.import_.start(filename=file_id, headers=FIELDS[:4])
    fleet_mock.clock.advance(dt.timedelta(minutes=5))
    errors = client.vehicle.import_.read(process_id=process_id).progress.errors
    assert [e.error for e in errors] == ["tracker_label: tracker 1 is bound to vehicle 1"]
    assert client.vehicle.read(vehicle_id=1).tracker_id == 1


def test_the_failed_lines_come_back_as_they_were_read(fleet_mock: FleetMock, client: Any) -> None:
    process_id = client.vehicle.import_.start(filename=_store(client), headers=FIELDS)
    with pytest.raises(EntityMissingError):  # nothing failed yet
        client.vehicle.import_.download_failed(process_id=process_id)
    fleet_mock.clock.advance(START + dt.timedelta(seconds=3))
    content = client.vehicle.import_.download_failed(process_id=process_id)
    assert list(csv.reader(io.StringIO(content.decode()))) == [HEADER, ROWS[1], ROWS[2]]
    fleet_mock.clock.advance(dt.timedelta(minutes=1))
    content = client.vehicle.import_.download_failed(process_id=process_id)
    assert list(csv.reader(io.StringIO(content.decode()))) == [HEADER, *ROWS[1:]]
    demo = client.vehicle.import_.download_failed(process_id=1)  # the demo's line 9
    assert demo.decode().splitlines()[0] == "Label,Model,Reg number,VIN"


def test_what_start_refuses(fleet_mock: FleetMock) -> None:
    client = fleet_mock.login(max_retries=0)
    fleet_mock.clock.advance(dt.timedelta(minutes=5))  # the demo's employee import is done
    file_id = _store(client)
    with pytest.raises(NoDataFileError):
        client.vehicle.import_.start(filename="404", headers=FIELDS)
    for headers in ([*FIELDS[:5], "wings"], [*FIELDS[:5], "label"]):
        with pytest.raises(InvalidParametersError):
            client.vehicle.import_.start(filename=file_id, headers=headers)
    with pytest.raises(InvalidDataFormatError):  # a column without a field
        client.vehicle.import_.start(filename=file_id, headers=FIELDS[:5])
    client.vehicle.import_.start(filename=file_id, headers=FIELDS)
    with pytest.raises(EntityExistsError):
        client.vehicle.import_.start(filename=file_id, headers=FIELDS)
    client.vehicle.import_.start(filename=file_id, headers=[*FIELDS[:5], "undefined"])
    client.vehicle.import_.start(filename=file_id, headers=[*FIELDS[:4], "undefined", "undefined"])
    with pytest.raises(TooManyRequestsError):  # three are waiting
        client.vehicle.import_.start(filename=file_id, headers=[*FIELDS[:3], *["undefined"] * 3])
    fleet_mock.clock.advance(dt.timedelta(minutes=2))
    client.vehicle.import_.start(filename=file_id, headers=[*FIELDS[:3], *["undefined"] * 3])


def test_processes_are_the_accounts_and_of_their_type(fleet_mock: FleetMock, client: Any) -> None:
    assert [p.id for p in client.vehicle.import_.list()] == [1]
    assert [p.id for p in client.employee.import_.list()] == [2]
    for call in (
        lambda: client.vehicle.import_.read(process_id=2),
        lambda: client.employee.import_.read(process_id=1),
        lambda: client.employee.import_.download_failed(process_id=1),
    ):
        with pytest.raises(EntityNotFoundError):
            call()
    with fleet_mock.login("other", "other") as other:
        assert other.vehicle.import_.list() == []
        with pytest.raises(EntityNotFoundError):
            other.vehicle.import_.read(process_id=1)
        with pytest.raises(NoDataFileError):  # the demo's stored spreadsheet
            other.vehicle.import_.start(
                filename="1", headers=["label", "model", "reg_number", "vin"]
            )


def test_a_sub_user_imports_in_its_own_sight() -> None:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    mock = FleetMock(document)
    # it has no vehicle_update
    with mock.login("dispatcher", "demo") as sub, pytest.raises(OperationNotPermittedError):
        sub.vehicle.import_.start(filename="1", headers=["label", "model", "reg_number", "vin"])
    dispatcher["rights"] = ["vehicle_update"]
    dispatcher["trackers"] = [1, 6]
    mock = FleetMock(document)
    with mock.login("dispatcher", "demo") as sub:
        file_id = _store(
            sub,
            HEADER[:4],
            [["Van 5", "", "", "Truck 7"], ["Van 6", "", "", "Scooter (basic tariff)"]],
        )
        process_id = sub.vehicle.import_.start(filename=file_id, headers=FIELDS[:4])
        mock.clock.advance(dt.timedelta(minutes=5))
        errors = sub.vehicle.import_.read(process_id=process_id).progress.errors
        assert [e.error for e in errors] == ["tracker_label: no tracker labelled 'Truck 7'"]
        assert [(v.label, v.tracker_id) for v in sub.vehicle.list()][-1] == ("Van 6", 6)
