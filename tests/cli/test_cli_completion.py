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
from fleetapi_cli.commands import COMMANDS, GROUPS

ALL_GROUPS = sorted({*GROUPS, *cli_index()} - set(COMMANDS))


def complete(args: list[str], incomplete: str, shell: str = "bash") -> list[str]:
    """What the shell would offer after ``fleet ARGS INCOMPLETE``."""
    command = typer.main.get_command(app)
    complete_class = shell_completion.get_completion_class(shell)
    assert complete_class is not None
    completer = complete_class(command, {}, "fleet", "_FLEET_COMPLETE")
    return [item.value for item in completer.get_completions(args, incomplete)]


def test_every_group_is_offered_at_the_top() -> None:
    assert set(ALL_GROUPS) | set(COMMANDS) <= set(complete([], ""))


@pytest.mark.parametrize("group", ALL_GROUPS)
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_every_group_completes_its_commands(group: str, shell: str) -> None:
    command = find_command(group)
    assert command is not None
    expected = set(command.list_commands(typer.Context(command)))  # type: ignore[attr-defined]
    assert expected
    assert set(complete([group], "", shell)) == expected


def test_options_of_a_hand_made_command_complete() -> None:
    offered = complete(["track", "export"], "--")
    assert {"--from", "--to", "--format", "--out"} <= set(offered)
    assert set(complete(["track", "export", "--format"], "")) == {"gpx", "csv", "geojson"}


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
    assert "zz-new" in complete([], "zz")
    assert complete(["zz-new"], "") == ["first", "second"]
    assert complete(["zz-new"], "s") == ["second"]
