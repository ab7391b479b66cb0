"""Command-line values: key=value, key:=json, @file, - for stdin."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
import typer

from conftest import fake_cli
from fleetapi_cli import values
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


NOW = dt.datetime(2026, 1, 15, 10, 30, 0)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("2026-01-14", "2026-01-14 00:00:00", "2026-01-14 23:59:59"),
        ("2026-01-14 08:30", "2026-01-14 08:30:00", "2026-01-14 08:30:00"),
        ("2026-01-14T08:30:05", "2026-01-14 08:30:05", "2026-01-14 08:30:05"),
        ("today", "2026-01-15 00:00:00", "2026-01-15 23:59:59"),
        ("Yesterday", "2026-01-14 00:00:00", "2026-01-14 23:59:59"),
        ("tomorrow", "2026-01-16 00:00:00", "2026-01-16 23:59:59"),
        ("now", "2026-01-15 10:30:00", "2026-01-15 10:30:00"),
        ("-2h", "2026-01-15 08:30:00", "2026-01-15 08:30:00"),
        ("+1d", "2026-01-16 10:30:00", "2026-01-16 10:30:00"),
        ("-1d12h", "2026-01-13 22:30:00", "2026-01-13 22:30:00"),
        ("-1w", "2026-01-08 10:30:00", "2026-01-08 10:30:00"),
        ("-90s", "2026-01-15 10:28:30", "2026-01-15 10:28:30"),
    ],
)
def test_one_rule_for_moments(monkeypatch: pytest.MonkeyPatch, text: str, start: str, end: str):
    monkeypatch.setattr(values, "now", lambda: NOW)
    assert str(values.parse_when(text)) == start
    assert str(values.parse_until(text)) == end


@pytest.mark.parametrize("text", ["soon", "2h", "-2", "-2y", "+9999999999w", "2026-02-30"])
def test_what_is_no_moment_is_a_usage_error(text: str) -> None:
    with pytest.raises(typer.BadParameter, match="today, yesterday"):
        values.parse_when(text)


def test_generated_and_hand_made_commands_read_moments_alike(
    fake_profile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(values, "now", lambda: NOW)
    answer = {"success": True, "list": [], "count": 0, "total": 0, "total_unread": 0}
    cli, service = fake_cli({**answer, "limit_exceeded": False})
    generated = cli("event", "list-all", "--from", "yesterday", "--to", "2026-01-15", "-o", "json")
    assert generated.exit_code == 0, generated.output
    hand_made = cli("task", "list", "--from", "-2h", "--to", "today", "-o", "json")
    assert hand_made.exit_code == 0, hand_made.output
    (history, tasks) = service.bodies()
    assert (history["from"], history["to"]) == ("2026-01-14 00:00:00", "2026-01-15 23:59:59")
    assert (tasks["from"], tasks["to"]) == ("2026-01-15 08:30:00", "2026-01-15 23:59:59")
