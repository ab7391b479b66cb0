"""``fleet mock snapshot`` on a terminal draws a progress bar (here in a pseudo-terminal)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from fleetapi_mock import DEMO_API_KEY, FleetMock, ThreadedServer

pytestmark = pytest.mark.e2e


def test_on_a_terminal_a_snapshot_shows_a_progress_bar(tmp_path: Path) -> None:
    out = tmp_path / "my-fleet.json"
    env = {**os.environ, "FLEETAPI_API_KEY": DEMO_API_KEY, "FLEETAPI_CONFIG_DIR": str(tmp_path),
           "COLUMNS": "120", "TERM": "xterm"}  # fmt: skip
    env.pop("NO_COLOR", None)
    screen, terminal = pty.openpty()
    shown = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(screen, 65536)
            except OSError:  # the terminal closed
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    with ThreadedServer(FleetMock()) as served:
        done = subprocess.run(
            [sys.executable, "-m", "fleetapi_cli", "--base-url", served.base_url, "mock",
             "snapshot", "--out", str(out), "--from", "2026-01-08", "--to", "2026-01-15"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=terminal, timeout=120,
            check=False, env=env,
        )  # fmt: skip
    os.close(terminal)
    reader.join(timeout=10)
    os.close(screen)
    text = shown.decode("utf-8", "replace")
    assert done.returncode == 0, text
    assert "track points" in text
    assert "/5" in text  # the unblocked trackers done of five
    assert " read" in text
    assert "━" in text
    assert "read 6 trackers\r\n" not in text  # the bar, not the lines of a log
    assert f"wrote {out}" in text
