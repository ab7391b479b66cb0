"""``fleet vehicle``, ``fleet garage``, ``fleet department`` against the in-process mock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import Cli
from fleetapi_cli.errors import EXIT_ROW_ERRORS


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


def test_vehicle_list_filters_sorts_and_pages(cli: Cli, session: str) -> None:
    vehicles = data(cli("vehicle", "list", "-o", "json"))
    assert [v["id"] for v in vehicles] == [1, 2, 3, 4]
    vans = data(cli("vehicle", "list", "--filter", "van", "--sort", "label=desc", "-o", "json"))
    assert [v["label"] for v in vans] == ["Van 2", "Van 1"]
    page = data(cli("vehicle", "list", "--sort", "type=asc", "--sort", "id=desc", "-n", "2",
                    "--offset", "1", "-o", "json"))  # fmt: skip
    assert [v["id"] for v in page] == [2, 1]
    bad = cli("vehicle", "list", "--sort", "colour=asc")
    assert bad.exit_code == 6
    assert "sort[0]" in bad.stderr


def test_vehicle_list_table_has_the_daily_columns(cli: Cli, session: str) -> None:
    table = cli("vehicle", "list", "-o", "table")
    assert table.exit_code == 0
    header = table.stdout.splitlines()[0].split()
    assert header[:3] == ["ID", "LABEL", "TYPE"]
    assert "TRACKER_LABEL" in header
    assert "Demo Fleet Logistics" in table.stdout
    header, first, *_ = cli("vehicle", "list", "-o", "tsv").stdout.splitlines()
    row = dict(zip(header.split("\t"), first.split("\t"), strict=True))  # every field
    assert (row["id"], row["label"], row["tracker_label"]) == ("1", "Van 1", "Van 1")


def test_vehicle_show_and_delete(cli: Cli, session: str, fleet_mock: Any) -> None:
    shown = data(cli("vehicle", "show", "3", "-o", "json"))
    assert (shown["label"], shown["tracker_label"], shown["subtype"]) == (
        "Truck 7", "Truck 7", "refrigerator",
    )  # fmt: skip
    assert cli("vehicle", "show", "5").exit_code == 5  # the other account's
    refused = cli("vehicle", "delete", "4")
    assert refused.exit_code == 2
    assert 4 in fleet_mock.world.vehicles
    deleted = cli("vehicle", "delete", "4", "--yes")
    assert deleted.exit_code == 0
    assert "Deleted vehicle 4." in deleted.stderr
    assert 4 not in fleet_mock.world.vehicles
    assert cli("vehicle", "delete", "4", "--yes").exit_code == 5


ROWS = "Van 9\tSprinter\tB-X 9\tDiesel\nBus 1\tCitaro\tB-B 1\tDiesel\n"


def test_vehicle_batch_convert_from_a_file_and_stdin(
    cli: Cli, session: str, tmp_path: Path
) -> None:
    path = tmp_path / "cars.tsv"
    path.write_text("label\tmodel\treg_number\tfuel_grade\n" + ROWS)
    rows = data(cli("vehicle", "batch-convert", str(path), "-o", "json"))
    assert [(r["label"], r["model"], r["type"]) for r in rows] == [
        ("Van 9", "Sprinter", "car"),
        ("Bus 1", "Citaro", "car"),
    ]
    piped = cli("vehicle", "batch-convert", "-", "--fields", "label,type,tracker_label",
                "-o", "json", input="Bus 2\tbus\tScooter (basic tariff)\n")  # fmt: skip
    (row,) = data(piped)
    assert (row["type"], row["tracker_id"]) == ("bus", 6)
    assert "1 rows, 0 with errors" in piped.stderr


def test_vehicle_batch_convert_row_errors_exit_6(cli: Cli, session: str) -> None:
    result = cli("vehicle", "batch-convert", "-", "--fields", "label,type,max_speed",
                 "-o", "json", input="Van\tcar\t120\n\tplane\tfast\n")  # fmt: skip
    assert result.exit_code == EXIT_ROW_ERRORS == 12
    assert len(json.loads(result.stdout)) == 2
    assert "line 2: label: must not be empty or blank" in result.stderr
    assert "line 2: max_speed: must be an integer, not 'fast'" in result.stderr
    assert "2 rows, 1 with errors" in result.stderr
    assert cli("vehicle", "batch-convert", "no-such-file.tsv").exit_code == 2
    assert cli("vehicle", "batch-convert").exit_code == 2  # neither FILE nor --file-id
    wrong = cli("vehicle", "batch-convert", "-", "--fields", "label,colour", input=ROWS)
    assert wrong.exit_code == 6
    assert "fields[1]" in wrong.stderr
    commas = cli("vehicle", "batch-convert", "-", input="Van 9,Sprinter,B-X 9,Diesel\n")
    assert commas.exit_code == 6
    assert "[234]" in commas.stderr


def test_vehicle_batch_convert_of_a_stored_file(cli: Cli, session: str) -> None:
    rows = data(cli("vehicle", "batch-convert", "--file-id", "1", "-o", "json"))
    assert [r["label"] for r in rows] == ["Van 3", "Van 4", "Truck 8"]
    assert cli("vehicle", "batch-convert", "--file-id", "424242").exit_code == 5


def test_generated_vehicle_commands_stay_beside_the_hand_made_ones(
    cli: Cli, session: str, fleet_mock: Any
) -> None:
    created = data(cli("vehicle", "create", "--vehicle", '{"label": "CLI car", "type": "car"}',
                       "-o", "json"))["id"]  # fmt: skip
    assert fleet_mock.world.vehicles[created].label == "CLI car"


def test_garage_and_department_lists(cli: Cli, session: str) -> None:
    garages = data(cli("garage", "list", "-o", "json"))
    assert [g["organization_name"] for g in garages] == ["Demo Fleet Logistics", "Demo Fleet South"]
    table = cli("garage", "list", "-o", "table").stdout
    assert table.splitlines()[0].split()[:2] == ["ID", "ORGANIZATION_NAME"]
    assert "Depotweg 1, Berlin" in table
    departments = data(cli("department", "list", "-o", "json"))
    assert [d["label"] for d in departments] == ["North", "South"]
    assert "Mullerstrasse 10" in cli("department", "list", "-o", "table").stdout
    assert cli("garage", "delete", "1", "--yes").exit_code == 0  # generated
    assert [g["id"] for g in data(cli("garage", "list", "-o", "json"))] == [2]


def test_tracker_readings_shows_each_value_as_a_row(cli: Cli, session: str) -> None:
    table = cli("tracker", "readings", "1", "-o", "tsv")
    assert table.exit_code == 0, table.stderr
    header, *rows = table.stdout.splitlines()
    assert header.split("\t") == ["kind", "id", "name", "value", "units", "updated"]
    cells = [row.split("\t") for row in rows]
    assert [(c[0], c[2], c[3], c[4]) for c in cells[:4]] == [
        ("sensor", "Fuel tank", "55.6", "litres"),
        ("sensor", "Coolant temperature", "88.0", "celsius"),
        ("sensor", "Fuel used (CAN)", "116.4", "litres"),
        ("virtual", "Engine running", "On", ""),
    ]
    assert [c[2] for c in cells if c[0] == "counter"] == ["odometer", "engine_hours"]
    fuel = data(cli("tracker", "readings", "1", "--type", "fuel", "-o", "json"))
    assert [r["label"] for r in fuel["inputs"]] == ["Fuel tank"]
    assert "states" not in fuel
    assert cli("tracker", "readings", "1", "--type", "nosuch").exit_code == 6
