"""The built wheel works where a user installs it: an empty venv, nothing of the checkout.

``make dist`` builds the files and runs this module with ``FLEETAPI_WHEEL`` naming the wheel;
without it (the ordinary test run) the module is skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import venv
import zipfile
from pathlib import Path

import httpx
import pytest

WHEEL = os.environ.get("FLEETAPI_WHEEL", "")

pytestmark = pytest.mark.skipif(not WHEEL, reason="make dist runs it on the wheel it built")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv (with pip, as a user makes one) with the wheel and its cli and mock extras."""
    home = tmp_path_factory.mktemp("user")
    env = home / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    wheel = Path(WHEEL).resolve()
    subprocess.run(
        [env / "bin" / "python", "-m", "pip", "install", "--quiet", f"{wheel}[cli,mock]", "pytest"],
        check=True,
        cwd=home,
        timeout=600,
    )
    return env


def _run(env: Path, *args: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(env / "bin" / args[0]), *args[1:]],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        env={"PATH": f"{env / 'bin'}:/usr/bin:/bin", "HOME": str(cwd)},
    )


def test_the_wheel_holds_the_three_packages_and_no_tests() -> None:
    names = zipfile.ZipFile(WHEEL).namelist()
    for package in ("fleetapi", "fleetapi_cli", "fleetapi_mock"):
        assert f"{package}/__init__.py" in names
    # the two libraries carry their types to the user's type checker
    assert {"fleetapi/py.typed", "fleetapi_mock/py.typed"} <= set(names)
    assert not [name for name in names if name.startswith("tests/")]
    assert any(name.endswith("licenses/LICENSE") for name in names)


def test_fleet_runs_from_the_installed_wheel(installed: Path, tmp_path: Path) -> None:
    ran = _run(installed, "fleet", "--version", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("fleet ")
    # the interpreter imports the installed files, not the checkout's
    where = _run(
        installed, "python", "-c", "import fleetapi; print(fleetapi.__file__)", cwd=tmp_path
    )
    assert str(installed) in where.stdout


def test_the_installed_mock_serves(installed: Path, tmp_path: Path) -> None:
    ready = tmp_path / "mock.url"
    server = subprocess.Popen(
        [installed / "bin" / "fleet", "mock", "serve", "--port", "0", "--ready-file", ready],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        waited = _run(installed, "fleet", "mock", "wait", "--ready-file", str(ready), cwd=tmp_path)
        assert waited.returncode == 0, waited.stderr
        url = ready.read_text().strip()
        answer = httpx.post(f"{url}/user/auth", json={"login": "demo", "password": "demo"})
        assert answer.json()["success"] is True
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_installed_pytest_fixtures_run(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "test_user.py").write_text(
        textwrap.dedent(
            """
            def test_lists_trackers(fleet_client):
                assert fleet_client.tracker.list()
            """
        )
    )
    ran = _run(installed, "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "1 passed" in ran.stdout


def test_the_interpreter_running_this_is_not_the_installed_one(installed: Path) -> None:
    assert not sys.executable.startswith(str(installed))
