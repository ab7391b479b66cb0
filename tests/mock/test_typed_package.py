"""``fleetapi_mock`` ships its types: a user's type checker reads them, as it reads the SDK's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

USER_TEST = """\
from fleetapi import Client
from fleetapi_mock import FleetMock
from fleetapi_mock.pytest_plugin import fleet_mock

mock: FleetMock = FleetMock()
client: Client = mock.login("demo", "demo")
"""


def test_mypy_reads_the_mock_s_types_in_a_user_s_test(tmp_path: Path) -> None:
    user = tmp_path / "test_user.py"
    user.write_text(USER_TEST)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=skip", "--no-incremental", str(user)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert "py.typed" not in done.stdout
