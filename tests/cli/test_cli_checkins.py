"""``fleet checkin``: list, export, show, delete, upload and create, on the in-process mock."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

Cli = Any  # the runner of conftest.py

PNG = bytes.fromhex("89504e470d0a1a0a") + b"picture"


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


# --- list -------------------------------------------------------------------------------------


def test_list_as_json_and_with_filters(cli: Cli, session: str) -> None:
    assert [c["id"] for c in data(cli("checkin", "list"))] == [2, 1, 3]
    assert [c["id"] for c in data(cli("checkin", "list", "-t", "1", "-t", "4"))] == [2, 1]
    found = data(cli("checkin", "list", "--from", "2026-01-14", "--to", "2026-01-14 23:59:59"))
    assert [c["id"] for c in found] == [1]
    assert [c["id"] for c in data(cli("checkin", "list", "--comment", "pallet"))] == [3]
    assert [c["id"] for c in data(cli("checkin", "list", "--address", "depot"))] == [2]
    assert [c["id"] for c in data(cli("checkin", "list", "--employee", "1"))] == [1]
    assert [c["id"] for c in data(cli("checkin", "list", "--form", "1"))] == [1]
    near = data(cli("checkin", "list", "--near", "52.52,13.41,1000"))
    assert [c["id"] for c in near] == [1]
    ordered = data(cli("checkin", "list", "--sort", "marker_time=asc", "--limit", "2"))
    assert [c["id"] for c in ordered] == [3, 1]
    condition = '{"type": "in", "field": "tracker_id", "value": [1, 2]}'
    assert [c["id"] for c in data(cli("checkin", "list", "--condition", condition))] == [2, 3]
    every = data(cli("checkin", "list", "--all", "--limit", "1"))
    assert [c["id"] for c in every] == [2, 1, 3]


def test_list_as_a_table_names_the_trackers(cli: Cli, session: str) -> None:
    result = cli("checkin", "list", "-o", "table")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["ID", "TIME", "TRACKER"]
    assert "Anna's phone" in result.stdout
    assert "Parcel delivered to reception" in result.stdout
    assert "3 of 3 check-ins" in result.stderr


def test_list_errors_exit_with_their_family_code(cli: Cli, session: str) -> None:
    result = cli("checkin", "list", "-t", "5")
    assert result.exit_code == 5
    assert "[217]" in result.stderr
    result = cli("checkin", "list", "--from", "2025-01-01", "--to", "2026-01-01")
    assert result.exit_code == 6
    assert "[211]" in result.stderr
    assert cli("checkin", "list", "--near", "1,2").exit_code == 2
    assert cli("checkin", "list", "--condition", '{"type": "sometimes"}').exit_code == 2
    assert cli("checkin", "list", "--from", "the day before").exit_code == 2


# --- export -----------------------------------------------------------------------------------


def test_export_xlsx_to_a_file(cli: Cli, session: str, tmp_path: Path) -> None:
    target = tmp_path / "checkins.xlsx"
    result = cli("checkin", "export", "-O", str(target), "-t", "4")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert "Wrote" in result.stderr
    rows = list(openpyxl.load_workbook(target).active.values)
    assert [r[0] for r in rows] == ["ID", 1]


def test_export_pdf_by_extension_or_to_stdout(cli: Cli, session: str, tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    assert cli("checkin", "export", "-O", str(target)).exit_code == 0
    assert target.read_bytes().startswith(b"%PDF")
    result = cli("checkin", "export", "--format", "xlsx")
    assert result.exit_code == 0, result.stderr
    workbook = openpyxl.load_workbook(io.BytesIO(result.stdout_bytes))
    assert workbook.active.max_row == 4


def test_export_refuses_an_unknown_format(cli: Cli, session: str, tmp_path: Path) -> None:
    assert cli("checkin", "export", "-O", str(tmp_path / "x.csv")).exit_code == 2
    assert cli("checkin", "export", "--format", "doc").exit_code == 2


# --- show -------------------------------------------------------------------------------------


def test_show_a_checkin_and_save_its_files(cli: Cli, session: str, tmp_path: Path) -> None:
    shown = data(cli("checkin", "show", "1"))
    assert shown["form_label"] == "Delivery report"
    result = cli("checkin", "show", "1", "-o", "table", "--save-files", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert "reception.png" in result.stdout
    assert "Alexanderplatz 1, Berlin" in result.stdout
    assert (tmp_path / "reception.png").read_bytes().startswith(b"\x89PNG")
    missing = cli("checkin", "show", "424242")
    assert missing.exit_code == 5
    assert "[204]" in missing.stderr


# --- delete -----------------------------------------------------------------------------------


def test_delete_needs_yes_off_a_terminal(cli: Cli, session: str) -> None:
    result = cli("checkin", "delete", "2")
    assert result.exit_code == 2
    assert data(cli("checkin", "show", "2"))["id"] == 2
    result = cli("checkin", "delete", "2", "3", "--yes")
    assert result.exit_code == 0, result.stderr
    assert "Deleted 2 check-in(s)." in result.stderr
    assert cli("checkin", "show", "2").exit_code == 5


def test_delete_reads_ids_from_stdin_and_is_all_or_nothing(cli: Cli, session: str) -> None:
    result = cli("checkin", "delete", "-", "--yes", input="2 424242\n")
    assert result.exit_code == 5
    assert "[201]" in result.stderr
    assert cli("checkin", "show", "2").exit_code == 0
    assert cli("checkin", "delete", "x", "--yes").exit_code == 2


# --- upload and create ------------------------------------------------------------------------


def test_upload_prints_the_file_id_and_create_attaches_it(
    cli: Cli, session: str, fleet_mock: Any, tmp_path: Path
) -> None:
    photo = tmp_path / "gate.png"
    photo.write_bytes(PNG)
    result = cli("checkin", "upload", str(photo), "-o", "table")
    assert result.exit_code == 0, result.stderr
    file_id = int(result.stdout.strip())
    assert "Uploaded gate.png" in result.stderr
    assert fleet_mock.world.files[file_id].state == "uploaded"
    result = cli(
        "checkin", "create", "-t", "1", "--lat", "52.5", "--lng", "13.4",
        "--address", "Gate 3", "--comment", "Delivered", "--file-id", str(file_id),
    )  # fmt: skip
    created = data(result)["id"]
    shown = data(cli("checkin", "show", str(created)))
    assert shown["location"]["address"] == "Gate 3"
    assert [f["name"] for f in shown["files"]] == ["gate.png"]


def test_upload_from_stdin_as_json(cli: Cli, session: str) -> None:
    result = cli("checkin", "upload", "-", "--name", "door.png", "-o", "json", input=PNG)
    stored = data(result)
    assert (stored["name"], stored["state"], stored["size"]) == ("door.png", "uploaded", len(PNG))
    assert stored["file_id"] == stored["id"]


def test_create_with_photos_and_a_form(cli: Cli, session: str, tmp_path: Path) -> None:
    photo = tmp_path / "sig.png"
    photo.write_bytes(PNG)
    form = data(cli("checkin", "form-create", "--tracker-id", "4", "--template-id", "1"))["id"]
    signature = cli(
        "checkin", "upload", str(photo), "--form-id", str(form), "--field-id", "signature",
        "-o", "table",
    )  # fmt: skip
    assert signature.exit_code == 0, signature.stderr
    values = {
        "recipient": {"type": "text", "value": "Jo"},
        "signature": {"type": "signature", "file_id": int(signature.stdout)},
    }
    result = cli(
        "checkin", "create", "-t", "4", "--lat", "1", "--lng", "2", "--photo", str(photo),
        "--form-id", str(form), "--values", "-", input=json.dumps(values),
    )  # fmt: skip
    created = data(result)["id"]
    shown = data(cli("checkin", "show", str(created)))
    assert shown["form_label"] == "Delivery report"
    assert [f["name"] for f in shown["files"]] == ["sig.png"]


@pytest.mark.parametrize("tracker", ["99", "5"], ids=["missing", "blocked"])
def test_create_checks_the_tracker_before_sending_a_photo(
    cli: Cli, session: str, tmp_path: Path, fleet_mock: Any, tracker: str
) -> None:
    photo = tmp_path / "p.png"
    photo.write_bytes(PNG)
    before = len(fleet_mock.journal)
    result = cli("checkin", "create", "-t", tracker, "--lat", "1", "--lng", "2",
                 "--photo", str(photo), "--photo", str(photo))  # fmt: skip
    assert result.exit_code == 5, result.output
    assert "[201]" in result.stderr
    calls = [entry.call for entry in fleet_mock.journal[before:]]
    assert calls == ["tracker/read"]  # no upload reserved, no byte sent


def test_create_reserves_every_photo_before_uploading_one(
    cli: Cli, session: str, tmp_path: Path, fleet_mock: Any
) -> None:
    photo = tmp_path / "p.png"
    photo.write_bytes(PNG)
    before = len(fleet_mock.journal)
    result = cli("checkin", "create", "-t", "4", "--lat", "1", "--lng", "2", "--delay", "0",
                 "--photo", str(photo), "--photo", str(photo))  # fmt: skip
    assert result.exit_code == 0, result.output
    paths = [entry.call or entry.path for entry in fleet_mock.journal[before:]]
    assert paths[:3] == ["tracker/read", "checkin/image/create", "checkin/image/create"]
    assert paths[-1] == "checkin/create"


def test_create_reports_form_errors(cli: Cli, session: str) -> None:
    form = data(cli("checkin", "form-create", "--tracker-id", "4", "--template-id", "1"))["id"]
    result = cli(
        "checkin", "create", "-t", "4", "--lat", "1", "--lng", "2",
        "--form-id", str(form), "--values", "{}",
    )  # fmt: skip
    assert result.exit_code == 6
    assert "[242]" in result.stderr
    assert "recipient" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--field-id", "photos"],
        ["--form-id", "1"],
        ["--form-id", "1", "--checkin-id", "1", "--field-id", "photos"],
    ],
)
def test_upload_option_mistakes_are_usage_errors(
    cli: Cli, session: str, tmp_path: Path, args: list[str]
) -> None:
    photo = tmp_path / "a.png"
    photo.write_bytes(PNG)
    assert cli("checkin", "upload", str(photo), *args).exit_code == 2


def test_upload_errors_exit_with_their_family_code(cli: Cli, session: str, tmp_path: Path) -> None:
    note_file = tmp_path / "a.txt"
    note_file.write_text("text")
    result = cli("checkin", "upload", str(note_file), "--form-id", "1", "--field-id", "recipient")
    assert result.exit_code == 7
    assert "[231]" in result.stderr
    assert cli("checkin", "upload", str(tmp_path / "missing.png")).exit_code == 2


def test_upload_several_files_prints_one_id_each(
    cli: Cli, session: str, fleet_mock: Any, tmp_path: Path
) -> None:
    paths = []
    for name in ("a.png", "b.png"):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(PNG)
    result = cli("checkin", "upload", *map(str, paths), "--delay", "0", "-o", "table")
    assert result.exit_code == 0, result.stderr
    ids = [int(line) for line in result.stdout.split()]
    assert [fleet_mock.world.files[i].name for i in ids] == ["a.png", "b.png"]
    listed = data(cli("checkin", "upload", *map(str, paths), "--delay", "0", "-o", "json"))
    assert [f["name"] for f in listed] == ["a.png", "b.png"]
    assert cli("checkin", "upload", *map(str, paths), "--name", "x.png").exit_code == 2


def test_the_progress_bar_stays_off_stdout(
    cli: Cli, session: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from fleetapi_cli import files as cli_files

    monkeypatch.setattr(cli_files, "is_terminal", lambda stream=None: stream is sys.stderr)
    photo = tmp_path / "big.png"
    photo.write_bytes(PNG + bytes(300_000))
    terminal = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1"}  # Rich draws as on a terminal
    result = cli("checkin", "upload", str(photo), "-o", "table", env=terminal)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip().isdigit()
    assert "Uploaded big.png" in result.stderr


def test_the_generic_api_command_saves_an_export(cli: Cli, session: str, tmp_path: Path) -> None:
    target = tmp_path / "checkins.pdf"
    result = cli("api", "checkin/list", "format=pdf", "trackers:=[4]", "-O", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes().startswith(b"%PDF")
    assert [c["id"] for c in data(cli("api", "checkin/list", "format="))["list"]] == [2, 1, 3]
