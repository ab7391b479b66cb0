"""Command-line values: key=value, key:=json, @file, - for stdin."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import typer

from fleetapi_cli.values import parse_assignment, parse_json, read_body, read_text


@pytest.mark.parametrize(
    ("arg", "expected"),
    [
        ("limit=10", ("limit", 10)),
        ("ratio=1.5", ("ratio", 1.5)),
        ("flag=true", ("flag", True)),
        ("thing=null", ("thing", None)),
        ("ids=[1,2]", ("ids", [1, 2])),
        ('obj={"a":1}', ("obj", {"a": 1})),
        ("title=CI", ("title", "CI")),
        ("title=2026", ("title", "2026")),
        ("title=true", ("title", "true")),
        ("title=two words", ("title", "two words")),
        ("empty=", ("empty", "")),
        ("expr=a=b", ("expr", "a=b")),
        ('label:="123"', ("label", "123")),
        ("ids:=[3]", ("ids", [3])),
        ("title:=2026", ("title", 2026)),
    ],
)
def test_assignments(arg: str, expected: tuple[str, object]) -> None:
    typed = {"limit", "ratio", "flag", "thing", "ids", "obj"}  # what the call declares typed
    assert parse_assignment(arg, typed) == expected


def test_an_assignment_is_text_unless_the_call_declares_the_field_typed() -> None:
    assert parse_assignment("limit=10") == ("limit", "10")
    assert parse_assignment("flag=true") == ("flag", "true")


@pytest.mark.parametrize("arg", ["novalue", "=x", ":=1", "bad:=not json"])
def test_bad_assignments(arg: str) -> None:
    with pytest.raises(typer.BadParameter):
        parse_assignment(arg)


def test_files_and_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = tmp_path / "note.txt"
    text.write_text("[not json] as text\n")
    data = tmp_path / "body.json"
    data.write_text('{"trackers": [1, 2]}')
    assert parse_assignment(f"note=@{text}") == ("note", "[not json] as text\n")
    assert parse_assignment(f"body:=@{data}") == ("body", {"trackers": [1, 2]})
    assert read_body(str(data)) == {"trackers": [1, 2]}
    assert read_body(f"@{data}") == {"trackers": [1, 2]}
    monkeypatch.setattr("sys.stdin", io.StringIO('{"a": 1}'))
    assert read_body("-") == {"a": 1}
    monkeypatch.setattr("sys.stdin", io.StringIO("hello"))
    assert read_text("-") == "hello"
    monkeypatch.setattr("sys.stdin", io.StringIO("[1]"))
    assert parse_json("@-") == [1]


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(typer.BadParameter, match="cannot read"):
        read_text(f"@{tmp_path / 'missing.json'}")
    (tmp_path / "list.json").write_text("[1]")
    with pytest.raises(typer.BadParameter, match="JSON object"):
        read_body(str(tmp_path / "list.json"))
