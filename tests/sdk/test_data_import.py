"""Spreadsheet parsing and import processes through the SDK, against the mock."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import httpx
import openpyxl
import pytest

from fleetapi import (
    Client,
    EmptyDataFileError,
    EntityNotFoundError,
    FileTooLargeError,
    InvalidDataFormatError,
    InvalidParametersError,
    NoDataFileError,
)
from fleetapi._types import UNSET
from fleetapi_mock.domain.context import Context

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLS_FIXTURE = Path(__file__).resolve().parents[1] / "data" / "vehicles.xls"


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


VEHICLE_ROWS: list[list[object]] = [
    ["Label", "Model", "Year", "Registered"],
    ["Van 9", "Sprinter", 2019, dt.datetime(2024, 5, 2)],
    ["Truck 12", "Actros", 2021.5, dt.datetime(2025, 1, 3, 14, 30)],
    [None, None, None, None],
    ["Car 3", "Golf", True, None],
]


def stored(fleet_mock, file_id: str, login: str = "demo"):
    """The stored file as another call of the account would see it."""
    from fleetapi.endpoints.data import DATA_SPREADSHEET_PARSE

    ctx = Context(
        world=fleet_mock.world,
        endpoint=DATA_SPREADSHEET_PARSE,
        user=fleet_mock.world.user_by_login(login),
    )
    return next((r for r in ctx.owned(fleet_mock.world.data_files) if r.id == file_id), None)


# --- Spreadsheet parsing ----------------------------------------------------------------------


def test_parse_xlsx_with_header_and_header_map(fleet_client, fleet_mock):
    preview = fleet_client.data.spreadsheet.parse(
        file=("vehicles.xlsx", xlsx_bytes(VEHICLE_ROWS), XLSX),
        preview_count=2,
        parse_header=True,
        header_map={"label": "label", "Model ": "model"},
    )
    assert preview.header == ["label", "model", "Year", "Registered"]
    assert preview.preview == [
        ["Van 9", "Sprinter", "2019", "2024-05-02"],
        ["Truck 12", "Actros", "2021.5", "2025-01-03 14:30:00"],
    ]
    record = stored(fleet_mock, preview.file_id)
    assert record is not None
    assert record.format == "xlsx"
    assert record.header == ["Label", "Model", "Year", "Registered"]
    assert record.fields == ["label", "model", "Year", "Registered"]
    # The blank row is dropped; trailing empty cells are trimmed.
    assert record.rows[-1] == ["Car 3", "Golf", "true"]
    assert len(record.rows) == 3
    assert record.uploaded == fleet_mock.clock.now()


def test_parse_without_header_previews_the_first_rows(fleet_client):
    preview = fleet_client.data.spreadsheet.parse(
        file=("v.xlsx", xlsx_bytes(VEHICLE_ROWS), XLSX), preview_count=1, parse_header=False
    )
    assert preview.header is UNSET
    assert preview.preview == [["Label", "Model", "Year", "Registered"]]


def test_the_header_is_absent_without_parse_header(fleet_mock):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    response = http.post(
        "/data/spreadsheet/parse",
        data={"hash": fleet_mock.session("demo"), "preview_count": "3", "parse_header": "false"},
        files={"file": ("a.csv", b"a,b\n1,2\n", "text/csv")},
    )
    body = response.json()
    assert body["success"] is True
    assert "header" not in body
    assert body["preview"] == [["a", "b"], ["1", "2"]]
    assert isinstance(body["file_id"], str)


def test_parse_xls_fixture(fleet_client, fleet_mock):
    preview = fleet_client.data.spreadsheet.parse(
        file=XLS_FIXTURE, preview_count=20, parse_header=True
    )
    assert preview.header == ["Label", "Model", "Year", "Reg number"]
    assert preview.preview == [
        ["Van 9", "Sprinter", "2019", "B-FL 9"],
        ["Truck 12", "Actros", "2021", "B-FL 12"],
        ["Car 3", "Golf", "2018.5", "B-FL 3"],
        ["Bus 1", "Citaro", "2020", "2026-03-01"],
    ]
    assert stored(fleet_mock, preview.file_id).format == "xls"


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("Label,Model\nVan 9,Sprinter\n", [["Label", "Model"], ["Van 9", "Sprinter"]]),
        ("Label;Model\r\nVan 9;Sprinter\r\n", [["Label", "Model"], ["Van 9", "Sprinter"]]),
        ("Label\tModel\nVan 9\tSprinter\n", [["Label", "Model"], ["Van 9", "Sprinter"]]),
        (
            '\ufeffLabel,Note\n"Van, 9","said ""hi"""\n',
            [["Label", "Note"], ["Van, 9", 'said "hi"']],
        ),
        ("Label\nVan 9\nVan 10\n", [["Label"], ["Van 9"], ["Van 10"]]),
    ],
)
def test_parse_csv_dialects(fleet_client, text, rows):
    preview = fleet_client.data.spreadsheet.parse(
        file=("list.csv", text.encode("utf-8"), "text/csv"), preview_count=20, parse_header=False
    )
    assert preview.preview == rows


def test_windows_browsers_send_csv_as_ms_excel(fleet_client):
    preview = fleet_client.data.spreadsheet.parse(
        file=("list.csv", b"a,b\n1,2\n", "application/vnd.ms-excel"),
        preview_count=5,
        parse_header=True,
    )
    assert preview.header == ["a", "b"]
    assert preview.preview == [["1", "2"]]


def test_a_generic_type_goes_by_the_extension(fleet_client):
    preview = fleet_client.data.spreadsheet.parse(
        file=("cars.xlsx", xlsx_bytes([["x"], ["y"]]), "application/octet-stream"),
        preview_count=5,
        parse_header=True,
    )
    assert preview.preview == [["y"]]


def test_file_ids_are_unique_and_kept_per_account(fleet_client, fleet_mock):
    first = fleet_client.data.spreadsheet.parse(
        file=("a.csv", b"a\n1\n"), preview_count=1, parse_header=False
    )
    second = fleet_client.data.spreadsheet.parse(
        file=("a.csv", b"a\n1\n"), preview_count=1, parse_header=False
    )
    assert first.file_id != second.file_id
    assert set(fleet_mock.world.data_files) >= {"1", first.file_id, second.file_id}
    assert stored(fleet_mock, first.file_id, "dispatcher") is not None  # same account
    assert stored(fleet_mock, first.file_id, "other") is None
    assert stored(fleet_mock, "no-such-file") is None


def test_a_sub_user_may_parse(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as client:
        preview = client.data.spreadsheet.parse(
            file=("a.csv", b"a\n1\n"), preview_count=1, parse_header=True
        )
    assert stored(fleet_mock, preview.file_id).user_id == 1


def test_the_demo_world_has_a_stored_file(fleet_mock):
    record = stored(fleet_mock, "1")
    assert record.fields == ["label", "model", "reg_number", "vin"]
    assert record.rows[0][0] == "Van 3"


@pytest.mark.parametrize(
    ("name", "content", "mime"),
    [
        ("photo.png", b"\x89PNG\r\n", "image/png"),
        ("notes.txt", b"a,b\n", "text/plain"),
        ("upload", b"a,b\n", "application/octet-stream"),
        ("cars.xlsx", b"Label,Model\nVan,Golf\n", XLSX),  # text pretending to be a workbook
        ("cars.xlsx", b"PK\x03\x04 broken zip", XLSX),
        ("cars.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 broken", "application/vnd.ms-excel"),
        ("cars.csv", "Label\nÄ\n".encode("latin-1"), "text/csv"),
        ("cars.csv", b"a,b\n\x00\x01\x02\n", "text/csv"),
    ],
)
def test_wrong_format_or_mime_type_is_234(fleet_client, fleet_mock, name, content, mime):
    before = dict(fleet_mock.world.data_files)
    with pytest.raises(InvalidDataFormatError) as info:
        fleet_client.data.spreadsheet.parse(
            file=(name, content, mime), preview_count=1, parse_header=False
        )
    assert (info.value.code, info.value.http_status) == (234, 400)
    assert fleet_mock.world.data_files == before


def test_no_file_part_is_233(fleet_mock):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    hash_ = fleet_mock.session("demo")
    for files in ({"other": ("a.csv", b"a\n1\n", "text/csv")}, None):
        response = http.post(
            "/data/spreadsheet/parse",
            data={"hash": hash_, "preview_count": "1", "parse_header": "true"},
            files=files,
        )
        assert response.json()["status"]["code"] == 233
    response = http.post(
        "/data/spreadsheet/parse", json={"hash": hash_, "preview_count": 1, "parse_header": True}
    )
    assert response.json()["status"]["code"] == 233


@pytest.mark.parametrize(
    ("content", "parse_header"),
    [(b"", False), (b"  \n\n", False), (b"Label,Model\n", True), (b",,\n , ,\n", False)],
)
def test_a_file_without_data_rows_is_274(fleet_client, content, parse_header):
    with pytest.raises(EmptyDataFileError) as info:
        fleet_client.data.spreadsheet.parse(
            file=("e.csv", content, "text/csv"), preview_count=1, parse_header=parse_header
        )
    assert info.value.code == 274


def test_an_empty_workbook_is_274(fleet_client):
    with pytest.raises(EmptyDataFileError):
        fleet_client.data.spreadsheet.parse(
            file=("e.xlsx", xlsx_bytes([]), XLSX), preview_count=1, parse_header=False
        )


def test_a_file_above_the_dealer_limit_is_271(fleet_client, fleet_mock):
    fleet_mock.world.dealers[1].platform["file_storage.hard_max_file_size"] = 10
    with pytest.raises(FileTooLargeError) as info:
        fleet_client.data.spreadsheet.parse(
            file=("big.csv", b"a,b\n" * 10, "text/csv"), preview_count=1, parse_header=False
        )
    assert (info.value.code, info.value.http_status) == (271, 413)


@pytest.mark.parametrize("count", [0, 21, -1])
def test_preview_count_is_1_to_20(fleet_client, count):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.data.spreadsheet.parse(
            file=("a.csv", b"a\n1\n"), preview_count=count, parse_header=False
        )
    assert info.value.errors[0]["parameter"] == "preview_count"


@pytest.mark.anyio
async def test_parse_async(fleet_async_client):
    preview = await fleet_async_client.data.spreadsheet.parse(
        file=("a.xlsx", xlsx_bytes([["Label"], ["Van"]]), XLSX), preview_count=5, parse_header=True
    )
    assert preview.header == ["Label"]
    assert preview.preview == [["Van"]]
    with pytest.raises(InvalidDataFormatError):
        await fleet_async_client.data.spreadsheet.parse(
            file=("a.png", b"x", "image/png"), preview_count=5, parse_header=True
        )


def test_multipart_over_http(fleet_server):
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        preview = client.data.spreadsheet.parse(
            file=XLS_FIXTURE, preview_count=1, parse_header=True, header_map={"Label": "label"}
        )
        assert preview.header == ["label", "Model", "Year", "Reg number"]
        assert preview.preview == [["Van 9", "Sprinter", "2019", "B-FL 9"]]
        with pytest.raises(NoDataFileError):
            client.request("data/spreadsheet/parse", {"preview_count": 1, "parse_header": True})
    assert preview.file_id in fleet_server.world.data_files


# --- Import processes -------------------------------------------------------------------------


def test_import_list_and_filter(fleet_client):
    processes = fleet_client.data.import_.list()
    assert [(p.id, p.type) for p in processes] == [(1, "vehicle"), (2, "employee")]
    assert [p.id for p in fleet_client.data.import_.list(types=["employee"])] == [2]
    assert [p.id for p in fleet_client.data.import_.list(types=["vehicle", "employee"])] == [1, 2]
    assert [p.id for p in fleet_client.data.import_.list(types=[])] == [1, 2]


def test_import_read_done_process(fleet_client):
    process = fleet_client.data.import_.read(process_id=1, type="vehicle")
    assert process.status == "done"
    assert process.user_id == 1
    assert process.created == dt.date(2026, 1, 14)
    assert process.status_change_date == dt.date(2026, 1, 14)
    assert process.params.headers == ["label", "model", "reg_number", "vin"]
    assert process.filename == "vehicles-2026-01.tsv"
    progress = process.progress
    assert (progress.processed_lines, progress.imported, progress.failed) == (12, 11, 1)
    assert progress.percent == 100
    assert [(w.line, w.error) for w in progress.warnings] == [
        (4, "vin: 16 characters, expected 17")
    ]
    assert [e.line for e in progress.errors] == [9]


def test_an_import_process_moves_with_the_clock(fleet_client, fleet_mock):
    # Created 08:50, starts 08:51, 100 lines a minute, 1200 lines: done at 09:03.
    process = fleet_client.data.import_.read(process_id=2, type="employee")
    assert process.status == "in_progress"
    assert process.progress.processed_lines == 900
    assert process.progress.percent == 75
    assert (process.progress.imported, process.progress.failed) == (899, 1)
    assert [e.line for e in process.progress.errors] == [17]
    fleet_mock.clock.set(dt.datetime(2026, 1, 15, 8, 50, 30))
    early = fleet_client.data.import_.read(process_id=2, type="employee")
    assert early.status == "created"
    assert early.progress.processed_lines == 0
    fleet_mock.clock.set(dt.datetime(2026, 1, 16, 0, 0))
    done = fleet_client.data.import_.read(process_id=2, type="employee")
    assert done.status == "done"
    assert done.status_change_date == dt.date(2026, 1, 15)
    assert (done.progress.imported, done.progress.failed, done.progress.percent) == (1198, 2, 100)


def test_a_failing_import_and_the_first_25_problems(fleet_client, fleet_mock):
    from fleetapi.models.data import ImportLineError
    from fleetapi_mock.state.records import ImportProcessRecord

    fleet_mock.world.import_processes[7] = ImportProcessRecord(
        id=7,
        user_id=1,
        type="vehicle",
        filename="broken.tsv",
        created=dt.datetime(2026, 1, 15, 8, 0),
        lines=100,
        lines_per_minute=10,
        fails_at_line=60,
        warnings=[ImportLineError(line=n, error="odd") for n in range(1, 41)],
        errors=[ImportLineError(line=n, error="bad") for n in range(2, 80, 2)],
    )
    process = fleet_client.data.import_.read(process_id=7, type="vehicle")
    # Started 08:01; line 60 is reached at 08:07, before now (09:00).
    assert process.status == "failed"
    assert process.progress.processed_lines == 60
    assert len(process.progress.warnings) == 25
    assert len(process.progress.errors) == 25
    assert process.progress.failed == 30  # lines 2, 4, ... 60
    assert process.progress.imported == 30


def test_import_read_unknown_wrong_type_or_other_account_is_201(fleet_client, fleet_mock):
    for process_id, type_ in ((1, "employee"), (99, "vehicle")):
        with pytest.raises(EntityNotFoundError) as info:
            fleet_client.data.import_.read(process_id=process_id, type=type_)
        assert info.value.code == 201
    with fleet_mock.login("other", "other") as other:
        assert other.data.import_.list() == []
        with pytest.raises(EntityNotFoundError):
            other.data.import_.read(process_id=1, type="vehicle")


def test_a_sub_user_sees_the_account_imports(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as client:
        assert [p.id for p in client.data.import_.list()] == [1, 2]
        process = client.data.import_.read(process_id=2, type="employee")
    # The dispatcher's time zone is Europe/Berlin: dates follow it.
    assert process.created == dt.date(2026, 1, 15)


def test_an_unknown_import_type_is_7(fleet_client):
    with pytest.raises(InvalidParametersError):
        fleet_client.data.import_.list(types=["tracker"])  # type: ignore[list-item]


@pytest.mark.anyio
async def test_imports_async(fleet_async_client):
    processes = await fleet_async_client.data.import_.list(types=["vehicle"])
    assert [p.id for p in processes] == [1]
    with pytest.raises(EntityNotFoundError):
        await fleet_async_client.data.import_.read(process_id=2, type="vehicle")


def test_a_forged_sheet_dimension_is_ignored(fleet_client):
    import re
    import zipfile

    original = zipfile.ZipFile(io.BytesIO(xlsx_bytes([["Label"], ["Van"]])))
    forged = io.BytesIO()
    with zipfile.ZipFile(forged, "w") as out:
        for item in original.infolist():
            content = original.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                content = re.sub(
                    rb'<dimension ref="[^"]*"/>', b'<dimension ref="A1:CV20000"/>', content
                )
            out.writestr(item, content)
    preview = fleet_client.data.spreadsheet.parse(
        file=("f.xlsx", forged.getvalue(), XLSX), preview_count=20, parse_header=False
    )
    assert preview.preview == [["Label"], ["Van"]]
