"""The README's command-line block runs as printed, in a shell, against the served demo world."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fleetapi_mock import FleetMock
from fleetapi_mock.web.server import ThreadedServer

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
DEMO_URL = "http://127.0.0.1:8765"


def readme_commands() -> list[str]:
    """The commands of the README's console block that logs in (``$ `` lines)."""
    blocks = re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    (block,) = [b for b in blocks if "auth login" in b]
    return [line[2:] for line in block.splitlines() if line.startswith("$ ")]


def test_the_readme_command_line_runs_as_printed(tmp_path: Path) -> None:
    venv = Path(sys.executable).parent.parent
    if not (venv / "bin" / "activate").is_file():
        pytest.skip("the tests do not run from a virtual environment with bin/activate")
    checkout = tmp_path / "checkout"  # what a user's checkout holds: .venv and examples/
    checkout.mkdir()
    (checkout / ".venv").symlink_to(venv)
    (checkout / "examples").symlink_to(ROOT / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLEETAPI_", "VIRTUAL_ENV"))}
    env["FLEETAPI_CONFIG_DIR"] = str(tmp_path / "config")
    with ThreadedServer(FleetMock()) as server:
        script = "\n".join(["set -e", *readme_commands()]).replace(DEMO_URL, server.base_url)
        done = subprocess.run(
            ["bash", "-c", script], cwd=checkout, env=env, input="demo\n", text=True,
            capture_output=True, timeout=300, check=False,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (checkout / "checkins.xlsx").read_bytes().startswith(b"PK")
    assert "Created check-in" in done.stderr
