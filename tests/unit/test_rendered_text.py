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


def _leaks(text: str) -> list[str]:
    found = [m.group(0) for m in ROLE.finditer(text)]
    found += sorted({n for n in CONSTANTS if re.search(rf"(?<![\w.]){n}(?!\w)", text)})
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
    from pathlib import Path

    hooks = Path(__file__).resolve().parents[2] / "docs" / "hooks.py"
    spec = importlib.util.spec_from_file_location("docs_hooks", hooks)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert _leaks(module.calls_markdown()) == []


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
