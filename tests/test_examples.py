"""Every script in examples/ runs against the mock served over real HTTP (shell scripts too,
where curl is installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))
SHELL_EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.sh"))


@pytest.mark.e2e
@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script, fleet_server):
    env = {**os.environ, "FLEETAPI_BASE_URL": fleet_server.base_url}
    env.pop("FLEETAPI_API_KEY", None)
    env.pop("FLEETAPI_HASH", None)
    result = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_there_are_examples():
    assert EXAMPLES


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("curl") is None, reason="the shell examples use curl")
@pytest.mark.parametrize("script", SHELL_EXAMPLES, ids=lambda p: p.name)
def test_shell_example_runs_in_a_world_of_its_own(script, fleet_shared_server):
    env = {**os.environ, "FLEET_MOCK_URL": fleet_shared_server.base_url, "CI_JOB_ID": "7"}
    command = ["sh", str(script)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "world job-7" in result.stdout
    assert not fleet_shared_server.mock.journal.find("task/assign"), "the server's own world"
    names = [row.name for row in fleet_shared_server.worlds.describe()]
    assert "job-7" not in names, "the job deleted its world"
