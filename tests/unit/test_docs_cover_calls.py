"""The reference docs list every call of the table, with its SDK method and CLI command."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fleetapi.endpoints import ENDPOINTS

HOOKS = Path(__file__).resolve().parents[2] / "docs" / "hooks.py"


def load_hooks():
    spec = importlib.util.spec_from_file_location("docs_hooks", HOOKS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_call_has_a_docs_entry():
    page = load_hooks().on_page_markdown("# Calls\n\n<!-- fleetapi:calls -->\n")
    for endpoint in ENDPOINTS:
        assert f"### `{endpoint.path}`" in page
        assert f"client.{endpoint.resource}.{endpoint.method}(" in page
        group, command = endpoint.cli_name
        assert f"`fleet {group} {command}`" in page


def test_the_mock_status_in_the_docs_follows_the_handlers():
    from fleetapi_mock.handlers import unimplemented_paths

    page = load_hooks().calls_markdown()
    implemented = next(e for e in ENDPOINTS if e.path not in unimplemented_paths())
    section = page.split(f"### `{implemented.path}`")[1].split("### ")[0]
    assert "**Mock**: implemented" in section


def test_every_error_code_is_in_the_errors_table():
    from fleetapi import CODES

    table = load_hooks().errors_markdown()
    for code, cls in CODES.items():
        assert f"| {code} | `{cls.__name__}` |" in table
