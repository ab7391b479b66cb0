"""The documentation site as built: what a reader sees has none of the rendering faults that
Markdown tables, docstring markup and generated pages are prone to."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``mkdocs build --strict`` makes it: the one ``make test`` built before the
    tests (``FLEET_BUILT_SITE``), else built here."""
    if os.environ.get("FLEET_BUILT_SITE"):
        return Path(os.environ["FLEET_BUILT_SITE"]).resolve()
    built = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(built)],
        cwd=ROOT, check=True, capture_output=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": ""},
    )  # fmt: skip
    return built


def pages(site: Path) -> dict[str, str]:
    return {
        str(p.relative_to(site)): p.read_text(encoding="utf-8")
        for p in site.rglob("index.html")
        if "search" not in p.parts
    }


def text_of(page: str) -> str:
    """What a reader sees of a page: its text without tags, entities decoded."""
    body = page.split('<article class="md-content__inner md-typeset">', 1)[-1]
    body = re.sub(r"<pre.*?</pre>", "", body, flags=re.S)  # code blocks show source as it is
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def test_no_backslash_before_a_pipe_in_code(site: Path) -> None:
    faults = {
        name: len(re.findall(r"<code>[^<]*\\\|", page))
        for name, page in pages(site).items()
        if re.search(r"<code>[^<]*\\\|", page)
    }
    assert faults == {}


def test_no_docstring_markup_shows_through(site: Path) -> None:
    for name, page in pages(site).items():
        shown = text_of(page)
        roles = re.findall(r":(?:class|data|mod|meth|func|attr|exc|obj|const):", shown)
        assert roles == [], f"{name} shows {roles}"
    for name in ("calls/index.html", "cli/index.html"):
        shown = text_of(pages(site)[name])
        assert "_SORT_FIELDS" not in shown, f"{name} names a constant, not its fields"


def test_placeholders_in_angle_brackets_are_shown_not_swallowed(site: Path) -> None:
    for name, page in pages(site).items():
        assert "<field>" not in page, f"{name} has <field> as a tag"
    assert "<field>=asc" in text_of(pages(site)["calls/index.html"])


def test_examples_in_docstrings_are_code_not_quotes(site: Path) -> None:
    reference = pages(site)["reference/index.html"]
    assert "<blockquote>" not in reference
    code = html.unescape(
        re.sub(r"<[^>]+>", "", " ".join(re.findall(r"<pre.*?</pre>", reference, re.S)))
    )
    assert "with Client(base_url=" in code


def test_the_reference_shows_public_names_and_the_file_helpers(site: Path) -> None:
    reference = pages(site)["reference/index.html"]
    ids = re.findall(r'id="(fleetapi[\w.]*)"', reference)
    private = [i for i in ids if any(part.startswith("_") for part in i.split("."))]
    assert private == []
    for method in ("upload_file", "download_file"):
        assert f'id="fleetapi.Client.{method}"' in reference
        assert f'id="fleetapi.AsyncClient.{method}"' in reference


def test_every_call_links_its_result_model(site: Path) -> None:
    calls = pages(site)["calls/index.html"]
    models = pages(site)["models/index.html"]
    linked = set(re.findall(r'href="\.\./models/#(fleetapi\.models\.[\w.]+)"', calls))
    assert "fleetapi.models.task.TaskListResult" in linked
    assert all(f'id="{target}"' in models for target in linked)


def test_names_in_table_cells_break_only_after_a_dot(site: Path) -> None:
    architecture = pages(site)["architecture/index.html"]
    assert "fleetapi_mock.<wbr>web" in architecture
    css = (site / "stylesheets" / "extra.css").read_text()
    assert "word-break: normal" in css
    assert ".nobr {\n  white-space: nowrap" in css
    cli = pages(site)["cli/index.html"]
    assert '<code><span class="nobr">--base-url</span> URL</code>' in cli
    for cell in re.findall(r"<td[^>]*>.*?</td>", cli, re.S):
        for code in re.findall(r"<code>(.*?)</code>", cell, re.S):
            bare = re.sub(r'<span class="nobr">[^<]*</span>', "", code)
            assert not re.search(r"\w-\w", re.sub(r"<[^>]+>", "", bare)), code


def test_models_show_every_field_with_its_type(site: Path) -> None:
    import importlib
    import pkgutil

    import attrs

    import fleetapi.models

    page = pages(site)["models/index.html"]
    assert "class-attribute" not in page
    assert "attrs.field(" not in html.unescape(re.sub(r"<[^>]+>", "", page))
    for info in pkgutil.iter_modules(fleetapi.models.__path__):
        module = importlib.import_module(f"fleetapi.models.{info.name}")
        for name, cls in vars(module).items():
            if name.startswith("_") or not attrs.has(cls) or cls.__module__ != module.__name__:
                continue
            for field in attrs.fields(cls):
                assert f'id="{module.__name__}.{name}.{field.name}"' in page, (name, field.name)
