"""The shell lines of the guide's pages run as printed, in a shell that has activated nothing.

Every ``console`` block of the pages below is run with bash, its ``$`` lines in order (a line
ending in ``\\`` goes on to the next), in a directory laid out as a user's checkout (``.venv``,
``examples/``), against the demo world served on a free port in place of ``make demo``'s 8765.
A block preceded by ``<!-- not run: <reason> -->`` says why it cannot run here; ``make``
lines are what CI itself runs (``.ci/run``), so they are left to it. ``docs/cli.md`` has a test
of its own (``tests/cli/test_cli_docs.py``), as the README's block (``test_readme_commands``).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from fleetapi_mock import FleetMock
from fleetapi_mock.web.server import ThreadedServer

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    "index.md",
    "quickstart.md",
    "mock.md",
    "testing.md",
    "migration.md",
    "devices.md",
    "field-service.md",
    "reports.md",
]
DEMO_URL = "http://127.0.0.1:8765"
BLOCK = re.compile(
    r"(?:<!-- not run: (?P<reason>[^>]*?) -->\s*\n)?^```console\n(?P<body>.*?)^```",
    re.MULTILINE | re.DOTALL,
)


def _commands(body: str) -> list[str]:
    """The ``$`` lines of a block, continuation lines joined, ``make`` lines left out."""
    commands: list[str] = []
    going_on = False
    for line in body.splitlines():
        if going_on:
            commands[-1] += "\n" + line
        elif line.startswith("$ "):
            commands.append(line[2:])
        else:
            continue
        going_on = line.endswith("\\")
    return [c for c in commands if not c.startswith("make ")]


def _blocks() -> list[tuple[str, int, list[str]]]:
    found = []
    for page in PAGES:
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            commands = _commands(match["body"])
            if match["reason"] is None and commands:
                line = text.count("\n", 0, match.start("body"))
                found.append((page, line, commands))
    return found


BLOCKS = _blocks()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_the_pages_have_blocks_to_run() -> None:
    assert {page for page, _, _ in BLOCKS} >= {"index.md", "mock.md", "testing.md"}


@pytest.mark.parametrize(
    ("page", "line", "commands"), BLOCKS, ids=[f"{page}:{line}" for page, line, _ in BLOCKS]
)
def test_a_console_block_runs_as_printed(
    page: str, line: int, commands: list[str], tmp_path: Path
) -> None:
    venv = Path(sys.executable).parent.parent
    if not (venv / "bin" / "fleet").is_file():
        pytest.skip("the tests do not run from a virtual environment holding fleet")
    if any(c.startswith("curl ") for c in commands) and shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / ".venv").symlink_to(venv)
    (checkout / "examples").symlink_to(ROOT / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLEETAPI_", "VIRTUAL_ENV"))}
    env["FLEETAPI_CONFIG_DIR"] = str(tmp_path / "config")
    # where a page's user has installed fleetapi (a CI job's environment), `fleet` is on the PATH
    env["PATH"] = f"{venv / 'bin'}:{env.get('PATH', '/usr/bin:/bin')}"
    prelude = [
        "set -e",
        "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
        # a page's curl must get an answer that is no failure, not just any answer
        'curl() { command curl --fail-with-body "$@"; }',
    ]
    script = "\n".join([*prelude, *commands])
    with ThreadedServer(FleetMock()) as server:
        if "fleet mock serve" in script:  # the block serves its own mock: on a free port
            script = script.replace("8765", str(_free_port()))
        else:
            script = script.replace(DEMO_URL, server.base_url)
        done = subprocess.run(
            ["bash", "-c", script], cwd=checkout, env=env, input="demo\n", text=True,
            capture_output=True, timeout=120, check=False,
        )  # fmt: skip
    assert done.returncode == 0, f"{page}:{line}\n{script}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
