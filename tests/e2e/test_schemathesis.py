"""A bounded schemathesis pass over every operation of the OpenAPI document the mock serves.

The fuzzing phase, every check but the two ``schemathesis.toml`` turns off with its reason,
the hook that replaces one of them, authenticated with the demo API key, the rate limit off:
schemathesis must find nothing. Dig deeper locally: ``FLEET_SCHEMATHESIS_EXAMPLES=50`` and
``FLEET_SCHEMATHESIS_PHASES=coverage,fuzzing`` (the coverage phase takes about an hour over
every call: ``FLEET_SCHEMATHESIS_PATHS='^/(task|employee)/'`` runs it over a slice).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fleetapi_mock import DEMO_API_KEY, ThreadedServer

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).with_name("st")


def _schemathesis(tmp_path: Path, *selection: str) -> None:
    """Run schemathesis over the operations ``selection`` picks, against a fresh server."""
    examples = os.environ.get("FLEET_SCHEMATHESIS_EXAMPLES", "3")
    phases = os.environ.get("FLEET_SCHEMATHESIS_PHASES", "fuzzing")
    seed = os.environ.get("FLEET_SCHEMATHESIS_SEED", "1")
    env = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "tests.contract.schemathesis_hooks",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    with ThreadedServer() as server:  # the in-process mock: rate limit off, clock frozen
        result = subprocess.run(
            [
                str(ST), "--config-file", str(ROOT / "schemathesis.toml"), "run",
                f"{server.base_url}/openapi.json",
                "-H", f"Authorization: NVX {DEMO_API_KEY}",
                "--phases", phases, "-n", examples, "--seed", seed,
                "--workers", "1", "--no-shrink", "--continue-on-failure", *selection,
                # Hypothesis health checks judge the generator (slow or filtered draws of the
                # deepest schemas), not the server: the test asserts the checks on answers.
                "--suppress-health-check", "all",
            ],
            cwd=tmp_path,  # schemathesis keeps its cache in the working directory
            env=env,
            capture_output=True,
            text=True,
            timeout=1200,
            check=False,
        )  # fmt: skip
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "0 failures" in result.stdout or " passed" in result.stdout


def test_schemathesis_finds_nothing(tmp_path: Path) -> None:
    paths = os.environ.get("FLEET_SCHEMATHESIS_PATHS")  # a regex: one slice of the calls
    only = ["--include-path-regex", paths] if paths else []
    # the control API resets the world and arms faults on purpose: it has a server of its own
    _schemathesis(tmp_path, "--exclude-tag", "mock-control", *only)


def test_schemathesis_finds_nothing_in_the_control_api(tmp_path: Path) -> None:
    _schemathesis(tmp_path, "--include-tag", "mock-control")
