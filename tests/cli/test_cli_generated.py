"""Commands generated from the call table: every call has one, options follow the params models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from fleetapi.endpoints import ENDPOINTS
from fleetapi.models.task import TaskListParams
from fleetapi.models.tracker import TrackerStatesParams
from fleetapi_cli import _index
from fleetapi_cli._index_build import index_from_table
from fleetapi_cli.app import find_command
from fleetapi_cli.fields import field_specs

Cli = Any  # the runner of conftest.py


def test_the_generated_index_matches_the_table() -> None:
    assert _index.cli_index() == index_from_table()


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_call_has_a_command(cli: Cli, endpoint: Any) -> None:
    names = _index.command_for(endpoint.path)
    result = cli(*names, "--help")
    assert result.exit_code == 0, result.output
    assert f"fleet {' '.join(names)}" in result.stdout


@pytest.mark.parametrize(
    ("call", "short_form"),
    [
        ("vehicle/read", ("vehicle", "show")),
        ("map_layer/read", ("map-layer", "download")),
        ("tracker/get_state", ("tracker", "state")),
    ],
)
def test_one_verb_per_action(cli: Cli, call: str, short_form: Any) -> None:
    """Where a hand-made command stands for a call, it is the call's command (no generated
    twin); its short form works and is not listed beside it."""
    words = _index.command_for(call)
    assert _index.owner(call) == (short_form[0], short_form[1])
    command, alias = find_command(*words), find_command(*short_form)
    assert command is not None
    assert alias is not None
    assert command.help == alias.help
    listing = cli(words[0], "--help").stdout
    assert f"  {words[-1]} " in listing
    assert f"  {short_form[1]} " not in listing


def test_find_command() -> None:
    for endpoint in ENDPOINTS:
        names = _index.command_for(endpoint.path)
        assert find_command(*names) is not None, endpoint.path
    assert find_command("ping") is not None
    assert find_command("no-such-group") is None
    assert find_command("ping", "extra") is None


def test_root_help_lists_every_group(cli: Cli) -> None:
    text = cli("--help").stdout
    for group in {e.cli_words[0] for e in ENDPOINTS}:
        assert f"\n  {group} " in text


def test_hand_made_commands_take_precedence(cli: Cli) -> None:
    text = cli("key", "create", "--help").stdout
    assert "fleet key create [OPTIONS] TITLE" in text
    assert "--title" not in text
    assert "--input" not in text


def test_generated_commands_join_hand_made_groups(cli: Cli) -> None:
    # `base nothing` is generated; `ping` is the hand-made command for the same call.
    result = cli("base", "--help")
    assert "nothing" in result.stdout


def test_option_derivation() -> None:
    specs = {s.option: s for s in field_specs(TaskListParams)}
    assert specs["--from"].wire == "from"
    assert specs["--from"].kind == "str"
    assert "YYYY-MM-DD HH:MM:SS" in specs["--from"].help
    assert (specs["--statuses"].kind, specs["--statuses"].item_kind) == ("list", "choice")
    assert "assigned" in specs["--statuses"].choices
    assert (specs["--trackers"].kind, specs["--trackers"].item_kind) == ("list", "int")
    assert (specs["--conditions"].kind, specs["--conditions"].item_kind) == ("list", "json")
    assert specs["--location"].kind == "json"
    assert specs["--limit"].kind == "int"
    assert not any(s.required for s in specs.values())
    states = {s.option: s for s in field_specs(TrackerStatesParams)}
    assert states["--trackers"].required
    assert "[required]" in states["--trackers"].help
    assert states["--list-blocked"].kind == "bool"
    assert "List unknown trackers in not_exist" in states["--allow-not-exist"].help


def generated(cli: Cli, group: str) -> Cli:
    """``cli`` running the generated commands of the calls ``group/<action>`` alone: ``fleet``
    has hand-made commands for some of them (``fleet task list``)."""
    import dataclasses
    import functools

    from fleetapi_cli._typer import SummaryGroup, new_group
    from fleetapi_cli.generated import generated_command

    calls = {
        action: path
        for words, path in _index.cli_index().items()
        for first, _, action in [words.partition(" ")]
        if first == group and " " not in action
    }

    class Generated(SummaryGroup):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            for action, path in calls.items():
                self.lazy[action] = functools.partial(generated_command, path)

    app = new_group(f"The generated commands of {group}.")
    app.info.cls = Generated
    return dataclasses.replace(cli, root=app)


def test_help_shows_field_docs_and_types(cli: Cli) -> None:
    text = generated(cli, "task")("list", "--help").stdout
    assert "--from WHEN" in text
    assert "--trackers INTEGER" in text
    assert "--location JSON" in text
    assert "--all" in text
    assert "Tasks actual after this time." in text


def test_options_become_the_body(fake: Any, fake_profile: str) -> None:
    cli, service = fake({"success": True, "list": [], "count": 0})
    result = generated(cli, "task")(
        "list",
        "--from", "2026-01-01 00:00:00",
        "--statuses", "assigned", "--statuses", "done",
        "--trackers", "1", "--trackers", "[2, 3]",
        "--location", '{"lat": 52.5, "lng": 13.4, "radius": 100}',
        "--filters", '["a", "b"]',
        "--limit", "5",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == []  # the list of entities, not the answer around it
    [request] = service.requests
    assert request.url == "http://fleet.test.localhost/task/list"
    assert request.headers["authorization"] == f"NVX {fake_profile}"
    assert json.loads(request.content) == {
        "from": "2026-01-01 00:00:00",
        "statuses": ["assigned", "done"],
        "trackers": [1, 2, 3],
        "location": {"lat": 52.5, "lng": 13.4, "radius": 100},
        "filters": ["a", "b"],
        "limit": 5,
    }


def test_input_file_and_required_fields(fake: Any, fake_profile: str, tmp_path: Path) -> None:
    cli, service = fake()
    missing = cli("map-layer", "update")
    assert missing.exit_code == 2
    assert "Missing option: --layer" in missing.stderr
    body = tmp_path / "layer.json"
    body.write_text('{"layer": {"id": 4, "label": "old"}}')
    done = cli("map-layer", "update", "--input", str(body))
    assert done.exit_code == 0, done.output
    assert done.stderr.strip() == "ok"
    override = cli("map-layer", "update", "--input", "-", "--layer", f"@{body.parent / 'l.json'}")
    assert override.exit_code == 2  # the file does not exist
    (body.parent / "l.json").write_text('{"id": 5, "label": "new"}')
    override = cli(
        "map-layer",
        "update",
        "--input",
        "-",
        "--layer",
        f"@{body.parent / 'l.json'}",
        input=body.read_text(),
    )
    assert override.exit_code == 0, override.output
    assert service.bodies() == [
        {"layer": {"id": 4, "label": "old"}},
        {"layer": {"id": 5, "label": "new"}},
    ]


def test_values_are_checked_before_sending(fake: Any, fake_profile: str) -> None:
    cli, service = fake()
    bad_json = cli("map-layer", "update", "--layer", "{not json")
    assert bad_json.exit_code == 2
    wrong_type = cli("map-layer", "update", "--layer", '{"id": "four", "label": "x"}')
    assert wrong_type.exit_code == 2
    assert "--layer" in wrong_type.stderr
    bad_choice = generated(cli, "task")("list", "--statuses", "sleeping")
    assert bad_choice.exit_code == 2
    bad_int = generated(cli, "task")("list", "--trackers", "one")
    assert bad_int.exit_code == 2
    assert service.requests == []


def test_upload(fake: Any, fake_profile: str, tmp_path: Path) -> None:
    # `fleet map-layer upload` is hand-made (FILE argument): drive the generated command of
    # the same call from its generated group.
    runner, service = fake({"success": True, "id": 7})
    layers = generated(runner, "map-layer")

    def cli(*args: str) -> Any:
        return layers(*args[1:])

    kml = tmp_path / "zones.kml"
    kml.write_text("<kml/>")
    assert cli("map-layer", "upload", "--label", "Zones").exit_code == 2  # --file is required
    missing = cli("map-layer", "upload", "--label", "Zones", "--file", str(tmp_path / "none.kml"))
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    result = cli("map-layer", "upload", "--label", "Zones", "--file", str(kml))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"id": 7}
    [request] = service.requests
    assert request.headers["content-type"].startswith("multipart/form-data")
    assert b'name="label"' in request.content
    assert b'filename="zones.kml"' in request.content
    assert b"<kml/>" in request.content


def test_file_download(fake: Any, fake_profile: str, tmp_path: Path) -> None:
    kml = b"<kml>layer</kml>"
    cli, _service = fake(
        content=kml, headers=[("content-type", "application/vnd.google-earth.kml+xml")]
    )
    # The generated command of a file call (fleet shows the hand-made download instead).
    layers = generated(cli, "map-layer")
    target = tmp_path / "layer.kml"
    result = layers("read", "--id", "3", "--out", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == kml
    assert layers("read", "--id", "3").stdout_bytes == kml
    assert cli("api", "map_layer/read", "id=3").stdout_bytes == kml


def test_all_pages(fake: Any, fake_profile: str) -> None:
    bills = [
        {
            "order_id": n,
            "created": "2026-01-01 00:00:00",
            "sum": 10.0,
            "status": "paid",
            "positions": ["x"],
            "link": "https://pay.example",
        }
        for n in range(5)
    ]

    def answer(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        page = bills[body["offset"] : body["offset"] + body["limit"]]
        return httpx.Response(200, json={"success": True, "count": len(bills), "bills": page})

    cli, service = fake(answer=answer)
    result = cli("bill", "list", "--all", "--limit", "2")
    assert result.exit_code == 0, result.output
    assert [b["order_id"] for b in json.loads(result.stdout)] == [0, 1, 2, 3, 4]
    assert [b["offset"] for b in service.bodies()] == [0, 2, 4]


def test_a_text_or_object_field_takes_plain_text(cli: Any, session: Any) -> None:
    import json

    by_text = cli("geocoder", "search", "--q", "Alexanderplatz", "-o", "json")
    assert by_text.exit_code == 0, by_text.stderr
    assert json.loads(by_text.stdout)
    by_point = cli("geocoder", "search", "--q", '{"lat": 52.5219, "lng": 13.4132}', "-o", "json")
    assert by_point.exit_code == 0, by_point.stderr
    assert cli("geocoder", "search", "--q", "{broken").exit_code == 2


def test_every_generated_option_has_help_from_its_model_field() -> None:
    from fleetapi.endpoints import ENDPOINTS
    from fleetapi_cli.fields import _field_doc, field_specs

    undocumented = [
        f"{endpoint.path}: {spec.option}"
        for endpoint in ENDPOINTS
        for spec in field_specs(endpoint.params)
        if not _field_doc(endpoint.params, spec.name)
    ]
    assert undocumented == []


def test_option_help_is_plain_text_with_constants_by_value() -> None:
    from fleetapi.endpoints import ENDPOINTS
    from fleetapi_cli.fields import field_specs

    helps = [spec.help for endpoint in ENDPOINTS for spec in field_specs(endpoint.params)]
    marked = [text for text in helps if any(m in text for m in (":data:", ":class:", "``"))]
    assert marked == []
    from fleetapi.models.sensor import SensorBatchListParams

    (trackers,) = [s.help for s in field_specs(SensorBatchListParams) if s.wire == "trackers"]
    assert "at most 500" in trackers
