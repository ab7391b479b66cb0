"""``fleet completion``: every group completes its commands, a newly registered one too."""

from __future__ import annotations

import sys
import types

import pytest
import typer

from fleetapi_cli._click import shell_completion
from fleetapi_cli._index import cli_index
from fleetapi_cli._typer import new_group
from fleetapi_cli.app import app, find_command
from fleetapi_cli.commands import COMMANDS, GROUPS, TOP_GROUPS

TABLE_GROUPS = {
    " ".join(words.split(" ")[:depth])
    for words in cli_index()
    for depth in range(1, len(words.split(" ")))
}
ALL_GROUPS = sorted({*GROUPS, *TABLE_GROUPS} - set(COMMANDS))
"""Every group: the hand-made ones and one per prefix of the calls' words (``tracker counter``)."""


def complete(args: list[str], incomplete: str, shell: str = "bash") -> list[str]:
    """What the shell would offer after ``fleet ARGS INCOMPLETE``."""
    command = typer.main.get_command(app)
    complete_class = shell_completion.get_completion_class(shell)
    assert complete_class is not None
    completer = complete_class(command, {}, "fleet", "_FLEET_COMPLETE")
    return [item.value for item in completer.get_completions(args, incomplete)]


def test_every_group_is_offered_at_the_top() -> None:
    tops = {name for name in ALL_GROUPS if " " not in name}
    assert tops | set(COMMANDS) <= set(complete([], ""))


@pytest.mark.parametrize("group", ALL_GROUPS)
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_every_group_completes_its_commands(group: str, shell: str) -> None:
    command = find_command(*group.split(" "))
    assert command is not None
    expected = set(command.list_commands(typer.Context(command)))  # type: ignore[attr-defined]
    assert expected
    assert set(complete(group.split(" "), "", shell)) == expected


def test_options_of_a_hand_made_command_complete() -> None:
    offered = complete(["asset", "track", "export"], "--")
    assert {"--from", "--to", "--format", "--out"} <= set(offered)
    assert set(complete(["asset", "track", "export", "--format"], "")) == {
        "gpx",
        "csv",
        "geojson",
    }


def test_a_newly_registered_group_completes(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("fleet_test_group")
    module.app = new_group("A group added later.")  # type: ignore[attr-defined]

    @module.app.command("first")  # type: ignore[attr-defined]
    def first() -> None:
        """The first command."""

    @module.app.command("second")  # type: ignore[attr-defined]
    def second() -> None:
        """The second command."""

    monkeypatch.setitem(sys.modules, "fleet_test_group", module)
    monkeypatch.setitem(GROUPS, "zz-new", ("fleet_test_group", "A group added later."))
    monkeypatch.setitem(TOP_GROUPS, "zz-new", ("fleet_test_group", "A group added later."))
    assert "zz-new" in complete([], "zz")
    assert complete(["zz-new"], "") == ["first", "second"]
    assert complete(["zz-new"], "s") == ["second"]


@pytest.mark.parametrize(
    ("args", "values"),
    [
        (["task", "list", "--status"], {"unassigned", "assigned", "done", "failed", "delayed",
                                        "arrived", "faulty"}),
        (["link", "create", "--tracker", "1", "--show"], {"speed", "address", "driver_name"}),
        (["user", "settings", "update", "--hour-mode"], {"TWENTY_FOUR_HOURS", "TWELVE_HOURS"}),
    ],
)  # fmt: skip
def test_options_taking_one_of_some_values_complete_to_them(args, values) -> None:
    assert values <= set(complete(args, ""))
    first = sorted(values)[0]
    assert first in complete(args, first[:2])
    assert all(v.startswith(first[:2]) for v in complete(args, first[:2]))


@pytest.mark.parametrize(
    ("args", "suggested"),
    [(["trakcer", "list"], "'tracker'"), (["tracker", "lsit"], "'list'"), (["tsak"], "'task'")],
)
def test_a_mistyped_command_gets_suggestions(cli, args, suggested) -> None:
    result = cli(*args)
    assert result.exit_code == 2
    assert f"Did you mean {suggested}" in result.stderr
    assert result.stderr.count("Did you mean") == 1
