"""Spreadsheet uploads cannot hold the server or fill its memory: bounds, quota, the lock."""

from __future__ import annotations

import io
import threading
import zipfile

import httpx
import openpyxl
import pytest
from test_data_import import XLSX, xlsx_bytes

from fleetapi import FileTooLargeError, InvalidDataFormatError, OverQuotaError
from fleetapi_mock import FleetMock
from fleetapi_mock.domain import spreadsheet as spreadsheets
from fleetapi_mock.handlers import data as data_handlers


def bomb(sheet_xml: bytes, *, part: str = "xl/worksheets/sheet1.xml") -> bytes:
    """A real workbook whose ``part`` is ``sheet_xml`` (deflated), replaced or added."""
    source = zipfile.ZipFile(io.BytesIO(xlsx_bytes([["a"]])))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            if info.filename != part:
                target.writestr(info.filename, source.read(info.filename))
        target.writestr(part, sheet_xml)
    return out.getvalue()


def rows_xml(count: int) -> bytes:
    rows = b"<row><c><v>1</v></c></row>" * count
    return (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>" + rows + b"</sheetData></worksheet>"
    )


def test_a_compression_bomb_is_234_before_it_inflates(fleet_client):
    content = bomb(rows_xml(1_000_000))  # a million rows in a few hundred kB
    assert len(content) < 2_000_000
    with pytest.raises(InvalidDataFormatError, match="compression bomb"):
        fleet_client.data.spreadsheet.parse(
            file=("rows.xlsx", content, XLSX), preview_count=1, parse_header=False
        )


def test_a_shared_strings_bomb_is_234(fleet_client):
    strings = b"<si><t>x</t></si>" * 1_500_000  # 25 MB of strings: below the size bound
    xml = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">%s</sst>'
    content = bomb(xml % strings, part="xl/sharedStrings.xml")
    with pytest.raises(InvalidDataFormatError, match="compression bomb"):
        fleet_client.data.spreadsheet.parse(
            file=("s.xlsx", content, XLSX), preview_count=1, parse_header=False
        )


def test_an_archive_that_inflates_too_far_is_271(fleet_client, monkeypatch):
    monkeypatch.setattr(spreadsheets, "MAX_INFLATED_BYTES", 4096)
    content = xlsx_bytes([[f"row {i}", i] for i in range(200)])
    with pytest.raises(FileTooLargeError, match="inflates to"):
        fleet_client.data.spreadsheet.parse(
            file=("big.xlsx", content, XLSX), preview_count=1, parse_header=False
        )


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_more_rows_than_the_bound_is_271(fleet_client, kind):
    rows = [[f"r{i}"] for i in range(spreadsheets.MAX_ROWS + 1)]
    if kind == "xlsx":
        file = ("rows.xlsx", xlsx_bytes(rows), XLSX)
    else:
        file = ("rows.csv", "\n".join(r[0] for r in rows).encode(), "text/csv")
    with pytest.raises(FileTooLargeError, match=f"more than {spreadsheets.MAX_ROWS} rows"):
        fleet_client.data.spreadsheet.parse(file=file, preview_count=1, parse_header=False)


def test_more_cells_than_the_bound_is_271(fleet_client, monkeypatch):
    monkeypatch.setattr(spreadsheets, "MAX_CELLS", 50)
    content = "\n".join(",".join("x" * 10) for _ in range(6)).encode()
    with pytest.raises(FileTooLargeError, match="more than 50 cells"):
        fleet_client.data.spreadsheet.parse(
            file=("c.csv", content, "text/csv"), preview_count=1, parse_header=False
        )


def test_a_server_side_failure_is_never_the_clients_fault(fleet_mock, monkeypatch):
    def exhausted(data):
        raise MemoryError

    monkeypatch.setattr(spreadsheets, "_csv_rows", exhausted)
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    answer = http.post(
        "/data/spreadsheet/parse",
        data={"hash": fleet_mock.session(), "preview_count": "1", "parse_header": "false"},
        files={"file": ("a.csv", b"a,b\n1,2\n", "text/csv")},
    )
    assert answer.status_code == 500
    assert answer.json()["status"]["code"] == 6  # not 234 "not a readable file"


def test_stored_spreadsheets_have_a_quota_per_account(fleet_client, fleet_mock):
    world = fleet_mock.world
    mine = [r for r in world.data_files.values() if r.user_id == 1]
    for _ in range(data_handlers.MAX_STORED_FILES - len(mine)):
        fleet_client.data.spreadsheet.parse(
            file=("a.csv", b"a\n1\n", "text/csv"), preview_count=1, parse_header=False
        )
    before = dict(world.data_files)
    with pytest.raises(OverQuotaError, match="keeps 20 spreadsheets"):
        fleet_client.data.spreadsheet.parse(
            file=("a.csv", b"a\n1\n", "text/csv"), preview_count=1, parse_header=False
        )
    assert world.data_files == before
    other = fleet_mock.login("other", "other")  # another account is not held back
    other.data.spreadsheet.parse(
        file=("a.csv", b"a\n1\n", "text/csv"), preview_count=1, parse_header=False
    )
    fleet_mock.clock.advance(data_handlers.STORED_FILE_LIFETIME)  # then the oldest go
    fleet_client.data.spreadsheet.parse(
        file=("a.csv", b"a\n1\n", "text/csv"), preview_count=1, parse_header=False
    )


def test_the_quota_counts_cells(fleet_client, fleet_mock, monkeypatch):
    mine = [r for r in fleet_mock.world.data_files.values() if r.user_id == 1]
    stored = sum(len(row) for record in mine for row in record.rows)
    monkeypatch.setattr(data_handlers, "MAX_STORED_CELLS", stored + 10)
    fleet_client.data.spreadsheet.parse(
        file=("a.csv", b"a,b\n1,2\n", "text/csv"), preview_count=1, parse_header=False
    )
    content = "\n".join("1,2,3" for _ in range(3)).encode()
    with pytest.raises(OverQuotaError, match=f"more than {stored + 10} cells"):
        fleet_client.data.spreadsheet.parse(
            file=("b.csv", content, "text/csv"), preview_count=1, parse_header=False
        )


def test_other_requests_are_served_while_a_spreadsheet_is_read():
    mock = FleetMock()
    reading, release = threading.Event(), threading.Event()
    real = spreadsheets._csv_rows

    def slow(data):
        reading.set()
        assert release.wait(10)
        return real(data)

    answers: list[httpx.Response] = []
    key = mock.session()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spreadsheets, "_csv_rows", slow)
        http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
        upload = threading.Thread(
            target=lambda: answers.append(
                http.post(
                    "/data/spreadsheet/parse",
                    data={"hash": key, "preview_count": "1", "parse_header": "false"},
                    files={"file": ("a.csv", b"a\n1\n", "text/csv")},
                )
            )
        )
        upload.start()
        assert reading.wait(10)
        other = http.post("/tracker/list", headers={"Authorization": f"NVX {key}"})
        assert other.json()["success"] is True  # served while the upload is being read
        release.set()
        upload.join(10)
    assert answers[0].json()["success"] is True


def test_a_normal_workbook_still_parses(fleet_client):
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for i in range(500):
        sheet.append([f"Vehicle {i}", "Model", i])
    buffer = io.BytesIO()
    book.save(buffer)
    preview = fleet_client.data.spreadsheet.parse(
        file=("v.xlsx", buffer.getvalue(), XLSX), preview_count=2, parse_header=False
    )
    assert preview.preview == [["Vehicle 0", "Model", "0"], ["Vehicle 1", "Model", "1"]]
