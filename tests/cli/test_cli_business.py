"""The hand-made commands of payments, data import and the geocoder, on the in-process mock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

Cli = Any  # the runner of conftest.py

XLS_FIXTURE = Path(__file__).resolve().parents[1] / "data" / "vehicles.xls"


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


# --- fleet geocode ----------------------------------------------------------------------------


def test_geocode_an_address(cli: Cli, session: str) -> None:
    found = data(cli("geocode", "potsdamer platz", "-o", "json"))
    assert found[0]["address"] == "Potsdamer Platz 1, 10785 Berlin, Germany"
    assert found[0]["details"]["postcode"] == "10785"


def test_geocode_table_shows_address_and_coordinates(cli: Cli, session: str) -> None:
    result = cli("geocode", "Marienplatz", "--output", "table")
    assert result.exit_code == 0, result.stderr
    header, row = result.stdout.splitlines()[:2]
    assert header.split()[:3] == ["ADDRESS", "LAT", "LNG"]
    assert "Marienplatz 1, 80331 München, Germany" in row
    assert "48.1374" in row


def test_geocode_reverse(cli: Cli, session: str) -> None:
    (found,) = data(cli("geocode", "--reverse", "52.5164,13.3778", "-o", "json"))
    assert found["address"] == "Pariser Platz 1, 10117 Berlin, Germany"
    assert (found["lat"], found["lng"]) == (52.5164, 13.3778)
    assert found["details"]["street"] == "Pariser Platz"


def test_geocode_reverse_with_nothing_near_exits_6(cli: Cli, session: str) -> None:
    result = cli("geocode", "--reverse", "0,0")
    assert result.exit_code == 6
    assert "[210]" in result.stderr


@pytest.mark.parametrize(
    "args",
    [["geocode"], ["geocode", "x", "--reverse", "1,2"], ["geocode", "--reverse", "north"]],
)
def test_geocode_usage_errors(cli: Cli, session: str, args: list[str]) -> None:
    result = cli(*args)
    assert result.exit_code == 2


# --- fleet data -------------------------------------------------------------------------------


def test_data_parse_prints_file_id_and_preview(cli: Cli, session: str, fleet_mock: Any) -> None:
    result = cli("data", "parse", str(XLS_FIXTURE), "--preview", "2", "--header", "-o", "table")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("file_id: ")
    file_id = lines[0].split(": ", 1)[1]
    assert file_id in fleet_mock.world.data_files
    assert lines[1].split()[:2] == ["LABEL", "MODEL"]
    assert "Sprinter" in lines[2]
    assert "Actros" in lines[3]
    assert len(lines) == 4


def test_data_parse_json_with_header_map(cli: Cli, session: str) -> None:
    answer = data(
        cli("data", "parse", str(XLS_FIXTURE), "--header", "--map", "Label=label", "-o", "json")
    )
    assert answer["header"] == ["label", "Model", "Year", "Reg number"]
    assert len(answer["preview"]) == 4  # the default preview is 5 rows; the file has 4


def test_data_parse_stdin_tsv(cli: Cli, session: str) -> None:
    result = cli("data", "parse", "-", "-o", "tsv", input="a;b\n1;2\n3;4\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["column 1\tcolumn 2", "a\tb", "1\t2", "3\t4"]
    assert "file_id: " in result.stderr


def test_data_parse_wrong_format_exits_6(cli: Cli, session: str, tmp_path: Path) -> None:
    picture = tmp_path / "photo.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")
    result = cli("data", "parse", str(picture))
    assert result.exit_code == 6
    assert "[234]" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["data", "parse", "/no/such/file.csv"],
        ["data", "parse", "-", "--map", "Label=label"],
        ["data", "parse", "-", "--header", "--map", "Label"],
    ],
)
def test_data_parse_usage_errors(cli: Cli, session: str, args: list[str]) -> None:
    assert cli(*args, input="a\n1\n").exit_code == 2


def test_data_imports(cli: Cli, session: str) -> None:
    processes = data(cli("data", "imports", "-o", "json"))
    assert [(p["id"], p["status"]) for p in processes] == [(1, "done"), (2, "in_progress")]
    only = data(cli("data", "imports", "--type", "employee", "-o", "json"))
    assert [p["id"] for p in only] == [2]
    table = cli("data", "imports", "-o", "table")
    assert table.stdout.splitlines()[0].split()[:4] == ["ID", "TYPE", "FILENAME", "STATUS"]
    assert cli("data", "imports", "--type", "tracker").exit_code == 2


def test_the_generated_import_read_joins_the_group(cli: Cli, session: str) -> None:
    process = data(cli("data", "import", "--process-id", "2", "--type", "employee"))
    assert process["progress"]["processed_lines"] == 900


# --- fleet bill -------------------------------------------------------------------------------


def test_bill_create_then_list(cli: Cli, session: str) -> None:
    created = data(cli("bill", "create", "--payer", "Demo Logistics GmbH", "--sum", "61.5"))
    bills = data(cli("bill", "list", "-o", "json"))
    assert bills[0]["order_id"] == created["order_id"]
    assert bills[0]["sum"] == 61.5
    assert [b["order_id"] for b in bills] == [3, 2, 1]
    page = cli("bill", "list", "--limit", "1", "--offset", "1", "-o", "json")
    assert [b["order_id"] for b in data(page)] == [2]
    assert "1 of 3 bills" in page.stderr


def test_bill_list_all_pages(cli: Cli, session: str, fleet_mock: Any) -> None:
    for n in range(3):
        data(cli("bill", "create", "--payer", f"p{n}", "--sum", "5"))
    result = cli("bill", "list", "--all", "--limit", "2", "-o", "json")
    assert [b["order_id"] for b in data(result)] == [5, 4, 3, 2, 1]
    assert "5 of 5 bills" in result.stderr


def test_bill_list_table(cli: Cli, session: str) -> None:
    result = cli("bill", "list", "-o", "table")
    assert result.stdout.splitlines()[0].split()[:4] == ["ORDER_ID", "CREATED", "SUM", "STATUS"]
    assert "settled" in result.stdout


def test_bill_create_needs_plugin_29(cli: Cli, session: str, fleet_mock: Any) -> None:
    fleet_mock.world.users.change(1, plugins=[])
    result = cli("bill", "create", "--payer", "p", "--sum", "1")
    assert result.exit_code == 5
    assert "[222]" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["bill", "create", "--payer", "p"],
        ["bill", "list", "--offset", "-1"],
    ],
)
def test_bill_usage_errors(cli: Cli, session: str, args: list[str]) -> None:
    assert cli(*args).exit_code == 2


@pytest.mark.parametrize(
    ("args", "parameter"),
    [
        (["bill", "create", "--payer", "p", "--sum", "0"], "sum"),
        (["data", "parse", "-", "--preview", "21"], "preview_count"),
    ],
)
def test_hand_made_options_leave_the_field_limits_to_the_service(
    cli: Cli, session: str, args: list[str], parameter: str
) -> None:
    """The limits are the model's (the mock enforces them, code 7), not restated by the CLI."""
    result = cli(*args, input="a\n1\n")
    assert result.exit_code == 6, result.output
    assert "[7]" in result.stderr
    assert parameter in result.stderr


def test_a_bill_page_beyond_the_maximum_is_refused_by_the_service(cli: Cli, session: str) -> None:
    result = cli("bill", "list", "--limit", "10001")
    assert result.exit_code == 6  # every list command leaves the maximum to the service
    assert "[7]" in result.stderr
    assert "limit" in result.stderr
