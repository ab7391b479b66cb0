"""Every Python block of the docs pages runs against the in-process mock, as the docs promise.

Each fenced ``python`` block of ``README.md`` and ``docs/*.md`` runs in a fresh namespace that
holds ``mock`` (a ``FleetMock`` with the demo world) and ``client`` (a ``fleetapi.Client``
logged in as ``demo`` through it), in a scratch directory. A block runs as a script would,
so a top-level ``await`` or ``async with`` is a failure (a user's ``python file.py`` refuses
it): an async example runs its coroutine with ``asyncio.run``. Functions a block defines
whose names start with ``test_`` are then called with the fixtures they name (``fleet_mock``
and ``fleet_client`` are the block's ``mock`` and ``client``; any other, ``fleet_server`` or
``tmp_path``, is pytest's). A block of ``async def test_`` functions runs as a test file of its
own under pytest, so the plugin it names must run its coroutines.

A block written for a user's own shell against ``make demo`` (``http://127.0.0.1:8765``) is
preceded by ``<!-- against make demo -->``: it runs as printed against the demo world served
over HTTP, the address aside (the test's server listens on a free port). A block that cannot
run here is preceded by ``<!-- not run: <reason> -->``, and the reason is required. Blocks that
include a file (``--8<--``) show an ``examples/`` script, which ``tests/test_examples.py`` runs.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from fleetapi_mock import FleetMock

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIPPED_PAGES = {"reference.md"}
"""The API reference holds no examples of its own (it renders docstrings)."""

DEMO_URL = "http://127.0.0.1:8765"
"""Where ``make demo`` serves, as the blocks marked ``against make demo`` write it."""

FENCE = re.compile(
    r"(?:<!-- (?:not run: (?P<reason>[^>]*?)|(?P<demo>against make demo)) -->\s*\n)?"
    r"^(?P<indent>[ \t]*)```python[^\n]*\n"
    r"(?P<body>.*?)^(?P=indent)```",
    re.MULTILINE | re.DOTALL,
)


def _blocks() -> list[tuple[str, int, str, str | None, bool]]:
    found = []
    for page in PAGES:
        if page.name in SKIPPED_PAGES:
            continue
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            indent = match["indent"]
            body = "".join(
                line.removeprefix(indent) for line in match["body"].splitlines(keepends=True)
            )
            if "--8<--" in body:
                continue
            line = text.count("\n", 0, match.start("body"))
            found.append((page.name, line, body, match["reason"], match["demo"] is not None))
    return found


BLOCKS = _blocks()
RUNNABLE = [b for b in BLOCKS if b[3] is None and not b[4]]
AGAINST_DEMO = [b for b in BLOCKS if b[4]]


def test_every_block_runs_or_says_why_not():
    assert RUNNABLE
    for page, line, body, reason, demo in BLOCKS:
        assert reason is None or reason.strip(), f"{page}:{line}: a reason is required"
        if demo:
            assert DEMO_URL in body, f"{page}:{line}: a block against make demo names its URL"


def _run(body: str, where: str, namespace: dict[str, object]) -> None:
    code = compile(body, where, "exec", dont_inherit=True)  # as `python file.py` would
    exec(code, namespace)


def _run_with_pytest(body: str, directory: Path) -> None:
    """Run a block of async tests as a user's test file: pytest and its plugins decide how a
    coroutine runs (the block must name the plugin, as its mark), and each must pass."""
    import subprocess
    import sys

    (directory / "test_block.py").write_text(body, encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_block.py"],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert " passed" in ran.stdout
    assert " skipped" not in ran.stdout, ran.stdout  # an unmarked coroutine is skipped


def each_block(blocks: list[tuple[str, int, str, str | None, bool]]) -> pytest.MarkDecorator:
    """Parametrize a test by ``page``, ``line`` and ``body`` of each block."""
    return pytest.mark.parametrize(
        ("page", "line", "body"), [b[:3] for b in blocks], ids=[f"{b[0]}:{b[1]}" for b in blocks]
    )


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch working directory, and no fleet settings from the environment."""
    monkeypatch.chdir(tmp_path)
    for name in ("FLEETAPI_BASE_URL", "FLEETAPI_API_KEY", "FLEETAPI_HASH"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@each_block(AGAINST_DEMO)
def test_a_block_against_make_demo_runs_as_printed(page, line, body, scratch):
    from fleetapi_mock.web.server import ThreadedServer

    with ThreadedServer(FleetMock()) as server:
        _run(body.replace(DEMO_URL, server.base_url), f"{page}:{line}", {"__name__": "demo"})


def test_every_example_script_is_shown_in_the_docs():
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    for script in sorted((ROOT / "examples").glob("*.*")):
        if script.suffix not in (".py", ".sh"):
            continue
        assert f"examples/{script.name}" in text, f"{script.name} is referenced nowhere"


@each_block(RUNNABLE)
def test_docs_block_runs(page, line, body, scratch, tmp_path, monkeypatch, request):
    mock = FleetMock()
    with mock.login("demo", "demo") as client:
        namespace = {"__name__": "docs_example", "mock": mock, "client": client}
        _run(body, f"{page}:{line}", namespace)
        fixtures = {
            "fleet_mock": mock,
            "fleet_client": client,
            "monkeypatch": monkeypatch,
            "tmp_path": tmp_path,
        }
        tests = {n: v for n, v in namespace.items() if n.startswith("test_")}
        if any(inspect.iscoroutinefunction(v) for v in tests.values()):
            _run_with_pytest(body, tmp_path)
            return
        for value in tests.values():
            if inspect.isfunction(value):
                arguments = inspect.signature(value).parameters
                value(**{a: fixtures.get(a) or request.getfixturevalue(a) for a in arguments})
