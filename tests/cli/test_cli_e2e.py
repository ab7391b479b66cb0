"""``fleet`` as a real process against ``fleet mock serve`` over HTTP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

FLEET = str(Path(sys.executable).with_name("fleet"))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``fleet mock serve`` on a free port with the demo world given as a file."""
    from fleetapi_mock import demo_document

    world = tmp_path / "world.json"
    world.write_text(json.dumps(demo_document()))
    process = subprocess.Popen(
        [FLEET, "mock", "serve", "--port", "0", "--world", str(world), "--demo-banner"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("fleet mock: listening on "), line + process.stderr.read()
        banner = []
        while not banner or banner[-1] != "Ctrl-C stops the mock.":
            banner.append(process.stdout.readline().rstrip("\n"))
        (tmp_path / "banner.txt").write_text("\n".join(banner))
        yield line.rsplit(" ", 1)[1].strip()
    finally:
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate(timeout=20)
    assert "fleet mock: stopped" in out


def fleet(*args: str, config: Path, input: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETAPI_")}
    env["FLEETAPI_CONFIG_DIR"] = str(config)
    return subprocess.run(
        [FLEET, *args], input=input, capture_output=True, text=True, env=env, timeout=60,
        check=False,
    )  # fmt: skip


def test_a_session_over_http(served: str, tmp_path: Path) -> None:
    config = tmp_path / "profiles"
    login = fleet(
        "--base-url", served, "auth", "login", "--login", "demo", "--password-stdin",
        config=config, input="demo\n",
    )  # fmt: skip
    assert login.returncode == 0, login.stderr
    assert (config / "config.toml").stat().st_mode & 0o777 == 0o600

    trackers = fleet("tracker", "list", config=config)
    assert trackers.returncode == 0, trackers.stderr
    assert json.loads(trackers.stdout)[0]["label"] == "Van 1"

    created = fleet("key", "create", "CI", config=config)
    key = json.loads(created.stdout)["hash"]
    listed = fleet("key", "list", "-o", "tsv", config=config)
    assert key in listed.stdout

    debug = fleet("--debug", "ping", config=config)
    assert debug.returncode == 0
    assert f"debug: POST {served}/base/nothing -> 200 OK" in debug.stderr
    session = (config / "config.toml").read_text().split('hash = "')[1][:32]
    assert session not in debug.stderr

    missing = fleet("tracker", "read", "424242", config=config)
    assert missing.returncode == 5
    assert missing.stderr.startswith("error: [201]")


def test_a_checkin_with_a_photo_over_http(served: str, tmp_path: Path) -> None:
    config = tmp_path / "profiles"
    login = fleet(
        "--base-url", served, "auth", "login", "--login", "demo", "--password-stdin",
        config=config, input="demo\n",
    )  # fmt: skip
    assert login.returncode == 0, login.stderr
    photo = tmp_path / "gate.png"
    photo.write_bytes(bytes.fromhex("89504e470d0a1a0a") + b"gate")
    created = fleet(
        "checkin", "create", "-t", "2", "--lat", "52.5", "--lng", "13.4", "-m", "At the gate",
        "--photo", str(photo), config=config,
    )  # fmt: skip
    assert created.returncode == 0, created.stderr
    checkin_id = json.loads(created.stdout)["id"]
    saved = tmp_path / "saved"
    shown = fleet("checkin", "show", str(checkin_id), "--save-files", str(saved), config=config)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["comment"] == "At the gate"
    assert (saved / "gate.png").read_bytes() == photo.read_bytes()
    report = tmp_path / "checkins.xlsx"
    exported = fleet("checkin", "export", "-O", str(report), "-t", "2", config=config)
    assert exported.returncode == 0, exported.stderr
    assert report.read_bytes().startswith(b"PK")


def test_the_banner_s_commands_run_as_printed(served: str, tmp_path: Path) -> None:
    # What `make demo` prints to try runs in a shell that has activated nothing, as printed.
    banner = (tmp_path / "banner.txt").read_text().splitlines()
    start = banner.index("In another terminal, try:") + 1
    commands = [line.strip().split("   (")[0] for line in banner[start:] if "--base-url" in line]
    assert len(commands) >= 4
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETAPI_")}
    env["FLEETAPI_CONFIG_DIR"] = str(tmp_path / "profiles")
    for command in commands:
        done = subprocess.run(
            command, shell=True, input="demo\n", capture_output=True, text=True, env=env,
            timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 0, (command, done.stderr)
        assert "Warning" not in done.stderr  # no GetPassWarning for a piped password
