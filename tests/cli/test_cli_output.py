"""Output formats: JSON, JSON Lines, TSV, tables (plain when piped, Rich on a terminal)."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
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


def test_chosen_columns_shape_tables_and_tsv_but_json_keeps_every_field() -> None:
    chosen = ["label", "id"]
    assert render(RECORDS, OutputFormat.tsv, chosen=chosen).splitlines()[:2] == [
        "label\tid",
        "Van 1\t1",
    ]
    table = render(RECORDS, OutputFormat.table, columns=["id"], chosen=chosen)
    assert table.splitlines()[0].split() == ["LABEL", "ID"]
    assert json.loads(render(RECORDS, OutputFormat.json, chosen=chosen)) == RECORDS


def test_an_unknown_chosen_column_is_a_usage_error_naming_the_columns() -> None:
    import typer

    with pytest.raises(typer.BadParameter, match=r"no column 'lable' \(columns: id, label, "):
        render(RECORDS, OutputFormat.table, chosen=["lable"])
    # a column of the command's own that no record has (an omitted field) is no typo
    render(RECORDS, OutputFormat.table, columns=["id", "login"], chosen=["login"])
    for fmt in OutputFormat:  # whatever the output: a script's JSON run must not hide a typo
        with pytest.raises(typer.BadParameter, match="no column 'lable'"):
            render(RECORDS, fmt, chosen=["lable"])


def test_an_answer_with_one_list_draws_the_list_and_notes_the_rest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = render({"list": RECORDS, "total": 2}, OutputFormat.table)
    assert text.splitlines()[0].split()[:2] == ["ID", "LABEL"]
    assert "total: 2" in capsys.readouterr().err


def test_a_narrow_terminal_keeps_values_whole_and_shortens_free_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    rows = [{"id": 123456, "when": "2026-01-15 10:00:00", "note": "a long free text " * 4, "x": 1}]
    stream = Terminal()
    emit(rows, OutputFormat.table, stream=stream)  # type: ignore[arg-type]
    lines = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue()).splitlines()
    assert lines[0].split() == ["id", "when"]  # note and x do not fit whole: left out
    assert lines[1].split() == ["123456", "2026-01-15", "10:00:00"]
    assert "2 of 4 columns left out to fit 40 columns: note, x" in capsys.readouterr().err
    monkeypatch.setenv("COLUMNS", "50")
    stream = Terminal()
    emit(rows, OutputFormat.table, stream=stream)  # type: ignore[arg-type]
    line = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue()).splitlines()[1]
    assert line.split("  ") == ["123456", "2026-01-15 10:00:00", "a long free text …", "1"]
    assert len(line) <= 50
