"""Every list command draws a table that fits 80 columns of a real terminal without breaking a
value: ids, numbers, dates and single words whole, free text shortened with an ellipsis."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from fleetapi_cli.app import app
from fleetapi_mock import FleetMock
from fleetapi_mock.web.server import ThreadedServer

pytestmark = pytest.mark.e2e

FLEET = str(Path(sys.executable).with_name("fleet"))
WIDTH = 80
PERIOD = ["--from", "2026-01-14 00:00:00", "--to", "2026-01-16 00:00:00"]
ARGS: dict[str, list[str]] = {
    "bill list": [], "checkin list": [], "department list": [], "employee list": [],
    "event list": PERIOD, "history tracker list": PERIOD, "history user list": PERIOD,
    "history unread list": [], "history type list": [], "garage list": [], "key list": [],
    "api key list": [], "link list": [], "tracker location link list": [],
    "map-layer list": [], "retranslator list": [], "retranslator protocol list": [],
    "task list": [], "asset track list": ["--vehicle", "1", *PERIOD], "tracker list": [],
    "vehicle list": [], "delivery list": ["--external-id", "1001"], "tracker rule list": [],
    "tracker sensor list": ["--tracker-id", "1"], "tracker sensor batch-list": ["--trackers", "1"],
    "tracker sensor input-name list": [],
    "tracker readings list": ["1"], "tracker readings batch-list": ["--trackers", "1"],
    "tracker counter value list": ["--trackers", "1", "--type", "odometer"],
    "tracker list-models": [], "track list": ["--tracker-id", "1", *PERIOD],
    "track visit list": ["--tracker-id", "1", *PERIOD],
    "subscription avangate list": [], "payment-system list": [], "data import list": [],
    "tracker group list": [], "zone list": [], "zone point list": ["--zone-id", "3"],
    "place list": [], "entity list": [], "tag list": [], "form template list": [],
    "task route list": [],
    "report tracker list": [], "report schedule list": [], "subuser list": [],
    "subuser security-group list": [],
    "subuser tracker list": ["--subuser-id", "2"],
    "subuser zones list": ["--subuser-id", "2"], "subuser places list": ["--subuser-id", "2"],
    "subuser zones list-ids": ["--subuser-id", "2"],
    "timezone list": [], "plugin list": [], "notification list": [],
    "history asset list": [*PERIOD], "user audit log list": [*PERIOD],
    "subuser places list-ids": ["--subuser-id", "2"],
    "task checkpoint list": ["--checkpoint-ids", "7", "--checkpoint-ids", "8"],
    "tariff list": [], "tariff tracker list": ["--tracker-id", "2"],
    "transaction list": ["--from", "2025-12-01", "--to", "2026-01-15"],
    "tracker chat list": ["--tracker-id", "4"], "tracker chat updated list": ["--trackers", "4"],
    "tracker contact list": [], "tracker trusted-number list": ["--tracker-id", "1"],
    "tracker retranslator list": ["--tracker-id", "1"],
    "status list": ["--listing-id", "1"], "status listing list": [],
    "status tracker list": ["--trackers", "4"],
    "asset-group list": ["--group-ids", "1", "--group-ids", "2"],
    "employee import list": [], "vehicle import list": [],
    "vehicle service-task list": [],
    "driver journal entry list": ["--tracker-id", "1", *PERIOD],
    "driver journal proposal list": ["--tracker-id", "1", *PERIOD],
    "task form list": ["--ascending", "--include-unsubmitted"],
    "task schedule list": ["--types", "task", "--types", "route"],
    "task schedule proposal list": [],
}  # fmt: skip
"""Every list command (all but ``profile list``, which lists local files) and the arguments
it needs in the demo world."""

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?")


def list_commands() -> set[str]:
    root = typer.main.get_command(app)
    context = typer.Context(root)
    found = set()

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "list_commands"):
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])
        elif path[-1].startswith("list") or path[-1].endswith("-list"):
            found.add(" ".join(path))

    walk(root, [])
    return found - {"profile list"}


def test_every_list_command_is_checked():
    assert set(ARGS) == list_commands()


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, str]]:
    mock = FleetMock()
    with ThreadedServer(mock) as server:
        yield server.base_url, mock.session("demo")


def environment(served: tuple[str, str], config: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETAPI_")}
    env.pop("COLUMNS", None)
    env.update(FLEETAPI_BASE_URL=served[0], FLEETAPI_HASH=served[1], TERM="xterm")
    env["FLEETAPI_CONFIG_DIR"] = str(config)
    return env


def in_terminal(args: list[str], env: dict[str, str], width: int) -> str:
    """What ``fleet ARGS`` writes to a pseudo-terminal ``width`` columns wide."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, width, 0, 0))
    process = subprocess.Popen(
        [FLEET, *args], stdin=subprocess.DEVNULL, stdout=follower, stderr=subprocess.DEVNULL,
        env=env,
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closes with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert process.wait(timeout=60) == 0
    return ANSI.sub("", b"".join(chunks).decode()).replace("\r\n", "\n")


class _Screen(io.StringIO):
    """Standard output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def on_screen(args: list[str], env: dict[str, str], width: int) -> str:
    """What ``fleet ARGS`` run in this process writes to a terminal ``width`` columns wide
    (``COLUMNS``, which the terminal's own size gives way to: a process per table doubled
    the suite's time of this module; :func:`test_a_real_terminal_draws_the_same_table`
    checks that a real one draws the same)."""
    screen = _Screen()
    with pytest.MonkeyPatch.context() as patch:
        for name in [n for n in os.environ if n.startswith("FLEETAPI_")]:
            patch.delenv(name)
        for name, value in {**env, "COLUMNS": str(width)}.items():
            patch.setenv(name, value)
        patch.setattr(sys, "stdout", screen)
        with pytest.raises(SystemExit) as ended:
            app([*args], prog_name="fleet")
    assert ended.value.code in (0, None)
    return ANSI.sub("", screen.getvalue())


def test_a_real_terminal_draws_the_same_table(served, tmp_path: Path) -> None:
    """``fleet`` as a process on a pseudo-terminal of 80 and of 1,000 columns draws what it
    draws in this process told the width."""
    env = environment(served, tmp_path)
    for command in ("task list", "tracker list", "event list"):
        args = [*command.split(), *ARGS[command]]
        for width in (WIDTH, 1000):
            assert in_terminal(args, env, width) == on_screen(args, env, width), command


def cells(line: str, starts: list[int]) -> list[str]:
    """The values of a table line, cut at the columns' starts."""
    ends = [*starts[1:], None]
    return [line[start:end].strip() for start, end in zip(starts, ends, strict=True)]


def whole(cell: str) -> bool:
    """Whether a table must show a value whole: an id, a number, a date, a single word (a
    list or an object, in JSON, may be shortened)."""
    if cell.startswith(("[", "{")):
        return False
    return DATE.fullmatch(cell) is not None or not any(c.isspace() for c in cell)


@pytest.mark.parametrize("command", sorted(ARGS))
def test_a_list_at_80_columns_breaks_no_value(command: str, served, tmp_path: Path) -> None:
    """The table at 80 columns against the same table 1,000 columns wide, where nothing is
    shortened or left out."""
    env = environment(served, tmp_path)
    args = [*command.split(), *ARGS[command]]
    wide = on_screen(args, env, 1000).strip("\n").split("\n")
    drawn = on_screen(args, env, WIDTH).strip("\n").split("\n")
    assert len(wide) > 1, f"{command} lists nothing in the demo world: nothing is checked"
    assert len(drawn) == len(wide), "\n".join(drawn)
    assert all(len(line) <= WIDTH for line in drawn), "\n".join(drawn)
    known, header = wide[0].split(), drawn[0].split()
    assert header == known[: len(header)], f"a heading is not whole: {header} of {known}"
    starts = [drawn[0].index(name) for name in header]
    wide_starts = [wide[0].index(name) for name in known]
    for short, full in zip(drawn[1:], wide[1:], strict=True):
        values = cells(full, wide_starts)
        for name, cell, value in zip(header, cells(short, starts), values, strict=False):
            if whole(value):
                assert cell == value, (command, name, cell, value)
            elif cell != value:
                assert cell.endswith("…"), (command, name, cell)
                assert value.startswith(cell[:-1]), (command, name, cell)
