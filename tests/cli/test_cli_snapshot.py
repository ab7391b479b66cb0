"""How ``fleet mock snapshot`` shows how far it has come: a Rich progress bar on a terminal,
a plain line per step elsewhere (a CI log)."""

from __future__ import annotations

import io

from fleetapi_cli.snapshots import progress_shown
from fleetapi_mock.snapshot import Step


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _steps() -> list[Step]:
    return [
        Step(name="trackers", records=6, finished=True),
        Step(name="track_points", records=0, done=0, total=5),
        Step(name="track_points", records=1234, done=3, total=5),
        Step(name="track_points", records=2048, finished=True),
    ]


def test_on_a_terminal_the_step_its_units_and_its_records_show_on_a_bar() -> None:
    screen = _Terminal()
    with progress_shown(screen) as told:
        for step in _steps():
            told(step)
    shown = screen.getvalue()
    assert "step 2: track points" in shown
    assert "3/5" in shown  # trackers done of their total
    assert "1,234 read" in shown
    assert "━" in shown  # the bar
    assert "read 6 trackers" not in shown  # no plain lines on a terminal


def test_elsewhere_a_line_says_each_step_read() -> None:
    log = io.StringIO()
    with progress_shown(log) as told:
        for step in _steps():
            told(step)
    assert log.getvalue() == "read 6 trackers\nread 2,048 track points\n"
