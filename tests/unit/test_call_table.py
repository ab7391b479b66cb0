"""The call table covers the specification, once per call, with coherent declarations."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from fleetapi import AsyncClient, Client
from fleetapi._endpoint import Access, Endpoint
from fleetapi.endpoints import BY_PATH, ENDPOINTS

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "spec_calls.txt"
SPEC = ROOT.parent / "shared" / "spec" / "fleet-api.md"


def spec_calls(text: str) -> list[str]:
    """The calls of the specification's Endpoints part, in order."""
    part = text[text.index("## Endpoints") : text.index("## Authentication")]
    calls, group = [], None
    for line in part.splitlines():
        if match := re.match(r"### .*\(`/([\w/]+)`\)", line):
            group = match.group(1)
        elif line.startswith("### "):
            group = None
        elif match := re.match(r"\*\*POST \{base_url\}/([\w/]+)\*\*", line):
            calls.append(match.group(1))
        elif (match := re.match(r"\*\*([\w/]+)\*\* -", line)) and group:
            calls.append(f"{group}/{match.group(1)}")
    return calls


SNAPSHOT_CALLS = SNAPSHOT.read_text().split()


@pytest.mark.skipif(not SPEC.exists(), reason="the specification is not beside this checkout")
def test_snapshot_matches_the_specification():
    assert spec_calls(SPEC.read_text()) == SNAPSHOT_CALLS


def test_the_specification_has_68_calls():
    assert len(SNAPSHOT_CALLS) == 68


def test_every_call_of_the_specification_is_declared_once():
    spec_declared = [e for e in ENDPOINTS if e.origin == "spec"]
    missing = [c for c in SNAPSHOT_CALLS if c not in BY_PATH]
    assert missing == []
    assert len(spec_declared) == len(SNAPSHOT_CALLS)
    assert len({id(BY_PATH[c]) for c in SNAPSHOT_CALLS}) == 68


def test_paths_and_aliases_are_unique():
    paths = [p for e in ENDPOINTS for p in e.all_paths]
    assert len(paths) == len(set(paths))


def test_sdk_methods_and_cli_names_are_unique():
    methods = [e.sdk_chain for e in ENDPOINTS]
    assert len(methods) == len(set(methods))
    cli = [e.cli_words for e in ENDPOINTS]
    assert len(cli) == len(set(cli))


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_declaration_is_coherent(endpoint: Endpoint):
    assert attrs.has(endpoint.params)
    assert "hash" not in attrs.fields_dict(endpoint.params) or endpoint.access is Access.NONE
    assert endpoint.summary.endswith(".")
    if endpoint.paging is not None:
        fields = attrs.fields_dict(endpoint.params)
        assert endpoint.paging.limit in fields
        assert endpoint.paging.offset in fields
    if endpoint.safe:
        action = endpoint.path.rsplit("/", 1)[-1]
        assert action not in ("create", "delete", "update", "assign", "upload", "cancel")


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_call_has_an_sdk_method_in_both_clients(endpoint: Endpoint):
    for client in (
        Client(base_url="http://127.0.0.1:9"),
        AsyncClient(base_url="http://127.0.0.1:9"),
    ):
        method = endpoint.sdk_member(client)
        assert endpoint.summary in (method.__doc__ or "")


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_sdk_method_documents_each_parameter(endpoint: Endpoint):
    """An editor's hover tells the parameters apart: each has a line under ``Args:`` with its
    params field's docstring, constants shown by value."""
    import inspect

    method = endpoint.sdk_member(Client(base_url="http://127.0.0.1:9"))
    names = [n for n in inspect.signature(method).parameters if n != "self"]
    doc = inspect.getdoc(method) or ""
    if not names:
        assert "Args:" not in doc
        return
    args = doc.split("Args:", 1)[1]
    for name in names:
        assert f"\n    {name}: " in "\n" + args, f"{endpoint.path}: {name} is not described"
    assert ":data:" not in args


@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if e.paging], ids=lambda e: e.path)
def test_every_paging_call_has_a_twin_named_after_its_method(endpoint: Endpoint):
    """``iterate_<action>`` beside the call, whatever else its node pages: adding a second
    paging call renames nothing; the twin of ``list`` is also ``iterate``."""
    action = endpoint.sdk_chain[-1]
    for client in (
        Client(base_url="http://127.0.0.1:9"),
        AsyncClient(base_url="http://127.0.0.1:9"),
    ):
        twin = endpoint.sdk_member(client, f"iterate_{action}")
        assert f":meth:`{action}`" in (twin.__doc__ or "")
        if action == "list":
            assert endpoint.sdk_member(client, "iterate") == twin
