"""``fleet task``: the hand-made task commands against the in-process mock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from fleetapi_cli.errors import EXIT_ROW_ERRORS


@pytest.fixture(autouse=True)
def no_demo_tasks(fleet_mock: Any) -> None:
    """These tests count what they list: start without the demo world's tasks."""
    fleet_mock.world.tasks.clear()
    fleet_mock.world.routes.clear()


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


CREATE = (
    "task",
    "create",
    "--label",
    "Drop parcels",
    "--lat",
    "52.4",
    "--lng",
    "13.1",
    "--from",
    "2026-01-15 10:00:00",
    "--to",
    "2026-01-15 12:00:00",
)


def test_create_list_assign_unassign_delete(cli: Cli, session: str, fleet_mock: Any) -> None:
    created = data(cli(*CREATE, "--external-id", "ORD-9", "--address", "Main St 1", "-o", "json"))
    task_id = created["id"]
    task = fleet_mock.world.tasks[task_id]
    assert (task.label, task.external_id, task.location.radius) == ("Drop parcels", "ORD-9", 100)
    assert (task.location.address, task.tracker_id) == ("Main St 1", None)

    assigned = cli("task", "assign", str(task_id), "--tracker", "2")
    assert assigned.exit_code == 0
    assert assigned.stdout == ""
    assert "assigned to tracker 2" in assigned.stderr
    listed = data(cli("task", "list", "--tracker", "2", "--status", "assigned", "-o", "json"))
    assert [t["id"] for t in listed] == [task_id]

    table = cli("task", "list", "--external-id", "ORD-9", "-o", "table")
    assert table.stdout.splitlines()[0].split()[:4] == ["ID", "LABEL", "STATUS", "TRACKER_ID"]
    assert "Drop parcels" in table.stdout
    assert "1 of 1 tasks" in table.stderr

    assert cli("task", "assign", str(task_id), "--unassign").exit_code == 0
    assert fleet_mock.world.tasks[task_id].tracker_id is None

    deleted = cli("task", "delete", str(task_id), "--yes")
    assert deleted.exit_code == 0
    assert task_id not in fleet_mock.world.tasks


def test_list_filters_and_sorting(cli: Cli, session: str) -> None:
    first = data(cli(*CREATE, "--tracker", "1", "-o", "json"))["id"]
    second = data(cli(*CREATE[:3], "Another", *CREATE[4:], "-o", "json"))["id"]
    by_label = data(cli("task", "list", "--sort", "label=asc", "-o", "json"))
    assert [t["id"] for t in by_label] == [second, first]
    assert [t["id"] for t in data(cli("task", "list", "-q", "another", "-o", "json"))] == [second]
    window = data(cli("task", "list", "--from", "2026-01-15 13:00:00", "-o", "json"))
    assert window == []
    page = data(cli("task", "list", "--limit", "1", "--offset", "1", "-o", "json"))
    assert [t["id"] for t in page] == [second]
    jsonl = cli("task", "list", "-o", "jsonl").stdout.splitlines()
    assert len(jsonl) == 2
    tsv = cli("task", "list", "-o", "tsv").stdout.splitlines()
    assert {"id", "label", "status", "location.lat"} <= set(tsv[0].split("\t"))
    assert len(tsv) == 3


def test_usage_and_api_errors(cli: Cli, session: str) -> None:
    task_id = data(cli(*CREATE, "-o", "json"))["id"]
    assert cli("task", "assign", str(task_id)).exit_code == 2
    assert cli("task", "assign", str(task_id), "--tracker", "1", "--unassign").exit_code == 2
    assert cli("task", "list", "--status", "lost").exit_code == 2
    assert cli("task", "list", "--from", "next week").exit_code == 2
    missing = cli("task", "assign", "424242", "--tracker", "1")
    assert missing.exit_code == 5
    assert "[201]" in missing.stderr
    blocked = cli("task", "assign", str(task_id), "--tracker", "5")
    assert (blocked.exit_code, "[208]" in blocked.stderr) == (7, True)
    no_tasks = cli("task", "assign", str(task_id), "--tracker", "6")
    assert no_tasks.exit_code == 8
    past = cli(*CREATE[:8], "--from", "2026-01-01 10:00:00", "--to", "2026-01-01 12:00:00")
    assert past.exit_code == 6
    assert "to: must not be in the past" in past.stderr
    assert cli("task", "delete", "424242", "--yes").exit_code == 5


def test_delete_asks_unless_yes(cli: Cli, session: str, fleet_mock: Any) -> None:
    task_id = data(cli(*CREATE, "-o", "json"))["id"]
    refused = cli("task", "delete", str(task_id))
    assert refused.exit_code == 2
    assert task_id in fleet_mock.world.tasks


GOOD = "Parcel\t2026-01-15 10:00:00\t\tMain St 1\t52.5\t13.4\tfragile\n"
BAD = "\t2026-01-15 10:00:00\t\tnowhere\t\t\t\n"


def test_batch_convert_from_a_file_and_stdin(cli: Cli, session: str, tmp_path: Path) -> None:
    path = tmp_path / "tasks.tsv"
    path.write_text(GOOD + GOOD)
    rows = data(cli("task", "batch-convert", str(path), "-o", "json"))
    assert [r["label"] for r in rows] == ["Parcel", "Parcel"]
    assert rows[0]["location"] == {"lat": 52.5, "lng": 13.4, "radius": 100, "address": "Main St 1"}
    piped = cli(
        "task",
        "batch-convert",
        "-",
        "--fields",
        "label,lat,lng,from",
        "--default-radius",
        "30",
        "--employee",
        "1",
        "-o",
        "json",
        input="Stop\t52.5\t13.4\t2026-01-15 10:00:00\n",
    )
    (row,) = data(piped)
    assert (row["location"]["radius"], row["tracker_id"]) == (30, 4)
    assert "1 rows, 0 with errors" in piped.stderr


def test_batch_convert_row_errors_exit_non_zero(cli: Cli, session: str) -> None:
    result = cli("task", "batch-convert", "-", "-o", "json", input=GOOD + BAD)
    assert result.exit_code == EXIT_ROW_ERRORS
    assert len(json.loads(result.stdout)) == 2
    assert "line 2: label: must not be empty or blank" in result.stderr
    assert "line 2: address: no place, zone or location found" in result.stderr
    assert "2 rows, 1 with errors" in result.stderr
    assert cli("task", "batch-convert", "no-such-file.tsv").exit_code == 2
    wrong = cli("task", "batch-convert", "-", "--fields", "label,colour", input=GOOD)
    assert wrong.exit_code == 6
