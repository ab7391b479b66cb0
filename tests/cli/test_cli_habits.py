"""Habits users bring from gh and the AWS CLI: ``--jq EXPR`` on whatever prints JSON, and every
missing required option named in one go."""

from __future__ import annotations

import json

import pytest

from conftest import Cli


def test_jq_filters_a_list_and_prints_strings_raw(cli: Cli, session: str) -> None:
    result = cli("tracker", "list", "--jq", ".[] | select(.id <= 2) | .label")
    assert result.exit_code == 0, result.output
    assert result.stdout == "Van 1\nVan 2\n"


def test_jq_prints_other_values_as_compact_json_one_per_line(cli: Cli, session: str) -> None:
    result = cli("--jq", ".[:2][] | {id, label}", "tracker", "list")  # before the command too
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        {"id": 1, "label": "Van 1"},
        {"id": 2, "label": "Van 2"},
    ]


def test_jq_applies_to_each_line_of_json_lines(cli: Cli, session: str) -> None:
    result = cli("event", "list", "--follow", "--polls", "1", "--from", "2026-01-14", "--jq", ".id")
    assert result.exit_code == 0, result.output
    assert result.stdout == "1\n2\n3\n"


def test_jq_filters_the_raw_answer_of_fleet_api(cli: Cli, session: str) -> None:
    result = cli("api", "tracker/read", "tracker_id=1", "--jq", ".value.label")
    assert result.stdout == "Van 1\n"


@pytest.mark.parametrize(
    ("expression", "says"),
    [(".[", "syntax error"), (".label", "Cannot index array")],
)
def test_a_bad_jq_expression_is_a_usage_error(
    cli: Cli, session: str, expression: str, says: str
) -> None:
    result = cli("tracker", "list", "--jq", expression)
    assert result.exit_code == 2
    assert says in result.stderr
    assert result.stdout == ""


def test_jq_with_a_table_or_tsv_asked_for_is_a_usage_error(cli: Cli, session: str) -> None:
    result = cli("tracker", "list", "-o", "tsv", "--jq", ".")
    assert result.exit_code == 2
    assert "--jq filters JSON" in result.stderr


def test_every_missing_option_is_named_at_once(cli: Cli, session: str) -> None:
    result = cli("report", "generate")
    assert result.exit_code == 2
    assert "Missing options: '--from', '--to'." in result.stderr
    one = cli("report", "generate", "--from", "2026-01-14")
    assert "Missing option '--to'." in one.stderr
