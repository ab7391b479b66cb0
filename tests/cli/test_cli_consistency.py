"""One tool: the same option means the same thing in every command, hand-made or generated."""

from __future__ import annotations

import importlib
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
    """Every listed leaf command of ``fleet`` with its full name (``task list``,
    ``tracker counter value get``), through nested groups."""
    root = find_command()
    assert isinstance(root, TyperGroup)

    def walk(group: TyperGroup, context: Context, prefix: str) -> Iterator[tuple[str, Command]]:
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            assert command is not None, f"{prefix}{name}"
            if isinstance(command, TyperGroup):
                sub = Context(command, parent=context, info_name=name)
                yield from walk(command, sub, f"{prefix}{name} ")
            else:
                yield f"{prefix}{name}", command

    yield from walk(root, Context(root), "")


COMMANDS = dict(every_command())


def options(command: Command) -> dict[str, TyperOption]:
    return {
        flag: param
        for param in command.params
        if isinstance(param, TyperOption)
        for flag in (*param.opts, *param.secondary_opts)
    }


def test_the_walk_reaches_every_group() -> None:
    assert {"task list", "asset track export", "checkin export", "map-layer read"} <= set(COMMANDS)
    from fleetapi.endpoints import ENDPOINTS
    from fleetapi_cli._index import command_for

    missing = {" ".join(command_for(e.path)) for e in ENDPOINTS} - set(COMMANDS)
    for words in missing:  # a call that is a prefix of others: a group running it (user auth)
        group = find_command(*words.split())
        assert getattr(group, "fallback", None) is not None, words


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
        "asset track export",
        "checkin export",
        "map-layer read",
    } <= FILE_WRITERS
    for name in FILE_WRITERS:
        assert "-O" in options(COMMANDS[name]), name
    raw = find_command("api")
    assert raw is not None
    assert "-O" in options(raw.fallback())  # type: ignore[attr-defined]  # fleet api PATH


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


def test_row_errors_have_an_exit_code_of_their_own() -> None:
    from fleetapi_cli import errors

    codes = [entry.code for entry in errors.EXIT_CODES]
    assert len(codes) == len(set(codes))
    row_errors = next(e for e in errors.EXIT_CODES if e.code == errors.EXIT_ROW_ERRORS)
    assert row_errors.classes == ()  # no SDK failure exits with it: the call itself worked


def test_exit_codes_live_in_the_cli_not_on_the_sdk_classes() -> None:
    import inspect

    from fleetapi import _errors
    from fleetapi_cli import config
    from fleetapi_cli.errors import EXIT_CODES, exit_code_for_class

    classes = dict(inspect.getmembers(_errors, inspect.isclass))
    assert not any(hasattr(cls, "exit_code") for cls in classes.values())
    listed = {name for entry in EXIT_CODES for name in entry.classes}
    cli_classes = dict(inspect.getmembers(config, inspect.isclass))
    assert listed <= set(classes) | set(cli_classes)  # every class the table names exists
    assert exit_code_for_class(config.SettingError) == 2
    assert exit_code_for_class(_errors.EntityNotFoundError) == 5
    assert exit_code_for_class(_errors.FleetTimeoutError) == 10
    assert exit_code_for_class(_errors.FleetApiError) == 1


DELETES = [
    (["key", "delete", "0" * 32], "Delete API key"),
    (["task", "delete", "1"], "Delete task 1?"),
    (["vehicle", "delete", "1"], "Delete vehicle 1?"),
    (["checkin", "delete", "1"], "Delete 1 check-in(s): 1?"),
]


@pytest.mark.parametrize(("args", "question"), DELETES, ids=lambda v: " ".join(v[:2]))
def test_every_delete_shares_one_confirmation(
    cli: Cli, session: str, monkeypatch: pytest.MonkeyPatch, args: list[str], question: str
) -> None:
    from fleetapi_cli import _typer

    refused = cli(*args)
    assert refused.exit_code == 2
    assert "without --yes" in refused.stderr
    monkeypatch.setattr(_typer, "is_terminal", lambda stream=None: True)
    declined = cli(*args, input="n\n")
    assert declined.exit_code == 1
    assert question in declined.stderr


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["task", "list", "--from", "soon"], "--from"),
        (["checkin", "list", "--to", "2026-13-01"], "--to"),
        (
            ["asset", "track", "list", "--employee", "1", "--from", "x", "--to", "2026-01-15"],
            "--from",
        ),
        (["link", "create", "--tracker", "1", "--until", "+2x"], "--until"),
    ],
    ids=lambda v: " ".join(v[:2]) if isinstance(v, list) else v,
)
def test_every_period_option_reads_one_way(cli: Cli, session: str, args: list[str], option: str):
    result = cli(*args)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.stderr
    assert "'YYYY-MM-DD HH:MM:SS', 'YYYY-MM-DD HH:MM', a date (the whole day)" in result.stderr


def test_a_date_alone_is_midnight_and_until_its_last_second(cli: Cli, session: str) -> None:
    import json

    day = json.loads(cli("task", "list", "--from", "2026-01-15", "-o", "json").stdout)
    moment = json.loads(cli("task", "list", "--from", "2026-01-15 00:00:00", "-o", "json").stdout)
    assert day == moment
    from fleetapi_cli.values import parse_until, parse_when

    assert str(parse_when("2026-01-15")) == "2026-01-15 00:00:00"
    assert str(parse_when("2026-01-15 08:30")) == "2026-01-15 08:30:00"
    assert str(parse_until("2026-01-15")) == "2026-01-15 23:59:59"
    assert str(parse_until("2026-01-15 08:30:00")) == "2026-01-15 08:30:00"


LISTS = ["bill list", "checkin list", "task list", "vehicle list"]


@pytest.mark.parametrize("name", LISTS)
def test_every_paged_list_spells_paging_alike(name: str) -> None:
    found = options(COMMANDS[name])
    assert {"--limit", "-n", "--offset", "--all"} <= set(found)


@pytest.mark.parametrize("name", LISTS)
def test_all_fetches_every_page(cli: Cli, session: str, name: str) -> None:
    import json

    args = name.split()
    everything = json.loads(cli(*args, "-o", "json").stdout)
    assert len(everything) >= 2
    paged = cli(*args, "--all", "--limit", "1", "-o", "json")
    assert paged.exit_code == 0, paged.stderr
    assert json.loads(paged.stdout) == everything
    first = json.loads(cli(*args, "--limit", "1", "-o", "json").stdout)
    second = json.loads(cli(*args, "--limit", "1", "--offset", "1", "-o", "json").stdout)
    assert first + second == everything[:2]


GROUP_NAMES = sorted({name.split()[0] for name in COMMANDS if " " in name})


@pytest.mark.parametrize("group", GROUP_NAMES)
def test_group_help_lists_each_command_by_a_whole_summary(group: str) -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, [group, "--help"])
    assert result.exit_code == 0
    listing = result.stdout.split("Commands:")[1]
    assert "..." not in listing
    for name, command in COMMANDS.items():
        if name.startswith(f"{group} "):
            assert command.get_short_help_str().endswith("."), name


def test_root_help_has_one_line_summaries_and_examples() -> None:
    from typer.testing import CliRunner

    from fleetapi_cli.commands import COMMANDS as TOP
    from fleetapi_cli.commands import TOP_GROUPS

    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for name, (_, text) in {**TOP_GROUPS, **TOP}.items():
        assert f"{name}  " in result.stdout
        assert len(name) + len(text) <= 74, name  # one line on an 80-column terminal
        assert text in result.stdout, name
    assert "Examples:" in result.stdout
    assert "  fleet tracker list\n" in result.stdout


@pytest.mark.parametrize("name", ["task batch-convert", "vehicle batch-convert"])
def test_batch_help_names_the_row_errors_exit_code(name: str):
    from fleetapi_cli.errors import EXIT_ROW_ERRORS

    help_text = " ".join((COMMANDS[name].help or "").split())
    assert f"exits {EXIT_ROW_ERRORS} when any row has errors" in help_text


def test_hand_made_help_has_one_source_the_module() -> None:
    """``fleet --help`` reads the generated index; it holds each module's own help, so the
    text is written once (``make generate`` refreshes the index, ``make test`` checks it)."""
    from fleetapi_cli._index import hand_made
    from fleetapi_cli._index_build import hand_made_from_modules
    from fleetapi_cli.commands import GROUPS

    assert hand_made() == hand_made_from_modules()
    module = importlib.import_module(GROUPS["task"][0])
    assert GROUPS["task"][1] == module.app.info.help


def test_declared_calls_are_calls_of_the_table() -> None:
    from fleetapi.endpoints import BY_PATH
    from fleetapi_cli._index import hand_made

    declared = {
        path
        for entry in hand_made().values()
        for paths, uses in entry.commands.values()
        for path in (*paths, *uses)
    }
    assert declared - set(BY_PATH) == set()
    assert "task/list" in declared


def test_task_statuses_come_from_the_model() -> None:
    import typing

    from fleetapi.models.task import TaskStatus
    from fleetapi_cli.commands import task

    assert typing.get_args(TaskStatus) == task.STATUSES


@pytest.mark.parametrize(
    "args",
    [
        ["vehicle", "create", "--vehicle", '{"label": "Van 9", "type": "car"}'],  # generated
        ["department", "create", "--department", '{"label": "East"}'],  # generated
        ["checkin", "create", "-t", "4", "--lat", "52.5", "--lng", "13.4"],  # hand-made
        ["task", "create", "--label", "Parcel", "--lat", "52.5", "--lng", "13.4",
         "--from", "2026-01-15 10:00", "--to", "2026-01-15 12:00"],  # hand-made
    ],
    ids=lambda args: " ".join(args[:2]),
)  # fmt: skip
def test_every_create_answers_the_new_id_in_one_shape(cli: Cli, session: str, args: list[str]):
    import json

    result = cli(*args, "-o", "json")
    assert result.exit_code == 0, result.output
    created = json.loads(result.stdout)
    assert isinstance(created, dict)
    assert isinstance(created["id"], int)


def test_an_update_with_nothing_to_tell_prints_nothing(cli: Cli, session: str) -> None:
    import json

    where = {"lat": 52.5, "lng": 13.4, "radius": 50}
    task = {"id": 2, "label": "Renamed", "description": "", "from": "2026-01-15 12:00:00",
            "to": "2026-01-15 14:00:00", "location": where}  # fmt: skip
    result = cli("task", "update", "--task", json.dumps(task), "-o", "json")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr.strip() == "ok"


def test_a_missing_field_inside_an_object_is_named(cli: Cli, session: str) -> None:
    result = cli("map-layer", "update", "--layer", '{"id": 2}')
    assert result.exit_code == 2
    assert "--label: is required" in result.stderr


def test_every_limit_of_a_served_mock_is_an_option_of_fleet_mock_serve() -> None:
    """Each field of ``ServerLimits`` is ``--<its name>``, with its help and default, and
    reaches the server (a limit added to the declaration and not to the command fails here)."""
    import attrs
    from typer.testing import CliRunner

    import fleetapi_mock.web.server
    from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits, limit_help

    serve = options(COMMANDS["mock serve"])
    for field in attrs.fields(ServerLimits):
        flag = "--" + field.name.replace("_", "-")
        assert flag in serve, flag
        assert serve[flag].help == limit_help(field.name), flag
        assert serve[flag].default == getattr(DEFAULT_LIMITS, field.name), flag

    given = {f.name: getattr(DEFAULT_LIMITS, f.name) + 1 for f in attrs.fields(ServerLimits)}
    served: dict[str, Any] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fleetapi_mock.web.server, "run", lambda **kwargs: served.update(kwargs))
        flags = [
            item
            for name, value in given.items()
            for item in ("--" + name.replace("_", "-"), str(value))
        ]
        result = CliRunner().invoke(app, ["mock", "serve", *flags])
    assert result.exit_code == 0, result.output
    assert served["limits"] == ServerLimits(**given)


def test_no_help_shows_markdown() -> None:
    """Help is read on a terminal: no backticks of Markdown code spans, in a command's help,
    its summary in the group's list, or an option's help."""
    offenders = []
    for name, command in COMMANDS.items():
        texts = [command.help or "", command.short_help or ""]
        texts += [getattr(param, "help", None) or "" for param in command.params]
        offenders += [f"{name}: {text[:60]}" for text in texts if "`" in text]
    assert offenders == []


def test_usage_lines_name_arguments_in_capitals() -> None:
    """``Usage: fleet checkin read [OPTIONS] CHECKIN_ID``: no ``{checkin_id}``, no
    ``:<int range>``, as shells' tools write usage."""
    offenders = []
    for name, command in COMMANDS.items():
        pieces = command.collect_usage_pieces(Context(command, info_name=name))
        offenders += [f"{name}: {piece}" for piece in pieces if set(piece) & set("{}<>:")]
        offenders += [f"{name}: {piece}" for piece in pieces if piece != piece.upper()]
    assert offenders == []


def test_every_option_says_what_it_does() -> None:
    """Every option of every command has its help (an option whose declaration was lost on
    the way, as ``fleet mock serve``'s own once were behind its limit options, has none)."""
    silent = [
        f"{name} {flag}"
        for name, command in COMMANDS.items()
        for flag, param in options(command).items()
        if not param.help and flag not in ("--help", "-h")
    ]
    assert silent == []


def test_fleet_mock_serve_keeps_its_options_declarations() -> None:
    """``--port`` keeps its range and ``--frozen-clock`` stays a flag alone."""
    from typer.testing import CliRunner

    import fleetapi_mock.web.server

    with pytest.MonkeyPatch.context() as patch:  # never a real server, should the range go
        patch.setattr(fleetapi_mock.web.server, "run", lambda **_: None)
        result = CliRunner().invoke(app, ["mock", "serve", "--port", "70000"])
    assert result.exit_code == 2
    assert "--no-frozen-clock" not in options(COMMANDS["mock serve"])
