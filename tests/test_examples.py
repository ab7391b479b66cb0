"""Every script in examples/ runs against the mock served over real HTTP."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))


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
