"""Docstrings are read once and rendered for people: no reStructuredText role and no internal
constant's name reaches the mock's OpenAPI document, the CLI's help or the calls page."""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import re
from typing import Any

import httpx
import pytest

import fleetapi.endpoints
import fleetapi.models
from fleetapi._docstrings import field_doc, field_doc_in, plain_text, resolve_constants
from fleetapi.endpoints import ENDPOINTS
from fleetapi.models.history import HistoryTrackerListParams
from fleetapi_mock import FleetMock

ROLE = re.compile(r":(?:data|class|func|meth|attr|mod|obj|const|exc):`")


def _constants() -> set[str]:
    """The names of the constants of every model and table module (``MAX_HISTORY_LIMIT``)."""
    names: set[str] = set()
    for package in (fleetapi.models, fleetapi.endpoints):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            names |= {
                n
                for n, v in vars(module).items()
                if re.fullmatch(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+", n)
                and not isinstance(v, type)
                and not callable(v)
            }
    return names


CONSTANTS = _constants()


NAME = re.compile(r"(?<![\w.])[A-Z][A-Z0-9_]*(?!\w)")
"""A word that could be a constant's name (not an attribute's: no dot before it)."""


def _leaks(text: str) -> list[str]:
    found = [m.group(0) for m in ROLE.finditer(text)]
    found += sorted(CONSTANTS.intersection(NAME.findall(text)))  # one pass over the text
    return found


def test_the_constants_are_found() -> None:
    assert {"MAX_HISTORY_LIMIT", "MAX_BATCH_TRACKERS", "EMPLOYEE_SORT_FIELDS"} <= CONSTANTS


def test_the_openapi_document_shows_values_not_names() -> None:
    mock = FleetMock()
    with httpx.Client(transport=mock.transport, base_url=mock.base_url) as http:
        text = json.dumps(http.get("/openapi.json").json())
    assert _leaks(text) == []
    assert "At most 1000 (the default)." in text  # MAX_HISTORY_LIMIT, by value


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_generated_option_help_shows_values_not_names(endpoint: Any) -> None:
    from fleetapi_cli.fields import field_specs

    helps = " ".join(spec.help for spec in field_specs(endpoint.params))
    assert _leaks(helps) == [], endpoint.path
    assert _leaks(endpoint.notes) == [], endpoint.path


def test_the_calls_page_shows_values_not_names() -> None:
    assert _leaks(_hooks().calls_markdown()) == []


def test_one_reader_serves_every_reader() -> None:
    """The SDK's Args:, the CLI's help and the schemas read one text: the field's docstring
    with constants by value."""
    marked = field_doc(HistoryTrackerListParams, "limit")
    assert marked == field_doc_in("fleetapi.models.history", "HistoryTrackerListParams", "limit")
    assert "1000" in marked
    assert ":data:" not in marked
    assert plain_text(":class:`~fleetapi.models.task.Task` ``x``") == "Task x"
    assert resolve_constants(
        "at most :data:`~fleetapi.models.tracker_data.MAX_BATCH_TRACKERS`", "x"
    ) == ("at most 2000")


def test_no_handler_module_lists_its_calls_by_hand() -> None:
    """A handler module says what it is; the calls it handles are read from the registry
    (the docs' table of the mock's modules), so that no list drifts from the code."""
    import ast

    import fleetapi_mock.handlers

    paths = {p for e in ENDPOINTS for p in e.all_paths}
    prefix = f"{fleetapi_mock.handlers.__name__}."
    for info in pkgutil.walk_packages(fleetapi_mock.handlers.__path__, prefix):
        spec = importlib.util.find_spec(info.name)
        assert spec is not None
        assert spec.origin is not None
        with open(spec.origin, encoding="utf-8") as source:
            doc = ast.get_docstring(ast.parse(source.read())) or ""
        first = doc.split("\n\n")[0]
        named = {p for p in re.findall(r"``([a-z_]+(?:/[a-z_]+)+)``", first) if p in paths}
        assert not named, (info.name, sorted(named))


def test_the_docs_state_the_rate_limit_the_code_has() -> None:
    """Prose that gives the service's rate limit gives the one the SDK and the mock use (an
    example's own limit, in a code block, aside)."""
    from pathlib import Path

    from fleetapi._pacing import SERVICE_RATE_LIMIT

    root = Path(__file__).resolve().parents[2]
    stated = re.compile(r"(\d+)\s+requests\s+(?:per|a)\s+second")
    for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        prose = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
        for figure in stated.findall(prose):
            assert int(figure) == SERVICE_RATE_LIMIT, page.name


def _hooks() -> Any:
    from pathlib import Path

    hooks = Path(__file__).resolve().parents[2] / "docs" / "hooks.py"
    spec = importlib.util.spec_from_file_location("docs_hooks", hooks)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_decision_is_declared_once_and_shown_on_both_pages() -> None:
    """A decision about a call lives beside the call (``Endpoint.decisions``): the decisions
    page takes its row from there (a row for every declared decision, none twice), and the
    calls page shows it under the call."""
    from pathlib import Path

    hooks = _hooks()
    page = (Path(__file__).resolve().parents[2] / "docs" / "decisions.md").read_text()
    rendered = hooks.on_page_markdown(page)
    calls = hooks.calls_markdown()
    declared = [d for e in ENDPOINTS for d in e.decisions]
    assert declared
    for decision in declared:
        row = f"| {hooks._cell(decision.question)} | {hooks._cell(decision.answer)} |"
        assert rendered.count(f"| {hooks._cell(decision.question)} |") == 1, decision.question
        assert row in rendered
        assert f"**{decision.question}**: {decision.answer}" in calls
