"""Start-up cost: ``fleet --help`` imports neither httpx, cattrs nor Rich; Rich only on a tty.

These run ``fleet`` in a fresh interpreter with stdout piped, as a shell pipeline would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = {"httpx", "cattrs", "rich", "click", "pygments"}

RUNNER = """
import json, sys
from fleetapi_cli.app import app
try:
    app(prog_name="fleet", args=sys.argv[1:])
except SystemExit as exit:
    code = exit.code
else:
    code = 0
sys.stderr.write("\\nMODULES " + json.dumps(sorted({m.split(".")[0] for m in sys.modules})) + "\\n")
sys.stderr.write("EXIT " + str(code) + "\\n")
"""

MOCK_RUNNER = """
import json, sys
from fleetapi_cli.context import _without_httpx_cli
_without_httpx_cli()  # as fleet does before importing httpx (which imports Rich otherwise)
from fleetapi_mock import FleetMock
from fleetapi_cli.app import app
from fleetapi_cli.context import CliState
mock = FleetMock()
before = "rich" in sys.modules
state = CliState(transport=mock.transport, base_url=mock.base_url)
try:
    app(prog_name="fleet", args=sys.argv[1:], obj=state)
except SystemExit as exit:
    code = exit.code
sys.stderr.write("\\nRICH " + json.dumps([before, "rich" in sys.modules]) + "\\n")
"""


def run(
    code: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **(env or {})}
    environment.pop("FORCE_COLOR", None)
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )


def modules(stderr: str) -> set[str]:
    line = next(line for line in stderr.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def help_screens() -> list[list[str]]:
    """``fleet --help``, and ``fleet NAME --help`` for every group and top-level command the
    app lists (hand-made and generated), plus a few command screens and completion."""
    from fleetapi_cli._index import below
    from fleetapi_cli.commands import COMMANDS, TOP_GROUPS

    tops = set(below(())[1])
    names = [*TOP_GROUPS, *COMMANDS, *sorted(tops - set(TOP_GROUPS) - set(COMMANDS))]
    return [
        ["--help"],
        ["-h"],
        ["--version"],
        *([name, "--help"] for name in names),
        ["asset", "track", "--help"],
        ["asset", "track", "export", "--help"],
        ["tracker", "counter", "value", "--help"],
        ["auth", "login", "--help"],
        ["task", "list", "--help"],
        ["checkin", "upload", "--help"],
        ["completion", "bash"],
    ]


def test_the_screens_cover_every_group_of_the_app() -> None:
    from fleetapi_cli._click import click
    from fleetapi_cli.app import FleetGroup, find_command

    root = find_command()
    assert isinstance(root, FleetGroup)
    listed = set(root.list_commands(click.Context(root)))
    assert listed == {args[0] for args in help_screens() if args[1:] == ["--help"]}
    assert "sensor" not in listed  # a 0.1 group whose commands all moved is not listed


@pytest.mark.parametrize("args", help_screens(), ids=" ".join)
def test_help_imports_nothing_heavy(args: list[str]) -> None:
    result = run(RUNNER, *args)
    assert "EXIT 0" in result.stderr, result.stderr
    assert result.stdout
    assert not modules(result.stderr) & HEAVY


MAIN_RUNNER = """
import json, sys
from fleetapi_cli import main
try:
    main()
except SystemExit as exit:
    code = exit.code
else:
    code = 0
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted({m.split(".")[0] for m in sys.modules})) + "\\n")
sys.stderr.write("EXIT " + str(code) + "\\n")
"""


def test_the_screens_fleet_prints_alone_are_the_apps() -> None:
    from fleetapi_cli import _screens
    from fleetapi_cli._index_build import screens

    assert screens() == {"HELP": _screens.HELP, "VERSION": _screens.VERSION}


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"]], ids=" ".join)
def test_fleet_prints_its_help_and_version_without_loading_typer(args: list[str]) -> None:
    from fleetapi_cli._screens import HELP, VERSION

    result = run(MAIN_RUNNER, *args, env={"COLUMNS": "120"})
    assert "EXIT 0" in result.stderr, result.stderr
    assert result.stdout == (VERSION if args == ["--version"] else HELP) + "\n"
    assert "typer" not in modules(result.stderr)
    assert result.stdout == run(RUNNER, *args, env={"COLUMNS": "120"}).stdout  # the app's


@pytest.mark.parametrize(
    "env",
    [
        {"COLUMNS": "60"},
        {"_FLEET_COMPLETE": "complete_bash", "COMP_WORDS": "fleet -", "COMP_CWORD": "1"},
    ],
)
def test_a_narrow_help_or_completion_is_the_apps(env: dict[str, str]) -> None:
    env = {**env, "PYTHONHASHSEED": "0"}  # completion lists `-h` and `--help` in a set's order
    result = run(MAIN_RUNNER, "--help", env=env)
    assert "typer" in modules(result.stderr)
    assert result.stdout == run(RUNNER, "--help", env=env).stdout


def test_root_help_does_not_build_the_call_table() -> None:
    result = run(RUNNER, "--help")
    loaded = modules(result.stderr)
    assert "attrs" not in loaded  # the group index is read from the endpoint modules' source
    assert "typer" in loaded


FULL_RUNNER = RUNNER.replace('{m.split(".")[0] for m in sys.modules}', "set(sys.modules)")


def test_a_generated_command_imports_its_own_call_alone() -> None:
    loaded = modules(run(FULL_RUNNER, "zone", "list", "--help").stderr)
    assert {m for m in loaded if m.startswith("fleetapi.endpoints.")} == {"fleetapi.endpoints.zone"}
    assert "fleetapi.models.track" not in loaded


def test_a_group_builds_only_the_command_that_runs() -> None:
    # `fleet tracker` mixes hand-made commands with generated ones of several areas (tracks,
    # readings, counters): running `tracker list` builds none of the generated ones.
    loaded = modules(run(FULL_RUNNER, "tracker", "list", "--help").stderr)
    assert not {m for m in loaded if m.startswith("fleetapi.endpoints.")}
    assert "fleetapi.models.track" not in loaded
    # The help of `tracker readings --type` is the model field's docstring, read from source.
    assert "fleetapi.models.reading" not in loaded


def test_a_hand_made_group_builds_its_commands_when_asked() -> None:
    # Typer builds every command of a group, reading each option's help: `tracker list` spent
    # 20 ms building the other hand-made `tracker` commands.
    from fleetapi_cli._click import click
    from fleetapi_cli._typer import SummaryGroup
    from fleetapi_cli.tree import top_level

    group = top_level("tracker")
    assert isinstance(group, SummaryGroup)
    assert not group.commands
    assert group.get_command(click.Context(group), "list") is not None
    assert list(group.commands) == ["list"]
    assert {"read", "watch", "list"} <= set(group.list_commands(click.Context(group)))
    assert "read" not in group.commands


def test_a_task_form_command_imports_only_the_models_its_answer_is_made_of() -> None:
    # A task form answers form, place and zone labels and its task's status: the labels and
    # the status live in `fleetapi.models.common`, so the task, place and zone models (with
    # the vehicle and geocoder ones they bring) stay unloaded (`task form list` took 1.45x
    # `tracker list` with them).
    loaded = modules(run(FULL_RUNNER, "task", "form", "list", "--help").stderr)
    assert "fleetapi.models.task_form" in loaded
    heavy = {"task", "place", "zone", "vehicle", "geocoder", "entity"}
    assert not {f"fleetapi.models.{m}" for m in heavy} & loaded


def test_a_tag_command_imports_no_model_of_the_entities_tags_are_on() -> None:
    # `tag/search` answers every kind of entity: its area declares that result by name, so
    # the other tag commands load none of those models (`tag list` took 1.46x `tracker list`).
    loaded = modules(run(FULL_RUNNER, "tag", "list", "--help").stderr)
    assert "fleetapi.endpoints.tag" in loaded
    heavy = {"tag_search", "task", "place", "zone", "vehicle", "tracker", "employee"}
    assert not {f"fleetapi.models.{m}" for m in heavy} & loaded


def test_a_task_schedule_command_imports_neither_the_task_nor_the_report_models() -> None:
    # A schedule shares a task's limits and location and a report's clock pattern, which live
    # in `fleetapi.models.common`; the proposals' answer (tasks) is declared by name (`task
    # schedule list` took 1.41x `tracker list` with the task models and what they bring).
    loaded = modules(run(FULL_RUNNER, "task", "schedule", "list", "--help").stderr)
    assert "fleetapi.models.task_schedule" in loaded
    heavy = {"task", "report", "form", "checkin", "entity"}
    assert not {f"fleetapi.models.{m}" for m in heavy} & loaded


def test_a_subuser_command_imports_neither_the_user_nor_the_place_and_zone_models() -> None:
    loaded = modules(run(FULL_RUNNER, "subuser", "list", "--help").stderr)
    assert "fleetapi.models.subuser" in loaded
    heavy = {"subuser_geo", "user", "place", "zone", "vehicle"}
    assert not {f"fleetapi.models.{m}" for m in heavy} & loaded


def test_the_types_that_moved_to_common_are_still_importable_from_their_old_homes() -> None:
    from fleetapi.models import common, place, report, task, user, zone

    assert place.PlaceLabel is common.PlaceLabel
    assert zone.ZoneLabel is common.ZoneLabel
    assert (task.TaskStatus, task.TaskType) == (common.TaskStatus, common.TaskType)
    assert task.TaskLocation is common.TaskLocation
    assert (task.MAX_LABEL, task.MAX_DESCRIPTION) == (common.MAX_LABEL, common.MAX_DESCRIPTION)
    assert report.CLOCK_PATTERN == common.CLOCK_PATTERN
    assert (user.RouteProvider, user.LegalType) == (common.RouteProvider, common.LegalType)


def test_hand_made_option_help_is_the_model_field_docstring() -> None:
    from fleetapi_cli.fields import field_help

    text = field_help("fleetapi.models.reading:ReadingsListParams", "sensor_type")
    assert "sensor" in text.lower()
    with pytest.raises(LookupError, match=r"ReadingsListParams\.nosuch"):
        field_help("fleetapi.models.reading:ReadingsListParams", "nosuch")
    with pytest.raises(LookupError):
        field_help("fleetapi.models.nosuch:ReadingsListParams", "sensor_type")


def test_commands_import_rich_only_on_a_terminal() -> None:
    result = run(MOCK_RUNNER, "dealer", "config", "--domain", "demo.fleet.test",
                 "-o", "table")  # fmt: skip
    assert "RICH [false, false]" in result.stderr, result.stderr
    assert "dealer.ui_domain" in result.stdout


def test_module_entry_point() -> None:
    result = run("import runpy; runpy.run_module('fleetapi_cli', run_name='__main__')", "--version")
    assert result.returncode == 0
    assert result.stdout.startswith("fleet ")


def test_completion_scripts() -> None:
    for shell, marker in (("bash", "complete"), ("zsh", "compdef"), ("fish", "complete")):
        result = run(RUNNER, "completion", shell)
        assert "_FLEET_COMPLETE" in result.stdout
        assert marker in result.stdout


def test_completion_completes_groups(tmp_path: Path) -> None:
    env = {
        "_FLEET_COMPLETE": "complete_bash",
        "COMP_WORDS": "fleet tr",
        "COMP_CWORD": "1",
        "FLEETAPI_CONFIG_DIR": str(tmp_path),
    }
    result = run(RUNNER, env=env)
    assert "tracker" in result.stdout.split()
    assert "track" in result.stdout.split()


FAKE_RUNNER = """
import json, sys
import httpx
from fleetapi_cli.app import app
from fleetapi_cli.context import CliState
answer = {"success": True, "list": [], "count": 0}
transport = httpx.MockTransport(lambda request: httpx.Response(200, json=answer))
state = CliState(transport=transport, base_url="http://127.0.0.1:9", max_retries=0)
try:
    app(prog_name="fleet", args=sys.argv[1:], obj=state)
except SystemExit as exit:
    sys.stderr.write("EXIT " + str(exit.code) + "\\n")
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


@pytest.mark.parametrize(
    ("args", "area"),
    [
        (["task", "list"], "task"),  # hand-made, paging through fetch()
        (["employee", "list"], "employee"),
        (["zone", "list"], "zone"),  # generated
        (["tracker", "list"], "tracker"),
        (["api", "zone/list"], "zone"),  # a raw call, through the SDK's own lookup
    ],
)
def test_a_command_builds_its_own_area_of_the_table_alone(args: list[str], area: str) -> None:
    """Looking a call up imports the module declaring it, never the whole table (which
    builds every model class: `fleet task list` took two to three times `tracker list`)."""
    result = run(FAKE_RUNNER, *args, "-o", "json", env={"FLEETAPI_HASH": "0" * 32})
    assert "EXIT 0" in result.stderr, result.stderr
    loaded = modules(result.stderr)
    assert {m for m in loaded if m.startswith("fleetapi.endpoints.")} == {
        f"fleetapi.endpoints.{area}"
    }
