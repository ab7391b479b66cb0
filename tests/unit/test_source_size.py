"""No hand-written module of ``src/`` grows past 450 lines: a longer one holds more than one
thing, and is split by what its parts do. Generated modules (they say so in their docstring)
are exempt: nobody reads them to change them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
MAX_LINES = 450
GENERATED = re.compile(r"^Generated (by|from) .*scripts/generate\.py", re.MULTILINE)


def _hand_written() -> list[str]:
    return sorted(
        str(p.relative_to(SRC))
        for p in SRC.rglob("*.py")
        if not GENERATED.search(p.read_text(encoding="utf-8")[:400])
    )


@pytest.mark.parametrize("path", _hand_written())
def test_no_hand_written_module_is_over_450_lines(path: str) -> None:
    lines = len((SRC / path).read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path} has {lines} lines: split it by what its parts do"


def test_the_generated_modules_are_recognised() -> None:
    generated = {str(p.relative_to(SRC)) for p in SRC.rglob("*.py")} - set(_hand_written())
    assert generated == {
        "fleetapi/_client.py",
        "fleetapi/_endpoint_areas.py",
        "fleetapi/_events.py",
        "fleetapi/resources/_async.py",
        "fleetapi/resources/_async_legacy.py",
        "fleetapi/resources/_sync.py",
        "fleetapi/resources/_sync_legacy.py",
        "fleetapi_cli/_index_data.py",
        "fleetapi_cli/_screens.py",
        "fleetapi_mock/web/control/_methods.py",
    }
