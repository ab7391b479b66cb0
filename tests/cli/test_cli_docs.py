"""The examples of docs/cli.md run: every ``$ fleet ...`` line of its console blocks, against
the demo world of the mock, exits 0 (or the code the page shows after ``; echo $?``). So do
the example lines of each hand-made group's help (its "Examples" epilog).

The lines of one block run in order in one world and one working directory, so an example may
use a file an earlier one wrote. ``echo TEXT | fleet ...`` feeds TEXT on stdin; what follows a
pipe after ``fleet`` (``| jq``, ``| head``) and a redirection (``> file``) are left out. A
``Password:`` prompt shown after a line is answered with the demo user's password.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).parents[2] / "docs" / "cli.md"
BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
FEEDERS = {"echo", "printf"}

Cli = Any  # the runner of conftest.py


@dataclass
class Example:
    """One ``$ fleet ...`` line: its arguments, stdin and expected exit status."""

    line: str
    args: list[str]
    stdin: str | None = None
    exit_code: int = 0


@dataclass
class Block:
    """The examples of one console block, with the line the block starts on."""

    start: int
    examples: list[Example] = field(default_factory=list)


def parse(line: str, output: list[str]) -> Example | None:
    """The example of a ``$ ...`` line, or ``None`` when it does not run ``fleet``."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|;&>")
    lexer.whitespace_split = True
    segments: list[list[str]] = [[]]
    for token in lexer:
        if token in ("|", ";", "&&", ">"):
            segments.append([])
        else:
            segments[-1].append(token)
    for index, segment in enumerate(segments):
        if segment[:1] != ["fleet"]:
            continue
        stdin = None
        before = segments[index - 1] if index else []
        if before[:1] and before[0] in FEEDERS:
            text = " ".join(before[1:]).replace("\\n", "\n").replace("\\t", "\t")
            stdin = text if before[0] == "printf" else text + "\n"
        exit_code = 0
        if any(s == ["echo", "$?"] for s in segments[index + 1 :]):
            exit_code = int(next(o for o in output if o.strip().isdigit()))
        if output[:1] == ["Password:"]:
            stdin = "demo\n"
        return Example(line, segment[1:], stdin, exit_code)
    return None


def blocks() -> list[Block]:
    """Every console block of the page that runs ``fleet``."""
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        block = Block(text.count("\n", 0, match.start()) + 1)
        lines = match.group(1).splitlines()
        for number, line in enumerate(lines):
            if not line.startswith("$ "):
                continue
            following = []
            for later in lines[number + 1 :]:
                if later.startswith("$ "):
                    break
                following.append(later)
            example = parse(line[2:], following)
            if example is not None:
                block.examples.append(example)
        if block.examples:
            found.append(block)
    return found


BLOCKS = blocks()


def epilog_lines(epilog: str | None) -> list[str]:
    """The example command lines of a help epilog made by ``_typer.examples``."""
    _, _, listed = (epilog or "").partition("\b\n")
    return [line.strip() for line in listed.split("\n\n")[0].splitlines()]


def group_examples() -> dict[str, list[str]]:
    """The example lines of each hand-made group's help epilog."""
    import importlib

    from fleetapi_cli.commands import GROUPS

    return {
        name: epilog_lines(importlib.import_module(module).app.info.epilog)
        for name, (module, _) in GROUPS.items()
    }


GROUP_EXAMPLES = group_examples()


def _run_clock_to_wait(example: Example, fleet_mock: Any) -> None:
    """Let the world clock run for an example that waits for a job (``--wait``): it would wait
    forever on the frozen clock of the test mock, as it never does on a served one."""
    if "--wait" in example.args:
        fleet_mock.clock.run()


SERVING = {"mock"}  # its examples serve until Ctrl-C


def test_the_page_has_examples_of_every_group() -> None:
    from fleetapi_cli._index import below
    from fleetapi_cli.commands import COMMANDS, GROUPS

    shown = {" ".join(e.args[:n]) for b in BLOCKS for e in b.examples for n in (1, 2)}
    names = {*GROUPS, *COMMANDS, *below(())[1]} - {"mock"}  # serving blocks until Ctrl-C
    assert names <= shown


def test_parsing_of_example_lines() -> None:
    example = parse("echo demo | fleet auth login --login demo --password-stdin", [])
    assert example == Example(
        "echo demo | fleet auth login --login demo --password-stdin",
        ["auth", "login", "--login", "demo", "--password-stdin"],
        "demo\n",
    )
    piped = parse("fleet tracker list -o json | jq '.[].label'", [])
    assert piped is not None
    assert piped.args == ["tracker", "list", "-o", "json"]
    failing = parse("fleet tracker read 424242; echo $?", ["error: ...", "5"])
    assert failing is not None
    assert failing.exit_code == 5
    assert parse("pip install 'fleetapi[cli]'", []) is None


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"line {b.start}")
def test_examples_run_against_the_mock(
    block: Block,
    cli: Cli,
    session: str,
    fleet_mock: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    for example in block.examples:
        _run_clock_to_wait(example, fleet_mock)
        result = cli(*example.args, input=example.stdin)
        assert result.exit_code == example.exit_code, (example.line, result.output)


@pytest.mark.parametrize("group", sorted(GROUP_EXAMPLES))
def test_each_group_help_shows_a_few_examples_within_80_columns(group: str, cli: Cli) -> None:
    lines = GROUP_EXAMPLES[group]
    assert 2 <= len(lines) <= 4, lines
    assert all(f"fleet {group} " in line for line in lines), lines
    shown = cli(*group.split(" "), "--help").output
    assert "Examples:" in shown
    for line in lines:
        assert f"    {line}\n" in shown  # as written, one line on an 80-column terminal
        assert len(line) + 4 <= 80, line


@pytest.mark.parametrize("group", sorted(set(GROUP_EXAMPLES) - SERVING))
def test_group_help_examples_run_against_the_mock(
    group: str,
    cli: Cli,
    session: str,
    fleet_mock: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    for line in GROUP_EXAMPLES[group]:
        example = parse(line, [])
        assert example is not None, line
        _run_clock_to_wait(example, fleet_mock)
        result = cli(*example.args, input=example.stdin)
        assert result.exit_code == example.exit_code, (line, result.output)


@pytest.mark.parametrize("group", sorted(SERVING))
def test_serving_examples_parse(group: str) -> None:
    import importlib

    from typer.main import get_command

    from fleetapi_cli.commands import GROUPS

    command = get_command(importlib.import_module(GROUPS[group][0]).app)
    for line in GROUP_EXAMPLES[group]:
        example = parse(line, [])
        assert example is not None, line
        _, name, *args = example.args
        # Options and arguments are checked without serving (which blocks until Ctrl-C).
        command.commands[name].make_context(name, args)  # type: ignore[attr-defined]


def test_root_help_examples_fit_and_run_against_the_mock(
    cli: Cli, session: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fleetapi_cli.app import app

    lines = epilog_lines(app.info.epilog)
    assert len(lines) >= 3, lines
    shown = cli("--help").output
    monkeypatch.chdir(tmp_path)
    for line in lines:
        assert f"    {line}\n" in shown  # as written, one line on an 80-column terminal
        assert len(line) + 4 <= 80, line
        example = parse(line, [])
        assert example is not None, line
        # a password prompt (fleet auth login) is answered as a user would: the demo password
        result = cli(*example.args, input=example.stdin or "demo\n")
        assert result.exit_code == example.exit_code, (line, result.output)
