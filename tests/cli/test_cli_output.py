"""Output formats: JSON, JSON Lines, TSV, tables (plain when piped, Rich on a terminal)."""

from __future__ import annotations

import datetime as dt
import io
import json
import sys

import pytest

from fleetapi.models.account import ApiKey
from fleetapi_cli.output import OutputFormat, default_format, emit, flatten, to_jsonable

RECORDS = [
    {"id": 1, "label": "Van 1", "source": {"model": "fmb920", "blocked": False}, "tags": [1, 2]},
    {"id": 2, "label": "Tab\there\nand line", "source": {"model": None, "blocked": True}},
]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def render(data: object, fmt: OutputFormat, **kwargs: object) -> str:
    stream = io.StringIO()
    emit(data, fmt, stream=stream, **kwargs)  # type: ignore[arg-type]
    return stream.getvalue()


def test_default_format_follows_the_terminal() -> None:
    assert default_format(Terminal()) is OutputFormat.table
    assert default_format(io.StringIO()) is OutputFormat.json


def test_json() -> None:
    assert json.loads(render(RECORDS, OutputFormat.json)) == RECORDS


def test_jsonl() -> None:
    lines = render(RECORDS, OutputFormat.jsonl).splitlines()
    assert [json.loads(line) for line in lines] == RECORDS
    assert render({"a": 1}, OutputFormat.jsonl) == '{"a":1}\n'


def test_tsv_flattens_and_escapes() -> None:
    lines = render(RECORDS, OutputFormat.tsv).splitlines()
    assert lines[0].split("\t") == ["id", "label", "source.model", "source.blocked", "tags"]
    assert lines[1].split("\t") == ["1", "Van 1", "fmb920", "false", "[1,2]"]
    assert lines[2].split("\t") == ["2", "Tab\\there\\nand line", "", "true", ""]
    assert render([1, 2], OutputFormat.tsv) == "1\n2\n"


def test_plain_table_when_not_a_terminal() -> None:
    text = render(RECORDS, OutputFormat.table, columns=["id", "label", "source.model"])
    assert text.splitlines()[0].split() == ["ID", "LABEL", "SOURCE.MODEL"]
    assert "Van 1" in text
    single = render({"id": 1, "source": {"model": "x"}}, OutputFormat.table)
    assert single.splitlines()[1:] == ["id            1", "source.model  x"]


def test_empty_table_says_so_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert render([], OutputFormat.table) == ""
    assert "(none)" in capsys.readouterr().err


def test_rich_table_on_a_terminal() -> None:
    stream = Terminal()
    emit(RECORDS, OutputFormat.table, stream=stream, columns=["id", "label"])  # type: ignore[arg-type]
    assert "Van 1" in stream.getvalue()
    assert "rich" in sys.modules


def test_to_jsonable_uses_the_wire_format() -> None:
    key = ApiKey(hash="0" * 32, create_date=dt.datetime(2026, 1, 2, 3, 4, 5), title="CI")
    assert to_jsonable([key]) == [
        {"hash": "0" * 32, "create_date": "2026-01-02 03:04:05", "title": "CI"}
    ]
    assert to_jsonable({"a": (1, 2), "b": b"x"}) == {"a": [1, 2], "b": "x"}


def test_flatten() -> None:
    assert flatten({"a": {"b": {"c": 1}}, "d": {}, "e": [1]}) == {"a.b.c": 1, "d": {}, "e": [1]}
