"""One tool: the same option means the same thing in every command, hand-made or generated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer._click import Command, Context
from typer.core import TyperGroup, TyperOption

from fleetapi_cli import files
from fleetapi_cli.app import app, find_command
from fleetapi_cli.output import OutputFormat

Cli = Any  # the runner of conftest.py


def every_command() -> Iterator[tuple[str, Command]]:
    """Every leaf command of ``fleet`` with its full name (``task list``)."""
    root = find_command()
    assert isinstance(root, TyperGroup)
    context = Context(root)
    for name in root.list_commands(context):
        command = root.get_command(context, name)
        if isinstance(command, TyperGroup):
            sub = Context(command, parent=context, info_name=name)
            for child in command.list_commands(sub):
                leaf = command.get_command(sub, child)
                assert leaf is not None
                yield f"{name} {child}", leaf
        elif command is not None:
            yield name, command


COMMANDS = dict(every_command())


def options(command: Command) -> dict[str, TyperOption]:
    return {
        flag: param
        for param in command.params
        if isinstance(param, TyperOption)
        for flag in (*param.opts, *param.secondary_opts)
    }


def test_the_walk_reaches_every_group() -> None:
    assert {"task list", "track export", "checkin export", "map-layer download"} <= set(COMMANDS)
    from fleetapi.endpoints import ENDPOINTS

    assert {" ".join(e.cli_name) for e in ENDPOINTS} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_dash_o_is_always_the_output_format(name: str) -> None:
    found = options(COMMANDS[name])
    for flag in ("-o", "--output"):
        if flag in found:
            choices = getattr(found[flag].type, "choices", None)
            assert list(choices or ()) == [f.value for f in OutputFormat], f"{name} {flag}"
    if "-O" in found:
        assert "--out" in found["-O"].opts or "--out-file" in found["-O"].opts, name
    assert not {"--save", "--save-to", "--output-file"} & set(found), name


FILE_WRITERS = {
    name for name, command in COMMANDS.items() if {"-O", "--out"} & set(options(command))
}


def test_every_file_writer_takes_dash_capital_o() -> None:
    assert {
        "track export",
        "checkin export",
        "map-layer download",
        "map-layer read",
        "api",
    } <= FILE_WRITERS
    for name in FILE_WRITERS:
        assert "-O" in options(COMMANDS[name]), name


def test_binary_is_never_written_to_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "is_terminal", lambda stream=None: True)
    with pytest.raises(Exception, match="refusing to write binary data to a terminal"):
        files.write_out(b"PK\x03\x04\x00\x00", None)


def test_text_may_go_to_a_terminal_and_dash_forces_stdout(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: Any
) -> None:
    monkeypatch.setattr(files, "is_terminal", lambda stream=None: True)
    files.write_out(b"<kml/>", None)
    files.write_out(b"%PDF\x00", "-")
    assert capsysbinary.readouterr().out == b"<kml/>%PDF\x00"


def test_export_to_a_terminal_is_refused_before_the_download(
    cli: Cli, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "is_terminal", lambda stream=None: True)
    result = cli("checkin", "export", "--format", "pdf")
    assert result.exit_code == 2
    assert "refusing to write binary data to a terminal" in result.stderr
    assert "Exporting" not in result.stderr


def test_map_layer_download_writes_with_dash_capital_o(
    cli: Cli, session: str, tmp_path: Path
) -> None:
    listed = cli("map-layer", "list", "-o", "json")
    assert listed.exit_code == 0, listed.stderr
    import json

    layers = json.loads(listed.stdout)
    assert layers, "the demo world has map layers"
    target = tmp_path / "layer.kml"
    result = cli("map-layer", "download", str(layers[0]["id"]), "-O", str(target))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert target.read_bytes() == cli("map-layer", "download", str(layers[0]["id"])).stdout_bytes
    assert f"to {target}" in result.stderr


def test_app_is_the_root() -> None:
    assert app.info.name == "fleet"
