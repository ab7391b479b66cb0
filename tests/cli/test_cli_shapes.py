"""What a command prints follows one rule: the entity, or the list of entities, a row each; and
relative times count on the server's clock, not this machine's."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from conftest import Cli
from fleetapi.models.task import Route, Task
from fleetapi_cli.shapes import record_fields


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_read_prints_the_entity_not_the_answer_around_it(cli: Cli, session: str) -> None:
    task = _json(cli("task", "read", "1"))
    assert task["id"] == 1
    assert "value" not in task
    assert _json(cli("tracker", "read", "1"))["id"] == 1  # the hand-made read, alike


def _checkpoint(label: str) -> dict[str, Any]:
    return {
        "label": label,
        "description": "",
        "from": "2026-01-16 09:00:00",
        "to": "2026-01-16 10:00:00",
        "location": {"lat": 52.5, "lng": 13.4, "radius": 50},
    }


def test_a_route_is_printed_with_the_checkpoints_its_answer_gives(cli: Cli, session: str) -> None:
    created = _json(
        cli(
            "api",
            "task/route/create",
            'route:={"label": "Round", "tracker_id": 1, "description": ""}',
            "checkpoints:=" + json.dumps([_checkpoint("A"), _checkpoint("B")]),
        )
    )
    route = _json(cli("task", "read", str(created["result"]["id"])))
    assert route["checkpoint_ids"]
    assert [c["label"] for c in route["checkpoints"]] == ["A", "B"]


def test_tracker_states_has_a_row_per_tracker_in_every_format(cli: Cli, session: str) -> None:
    tsv = cli("tracker", "states", "1", "2", "3", "-o", "tsv")
    assert tsv.exit_code == 0, tsv.output
    header, *rows = tsv.stdout.splitlines()
    assert header.split("\t")[:2] == ["tracker_id", "source_id"]
    assert [row.split("\t")[0] for row in rows] == ["1", "2", "3"]
    listed = _json(cli("tracker", "states", "1", "2"))
    assert [state["tracker_id"] for state in listed] == [1, 2]


def test_trackers_that_do_not_exist_are_told_on_stderr(cli: Cli, session: str) -> None:
    result = cli("tracker", "states", "1", "999", "--allow-not-exist", "-o", "jsonl")
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["tracker_id"] for line in result.stdout.splitlines()] == [1]
    assert "not_exist: 999" in result.stderr


def test_a_generated_list_prints_the_list_and_tells_the_count_on_stderr(
    cli: Cli, session: str
) -> None:
    result = cli("place", "list", "-o", "json")
    places = _json(result)
    assert isinstance(places, list)
    assert places
    assert result.stderr == f"{len(places)} of {len(places)} places\n"


def test_an_empty_tsv_keeps_its_header(cli: Cli, session: str) -> None:
    empty = cli("tracker", "list", "--label", "no such van", "-o", "tsv")  # a hand-made command
    assert empty.exit_code == 0, empty.output
    whole = cli("tracker", "list", "-o", "tsv")
    assert empty.stdout == whole.stdout.splitlines(keepends=True)[0]
    generated = cli("place", "list", "999", "-o", "tsv")
    assert generated.exit_code == 0, generated.output
    [header] = generated.stdout.splitlines()
    assert {"id", "label", "location.lat"} <= set(header.split("\t"))


def test_an_empty_tsv_with_chosen_columns_has_those(cli: Cli, session: str) -> None:
    result = cli("--columns", "id,label", "tracker", "list", "--label", "none", "-o", "tsv")
    assert result.stdout == "id\tlabel\n"


def test_record_fields_flatten_nested_objects_and_join_a_union() -> None:
    fields = record_fields(Task | Route)
    assert fields[:3] == ["id", "user_id", "tracker_id"]
    assert "location.lat" in fields  # a task's nested location
    assert "checkpoint_ids" in fields  # a route's own field
    assert "from" in fields  # wire names (the attribute is from_)


def test_follow_writes_json_lines_where_json_would_be(cli: Cli, session: str) -> None:
    result = cli("event", "list", "--follow", "--polls", "1", "--from", "2026-01-14")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert [e["id"] for e in events] == [1, 2, 3]


def test_relative_times_count_on_the_servers_clock(cli: Cli, session: str, fleet_mock: Any) -> None:
    # the demo world's clock stands at 2026-01-15 09:00, far from this machine's
    assert abs(fleet_mock.clock.now() - dt.datetime.now()) > dt.timedelta(days=2)
    result = cli("event", "list", "--from", "-1h", "-o", "jsonl")
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["event"] for line in result.stdout.splitlines()] == ["sos"]
    today = cli("event", "list", "--from", "today", "-o", "jsonl")
    assert [json.loads(line)["id"] for line in today.stdout.splitlines()] == [3]


def test_the_help_of_a_moment_says_which_clock(cli: Cli) -> None:
    assert "server's clock" in cli("event", "list", "-h").stdout
