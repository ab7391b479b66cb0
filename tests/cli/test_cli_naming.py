"""The path is the name on the command line: every call is ``fleet`` and the words of its path,
one grammar for every command, and the 0.1 names still run with a warning."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

from fleetapi._renames import CLI_RENAMES
from fleetapi.endpoints import BY_PATH, ENDPOINTS
from fleetapi_cli import output
from fleetapi_cli._index import owner, short_forms
from fleetapi_cli.app import find_command
from fleetapi_cli.fields import field_specs
from fleetapi_cli.generated import entity_spec

Cli = Any  # the runner of conftest.py


def same(a: Any, b: Any) -> bool:
    """Whether two commands are one (each lookup builds its objects anew: a hand-made command
    runs the same function, a generated one has the same help and parameters)."""
    if getattr(a.callback, "__wrapped__", a.callback) is getattr(
        b.callback, "__wrapped__", b.callback
    ):
        return True
    return (a.help, [p.name for p in a.params]) == (b.help, [p.name for p in b.params])


def kebab(path: str) -> list[str]:
    return [segment.replace("_", "-") for segment in path.split("/")]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_call_is_fleet_and_the_words_of_its_path(endpoint: Any) -> None:
    assert list(endpoint.cli_words) == kebab(endpoint.path)
    command = find_command(*endpoint.cli_words)
    assert command is not None, endpoint.path
    if getattr(command, "fallback", None) is not None:  # a call that is a prefix (user auth)
        command = command.fallback()
    if owner(endpoint.path) is None:  # generated: it says which call it makes
        assert f"Calls {endpoint.path}." in (command.help or "")
    for words in short_forms(endpoint.path):  # the hand-made short forms are the same command
        alias = find_command(*words)
        assert alias is not None, words
        if getattr(alias, "fallback", None) is not None:  # a group of the table too
            alias = alias.fallback()
        if owner(endpoint.path) == (" ".join(words[:-1]), words[-1]):
            assert same(alias, command)


def test_a_hand_made_command_is_its_calls_command_and_keeps_its_short_form(cli: Cli, session):
    by_words = cli("tracker", "get-state", "1", "-o", "json")
    by_short_form = cli("tracker", "state", "1", "-o", "json")
    assert by_words.exit_code == 0, by_words.stderr
    assert json.loads(by_words.stdout) == json.loads(by_short_form.stdout)
    assert "deprecated" not in by_short_form.stderr
    listing = cli("tracker", "-h").stdout
    assert "get-state" in listing
    assert "\n  state " not in listing  # a short form beside its call's command is not listed


def test_a_group_of_the_table_keeps_a_short_form_of_the_same_name(cli: Cli, session) -> None:
    """``fleet tracker readings 1`` (hand-made) beside ``fleet tracker readings list``."""
    short = cli("tracker", "readings", "1", "-o", "json")
    full = cli("tracker", "readings", "list", "1", "-o", "json")
    assert short.exit_code == 0, short.stderr
    assert json.loads(short.stdout) == json.loads(full.stdout)
    batch = cli("tracker", "readings", "batch-list", "--trackers", "1", "-o", "json")
    assert batch.exit_code == 0, batch.stderr


def test_the_raw_call_and_the_api_group_share_the_word(cli: Cli, session) -> None:
    raw = cli("api", "api/key/list")
    listed = cli("api", "key", "list", "-o", "json")
    assert raw.exit_code == 0, raw.stderr
    assert listed.exit_code == 0, listed.stderr
    assert json.loads(raw.stdout)["list"] == json.loads(listed.stdout)
    assert "GROUP/ACTION" in cli("api", "-h").stdout


@pytest.mark.parametrize("old", sorted(CLI_RENAMES))
def test_each_old_command_runs_its_new_one_with_a_warning(old: str) -> None:
    new = CLI_RENAMES[old].split(" ")
    alias, target = find_command(*old.split(" ")), find_command(*new)
    assert alias is not None, old
    if getattr(alias, "fallback", None) is not None:  # a group of the table now
        alias = alias.fallback()
    assert target is not None, new
    assert same(alias, target)


def test_an_old_command_warns_on_stderr_and_answers_the_same(cli: Cli, session) -> None:
    old = cli("tracker", "counter", "--tracker-id", "1", "--type", "odometer")
    new = cli("tracker", "counter", "value", "get", "--tracker-id", "1", "--type", "odometer")
    assert old.exit_code == 0, old.stderr
    assert old.stdout == new.stdout
    assert old.stderr == (
        "warning: 'fleet tracker counter' is deprecated and goes in 0.3.0: "
        "use 'fleet tracker counter value get'\n"
    )
    moved = cli("sensor", "list", "--tracker-id", "1", "-o", "json")  # a whole 0.1 group
    assert moved.exit_code == 0, moved.stderr
    assert "use 'fleet tracker sensor list'" in moved.stderr
    assert "\n  sensor " not in cli("-h").stdout  # a 0.1 group is not listed


ENTITY_CALLS = [
    e for e in ENDPOINTS if owner(e.path) is None and entity_spec(e, field_specs(e.params))
]


def test_the_entity_rule_covers_reads_updates_deletes_and_actions() -> None:
    paths = {e.path for e in ENTITY_CALLS}
    assert {"task/read", "employee/delete", "tracker/get_inputs", "task/route/delete"} <= paths
    assert "tracker/counter/value/get" not in paths  # no value ID: options only
    spec = entity_spec(
        BY_PATH["tracker/location/link/read"],
        field_specs(BY_PATH["tracker/location/link/read"].params),
    )
    assert spec is not None
    assert spec.wire == "id"


@pytest.mark.parametrize("endpoint", ENTITY_CALLS, ids=lambda e: e.path)
def test_a_generated_command_takes_its_entitys_id_as_its_argument(endpoint: Any) -> None:
    command = find_command(*endpoint.cli_words)
    assert command is not None
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    assert [a.name for a in arguments] == ["x_entity"]


def test_a_call_on_an_entitys_settings_takes_that_entitys_id(cli: Cli, session) -> None:
    """The word before ``settings`` (or ``<kind>_settings``) names the entity: the tracker."""
    paths = {e.path for e in ENTITY_CALLS}
    assert {"tracker/settings/trip_detection/read", "tracker/apn_settings/read"} <= paths
    assert not {"user/settings/read", "apn_settings/read"} & paths  # no user_id, no entity
    by_argument = cli("tracker", "settings", "trip-detection", "read", "2", "-o", "json")
    by_option = cli(
        "tracker", "settings", "trip-detection", "read", "--tracker-id", "2", "-o", "json"
    )
    assert by_argument.exit_code == 0, by_argument.stderr
    assert by_argument.stdout == by_option.stdout
    assert json.loads(by_argument.stdout)["min_idle_duration_minutes"] == 10  # Van 2's own


def test_the_id_argument_and_its_option_are_one_value(cli: Cli, session) -> None:
    by_argument = cli("task", "read", "1", "-o", "json")
    by_option = cli("task", "read", "--task-id", "1", "-o", "json")
    assert by_argument.exit_code == 0, by_argument.stderr
    assert by_argument.stdout == by_option.stdout
    both = cli("task", "read", "1", "--task-id", "2")
    assert both.exit_code == 2
    assert "given twice and differs" in both.stderr


DELETES = [e for e in ENDPOINTS if e.path.endswith("/delete")]


@pytest.mark.parametrize("endpoint", DELETES, ids=lambda e: e.path)
def test_every_delete_takes_yes(endpoint: Any) -> None:
    command = find_command(*endpoint.cli_words)
    assert command is not None
    assert any("--yes" in getattr(p, "opts", ()) for p in command.params), endpoint.path


def test_a_delete_off_a_terminal_refuses_without_yes_and_changes_nothing(
    cli: Cli, session, fleet_mock: Any
) -> None:
    refused = cli("employee", "delete", "3")
    assert refused.exit_code == 2
    assert "Refusing to delete without --yes" in refused.stderr
    assert 3 in fleet_mock.world.employees
    done = cli("employee", "delete", "3", "--yes")
    assert done.exit_code == 0, done.stderr
    assert 3 not in fleet_mock.world.employees


def test_a_delete_on_a_terminal_asks(cli: Cli, session, fleet_mock: Any, monkeypatch) -> None:
    monkeypatch.setattr("fleetapi_cli._typer.is_terminal", lambda stream=None: True)
    kept = cli("employee", "delete", "3", input="n\n")
    assert "Delete employee 3?" in kept.stderr
    assert 3 in fleet_mock.world.employees
    cli("employee", "delete", "3", input="y\n")
    assert 3 not in fleet_mock.world.employees


def test_a_generated_list_says_how_many_of_how_many(cli: Cli, session) -> None:
    generated = cli("place", "list", "--limit", "1", "-o", "json")
    assert generated.exit_code == 0, generated.stderr
    assert len(json.loads(generated.stdout)) == 1
    assert generated.stderr.startswith("1 of ")
    assert generated.stderr.endswith(" places\n")


def test_dash_h_works_at_the_top_as_below(cli: Cli) -> None:
    top = cli("-h")
    assert top.exit_code == 0, top.stderr
    assert "Command groups" in top.stdout
    assert cli("tracker", "-h").exit_code == 0


def test_tally_is_quiet_without_a_total(capsys: pytest.CaptureFixture[str]) -> None:
    output.tally(3, None, "zones")
    output.tally(3, 12, "zones")
    assert capsys.readouterr().err == "3 of 12 zones\n"


TALLIED = [e for e in ENDPOINTS if e.paging is not None and e.paging.total is not None]


DEMO_VALUES: dict[str, str | None] = {
    "subuser_id": "2",
    "ascending": None,
    "include_unsubmitted": None,
}
"""A value of the demo world for each required parameter of a paging list (``None``: a
boolean, given as its flag)."""


def _required(endpoint: Any) -> list[str]:
    """The options a list needs, with demo values (`--subuser-id 2`, `--ascending`)."""
    required = [a.name for a in attrs.fields(endpoint.params) if a.default is attrs.NOTHING]
    words: list[str] = []
    for name in required:
        value = DEMO_VALUES[name]
        words += [f"--{name.replace('_', '-')}", *([] if value is None else [value])]
    return words


@pytest.mark.parametrize("endpoint", TALLIED, ids=lambda e: e.path)
def test_every_paging_list_says_how_many_of_how_many(cli: Cli, session, endpoint: Any) -> None:
    """Hand-made or generated, a list of a call that tells its total says `N of M` on stderr
    (`fleet task list --limit 1` says `1 of 9 tasks`)."""
    result = cli(*endpoint.cli_words, *_required(endpoint), "--limit", "1", "-o", "json")
    assert result.exit_code == 0, result.stderr
    assert re.search(r"^1 of \d+ [a-z -]+$", result.stderr, re.M), result.stderr
