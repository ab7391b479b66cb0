"""An object option's fields as options of their own: ``fleet task update 5 --label X``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fleetapi.endpoints import ENDPOINTS
from fleetapi_cli.fields import field_specs, object_type

Cli = Any  # the runner of conftest.py


def _read(cli: Cli, *args: str) -> Any:
    result = cli(*args, "-o", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_an_update_changes_one_field_and_keeps_the_rest(cli: Cli, session: str) -> None:
    before = _read(cli, "task", "read", "--task-id", "2")
    result = cli("task", "update", "2", "--label", "Renamed", "--max-delay", "15")
    assert result.exit_code == 0, result.output
    after = _read(cli, "task", "read", "--task-id", "2")
    assert after["label"] == "Renamed"
    assert after["max_delay"] == 15
    for kept in ("description", "location", "from", "to", "tracker_id", "status"):
        assert after[kept] == before[kept], kept


def test_the_id_may_also_come_as_an_option(cli: Cli, session: str) -> None:
    result = cli("task", "update", "--id", "2", "--description", "Ring twice")
    assert result.exit_code == 0, result.output
    assert _read(cli, "task", "read", "--task-id", "2")["description"] == "Ring twice"


def test_an_update_read_from_a_list(cli: Cli, session: str) -> None:
    (department, *_) = _read(cli, "department", "list")
    result = cli("department", "update", str(department["id"]), "--label", "Night shift")
    assert result.exit_code == 0, result.output
    (changed,) = [d for d in _read(cli, "department", "list") if d["id"] == department["id"]]
    assert changed == {**department, "label": "Night shift"}


def test_a_missing_object_answers_not_found(cli: Cli, session: str) -> None:
    result = cli("department", "update", "999999", "--label", "Nobody")
    assert result.exit_code != 0
    assert "[201]" in result.stderr
    result = cli("task", "update", "999999", "--label", "Nobody")
    assert "[201]" in result.stderr


def test_fields_override_the_object_given_as_json_without_a_read(
    cli: Cli, session: str, fake: Any
) -> None:
    where = {"lat": 52.5, "lng": 13.4, "radius": 50}
    task = {"id": 2, "label": "Old", "description": "", "from": "2026-01-15 12:00:00",
            "to": "2026-01-15 14:00:00", "location": where}  # fmt: skip
    run, service = fake({"success": True})
    result = run("task", "update", "--task", json.dumps(task), "--label", "New")
    assert result.exit_code == 0, result.output
    (body,) = service.bodies()
    assert [r.url.path for r in service.requests] == ["/task/update"]
    assert body["task"] == {**task, "label": "New"}


def test_a_create_from_fields_alone(cli: Cli, session: str) -> None:
    result = cli("department", "create", "--label", "Couriers", "-o", "json")
    assert result.exit_code == 0, result.output
    new = json.loads(result.stdout)["id"]
    departments = _read(cli, "department", "list")
    assert any(d["id"] == new and d["label"] == "Couriers" for d in departments)


def test_missing_fields_are_named_by_their_options(cli: Cli, session: str) -> None:
    result = cli("employee", "create")
    assert result.exit_code == 2
    assert "Missing option: --employee (or --first-name)." in result.stderr
    result = cli("employee", "create", "--last-name", "Lovelace")
    assert result.exit_code == 2
    assert "--first-name: is required" in result.stderr
    result = cli("task", "update", "--task", '{"id": 2, "label": "Renamed"}')
    assert result.exit_code == 2
    assert "--description: is required" in result.stderr
    result = cli(
        "task",
        "update",
        "--task",
        '{"id": 2, "label": "L", "description": "",'
        '"from": "2026-01-15 12:00:00", "to": "2026-01-15 14:00:00", "location": {}}',
    )
    assert "--task (task.location.lat): is required" in result.stderr


def test_the_id_given_twice_must_agree(cli: Cli, session: str) -> None:
    result = cli("task", "update", "2", "--id", "3", "--label", "X")
    assert result.exit_code == 2
    assert "The ID is given twice and differs: 2 and --id 3" in result.stderr


def test_a_taken_name_is_prefixed_with_its_object(cli: Cli) -> None:
    text = cli("user", "update-settings", "--help").stdout
    assert "--emails" in text
    help_text = cli("link", "create", "--help").stdout
    assert "--from" in help_text  # the lifetime's field, no other option is named so


@pytest.mark.parametrize(
    "endpoint",
    [e for e in ENDPOINTS if e.path.endswith("/update")],
    ids=lambda e: e.path,
)
def test_every_update_of_an_object_with_an_id_says_where_it_is_read(endpoint: Any) -> None:
    """An update whose object carries its ID rewrites it whole: the CLI's field options start
    from the object as it is, so the call must name the call that reads it."""
    import attrs

    objects = [object_type(s) for s in field_specs(endpoint.params)]
    with_id = [c for c in objects if c is not None and "id" in attrs.fields_dict(c)]
    if not with_id:
        return
    assert endpoint.current is not None
    from fleetapi.endpoints import by_path

    assert by_path(endpoint.current).safe
