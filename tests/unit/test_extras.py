"""Installed without an extra, the command line and the pytest fixtures say what to install
instead of ending in a traceback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def _without(module: str, code: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where ``module`` cannot be imported."""
    guard = f"import sys; sys.modules[{module!r}] = None\n"
    return subprocess.run(
        [sys.executable, "-c", guard + code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


def test_fleet_without_the_cli_extra_names_it() -> None:
    ran = _without("typer", "from fleetapi_cli import main; main()")
    assert ran.returncode == 1
    assert "Traceback" not in ran.stderr
    assert "pip install 'fleetapi[cli]' (typer is missing)" in ran.stderr


def test_the_fixtures_without_the_mock_extra_name_it(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(
        textwrap.dedent(
            """
            def test_uses_the_mock(fleet_mock):
                pass
            """
        )
    )
    ran = _without(
        "gpxpy",
        "import pytest, sys; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', "
        "'-p', 'no:randomly', 'test_inner.py']))",
        cwd=tmp_path,
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "pip install 'fleetapi[mock]' (gpxpy is missing)" in ran.stdout
    assert "Traceback" not in ran.stdout
