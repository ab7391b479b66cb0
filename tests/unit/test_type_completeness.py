"""The packages' public types are complete for type checkers (``pyright --verifytypes``): an
IDE and ``pyright --strict`` in a user's project see every exported name's type."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(("package", "least"), [("fleetapi", 1.0), ("fleetapi_mock", 0.95)])
def test_exported_names_have_known_types(package: str, least: float, tmp_path: Path) -> None:
    env = dict(os.environ)  # pyright asks the `python` on the PATH where packages live
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    answer = subprocess.run(
        [sys.executable, "-m", "pyright", "--verifytypes", package, "--ignoreexternal",
         "--outputjson"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    report = json.loads(answer.stdout)
    completeness = report["typeCompleteness"]
    problems = [
        f"{d.get('file', '')}:{d.get('range', {}).get('start', {}).get('line', '?')}: "
        f"{d['message']}"
        for d in report.get("generalDiagnostics", [])
        if d.get("severity") == "error"
    ]
    assert completeness["completenessScore"] >= least, "\n".join(problems[:30])
