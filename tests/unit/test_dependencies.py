"""Dependencies the SDK relies on for more than an import: declared, so that every install
has them."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def _dependencies() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {
        spec.split(">")[0].split("=")[0].split("[")[0].strip() for spec in project["dependencies"]
    }


def test_sniffio_is_a_dependency_of_the_sdk() -> None:
    # httpcore detects the running async library with sniffio; without it, every request of
    # the async client tries (and fails) to import it again.
    assert "sniffio" in _dependencies()
    import sniffio  # installed with the SDK

    assert sniffio.current_async_library  # the function httpcore calls
