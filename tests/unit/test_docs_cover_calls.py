"""The reference docs list every call of the table, with its SDK method and CLI command."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fleetapi._docstrings import resolve_constants
from fleetapi.endpoints import ENDPOINTS
from fleetapi_cli._index import command_for

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
        assert f"client.{endpoint.sdk_name}(" in page
        names = command_for(endpoint.path)
        assert f"`fleet {' '.join(names)}`" in page


def _sections() -> dict[str, str]:
    page = load_hooks().calls_markdown()
    return {
        endpoint.path: page.split(f"### `{endpoint.path}`")[1].split("\n### ")[0]
        for endpoint in ENDPOINTS
    }


def test_each_call_says_what_the_mock_does_from_its_handler():
    import inspect

    from fleetapi_mock.handlers import HANDLERS, load_handlers, unimplemented_paths

    load_handlers()
    missing = unimplemented_paths()
    for path, section in _sections().items():
        if path in missing:
            assert "not implemented yet" in section
        else:
            handler = HANDLERS[path]
            doc = load_hooks().markdown_of(
                resolve_constants(inspect.getdoc(handler) or "", handler.__module__)
            )
            first = " ".join(doc.split("\n\n")[0].split())
            assert f"{HANDLERS[path].__name__}`): {first}" in section, path


def test_docstring_markup_is_rendered_as_code_on_the_calls_page():
    import re

    hooks = load_hooks()
    assert hooks.markdown_of("see :data:`~fleetapi_mock.domain.file.LIMIT` and ``x``") == (
        "see `LIMIT` and `x`"
    )
    assert hooks.markdown_of(":func:`a.b`") == "`a.b`"
    page = hooks.calls_markdown()
    assert not re.search(r":(data|func|class|meth|mod|attr):`", page)


def test_each_call_names_its_error_classes_and_shows_an_example():
    from fleetapi import CODES

    sections = _sections()
    for endpoint in ENDPOINTS:
        section = sections[endpoint.path]
        for code in endpoint.errors:
            assert f"| {code} | `{CODES[code].__name__}` |" in section, (endpoint.path, code)
        assert f"await client.{endpoint.sdk_name}(" in section
        assert "```python" in section


def test_hand_made_commands_are_found_in_the_cli_code():
    sections = _sections()
    assert "`fleet checkin export`" in sections["checkin/list"]
    assert "`fleet checkin upload`" in sections["checkin/image/create"]
    # a hand-made command standing for a call is its command; its own name is a short form
    assert "`fleet vehicle list` (hand-made)" in sections["vehicle/list"]
    assert (
        "`fleet vehicle read` (hand-made); short form `fleet vehicle show`"
        in sections["vehicle/read"]
    )
    assert "`fleet tracker counter value get` (generated)" in sections["tracker/counter/value/get"]


def test_every_error_code_is_in_the_errors_table():
    from fleetapi import CODES

    table = load_hooks().errors_markdown()
    for code, cls in CODES.items():
        assert f"| {code} | `{cls.__name__}` |" in table


def test_every_module_of_the_mock_is_described_on_the_architecture_page():
    from pathlib import Path

    import fleetapi_mock

    table = load_hooks().mock_modules_markdown()
    root = Path(fleetapi_mock.__file__).parent
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name not in {layer for layer, _ in fleetapi_mock.LAYERS}:
            assert f"| `{name}` | " in table, name
    assert "| `fleetapi_mock.domain.lifecycle` | The tracker-driven task lifecycle" in table
